"""The class service over a school year: each pupil's summary kept in the database, a teacher's refresh
that reads rows and works nothing out, an older database brought up to date, the year's end (archive),
a family's request (one record removed), and a copy from SQLite to PostgreSQL and back.

Through ClassStore and ClassService directly (SQLite, and PostgreSQL for real); the same over HTTP
behind a real hub is in tests/test_class_service.py and tests/test_class_replicas.py.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import sqlalchemy as sa

import lessons
from lessons.learner.classwork import Assignment
from lessons.learner.practice import NEEDED
from lessons.learner.progress import Progress
from lessons.teachers.live import LiveClass
from lessons.teachers.service import admin
from lessons.teachers.service.app import ClassService
from lessons.teachers.service.database import SCHEMA, ClassStore, ClassStoreError
from tests import test_class_store as records
from tests.test_class_store import missed, solved

FIRST, SECOND = lessons.LESSONS[0], lessons.LESSONS[1]
ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]
postgres, store = records.postgres, records.store        # the same fixtures: SQLite, and PostgreSQL for real


def service_of(kept: ClassStore) -> ClassService:
    from jupyterhub.services.auth import HubOAuth

    # only the answers are made here: the hub is never asked
    return ClassService(kept, auth=HubOAuth(api_token="unused", api_url="http://127.0.0.1:9/hub/api"))


def summary_of(kept: ClassStore, name: str) -> dict:
    record = kept.pupil(name)
    assert record is not None and record.summary is not None
    return record.summary


def practice_progress(rule: str, answers: int) -> Progress:
    """``answers`` generated exercises that teach ``rule``, each answered right."""
    from lessons.curriculum.generators import GENERATED_KINDS, generate

    progress, seed = Progress(), 0
    while answers:
        for kind in GENERATED_KINDS:
            try:
                ex = generate(kind, seed, "classic", 1)
            except Exception:       # a kind that gives no exercise for this seed
                continue
            if rule in ex.teaches and answers:
                progress.record(ex.id, correct=True, hints=0, retries=0, solution_shown=False, teaches=ex.teaches)
                answers -= 1
        seed += 1
    return progress


# -- the summaries ---------------------------------------------------------------------------------

def test_a_pupils_summary_is_written_with_their_copy(store):
    a = SECOND.exercises[0].id
    store.save("bob", missed(a, "run.gap", times=2))
    store.clock_.now += 30
    store.save("bob", solved(FIRST.exercises[0].id, FIRST.exercises[1].id, stars_lost=1))
    summary = summary_of(store, "bob")
    assert summary["written"] == store.clock_.now == store.pupil("bob").updated
    assert summary["stars"][FIRST.key] == 4 and summary["stars"][SECOND.key] == 0     # 2 + 2: a hint each
    assert summary["total"] == 4 and set(summary["stars"]) == {lesson.key for lesson in lessons.LESSONS}
    assert summary["missed"] == {"run.gap": 2}
    assert summary["steps"] == {}
    assert summary["stuck"] is None           # the latest exercise solved: bob moved on


def test_a_stuck_pupil_is_in_the_summary(store):
    a = SECOND.exercises[0].id
    bob = missed(a, "run.gap")
    store.save("bob", bob)
    store.clock_.now += 60
    store.save("bob", missed(a, "run.gap", progress=bob))
    assert summary_of(store, "bob")["stuck"] == {"exercise": a, "attempts": 2, "rule": "run.gap",
                                                 "since": 1_000_000.0, "last": 1_000_060.0}


def test_steps_follow_the_work_set_and_taken_away(store):
    store.save("alice", solved(*(ex.id for ex in SECOND.exercises[:2])))
    store.save("bob", Progress())
    lessons_set = store.assign(Assignment.from_body({"kind": "lessons", "lessons": [SECOND.key]}), "rossi")
    practice = store.assign(Assignment.from_body({"kind": "practice", "rules": ["meld.not-a-meld"]}), "rossi")
    of = len(SECOND.exercises)
    assert summary_of(store, "alice")["steps"] == {str(lessons_set.id): [2, of], str(practice.id): [0, NEEDED]}
    assert summary_of(store, "bob")["steps"] == {str(lessons_set.id): [0, of], str(practice.id): [0, NEEDED]}
    store.save("bob", practice_progress("meld.not-a-meld", NEEDED))      # the practice done, by bob alone
    assert summary_of(store, "bob")["steps"][str(practice.id)] == [NEEDED, NEEDED]
    assert summary_of(store, "alice")["steps"][str(practice.id)] == [0, NEEDED]
    assert store.unassign(lessons_set.id)
    assert summary_of(store, "alice")["steps"] == {str(practice.id): [0, NEEDED]}
    assert summary_of(store, "bob")["steps"] == {str(practice.id): [NEEDED, NEEDED]}
    assert not store.unassign(lessons_set.id)                              # once only: nothing else changed
    assert summary_of(store, "bob")["steps"] == {str(practice.id): [NEEDED, NEEDED]}


def test_the_teachers_refresh_reads_rows_and_reads_no_progress(store, monkeypatch):
    service = service_of(store)
    store.save("alice", solved(FIRST.exercises[0].id))
    store.save("bob", missed(SECOND.exercises[0].id, "run.gap", times=2))
    work = store.assign(Assignment.from_body({"kind": "lessons", "lessons": [FIRST.key]}), "rossi")
    answer = json.loads(service.class_answer())
    written = store.pupil("alice").updated
    read = []
    real = Progress.from_json.__func__          # type: ignore[attr-defined]
    monkeypatch.setattr(Progress, "from_json", classmethod(lambda cls, text, **kw: read.append(1) or real(cls, text, **kw)))
    monkeypatch.setattr(Progress, "from_body", classmethod(lambda cls, body, **kw: read.append(1)))
    again = json.loads(service.class_answer())
    assert read == []                                                   # no record read
    assert again == {**answer, "now": again["now"]}                     # the same class
    assert set(again["pupils"]) == {"alice", "bob"}
    alice = again["pupils"]["alice"]
    assert set(alice) == {"progress", "activity", "updated", "summary"}
    assert alice["summary"]["written"] == alice["updated"] == written
    [set_work] = again["assignments"]
    assert set_work["id"] == work.id and set_work["done_by"] == []
    assert set_work["steps"] == {"alice": [1, len(FIRST.exercises)], "bob": [0, len(FIRST.exercises)]}
    monkeypatch.undo()
    live = LiveClass.from_body(again)                                   # the teacher's feed reads it as before
    assert live.summary.pupils["alice"].solved(FIRST.exercises[0].id)
    assert [s.pupil for s in live.summary.stuck()] == ["bob"]


# -- a database of the service before summaries (schema 1) -----------------------------------------

def schema_1_database(path) -> str:
    """A database as the service wrote it before schema 2: its tables exactly, a class in them."""
    url = f"sqlite:///{path}"
    meta = sa.MetaData()
    pupils = sa.Table("burraco_pupils", meta, sa.Column("name", sa.String(255), primary_key=True),
                      sa.Column("progress", sa.Text, nullable=False), sa.Column("activity", sa.Text, nullable=False),
                      sa.Column("updated", sa.Float, nullable=False),
                      sa.Column("teacher", sa.Boolean, nullable=False, default=False))
    work = sa.Table("burraco_assignments", meta, sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
                    sa.Column("body", sa.Text, nullable=False), sa.Column("set_at", sa.Float, nullable=False),
                    sa.Column("set_by", sa.String(255), nullable=False), sa.Column("removed", sa.Float, nullable=True))
    about = sa.Table("burraco_about", meta, sa.Column("key", sa.String(40), primary_key=True),
                     sa.Column("value", sa.String(255), nullable=False))
    engine = sa.create_engine(url)
    meta.create_all(engine)
    a = SECOND.exercises[0].id
    with engine.begin() as db:
        db.execute(about.insert().values(key="schema", value="1"))
        db.execute(pupils.insert(), [
            {"name": "alice", "progress": solved(FIRST.exercises[0].id).to_json(), "activity":
             json.dumps({FIRST.exercises[0].id: [100.0, 100.0, 100.0]}), "updated": 100.0, "teacher": False},
            {"name": "bob", "progress": missed(a, "run.gap", times=2).to_json(),
             "activity": json.dumps({a: [50.0, 90.0, None]}), "updated": 90.0, "teacher": False},
            {"name": "rossi", "progress": Progress().to_json(), "activity": "{}", "updated": 10.0, "teacher": True}])
        db.execute(work.insert(), [
            {"body": json.dumps({"kind": "lessons", "lessons": [FIRST.key], "due": None}), "set_at": 20.0,
             "set_by": "rossi", "removed": None},
            {"body": json.dumps({"kind": "practice", "rules": ["run.gap"], "due": "2026-01-09"}), "set_at": 30.0,
             "set_by": "rossi", "removed": 40.0}])
    engine.dispose()
    return url


def test_a_schema_1_database_is_brought_up_to_date_keeping_every_record(tmp_path):
    url = schema_1_database(tmp_path / "old.sqlite")
    kept = ClassStore(url)
    try:
        assert set(kept.pupils()) == {"alice", "bob"} and kept.pupil("rossi") is not None
        alice, bob = kept.pupil("alice"), kept.pupil("bob")
        assert alice.progress.solved(FIRST.exercises[0].id) and alice.updated == 100.0
        assert bob.activity == {SECOND.exercises[0].id: (50.0, 90.0, None)}
        [work] = kept.assignments()
        assert (work.id, work.kind, work.set_at) == (1, "lessons", 20.0)
        assert alice.summary["steps"] == {"1": [1, len(FIRST.exercises)]} and alice.summary["written"] == 100.0
        assert bob.summary["missed"] == {"run.gap": 2} and bob.summary["stuck"]["attempts"] == 2
        with kept.engine.connect() as db:
            assert db.execute(sa.text("SELECT value FROM burraco_about WHERE key='schema'")).scalar() == str(SCHEMA)
            assert db.execute(sa.text("SELECT count(*) FROM burraco_assignments")).scalar() == 2   # taken away too
    finally:
        kept.close()
    assert ClassStore(url).pupil("bob").summary["missed"] == {"run.gap": 2}     # opened again: nothing redone


def test_a_database_of_a_newer_service_is_left_as_it_is(tmp_path):
    url = schema_1_database(tmp_path / "new.sqlite")
    engine = sa.create_engine(url)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE burraco_about SET value='9' WHERE key='schema'"))
    with pytest.raises(ClassStoreError) as caught:
        ClassStore(url)
    assert caught.value.key == "newer-schema" and "schema 9" in str(caught.value)
    with engine.connect() as db:                     # not made schema 2: no summary column added
        assert "summary" not in {c["name"] for c in sa.inspect(db).get_columns("burraco_pupils")}
    engine.dispose()


# -- the year's end, a family's request, a copy ----------------------------------------------------

def a_class(kept: ClassStore) -> None:
    kept.save("alice", solved(FIRST.exercises[0].id))
    kept.save("bob", missed(SECOND.exercises[0].id, "run.gap", times=2))
    kept.save("rossi", Progress(), teacher=True)
    gone = kept.assign(Assignment.from_body({"kind": "practice", "rules": ["run.gap"]}), "rossi")
    kept.assign(Assignment.from_body({"kind": "lessons", "lessons": [FIRST.key], "due": "2026-06-10"}), "rossi")
    kept.unassign(gone.id)


def everything(kept: ClassStore) -> dict:
    body = admin.dump(kept)
    body.pop("made")
    return body


def test_one_pupils_record_is_removed_and_nothing_else(store):
    a_class(store)
    before = everything(store)
    assert store.remove("bob") and not store.remove("bob")
    after = everything(store)
    assert [p["name"] for p in after["pupils"]] == ["alice", "rossi"]
    assert after == {**before, "pupils": [p for p in before["pupils"] if p["name"] != "bob"]}
    assert set(json.loads(service_of(store).class_answer())["pupils"]) == {"alice"}


def test_the_years_end_archives_the_class_and_starts_empty(store, tmp_path):
    a_class(store)
    before = everything(store)
    archived = admin.archive(store, tmp_path / "year.json")
    assert everything(store) == {**before, "pupils": [], "assignments": []}
    assert store.pupils() == {} and store.assignments() == []
    kept = admin.read_archive(tmp_path / "year.json")
    assert (tmp_path / "year.json").stat().st_mode & 0o777 == 0o600          # the pupils' records: the owner's
    assert kept == archived and {**kept, "made": 0} == {**before, "made": 0}
    with pytest.raises(ClassStoreError) as caught:                   # never over a file
        admin.archive(store, tmp_path / "year.json")
    assert caught.value.key == "file-exists"
    assert admin.read_archive(tmp_path / "year.json") == kept
    # and back: the archive into an empty class, the summaries worked out again
    admin.load(store, kept)
    assert everything(store) == before
    assert summary_of(store, "alice")["steps"] == {str(store.assignments()[0].id): [1, len(FIRST.exercises)]}


def test_a_copy_goes_from_sqlite_to_postgresql_and_back_with_everything(tmp_path, postgres):
    sqlite = str(tmp_path / "class.sqlite")
    kept = ClassStore(sqlite)
    a_class(kept)
    kept.save("bob", missed(SECOND.exercises[0].id, "run.gap", times=3))       # a third try: bob is stuck
    before = everything(kept)
    stuck = summary_of(kept, "bob")["stuck"]
    kept.close()
    with sa.create_engine(postgres).begin() as db:                  # the module's server: an empty class
        for table in ("burraco_pupils", "burraco_assignments", "burraco_about"):
            db.exec_driver_sql(f"DROP TABLE IF EXISTS {table}")
    admin.copy(sqlite, postgres)
    there = ClassStore(postgres)
    assert everything(there) == before
    assert summary_of(there, "bob")["stuck"] == stuck
    later = there.assign(Assignment.from_body({"kind": "lessons", "lessons": [SECOND.key]}), "rossi")
    assert later.id == max(a["id"] for a in before["assignments"]) + 1      # ids given: the next is after them
    there.close()
    with pytest.raises(ClassStoreError) as caught:                  # only into an empty class
        admin.copy(sqlite, postgres)
    assert caught.value.key == "not-empty"
    back = str(tmp_path / "back.sqlite")
    admin.copy(postgres, back)
    again = ClassStore(back)
    assert everything(again)["pupils"] == before["pupils"] and len(again.assignments()) == 2
    again.close()


def test_the_sub_commands_say_what_they_did_and_refuse_bad_input(tmp_path):
    db, year = str(tmp_path / "class.sqlite"), tmp_path / "year.json"
    kept = ClassStore(db)
    a_class(kept)
    kept.close()

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "lessons.teachers.service", *args, "--lang", "en"],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)

    done = command("remove", "--db", db, "bob")
    assert done.returncode == 0 and done.stdout.strip() == "The record of bob is removed."
    done = command("remove", "--db", db, "bob")
    assert done.returncode == 1 and done.stderr.strip() == "There is no record for bob: nothing was changed."
    done = command("copy", "--from", str(tmp_path / "typo.sqlite"), "--to", str(tmp_path / "x.json"))
    assert done.returncode == 1 and "There is no class database" in done.stderr
    assert not (tmp_path / "typo.sqlite").exists() and not (tmp_path / "x.json").exists()
    done = command("archive", "--db", db, "--to", str(year))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"2 records and 2 pieces of work archived in {year}; the class starts empty."
    (tmp_path / "bad.json").write_text('{"format": "burraco-class", "pupils": [{"name": "x"}], "assignments": []}')
    done = command("copy", "--from", str(tmp_path / "bad.json"), "--to", str(tmp_path / "other.sqlite"))
    assert done.returncode == 1 and "is not a class archive" in done.stderr
    assert not (tmp_path / "other.sqlite").exists()
    done = command("copy", "--from", str(year), "--to", str(tmp_path / "other.sqlite"))
    assert done.returncode == 0 and done.stdout.startswith("2 records and 2 pieces of work copied to")
    assert set(ClassStore(str(tmp_path / "other.sqlite")).pupils()) == {"alice"}


def test_replicas_sign_the_browsers_log_in_alike(tmp_path, monkeypatch):
    from lessons.teachers.service.app import make_app

    kept = ClassStore(str(tmp_path / "class.sqlite"))
    monkeypatch.setenv("BURRACO_CLASS_COOKIE_SECRET", "the same in every replica")
    apps = [make_app(service_of(kept), "/services/burraco-class/") for _ in range(2)]
    assert [app.settings["cookie_secret"] for app in apps] == [b"the same in every replica"] * 2
    monkeypatch.delenv("BURRACO_CLASS_COOKIE_SECRET")
    alone = [make_app(service_of(kept), "/services/burraco-class/").settings["cookie_secret"] for _ in range(2)]
    assert alone[0] != alone[1] and len(alone[0]) == 32          # one process: a random secret of its own
    kept.close()


def test_the_class_a_teacher_reads_is_the_whole_records_and_does_not_grow_with_practice(store):
    from lessons.teachers.classroom import ClassSummary

    service = service_of(store)
    alice = solved(*(ex.id for ex in FIRST.exercises))
    alice = alice.merge(practice_progress("meld.not-a-meld", 6))
    store.save("alice", alice)
    store.save("bob", missed(SECOND.exercises[0].id, "run.gap", times=2, progress=practice_progress("run.gap", 4)))
    store.assign(Assignment.from_body({"kind": "practice", "rules": ["meld.not-a-meld", "run.gap"]}), "rossi")

    def views() -> tuple[dict, ClassSummary]:
        answer = json.loads(service.class_answer())
        return answer, LiveClass.from_body(answer).summary

    answer, live = views()
    whole = ClassSummary(pupils={n: r.progress for n, r in store.pupils().items()},
                         activity={n: r.activity for n, r in store.pupils().items()})
    assert live.stars(lessons.LESSONS) == whole.stars(lessons.LESSONS)           # the same class as the whole records
    assert live.missed_by() == whole.missed_by() and live.stuck() == whole.stuck() != []
    kept = set(answer["pupils"]["alice"]["progress"]["exercises"])
    tried = store.pupil("alice").activity
    last = max(tried, key=lambda k: (tried[k][1], k))                              # as ClassSummary.stuck picks it
    assert kept == {ex.id for ex in FIRST.exercises} | {last} and last.startswith("gen.")
    store.clock_.now += 60
    store.save("alice", alice.merge(practice_progress("meld.not-a-meld", 40)))   # much more practice
    later, live = views()
    grown = later["pupils"]["alice"]
    assert len(grown["progress"]["exercises"]) == len(kept)                      # not one record more
    assert len(json.dumps(grown)) < len(json.dumps(answer["pupils"]["alice"])) + 200
    [work] = store.assignments()
    assert grown["summary"]["steps"] == {str(work.id): list(work.steps(store.pupil("alice").progress))}
    assert grown["summary"]["steps"][str(work.id)][0] >= NEEDED                   # the practice counted


def test_an_archive_that_cannot_be_written_changes_nothing(store, tmp_path):
    a_class(store)
    before = everything(store)
    with pytest.raises(ClassStoreError) as caught:
        admin.archive(store, tmp_path / "no-such-folder" / "year.json")
    assert caught.value.key == "cannot-write" and "nothing was changed" in str(caught.value)
    assert everything(store) == before
