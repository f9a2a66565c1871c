"""A class summary: the progress files pupils export, as a table of pupils x lessons with stars,
and the rules the class misses most. A file that cannot be read is reported by name, not fatal.
From a class service (:mod:`.service`) it also knows when each pupil last worked and who is stuck
on which exercise, for how long (:meth:`ClassSummary.stuck`).

For a teacher with a folder of exported files::

    summary = load_class(pathlib.Path("class-3b").glob("*.json"))
    summary.stars(lessons.LESSONS)       # pupil -> lesson key -> stars
    summary.missed_by()                  # [(rule id, pupils who missed it, misses)], most first
    summary.bad_files                    # file name -> Message saying why it was not read

``lessons.class_summary(paths)`` shows the same as a widget (the tool page uploads files instead).
No ipywidgets here.

A pupil's *activity* is what a class service saw of each exercise: ``[first try, last try, solved
at or None]`` (seconds since the epoch), kept up by :func:`note_activity` as copies arrive.
"""

from __future__ import annotations

import math
import pathlib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from burraco_core.messages import Message

from ..curriculum.model import Lesson
from ..curriculum.moved import moved_ids
from ..learner.files import NotAFile, read_regular
from ..learner.progress import Progress, ProgressError

Activity = dict[str, tuple[float, float, float | None]]
STUCK_AFTER = 2         # tries at one exercise, unsolved, before a pupil counts as stuck on it
MOST = 1_000_000        # tries or misses at one exercise no pupil reaches: a record beyond it is not believed


