"""One learner going through one lesson: where they are, hints shown, retries, stars.

Plain Python, no widgets: the lesson widget is a view over a :class:`LessonSession`,
and the tests drive a session directly as well. Results go to a
:class:`~lessons.learner.progress.Progress` and the resume point is kept there too, so a
lesson opens again where the learner stopped; a lesson whose every exercise is solved opens
on its summary, whichever lesson the learner was in last.

**Stars are earned once.** An exercise's stars are those of the answer that first solved it:
going Back to it, opening it again from the star strip or the summary, or another day, the
learner may answer again (the verdict is shown, a mistake is still counted for practice), but
no better answer can earn more stars than the first one did, since by then the learner has seen
the verdict, the hints or the solution. Within a visit an exercise keeps its hints, retries and
solution shown when the learner goes away and comes back.::

    session = LessonSession(lessons.get_lesson("melds"), progress)
    session.start()                     # from the intro to exercise 1
    session.hint()                      # Message of the next hint
    verdict = session.check("5H 6H 7H")
    session.earned                      # stars of this exercise, now
    session.next()
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from burraco_core.messages import Message

from ..curriculum.model import Exercise, Lesson, Verdict
from .checkup import in_course
from .progress import Progress, stars

INTRO = "intro"
EXERCISE = "exercise"
SUMMARY = "summary"


@dataclass(frozen=True)
class Row:
    """One line of the summary: an exercise and its stars (the best kept)."""

    number: int
    exercise: Exercise
    stars: int


class LessonSession:
    """The state of one lesson for one learner; every change is reported to ``on_change``."""

    def __init__(self, lesson: Lesson, progress: Progress | None = None,
                 on_change: Callable[[LessonSession], None] | None = None) -> None:
        self.lesson = lesson
        self.progress = progress if progress is not None else Progress()
        self.on_change = on_change
        self.index = -1                      # -1: the intro; len(exercises): the summary
        self._visits: dict[int, tuple[int, int, bool, Verdict | None, int | None]] = {}
        self.recorded = False                # the last check was recorded in the progress
        self._reset_exercise()
        if not self.follow_resume() and self.complete:
            self.index = len(lesson.exercises)

    def follow_resume(self) -> bool:
        """Go where the progress says this lesson stopped (if it says so); True if that moved."""
        resume = self.progress.resume
        if resume is None or resume[0] != self.lesson.key:
            return False
        index = max(0, min(resume[1], len(self.lesson.exercises)))
        if index == self.index:
            return False
        self.index = index
        self._reset_exercise()
        return True

    @property
    def complete(self) -> bool:
        """Every exercise of the lesson is solved (in this visit or before)."""
        return all(self.progress.solved(ex.id) for ex in self.lesson.exercises)

    def _reset_exercise(self) -> None:
        """The state of the exercise now open: as the learner left it in this visit, else fresh."""
        hints, retries, shown, verdict, earned = self._visits.get(self.index, (0, 0, False, None, None))
        self.hints_shown = hints
        self.retries = retries
        self.solution_shown = shown
        self.verdict: Verdict | None = verdict
        self.earned: int | None = earned       # stars of the current exercise, once it is solved
        if earned is None and self.exercise is not None and self.progress.solved(self.exercise.id):
            self.earned = self.progress.stars(self.exercise.id)     # solved before: its stars are kept

    def _keep_visit(self) -> None:
        if self.phase == EXERCISE:
            self._visits[self.index] = (self.hints_shown, self.retries, self.solution_shown, self.verdict, self.earned)

    # ------------------------------------------------------------------ where
    @property
    def phase(self) -> str:
        if self.index < 0:
            return INTRO
        if self.index >= len(self.lesson.exercises):
            return SUMMARY
        return EXERCISE

    @property
    def exercise(self) -> Exercise | None:
        return self.lesson.exercises[self.index] if self.phase == EXERCISE else None

    @property
    def count(self) -> int:
        return len(self.lesson.exercises)

    def go(self, index: int) -> None:
        """Go to exercise ``index`` (-1: the intro, ``count``: the summary)."""
        self._keep_visit()
        self.index = max(-1, min(index, self.count))
        self._reset_exercise()
        if self.index >= 0 and in_course(self.lesson.key):   # a teacher's exercise or a worksheet is no place to resume
            self.progress.resume = (self.lesson.key, self.index)
        self._changed()

    def start(self) -> None:
        self.go(0)

    def next(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    def intro(self) -> None:
        self.go(-1)

    # ---------------------------------------------------------------- working
    def _current(self) -> Exercise:
        exercise = self.exercise
        if exercise is None:
            raise RuntimeError("no exercise is open: start the lesson first")
        return exercise

    def check(self, answer: Any) -> Verdict:
        """Check an answer to the current exercise and record it (once solved, it stays so: a later
        answer is checked and shown, not recorded)."""
        exercise = self._current()
        verdict = exercise.check(answer)
        self.recorded = False
        if verdict.status == "not-attempted" or self.earned is not None:
            self.verdict = verdict   # not recorded: nothing answered, or solved already
            self._changed()
            return verdict
        self.recorded = True
        self.progress.record(exercise.id, correct=verdict.correct, hints=self.hints_shown,
                             retries=self.retries, solution_shown=self.solution_shown, rule=verdict.rule,
                             teaches=exercise.teaches)     # a worksheet's generated exercise counts as practice
        if verdict.correct:
            self.earned = stars(correct=True, hints=self.hints_shown, retries=self.retries,
                                solution_shown=self.solution_shown)
        else:
            self.retries += 1
        self.verdict = verdict
        self._changed()
        return verdict

    def hint(self) -> Message | None:
        """The next hint (graduated), or None when every hint is shown."""
        exercise = self._current()
        if self.hints_shown >= len(exercise.hints):
            return None
        self.hints_shown += 1
        self._changed()
        return exercise.hints[self.hints_shown - 1]

    @property
    def hints(self) -> tuple[Message, ...]:
        """The hints shown so far for the current exercise."""
        exercise = self.exercise
        return exercise.hints[:self.hints_shown] if exercise else ()

    def show_solution(self) -> Any:
        """The worked solution; asking for it before a correct answer gives no stars."""
        exercise = self._current()
        self.solution_shown = True
        self._changed()
        return exercise.solution

    # ---------------------------------------------------------------- stars
    def stars(self, exercise: Exercise | str) -> int:
        """The best stars kept for an exercise of this lesson."""
        return self.progress.stars(exercise if isinstance(exercise, str) else exercise.id)

    def rows(self) -> tuple[Row, ...]:
        return tuple(Row(i + 1, ex, self.stars(ex)) for i, ex in enumerate(self.lesson.exercises))

    @property
    def total(self) -> int:
        return sum(row.stars for row in self.rows())

    @property
    def max_stars(self) -> int:
        return 3 * self.count

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)


__all__ = ["EXERCISE", "INTRO", "LessonSession", "Row", "SUMMARY"]
