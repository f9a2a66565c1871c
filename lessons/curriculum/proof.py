"""An exercise is proven solvable when it is read: the engine calls its solution correct and each
listed wrong answer incorrect.

A teacher's exercise dict may name a solution the engine refuses, cards that are not in the hand, a
"wrong answer" the engine calls right, or checks no answer can pass; shown as it is, a learner would
meet an exercise nobody can solve. ``Exercise.from_dict`` therefore puts the solution and every
wrong answer to ``check()`` once, as a learner's answers are put, and refuses the exercise with a
:class:`~lessons.curriculum.checks.CurriculumError` that names the field and says what the engine
said. The rule a wrong answer names is the content tests' concern (under a house ruleset the rule of
a refusal may change while the answer stays wrong, and ``Lesson.under`` keeps such exercises).
"""

from __future__ import annotations

from typing import Any, Protocol

import burraco_core as bc
from burraco_core.errors import shown

from .checks import CurriculumError

__all__ = ["prove"]


class Verdict(Protocol):
    """What :class:`~lessons.curriculum.model.Verdict` offers here (model imports this module)."""

    @property
    def status(self) -> str: ...

    def message(self, lang: str = "en") -> str: ...


class Exercise(Protocol):
    """What :class:`~lessons.curriculum.model.Exercise` offers here."""

    @property
    def solution(self) -> Any: ...

    @property
    def wrong_answers(self) -> tuple[tuple[Any, str | None], ...]: ...

    def check(self, answer: Any) -> Verdict: ...


def prove(exercise: Exercise, where: str) -> None:
    """Raise CurriculumError unless the solution is correct and every wrong answer incorrect."""
    verdict = _verdict(exercise, exercise.solution, where, "solution")
    if verdict.status == "not-attempted":
        raise CurriculumError(where, "solution", "empty: give the answer check() calls correct")
    if verdict.status != "correct":
        raise CurriculumError(where, "solution", f"the engine does not call {shown(exercise.solution)} correct: "
                                                 f"{_said(verdict)}")
    for i, (answer, _) in enumerate(exercise.wrong_answers):
        field = f"wrong_answers[{i}]"
        verdict = _verdict(exercise, answer, where, field)
        if verdict.status == "correct":
            raise CurriculumError(where, field, f"the engine calls {shown(answer)} correct, so it is no wrong answer "
                                                f"(a learner giving it would read: {_said(verdict)})")
        if verdict.status == "not-attempted":
            raise CurriculumError(where, field, "empty: a wrong answer is one a learner may give, and check() refuses")


def _verdict(exercise: Exercise, answer: Any, where: str, field: str) -> Verdict:
    try:
        return exercise.check(answer)
    except bc.BurracoError as err:       # the engine cannot even set the answer up
        raise CurriculumError(where, field, f"the engine cannot judge {shown(answer)}: {err}") from err


def _said(verdict: Verdict) -> str:
    return verdict.message("en")
