"""The learner's record under real use and abuse (issue 29): bounded whatever is read or merged, practice
kept as counts (nothing rebuilt), version 1 migrated once at a bounded cost, the browser's copy checked
like a file and never another learner's, and every reader fuzzed: only the project's errors escape, and a
refusal changes nothing."""

from __future__ import annotations

import json
import os
import resource
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burraco_core as bc
import lessons.curriculum.generators.ids as generated_ids
import lessons.learner.practice as practice
import lessons.learner.progress as lp
from burraco_core import BurracoError
from lessons.learner.filestore import FileStore
from lessons.learner.practice import practised
from lessons.learner.progress import MAX_GENERATED, MAX_OTHER, MAX_TEXT, Progress, ProgressError, known_rule
from lessons.learner.store import BrowserStore, ProgressKeeper

RULES = sorted(bc.RULE_IDS)


def _answer(p: Progress, exercise: str, teaches=("run.gap",), correct=True, rule=None) -> None:
    p.record(exercise, correct=correct, hints=0, retries=0, solution_shown=False, rule=rule, teaches=teaches)


def _v1(exercises: dict) -> dict:
    return {"format": lp.FORMAT, "version": 1, "epoch": 0.0, "lang": None, "lang_at": 0.0, "resume": None,
            "resume_at": 0.0, "exercises": exercises}


def _record(stars=3, misses=None) -> dict:
    return {"stars": stars, "solved": bool(stars), "attempts": 1, "misses": misses or {}}


def _refused(text) -> ProgressError:
    with pytest.raises(ProgressError) as caught:
        Progress.from_json(text)
    assert str(caught.value)            # a catalogue sentence, every placeholder filled
    return caught.value


# ---------------------------------------------------------------- practice as counts
def test_practice_is_counted_when_answered_and_read_without_generating_anything(monkeypatch):
    p = Progress()
    _answer(p, "gen.judge-meld.1", ("run.gap", "meld.not-a-meld"))
    _answer(p, "gen.attach.2", ("run.gap",))
    _answer(p, "gen.attach.2", ("run.gap",))                     # solved already: counts once
    _answer(p, "gen.attach.3", ("run.gap",), correct=False, rule="run.gap")   # no stars: no count
    p.record("gen.attach.4", correct=True, hints=0, retries=0, solution_shown=True, teaches=("run.gap",))
    monkeypatch.setattr(practice, "generate", lambda *a: pytest.fail("an exercise was generated again"))
    assert practised(p) == {"run.gap": 2, "meld.not-a-meld": 1}
    assert p.missed_rules() == {"run.gap": 1}
    again = Progress.from_json(p.to_json())
    assert practised(again) == practised(p) and again == p


def test_generated_answers_are_bounded_and_their_counts_go_on():
    p = Progress()
    for seed in range(MAX_GENERATED + 150):
        _answer(p, f"gen.attach.{seed}", ("run.gap",))
        _answer(p, f"gen.judge-meld.{seed}", (), correct=False, rule="meld.not-a-meld")
    generated = [key for key in p.exercise_ids() if key.startswith("gen.")]
    assert len(generated) == MAX_GENERATED
    assert all(p.solved(key) for key in generated)         # an unsolved one goes before a solved one
    assert practised(p) == {"run.gap": MAX_GENERATED + 150}
    assert p.missed_rules() == {"meld.not-a-meld": MAX_GENERATED + 150}
    assert Progress.from_json(p.to_json()) == p


def test_two_tabs_that_each_solved_one_count_two_and_merging_again_changes_nothing():
    base = Progress()
    a, b = base.copy(), base.copy()
    _answer(a, "gen.attach.1")
    _answer(b, "gen.attach.2")
    ab = a.merge(b)
    assert practised(ab) == {"run.gap": 2}
    assert ab.merge(a) == ab and ab.merge(b) == ab and ab.merge(ab) == ab and b.merge(a) == ab


def test_only_an_id_of_ascii_digits_is_a_generated_ones():
    p = Progress()
    with pytest.raises(ProgressError):
        _answer(p, "gen.attach.\u0663")                   # '٣': no id at all
    assert p.is_empty() and lp.generated_tag("gen.attach.\u0663") is None
    assert lp.generated_tag("gen.attach." + "1" * 41) is None and lp.generated_tag("gen.attach.12") == "classic"


