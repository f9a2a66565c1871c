"""Practise what I missed: generated exercises on the rules a learner got wrong, until each is
answered correctly twice.

A :class:`PracticeSession` is pure Python (no ipywidgets): it takes the rules from a
:class:`~lessons.progress.Progress` (``missed_rules``), draws exercises from
:mod:`lessons.generators` whose ``teaches`` holds a rule still to practise, and counts the
correct answers. ``lessons.show(session.next())`` shows each exercise with the lesson widget.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import burraco_core as bc

from .curriculum import Exercise, Verdict
from .generators import GENERATED_KINDS, generate
from .progress import Progress

NEEDED = 2          # correct answers per rule before it counts as practised
_SEARCH = 240       # generated exercises tried to find one on a rule, before giving the rule up


class PracticeSession:
    """Exercises on ``rules_to_practise`` (rule ids, most missed first), reproducible by ``seed``."""

    def __init__(self, rules_to_practise: Iterable[str], *, rules: str = "classic", seed: int = 0,
                 kinds: Sequence[str] = GENERATED_KINDS, difficulty: int = 1, needed: int = NEEDED) -> None:
        wanted = list(dict.fromkeys(rules_to_practise))
        unknown = [r for r in wanted if r not in bc.RULE_IDS]
        if unknown:
            raise bc.BurracoError(f"not rule ids: {', '.join(unknown)}")
        self.rules = rules
        self.kinds = tuple(kinds)
        self.difficulty = difficulty
        self.needed = needed
        self.correct: dict[str, int] = {rule: 0 for rule in wanted}
        self.unpractisable: list[str] = []   # rules no generated exercise teaches
        self.current: Exercise | None = None
        self.history: list[tuple[str, bool]] = []   # (exercise id, correct)
        self._seed = seed * 100_000
        self._turn = 0

    @classmethod
    def from_progress(cls, progress: Progress, **options: Any) -> PracticeSession:
        """The rules this learner's incorrect answers broke, most missed first."""
        return cls(progress.missed_rules(), **options)

    @property
    def pending(self) -> tuple[str, ...]:
        """The rules still to practise (fewer than ``needed`` correct answers)."""
        return tuple(rule for rule, n in self.correct.items()
                     if n < self.needed and rule not in self.unpractisable)

    @property
    def done(self) -> bool:
        return not self.pending

    def next(self) -> Exercise | None:
        """The exercise to answer now (the same one until answered correctly); None when done."""
        if self.current is not None:
            return self.current
        while self.pending:
            rule = self.pending[self._turn % len(self.pending)]
            self._turn += 1
            found = self._find(rule)
            if found is not None:
                self.current = found
                return found
            self.unpractisable.append(rule)
        return None

    def _find(self, rule: str) -> Exercise | None:
        for _ in range(_SEARCH):
            self._seed += 1
            kind = self.kinds[self._seed % len(self.kinds)]
            ex = generate(kind, self._seed, self.rules, self.difficulty)
            if rule in ex.teaches:
                return ex
        return None

    def answer(self, answer: Any) -> Verdict:
        """Check an answer to the current exercise; a correct one counts for every rule it teaches."""
        ex = self.next()
        if ex is None:
            raise bc.BurracoError("the practice is over: every rule has been answered correctly")
        verdict = ex.check(answer)
        if verdict.status == "not-attempted":
            return verdict
        self.history.append((ex.id, verdict.correct))
        if verdict.correct:
            for rule in ex.teaches:
                if rule in self.correct:
                    self.correct[rule] += 1
            self.current = None
        return verdict


__all__ = ["NEEDED", "PracticeSession"]
