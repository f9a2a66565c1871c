"""What the learner has done: stars per exercise, missed rules, where they stopped.

Plain Python (no widget import), so it runs anywhere, Pyodide included::

    p = Progress()
    p.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)   # -> 3
    p.stars("melds.first-run")          # 3: the best result is kept
    text = p.to_json()                  # {"format": "burraco-tutor/progress", "version": 2, ...}
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

**Bounded.** A record has a bounded size whatever it was built from: at most
:data:`MAX_OTHER` exercise records of the lessons (and teachers' exercises), the last
:data:`MAX_GENERATED` generated ones (practice, worksheets), at most :data:`MAX_RULES` rule ids
per record or count, every count at most :data:`MAX_COUNT`. Generated practice is kept as counts
per ruleset tag and rule, written when the answer is recorded (``record(..., teaches=...)``), so
``practice_counts()`` costs no rebuilding; a count is never below what the records still kept show,
so two tabs that each solved one exercise count two. Rule ids this version does not know are kept
but left out of :meth:`Progress.missed_rules` (:func:`known_rule`, :meth:`Progress.unknown_rules`).
Version 1 (before the counts) is read and migrated once, rebuilding at most ``rebuild`` exercises.

``hand`` is the Play table's hand in progress (``Game.to_json()`` text, at most :data:`MAX_HAND` characters) or
None, kept like the language (set last wins; a reset keeps it), never sent to a class. Only its form is checked
here: the table reads it with ``Game.from_json``, so a damaged hand costs a fresh deal, never the stars.

The learner reads only catalogue texts: a :class:`ProgressError` carries a
:class:`~burraco_core.messages.Message` (``err.msg``, ``err.message(lang)``).
"""

from __future__ import annotations

import functools
import json
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from burraco_core import RULE_IDS, messages

from .finaltest import FinalResult, FinalRun, latest, latest_run
from .reading import (
    MAX_COUNT,
    MAX_TIME,
    RULE,
    KeyedError,
    ProgressError,
    _check_id,
    _check_lang,
    _check_resume,
    _check_rule,
    _exact_keys,
    _int,
    _no_constant,
    _read_count,
    _read_counts,
    _read_time,
)

__all__ = [
    "FORMAT", "MAX_COUNT", "MAX_GENERATED", "MAX_HAND", "MAX_OTHER", "MAX_RULES", "MAX_TIME", "VERSION", "ExerciseRecord",
    "KeyedError", "Progress", "ProgressError", "generated_tag", "known_rule", "stars",
]

FORMAT = "burraco-tutor/progress"
VERSION = 2                 # 2: generated practice kept as counts; records carry when and what they taught
APP_FOLDER = "burraco-tutor"
FILE_NAME = "progress.json"
MAX_TEXT = 4_000_000        # characters; far above any real progress (localStorage holds ~5 MB)
# The bounds keep the largest record (every bound reached, every id at its longest) under MAX_TEXT,
# so the merge of any two records is still a record the reader takes (tests/test_progress_bounds.py).
MAX_OTHER = 400             # lessons' and teachers' exercises (the course has under 100)
MAX_GENERATED = 300         # generated exercises kept by id; older ones live on in the counts
MAX_RULES = 12              # rule ids in one record's misses or teaches
MAX_COUNT_RULES = 64        # rule ids in one count (the engine has about 40)
MAX_HAND = 100_000          # characters of the hand in progress (a real one is about 4,000)
MAX_TAGS = 8                # rulesets with practice counts (the built-in four, a few house ones)
REBUILD = 64                # generated exercises rebuilt when a version-1 record is migrated
_TAG = re.compile(r"^[a-z0-9_-]{1,40}$")
_GENERATED = re.compile(r"^gen\.[a-z0-9-]+\.(?:(?P<rules>[a-z0-9_-]+)\.d[0-9]\.)?[0-9]{1,40}$")   # as practice reads

