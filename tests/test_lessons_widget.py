"""The lesson widget, played through its buttons for every exercise of every lesson (no browser)."""

from __future__ import annotations

import html
import pathlib
import re

import pytest

import lessons
from lessons.learner.filestore import FileStore
from lessons.learner.progress import Progress
from lessons.widgets.lesson import LessonWidget, show
from lessons.widgets.navigation import notebook_name
from tests.helpers import required

ROOT = pathlib.Path(__file__).resolve().parents[1]


def lesson_params():
    return pytest.mark.parametrize("lesson", lessons.LESSONS, ids=[lesson.key for lesson in lessons.LESSONS])


def text_of(markup: str) -> str:
    """What a page shows of some HTML: the text, without tags (visually hidden labels dropped)."""
    markup = re.sub(r'<span class="bt-sr">.*?</span>', "", markup)
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def play(widget: LessonWidget, answer) -> str:
    """Give an answer through the exercise's controls, press Check, return what the learner reads."""
    widget.view.fill(answer)
    widget.check_button.click()
    return text_of(widget.verdict_html.value)


@lesson_params()
def test_every_exercise_right_at_once_earns_three_stars(lesson, tmp_path):
    store = FileStore(tmp_path / "progress.json")
    widget = LessonWidget(lesson, store=store)
    assert widget.session.phase == "intro" and widget.start_button in widget.body.children[-1].children
    widget.start_button.click()
    for number, ex in enumerate(lesson.exercises, 1):
        assert widget.session.exercise is ex
        assert f"{number} of {len(lesson.exercises)}" in widget.body.children[0].children[0].value
        assert ex.check(widget.view.answer()).status == "not-attempted"   # nothing chosen yet
        shown = play(widget, ex.solution)
        assert "Correct!" in shown and "★★★" in shown, (ex.id, shown)
        assert widget.session.earned == 3
        widget.next_button.click()
    assert widget.session.phase == "summary"
    summary = text_of(widget.body.children[0].value)
    total = 3 * len(lesson.exercises)
    assert f"{total} of {total} stars" in summary and "perfect" in summary
    saved = store.load()
    assert all(saved.stars(ex.id) == 3 for ex in lesson.exercises)
    assert saved.resume == (lesson.key, len(lesson.exercises))


@lesson_params()
def test_every_exercise_wrong_then_right_earns_two_stars(lesson, tmp_path):
    store = FileStore(tmp_path / "progress.json")
    widget = LessonWidget(lesson, store=store)
    widget.start_button.click()
    for ex in lesson.exercises:
        answer, rule = ex.wrong_answers[0]
        assert ex.check(_round_trip(widget, answer)).rule == rule      # the controls give that answer
        shown = play(widget, answer)
        assert "Correct!" not in shown and "#b71c1c" in widget.verdict_html.value, (ex.id, shown)
        assert ex.check(answer).message("en") in shown
        shown = play(widget, ex.solution)
        assert "Correct!" in shown and "★★☆" in shown
        widget.next_button.click()
    saved = store.load()
    assert [saved.stars(ex.id) for ex in lesson.exercises] == [2] * len(lesson.exercises)
    missed = saved.missed_rules()
    for ex in lesson.exercises:
        rule = ex.wrong_answers[0][1]
        if rule is not None:
            assert missed.get(rule, 0) >= 1
    strip = [b.description for b in widget.strip.children[:-1]]
    assert strip == [f"{i} ★★☆" for i in range(1, len(lesson.exercises) + 1)]


def _round_trip(widget: LessonWidget, answer):
    widget.view.fill(answer)
    return widget.view.answer()


def test_hints_then_the_solution_collapsed_until_asked(tmp_path):
    widget = LessonWidget(lessons.get_lesson("melds"), progress=Progress())
    widget.start_button.click()
    ex = widget.session.exercise
    assert widget.solution_html.layout.display == "none"
    widget.hint_button.click()
    assert ex.hints[0].text("en") in text_of(widget.hints_html.value)
    widget.hint_button.click()
    widget.hint_button.click()                       # no third hint: says so
    assert "last hint" in widget.hints_html.value
    widget.solution_button.click()
    assert widget.solution_html.layout.display == "block"
    assert "5♥ 6♥ 7♥" in text_of(widget.solution_html.value)
    assert "Correct!" in play(widget, ex.solution) and widget.session.earned == 0


