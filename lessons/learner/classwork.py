"""Work a teacher sets the class, and the part of a pupil's progress a class service keeps. Pure Python.

An :class:`Assignment` is one of three kinds, each with an optional due date::

    Assignment.from_body({"kind": "lessons", "lessons": ["melds", "ace"], "due": "2025-12-19"})
    Assignment.from_body({"kind": "worksheet", "sheet": {"number": 7, "kinds": ["judge-meld", "attach"]}})
    Assignment.from_body({"kind": "practice", "rules": ["run.gap", "meld.not-a-meld"]})

    assignment.steps(progress)     # (done, of): exercises solved, or correct practice answers
    assignment.done(progress)      # True once every step is done

A worksheet is the one the worksheet maker prints for that number (the same kinds, count, difficulty
and built-in rules); a pupil may also do it on screen (:func:`sheet_lesson`), and it counts as done
when each of its exercises is solved. Practice counts as the practice page does (``practised``).

What a class service may keep of a pupil's progress is the curriculum's part of it: the lessons'
exercises and the generated ones under the built-in rules (:func:`class_copy`); an exercise a teacher
wrote in a notebook stays on the pupil's own computer. Bad input raises :class:`ClassworkError`,
which carries a catalogue Message (``err.msg``) like :class:`~lessons.learner.progress.ProgressError`.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message

from ..curriculum import model
from ..curriculum.generators import DIFFICULTIES, GENERATED_KINDS, exercises
from ..curriculum.model import Exercise, Lesson
from .practice import NEEDED, parse_generated_id, practised
from .progress import KeyedError, Progress

__all__ = ["KINDS", "Assignment", "ClassworkError", "Sheet", "assignments_from", "class_copy", "is_class_exercise",
           "sheet_lesson", "unknown_exercises"]

KINDS = ("lessons", "worksheet", "practice")
MAX_ITEMS = 20              # lessons or rules in one assignment
MAX_SHEET = 40              # exercises on one sheet (the worksheet maker's limit)
MAX_NUMBER = 10**9          # a sheet's number (the maker's seed)
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class ClassworkError(KeyedError):
    """An assignment, or progress sent to a class, that cannot be taken; nothing was changed.

    ``err.msg`` is the reason as a catalogue Message (key ``classwork.error.*``); ``str(err)`` its English.
    """

    PREFIX = "classwork.error."


# -- what a class keeps ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _lesson_exercise_ids() -> frozenset[str]:
    return frozenset(ex.id for lesson in model.all_lessons() for ex in lesson.exercises)


def is_class_exercise(exercise_id: str) -> bool:
    """True for a lesson's exercise, or one generated under a built-in ruleset (practice, worksheets)."""
    if exercise_id in _lesson_exercise_ids():
        return True
    parsed = parse_generated_id(exercise_id)
    return parsed is not None and isinstance(parsed[2], str)


def unknown_exercises(progress: Progress) -> list[str]:
    """The exercise ids of this progress that are not the curriculum's (see :func:`is_class_exercise`)."""
    return [key for key in progress.exercise_ids() if not is_class_exercise(key)]


def class_copy(progress: Progress) -> Progress:
    """A copy of ``progress`` with only the curriculum's exercises (and no hand of the Play table): what a
    class service is sent."""
    progress = progress.without_hand()
    if not unknown_exercises(progress):
        return progress
    body = progress.to_body()
    body["exercises"] = {key: record for key, record in body["exercises"].items() if is_class_exercise(key)}
    return Progress.from_body(body)


