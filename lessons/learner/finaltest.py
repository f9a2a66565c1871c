"""The last final test a learner took, as the learner's record keeps it: the score, out of how many
questions, when, and the rules its wrong answers broke (rule ids, most missed first); and the test in
progress (:class:`FinalRun`: its questions and the answers so far), so that a reload resumes it.

Kept by :class:`~lessons.learner.progress.Progress` (``record_final``, ``final_test``) and so saved, merged
and sent to the class service with the rest of the record. Read back as every field of the record is
(:mod:`.reading`): bounded, checked, a corrupt value refused with :class:`~.reading.ProgressError`.
Pure Python. (The test itself: ``PracticeSession.final_test`` in :mod:`.practice`.)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .reading import ProgressError, _check_id, _check_rule, _exact_keys, _read_time

__all__ = ["FinalResult", "FinalRun", "MAX_MISSED", "MAX_QUESTIONS"]

MAX_QUESTIONS = 100         # questions of one final test (the tutorial's has 20)
MAX_MISSED = 12             # rule ids kept of one test's wrong answers


@dataclass(frozen=True)
class FinalResult:
    """``score`` right answers of ``total`` questions, taken at ``at`` (seconds since the epoch);
    ``missed``: the rule ids its wrong answers broke, most missed first (at most :data:`MAX_MISSED`)."""

    score: int
    total: int
    at: float
    missed: tuple[str, ...] = ()

    @classmethod
    def make(cls, score: object, total: object, at: object, missed: Iterable[object] = (),
             where: str = "final") -> FinalResult:
        """A result checked field by field (:class:`ProgressError` naming the field when one is wrong)."""
        if isinstance(total, bool) or not isinstance(total, int) or not 1 <= total <= MAX_QUESTIONS:
            raise ProgressError("bad-field", field=f"{where}.total", expected="count")
        if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= total:
            raise ProgressError("bad-field", field=f"{where}.score", expected="count")
        if isinstance(missed, (str, bytes)) or not isinstance(missed, Iterable):
            raise ProgressError("bad-field", field=f"{where}.missed", expected="rules")
        rules = list(missed)
        if len(rules) > MAX_MISSED or len(set(map(repr, rules))) != len(rules):
            raise ProgressError("bad-field", field=f"{where}.missed", expected="rules")
        if len(rules) > total - score:
            raise ProgressError("inconsistent", field=where)
        return cls(score, total, _read_time(at, f"{where}.at"),
                   tuple(_check_rule(rule, f"{where}.missed") for rule in rules))

    def to_body(self) -> dict[str, Any]:
        return {"score": self.score, "total": self.total, "at": self.at, "missed": list(self.missed)}

    @classmethod
    def from_body(cls, body: object, where: str = "final") -> FinalResult:
        if not isinstance(body, dict):
            raise ProgressError("bad-field", field=where, expected="object")
        _exact_keys(body, {"score", "total", "at", "missed"}, where)
        if not isinstance(body["missed"], list):
            raise ProgressError("bad-field", field=f"{where}.missed", expected="rules")
        return cls.make(body["score"], body["total"], body["at"], body["missed"], where)


@dataclass(frozen=True)
class FinalRun:
    """A final test in progress: its ``questions`` (generated exercises' ids, dealt again from them), the
    ``answers`` so far in order (right or wrong, and the rule a wrong one broke), started from ``seed``,
    last answered at ``at``. Not a result: it goes once the test is over, and a reset forgets it."""

    seed: int
    questions: tuple[str, ...]
    answers: tuple[tuple[bool, str | None], ...]
    at: float

    @classmethod
    def make(cls, seed: object, questions: Iterable[object], answers: Iterable[object], at: object,
             where: str = "final_run") -> FinalRun:
        """A test in progress checked field by field (:class:`ProgressError` naming the field)."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 10**12:
            raise ProgressError("bad-field", field=f"{where}.seed", expected="count")
        for name, value in (("questions", questions), ("answers", answers)):
            if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
                raise ProgressError("bad-field", field=f"{where}.{name}", expected="test")
        ids = tuple(_check_id(question, f"{where}.questions") for question in questions)
        if not 1 <= len(ids) <= MAX_QUESTIONS or len(set(ids)) != len(ids):
            raise ProgressError("bad-field", field=f"{where}.questions", expected="test")
        said: list[tuple[bool, str | None]] = []
        for answer in answers:
            if not isinstance(answer, (list, tuple)) or len(answer) != 2 or not isinstance(answer[0], bool):
                raise ProgressError("bad-field", field=f"{where}.answers", expected="test")
            right, rule = answer
            if rule is not None and (right or not isinstance(rule, str)):
                raise ProgressError("bad-field", field=f"{where}.answers", expected="test")
            said.append((right, None if rule is None else _check_rule(rule, f"{where}.answers")))
        if len(said) >= len(ids):           # a test answered to the end is a result, not a test in progress
            raise ProgressError("inconsistent", field=where)
        return cls(seed, ids, tuple(said), _read_time(at, f"{where}.at"))

    def to_body(self) -> dict[str, Any]:
        return {"seed": self.seed, "questions": list(self.questions),
                "answers": [[right, rule] for right, rule in self.answers], "at": self.at}

    @classmethod
    def from_body(cls, body: object, where: str = "final_run") -> FinalRun:
        if not isinstance(body, dict):
            raise ProgressError("bad-field", field=where, expected="object")
        _exact_keys(body, {"seed", "questions", "answers", "at"}, where)
        for name in ("questions", "answers"):
            if not isinstance(body[name], list):
                raise ProgressError("bad-field", field=f"{where}.{name}", expected="test")
        return cls.make(body["seed"], body["questions"], body["answers"], body["at"], where)


def latest(a: FinalResult | None, b: FinalResult | None) -> FinalResult | None:
    """The test taken last of two (either may be None); on a tie the larger body, so that a merge is
    commutative."""
    if a is None or b is None:
        return a if b is None else b
    if a.at != b.at:
        return a if a.at > b.at else b
    said = [json.dumps(r.to_body(), sort_keys=True) for r in (a, b)]
    return a if said[0] >= said[1] else b


def latest_run(a: FinalRun | None, b: FinalRun | None) -> FinalRun | None:
    """The test in progress answered last of two (either may be None); on a tie the one further on, then
    the larger body, so that a merge is commutative."""
    if a is None or b is None:
        return a if b is None else b
    if (a.at, len(a.answers)) != (b.at, len(b.answers)):
        return a if (a.at, len(a.answers)) > (b.at, len(b.answers)) else b
    said = [json.dumps(r.to_body(), sort_keys=True) for r in (a, b)]
    return a if said[0] >= said[1] else b