def test_resume_opens_where_the_learner_stopped(tmp_path):
    store = FileStore(tmp_path / "progress.json")
    first = LessonWidget(lessons.get_lesson("ace"), store=store)
    first.start_button.click()
    first.next_button.click()
    first.next_button.click()
    again = LessonWidget(lessons.get_lesson("ace"), store=store)
    assert again.session.index == 2 and again.session.phase == "exercise"
    again.strip.children[0].click()                  # the star strip jumps to an exercise
    assert again.session.index == 0


def test_no_traceback_reaches_the_page(monkeypatch):
    widget = LessonWidget(lessons.get_lesson("game"), progress=Progress())
    widget.start_button.click()

    def broken(answer):
        raise RuntimeError("boom")

    monkeypatch.setattr(widget.session, "check", broken)
    widget.check_button.click()
    assert "Something went wrong" in widget.status.value
    assert "boom" not in widget.status.value and "Traceback" not in widget.status.value


def test_show_a_missing_lesson_says_so(tmp_path):
    missing = show("no-such-lesson")
    assert "no lesson called" in text_of(missing.value) and "melds" in missing.value
    widget = show("melds", store=FileStore(tmp_path / "p.json"))
    assert isinstance(widget, LessonWidget) and widget.lesson.key == "melds"
    single = show(lessons.get_lesson("game").exercises[0])
    assert single.session.phase == "exercise" and single.session.count == 1


def test_position_moves_are_collected_and_checked():
    ex = lessons.Exercise.from_dict({
        "id": "teacher.attach-then-discard", "kind": "position",
        "prompt": "lesson.melds.attach-group.prompt",
        "data": {"position": {"hands": ["8H 9C KD", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"],
                              "melds": [["5H 6H 7H"], []], "phase": "play"}},
        "checks": ["all", ["legal"], ["side-meld", 0, 0, "5H 6H 7H 8H"], ["phase", "draw"]],
        "solution": "attach 0 8H; discard 9C",
        "wrong_answers": [["attach 0 9C", "run.mixed-suits"]],
        "hints": ["lesson.melds.attach-group.hint.1", "lesson.melds.attach-group.hint.2"],
        "explain": "lesson.melds.attach-group.explain", "teaches": ["run.mixed-suits"],
    })
    widget = show(ex)
    table = widget.view.table          # the play table, as in lesson 13 and the Play tool
    table.hand.select("8H")
    table.attach_to.value = 0
    table.attach.click()
    assert sorted(c.code for c in table.hand.cards) == ["9C", "KD"]     # the hand after the engine's move
    table.hand.select("9C")
    table.discard.click()
    assert widget.view.answer() == "attach 0 8H; discard 9C"
    widget.check_button.click()
    assert "Correct!" in text_of(widget.verdict_html.value)
    table.undo.click()
    assert widget.view.answer() == "attach 0 8H"



def test_a_wrong_answer_that_ends_the_hand_is_tried_again_from_the_start_not_undone():
    """A finished hand is finished (issue 30): Undo took the closing discard back and play went on. In an
    exercise where a wrong answer closes the hand, Undo is disabled, the retry note points to "Start again",
    and "Start again" puts the exercise's position back."""
    closing = [(ex, answer) for lesson in lessons.LESSONS for ex in lesson.exercises
               if ex.kind in ("position", "guided-hand") for answer, _ in ex.wrong_answers]
    found = 0
    for ex, answer in closing:
        widget = show(ex)
        table = widget.view.table
        assert table.again.layout.display == "none"              # not while the hand goes on
        said = play(widget, answer)
        if not table.game.is_over:
            continue
        found += 1
        assert "Not quite yet" in said and "press Start again" in said and "Undo" not in said, said
        assert table.undo.disabled and table.hint.disabled
        assert table.again.layout.display != "none" and not table.again.disabled
        table.take_back()                                        # a click the page sent before it was redrawn
        assert table.game.is_over and "press Start again" in table.message.value
        table.again.click()
        assert not table.game.is_over and widget.view.answer() == ""
        assert table.again.layout.display == "none" and table.undo.disabled     # nothing played yet
        assert "Back to the start" in table.message.value
        widget.view.fill(ex.solution)
        widget.check_button.click()
        assert "Correct!" in text_of(widget.verdict_html.value)
    assert found >= 1, "no wrong answer of the course closes the hand: this test tests nothing"


@pytest.mark.notebook
@pytest.mark.parametrize("name", [notebook_name(lesson) for lesson in lessons.LESSONS])
def test_lesson_notebooks_run_headless(name, tmp_path, monkeypatch):
    nbclient = required("nbclient")
    nbformat = required("nbformat")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))      # the kernel keeps progress here
    path = ROOT / "tutorial" / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert len(nb.cells) == 1 and "lessons.lesson_page(" in nb.cells[0].source   # the lesson between nav bars
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    outputs = nb.cells[0].outputs
    assert not [o for o in outputs if o.output_type == "error"]
    assert [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]


