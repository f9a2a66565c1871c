"""Answers of the wrong form or size get a short message saying what is wanted, and change nothing.

Every kind is fed junk through ``Exercise.check`` (the one door the widgets, the practice and a
teacher's cell use): a list of the right cards (read as the cards), a pasted answer of two hundred
cards (said as a count, not read back), a text of thousands of characters (quoted shortened), digits
``int`` cannot read, numbers as lists. The exercises are generated (one per kind), so the tests do
not depend on the course's content. Progress naming a language or a resume point these lessons do
not have is said once by the keeper.
"""

from __future__ import annotations

import json

import pytest

import burraco_core as bc
from burraco_core.messages import Message
from lessons.curriculum.generators import GENERATED_KINDS, generate
from lessons.learner.checkup import unused_parts
from lessons.learner.filestore import FileStore
from lessons.learner.progress import Progress
from lessons.learner.store import ProgressKeeper

LANGS = ("en", "it", "es")
LONGEST = 400          # characters: a sentence or two, whatever the answer was
EXERCISES = {kind: generate(kind, 3) for kind in GENERATED_KINDS}
JUNK = {
    "two hundred cards": " ".join(["5H"] * 200),
    "two hundred cards as a list": ["5H"] * 200,
    "a long word": "X" * 5000,
    "a long move": "meld " + "Q" * 5000,
    "many moves": "; ".join(["draw"] * 300),
    "a superscript two": "²",
    "five thousand digits": "9" * 5000,
    "a dict": {"cards": "5H"},
    "a float": 3.5,
    "bytes": b"5H 6H 7H",
    "a list of numbers": [1, 2, 3],
    "a nested list": [["5H"]],
    "True": True,
}


def said(verdict, lang: str = "en") -> str:
    return verdict.message(lang)


@pytest.mark.parametrize("kind", GENERATED_KINDS)
@pytest.mark.parametrize("name", JUNK)
def test_junk_gets_a_short_answer_and_changes_nothing(kind, name):
    ex = EXERCISES[kind]
    before = json.dumps(ex.to_dict(), sort_keys=True)
    verdict = ex.check(JUNK[name])
    assert verdict.status in ("incorrect", "not-attempted"), (kind, name)
    for lang in LANGS:
        text = said(verdict, lang)
        assert text and len(text) <= LONGEST, (kind, name, lang, len(text))
    assert "5♥ 5♥ 5♥ 5♥ 5♥" not in said(verdict)            # two hundred cards are not read back
    assert json.dumps(ex.to_dict(), sort_keys=True) == before
    assert ex.check(ex.solution).correct                       # the exercise (and its position) as it was


def test_a_list_of_the_right_cards_is_read_as_the_cards():
    for kind in ("build-meld", "pick-cards"):
        ex = EXERCISES[kind]
        codes = ex.solution.split()
        assert ex.check(codes).correct, kind
        assert ex.check(tuple(bc.parse_card(c) for c in codes if not c.startswith("#"))).correct or "#" in ex.solution
        assert ex.check([]).status == "not-attempted"
    ex = EXERCISES["position"]
    moves = [part.strip() for part in ex.solution.split(";")]
    assert ex.check(moves).correct                                 # moves as a list, joined with "; "


def test_a_wrong_form_says_what_form_is_wanted():
    build = EXERCISES["build-meld"]
    assert said(build.check({"cards": "5H"})) == Message("ex.verdict.form.cards").text("en")
    assert said(build.check(42)).startswith("Give the cards as text")
    position = EXERCISES["position"]
    assert said(position.check(42)) == Message("ex.verdict.form.moves").text("en")
    assert said(position.check(";;")) == Message("ex.verdict.form.moves").text("en")
    assert "Choose some cards" not in said(position.check(42))


def test_a_pasted_answer_of_many_cards_is_said_as_a_count():
    ex = EXERCISES["build-meld"]
    verdict = ex.check(" ".join(["5H"] * 200))
    held = len(ex.prepared.hand)
    assert verdict.msg == Message("ex.verdict.too-many-cards", count=200, held=held)
    assert "200" in said(verdict, "it") and "200" in said(verdict, "es")
    assert ex.check(" ".join(c.code for c in ex.prepared.hand[:held])).status == "incorrect"    # not refused as too many


def test_unreadable_text_is_quoted_shortened():
    ex = EXERCISES["build-meld"]
    text = said(ex.check("Q" * 5000))
    assert "is not a card" in text and "…" in text and len(text) < 200
    text = said(EXERCISES["position"].check("fly " + "Z" * 5000))
    assert "cannot be read as a move" in text and len(text) < 200


