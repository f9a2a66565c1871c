"""Progress: stars, best kept, merging, JSON, the file store (atomic, corrupt files kept)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import burraco_core as bc
import lessons.learner.progress as lp
from lessons.learner.filestore import FileStore, default_path
from lessons.learner.progress import Progress, ProgressError, stars

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves by hand: ``clock.now``; every reading is the current value."""

    class Clock:
        now = 1_000_000.0

        def tick(self, seconds: float = 1.0) -> None:
            self.now += seconds

    c = Clock()
    monkeypatch.setattr(lp, "_now", lambda: c.now)
    return c


def sample(clock=None) -> Progress:
    p = Progress()
    p.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    p.record("melds.group", correct=False, hints=1, retries=0, solution_shown=False, rule="meld.not-a-meld")
    p.record("melds.group", correct=True, hints=1, retries=1, solution_shown=False)
    p.record("wilds.one-wild", correct=False, hints=0, retries=0, solution_shown=False, rule="meld.one-wild")
    p.lang = "en"
    p.resume = ("melds", 2)
    return p


# ---------------------------------------------------------------- stars
@pytest.mark.parametrize(("hints", "retries", "first_try", "expected"), [
    (0, 0, True, 3),
    (1, 0, True, 2),
    (0, 1, True, 2),
    (0, 0, False, 2),     # not at the first try: a retry
    (0, 1, False, 2),
    (1, 1, True, 1),
    (2, 0, True, 1),
    (0, 5, False, 1),
    (3, 4, False, 1),
])
def test_stars_table_for_a_correct_answer(hints, retries, first_try, expected):
    assert stars(correct=True, first_try=first_try, hints=hints, retries=retries, solution_shown=False) == expected


@pytest.mark.parametrize(("correct", "shown"), [(True, True), (False, False), (False, True)])
def test_no_star_when_wrong_or_the_solution_was_shown_first(correct, shown):
    assert stars(correct=correct, first_try=True, hints=0, retries=0, solution_shown=shown) == 0


@pytest.mark.parametrize("bad", [
    {"hints": -1}, {"retries": -2}, {"hints": 1.5}, {"hints": True}, {"correct": 1}, {"solution_shown": None},
    {"first_try": "yes"},
])
def test_stars_refuses_bad_arguments(bad):
    args = {"correct": True, "first_try": True, "hints": 0, "retries": 0, "solution_shown": False} | bad
    with pytest.raises(ProgressError):
        stars(**args)


def test_progress_error_is_a_burraco_error_with_a_catalogue_message():
    err = ProgressError("version", found="7", expected=1)
    assert isinstance(err, bc.BurracoError) and isinstance(err, ValueError)
    assert err.msg.key == "progress.error.version"
    assert "7" in str(err) and "1" in err.message("en")


# ---------------------------------------------------------------- recording
def test_record_keeps_the_best_stars_and_counts_attempts():
    p = Progress()
    assert not p.attempted("a.x") and not p.solved("a.x") and p.stars("a.x") == 0
    assert p.record("a.x", correct=True, hints=2, retries=0, solution_shown=False) == 1
    assert p.record("a.x", correct=True, hints=0, retries=0, solution_shown=False) == 3
    assert p.record("a.x", correct=False, hints=0, retries=0, solution_shown=False, rule="meld.one-wild") == 3
    assert p.record("a.x", correct=True, hints=0, retries=0, solution_shown=True) == 3
    assert p.stars("a.x") == 3 and p.solved("a.x") and p.attempted("a.x")
    assert p.record_of("a.x").attempts == 4


def test_failed_attempt_is_attempted_not_solved():
    p = Progress()
    assert p.record("a.x", correct=False, hints=0, retries=0, solution_shown=False) == 0
    assert p.attempted("a.x") and not p.solved("a.x") and p.stars("a.x") == 0
    assert p.record("a.x", correct=True, hints=0, retries=0, solution_shown=True) == 0
    assert p.solved("a.x") and p.stars("a.x") == 0      # solved, but with the solution shown first


def test_missed_rules_are_counted_over_exercises_most_missed_first():
    p = Progress()
    for exercise, rule in [("a.x", "meld.one-wild"), ("a.y", "meld.one-wild"), ("a.y", "run.gap"),
                           ("a.x", "meld.one-wild")]:
        p.record(exercise, correct=False, hints=0, retries=0, solution_shown=False, rule=rule)
    p.record("a.z", correct=True, hints=0, retries=0, solution_shown=False, rule="run.gap")  # correct: no miss
    assert p.missed_rules() == {"meld.one-wild": 3, "run.gap": 1}
    assert list(p.missed_rules()) == ["meld.one-wild", "run.gap"]
    assert p.record_of("a.y").misses == {"meld.one-wild": 1, "run.gap": 1}


