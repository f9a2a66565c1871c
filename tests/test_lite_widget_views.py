"""lite/widget_views.py (issue 31): the static site's copy of ipywidgets lets a removed view go; the build
fails loudly when the code it patches changed shape."""

from __future__ import annotations

import pathlib

import pytest

from tests.helpers import lite_script

widget_views = lite_script("widget_views")

VIEW = ('class W{initialize(){this.model.on("msg:custom",this.handle_message.bind(this))}'
        "remove(){return this.luminoWidget&&this.luminoWidget.dispose(),super.remove()}}")
MANAGER = ("class M{create_view(e,t={}){const n=uuid(),i=e.state_change=e.state_change.then(async()=>make(e));"
           "return e.views&&(e.views[n]=i),i}}")
BUNDLE = VIEW + MANAGER


def _site(tmp_path: pathlib.Path, text: str) -> pathlib.Path:
    for folder in widget_views.BUNDLES:
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "1.js").write_text(text)
        (tmp_path / folder / "2.js").write_text("unrelated();")
    return tmp_path


def test_every_bundle_gets_every_change(tmp_path):
    site = _site(tmp_path, BUNDLE)
    changed = widget_views.patch_site(site)
    assert sorted(path.relative_to(site).as_posix() for path in changed) == sorted(
        f"{folder}/1.js" for folder in widget_views.BUNDLES)
    for path in changed:
        text = path.read_text()
        assert 'this.listenTo(this.model,"msg:custom",this.handle_message)' in text
        assert 'this.model.on("msg:custom"' not in text
        assert "this.layoutPromise.then(gone,kept)" in text and "this.stylePromise.then(gone,kept)" in text
        assert "return e.views&&(e.views[n]=i),e.state_change=i.then(()=>{}),i}" in text
    assert (site / widget_views.BUNDLES[0] / "2.js").read_text() == "unrelated();"


@pytest.mark.parametrize("text", [
    "class W{}",                                # ipywidgets changed: nothing to patch
    VIEW,                                       # the manager's create_view changed
    VIEW.replace("super.remove()}", "super.remove(),this}") + MANAGER,      # the view's remove() changed
    BUNDLE + BUNDLE,                            # twice: which one is the view's?
])
def test_a_bundle_of_another_shape_stops_the_build(tmp_path, text):
    with pytest.raises(widget_views.ShapeChanged):
        widget_views.patch_site(_site(tmp_path, text))


def test_the_script_says_what_stopped_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["widget_views.py", str(_site(tmp_path, "class W{}"))])
    assert widget_views.main() == 1
    assert "0 files hold" in capsys.readouterr().err