# Characters that show nothing or move what follows (U+200B, U+202E, controls): written out in a name
INVISIBLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def visible(name: str) -> str:
    """``name`` with every invisible or control character written out (``bob\\u200b``), so that two
    names that look alike read differently and none can turn the rest of a line around."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in INVISIBLE else c for c in name)


def name_text(name: str) -> str:
    """A pupil's name inside a text (a tooltip, an ARIA label): visible, between Unicode's isolates."""
    return f"\u2068{visible(name)}\u2069"


@dataclass(frozen=True)
class Stuck:
    """A pupil whose latest exercise is unsolved after ``attempts`` tries: since ``since`` (the first
    try the class service saw), last tried at ``last``; ``rule`` the rule missed most there, if any."""

    pupil: str
    exercise: str
    attempts: int
    rule: str | None
    since: float
    last: float


@dataclass
class ClassSummary:
    """``pupils``: name -> Progress; ``bad_files``: file name -> why it could not be read (a Message)."""

    pupils: dict[str, Progress] = field(default_factory=dict)
    bad_files: dict[str, Message] = field(default_factory=dict)
    activity: dict[str, Activity] = field(default_factory=dict)
    """pupil -> exercise -> (first try, last try, solved at or None), from a class service"""
    seen: dict[str, float] = field(default_factory=dict)
    """pupil -> when the class service last heard from them"""
    unreadable: dict[str, Message] = field(default_factory=dict)
    """pupil -> why their record (from a class service) could not be read: shown as such, beside the others"""

    @classmethod
    def from_service(cls, pupils: Mapping[str, Any]) -> ClassSummary:
        """The class as a class service sends it (``{name: {"progress", "activity", "updated"}}``); a
        pupil whose entry cannot be read goes to ``unreadable`` (the others are read), an answer that is
        not a class at all raises ProgressError."""
        if not isinstance(pupils, Mapping):
            raise ProgressError("bad-field", field="pupils", expected="object")
        summary = cls()
        for name, entry in sorted(pupils.items(), key=lambda item: str(item[0])):
            if not isinstance(name, str):
                raise ProgressError("bad-field", field="pupils", expected="object")
            try:
                summary._read_pupil(name, entry)
            except (ProgressError, _Unreadable, ValueError, TypeError, AttributeError, RecursionError) as err:
                for each in (summary.pupils, summary.activity, summary.seen):
                    each.pop(name, None)
                reason = err.msg if isinstance(err, (ProgressError, _Unreadable)) else Message("class.bad-numbers")
                summary.unreadable[name] = Message("class.bad-record", reason=reason)
        return summary

    def _read_pupil(self, name: str, entry: object) -> None:
        if isinstance(entry, str):          # a stored row that is not JSON, passed on as it is (service page)
            raise _Unreadable(Message("class.row-damaged"))
        if not isinstance(entry, Mapping):
            raise ProgressError("bad-field", field=f"pupils.{name[:40]}", expected="object")
        kept = entry.get("summary")
        if isinstance(kept, Mapping) and isinstance(kept.get("error"), str):       # the service could not read it
            raise _Unreadable(Message("class.kept-unreadable", detail=str(kept.get("message") or kept["error"])[:200]))
        progress = Progress.from_body(entry.get("progress"))
        problem = beyond_belief(progress)
        if problem is not None:
            raise _Unreadable(Message("class.bad-numbers-detail", detail=problem))
        self.pupils[name] = progress
        self.activity[name] = read_activity(entry.get("activity", {}))
        updated = entry.get("updated", 0.0)
        if isinstance(updated, bool) or not isinstance(updated, (int, float)) or not math.isfinite(updated):
            raise ProgressError("bad-field", field=f"pupils.{name[:40]}.updated", expected="time")
        self.seen[name] = float(updated)

    def believable(self) -> ClassSummary:
        """This class with every record holding numbers no pupil reaches (see :func:`beyond_belief`)
        moved to ``unreadable``: what the teacher's page draws, so that one record cannot spoil the rest."""
        doubtful = {}
        for name, progress in self.pupils.items():
            problem = beyond_belief(progress)
            if problem is not None:
                doubtful[name] = Message("class.bad-record", reason=Message("class.bad-numbers-detail", detail=problem))
        if not doubtful:
            return self
        return ClassSummary({n: p for n, p in self.pupils.items() if n not in doubtful}, dict(self.bad_files),
                            {n: a for n, a in self.activity.items() if n not in doubtful},
                            {n: t for n, t in self.seen.items() if n not in doubtful}, {**self.unreadable, **doubtful})

    def stuck(self, at_least: int = STUCK_AFTER) -> list[Stuck]:
        """Pupils whose latest exercise is unsolved after ``at_least`` tries, stuck longest first."""
        found = []
        for pupil, activity in self.activity.items():
            if not activity or pupil not in self.pupils:
                continue
            exercise, (first, last, solved) = max(activity.items(), key=lambda item: (item[1][1], item[0]))
            record = self.pupils[pupil].record_of(exercise)
            if solved is not None or record.solved or record.attempts < at_least:
                continue
            rule = max(record.misses.items(), key=lambda item: (item[1], item[0]))[0] if record.misses else None
            found.append(Stuck(pupil, exercise, record.attempts, rule, first, last))
        return sorted(found, key=lambda s: (s.since, s.pupil))

    def add(self, file_name: str, content: bytes | str) -> bool:
        """One pupil's exported file (the pupil is named by the file's stem); False when it is not
        progress (the reason goes to ``bad_files``, the other pupils stay)."""
        name = pathlib.PurePath(file_name).name
        try:
            progress = Progress.from_json(content)
        except ProgressError as err:
            self.bad_files[name] = Message("class.bad-file", file=visible(name), reason=err.msg)
            return False
        progress.move_ids(moved_ids())        # a file saved before the course was rebuilt keeps its stars
        pupil = pathlib.PurePath(name).stem or name
        if pupil in self.pupils:           # the same pupil twice (two exports): keep the best of both
            progress = self.pupils[pupil].merge(progress, keep_all=True)
        self.pupils[pupil] = progress
        self.bad_files.pop(name, None)
        return True

    def stars(self, lessons: Iterable[Lesson]) -> dict[str, dict[str, int]]:
        """Pupil -> lesson key -> the stars earned in that lesson's exercises."""
        lessons = tuple(lessons)
        return {name: {lesson.key: progress.total_stars([ex.id for ex in lesson.exercises]) for lesson in lessons}
                for name, progress in sorted(self.pupils.items())}

    def most_missed(self) -> list[tuple[str, int]]:
        """Rule id and misses over the whole class, most missed first."""
        total: dict[str, int] = {}
        for progress in self.pupils.values():
            for rule, n in progress.missed_rules().items():
                total[rule] = total.get(rule, 0) + n
        return sorted(total.items(), key=lambda item: (-item[1], item[0]))

    def missed_by(self) -> list[tuple[str, int, int]]:
        """(rule id, how many pupils missed it, misses in all), the rule most pupils missed first."""
        pupils: dict[str, int] = {}
        misses: dict[str, int] = {}
        for progress in self.pupils.values():
            for rule, n in progress.missed_rules().items():
                pupils[rule] = pupils.get(rule, 0) + 1
                misses[rule] = misses.get(rule, 0) + n
        return sorted(((rule, pupils[rule], misses[rule]) for rule in pupils),
                      key=lambda item: (-item[1], -item[2], item[0]))