@pytest.mark.parametrize("bad", [
    {"exercise_id": ""}, {"exercise_id": 7}, {"exercise_id": "has space"}, {"hints": -1},
    {"retries": "1"}, {"correct": None}, {"rule": ""}, {"rule": 3}, {"solution_shown": 0},
])
def test_record_refuses_bad_input_and_changes_nothing(bad):
    p = sample()
    before = p.to_json()
    args = {"exercise_id": "melds.group", "correct": False, "hints": 0, "retries": 0,
            "solution_shown": False, "rule": "meld.one-wild"} | bad
    exercise = args.pop("exercise_id")
    with pytest.raises(ProgressError):
        p.record(exercise, **args)
    assert p.to_json() == before


def test_lang_and_resume_are_checked():
    p = Progress()
    p.lang, p.resume = "it", ("wilds", 0)
    assert (p.lang, p.resume) == ("it", ("wilds", 0))
    for bad in ("", "english!", 3):
        with pytest.raises(ProgressError):
            p.lang = bad
    for bad in (("wilds",), ("wilds", -1), ("", 1), ("wilds", True), "wilds 1"):
        with pytest.raises(ProgressError):
            p.resume = bad
    assert (p.lang, p.resume) == ("it", ("wilds", 0))
    p.resume = None
    assert p.resume is None


def test_total_stars_and_ids():
    p = sample()
    assert p.exercise_ids() == ("melds.first-run", "melds.group", "wilds.one-wild")
    assert p.total_stars() == 3 + 1
    assert p.total_stars(["melds.group", "never.seen"]) == 1
    assert "4 stars" in repr(p)


def test_reset_forgets_results_and_resume_but_keeps_the_language(clock):
    p = sample()
    clock.tick()
    p.reset()
    assert p.exercise_ids() == () and p.missed_rules() == {} and p.resume is None
    assert p.lang == "en" and p.epoch == clock.now


# ---------------------------------------------------------------- merging
def test_merge_takes_the_best_of_both(clock):
    a, b = Progress(), Progress()
    a.record("x.one", correct=True, hints=1, retries=0, solution_shown=False)          # 2 stars
    b.record("x.one", correct=True, hints=0, retries=0, solution_shown=False)          # 3 stars
    a.record("x.two", correct=False, hints=0, retries=0, solution_shown=False, rule="run.gap")
    a.record("x.two", correct=False, hints=0, retries=0, solution_shown=False, rule="run.gap")
    b.record("x.two", correct=False, hints=0, retries=0, solution_shown=False, rule="run.gap")
    b.record("x.two", correct=True, hints=0, retries=1, solution_shown=True)            # solved, 0 stars
    b.record("x.three", correct=False, hints=0, retries=0, solution_shown=False, rule="meld.one-wild")
    a.lang = "en"
    clock.tick()
    b.lang = "it"                                  # set later: wins
    a_text, b_text = a.to_json(), b.to_json()
    m = a.merge(b)
    assert (a.to_json(), b.to_json()) == (a_text, b_text)   # neither changed
    assert m.stars("x.one") == 3 and m.solved("x.two") and m.stars("x.two") == 0
    assert m.record_of("x.two").attempts == 2 and m.record_of("x.two").misses == {"run.gap": 2}
    assert m.attempted("x.three") and m.lang == "it"
    assert m.missed_rules() == {"run.gap": 2, "meld.one-wild": 1}


def test_merge_is_commutative_associative_and_idempotent(clock):
    a, b, c = sample(), Progress(), Progress()
    b.record("melds.group", correct=True, hints=0, retries=0, solution_shown=False)
    b.resume = ("runs", 4)
    clock.tick()
    c.record("wilds.one-wild", correct=False, hints=0, retries=0, solution_shown=False, rule="wild.bound")
    c.lang = "es"
    assert a.merge(b) == b.merge(a)
    assert a.merge(b).merge(c) == a.merge(b.merge(c))
    assert a.merge(a) == a and a.merge(b).merge(b) == a.merge(b)
    assert a.merge(b).to_json() == b.merge(a).to_json()     # the same text: two tabs agree byte for byte


def test_a_reset_wins_over_a_copy_saved_before_it(clock):
    other_tab = sample()
    this_tab = Progress.from_json(other_tab.to_json())
    clock.tick()
    this_tab.reset()
    this_tab.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    for merged in (this_tab.merge(other_tab), other_tab.merge(this_tab)):
        assert merged.exercise_ids() == ("runs.ace",) and merged.resume is None
        assert merged.lang == "en" and merged.epoch == this_tab.epoch


