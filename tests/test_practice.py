"""Practise what I missed: exercises on the missed rules until each is answered right twice."""

from __future__ import annotations

import pytest

import burraco_core as bc
from lessons.practice import PracticeSession
from lessons.progress import Progress


def _missed(*rules: str) -> Progress:
    progress = Progress()
    for i, rule in enumerate(rules):
        progress.record(f"melds.ex{i}", correct=False, hints=0, retries=0, solution_shown=False, rule=rule)
    return progress


def test_exercises_teach_the_missed_rules_until_each_is_right_twice():
    session = PracticeSession.from_progress(_missed("run.gap", "run.mixed-suits", "wild.bound"))
    assert set(session.pending) == {"run.gap", "run.mixed-suits", "wild.bound"}
    answered = 0
    while not session.done:
        ex = session.next()
        assert ex is not None and set(ex.teaches) & set(session.pending)
        wrong, _ = ex.wrong_answers[0]
        assert not session.answer(wrong).correct
        assert session.next() is ex                 # a wrong answer: the same exercise again
        assert session.answer(ex.solution).correct
        answered += 1
        assert answered < 20
    assert all(n >= 2 for n in session.correct.values())
    assert session.next() is None
    assert len({i for i, _ in session.history}) == answered   # never the same exercise twice
    with pytest.raises(bc.BurracoError):
        session.answer("legal")


def test_a_rule_no_generator_teaches_is_set_aside_not_looped_on():
    session = PracticeSession(["draw.stock-empty"])
    assert session.next() is None and session.done
    assert session.unpractisable == ["draw.stock-empty"]


def test_nothing_missed_nothing_to_practise_and_bad_rules_refused():
    assert PracticeSession.from_progress(Progress()).done
    with pytest.raises(bc.BurracoError):
        PracticeSession(["no.such-rule"])


def test_the_same_seed_gives_the_same_practice():
    a = PracticeSession(["run.gap"], seed=3).next()
    b = PracticeSession(["run.gap"], seed=3).next()
    assert a is not None and b is not None and a == b