def test_a_house_ruleset_counts_only_under_itself():
    p = Progress()
    _answer(p, "gen.attach.classic-3f2a9c1b.d1.7")
    _answer(p, "gen.attach.italiano.d2.8")
    assert practised(p) == {"run.gap": 1}                  # the built-in's; the house one's needs its rules


# ---------------------------------------------------------------- numbers and ids
def _body_text(**record) -> str:
    body = json.loads(Progress().to_json())
    body["exercises"]["melds.a"] = {"stars": 0, "solved": False, "attempts": 1, "misses": {}, "at": 0.0,
                                    "teaches": [], **record}
    return json.dumps(body)


@pytest.mark.parametrize("text", [
    _body_text(attempts=10**4299),                        # 4,300 digits: int() would take it, printing it not
    _body_text(attempts=10**40),
    _body_text(misses={"run.gap": 10**20}),
    _body_text(attempts=1).replace('"attempts": 1', '"attempts": \u0661\u0662'),      # Arabic-Indic digits
    _body_text(attempts=1).replace('"attempts": 1', '"attempts": \uff11'),            # a full-width 1
])
def test_an_absurd_or_foreign_number_is_a_named_progress_error(text):
    err = _refused(text)
    assert err.key in ("bad-number", "bad-field", "not-json")


def test_numbers_are_bounded_in_a_body_too():
    body = json.loads(_body_text())
    body["exercises"]["melds.a"]["attempts"] = 10**4299
    with pytest.raises(ProgressError) as caught:
        Progress.from_body(body)
    assert caught.value.key == "bad-field" and caught.value.params["field"] == "exercises.melds.a.attempts"
    body["exercises"]["melds.a"]["attempts"] = "\u0661"
    with pytest.raises(ProgressError):
        Progress.from_body(body)


def test_an_unknown_rule_is_kept_but_never_shown_as_a_rule():
    text = _body_text(misses={"zz.fake": 2, "run.gap": 1})
    p = Progress.from_json(text)
    assert not known_rule("zz.fake") and known_rule("run.gap")
    assert p.missed_rules() == {"run.gap": 1} and p.unknown_rules() == {"zz.fake": 2}
    assert Progress.from_json(p.to_json()) == p             # kept: another version may know it
    with pytest.raises(BurracoError):
        practice.PracticeSession(["zz.fake"])
    assert practice.rules_to_practise(p) == ("run.gap",)


def test_too_many_records_are_refused_at_the_door():
    body = json.loads(Progress().to_json())
    body["exercises"] = {f"x.{n}": _record() | {"at": 0.0, "teaches": []} for n in range(MAX_OTHER + 1)}
    assert _refused(json.dumps(body)).key == "too-many"
    body["exercises"] = {f"gen.attach.{n}": _record() | {"at": 0.0, "teaches": []} for n in range(MAX_GENERATED + 1)}
    assert _refused(json.dumps(body)).key == "too-many"
    body["exercises"] = {"x.1": _record(misses={f"r.{n}": 1 for n in range(lp.MAX_RULES + 1)})
                         | {"at": 0.0, "teaches": []}}
    assert _refused(json.dumps(body)).key == "too-many"


def _largest(seed: int) -> Progress:
    """A record at every bound, every id at its longest, every count at its largest (``seed`` makes the ids
    differ from another such record's)."""
    rule = "z" * 60
    misses = {f"{rule}{seed:02d}{n:02d}": lp.MAX_COUNT for n in range(lp.MAX_RULES)}
    teaches = [f"{rule}{seed:02d}{n:02d}" for n in range(lp.MAX_RULES)]
    exercises = {}
    for n in range(MAX_OTHER):
        exercises[f"x{seed:03d}{n:04d}".ljust(200, "x")] = {
            "stars": 3, "solved": True, "attempts": lp.MAX_COUNT, "misses": misses, "at": 0.0, "teaches": teaches}
    for n in range(MAX_GENERATED):
        exercises[f"gen.attach.{'h' * 140}.d1.{seed:03d}{n:04d}".ljust(195, "1")] = {
            "stars": 3, "solved": True, "attempts": lp.MAX_COUNT, "misses": misses, "at": 1e10 + n, "teaches": teaches}
    practice_counts = {f"house{seed}{t}": {f"{rule}{seed:02d}{n:02d}": lp.MAX_COUNT for n in range(64)}
                       for t in range(8)}
    body = json.loads(Progress().to_json()) | {"exercises": exercises, "practice": {
        "practised": practice_counts, "missed": {f"{rule}{n:04d}": lp.MAX_COUNT for n in range(64)}}}
    return Progress.from_json(json.dumps(body))