def test_merge_keep_all_ignores_resets(clock):
    exported = sample()
    p = Progress()
    clock.tick()
    p.reset()
    p.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    merged = p.merge(exported, keep_all=True)
    assert set(merged.exercise_ids()) == {"runs.ace", *exported.exercise_ids()}
    assert merged.resume == ("melds", 2)


def test_merge_refuses_other_types():
    with pytest.raises(TypeError):
        Progress().merge({"stars": 3})  # type: ignore[arg-type]


# Merging must be a lattice join (commutative, associative, idempotent): the browser's copy,
# the file and other tabs are merged again and again, in any order, and must agree.
_IDS = st.sampled_from(["melds.a", "melds.b", "runs.c", "gen.attach.7", "gen.judge-meld.8"])   # practice counted too
_OPS = st.one_of(
    st.tuples(st.just("record"), _IDS, st.booleans(), st.integers(0, 3), st.integers(0, 3), st.booleans(),
              st.sampled_from([None, "meld.one-wild", "run.gap"])),
    st.tuples(st.just("lang"), st.sampled_from([None, "en", "it"])),
    st.tuples(st.just("resume"), st.sampled_from([None, ("melds", 0), ("runs", 3)])),
    st.tuples(st.just("reset")),
    st.tuples(st.just("tick"), st.integers(0, 2)),
)


def _build(ops, start: float) -> Progress:
    now = [start]
    with mock.patch.object(lp, "_now", lambda: now[0]):
        p = Progress()
        for op in ops:
            if op[0] == "record":
                _, ex, correct, hints, retries, shown, rule = op
                p.record(ex, correct=correct, hints=hints, retries=retries, solution_shown=shown, rule=rule,
                         teaches=("run.gap",))
            elif op[0] == "lang":
                p.lang = op[1]
            elif op[0] == "resume":
                p.resume = op[1]
            elif op[0] == "reset":
                p.reset()
            else:
                now[0] += op[1]
    return p


_PROGRESS = st.builds(_build, st.lists(_OPS, max_size=12), st.sampled_from([100.0, 101.0, 102.0]))


@settings(max_examples=150, deadline=None)
@given(_PROGRESS, _PROGRESS, _PROGRESS, st.booleans())
def test_merge_is_a_join_in_any_order(a, b, c, keep_all):
    ab = a.merge(b, keep_all=keep_all)
    assert ab.to_json() == b.merge(a, keep_all=keep_all).to_json()
    assert ab.merge(c, keep_all=keep_all) == a.merge(b.merge(c, keep_all=keep_all), keep_all=keep_all)
    assert a.merge(a, keep_all=keep_all) == a and ab.merge(b, keep_all=keep_all) == ab
    for side in (a, b):
        if keep_all or side.epoch == ab.epoch:     # nothing of a copy from the current epoch is lost
            for ex in side.exercise_ids():
                assert ab.stars(ex) >= side.stars(ex) and ab.attempted(ex)
                assert ab.solved(ex) or not side.solved(ex)
            for tag, by_rule in side.practice_counts().items():     # no practice answer lost either
                assert all(ab.practice_counts()[tag][rule] >= n for rule, n in by_rule.items())
            assert all(ab.missed_rules().get(rule, 0) >= n for rule, n in side.missed_rules().items())
    copy = a.copy()
    assert copy.update(b, keep_all=keep_all) == (ab != a) and copy == ab


@settings(max_examples=100, deadline=None)
@given(_PROGRESS)
def test_json_round_trip_of_any_progress(p):
    text = p.to_json()
    assert Progress.from_json(text) == p and Progress.from_json(text).to_json() == text


# ---------------------------------------------------------------- JSON
def test_json_round_trip_and_header():
    p = sample()
    text = p.to_json()
    body = json.loads(text)
    assert body["format"] == lp.FORMAT == "burraco-tutor/progress" and body["version"] == lp.VERSION == 2
    q = Progress.from_json(text)
    assert q == p and q.to_json() == text
    assert q.stars("melds.first-run") == 3 and q.missed_rules() == p.missed_rules()
    assert (q.lang, q.resume) == ("en", ("melds", 2))
    assert Progress.from_json(text.encode("utf-8")) == p
    assert Progress.from_json(Progress().to_json()).is_empty()


def _body() -> dict:
    return json.loads(sample().to_json())


def _edit(path: str, value: object) -> str:
    body = _body()
    *parents, last = path.split("/")
    target = body
    for key in parents:
        target = target[key]
    if value is _DELETE:
        del target[last]
    else:
        target[last] = value
    return json.dumps(body)