# -- a worksheet ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Sheet:
    """The worksheet the maker prints for ``number``: ``count`` exercises of ``kinds`` (in turn) at
    ``difficulty``, under the built-in ruleset ``rules``."""

    number: int
    kinds: tuple[str, ...] = ("judge-meld", "stands-for", "attach")
    count: int = 6
    difficulty: int = 1
    rules: str = "classic"

    def exercises(self) -> tuple[Exercise, ...]:
        return _sheet(self)

    def exercise_ids(self) -> tuple[str, ...]:
        return _sheet_ids(self)

    def to_body(self) -> dict[str, Any]:
        return {"number": self.number, "kinds": list(self.kinds), "count": self.count,
                "difficulty": self.difficulty, "rules": self.rules}

    @classmethod
    def from_body(cls, body: object) -> Sheet:
        if not isinstance(body, dict):
            raise ClassworkError("bad-field", field="sheet")
        _only_keys(body, {"number", "kinds", "count", "difficulty", "rules"}, "sheet")
        if "number" not in body:
            raise ClassworkError("missing-field", field="sheet.number")
        number = _whole(body["number"], "sheet.number", 0, MAX_NUMBER)
        kinds = body.get("kinds", list(cls.kinds))
        if not isinstance(kinds, list) or not kinds or len(kinds) > len(GENERATED_KINDS):
            raise ClassworkError("bad-field", field="sheet.kinds")
        for kind in kinds:
            if kind not in GENERATED_KINDS:
                raise ClassworkError("unknown-kind", kind=str(kind)[:40])
        count = _whole(body.get("count", cls.count), "sheet.count", 1, MAX_SHEET)
        difficulty = body.get("difficulty", cls.difficulty)
        if difficulty not in DIFFICULTIES or isinstance(difficulty, bool):
            raise ClassworkError("bad-field", field="sheet.difficulty")
        rules = body.get("rules", cls.rules)
        if not isinstance(rules, str) or rules not in bc.RULESETS:
            raise ClassworkError("unknown-rules", rules=str(rules)[:40])
        return cls(number, tuple(dict.fromkeys(kinds)), count, difficulty, rules)


@functools.lru_cache(maxsize=4096)
def _sheet_ids(sheet: Sheet) -> tuple[str, ...]:
    # Kept apart from the exercises (a few hundred bytes each, not a few hundred kB): every pupil's post
    # works out the steps of every worksheet set, and a year of them (more than _sheet keeps) generated
    # every sheet again at every post, some 6 ms each.
    return tuple(ex.id for ex in _sheet(sheet))


@functools.lru_cache(maxsize=64)
def _sheet(sheet: Sheet) -> tuple[Exercise, ...]:
    # Under a built-in ruleset every kind gives every seed, so this is the maker's sheet exactly.
    return tuple(exercises(sheet.kinds, sheet.count, sheet.number, sheet.rules, sheet.difficulty))


def sheet_lesson(sheet: Sheet) -> Lesson:
    """The sheet as a lesson to do on screen: its exercises in order (answers kept under their ids)."""
    return Lesson(key=f"sheet-{sheet.number}", number=sheet.number, ruleset=sheet.rules,
                  title_msg=Message("classwork.sheet.title", number=sheet.number), intro=(),
                  summary=Message("classwork.sheet.summary"), exercises=sheet.exercises())