def test_the_largest_record_and_any_merge_of_them_stay_readable():
    posts = [_largest(seed) for seed in range(4)]
    assert all(len(p.to_json()) < MAX_TEXT for p in posts)
    merged = posts[0]
    for post in posts[1:]:                  # four big posts, as a pupil could send them one after another
        merged = merged.merge(post)
        text = merged.to_json()
        assert len(text) < MAX_TEXT
        assert Progress.from_json(text) == merged          # the store's own reader takes it
    assert len(merged.exercise_ids()) == MAX_OTHER + MAX_GENERATED


# ---------------------------------------------------------------- version 1
def test_a_version_1_record_is_migrated_with_a_bounded_rebuild(monkeypatch):
    exercises = {f"gen.attach.{seed}": _record() for seed in range(1000)}
    exercises["gen.judge-meld.5"] = _record(stars=0, misses={"run.gap": 2})
    exercises["melds.first-run"] = _record()
    calls: list[str] = []

    def teaches_of(exercise_id, rules=None):
        calls.append(exercise_id)
        return frozenset({"run.gap"})

    monkeypatch.setattr(generated_ids, "teaches_of", teaches_of)
    p = Progress.from_json(json.dumps(_v1(exercises)))
    assert len(calls) == lp.REBUILD                       # at most REBUILD exercises generated again
    assert practised(p) == {"run.gap": lp.REBUILD}        # the others count for no rule (unknown)
    assert p.missed_rules() == {"run.gap": 2} and p.stars("melds.first-run") == 3
    assert len([k for k in p.exercise_ids() if k.startswith("gen.")]) == MAX_GENERATED
    text = p.to_json()
    assert json.loads(text)["version"] == lp.VERSION
    calls.clear()
    assert Progress.from_json(text) == p and calls == []  # migrated once: version 2 rebuilds nothing
    assert len(Progress.from_json(json.dumps(_v1(exercises)), rebuild=0).practice_counts()) == 0


def test_a_real_version_1_practice_is_counted_as_before():
    from lessons.curriculum.generators import generate
    ex = generate("judge-meld", 11, "classic", 1)
    p = Progress.from_json(json.dumps(_v1({ex.id: _record()})))
    assert practised(p) == dict.fromkeys(ex.teaches, 1)


# ---------------------------------------------------------------- files
def test_a_huge_sparse_file_is_not_read(tmp_path):
    path = tmp_path / "progress.json"
    with open(path, "wb") as out:
        out.truncate(400 * 1024 * 1024)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    store = FileStore(path)
    assert store.load().is_empty()
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 50_000   # kB: nothing read
    assert store.problem is not None and store.problem.key == "progress.notice.corrupt"
    assert store.backup is not None and store.backup.stat().st_size == 400 * 1024 * 1024   # kept aside
    store.save(Progress())
    assert FileStore(path).load().is_empty() and FileStore(path).problem is None


def test_the_next_save_cleans_a_killed_writers_temp_files(tmp_path):
    path = tmp_path / "progress.json"
    left = [tmp_path / ".progress.json.abc123.tmp", tmp_path / ".progress.json.zz.tmp"]
    for temp in left:
        temp.write_text("{half", encoding="utf-8")
    other = tmp_path / ".other.json.abc.tmp"
    other.write_text("x", encoding="utf-8")
    FileStore(path).save(Progress())
    assert not any(temp.exists() for temp in left) and other.exists()