# The lessons' catalogue folder (same spelling as lessons/__init__ uses: add_catalogue_dir
# compares paths as given). Registering is cheap: nothing is read until a text is asked for.
messages.add_catalogue_dir(Path(__file__).parents[1] / "locale")


def _now() -> float:
    """Seconds since the epoch, to the millisecond (tests replace this)."""
    return round(time.time(), 3)


def known_rule(rule_id: str) -> bool:
    """Whether this version knows ``rule_id`` (has its texts): a record may hold others (another version's,
    or made up), kept but never to be looked up as a rule."""
    return rule_id in RULE_IDS


@functools.lru_cache(maxsize=8192)     # asked of every record at each read and merge
def generated_tag(exercise_id: str) -> str | None:
    """The ruleset tag a generated exercise's id names (``classic`` when it names none), or None for any
    other id. Only the id's shape is looked at (see ``curriculum.generators.ids.parse_generated_id`` for the rest)."""
    found = _GENERATED.match(exercise_id)
    return None if found is None else (found["rules"] or "classic")


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
    """The best an exercise went: stars kept, solved at least once, attempts, misses per rule id; ``at``
    when it was last answered, ``teaches`` the rules a generated exercise practises (as it said when
    answered; empty for the lessons' exercises)."""

    stars: int = 0
    solved: bool = False
    attempts: int = 0
    misses: Mapping[str, int] = field(default_factory=dict)
    at: float = 0.0
    teaches: tuple[str, ...] = ()

    def join(self, other: ExerciseRecord) -> ExerciseRecord:
        misses = dict(self.misses)
        for rule, n in other.misses.items():
            misses[rule] = max(misses.get(rule, 0), n)
        return ExerciseRecord(max(self.stars, other.stars), self.solved or other.solved,
                              max(self.attempts, other.attempts), _cap_rules(misses), max(self.at, other.at),
                              tuple(sorted(set(self.teaches) | set(other.teaches)))[:MAX_RULES])

    def to_body(self) -> dict[str, Any]:
        return {"stars": self.stars, "solved": self.solved, "attempts": self.attempts,
                "misses": dict(sorted(self.misses.items())), "at": self.at, "teaches": list(self.teaches)}

    @classmethod
    def from_body(cls, exercise: str, body: object, version: int = VERSION) -> ExerciseRecord:
        where = f"exercises.{exercise}"
        if not isinstance(body, dict):
            raise ProgressError("bad-field", field=where, expected="object")
        _exact_keys(body, {"stars", "solved", "attempts", "misses"} | ({"at", "teaches"} if version > 1 else set()),
                    where)
        n_stars = _read_count(body["stars"], f"{where}.stars")
        if n_stars > 3:
            raise ProgressError("bad-field", field=f"{where}.stars", expected="stars")
        solved = body["solved"]
        if not isinstance(solved, bool):
            raise ProgressError("bad-field", field=f"{where}.solved", expected="flag")
        attempts = _read_count(body["attempts"], f"{where}.attempts")
        misses = _read_counts(body["misses"], f"{where}.misses", MAX_RULES)
        if (n_stars and not solved) or (solved and not attempts):
            raise ProgressError("inconsistent", field=where)
        if version == 1:
            return cls(n_stars, solved, attempts, misses)
        at = _read_time(body["at"], f"{where}.at")
        teaches = body["teaches"]
        if not isinstance(teaches, list) or len(teaches) > MAX_RULES:
            raise ProgressError("bad-field", field=f"{where}.teaches", expected="rules")
        for rule in teaches:
            _check_rule(rule, f"{where}.teaches")
        return cls(n_stars, solved, attempts, misses, at, tuple(sorted(set(teaches))))


def _cap_rules(counts: Mapping[str, int], most: int = MAX_RULES) -> dict[str, int]:
    """At most ``most`` rule ids, sorted: the known rules first, then the most counted (a merge of two
    records at the bound stays at the bound; which are dropped does not depend on the order)."""
    if len(counts) > most:
        counts = dict(sorted(counts.items(), key=lambda item: (not known_rule(item[0]), -item[1], item[0]))[:most])
    return dict(sorted(counts.items()))


