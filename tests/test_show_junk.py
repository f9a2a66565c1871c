"""``lessons.show`` given what it cannot use: a message in the widget saying what it takes, and no
traceback (nor sixty warnings) in the notebook cell. The cells run headless in a real kernel, so
what a teacher sees under the cell is what these tests read.
"""

from __future__ import annotations

import html
import logging

import pytest

import lessons
from burraco_core import messages
from lessons.widgets.lesson import LessonWidget
from tests.helpers import required

JUNK = {
    "show(None)": "lessons.show(None)",
    "show(5)": "lessons.show(5)",
    "lang=5": 'lessons.show("melds", lang=5)',
    "lang='fr'": 'lessons.show("melds", lang="fr")',
    "an option misspelt": 'lessons.show("melds", lnag="it")',
}


@pytest.mark.parametrize(("call", "said"), [
    (lambda: lessons.show(None), "takes a lesson's key (such as 'melds'), a Lesson or an Exercise, not None"),
    (lambda: lessons.show(5), "not 5."),
    (lambda: lessons.show(None, rules="italiano"), "a Lesson or an Exercise, not None"),
    (lambda: lessons.show(["melds"]), "not ['melds']"),
    (lambda: lessons.show("melds", lang=5), "5 is not a language: give one of en, es, it and pt"),
    (lambda: lessons.show("melds", lang=b"it"), "b'it' is not a language"),
    (lambda: lessons.show("melds", lnag="it"), "no option 'lnag': its options are lang, rules, keeper, store and progress"),
])
def test_a_call_show_cannot_use_says_what_it_takes(call, said, caplog):
    with caplog.at_level(logging.WARNING):
        widget = call()
    assert said in html.unescape(widget.value) and 'role="alert"' in widget.value
    assert not [r for r in caplog.records if r.exc_info], "no traceback logged"
    assert not caplog.records, [r.getMessage() for r in caplog.records]


def test_the_message_is_in_the_language_asked_for():
    assert "non 5" in lessons.show(5, lang="it").value
    assert "no 5" in lessons.show(5, lang="es").value


def test_a_language_with_no_texts_is_said_once_and_shown_in_english(caplog, monkeypatch):
    monkeypatch.setattr(messages, "_NOTICED", set())
    with caplog.at_level(logging.WARNING):
        widget = lessons.show("melds", lang="fr")
        again = lessons.show("melds", lang="fr")
    assert isinstance(widget, LessonWidget) and isinstance(again, LessonWidget)
    assert widget.lang == "en" and lessons.get_lesson("melds").title("en") in widget.header.value
    notes = [r.getMessage() for r in caplog.records]
    assert len(notes) == 2 and all("'fr'" in note and "English" in note for note in notes)   # one per call


def test_a_missing_text_is_warned_once_per_language(caplog, monkeypatch, tmp_path):
    monkeypatch.setattr(messages, "_NOTICED", set())
    monkeypatch.setattr(messages, "_DIRS", [*messages._DIRS, tmp_path])
    messages._CATALOGUES.clear()
    (tmp_path / "xx.txt").write_text("score.total = Totale\n", encoding="utf-8")
    try:
        with caplog.at_level(logging.WARNING, logger="burraco_core.messages"):
            for key in ("score.closing", "card.joker", "yes", "no", "list.none"):
                messages.Message(key).text("xx")
            messages.Message("yes").text(7)         # type: ignore[arg-type]
            messages.Message("no").text(7)          # type: ignore[arg-type]
        warnings = [r.getMessage() for r in caplog.records]
        assert len(warnings) == 2, warnings
        assert "no xx text for 'score.closing'" in warnings[0] and "7 is not a language code" in warnings[1]
        assert {("xx", k) for k in ("score.closing", "card.joker", "yes", "no", "list.none")} <= messages.MISSING
    finally:
        messages.MISSING.difference_update({("xx", k) for k in ("score.closing", "card.joker", "yes", "no", "list.none")})
        messages._CATALOGUES.clear()


@pytest.mark.notebook
def test_no_traceback_reaches_the_cell(tmp_path, monkeypatch):
    nbclient = required("nbclient")
    nbformat = required("nbformat")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))       # the kernel keeps progress here
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import lessons")] + [nbformat.v4.new_code_cell(code) for code in JUNK.values()]
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    for name, cell in zip(JUNK, nb.cells[1:], strict=True):
        outputs = cell.outputs
        assert not [o for o in outputs if o.output_type == "error"], name
        assert [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})], name
        printed = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
        assert "Traceback" not in printed and "Error" not in printed, (name, printed)
        lines = printed.strip().splitlines()
        if name == "lang='fr'":
            assert len(lines) == 1 and "'fr'" in lines[0], printed         # one notice, not sixty
        else:
            assert not lines, (name, printed)
