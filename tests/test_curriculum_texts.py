"""A teacher's exercise in the teacher's own words: ``{"text": {"en": ..., "it": ..., "es": ...}}`` for
the prompt, each hint and the explanation. Shown and checked in each language (the learner's language
picks the text, a missing one falls back), written back by to_dict(), refused with the field named
when malformed, shown literally (never as HTML) by the widgets."""

from __future__ import annotations

import copy
import dataclasses
import html
import json
import pathlib
import pickle
import re

import pytest

import burraco_core as bc
import lessons
from burraco_core.messages import Message
from lessons.curriculum import Exercise, OwnText
from lessons.curriculum.checks import CurriculumError
from lessons.learner.progress import Progress
from lessons.teachers.worksheet import _exercise_html
from lessons.widgets.lesson import LessonWidget

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROMPT = {"en": "Can Anna lay these down?", "it": "Anna può calarle?", "es": "¿Puede Ana bajarlas?"}
HINT_1 = {"en": "Look at the diamonds.", "it": "Guarda i quadri.", "es": "Mira los diamantes."}
HINT_2 = {"it": "Quattro quadri di fila.", "es": "Cuatro diamantes seguidos."}     # no English: the first given
EXPLAIN = {"it": "Quattro quadri di fila: una scala.", "en": "Four diamonds in a row: a run."}   # no Spanish: English


def _teacher() -> dict:
    return {
        "id": "class-3b.first-run", "kind": "build-meld",
        "prompt": {"text": dict(PROMPT)}, "data": {"hand": "9C 4D 5D QS 6D KH 7D"},
        "solution": "4D 5D 6D 7D",
        "wrong_answers": [["4D 5D", "meld.too-few-cards"], ["4D 5D QS", "meld.not-a-meld"]],
        "hints": [{"text": dict(HINT_1)}, {"text": dict(HINT_2)}],
        "explain": {"text": dict(EXPLAIN)}, "teaches": ["meld.not-a-meld", "meld.too-few-cards"],
    }


def text_of(markup: str) -> str:
    markup = re.sub(r'<span class="bt-sr">.*?</span>', "", markup)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def prompt_html(widget: LessonWidget) -> str:
    (card,) = widget.body.children
    return next(child.value for child in card.children if "bt-prompt-box" in child._dom_classes)


# -- the learner's language picks the text ---------------------------------------------------------

@pytest.mark.parametrize(("lang", "hint_2", "explain"), [
    ("en", HINT_2["it"], EXPLAIN["en"]),            # no English hint: the first language written
    ("it", HINT_2["it"], EXPLAIN["it"]),
    ("es", HINT_2["es"], EXPLAIN["en"]),            # no Spanish explanation: English
])
def test_the_learners_language_picks_the_teachers_text(lang, hint_2, explain):
    ex = Exercise.from_dict(_teacher())
    assert isinstance(ex.prompt, OwnText) and isinstance(ex.prompt, Message)
    assert ex.prompt.text(lang) == PROMPT[lang]
    assert [h.text(lang) for h in ex.hints] == [HINT_1[lang], hint_2]
    correct = ex.check("4D 5D 6D 7D")
    assert correct.correct and correct.message(lang).endswith(explain)
    assert correct.message(lang) == Message("ex.verdict.correct", why=OwnText({"en": explain})).text(lang)
    assert correct.message(lang) != explain                     # wrapped: "Correct! ..." in the language
    wrong = ex.check("4D 5D")                                   # the engine's refusal, in the language
    assert wrong.rule == "meld.too-few-cards"
    summary = Message("rule.meld.too-few-cards.summary").text(lang)    # after "The rule:" (it, es, pt: lower case)
    assert summary.rstrip(".").casefold() in wrong.message(lang).casefold()       # said once, by the refusal itself


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_the_lesson_widget_shows_and_checks_it_in_the_language(lang):
    ex = Exercise.from_dict(_teacher())
    widget = lessons.show(ex, lang=lang, progress=Progress())
    assert isinstance(widget, LessonWidget)
    assert text_of(prompt_html(widget)) == PROMPT[lang]
    widget.hint_button.click()
    widget.hint_button.click()
    hints = text_of(widget.hints_html.value)
    assert HINT_1[lang] in hints and (HINT_2.get(lang) or HINT_2["it"]) in hints
    widget.view.fill("4D 5D 6D 7D")
    widget.check_button.click()
    assert (EXPLAIN.get(lang) or EXPLAIN["en"]) in text_of(widget.verdict_html.value)