# -- an assignment --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Assignment:
    """What the teacher set: ``kind`` (``lessons``, ``worksheet`` or ``practice``) with its ``lessons``
    (keys), ``sheet`` or practice ``rules`` (rule ids); ``due`` an optional date. ``id`` and ``set_at``
    are given by the class service that keeps it (0 before)."""

    kind: str
    lessons: tuple[str, ...] = ()
    sheet: Sheet | None = None
    rules: tuple[str, ...] = ()
    due: datetime.date | None = None
    id: int = 0
    set_at: float = 0.0

    # ---------------------------------------------------------------- progress
    def steps(self, progress: Progress) -> tuple[int, int]:
        """(done, of): exercises solved of the lessons or the sheet, or correct practice answers
        (``NEEDED`` per rule, as the practice page counts them)."""
        if self.kind == "practice":
            counts = practised(progress)
            return sum(min(counts.get(rule, 0), NEEDED) for rule in self.rules), NEEDED * len(self.rules)
        ids = self.exercise_ids()
        return sum(progress.solved(i) for i in ids), len(ids)

    def done(self, progress: Progress) -> bool:
        done, of = self.steps(progress)
        return done >= of

    def label(self) -> Message:
        """What was set, in words: "Lessons 2 (Melds) and 3 (...)", "Worksheet no. 7", "Practice: 3 rules"."""
        if self.kind == "lessons":
            by_key = {lesson.key: lesson for lesson in model.all_lessons()}
            return Message("classwork.lessons", count=len(self.lessons), lessons=tuple(
                Message("classwork.lesson", number=by_key[key].number, title=by_key[key].title_msg)
                for key in self.lessons if key in by_key))
        if self.kind == "worksheet" and self.sheet is not None:
            return Message("classwork.sheet", number=self.sheet.number, count=self.sheet.count)
        return Message("classwork.practice", count=len(self.rules))

    def due_message(self) -> Message | None:
        """"by 19 December 2025", or None without a due date."""
        if self.due is None:
            return None
        return Message("classwork.due", day=self.due.day, month=self.due.month, year=self.due.year)

    def exercise_ids(self) -> tuple[str, ...]:
        """The exercises to solve (none for practice: any exercise on its rules counts)."""
        if self.kind == "lessons":
            by_key = {lesson.key: lesson for lesson in model.all_lessons()}
            return tuple(ex.id for key in self.lessons if key in by_key for ex in by_key[key].exercises)
        if self.kind == "worksheet" and self.sheet is not None:
            return self.sheet.exercise_ids()
        return ()

    # ---------------------------------------------------------------- JSON
    def to_body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"id": self.id, "kind": self.kind, "set_at": self.set_at,
                                "due": self.due.isoformat() if self.due else None}
        if self.kind == "lessons":
            body["lessons"] = list(self.lessons)
        elif self.kind == "worksheet" and self.sheet is not None:
            body["sheet"] = self.sheet.to_body()
        else:
            body["rules"] = list(self.rules)
        return body

    @classmethod
    def from_body(cls, body: object) -> Assignment:
        """An assignment as a teacher's page sends it (``id`` and ``set_at`` are kept when present)."""
        if not isinstance(body, dict):
            raise ClassworkError("not-assignment")
        kind = body.get("kind")
        if kind not in KINDS:
            raise ClassworkError("unknown-assignment", kind=str(kind)[:40])
        item = {"lessons": "lessons", "worksheet": "sheet", "practice": "rules"}[kind]
        _only_keys(body, {"id", "kind", "set_at", "due", item}, "")
        if item not in body:
            raise ClassworkError("missing-field", field=item)
        due = _date(body.get("due"))
        ident = _whole(body.get("id", 0), "id", 0, 2**62)
        set_at = body.get("set_at", 0.0)
        if isinstance(set_at, bool) or not isinstance(set_at, (int, float)) or not 0 <= set_at < 1e11:
            raise ClassworkError("bad-field", field="set_at")
        if kind == "worksheet":
            return cls(kind, sheet=Sheet.from_body(body["sheet"]), due=due, id=ident, set_at=float(set_at))
        items = _names(body[item], item)
        if kind == "lessons":
            known = {lesson.key for lesson in model.all_lessons()}
            for key in items:
                if key not in known:
                    raise ClassworkError("unknown-lesson", lesson=key[:60])
            return cls(kind, lessons=items, due=due, id=ident, set_at=float(set_at))
        for rule in items:
            if rule not in bc.RULE_IDS:
                raise ClassworkError("unknown-rule", rule=rule[:60])
        return cls(kind, rules=items, due=due, id=ident, set_at=float(set_at))


def _only_keys(body: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(str(key) for key in body if key not in allowed)
    if unknown:
        raise ClassworkError("unknown-field", field=f"{where}.{unknown[0]}" if where else unknown[0])


def _whole(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ClassworkError("bad-field", field=field)
    return value


def _names(value: object, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or len(value) > MAX_ITEMS:
        raise ClassworkError("bad-field", field=field)
    if not all(isinstance(each, str) for each in value):
        raise ClassworkError("bad-field", field=field)
    return tuple(dict.fromkeys(value))


def _date(value: object) -> datetime.date | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _DATE.match(value):
        raise ClassworkError("bad-date", value=str(value)[:40])
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise ClassworkError("bad-date", value=value) from None


def assignments_from(bodies: Iterable[object]) -> tuple[Assignment, ...]:
    """Assignments as a class service lists them; one that cannot be read raises ClassworkError."""
    return tuple(Assignment.from_body(body) for body in bodies)