@pytest.mark.parametrize(("typed", "number"), [("12", 12), (" +12 ", 12), ("-5", -5), (12, 12)])
def test_numbers_are_read_in_ascii_digits_only(typed, number):
    ex = EXERCISES["count"]
    assert ex.attempt(typed).answer == number
    for junk in ("²", "١٢", "1 2", "12.0", "9" * 5000, True):
        assert said(ex.check(junk)) == Message("ex.verdict.not-a-number").text("en"), junk


def test_victory_points_and_lines_take_numbers_as_a_list_too():
    vp = EXERCISES["victory-points"]
    pair = [int(n) for n in vp.solution.replace("–", "-").split("-")]
    assert vp.check(pair).correct and vp.check(tuple(pair)).correct
    assert said(vp.check([pair[0], -pair[1]])) == Message("ex.verdict.not-vp").text("en")
    score = EXERCISES["count-score"]
    if isinstance(score.solution, str) and not score.solution.lstrip("+-").isdigit():   # mode "lines"
        assert score.check([int(n) for n in score.solution.replace(",", " ").split()]).correct


# ---------------------------------------------------------------- progress these lessons cannot use
def saved_with(tmp_path, *, lang=None, resume=None):
    p = Progress()
    p.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    body = p.to_body()
    body.update(lang=lang, resume=resume)
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "resume", "key"), [
    ("fr", None, "progress.notice.unknown-lang"),
    (None, ["no-such-lesson", 0], "progress.notice.unknown-resume"),
    (None, ["melds", 999], "progress.notice.unknown-resume"),
    ("xx", ["melds", 999], "progress.notice.unknown-lang-resume"),
])
def test_progress_naming_what_these_lessons_lack_is_said_once(tmp_path, lang, resume, key):
    path = saved_with(tmp_path, lang=lang, resume=resume)
    before = path.read_bytes()
    keeper = ProgressKeeper(file_store=FileStore(path), key="test")
    assert keeper.problem is not None and keeper.problem.key == key
    for each in LANGS:
        text = keeper.problem.text(each)
        assert text and (lang is None or f"({lang})" in text)
    assert keeper.progress.lang == lang and keeper.progress.stars("melds.first-run") == 3    # kept as it was
    assert path.read_bytes() == before
    keeper.clear_problem()
    keeper.widget.saved = keeper.progress.to_json()           # the browser's copy says the same again
    keeper.record("melds.first-run", correct=True, hints=1, retries=0, solution_shown=False)
    assert keeper.problem is None                             # said once


def test_progress_these_lessons_can_use_says_nothing(tmp_path):
    keeper = ProgressKeeper(file_store=FileStore(saved_with(tmp_path, lang="it", resume=["melds", 1])), key="t")
    assert keeper.problem is None
    assert unused_parts(keeper.progress) is None


def test_a_lesson_finished_to_its_summary_is_a_place_to_resume_and_a_worksheet_is_not_one(tmp_path):
    """The summary's index is the exercise count: a learner who finished a lesson is told nothing odd; a
    worksheet or a teacher's exercise, shown through a lesson of its own, leaves the resume point alone."""
    import lessons
    from lessons.learner.classwork import Sheet, sheet_lesson
    from lessons.learner.session import LessonSession

    melds = lessons.get_lesson("melds")
    progress = Progress()
    LessonSession(melds, progress).go(len(melds.exercises))
    assert progress.resume == ("melds", len(melds.exercises)) and unused_parts(progress) is None
    sheet = LessonSession(sheet_lesson(Sheet(1, count=2)), progress)
    sheet.go(0)
    assert progress.resume == ("melds", len(melds.exercises))


def test_a_browser_copy_with_an_unknown_language_is_said_when_it_arrives(tmp_path):
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), key="test")
    assert keeper.problem is None
    theirs = Progress()
    theirs.lang = "fr"
    keeper.widget.saved = theirs.to_json()                    # what the page's localStorage held
    assert keeper.problem is not None and keeper.problem.key == "progress.notice.unknown-lang"


def test_the_keeper_s_question_does_not_read_every_lesson(tmp_path):
    """A tool's page keeps progress too: asking whether the resume point exists must not cost it the
    reading (and proving) of every lesson."""
    import subprocess
    import sys

    path = saved_with(tmp_path, resume=["melds", 999])
    code = ("from lessons.curriculum import model\n"
            "from lessons.learner.filestore import FileStore\n"
            "from lessons.learner.store import ProgressKeeper\n"
            f"keeper = ProgressKeeper(file_store=FileStore({str(path)!r}), key='t')\n"
            "print(keeper.problem.key, model._ALL is None)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["progress.notice.unknown-resume", "True"]