def test_under_a_house_ruleset_and_on_a_worksheet_the_texts_stay():
    club = dataclasses.replace(bc.ruleset("classic"), id="club", name="Our club's rules", clean_bonus=300)
    ex = Exercise.from_dict(_teacher())
    moved = ex.under(club)
    assert moved.rules is club and moved.prompt == ex.prompt and moved.hints == ex.hints
    assert moved.check("4D 5D 6D 7D").message("it").endswith(EXPLAIN["it"])
    widget = lessons.show(ex, rules=club, lang="es", progress=Progress())
    assert "Our club's rules" in text_of(widget.header.value) and text_of(prompt_html(widget)) == PROMPT["es"]
    assert PROMPT["it"] in text_of(_exercise_html(1, ex, "it"))
    assert pickle.loads(pickle.dumps(ex.prompt)) == ex.prompt and type(copy.deepcopy(ex.explain)) is OwnText


# -- written back exactly ------------------------------------------------------------------------------

def test_to_dict_writes_the_texts_back_and_reads_back_equal():
    d = _teacher()
    ex = Exercise.from_dict(d)
    out = ex.to_dict()
    assert out["prompt"] == d["prompt"] and out["hints"] == d["hints"] and out["explain"] == d["explain"]
    assert list(out["hints"][1]["text"]) == ["it", "es"]          # the author's order: the first is the fallback
    back = Exercise.from_dict(out)
    assert back == ex
    for lang in ("en", "it", "es"):
        assert back.prompt.text(lang) == ex.prompt.text(lang)
        assert [h.text(lang) for h in back.hints] == [h.text(lang) for h in ex.hints]
        assert back.check(ex.solution).message(lang) == ex.check(ex.solution).message(lang)
    changed = copy.deepcopy(d)
    changed["prompt"]["text"]["es"] = "¿Ana puede bajarlas?"
    assert Exercise.from_dict(changed) != ex


def test_a_teachers_text_mixes_with_catalogue_keys_and_stays_plain():
    d = _teacher()
    d["hints"][1] = "lesson.melds.first-run.hint.2"
    d["explain"] = {"text": {"en": "{cards} is {kind}: no placeholder here."}}
    ex = Exercise.from_dict(d)
    assert ex.hints[1] == Message("lesson.melds.first-run.hint.2")
    assert ex.to_dict()["hints"][1] == "lesson.melds.first-run.hint.2"
    assert ex.check(ex.solution).message("it").endswith("{cards} is {kind}: no placeholder here.")


def test_html_in_a_teachers_text_is_shown_literally():
    d = _teacher()
    d["prompt"] = {"text": {"en": "Is <b>this</b> a run? <script>alert(1)</script>"}}
    d["explain"] = {"text": {"en": "Yes: <i>four</i> & more."}}
    ex = Exercise.from_dict(d)
    widget = lessons.show(ex, lang="it", progress=Progress())       # no Italian: the English text
    shown = prompt_html(widget)
    assert "<b>" not in shown and "<script>" not in shown
    assert "&lt;b&gt;this&lt;/b&gt;" in shown and text_of(shown) == "Is <b>this</b> a run? <script>alert(1)</script>"
    widget.view.fill(ex.solution)
    widget.check_button.click()
    assert "<i>" not in widget.verdict_html.value and "&lt;i&gt;four&lt;/i&gt; &amp; more." in widget.verdict_html.value
    assert "<b>" not in _exercise_html(1, ex, "en") and "&lt;b&gt;" in _exercise_html(1, ex, "en")


# -- malformed: refused, the field named -----------------------------------------------------------------

