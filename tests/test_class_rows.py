"""One pupil's row broken in the database (by hand, by an older process, an archive with an infinite
time) spoils neither the teacher's api/class answer nor the setting of work for the rest of the class.

Through ClassStore and ClassService directly (SQLite); see tests/test_class_display.py for the page.
"""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

import lessons
from lessons.learner.classwork import Assignment
from lessons.learner.progress import Progress
from lessons.teachers.classroom import ClassSummary
from lessons.teachers.service.database import ClassStore
from tests.test_class_year import service_of

FIRST = lessons.LESSONS[0]
EX = FIRST.exercises[0].id


def solved() -> Progress:
    progress = Progress()
    progress.record(EX, correct=True, hints=0, retries=0, solution_shown=False)
    return progress


@pytest.fixture
def kept(tmp_path):
    store = ClassStore(str(tmp_path / "class.sqlite"))
    store.save("alice", solved())
    store.save("bob", solved())
    store.assign(Assignment.from_body({"kind": "lessons", "lessons": [FIRST.key]}), "teacher")
    yield store
    store.close()


def spoil(store: ClassStore, column: str, value: object) -> None:
    with store.engine.begin() as db:
        db.execute(sa.text(f"UPDATE burraco_pupils SET {column} = :v WHERE name = 'bob'"), {"v": value})


@pytest.mark.parametrize(("column", "value"), [
    ("view_progress", "{not json"), ("view_activity", "{not json"), ("summary", "{not json"), ("summary", "NaN"),
    ("updated", float("inf")),
])
def test_api_class_reads_with_one_row_not_json(kept, column, value):
    spoil(kept, column, value)
    answer = json.loads(service_of(kept).class_answer(), parse_constant=lambda name: pytest.fail(name))
    summary = ClassSummary.from_service(answer["pupils"])
    assert set(summary.pupils) == {"alice"} and set(summary.unreadable) == {"bob"}
    assert set(answer["assignments"][0]["steps"]) == {"alice"}


@pytest.mark.parametrize("steps", ['{"steps": 5}', '{"steps": {"1": 5}}', '{"steps": {"1": [1]}}', '{"steps": {"1": "ab"}}'])
def test_api_class_reads_with_one_summary_of_the_wrong_shape(kept, steps):
    spoil(kept, "summary", steps)
    answer = json.loads(service_of(kept).class_answer())
    assert answer["assignments"][0]["steps"] == {"alice": [1, len(FIRST.exercises)]}
    assert "alice" in ClassSummary.from_service(answer["pupils"]).pupils


def test_work_is_set_with_one_activity_not_json(kept):
    spoil(kept, "activity", "not json")
    second = Assignment.from_body({"kind": "lessons", "lessons": [lessons.LESSONS[1].key]})
    made = kept.assign(second, "teacher")                   # was JSONDecodeError: no work set for anybody
    assert [a.id for a in kept.assignments()][-1] == made.id
    alice = kept.pupil("alice")
    assert alice is not None and alice.summary is not None and str(made.id) in alice.summary["steps"]
    answer = json.loads(service_of(kept).class_answer())
    assert set(ClassSummary.from_service(answer["pupils"]).unreadable) == {"bob"}


def test_a_pupils_post_generates_no_sheet_with_a_year_of_worksheets_set(tmp_path, monkeypatch):
    # 100 worksheets set over a year, more than the sheets' cache (64): every pupil's post generated every
    # sheet again to work out its steps (some 6 ms each: 0.6 s a post, growing with the year)
    import lessons.learner.classwork as classwork

    store = ClassStore(str(tmp_path / "class.sqlite"))
    for number in range(100):
        store.assign(Assignment.from_body({"kind": "worksheet", "sheet": {"number": 1000 + number}}), "teacher")
    store.save("alice", solved())                    # the first post works every sheet out
    made = []
    real = classwork.exercises
    monkeypatch.setattr(classwork, "exercises", lambda *args: made.append(args) or real(*args))
    record = store.save("alice", solved())
    assert made == []
    assert record.summary is not None and len(record.summary["steps"]) == 100
    store.close()


@pytest.mark.parametrize("password", ["p@ss:w/rd", "plain"])
def test_no_password_in_an_error_quoting_the_url_as_written(password):
    # a password with '@' or '/' is written %-encoded in the URL: an error quoting the URL kept it ('p%40ss')
    from urllib.parse import quote

    from lessons.teachers.service.door import without_password

    url = f"postgresql+psycopg://burraco:{quote(password, safe='')}@db.school/burraco"
    said = without_password(f"cannot open {url}: no such host; the password {password} was refused", url)
    assert quote(password, safe="") not in said and password not in said and "db.school" in said
