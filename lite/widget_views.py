"""Let the browser free the widget views a page no longer shows (issue 31): patch ipywidgets' JavaScript.

``WidgetView`` of ``@jupyter-widgets/base`` 6 (ipywidgets 8) starts every view with
``this.model.on("msg:custom", this.handle_message.bind(this))`` and never takes that listener off:
the model, which the widget manager keeps while the widget is open in Python, then holds every view
ever drawn of it, with its DOM. The app draws the home page again at every return to it (and a
lesson's star strip at every step), so the views of a widget still open pile up: 832 DOM nodes at
home became 13,294 after opening the 13 lessons from it, with some 400 in the document.

Backbone's ``listenTo`` adds the same listener on behalf of the view, and a view's ``remove()``
(``stopListening``) takes it off: the first patch replaces the one call with the other. The view
still answers the kernel's ``focus``/``blur`` messages while it is shown. Then the views of a widget's
``layout`` and ``style`` (drawn for each view of it, kept by the layout's model, each holding its
owner view as its parent) are never removed either: the second patch removes them with their
view. Last, the widget manager's ``create_view`` leaves the view it made as the value of the
model's ``state_change`` promise, which the model keeps until its next change: the third patch
keeps the order (a later change still waits for the view) without the view. All three go into the
two bundles the static site loads (the widget manager's extension and Voici's own build).

    python lite/widget_views.py SITE

The build fails if a bundle no longer holds each piece of code exactly once (another version of ipywidgets:
look whether the leak is still there before changing ``PATCHES``).
"""

from __future__ import annotations

import pathlib
import re
import sys

from patching import ShapeChanged, run

# (the code as ipywidgets 8 ships it, minified, as a regular expression; what replaces it; what it does)
PATCHES = (
    (re.escape('this.model.on("msg:custom",this.handle_message.bind(this))'),
     'this.listenTo(this.model,"msg:custom",this.handle_message)',
     "a view's msg:custom listener goes with the view"),
    (re.escape("remove(){return this.luminoWidget&&this.luminoWidget.dispose(),super.remove()}"),
     "remove(){const gone=(v)=>{v&&v.remove()},kept=()=>{};this.layoutPromise&&this.layoutPromise.then(gone,kept),"
     "this.stylePromise&&this.stylePromise.then(gone,kept);return this.luminoWidget&&this.luminoWidget.dispose(),"
     "super.remove()}",
     "a view's layout and style views go with it"),
    # the widget manager's create_view ends: return model.views&&(model.views[id]=view),view
    (r"return (\w+)\.views&&\(\1\.views\[(\w+)\]=(\w+)\),\3}",
     r"return \1.views&&(\1.views[\2]=\3),\1.state_change=\3.then(()=>{}),\3}",
     "a model's state_change no longer holds its last view"),
)
# The folders of the site whose JavaScript holds @jupyter-widgets/base and its widget manager.
BUNDLES = ("extensions/@jupyter-widgets/jupyterlab-manager/static", "voici/build")


def patched(text: str, name: str, pattern: str, new: str) -> str:
    """``text`` with ``pattern`` replaced by ``new``; ShapeChanged unless it is in ``text`` exactly once."""
    text, count = re.subn(pattern, new, text)
    if count != 1:
        raise ShapeChanged(f"{name}: {count} copies of {pattern!r} where one was expected")
    return text


def patch_site(site: pathlib.Path) -> list[pathlib.Path]:
    """Patch every bundle of ``site``; the files changed. ShapeChanged if, in a bundle, no file or more
    than one holds the code a patch replaces, or one holds it twice."""
    changed: set[pathlib.Path] = set()
    for folder in BUNDLES:
        files = sorted((site / folder).glob("*.js"))
        for pattern, new, _ in PATCHES:
            found = [path for path in files if re.search(pattern, path.read_text(encoding="utf-8"))]
            if len(found) != 1:
                raise ShapeChanged(f"{folder}: {len(found)} files hold {pattern!r} where one was expected")
            path = found[0]
            path.write_text(patched(path.read_text(encoding="utf-8"), str(path.relative_to(site)), pattern, new),
                            encoding="utf-8")
            changed.add(path)
    return sorted(changed)


def main() -> int:
    return run("widget_views", __doc__.splitlines()[0], patch_site, "; ".join(what for _, _, what in PATCHES))


if __name__ == "__main__":
    sys.exit(main())
