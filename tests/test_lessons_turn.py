"""Lessons 3, 8 and 9 (the turn, the pozzetto, closing): the position and why-not kinds, and every
exercise played through the widget's own controls (cards clicked, move buttons pressed).

The generic content tests (tests/test_lessons.py) ask the engine about every solution and
wrong answer; these press the buttons a learner presses and read what the widget shows.
"""

from __future__ import annotations

import html
import pathlib
import re

import pytest

import burraco_core as bc
import lessons
from lessons.curriculum.checks import CurriculumError
from lessons.learner.progress import Progress
from lessons.widgets.lesson import LessonWidget
from lessons.widgets.style import move_text
from lessons.widgets.views import PositionView, WhyNotView, table_html

ROOT = pathlib.Path(__file__).resolve().parents[1]
KEYS = ("turn", "pozzetto", "closing")
OURS = [lesson for lesson in lessons.LESSONS if lesson.key in KEYS]
EXERCISES = [ex for lesson in OURS for ex in lesson.exercises]


def text_of(markup: str) -> str:
    markup = re.sub(r'<span class="bt-sr">.*?</span>', "", markup)
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def click_moves(view: PositionView, answer: str) -> bool:
    """Play an answer by clicks on the play table: select the cards in the hand shown, press the move's
    button.

    False when a move cannot be clicked (a card not in the hand shown, a meld not offered):
    such an answer can only be typed.
    """
    table = view.table
    buttons = {"draw": table.draw, "take": table.take_pile, "meld": table.lay_down, "attach": table.attach,
               "discard": table.discard, "pozzetto": table.pozzetto}
    for part in [p.strip() for p in answer.split(";") if p.strip()]:
        action = bc.parse_action(part)
        name = part.split()[0]
        if isinstance(action, (bc.LayDown, bc.Attach, bc.Discard)):
            cards = action.cards if not isinstance(action, bc.Discard) else (action.card,)
            chosen: list[int] = []
            for card in cards:      # a click on a card of that face not chosen yet
                free = [i for i, shown in enumerate(table.hand.cards) if shown.face == card.face and i not in chosen]
                if not free:
                    return False
                chosen.append(free[0])
            table.hand.selected = chosen
            if isinstance(action, bc.Attach):
                if action.meld not in [value for _, value in table.attach_to.options]:
                    return False
                table.attach_to.value = action.meld
        if buttons[name].disabled:
            return False            # the table offers no such move now
        buttons[name].click()
        if view.refused is not None:
            return True             # refused at once: a learner reads why before going on
    return True


def open_exercise(ex) -> LessonWidget:
    widget = LessonWidget(lessons.get_lesson(ex.id.split(".")[0]), progress=Progress())
    widget.start_button.click()
    widget.session.go([e.id for e in widget.lesson.exercises].index(ex.id))
    widget._render()
    assert widget.session.exercise.id == ex.id
    return widget


def give(widget: LessonWidget, ex, answer) -> bool:
    view = widget.view
    if ex.kind == "position":
        assert isinstance(view, PositionView)
        if not click_moves(view, answer):
            return False
        clicked = ex.check(view.answer())
        assert (clicked.status, clicked.rule) == (ex.check(answer).status, ex.check(answer).rule)
    else:
        assert isinstance(view, WhyNotView)
        view.choice.value = answer           # a click on the radio button of that answer
    widget.check_button.click()
    return True


def test_the_turn_comes_third_and_the_pozzetto_and_closing_after_the_melds():
    assert [lesson.number for lesson in OURS] == [3, 8, 9]
    for lesson in OURS:
        kinds = {ex.kind for ex in lesson.exercises}
        assert {"position", "why-not"} <= kinds and len(lesson.exercises) >= 4
        assert sum(ex.kind == "position" or ex.kind == "why-not" for ex in lesson.exercises) == len(lesson.exercises)


@pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
def test_played_by_clicks_right_and_wrong(ex):
    widget = open_exercise(ex)
    played = 0
    for answer, rule in ex.wrong_answers:
        widget = open_exercise(ex)
        if not give(widget, ex, answer):
            continue
        played += 1
        shown = text_of(widget.verdict_html.value)
        assert "Correct!" not in shown and ex.check(widget.view.answer()).message("en") in shown
        assert widget.session.progress.missed_rules().get(rule, 0) == (1 if rule else 0) or rule is None
    assert played, "at least one typical mistake can be made by clicks"
    widget = open_exercise(ex)
    assert give(widget, ex, ex.solution)
    shown = text_of(widget.verdict_html.value)
    assert "Correct!" in shown and "★★★" in shown, shown