def test_progress_goes_to_the_keeper_file_and_browser(tmp_path):
    from lessons.learner.store import ProgressKeeper

    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), key="test-key")
    lesson = lessons.get_lesson("game")
    widget = LessonWidget(lesson, keeper=keeper)
    assert keeper.widget in widget.children          # the browser's copy is kept by the page
    widget.start_button.click()
    first = lesson.exercises[0]
    play(widget, first.solution)
    assert FileStore(tmp_path / "progress.json").load().stars(first.id) == 3
    assert first.id in keeper.widget.saved               # what the browser is asked to keep
    assert widget.strip.children[0].description == "1 ★★★"
    again = LessonWidget(lesson, keeper=ProgressKeeper(file_store=FileStore(tmp_path / "progress.json")))
    assert again.session.index == 0 and again.session.stars(first) == 3


def test_a_failing_card_click_is_reported_not_raised(monkeypatch):
    widget = LessonWidget(lessons.get_lesson("melds"), progress=Progress())
    widget.start_button.click()

    def broken(picked):
        raise RuntimeError("boom")

    monkeypatch.setattr(widget.view, "_arrangements", broken)
    widget.view.hand.selected = [0]                  # the observer fails inside
    assert "Something went wrong" in widget.status.value


def test_the_browsers_copy_arriving_later_brings_the_resume_point():
    from lessons.learner.store import ProgressKeeper

    keeper = ProgressKeeper(file_store=False, key="test-key")     # as on Binder: nothing on disk
    lesson = lessons.get_lesson("melds")
    widget = LessonWidget(lesson, keeper=keeper)
    assert widget.session.phase == "intro"
    theirs = Progress()
    theirs.record(lesson.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)
    theirs.resume = ("melds", 3)
    keeper.widget.saved = theirs.to_json()          # what the page sends from localStorage
    assert widget.session.index == 3 and widget.session.phase == "exercise"
    assert widget.strip.children[0].description == "1 ★★★"


def test_a_teachers_exercise_with_its_own_texts(tmp_path, monkeypatch):
    from burraco_core import messages

    # the teacher's folder is added for this test only
    monkeypatch.setattr(messages, "_DIRS", list(messages._DIRS))
    monkeypatch.setattr(messages, "_CATALOGUES", {})

    (tmp_path / "en.txt").write_text(
        "teacher.q7.prompt = Lay down a group of sevens.\n"
        "teacher.q7.hint.1 = Look for cards of one rank.\n"
        "teacher.q7.hint.2 = You hold three 7s.\n"
        "teacher.q7.explain = {cards}: a group of {count} sevens.\n", encoding="utf-8")
    messages.add_catalogue_dir(tmp_path)
    ex = lessons.Exercise.from_dict({
        "id": "teacher.q7", "kind": "build-meld", "prompt": "teacher.q7.prompt",
        "data": {"hand": "7H 7S 7D 9C KD"}, "checks": ["all", ["legal"], ["is-group"]],
        "solution": "7H 7S 7D", "wrong_answers": [["7H 7S 9C", "meld.not-a-meld"]],
        "hints": ["teacher.q7.hint.1", "teacher.q7.hint.2"], "explain": "teacher.q7.explain",
        "teaches": ["meld.not-a-meld"],
    })
    widget = show(ex)
    assert "Lay down a group of sevens." in text_of(widget.body.children[0].children[1].value)
    assert "a group of 3 sevens" in play(widget, "7H 7S 7D")