def test_a_save_waits_for_the_lock_then_says_so_by_name(tmp_path):
    import subprocess
    import time
    path = tmp_path / "progress.json"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time\n"
        "from lessons.learner.files import locked\n"
        f"with locked({str(path)!r}):\n"
        "    print('held', flush=True); time.sleep(30)\n")], stdout=subprocess.PIPE, text=True,
        cwd=os.path.dirname(os.path.dirname(__file__)))
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        with pytest.raises(ProgressError) as caught:
            FileStore(path, timeout=0.3).save(Progress())
        assert caught.value.key == "locked" and 0.3 <= time.monotonic() - started < 5
        assert not path.exists()
    finally:
        holder.kill()
        holder.wait()
    FileStore(path, timeout=0.3).save(Progress())        # the dead holder's lock went with it
    assert path.exists()


def test_an_import_of_an_absurd_number_refuses_and_every_later_save_works(tmp_path):
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), link=False)
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    before = keeper.progress.to_json()
    body = json.loads(before)
    body["exercises"]["melds.first-run"]["attempts"] = 10**4299
    with pytest.raises(ProgressError):
        keeper.import_json(json.dumps(body))
    assert keeper.progress.to_json() == before
    keeper.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    assert keeper.problem is None
    assert FileStore(tmp_path / "progress.json").load().stars("runs.ace") == 3


# ---------------------------------------------------------------- the browser's copy
def _page_sends(store: BrowserStore, text: str, owner: str = "") -> None:
    with store.hold_trait_notifications():
        store.saved_owner = owner
        store.saved = text
        store.loaded = True


def test_a_browser_copy_of_another_learner_is_set_aside_not_merged(monkeypatch):
    store = BrowserStore(owner="a" * 32)
    sent: list[dict] = []
    monkeypatch.setattr(store, "send", sent.append)
    mine = Progress()
    _answer(mine, "melds.first-run", ())
    store.save(mine)
    planted = Progress()
    _answer(planted, "runs.ace", ())
    for owner in ("b" * 32, ""):                            # another's, or one that says no owner
        sent.clear()
        _page_sends(store, planted.to_json(), owner)
        assert store.progress == mine                       # nothing of it merged
        assert sent and sent[0]["kind"] == "backup" and sent[0]["key"].startswith(f"{store.key}.other-")
        assert store.problem is not None and store.problem.key == (
            "progress.notice.browser-other" if owner else "progress.notice.browser-unmarked")
        assert str(store.problem)
    _page_sends(store, planted.to_json(), store.seal(planted.to_json()))      # the learner's own copy is merged
    assert store.progress.stars("runs.ace") == 3


def test_what_the_browser_keeps_beside_a_copy_cannot_vouch_for_another(monkeypatch):
    # the page kept the learner's secret itself beside the copy: on a shared computer another pupil read it
    # from the browser's storage and put it beside a planted copy, which was then merged and sent as theirs
    secret = "a" * 32
    store = BrowserStore(owner=secret)
    sent: list[dict] = []
    monkeypatch.setattr(store, "send", sent.append)
    mine = Progress()
    _answer(mine, "melds.first-run", ())
    store.save(mine)
    kept_beside = store.owner                               # all the page (and its storage) ever holds
    assert kept_beside and secret not in kept_beside
    planted = mine.copy()
    _answer(planted, "runs.ace", ())
    for owner in (kept_beside, secret):
        _page_sends(store, planted.to_json(), owner)
        assert store.progress == mine and store.problem is not None
        assert store.problem.key == "progress.notice.browser-other"


def test_browser_owner_is_a_secret_kept_in_the_pupils_folder(monkeypatch, tmp_path):
    from lessons.learner.store import browser_owner
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert browser_owner(tmp_path) == ""                  # one learner per browser profile
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    first = browser_owner(tmp_path)
    assert len(first) == 32 and browser_owner(tmp_path) == first
    assert (tmp_path / "browser-owner").stat().st_mode & 0o077 == 0
    assert browser_owner(tmp_path / "bob") != first


def test_a_browser_copy_too_big_is_refused_before_parsing(monkeypatch):
    store = BrowserStore()
    monkeypatch.setattr(store, "send", lambda message: None)
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("parsed"))
    _page_sends(store, "[" * (MAX_TEXT + 1))
    assert store.problem is not None and store.problem.params["reason"].key == "progress.error.too-big"
    assert store.progress.is_empty()


# ---------------------------------------------------------------- fuzz
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20)