@pytest.mark.parametrize("ex", [e for e in EXERCISES if e.kind == "position"], ids=lambda e: e.id)
def test_position_table_shows_what_the_engine_holds(ex):
    widget = open_exercise(ex)
    view = widget.view
    game = bc.Game.setup(ex.rules, **ex.prepared.position)
    table = text_of(view.table.table.view.value)
    assert f"Stock: {len(game.stock)} cards" in table
    assert sorted(c.code for c in view.table.hand.cards) == sorted(c.code for c in game.hands[game.current_player])
    click_moves(view, ex.solution)
    for move in ex.solution.split(";"):
        game.apply(move.strip())
    player = bc.Game.setup(ex.rules, **ex.prepared.position).current_player
    # after the solution the hand shown is still the learner's, as the engine left it
    assert sorted(c.code for c in view.table.hand.cards) == sorted(c.code for c in game.hands[player])
    assert text_of(table_html(game, player, "en")) == text_of(view.table.table.view.value)


def test_a_move_the_engine_refuses_is_said_at_once_and_changes_nothing():
    ex = lessons.get_lesson("turn").exercise("turn.whole-turn")
    widget = open_exercise(ex)
    table = widget.view.table
    before = table.game.position()
    table.hand.selected = [0]
    table.discard.click()                   # discarding before drawing
    assert table.game.position() == before
    said = text_of(table.message.value)
    assert "Not allowed" in said and "draw" in said.lower()
    assert 'class="bt-refused"' in table.message.value
    assert "Not allowed" in widget.voice.said and "role=" not in table.message.value   # said by the page's one live region
    table.draw.click()                      # a move: the old message goes
    assert "Not allowed" not in text_of(table.message.value)
    widget.check_button.click()             # one move is not the answer, but nothing is wrong with it
    assert "Correct!" not in text_of(widget.verdict_html.value)


def test_the_card_drawn_is_marked_and_moves_read_as_words():
    ex = lessons.get_lesson("turn").exercise("turn.whole-turn")
    widget = open_exercise(ex)
    table = widget.view.table
    before = list(table.hand.cards)
    table.draw.click()
    assert len(table.hand.cards) == len(before) + 1 and len(table.hand.marked_cards) == 1
    assert table.hand.marked_cards[0] not in before or before.count(table.hand.marked_cards[0]) == 0
    assert move_text("attach 0 8H", "en") == "Attach 8♥ to meld 1"
    assert move_text("discard 7H", "en") == "Discard 7♥"


def test_why_not_shows_the_table_and_the_move():
    ex = lessons.get_lesson("turn").exercise("turn.why-not-discard")
    widget = open_exercise(ex)
    def texts(box):             # the view's HTML, at any depth (the answers sit beside the hand)
        for child in box.children:
            if isinstance(getattr(child, "value", None), str):
                yield text_of(child.value)
            yield from texts(child) if hasattr(child, "children") else ()

    shown = " ".join(texts(widget.view.widget))
    assert "The move: Discard K♠" in shown and "Stock:" in shown and "only card of the discard pile" in shown
    labels = [label for label, _ in widget.view.choice.options]
    assert bc.RULE_IDS["discard.single-pile-card"][0] in labels


def _why_not(**changes):
    d = lessons.get_lesson("turn").exercise("turn.why-not-discard").to_dict()
    d["data"].update(changes)
    return d


@pytest.mark.parametrize(("changes", "problem"), [
    ({"action": "discard 9D"}, "must be among the choices"),    # the engine allows it: "legal" not offered
    ({"action": "throw KS"}, "not a move"),
    ({"action": 7}, "a move as text"),
    ({"choices": ["discard.single-pile-card"]}, "at least two"),
    ({"choices": ["discard.single-pile-card", "no.such-rule"]}, "rule ids"),
])
def test_a_malformed_why_not_fails_at_load(changes, problem):
    with pytest.raises(CurriculumError, match=problem):
        lessons.Exercise.from_dict(_why_not(**changes))


def test_why_not_truth_is_the_engines_refusal():
    for ex in (e for e in EXERCISES if e.kind == "why-not"):
        game = bc.Game.setup(ex.rules, **ex.prepared.position)
        refusal = game.explain(ex.data["action"])
        said = [refusal.rule] if refusal else ["legal"]
        if refusal is not None and "reason" in refusal.params:     # the condition it names inside
            said.append(refusal.params["reason"].key.removeprefix("rule."))
        assert ex.solution in said
        assert refusal is None or ex.solution in ex.teaches


@pytest.mark.notebook
@pytest.mark.parametrize("name", ["03-turn", "08-pozzetto", "09-closing"])
def test_lesson_notebooks_run_headless(name, tmp_path, monkeypatch):
    nbclient = pytest.importorskip("nbclient")
    nbformat = pytest.importorskip("nbformat")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))      # the kernel keeps progress here
    path = ROOT / "tutorial" / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert len(nb.cells) == 1 and f'("{name[3:]}")' in nb.cells[0].source    # lessons.show or lesson_page
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    outputs = nb.cells[0].outputs
    assert not [o for o in outputs if o.output_type == "error"]
    assert [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