class _Unreadable(Exception):
    """One pupil's entry of a class service's answer that is not drawn (``msg``: why)."""

    def __init__(self, msg: Message) -> None:
        super().__init__(msg.key)
        self.msg = msg


def beyond_belief(progress: Progress) -> str | None:
    """What in this record no pupil could have done (an exercise tried or missed more than ``MOST``
    times, stars beyond 3), or None. Said in English: it goes into a reason the catalogue words."""
    try:
        for exercise in progress.exercise_ids():
            record = progress.record_of(exercise)
            counts = [record.attempts, *record.misses.values()]
            if any(not isinstance(n, int) or n > MOST for n in counts) or not 0 <= record.stars <= 3:
                return f"{exercise[:60]}: more than {MOST} tries or misses, or stars beyond 3"
    except (ValueError, TypeError, AttributeError) as err:
        return type(err).__name__
    return None


def note_activity(before: Progress, after: Progress, activity: Mapping[str, Sequence[float | None]],
                  now: float) -> Activity:
    """The activity once ``after`` replaced ``before``: an exercise tried more often gets ``now`` as its
    last try (and as its first, when new); one solved for the first time ``now`` as its solving time.
    Exercises ``after`` no longer holds (a reset) are forgotten."""
    noted: Activity = {}
    for exercise in after.exercise_ids():
        now_record, old_record = after.record_of(exercise), before.record_of(exercise)
        if not now_record.attempts:
            continue
        old = activity.get(exercise)
        if old is None:
            noted[exercise] = (now, now, now if now_record.solved else None)
            continue
        first, last, solved = float(old[0] or now), float(old[1] or now), old[2]
        if now_record.attempts > old_record.attempts:
            last = now
        if solved is None and now_record.solved:
            solved = now
        noted[exercise] = (first, last, None if solved is None else float(solved))
    return noted


def read_activity(body: object) -> Activity:
    """Activity as JSON holds it (``{exercise: [first, last, solved or null]}``); ProgressError if it is not."""
    if not isinstance(body, Mapping):
        raise ProgressError("bad-field", field="activity", expected="object")
    activity: Activity = {}
    for exercise, times in body.items():
        if (not isinstance(exercise, str) or not isinstance(times, (list, tuple)) or len(times) != 3
                or not all(_time(t) for t in times[:2]) or not (times[2] is None or _time(times[2]))):
            raise ProgressError("bad-field", field="activity", expected="time")
        activity[exercise] = (float(times[0]), float(times[1]), None if times[2] is None else float(times[2]))
    return activity


def _time(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value) and value >= 0


def load_class(paths: Iterable[str | pathlib.Path]) -> ClassSummary:
    """Read each pupil's exported progress file (the pupil is named by the file's stem); a folder
    stands for the ``*.json`` files in it."""
    summary = ClassSummary()
    for each in paths:
        path = pathlib.Path(each)
        if path.is_dir():
            for inner in sorted(path.glob("*.json")):
                _read_into(summary, inner)
        else:
            _read_into(summary, path)
    return summary


def _read_into(summary: ClassSummary, path: pathlib.Path) -> None:
    try:
        content = read_regular(path)        # a named pipe or a device among the files is not opened
    except NotAFile as err:
        summary.bad_files[path.name] = Message("class.bad-file", file=visible(path.name),
                                               reason=Message("progress.error.not-a-file", path=path.name, what=err.what))
        return
    except OSError as err:
        summary.bad_files[path.name] = Message("class.bad-file", file=visible(path.name),
                                               reason=Message("class.unreadable", detail=err.strerror or str(err)))
        return
    summary.add(path.name, content)


__all__ = ["INVISIBLE", "MOST", "STUCK_AFTER", "Activity", "ClassSummary", "Stuck", "beyond_belief", "load_class", "name_text",
           "note_activity", "read_activity", "visible"]