@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.update(prompt={"text": {"fr": "Anna peut-elle les poser ?"}}), "prompt.text.fr"),
    (lambda d: d["prompt"]["text"].update(xx="?"), "prompt.text.xx"),
    (lambda d: d.update(prompt={"text": {}}), "prompt.text"),
    (lambda d: d.update(prompt={"text": "Can Anna lay these down?"}), "prompt.text"),
    (lambda d: d.update(prompt={"text": None}), "prompt.text"),
    (lambda d: d["prompt"]["text"].update(it=""), "prompt.text.it"),
    (lambda d: d["prompt"]["text"].update(it="   "), "prompt.text.it"),
    (lambda d: d["prompt"]["text"].update(es=7), "prompt.text.es"),
    (lambda d: d["prompt"]["text"].update(es=["¿Puede", "Ana?"]), "prompt.text.es"),
    (lambda d: d["prompt"].update(colour="red"), "prompt"),
    (lambda d: d["prompt"].update(key="lesson.melds.first-run.prompt"), "prompt"),
    (lambda d: d["hints"][1]["text"].update(de="Vier Karo"), "hints[1].text.de"),
    (lambda d: d["hints"][0].update(params={}), "hints[0]"),
    (lambda d: d.update(explain={"text": {"en": None}}), "explain.text.en"),
    (lambda d: d.update(prompt="Can Anna lay these down?"), "prompt"),       # words without the form: not a key
    (lambda d: d.update(prompt="lesson.melds.first-run.promt"), "prompt"),   # a typo'd key, as before
    (lambda d: d["hints"].__setitem__(0, "lesson.melds.first-run.hint.one"), "hints[0]"),
])
def test_a_malformed_teachers_text_names_the_field(change, field):
    d = _teacher()
    change(d)
    with pytest.raises(CurriculumError) as caught:
        Exercise.from_dict(d)
    assert caught.value.field == field
    assert isinstance(caught.value, bc.BurracoError) and repr(field) in str(caught.value)


def test_a_typod_key_says_how_to_write_the_words_instead():
    d = _teacher()
    d["prompt"] = "lesson.melds.first-run.promt"
    with pytest.raises(CurriculumError, match="not in any English catalogue") as caught:
        Exercise.from_dict(d)
    assert '{"text": {"en"' in caught.value.problem


def test_a_text_param_of_a_keyed_text_may_be_own_words_too():
    d = _teacher()
    d["prompt"] = {"key": "gen.count.prompt", "params": {"seed": 4, "cards": {"cards": "4D 5D"}}}
    d["hints"][0] = {"key": "gen.pick-cards.prompt", "params": {"seed": 1, "what": {"text": {"en": "the reds",
                                                                                              "it": "le rosse"}}}}
    ex = Exercise.from_dict(d)
    assert "le rosse" in ex.hints[0].text("it") and "the reds" in ex.hints[0].text("es")
    assert Exercise.from_dict(ex.to_dict()) == ex and ex.to_dict()["hints"][0] == d["hints"][0]


# -- the documented examples are what the code reads -------------------------------------------------------

def test_the_classroom_pages_example_runs_and_speaks_each_language():
    page = (ROOT / "docs" / "classroom.md").read_text(encoding="utf-8")
    (cell,) = [block for block in re.findall(r"```python\n(.*?)```", page, re.S) if "from_dict" in block]
    scope: dict = {}
    exec(re.sub(r"(?m)^  ", "", cell), scope)        # the block is indented under its list item
    mine = scope["mine"]
    assert isinstance(mine.prompt, OwnText) and isinstance(scope["club"], bc.Ruleset)
    assert mine.prompt.text("it") == "Anna può calare una scala?"
    assert mine.check("4D 5D 6D 7D").message("es") == "¡Correcto! Cuatro diamantes seguidos: una escalera."


def test_the_format_pages_example_reads_and_falls_back_as_it_says():
    page = (ROOT / "lessons" / "content" / "FORMAT.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```json\n(.*?)```", page, re.S) if '"text": {' in b]
    ex = Exercise.from_dict(json.loads(block))
    assert ex.holds()
    assert ex.hints[1].text("es") == "Four diamonds follow each other." and ex.explain.text("es").startswith("Four")
    assert ex.prompt.text("es") == "¿Puede Ana bajar una escalera?"