_DELETE = object()

CORRUPT = {
    "empty": "",
    "not json": "{not json",
    "truncated": sample().to_json()[:-20],
    "a list": "[1, 2, 3]",
    "a number": "42",
    "nan": _edit("epoch", 0).replace('"epoch": 0', '"epoch": NaN'),
    "deep": "[" * 100_000 + "]" * 100_000,
    "too big": " " * (lp.MAX_TEXT + 1),
    "other format": _edit("format", "burraco-tutor/game"),
    "no format": _edit("format", _DELETE),
    "newer version": _edit("version", 3),
    "version as text": _edit("version", "1"),
    "unknown field": _edit("extra", 1),
    "missing field": _edit("exercises", _DELETE),
    "exercises a list": _edit("exercises", []),
    "record not an object": _edit("exercises/melds.group", 3),
    "stars too many": _edit("exercises/melds.first-run/stars", 4),
    "stars negative": _edit("exercises/melds.first-run/stars", -1),
    "stars float": _edit("exercises/melds.first-run/stars", 2.5),
    "stars bool": _edit("exercises/melds.first-run/stars", True),
    "solved a string": _edit("exercises/melds.first-run/solved", "yes"),
    "attempts negative": _edit("exercises/melds.first-run/attempts", -3),
    "record missing a field": _edit("exercises/melds.first-run/attempts", _DELETE),
    "record extra field": _edit("exercises/melds.first-run/time", 3),
    "misses a list": _edit("exercises/melds.group/misses", ["meld.not-a-meld"]),
    "miss count text": _edit("exercises/melds.group/misses/meld.not-a-meld", "1"),
    "bad rule id": _edit("exercises/melds.group/misses", {"": 1}),
    "bad exercise id": _edit("exercises/ spaced id", {"stars": 0, "solved": False, "attempts": 1, "misses": {}}),
    "stars but not solved": _edit("exercises/melds.first-run/solved", False),
    "solved never attempted": _edit("exercises/melds.first-run/attempts", 0),
    "lang a number": _edit("lang", 3),
    "resume one item": _edit("resume", ["melds"]),
    "resume index text": _edit("resume", ["melds", "2"]),
    "epoch negative": _edit("epoch", -1),
    "lang_at text": _edit("lang_at", "today"),
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_every_kind_of_corrupt_input_is_a_progress_error(name):
    with pytest.raises(ProgressError) as caught:
        Progress.from_json(CORRUPT[name])
    assert caught.value.msg.key.startswith("progress.error.")
    assert str(caught.value)          # a sentence from the catalogue, every placeholder filled


def test_corrupt_input_names_what_is_wrong():
    def reason(text):
        with pytest.raises(ProgressError) as caught:
            Progress.from_json(text)
        return str(caught.value)

    assert "version 3" in reason(CORRUPT["newer version"])
    assert "exercises.melds.first-run.stars" in reason(CORRUPT["stars too many"])
    assert "from 0 to 3" in reason(CORRUPT["stars too many"])
    assert "extra" in reason(CORRUPT["unknown field"])
    assert "not JSON" in reason(CORRUPT["not json"])
    assert "not progress saved by Burraco Tutor" in reason(CORRUPT["other format"])
    with pytest.raises(ProgressError):
        Progress.from_json(b"\xff\xfe\x00")      # not UTF-8


def test_a_field_of_the_wrong_type_keeps_nothing_of_the_file():
    # from_json builds a new Progress: nothing half-read can leak into an existing one
    p = sample()
    before = p.to_json()
    with pytest.raises(ProgressError):
        p.merge(Progress.from_json(CORRUPT["stars too many"]))
    assert p.to_json() == before


def test_progress_module_imports_no_widget_library():
    # With every widget library made unimportable, progress (and the file helpers it uses) still loads.
    code = (
        "import sys\n"
        "for name in ('ipywidgets', 'anywidget', 'traitlets', 'IPython'):\n"
        "    sys.modules[name] = None\n"
        "import lessons.learner.progress as mod\n"
        "p = mod.Progress(); p.record('a.b', correct=True, hints=0, retries=0, solution_shown=False)\n"
        "print(mod.Progress.from_json(p.to_json()).stars('a.b'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "3"


# ---------------------------------------------------------------- the file store
def test_default_path_follows_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "burraco-tutor" / "progress.json"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local" / "share" / "burraco-tutor" / "progress.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == tmp_path / "home" / ".local" / "share" / "burraco-tutor" / "progress.json"


def test_default_path_on_windows_uses_appdata(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    assert default_path() == tmp_path / "Roaming" / "burraco-tutor" / "progress.json"


def test_file_store_missing_file_is_empty_progress(tmp_path):
    store = FileStore(tmp_path / "nothing" / "progress.json")
    assert store.load().is_empty() and store.problem is None


def _names(folder: pathlib.Path) -> list[str]:
    """The files in a folder but the lock file, which stays beside the progress (removing it would race)."""
    return sorted(f.name for f in folder.iterdir() if f.name != ".progress.json.lock")


def test_file_store_save_and_load(tmp_path):
    store = FileStore(tmp_path / "deep" / "folder" / "progress.json")
    p = sample()
    store.save(p)
    assert store.path.read_text(encoding="utf-8") == p.to_json()
    assert FileStore(store.path).load() == p
    assert _names(store.path.parent) == ["progress.json"]     # no temp file left


def test_a_crash_mid_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    store = FileStore(tmp_path / "progress.json")
    old = sample()
    store.save(old)
    before = store.path.read_bytes()
    newer = old.copy()
    newer.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(ProgressError) as caught:
        store.save(newer)
    assert "No space left" in str(caught.value)
    assert store.path.read_bytes() == before
    assert _names(tmp_path) == ["progress.json"]
    monkeypatch.undo()
    assert FileStore(store.path).load() == old


def test_an_interrupted_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    store = FileStore(tmp_path / "progress.json")
    store.save(sample())
    before = store.path.read_bytes()

    def killed(fd):
        raise KeyboardInterrupt          # the kernel interrupted between write and rename

    monkeypatch.setattr(os, "fsync", killed)
    with pytest.raises(KeyboardInterrupt):
        store.save(Progress())
    assert store.path.read_bytes() == before
    assert _names(tmp_path) == ["progress.json"]


@pytest.mark.parametrize("name", ["not json", "newer version", "stars too many", "empty"])
def test_a_corrupt_file_is_backed_up_and_reported(tmp_path, name, clock):
    path = tmp_path / "progress.json"
    path.write_text(CORRUPT[name], encoding="utf-8")
    store = FileStore(path)
    p = store.load()
    assert p.is_empty()
    assert store.backup is not None and store.backup.name.startswith("progress.json.corrupt-")
    assert store.backup.read_text(encoding="utf-8") == CORRUPT[name]       # kept byte for byte
    assert not path.exists()
    assert store.problem is not None and store.problem.key == "progress.notice.corrupt"
    assert store.backup.name in str(store.problem)
    p.record("a.b", correct=True, hints=0, retries=0, solution_shown=False)
    store.save(p)                                                           # a fresh file beside the backup
    assert FileStore(path).load() == p and store.backup.read_text(encoding="utf-8") == CORRUPT[name]


def test_two_corrupt_files_in_one_second_get_two_backups(tmp_path, clock):
    path = tmp_path / "progress.json"
    store = FileStore(path)
    for text in ("first", "second"):
        path.write_text(text, encoding="utf-8")
        store.load()
    backups = sorted(f.read_text() for f in tmp_path.iterdir() if ".corrupt-" in f.name)
    assert backups == ["first", "second"]


def test_a_corrupt_file_that_cannot_be_moved_is_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    path.write_text("garbage", encoding="utf-8")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "rename", refuse)
    store = FileStore(path)
    assert store.load().is_empty()
    assert store.problem is not None and store.problem.key == "progress.notice.corrupt-kept"
    with pytest.raises(ProgressError):
        store.save(sample())
    assert path.read_text(encoding="utf-8") == "garbage"


def test_export_and_import(tmp_path, clock):
    store = FileStore(tmp_path / "progress.json")
    mine = sample()
    store.save(mine)
    exported = store.export(tmp_path / "out" / "my-progress.json")
    assert Progress.from_json(exported.read_text(encoding="utf-8")) == mine
    other = Progress()
    other.record("runs.ace", correct=True, hints=1, retries=0, solution_shown=False)
    store.export(tmp_path / "other.json", other)

    clock.tick()
    store.save(Progress())          # a reset learner imports an older file: it all comes back
    merged = store.import_(tmp_path / "out" / "my-progress.json")
    assert merged.stars("melds.first-run") == 3 and merged.resume == ("melds", 2)
    merged = store.import_(tmp_path / "other.json")
    assert merged.stars("runs.ace") == 2 and merged.stars("melds.first-run") == 3
    assert store.load() == merged


@pytest.mark.parametrize("content", [None, "rubbish", CORRUPT["newer version"]])
def test_a_bad_import_raises_and_changes_nothing(tmp_path, content):
    store = FileStore(tmp_path / "progress.json")
    store.save(sample())
    before = store.path.read_bytes()
    source = tmp_path / "import.json"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    with pytest.raises(ProgressError):
        store.import_(source)
    assert store.path.read_bytes() == before
    assert source.exists() == (content is not None)      # the bad file is not moved either
    assert (sorted(f.name for f in tmp_path.iterdir() if f.name != ".progress.json.lock")    # the lock stays
            == sorted(["progress.json"] + (["import.json"] if content else [])))


def test_every_progress_text_is_in_the_catalogue():
    catalogue = bc.messages.catalogue("en")
    source = "".join((ROOT / "lessons" / name).read_text(encoding="utf-8")
                     for name in ("learner/progress.py", "learner/store.py", "widgets/settings.py"))
    import re

    errors = set(re.findall(r'ProgressError\(\s*"([a-z-]+)"', source))
    notices = set(re.findall(r'(?:Message|_t)\(\s*"(progress\.[a-z.-]+)"', source))
    notices |= set(re.findall(r"_t\('(progress\.[a-z.-]+)'", source))
    assert {"progress.panel.reset-confirm", "progress.notice.browser-full"} <= notices
    assert len(errors) >= 10 and notices
    for key in errors:
        assert f"progress.error.{key}" in catalogue
    for key in notices:
        assert key in catalogue


# ---------------------------------------------------------------- the browser store (Python side)
# The front end is simulated by setting the traits as store.js does: ``saved`` to what
# localStorage holds (at load, or when another tab saved), ``loaded`` once read, ``error``
# when a write failed.
from lessons import store as ls  # noqa: E402  (the widget part; the part above needs no widget library)
from lessons.learner.store import BrowserStore, ProgressKeeper  # noqa: E402


def page_sends(store: BrowserStore, text: str) -> None:
    with store.hold_trait_notifications():
        store.saved = text
        store.loaded = True


def test_browser_store_ships_its_javascript():
    js = (ROOT / "lessons" / "learner" / "store.js").read_text(encoding="utf-8")
    assert "export default" in js and "localStorage" in js and '"storage"' in js
    assert "import " not in js and "http" not in js
    assert "localStorage" in str(BrowserStore()._esm)


def test_browser_store_sends_python_saves_to_the_page():
    store = BrowserStore(key="k")
    p = sample()
    store.save(p)
    assert store.saved == p.to_json() and store.progress == p
    p.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    assert store.progress != p               # it keeps a copy, not the caller's object


def test_browser_store_merges_the_pages_copy_and_writes_back_the_union():
    store = BrowserStore()
    seen: list[Progress] = []
    store.on_load(seen.append)
    mine = Progress()
    mine.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    store.save(mine)
    page_copy = sample()
    page_sends(store, page_copy.to_json())
    expected = mine.merge(page_copy)
    assert len(seen) == 1 and seen[0] == expected
    assert store.progress == expected and store.saved == expected.to_json()   # the page gets the union


def test_browser_store_page_copy_that_adds_nothing_calls_nobody():
    store = BrowserStore()
    seen: list[Progress] = []
    store.on_load(seen.append)
    mine = sample()
    store.save(mine)
    page_sends(store, mine.to_json())              # the same content, as another tab would echo it
    page_sends(store, "")                          # an empty localStorage
    assert seen == [] and store.progress == mine


def test_two_tabs_lose_nothing(clock):
    # Two kernels (two tabs) on one localStorage: each tab's save reaches the other as a storage event.
    storage: dict[str, str] = {}
    tab1, tab2 = BrowserStore(), BrowserStore()
    for tab in (tab1, tab2):
        page_sends(tab, storage.get(tab.key, ""))

    def save_in(tab: BrowserStore, other: BrowserStore, exercise: str, n_stars_hints: int) -> None:
        p = tab.progress.copy()
        p.record(exercise, correct=True, hints=n_stars_hints, retries=0, solution_shown=False)
        tab.save(p)
        storage[tab.key] = tab.saved            # store.js writes it
        page_sends(other, storage[tab.key])     # the storage event in the other tab
        if other.saved != storage[other.key]:   # the other tab wrote back a union
            storage[other.key] = other.saved
            page_sends(tab, storage[tab.key])

    save_in(tab1, tab2, "melds.first-run", 0)
    save_in(tab2, tab1, "runs.ace", 1)
    save_in(tab1, tab2, "runs.ace", 0)          # better stars for the same exercise in tab 1
    for tab in (tab1, tab2):
        assert tab.progress.stars("melds.first-run") == 3 and tab.progress.stars("runs.ace") == 3
        assert tab.saved == storage[tab.key]


def test_an_unreadable_browser_copy_is_set_aside_and_reported(monkeypatch):
    store = BrowserStore()
    sent: list[dict] = []
    monkeypatch.setattr(store, "send", sent.append)
    problems: list = []
    store.on_problem(problems.append)
    page_sends(store, "{broken")
    assert len(sent) == 1 and sent[0]["kind"] == "backup" and sent[0]["value"] == "{broken"
    assert sent[0]["key"].startswith(f"{store.key}.corrupt-")
    assert problems and problems[0].key == "progress.notice.browser-corrupt"
    assert sent[0]["key"] in str(store.problem)
    assert Progress.from_json(store.saved).is_empty()   # written over only after the backup was asked for


def test_a_full_browser_storage_is_reported():
    store = BrowserStore()
    problems: list = []
    store.on_problem(problems.append)
    store.error = "QuotaExceededError"
    assert [m.key for m in problems] == ["progress.notice.browser-full"]
    assert str(problems[0])


def test_browser_key_is_per_hub_user(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert ls.browser_key() == "burraco-tutor-progress"
    monkeypatch.setenv("JUPYTERHUB_USER", "pupil7")
    assert ls.browser_key() == "burraco-tutor-progress:pupil7"
    assert ProgressKeeper(file_store=False).widget.key == "burraco-tutor-progress:pupil7"


# ---------------------------------------------------------------- the keeper
@pytest.fixture
def data_home(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "burraco-tutor" / "progress.json"


def test_keeper_saves_every_change_to_the_file_and_the_browser(data_home):
    keeper = ProgressKeeper()
    seen: list[int] = []
    keeper.changed(lambda p: seen.append(p.total_stars()))
    assert keeper.record("melds.first-run", correct=True, hints=1, retries=0, solution_shown=False) == 2
    keeper.set_resume("melds", 1)
    keeper.set_lang("en")
    assert seen == [2, 2, 2]
    on_disk = FileStore(data_home).load()
    assert on_disk == keeper.progress and Progress.from_json(keeper.widget.saved) == keeper.progress
    again = ProgressKeeper()                     # a new kernel (a page reload) finds it on disk
    assert again.progress == keeper.progress and again.widget.saved == keeper.widget.saved


def test_keeper_merges_what_the_browser_had(data_home):
    keeper = ProgressKeeper()
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    progress_object = keeper.progress
    seen: list[Progress] = []
    keeper.changed(seen.append)
    page_sends(keeper.widget, sample().to_json())
    assert keeper.progress is progress_object     # updated in place: the lesson widgets keep their reference
    assert keeper.progress.stars("melds.group") == 1 and keeper.progress.resume == ("melds", 2)
    assert seen and FileStore(data_home).load() == keeper.progress
    assert Progress.from_json(keeper.widget.saved) == keeper.progress


def test_two_kernels_on_one_file_do_not_undo_each_other(data_home):
    home_page, lesson = ProgressKeeper(), ProgressKeeper()
    lesson.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    home_page.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    saved = FileStore(data_home).load()
    assert saved.stars("melds.first-run") == 3 and saved.stars("runs.ace") == 3


def test_keeper_reset_reaches_file_and_browser_and_beats_old_copies(data_home, clock):
    keeper = ProgressKeeper()
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    stale_tab = keeper.widget.saved
    clock.tick()
    keeper.reset()
    page_sends(keeper.widget, stale_tab)         # another tab saves its old copy afterwards
    assert keeper.progress.exercise_ids() == ()
    assert FileStore(data_home).load().exercise_ids() == ()


def test_keeper_reports_a_corrupt_file_and_keeps_it(data_home):
    data_home.parent.mkdir(parents=True)
    data_home.write_text("not progress", encoding="utf-8")
    keeper = ProgressKeeper()
    assert keeper.problem is not None and keeper.problem.key == "progress.notice.corrupt"
    assert keeper.progress.is_empty()
    backups = list(data_home.parent.glob("progress.json.corrupt-*"))
    assert len(backups) == 1 and backups[0].read_text(encoding="utf-8") == "not progress"


def test_keeper_reports_a_failed_save_and_keeps_the_progress_in_memory(data_home, monkeypatch):
    keeper = ProgressKeeper()

    def crash(src, dst):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", crash)
    assert keeper.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False) == 3
    assert keeper.problem is not None and keeper.problem.key == "progress.notice.save-failed"
    assert "Read-only" in str(keeper.problem)
    assert keeper.progress.stars("runs.ace") == 3 and Progress.from_json(keeper.widget.saved).stars("runs.ace") == 3


def test_keeper_in_pyodide_uses_no_file(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    keeper = ProgressKeeper()
    assert keeper.file_store is None
    keeper.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    assert list(tmp_path.iterdir()) == [] and Progress.from_json(keeper.widget.saved).stars("runs.ace") == 3


def test_keeper_export_and_import(data_home, tmp_path, clock):
    keeper = ProgressKeeper()
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    exported = keeper.export_file(tmp_path / "export.json")
    text = keeper.export_json()
    assert exported.read_text(encoding="utf-8") == text
    clock.tick()
    keeper.reset()
    assert keeper.import_file(exported).stars("melds.first-run") == 3
    keeper.reset()
    assert keeper.import_json(text).stars("melds.first-run") == 3
    before = keeper.progress.to_json()
    for bad in ("nonsense", CORRUPT["newer version"]):
        with pytest.raises(ProgressError):
            keeper.import_json(bad)
    with pytest.raises(ProgressError):
        keeper.import_file(tmp_path / "missing.json")
    assert keeper.progress.to_json() == before and FileStore(data_home).load().to_json() == before


def test_shared_keeper_is_one_per_kernel(data_home, monkeypatch):
    monkeypatch.setattr(ls, "_SHARED", None)
    assert ls.shared_keeper() is ls.shared_keeper()


# ---------------------------------------------------------------- the panel: export, import, reset
def _upload(panel, content: bytes) -> None:
    # as the front end sends it (deserialized by the widget's own from_json)
    panel.upload.set_state({"value": [{"name": "progress.json", "type": "application/json", "size": len(content),
                                       "content": memoryview(content), "last_modified": 0}]})


def _exported(panel) -> str:
    import base64
    import re

    href = re.search(r'href="data:application/json;charset=utf-8;base64,([^"]+)"', panel.export_link.value)
    assert href and 'download="burraco-tutor-progress-' in panel.export_link.value
    return base64.b64decode(href.group(1)).decode("utf-8")


def test_panel_summary_and_export_link_follow_the_progress(data_home):
    keeper = ProgressKeeper()
    panel = ls.ProgressPanel(keeper)
    assert "0 stars, 0 exercises solved" in panel.summary.value
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    assert "3 stars, 1 exercise solved" in panel.summary.value
    assert Progress.from_json(_exported(panel)) == keeper.progress
    assert keeper.widget in panel.children        # the panel puts the browser store on the page


def test_panel_import_merges_a_good_file_and_refuses_a_bad_one(data_home):
    keeper = ProgressKeeper()
    panel = ls.ProgressPanel(keeper)
    _upload(panel, sample().to_json().encode("utf-8"))
    assert keeper.progress.stars("melds.first-run") == 3 and "Progress imported: 4 stars" in panel.notice.value
    assert panel.upload.value == ()
    before = keeper.progress.to_json()
    _upload(panel, b"\x89PNG not progress")
    assert "Nothing was imported" in panel.notice.value and keeper.progress.to_json() == before
    assert FileStore(data_home).load().to_json() == before


def test_panel_reset_asks_first(data_home, clock):
    keeper = ProgressKeeper()
    panel = ls.ProgressPanel(keeper)
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    assert panel.confirm.layout.display == "none"
    panel.reset_button.click()
    assert panel.confirm.layout.display == "flex" and "Forget every star?" in panel.confirm_text.value
    panel.confirm_no.click()
    assert panel.confirm.layout.display == "none" and keeper.progress.stars("melds.first-run") == 3
    clock.tick()
    panel.reset_button.click()
    panel.confirm_yes.click()
    assert keeper.progress.exercise_ids() == () and "was reset" in panel.notice.value
    assert FileStore(data_home).load().exercise_ids() == ()
    assert "0 stars" in panel.summary.value


def test_panel_shows_the_keepers_problem(data_home):
    data_home.parent.mkdir(parents=True)
    data_home.write_text("{", encoding="utf-8")
    panel = ls.ProgressPanel(ProgressKeeper())
    assert "could not be read" in panel.notice.value and "progress.json.corrupt-" in panel.notice.value


def test_keeper_backs_up_a_file_another_program_spoiled_before_saving(data_home):
    keeper = ProgressKeeper()
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    data_home.write_bytes(b"\xff\xfe spoiled")
    keeper.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    backups = list(data_home.parent.glob("progress.json.corrupt-*"))
    assert [b.read_bytes() for b in backups] == [b"\xff\xfe spoiled"]
    assert keeper.problem is not None and keeper.problem.key == "progress.notice.corrupt"
    assert FileStore(data_home).load() == keeper.progress and keeper.progress.stars("melds.first-run") == 3
