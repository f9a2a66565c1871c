"""The class service's records (SQLite, and PostgreSQL for real), and the classwork they hold.

A pupil's copy is merged into what is kept, never replaced by an older one; two copies arriving at
once both count; what a pupil did is noted (first and last try, when solved), so the class knows who
is stuck on what for how long; bad input changes nothing. The work a teacher sets counts as done from
the pupil's own progress: every exercise of the lessons or the sheet solved, or each rule practised.
"""

from __future__ import annotations

import datetime
import threading

import pytest

import burraco_core as bc
import lessons
from lessons.learner.classwork import Assignment, ClassworkError, Sheet, class_copy, is_class_exercise
from lessons.learner.practice import NEEDED
from lessons.learner.progress import Progress, ProgressError
from lessons.teachers.classroom import ClassSummary, note_activity
from lessons.teachers.service.database import ClassStore, database_url
from lessons.teachers.worksheet import sheet_exercises
from tests.postgres import postgres_url

FIRST, SECOND = lessons.LESSONS[0], lessons.LESSONS[1]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def solved(*exercise_ids: str, stars_lost: int = 0) -> Progress:
    progress = Progress()
    for exercise_id in exercise_ids:
        progress.record(exercise_id, correct=True, hints=stars_lost, retries=0, solution_shown=False)
    return progress


def missed(exercise_id: str, rule: str, times: int = 1, progress: Progress | None = None) -> Progress:
    progress = progress or Progress()
    for _ in range(times):
        progress.record(exercise_id, correct=False, hints=0, retries=0, solution_shown=False, rule=rule)
    return progress


@pytest.fixture(scope="module")
def postgres():
    with postgres_url() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    clock = Clock()
    url = str(tmp_path / "class.sqlite") if request.param == "sqlite" else request.getfixturevalue("postgres")
    kept = ClassStore(url, clock=clock)
    if request.param == "postgresql":       # one server for the module: start each test from empty tables
        with kept.engine.begin() as db:
            for table in ("burraco_pupils", "burraco_assignments"):
                db.exec_driver_sql(f"DELETE FROM {table}")
    kept.clock_ = clock
    yield kept
    kept.close()


# -- the records -----------------------------------------------------------------------------------

def test_a_copy_is_merged_never_replaced_by_an_older_one(store):
    a, b = FIRST.exercises[0].id, FIRST.exercises[1].id
    best = solved(a)
    store.save("alice", best)
    older = missed(a, "meld.not-a-meld")               # a tab that had not seen the solved answer
    kept = store.save("alice", older).progress
    assert kept.stars(a) == 3 and kept.solved(a)
    assert kept.record_of(a).misses == {"meld.not-a-meld": 1}
    kept = store.save("alice", solved(b, stars_lost=1)).progress
    assert (kept.stars(a), kept.stars(b)) == (3, 2)
    assert store.pupil("alice").progress == kept
    assert store.pupil("bob") is None


def test_a_reset_is_respected(store):
    a = FIRST.exercises[0].id
    store.save("alice", solved(a))
    reset = solved(a)
    reset.reset()                                      # the pupil reset their progress: a new epoch
    kept = store.save("alice", reset).progress
    assert kept.exercise_ids() == () and kept.epoch == reset.epoch
    assert store.save("alice", solved(a)).progress.exercise_ids() == ()   # an old tab's copy: from before the reset