# -- the learner's progress -----------------------------------------------------------------------

Counts = dict[str, dict[str, int]]          # ruleset tag -> rule id -> count


class Progress:
    """Stars per exercise id, misses per rule id, practice counts, the learner's language and resume point.

    Every change is checked first and applied whole, or raises :class:`ProgressError`
    and changes nothing.
    """

    def __init__(self) -> None:
        self._exercises: dict[str, ExerciseRecord] = {}
        self._epoch = 0.0                            # time of the last reset (0: never reset)
        self._lang: tuple[str | None, float] = (None, 0.0)           # value, time set
        self._resume: tuple[tuple[str, int] | None, float] = (None, 0.0)
        self._hand: tuple[str | None, float] = (None, 0.0)              # the Play table's hand, time set
        # Generated exercises: correct answers per ruleset tag and rule, and misses per rule, counted
        # when answered; never below what the generated records still kept show (see _settle).
        self._practised: Counts = {}
        self._gen_missed: dict[str, int] = {}
        self._final: FinalResult | None = None       # the last final test (lessons.learner.finaltest)
        self.final_run: FinalRun | None = None       # the final test in progress, that a reload resumes (or None)

    # ---------------------------------------------------------------- recording
    def record(self, exercise_id: str, *, correct: bool, hints: int, retries: int, solution_shown: bool,
               rule: str | None = None, teaches: Iterable[str] = ()) -> int:
        """One finished (or failed) attempt at an exercise; returns the stars now kept (the best so far).

        An incorrect answer counts a miss of ``rule`` (the rule id it broke), if given. ``teaches``: the
        rules a generated exercise practises (``Exercise.teaches``); its first answer with stars counts
        once for each of them (:meth:`practice_counts`). Other exercises' ``teaches`` is not kept.
        """
        _check_id(exercise_id, "exercise_id")
        earned = stars(correct=correct, hints=hints, retries=retries, solution_shown=solution_shown)
        if rule is not None:
            _check_rule(rule, "rule")
        tag = generated_tag(exercise_id)
        taught = sorted({_check_rule(r, "teaches") for r in teaches})[:MAX_RULES] if tag else []
        old = self._exercises.get(exercise_id, ExerciseRecord())
        misses = dict(old.misses)
        missed = not correct and rule is not None and (rule in misses or len(misses) < MAX_RULES)
        if missed and rule is not None:
            misses[rule] = min(misses.get(rule, 0) + 1, MAX_COUNT)
        new = ExerciseRecord(max(old.stars, earned), old.solved or correct, min(old.attempts + 1, MAX_COUNT),
                             dict(sorted(misses.items())), max(_now(), old.at) if tag else 0.0,    # to trim by
                             tuple(sorted(set(old.teaches) | set(taught)))[:MAX_RULES])
        if tag is not None:
            if missed and rule is not None:
                self._gen_missed = _cap_rules(_plus(self._gen_missed, [rule]), MAX_COUNT_RULES)
            if new.stars and not old.stars:
                by_rule = _plus(self._practised.get(tag, {}), new.teaches)
                self._practised = _cap_tags({**self._practised, tag: _cap_rules(by_rule, MAX_COUNT_RULES)})
        self._exercises[exercise_id] = new
        self._exercises = _trim(self._exercises)
        return new.stars

    def record_final(self, score: int, total: int, missed: Iterable[str] = ()) -> FinalResult:
        """The score of a final test just finished (``missed``: the rule ids its wrong answers broke, most
        missed first); it replaces the one kept before. Checked first (ProgressError, nothing changed)."""
        at = max(_now(), self._final.at if self._final is not None else 0.0)
        self._final = FinalResult.make(score, total, at, missed)
        return self._final

    @property
    def final_test(self) -> FinalResult | None:
        """The last final test taken (None: never, or not since a reset)."""
        return self._final

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
        """Every exercise attempted (of the generated ones, the last :data:`MAX_GENERATED`), sorted."""
        return tuple(sorted(self._exercises))

    def total_stars(self, exercise_ids: Iterable[str] | None = None) -> int:
        """The stars of these exercises (of all, when None)."""
        ids = self._exercises if exercise_ids is None else exercise_ids
        return sum(self.stars(i) for i in ids)

    def _all_missed(self) -> dict[str, int]:
        total = dict(self._gen_missed)          # generated exercises: the count, not the records kept
        for key, record in self._exercises.items():
            if generated_tag(key) is None:
                for rule, n in record.misses.items():
                    total[rule] = total.get(rule, 0) + n
        return total

    def missed_rules(self) -> dict[str, int]:
        """Rule id -> how many incorrect answers broke it, over every exercise (most missed first); only
        the rules this version knows (the others: :meth:`unknown_rules`)."""
        total = {rule: n for rule, n in self._all_missed().items() if known_rule(rule)}
        return dict(sorted(total.items(), key=lambda item: (-item[1], item[0])))

    def unknown_rules(self) -> dict[str, int]:
        """Rule ids this version does not know -> misses: kept (another version may know them), never shown
        as rules."""
        return {rule: n for rule, n in sorted(self._all_missed().items()) if not known_rule(rule)}

    def practice_counts(self) -> Counts:
        """Ruleset tag -> rule id -> generated exercises teaching it answered correctly with stars (not after
        the solution was shown). A copy; reading it rebuilds nothing."""
        return {tag: dict(by_rule) for tag, by_rule in self._practised.items()}

    @property
    def epoch(self) -> float:
        """When the progress was last reset (0.0: never)."""
        return self._epoch

    def is_empty(self) -> bool:
        """Nothing a learner would miss: no answer, language, place, final test, nor hand in progress."""
        return (not self._exercises and self._lang[0] is None and self._resume[0] is None and self._final is None
                and self._hand[0] is None and self.final_run is None)

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

    @property
    def hand(self) -> str | None:
        """The hand in progress at the Play table (a saved game's text, ``Game.to_json()``), or None."""
        return self._hand[0]

    @hand.setter
    def hand(self, value: str | None) -> None:
        self._hand = (_check_hand(value), max(_now(), self._hand[1]))

    def without_hand(self) -> Progress:
        """A copy with no hand (as if none was ever set): what a class service is sent."""
        new = self.copy()
        new._hand = (None, 0.0)
        return new

    def _hand_body(self) -> dict[str, Any]:
        """The hand's fields, written once a hand was set (a record that never held one reads as before)."""
        return {"hand": self._hand[0], "hand_at": self._hand[1]} if self._hand[1] else {}

    # ---------------------------------------------------------------- reset, copy, merge
    def reset(self) -> None:
        """Forget every result, the missed rules, the practice and the resume point (the language stays).

        Starts a new epoch, so a copy saved before the reset (another tab's) cannot bring
        the results back when merged.
        """
        now = max(_now(), round(self._epoch + 0.001, 3))
        self._exercises = {}
        self._practised, self._gen_missed = {}, {}
        self._final = self.final_run = None
        self._epoch = now
        self._resume = (None, now)

    def copy(self) -> Progress:
        new = Progress()
        new._take(self)
        return new

    def _take(self, other: Progress) -> None:
        self._exercises, self._epoch = dict(other._exercises), other._epoch
        self._lang, self._resume, self._hand = other._lang, other._resume, other._hand
        self._practised = {tag: dict(by_rule) for tag, by_rule in other._practised.items()}
        self._gen_missed = dict(other._gen_missed)
        self._final, self.final_run = other._final, other.final_run

    def merge(self, other: Progress, *, keep_all: bool = False) -> Progress:
        """A new Progress with the best of both (neither is changed).

        Per exercise: the higher stars, solved if solved in either, the larger attempt and
        miss counts (max, not sum: merging a copy again changes nothing); practice counts: the larger,
        and at least what the joined records show. Language and resume point: the one set last.
        Commutative, associative and idempotent (within the bounds). Without ``keep_all`` a copy from
        an older epoch (saved before a reset) contributes only its language; with it (an import),
        epochs are ignored and everything is kept. The result is bounded as each side is.
        """
        if not isinstance(other, Progress):
            raise TypeError(f"can only merge a Progress, not {type(other).__name__}")
        new = Progress()
        new._epoch = max(self._epoch, other._epoch)
        new._lang = _latest(self._lang, other._lang)
        new._hand = _latest(self._hand, other._hand)    # not a result: a reset keeps it, as it keeps the language
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
            new._practised = _max_counts(new._practised, side._practised)
            new._gen_missed = _max_rules(new._gen_missed, side._gen_missed)
            new._final = latest(new._final, side._final)
            new.final_run = latest_run(new.final_run, side.final_run)
        new._exercises = dict(sorted(records.items()))
        new._settle()
        return new

    def _settle(self) -> None:
        """Counts raised to what the records show (two tabs that each solved one count two), then every
        bound applied: what was dropped from the records lives on in the counts."""
        shown, missed = _shown(self._exercises)
        self._practised = _cap_tags({tag: _cap_rules(by_rule, MAX_COUNT_RULES)
                                     for tag, by_rule in _max_counts(self._practised, shown).items()})
        self._gen_missed = _cap_rules(_max_rules(self._gen_missed, missed), MAX_COUNT_RULES)
        self._exercises = _trim(self._exercises)

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
        self._settle()
        return True

    def update(self, other: Progress, *, keep_all: bool = False) -> bool:
        """Merge ``other`` into this progress in place (as :meth:`merge`); True when something changed."""
        merged = self.merge(other, keep_all=keep_all)
        if merged == self:
            return False
        self._take(merged)
        return True

    # ---------------------------------------------------------------- JSON
    def to_body(self) -> dict[str, Any]:
        final = {} if self._final is None else {"final": self._final.to_body()}     # written once there is one
        run = {} if self.final_run is None else {"final_run": self.final_run.to_body()}     # only while a test goes on
        return {
            **final,
            **run,
            "format": FORMAT,
            "version": VERSION,
            "epoch": self._epoch,
            "lang": self._lang[0],
            "lang_at": self._lang[1],
            "resume": None if self._resume[0] is None else list(self._resume[0]),
            "resume_at": self._resume[1],
            **self._hand_body(),
            "exercises": {key: rec.to_body() for key, rec in sorted(self._exercises.items())},
            "practice": {"practised": {tag: dict(sorted(by_rule.items()))
                                       for tag, by_rule in sorted(self._practised.items())},
                         "missed": dict(sorted(self._gen_missed.items()))},
        }

    def to_json(self) -> str:
        """The progress as JSON text; the same progress always gives the same text."""
        return json.dumps(self.to_body(), ensure_ascii=False, indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes | bytearray | memoryview, *, rebuild: int = REBUILD) -> Progress:
        """Read progress saved by :meth:`to_json`, as text or as the bytes of a file (UTF-8, a leading
        byte-order mark allowed, as some editors write it); anything wrong raises :class:`ProgressError`.
        The size is checked before anything is decoded or parsed. ``rebuild``: see :meth:`from_body`."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            if len(text) > 4 * MAX_TEXT:         # no UTF-8 text of MAX_TEXT characters is longer
                raise ProgressError("too-big", size=len(text))
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
            body = json.loads(text, parse_constant=_no_constant, parse_int=_int)
        except (ValueError, RecursionError) as err:
            raise ProgressError("not-json", detail=str(err)[:120]) from None
        return cls.from_body(body, rebuild=rebuild)

    @classmethod
    def from_body(cls, body: object, *, rebuild: int = REBUILD) -> Progress:
        """Progress from its JSON body; a version-1 body is migrated, rebuilding the rules of at most
        ``rebuild`` solved generated exercises (the others keep their stars but count for no rule)."""
        if not isinstance(body, dict) or body.get("format") != FORMAT:
            raise ProgressError("not-progress")
        version = body.get("version")
        if version not in (1, VERSION) or isinstance(version, bool):
            raise ProgressError("version", found=repr(version)[:40], expected=VERSION)
        body, hand = _hand_of(body, version)       # its fields apart: both, or neither (never held a hand)
        keys = {"format", "version", "epoch", "lang", "lang_at", "resume", "resume_at", "exercises"}
        _exact_keys(body, keys | ({"practice"} if version > 1 else set()) | ({"final", "final_run"} & body.keys()), "")
        exercises = body["exercises"]
        if not isinstance(exercises, dict):
            raise ProgressError("bad-field", field="exercises", expected="object")
        new = cls()
        new._epoch = _read_time(body["epoch"], "epoch")
        new._lang = (_check_lang(body["lang"]), _read_time(body["lang_at"], "lang_at"))
        new._resume = (_check_resume(body["resume"]), _read_time(body["resume_at"], "resume_at"))
        new._hand = hand
        for key in exercises:
            _check_id(key, "exercises")
        generated = sum(generated_tag(key) is not None for key in exercises)
        if len(exercises) - generated > MAX_OTHER:
            raise ProgressError("too-many", field="exercises", count=len(exercises) - generated, most=MAX_OTHER)
        if version > 1 and generated > MAX_GENERATED:
            raise ProgressError("too-many", field="exercises", count=generated, most=MAX_GENERATED)
        new._exercises = {key: ExerciseRecord.from_body(key, rec, version) for key, rec in sorted(exercises.items())}
        if version == 1:
            new._migrate(rebuild)
        else:
            new._practised, new._gen_missed = _read_practice(body["practice"])
        if "final" in body:
            new._final = FinalResult.from_body(body["final"])
        if "final_run" in body:
            new.final_run = FinalRun.from_body(body["final_run"])
        new._settle()
        return new

    def _migrate(self, rebuild: int) -> None:
        """Version 1 kept every generated exercise and no counts: its misses are counted, the rules of the
        last ``rebuild`` solved ones rebuilt, the records beyond the bound dropped (by _settle)."""
        from ..curriculum.generators.ids import teaches_of  # the generators: only a version-1 record

        generated = [key for key in self._exercises if generated_tag(key) is not None]
        self._gen_missed = _cap_rules(_shown(self._exercises)[1], MAX_COUNT_RULES)
        solved = [key for key in generated if self._exercises[key].stars]
        for key in solved[len(solved) - max(0, rebuild):]:
            taught = tuple(sorted(rule for rule in teaches_of(key) if RULE.match(rule)))[:MAX_RULES]
            old = self._exercises[key]
            self._exercises[key] = ExerciseRecord(old.stars, old.solved, old.attempts, old.misses, old.at, taught)

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


def _plus(counts: Mapping[str, int], rules: Iterable[str]) -> dict[str, int]:
    new = dict(counts)
    for rule in rules:
        new[rule] = min(new.get(rule, 0) + 1, MAX_COUNT)
    return new


def _max_rules(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    return {rule: max(a.get(rule, 0), b.get(rule, 0)) for rule in sorted(a.keys() | b.keys())}


def _max_counts(a: Counts, b: Counts) -> Counts:
    return {tag: _max_rules(a.get(tag, {}), b.get(tag, {})) for tag in sorted(a.keys() | b.keys())}


def _cap_tags(counts: Counts) -> Counts:
    """At most MAX_TAGS rulesets: those with the most answers kept (a tie: the tag's order); none empty."""
    counts = {tag: by_rule for tag, by_rule in counts.items() if by_rule}
    if len(counts) > MAX_TAGS:
        kept = sorted(counts, key=lambda tag: (-sum(counts[tag].values()), tag))[:MAX_TAGS]
        counts = {tag: counts[tag] for tag in kept}
    return dict(sorted(counts.items()))


def _shown(records: Mapping[str, ExerciseRecord]) -> tuple[Counts, dict[str, int]]:
    """What the generated records show: correct answers per tag and rule, misses per rule."""
    practised: Counts = {}
    missed: dict[str, int] = {}
    for key, record in records.items():
        tag = generated_tag(key)
        if tag is None:
            continue
        if record.stars:
            practised[tag] = _plus(practised.get(tag, {}), record.teaches)
        for rule, n in record.misses.items():
            missed[rule] = min(missed.get(rule, 0) + n, MAX_COUNT)
    return practised, missed


def _trim(records: dict[str, ExerciseRecord]) -> dict[str, ExerciseRecord]:
    """Within the bounds: the last MAX_GENERATED generated records (unsolved ones go first: a solved one
    may be a worksheet's), and the last MAX_OTHER others (only a made-up record reaches that)."""
    generated = [key for key in records if generated_tag(key) is not None]
    other = [key for key in records if generated_tag(key) is None]
    drop: list[str] = []
    for keys, most in ((generated, MAX_GENERATED), (other, MAX_OTHER)):
        if len(keys) > most:
            order = sorted(keys, key=lambda key: (records[key].solved, records[key].at, key))
            drop += order[:len(keys) - most]
    if not drop:
        return records
    return {key: record for key, record in records.items() if key not in set(drop)}


def _read_practice(value: object) -> tuple[Counts, dict[str, int]]:
    if not isinstance(value, dict):
        raise ProgressError("bad-field", field="practice", expected="object")
    _exact_keys(value, {"practised", "missed"}, "practice")
    practised = value["practised"]
    if not isinstance(practised, dict):
        raise ProgressError("bad-field", field="practice.practised", expected="object")
    if len(practised) > MAX_TAGS:
        raise ProgressError("too-many", field="practice.practised", count=len(practised), most=MAX_TAGS)
    counts: Counts = {}
    for tag, by_rule in sorted(practised.items()):
        if not isinstance(tag, str) or not _TAG.match(tag):
            raise ProgressError("bad-id", field="practice.practised", value=repr(tag)[:80])
        counts[tag] = _read_counts(by_rule, f"practice.practised.{tag}", MAX_COUNT_RULES)
    return counts, _read_counts(value["missed"], "practice.missed", MAX_COUNT_RULES)


def _check_hand(value: object, where: str = "hand") -> str | None:
    """None, or text of at most MAX_HAND characters that a file can hold (no lone surrogate): the form of a
    saved hand. Whether it is a game is for ``Game.from_json`` to say, when the table reads it back."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > MAX_HAND:
        raise ProgressError("bad-field", field=where, expected="hand")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ProgressError("bad-field", field=where, expected="hand") from None
    return value


def _hand_of(body: dict[str, Any], version: object) -> tuple[dict[str, Any], tuple[str | None, float]]:
    """The body without the hand's fields, and the hand they hold (none: never set). Version 1 has none."""
    if version == 1 or not ("hand" in body or "hand_at" in body):
        return body, (None, 0.0)
    for name in ("hand", "hand_at"):
        if name not in body:
            raise ProgressError("missing-field", field=name)
    hand = (_check_hand(body["hand"]), _read_time(body["hand_at"], "hand_at"))
    return {key: value for key, value in body.items() if key not in ("hand", "hand_at")}, hand


def _latest(a: tuple[Any, float], b: tuple[Any, float]) -> tuple[Any, float]:
    """The value set last; on a tie the larger value, so that merging is commutative."""
    if a[1] != b[1]:
        return a if a[1] > b[1] else b
    return a if json.dumps(a[0]) >= json.dumps(b[0]) else b

