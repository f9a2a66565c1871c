"""Exercises test what was taught (issue 30): each rule an exercise `teaches` is explained in the intro of
its lesson or of an earlier one, as the lesson's `introduces` field says; and a lesson's field names
only rules the engine knows (checked at load)."""

from __future__ import annotations

import copy

import pytest

import burraco_core as bc
import lessons
from lessons.curriculum.checks import CurriculumError
from lessons.curriculum.model import Lesson


def test_every_rule_an_exercise_teaches_was_introduced_by_then():
    introduced: set[str] = set()
    untaught = []
    for lesson in sorted(lessons.LESSONS, key=lambda lesson: lesson.number):
        introduced |= lesson.introduces
        untaught += [f"{ex.id}: {rule}" for ex in lesson.exercises for rule in sorted(ex.teaches - introduced)]
    assert not untaught, "rules exercised before any intro explains them:\n" + "\n".join(untaught)


def test_every_lesson_file_says_what_its_intro_introduces():
    for lesson in lessons.LESSONS:
        assert "introduces" in lesson.to_dict()
        assert lesson.introduces <= set(bc.RULE_IDS)


@pytest.mark.parametrize("bad", [["run.no-such-rule"], "run.gap", [3]])
def test_an_unknown_rule_in_introduces_is_refused(bad):
    d = copy.deepcopy(lessons.get_lesson("melds").to_dict())
    d["introduces"] = bad
    with pytest.raises(CurriculumError, match="introduces"):
        Lesson.from_dict(d)


def test_introduces_reads_back():
    lesson = lessons.get_lesson("melds")
    assert Lesson.from_dict(lesson.to_dict()).introduces == lesson.introduces