def test_two_copies_at_once_both_count(store):
    ids = [ex.id for ex in FIRST.exercises[:4]]
    threads = [threading.Thread(target=store.save, args=("alice", solved(i))) for i in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(store.pupil("alice").progress.exercise_ids()) == set(ids)


def test_a_copy_outside_the_curriculum_changes_nothing(store):
    store.save("alice", solved(FIRST.exercises[0].id))
    before = store.pupil("alice")
    strange = solved(FIRST.exercises[1].id, "class-3b.my-own-exercise")
    with pytest.raises(ClassworkError) as info:
        store.save("alice", strange)
    assert info.value.key == "unknown-exercise" and "class-3b.my-own-exercise" in str(info.value)
    assert store.pupil("alice") == before


def test_what_each_pupil_did_and_who_is_stuck(store):
    a, b = SECOND.exercises[0].id, SECOND.exercises[1].id
    clock = store.clock_
    bob = missed(a, "run.gap")
    store.save("bob", bob)
    clock.now += 60
    store.save("bob", missed(a, "run.gap", progress=bob))            # a second wrong try, a minute later
    store.save("alice", solved(a))
    clock.now += 240
    kept = store.pupils()
    assert kept["bob"].activity[a] == (1_000_000.0, 1_000_060.0, None)
    assert kept["alice"].activity[a][2] == 1_000_060.0               # solved then
    summary = ClassSummary(pupils={n: r.progress for n, r in kept.items()},
                           activity={n: r.activity for n, r in kept.items()})
    [stuck] = summary.stuck()
    assert (stuck.pupil, stuck.exercise, stuck.attempts, stuck.rule) == ("bob", a, 2, "run.gap")
    assert clock.now - stuck.since == 300                            # stuck for five minutes
    clock.now += 5
    store.save("bob", missed(b, "meld.too-few-cards", progress=bob))  # moved on: the latest exercise counts
    bob_now = store.pupil("bob")
    summary.pupils["bob"], summary.activity["bob"] = bob_now.progress, bob_now.activity
    assert [s.exercise for s in summary.stuck()] == []               # one try at b: not stuck yet


def test_teachers_are_kept_but_not_in_the_class(store):
    store.save("rossi", solved(FIRST.exercises[0].id), teacher=True)
    store.save("alice", Progress())
    assert list(store.pupils()) == ["alice"]
    assert store.pupil("rossi").progress.solved(FIRST.exercises[0].id)


def test_assignments_are_kept_and_taken_away(store):
    set_first = store.assign(Assignment.from_body({"kind": "lessons", "lessons": [SECOND.key], "due": "2025-12-19"}),
                             "rossi")
    sheet = store.assign(Assignment.from_body({"kind": "worksheet", "sheet": {"number": 7}}), "rossi")
    assert set_first.id != sheet.id and set_first.set_at == store.clock_.now
    assert [a.kind for a in store.assignments()] == ["lessons", "worksheet"]
    assert store.assignments()[0].due == datetime.date(2025, 12, 19)
    assert store.unassign(set_first.id) and not store.unassign(set_first.id)
    assert store.assignments() == [sheet]


def test_the_database_is_a_url_or_a_file(tmp_path):
    assert database_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url(str(tmp_path / "c.sqlite")) == f"sqlite:///{tmp_path / 'c.sqlite'}"
    ClassStore(str(tmp_path / "c.sqlite")).save("alice", Progress())
    assert list(ClassStore(str(tmp_path / "c.sqlite")).pupils()) == ["alice"]     # kept: opened again


# -- classwork -------------------------------------------------------------------------------------

def test_lessons_are_done_when_every_exercise_is_solved():
    work = Assignment.from_body({"kind": "lessons", "lessons": [FIRST.key]})
    progress = solved(*[ex.id for ex in FIRST.exercises[:-1]])
    assert work.steps(progress) == (len(FIRST.exercises) - 1, len(FIRST.exercises)) and not work.done(progress)
    progress.record(FIRST.exercises[-1].id, correct=True, hints=2, retries=3, solution_shown=False)
    assert work.done(progress)
    assert work.label().text("en") == f"Lesson {FIRST.number} ({FIRST.title('en')})"


def test_a_worksheet_is_the_makers_sheet_and_done_when_solved():
    sheet = Sheet(7, ("judge-meld", "attach"), count=4)
    made, left_out = sheet_exercises(["judge-meld", "attach"], 4, 7)
    assert not left_out and sheet.exercise_ids() == tuple(ex.id for ex in made)
    work = Assignment.from_body({"kind": "worksheet", "sheet": sheet.to_body()})
    assert work.steps(solved(*sheet.exercise_ids()[:3])) == (3, 4)
    assert work.done(solved(*sheet.exercise_ids()))
    assert work.label().text("it") == "Scheda n. 7 (4 esercizi)"


def test_practice_is_done_when_each_rule_is_answered_right_twice():
    from lessons.learner.practice import PracticeSession

    work = Assignment.from_body({"kind": "practice", "rules": ["meld.not-a-meld"]})
    session = PracticeSession(work.rules, progress=Progress())
    assert work.steps(session.progress) == (0, NEEDED)
    while not session.done:
        session.answer(session.next().solution)
    assert work.done(session.progress)


@pytest.mark.parametrize("body, key", [
    ("not a dict", "not-assignment"),
    ({"kind": "homework", "lessons": [FIRST.key]}, "unknown-assignment"),
    ({"kind": "lessons"}, "missing-field"),
    ({"kind": "lessons", "lessons": []}, "bad-field"),
    ({"kind": "lessons", "lessons": ["no-such-lesson"]}, "unknown-lesson"),
    ({"kind": "lessons", "lessons": [FIRST.key], "pupil": "alice"}, "unknown-field"),
    ({"kind": "lessons", "lessons": [FIRST.key], "due": "19/12/2025"}, "bad-date"),
    ({"kind": "lessons", "lessons": [FIRST.key], "due": "2025-02-30"}, "bad-date"),
    ({"kind": "practice", "rules": ["run.nonsense"]}, "unknown-rule"),
    ({"kind": "worksheet", "sheet": {"number": -1}}, "bad-field"),
    ({"kind": "worksheet", "sheet": {"number": 3, "kinds": ["juggle"]}}, "unknown-kind"),
    ({"kind": "worksheet", "sheet": {"number": 3, "rules": "club"}}, "unknown-rules"),
    ({"kind": "worksheet", "sheet": {"number": 3, "count": 41}}, "bad-field"),
])
def test_work_that_cannot_be_set_is_refused_with_a_reason(body, key):
    with pytest.raises(ClassworkError) as info:
        Assignment.from_body(body)
    assert info.value.key == key
    for lang in lessons.languages():
        assert info.value.message(lang) and "{" not in info.value.message(lang)


def test_what_a_class_keeps_is_the_curriculums_part():
    own = f"gen.attach.{bc.RULESETS['classic'].id}-0000abcd.d1.3"          # a house variant's exercise
    progress = solved(FIRST.exercises[0].id, "gen.judge-meld.12", "class-3b.first-run", own)
    progress.lang = "it"
    kept = class_copy(progress)
    assert kept.exercise_ids() == tuple(sorted([FIRST.exercises[0].id, "gen.judge-meld.12"]))
    assert kept.lang == "it"
    assert not is_class_exercise("class-3b.first-run") and is_class_exercise("gen.attach.pulito.d2.5")


def test_activity_follows_the_copies():
    a = FIRST.exercises[0].id
    before = missed(a, "run.gap")
    first = note_activity(Progress(), before, {}, 10.0)
    assert first == {a: (10.0, 10.0, None)}
    after = missed(a, "run.gap", progress=before.copy())
    assert note_activity(before, after, first, 20.0) == {a: (10.0, 20.0, None)}
    assert note_activity(after, after, {a: (10.0, 20.0, None)}, 30.0) == {a: (10.0, 20.0, None)}   # nothing new
    done = after.copy()
    done.record(a, correct=True, hints=0, retries=2, solution_shown=False)
    assert note_activity(after, done, {a: (10.0, 20.0, None)}, 40.0) == {a: (10.0, 40.0, 40.0)}


def test_a_class_sent_by_the_service_is_read_pupil_by_pupil():
    good = {"progress": solved(FIRST.exercises[0].id).to_body(), "activity": {FIRST.exercises[0].id: [1, 2, 2]},
            "updated": 3}
    with pytest.raises(ProgressError):                                  # not a class at all
        ClassSummary.from_service(["alice"])
    read = ClassSummary.from_service({"alice": good, "bob": {"progress": {"format": "nonsense"}},
                                      "carla": {"progress": Progress().to_body(), "activity": {"x": [1, "two", None]}}})
    assert list(read.pupils) == ["alice"] and sorted(read.unreadable) == ["bob", "carla"]    # each on its own
    assert read.unreadable["bob"].key == "class.bad-record"
    assert read.pupils["alice"].solved(FIRST.exercises[0].id) and read.seen == {"alice": 3.0}


def test_taking_away_an_id_beyond_any_assignment_is_no_such_assignment(store):
    # DELETE api/assignments/99999999999 (the route takes 12 digits): PostgreSQL's INTEGER refused the
    # query (NumericValueOutOfRange), answered 500 instead of 404 service.no-assignment
    assert store.unassign(99_999_999_999) is False and store.unassign(2**31) is False
    assert store.unassign(0) is False