def _mutations() -> st.SearchStrategy[str]:
    """Texts near a real record: a field replaced by any JSON value, cut short, or anything at all."""
    base = Progress()
    _answer(base, "gen.attach.1")
    _answer(base, "melds.group", (), correct=False, rule="meld.not-a-meld")
    body = json.loads(base.to_json())
    paths = [("version",), ("epoch",), ("exercises",), ("practice",), ("practice", "practised"),
             ("practice", "missed"), ("exercises", "gen.attach.1"), ("exercises", "gen.attach.1", "attempts"),
             ("exercises", "gen.attach.1", "teaches"), ("exercises", "melds.group", "misses"), ("resume",)]

    def put(path, value):
        new = json.loads(json.dumps(body))
        target = new
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return json.dumps(new)

    near = st.builds(put, st.sampled_from(paths), _JSON)
    cut = st.integers(0, len(base.to_json())).map(lambda n: base.to_json()[:n])
    return st.one_of(near, cut, st.text(max_size=60), _JSON.map(json.dumps))


_FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_FUZZ
@given(_mutations())
def test_fuzz_progress_from_json(text):
    try:
        p = Progress.from_json(text)
    except BurracoError:
        return
    assert Progress.from_json(p.to_json()) == p          # whatever is taken, is written back and read again


@_FUZZ
@given(st.binary(max_size=200) | _mutations().map(lambda t: t.encode("utf-8")))
def test_fuzz_file_store_load(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("fuzz") / "progress.json"
    path.write_bytes(raw)
    store = FileStore(path)
    p = store.load()                                     # never raises: a bad file is backed up
    assert isinstance(p, Progress)
    if store.problem is not None:
        assert store.backup is not None and store.backup.read_bytes() == raw and not path.exists()
    store.save(p)
    assert FileStore(path).load() == p


@_FUZZ
@given(_mutations())
def test_fuzz_keeper_import_json(tmp_path_factory, text):
    keeper = ProgressKeeper(file_store=FileStore(tmp_path_factory.mktemp("fuzz") / "progress.json"), link=False)
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    before = keeper.progress.to_json()
    try:
        keeper.import_json(text)
    except BurracoError:
        assert keeper.progress.to_json() == before
    keeper.record("runs.ace", correct=True, hints=0, retries=0, solution_shown=False)
    assert keeper.problem is None or keeper.problem.key != "progress.notice.save-failed"


@_FUZZ
@given(_mutations(), st.sampled_from(["", "a" * 32, "b" * 32]))
def test_fuzz_the_browser_copy_handed_to_the_kernel(text, owner):
    store = BrowserStore(owner="a" * 32)
    store.send = lambda message: None                    # type: ignore[method-assign]
    mine = Progress()
    _answer(mine, "melds.first-run", ())
    store.save(mine)
    sealed = owner == "a" * 32
    _page_sends(store, text, store.seal(text) if sealed else owner)
    if not sealed:                                       # another learner's, or planted: never merged
        assert store.progress == mine and store.progress.stars("melds.first-run") == 3
    else:                                                # the learner's own: merged when it reads, else refused
        try:
            expected = mine.merge(Progress.from_json(text))
        except ProgressError:
            expected = mine
        assert store.progress == expected                # (a copy carrying a later reset forgets older answers)
    if text:                                             # "" is a storage holding nothing: not written back
        assert Progress.from_json(store.saved) == store.progress


def test_without_fcntl_a_lock_folder_is_used_and_a_dead_writers_is_taken(tmp_path, monkeypatch):
    import lessons.learner.files as files
    monkeypatch.setattr(files, "fcntl", None)               # Windows
    path = tmp_path / "progress.json"
    lock_dir = tmp_path / ".progress.json.lockdir"
    lock_dir.mkdir()                                        # held by a live writer: the save waits, then says so
    with pytest.raises(ProgressError) as caught:
        FileStore(path, timeout=0.2).save(Progress())
    assert caught.value.key == "locked"
    os.utime(lock_dir, (0, 0))                              # left long ago by a writer that died
    p = Progress()
    _answer(p, "melds.first-run", ())
    FileStore(path, timeout=0.2).save(p)
    assert FileStore(path).load() == p and not lock_dir.exists()
