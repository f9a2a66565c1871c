"""A teacher's exercise that cannot be solved is refused when it is read, naming the field and what the
engine said: a solution the engine refuses or that plays cards not in the hand, a "wrong answer" the
engine calls right, a check no answer can pass. The exercises here are written in a cell's own words
(no catalogue key), as a teacher writes them, so that they do not depend on the course's content.
"""

from __future__ import annotations

import copy

import pytest

import lessons
from burraco_core.messages import Message
from lessons.curriculum import CurriculumError, Exercise, Lesson


def own(words: str) -> dict[str, dict[str, str]]:
    return {"text": {"en": words, "it": words, "es": words}}


def build_meld(**changes: object) -> dict[str, object]:
    """A sound build-meld exercise (a run from a hand), changed as the test says."""
    d: dict[str, object] = {
        "id": "class.first-run", "kind": "build-meld", "prompt": own("Lay down a run."),
        "data": {"hand": "5H 6H 7H 9C QS KD"}, "checks": ["all", ["legal"], ["is-run"]],
        "solution": "5H 6H 7H", "wrong_answers": [["5H 6H 9C", "meld.not-a-meld"]],
        "hints": [own("Same suit."), own("Hearts.")], "explain": own("A run."), "teaches": ["meld.not-a-meld"],
    }
    d.update(changes)
    return d


def refused(d: dict[str, object]) -> CurriculumError:
    """Read ``d``, which must be refused; and the dict itself must be left as it was."""
    before = copy.deepcopy(d)
    with pytest.raises(CurriculumError) as caught:
        Exercise.from_dict(d)
    assert d == before
    return caught.value


def test_a_sound_exercise_is_read():
    ex = Exercise.from_dict(build_meld())
    assert ex.check(ex.solution).correct and ex.holds()


def test_a_solution_the_engine_refuses_is_named_with_the_engine_s_reason():
    err = refused(build_meld(solution="5H 6H 9C"))
    assert err.field == "solution" and "'5H 6H 9C'" in err.problem
    assert Message("rule.meld.not-a-meld.summary").text("en") in err.problem      # what the engine said


def test_a_solution_with_cards_not_in_the_hand_is_refused():
    err = refused(build_meld(solution="9H 10H JH"))
    assert err.field == "solution" and "You do not hold" in err.problem
    pick = {"id": "class.wilds", "kind": "pick-cards", "prompt": own("Pick the wilds."),
            "data": {"hand": "5H 2C JK QS", "pick": ["wild"]}, "solution": "2C JK 2D",
            "wrong_answers": [["JK", None]], "hints": [own("Jokers."), own("And twos.")], "explain": own("Wilds."),
            "teaches": []}
    err = refused(pick)
    assert err.field == "solution" and "2♦ is not among the cards shown" in err.problem


def test_a_solution_that_misses_the_checks_is_refused():
    err = refused(build_meld(checks=["all", ["legal"], ["is-group"]]))      # a run asked to be a group
    assert err.field == "solution" and "5♥ 6♥ 7♥" in err.problem


def test_a_check_that_can_never_pass_is_refused_when_compiled():
    for checks in (["size", -3], ["all", ["legal"], ["size-at-least", -1]], ["hand-size", 0, -2]):
        err = refused(build_meld(checks=checks))
        assert err.field == "checks" and "can never be met" in err.problem
    err = refused(build_meld(checks=["size", 4]))            # a count that exists, but not for this answer
    assert err.field == "solution" and "exactly 4" in err.problem


def test_a_wrong_answer_the_engine_calls_right_is_refused():
    err = refused(build_meld(wrong_answers=[["5H 6H 9C", "meld.not-a-meld"], ["7H 6H 5H", None]]))
    assert err.field == "wrong_answers[1]" and "'7H 6H 5H'" in err.problem and "Correct!" in err.problem
    err = refused(build_meld(wrong_answers=[["   ", None]]))
    assert err.field == "wrong_answers[0]" and "empty" in err.problem


def test_a_position_whose_solution_is_an_illegal_move_is_refused():
    position = {"id": "class.draw", "kind": "position", "prompt": own("Play your turn."),
                "data": {"position": {"hands": ["4S 9H JC QD 6C", "3H 4H 5C 6D JS QS"], "discard_pile": "KD",
                                      "turns_played": [1, 1]}},
                "solution": "discard 4S", "wrong_answers": [["draw; take", "turn.already-drawn"]],
                "hints": [own("Draw first."), own("Then discard.")], "explain": own("Draw, then discard."),
                "teaches": ["turn.draw-first"]}
    err = refused(position)
    assert err.field == "solution" and Message("rule.turn.draw-first.summary").text("en") in err.problem
    assert Exercise.from_dict({**position, "solution": "draw; discard 4S"}).holds()


def test_a_lesson_holding_an_unsolvable_exercise_names_the_lesson_and_the_exercise():
    lesson = lessons.get_lesson("melds").to_dict()
    lesson["exercises"][0]["solution"] = "QS KD 9C"
    with pytest.raises(CurriculumError) as caught:
        Lesson.from_dict(lesson)
    err = caught.value
    assert err.field == "solution" and "lesson 'melds'" in err.where and lesson["exercises"][0]["id"] in err.where


def test_an_exercise_s_text_form_is_refused_saying_what_form_is_wanted():
    import json

    text = json.dumps(build_meld())
    for given in (text, text.encode("utf-8")):
        with pytest.raises(CurriculumError, match="json.loads"):
            Exercise.from_dict(given)        # type: ignore[arg-type]
    assert Exercise.from_dict(json.loads(text)).holds()


def test_every_shipped_exercise_is_read_again_and_proven():
    for lesson in lessons.LESSONS:
        again = Lesson.from_dict(lesson.to_dict())
        assert [ex.id for ex in again.exercises] == [ex.id for ex in lesson.exercises]
