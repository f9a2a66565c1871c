"""What the learner has done: stars per exercise, missed rules, where they stopped.

Plain Python (no widget import), so it runs anywhere, Pyodide included::

    p = Progress()
    p.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)   # -> 3
    p.stars("melds.first-run")          # 3: the best result is kept
    text = p.to_json()                  # {"format": "burraco-tutor/progress", "version": 1, ...}
    Progress.from_json(text) == p       # True

    store = FileStore()                 # default_path(): the user's data folder
    store.save(p)                       # atomic: temp file, fsync, os.replace
    store.load()                        # a corrupt file is backed up and reported, never dropped

Merging (two tabs open at once, an import) takes the best of both: the higher stars,
solved if solved in either, the larger count of attempts and of misses per rule. Counts are
merged with ``max``, not a sum, so merging the same copy twice changes nothing (the
browser's copy is merged again and again). A reset starts a new *epoch*: a copy from an
older epoch (a tab that had not seen the reset yet) cannot bring forgotten results back.
``merge(other, keep_all=True)`` ignores epochs; importing a file uses it.

The learner reads only catalogue texts: a :class:`ProgressError` carries a
:class:`~burraco_core.messages.Message` (``err.msg``, ``err.message(lang)``).
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from burraco_core import BurracoError, messages
from burraco_core.messages import DEFAULT_LANGUAGE, Message

from .files import NotAFile, read_regular, what_is_there, write_atomically

__all__ = [
    "FORMAT", "VERSION", "ExerciseRecord", "FileStore", "Progress", "ProgressError", "default_path", "stars",
]

FORMAT = "burraco-tutor/progress"
VERSION = 1
APP_FOLDER = "burraco-tutor"
FILE_NAME = "progress.json"
MAX_TEXT = 4_000_000        # characters; far above any real progress (localStorage holds ~5 MB)
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,199}$")
_LANG = re.compile(r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{1,8})*$")

# The lessons' catalogue folder (same spelling as lessons/__init__ uses: add_catalogue_dir
# compares paths as given). Registering is cheap: nothing is read until a text is asked for.
messages.add_catalogue_dir(Path(__file__).parents[1] / "locale")


def _now() -> float:
    """Seconds since the epoch, to the millisecond (tests replace this)."""
    return round(time.time(), 3)


class KeyedError(BurracoError):
    """An error whose reason is a catalogue Message ``<PREFIX><key>`` with ``params``; ``str(err)`` is
    its English text, ``err.message(lang)`` the learner's language."""

    PREFIX = ""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @property
    def msg(self) -> Message:
        return Message(f"{self.PREFIX}{self.key}", **self.params)

    def message(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.text(lang)

    def __str__(self) -> str:
        return self.message(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {str(self)!r})"


class ProgressError(KeyedError):
    """Progress could not be read, written or changed; nothing was changed.

    ``err.msg`` is the reason as a catalogue Message (key ``progress.error.*``);
    ``str(err)`` is its English text.
    """

    PREFIX = "progress.error."


# -- stars ------------------------------------------------------------------------------------

def _count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProgressError("bad-count", name=name, value=repr(value))
    return value


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ProgressError("bad-flag", name=name, value=repr(value))
    return value


def stars(*, correct: bool, first_try: bool = True, hints: int, retries: int, solution_shown: bool) -> int:
    """Stars for one attempt: 3 at the first try with no hint, 2 with one hint or one retry, 1 otherwise.

    0 when the answer is not correct, or when the solution was shown before it was.
    ``first_try`` False counts as (at least) one retry.
    """
    correct = _flag("correct", correct)
    first_try = _flag("first_try", first_try)
    solution_shown = _flag("solution_shown", solution_shown)
    help_used = _count("hints", hints) + max(_count("retries", retries), 0 if first_try else 1)
    if not correct or solution_shown:
        return 0
    if help_used == 0:
        return 3
    return 2 if help_used == 1 else 1


# -- one exercise ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class ExerciseRecord:
    """The best an exercise went: stars kept, solved at least once, attempts, misses per rule id."""

    stars: int = 0
    solved: bool = False
    attempts: int = 0
    misses: Mapping[str, int] = field(default_factory=dict)

    def join(self, other: ExerciseRecord) -> ExerciseRecord:
        misses = dict(self.misses)
        for rule, n in other.misses.items():
            misses[rule] = max(misses.get(rule, 0), n)
        return ExerciseRecord(max(self.stars, other.stars), self.solved or other.solved,
                              max(self.attempts, other.attempts), dict(sorted(misses.items())))

    def to_body(self) -> dict[str, Any]:
        return {"stars": self.stars, "solved": self.solved, "attempts": self.attempts,
                "misses": dict(sorted(self.misses.items()))}

    @classmethod
    def from_body(cls, exercise: str, body: object) -> ExerciseRecord:
        where = f"exercises.{exercise}"
        if not isinstance(body, dict):
            raise ProgressError("bad-field", field=where, expected="object")
        _exact_keys(body, {"stars", "solved", "attempts", "misses"}, where)
        n_stars = _read_count(body["stars"], f"{where}.stars")
        if n_stars > 3:
            raise ProgressError("bad-field", field=f"{where}.stars", expected="stars")
        solved = body["solved"]
        if not isinstance(solved, bool):
            raise ProgressError("bad-field", field=f"{where}.solved", expected="flag")
        attempts = _read_count(body["attempts"], f"{where}.attempts")
        misses = body["misses"]
        if not isinstance(misses, dict):
            raise ProgressError("bad-field", field=f"{where}.misses", expected="object")
        for rule, n in misses.items():
            _check_id(rule, f"{where}.misses")
            _read_count(n, f"{where}.misses.{rule}")
        if (n_stars and not solved) or (solved and not attempts):
            raise ProgressError("inconsistent", field=where)
        return cls(n_stars, solved, attempts, dict(sorted(misses.items())))


def _exact_keys(body: dict[str, Any], expected: set[str], where: str) -> None:
    missing = sorted(expected - body.keys())
    if missing:
        raise ProgressError("missing-field", field=f"{where}.{missing[0]}" if where else missing[0])
    unknown = sorted(body.keys() - expected)
    if unknown:
        raise ProgressError("unknown-field", field=f"{where}.{unknown[0]}" if where else unknown[0])


def _read_count(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ProgressError("bad-field", field=where, expected="count")
    return value


def _read_time(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ProgressError("bad-field", field=where, expected="time")
    return float(value)


def _check_id(value: object, where: str) -> str:
    if not isinstance(value, str) or not _ID.match(value):
        raise ProgressError("bad-id", field=where, value=repr(value)[:80])
    return value


def _check_lang(value: object, where: str = "lang") -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _LANG.match(value):
        raise ProgressError("bad-field", field=where, expected="lang")
    return value


def _check_resume(value: object, where: str = "resume") -> tuple[str, int] | None:
    if value is None:
        return None
    if (not isinstance(value, (tuple, list)) or len(value) != 2
            or isinstance(value[1], bool) or not isinstance(value[1], int) or value[1] < 0):
        raise ProgressError("bad-field", field=where, expected="resume")
    return (_check_id(value[0], where), value[1])


# -- the learner's progress -----------------------------------------------------------------------

class Progress:
    """Stars per exercise id, misses per rule id, the learner's language and resume point.

    Every change is checked first and applied whole, or raises :class:`ProgressError`
    and changes nothing.
    """

    def __init__(self) -> None:
        self._exercises: dict[str, ExerciseRecord] = {}
        self._epoch = 0.0                            # time of the last reset (0: never reset)
        self._lang: tuple[str | None, float] = (None, 0.0)           # value, time set
        self._resume: tuple[tuple[str, int] | None, float] = (None, 0.0)

    # ---------------------------------------------------------------- recording
    def record(self, exercise_id: str, *, correct: bool, hints: int, retries: int, solution_shown: bool,
               rule: str | None = None) -> int:
        """One finished (or failed) attempt at an exercise; returns the stars now kept (the best so far).

        An incorrect answer counts a miss of ``rule`` (the rule id it broke), if given.
        """
        _check_id(exercise_id, "exercise_id")
        earned = stars(correct=correct, hints=hints, retries=retries, solution_shown=solution_shown)
        if rule is not None:
            _check_id(rule, "rule")
        old = self._exercises.get(exercise_id, ExerciseRecord())
        misses = dict(old.misses)
        if not correct and rule is not None:
            misses[rule] = misses.get(rule, 0) + 1
        new = ExerciseRecord(max(old.stars, earned), old.solved or correct, old.attempts + 1,
                             dict(sorted(misses.items())))
        self._exercises[exercise_id] = new
        return new.stars

    # ---------------------------------------------------------------- reading
    def stars(self, exercise_id: str) -> int:
        """The best stars kept for an exercise; 0 when never solved."""
        record = self._exercises.get(exercise_id)
        return record.stars if record else 0

    def solved(self, exercise_id: str) -> bool:
        record = self._exercises.get(exercise_id)
        return bool(record and record.solved)

    def attempted(self, exercise_id: str) -> bool:
        record = self._exercises.get(exercise_id)
        return bool(record and record.attempts)

    def record_of(self, exercise_id: str) -> ExerciseRecord:
        """Everything kept for one exercise (an empty record when never attempted)."""
        return self._exercises.get(exercise_id, ExerciseRecord())

    def exercise_ids(self) -> tuple[str, ...]:
        """Every exercise attempted, sorted."""
        return tuple(sorted(self._exercises))

    def total_stars(self, exercise_ids: Iterable[str] | None = None) -> int:
        """The stars of these exercises (of all, when None)."""
        ids = self._exercises if exercise_ids is None else exercise_ids
        return sum(self.stars(i) for i in ids)

    def missed_rules(self) -> dict[str, int]:
        """Rule id -> how many incorrect answers broke it, over every exercise (most missed first)."""
        total: dict[str, int] = {}
        for record in self._exercises.values():
            for rule, n in record.misses.items():
                total[rule] = total.get(rule, 0) + n
        return dict(sorted(total.items(), key=lambda item: (-item[1], item[0])))

    @property
    def epoch(self) -> float:
        """When the progress was last reset (0.0: never)."""
        return self._epoch

    def is_empty(self) -> bool:
        return not self._exercises and self._lang[0] is None and self._resume[0] is None

    # ---------------------------------------------------------------- settings
    @property
    def lang(self) -> str | None:
        """The learner's language, or None when not chosen yet."""
        return self._lang[0]

    @lang.setter
    def lang(self, value: str | None) -> None:
        self._lang = (_check_lang(value), max(_now(), self._lang[1]))

    @property
    def resume(self) -> tuple[str, int] | None:
        """(lesson key, exercise index) where the learner stopped, or None."""
        return self._resume[0]

    @resume.setter
    def resume(self, value: tuple[str, int] | None) -> None:
        self._resume = (_check_resume(value), max(_now(), self._resume[1]))

    # ---------------------------------------------------------------- reset, copy, merge
    def reset(self) -> None:
        """Forget every result, the missed rules and the resume point (the language stays chosen).

        Starts a new epoch, so a copy saved before the reset (another tab's) cannot bring
        the results back when merged.
        """
        now = max(_now(), round(self._epoch + 0.001, 3))
        self._exercises = {}
        self._epoch = now
        self._resume = (None, now)

    def copy(self) -> Progress:
        new = Progress()
        new._exercises = dict(self._exercises)
        new._epoch, new._lang, new._resume = self._epoch, self._lang, self._resume
        return new

    def merge(self, other: Progress, *, keep_all: bool = False) -> Progress:
        """A new Progress with the best of both (neither is changed).

        Per exercise: the higher stars, solved if solved in either, the larger attempt and
        miss counts (max, not sum: merging a copy again changes nothing). Language and resume
        point: the one set last. Commutative, associative and idempotent. Without
        ``keep_all`` a copy from an older epoch (saved before a reset) contributes only its
        language; with it (an import), epochs are ignored and everything is kept.
        """
        if not isinstance(other, Progress):
            raise TypeError(f"can only merge a Progress, not {type(other).__name__}")
        new = Progress()
        new._epoch = max(self._epoch, other._epoch)
        new._lang = _latest(self._lang, other._lang)
        sides = [self, other] if keep_all else [p for p in (self, other) if p._epoch == new._epoch]
        resumes = [side._resume for side in sides]
        if keep_all and any(r[0] is not None for r in resumes):
            resumes = [r for r in resumes if r[0] is not None]    # an import brings its resume point back
        resume = resumes[0]
        for other_resume in resumes[1:]:
            resume = _latest(resume, other_resume)
        new._resume = resume
        records: dict[str, ExerciseRecord] = {}
        for side in sides:
            for key, record in side._exercises.items():
                records[key] = records[key].join(record) if key in records else record
        new._exercises = dict(sorted(records.items()))
        return new

    def move_ids(self, moved: Mapping[str, str]) -> bool:
        """Give the results kept under old exercise ids (a course rebuilt since they were saved) to the
        exercises they moved to, ``old id -> new id``: joined with what the new id holds as :meth:`merge`
        joins two copies (the best stars, the larger counts), the old id dropped. A resume point in a
        lesson that no longer exists is left for the lesson to ignore. True when something moved."""
        found = [old for old in self._exercises if old in moved]
        if not found:
            return False
        for key in moved.values():
            _check_id(key, "moved")
        records = dict(self._exercises)
        for old in found:
            record = records.pop(old)
            new = moved[old]
            records[new] = records[new].join(record) if new in records else record
        self._exercises = dict(sorted(records.items()))
        return True

    def update(self, other: Progress, *, keep_all: bool = False) -> bool:
        """Merge ``other`` into this progress in place (as :meth:`merge`); True when something changed."""
        merged = self.merge(other, keep_all=keep_all)
        if merged == self:
            return False
        self._exercises, self._epoch = merged._exercises, merged._epoch
        self._lang, self._resume = merged._lang, merged._resume
        return True

    # ---------------------------------------------------------------- JSON
    def to_body(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "epoch": self._epoch,
            "lang": self._lang[0],
            "lang_at": self._lang[1],
            "resume": None if self._resume[0] is None else list(self._resume[0]),
            "resume_at": self._resume[1],
            "exercises": {key: rec.to_body() for key, rec in sorted(self._exercises.items())},
        }

    def to_json(self) -> str:
        """The progress as JSON text; the same progress always gives the same text."""
        return json.dumps(self.to_body(), ensure_ascii=False, indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray | memoryview) -> Progress:
        """Read progress saved by :meth:`to_json`, as text or as the bytes of a file (UTF-8, a leading
        byte-order mark allowed, as some editors write it); anything wrong raises :class:`ProgressError`."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ProgressError("not-text") from None
        if not isinstance(text, str):
            raise ProgressError("not-text")
        text = text.removeprefix("\ufeff")
        if len(text) > MAX_TEXT:
            raise ProgressError("too-big", size=len(text))
        try:
            body = json.loads(text, parse_constant=_no_constant)
        except (ValueError, RecursionError) as err:
            raise ProgressError("not-json", detail=str(err)[:120]) from None
        return cls.from_body(body)

    @classmethod
    def from_body(cls, body: object) -> Progress:
        if not isinstance(body, dict) or body.get("format") != FORMAT:
            raise ProgressError("not-progress")
        if body.get("version") != VERSION:
            raise ProgressError("version", found=repr(body.get("version"))[:40], expected=VERSION)
        _exact_keys(body, {"format", "version", "epoch", "lang", "lang_at", "resume", "resume_at",
                           "exercises"}, "")
        exercises = body["exercises"]
        if not isinstance(exercises, dict):
            raise ProgressError("bad-field", field="exercises", expected="object")
        new = cls()
        new._epoch = _read_time(body["epoch"], "epoch")
        new._lang = (_check_lang(body["lang"]), _read_time(body["lang_at"], "lang_at"))
        new._resume = (_check_resume(body["resume"]), _read_time(body["resume_at"], "resume_at"))
        new._exercises = {_check_id(key, "exercises"): ExerciseRecord.from_body(key, rec)
                          for key, rec in sorted(exercises.items())}
        return new

    # ---------------------------------------------------------------- comparing, showing
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Progress):
            return NotImplemented
        return self.to_body() == other.to_body()

    __hash__ = None  # type: ignore[assignment]   # mutable

    def __repr__(self) -> str:
        solved = sum(r.solved for r in self._exercises.values())
        return (f"<Progress: {len(self._exercises)} exercises attempted, {solved} solved, "
                f"{self.total_stars()} stars>")


def _latest(a: tuple[Any, float], b: tuple[Any, float]) -> tuple[Any, float]:
    """The value set last; on a tie the larger value, so that merging is commutative."""
    if a[1] != b[1]:
        return a if a[1] > b[1] else b
    return a if json.dumps(a[0]) >= json.dumps(b[0]) else b


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


# -- a file on disk ---------------------------------------------------------------------------------

def default_path() -> Path:
    """Where progress is kept on this computer.

    Linux and others: ``$XDG_DATA_HOME/burraco-tutor/progress.json`` (``~/.local/share/...``);
    Windows: ``%APPDATA%\\burraco-tutor\\progress.json``; macOS: ``~/Library/Application Support/...``.
    Standard library only, so the place does not move when another package is installed.
    """
    home = Path.home()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / APP_FOLDER / FILE_NAME


class FileStore:
    """Progress in a JSON file, written atomically; a corrupt file is backed up, reported and kept.

    ``problem`` is None, or a Message saying what went wrong the last time the file was
    read or written (show it to the learner). Only a regular file (or a link to one) is read,
    moved aside or replaced: a folder, a device or a named pipe at the path is reported and
    left exactly as it is (``lessons.learner.files``).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.problem: Message | None = None
        self.backup: Path | None = None         # where the last corrupt file was moved
        self._unreadable = False                # a file is there that could not be read nor moved aside

    def load(self) -> Progress:
        """The saved progress; an empty one when there is none or the file is corrupt (then backed up)."""
        self.problem = None
        self._unreadable = False
        try:
            raw = read_regular(self.path)
        except FileNotFoundError:
            return Progress()
        except NotAFile as err:
            self._unreadable = True
            self.problem = Message("progress.notice.not-a-file", path=str(self.path), what=err.what)
            return Progress()
        except OSError as err:
            self._unreadable = True
            self.problem = Message("progress.notice.unreadable", path=str(self.path), detail=_os_detail(err))
            return Progress()
        try:
            return Progress.from_json(raw)
        except ProgressError as err:
            self._back_up(err)
            return Progress()

    def _back_up(self, err: ProgressError) -> None:
        # A link to the file: the file is moved aside (beside itself), and the link stays for the next save.
        source = Path(os.path.realpath(self.path)) if self.path.is_symlink() else self.path
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(_now()))
        target = source.with_name(f"{source.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = source.with_name(f"{source.name}.corrupt-{stamp}-{n}")
        try:
            what = what_is_there(source)
            if what is not None:            # no longer the file that was read: leave it be
                raise NotAFile(source, what)
            os.rename(source, target)
        except OSError as oserr:
            # Could not move it aside: keep it where it is and refuse to write over it.
            self._unreadable = True
            self.problem = Message("progress.notice.corrupt-kept", path=str(self.path), reason=err.msg,
                                   detail=_os_detail(oserr))
            return
        self.backup = target
        self.problem = Message("progress.notice.corrupt", path=str(source), backup=target.name, reason=err.msg)

    def save(self, progress: Progress) -> None:
        """Write the progress atomically (temp file in the same folder, fsync, os.replace).

        Raises ProgressError (the old file intact) when it cannot be written, or when something
        other than a regular file is at the path (left as it is).
        """
        text = progress.to_json()
        _refuse_not_a_file(self.path)
        if self._unreadable and self.path.exists():
            raise ProgressError("would-overwrite", path=str(self.path))
        _write(self.path, text)
        self._unreadable = False

    def export(self, path: str | os.PathLike[str], progress: Progress | None = None) -> Path:
        """Write ``progress`` (the saved progress when None) to another file, atomically; return its path."""
        target = Path(path)
        if progress is None:
            progress = self.load()
        _write(target, progress.to_json())
        return target

    def import_(self, path: str | os.PathLike[str]) -> Progress:
        """Merge the progress in a file into the saved progress, save it and return it.

        A missing or bad file raises ProgressError and changes nothing.
        """
        imported = read_file(path)
        merged = self.load().merge(imported, keep_all=True)
        self.save(merged)
        return merged


def read_file(path: str | os.PathLike[str]) -> Progress:
    """Progress from an exported file; ProgressError when it cannot be read or is not progress
    (a folder, a device or a named pipe there is not opened)."""
    try:
        raw = read_regular(path)
    except NotAFile as err:
        raise ProgressError("not-a-file", path=str(path), what=err.what) from None
    except OSError as err:
        raise ProgressError("read", path=str(path), detail=_os_detail(err)) from None
    return Progress.from_json(raw)


def _refuse_not_a_file(path: Path) -> None:
    try:
        what = what_is_there(path)
    except OSError:
        return                  # cannot even look: writing will say why
    if what is not None:
        raise ProgressError("not-a-file", path=str(path), what=what)


def _write(path: Path, text: str) -> None:
    try:
        write_atomically(path, text)
    except NotAFile as err:
        raise ProgressError("not-a-file", path=str(path), what=err.what) from None
    except OSError as err:
        raise ProgressError("write", path=str(path), detail=_os_detail(err)) from None


def _os_detail(err: OSError) -> str:
    return err.strerror or type(err).__name__
