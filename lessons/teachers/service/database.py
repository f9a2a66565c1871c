"""The class service's records: each pupil's progress and activity, and the teacher's assignments.

SQLAlchemy Core over any database it speaks: SQLite by default (a file), PostgreSQL for a district
(``postgresql+psycopg://user:password@host/db``). Two tables, prefixed so they can share a database
with other applications::

    burraco_pupils       name (the hub's user name), progress (JSON), activity (JSON), updated,
                         teacher (a member of the teacher group when they last sent: not in the class)
    burraco_assignments  id, body (JSON), set_at, set_by, removed (when the teacher took it away)

A pupil's copy is never replaced by an older one: what arrives is merged into what is kept
(``Progress.merge``: the best of both, a reset's epoch respected), in one transaction that locks
the pupil's row (``SELECT ... FOR UPDATE``; SQLite locks the file for writing from the start,
``BEGIN IMMEDIATE``), so two tabs posting at once both count, from one service process or several. Everything arriving is read whole first: bad input raises ProgressError or
ClassworkError and changes nothing.
"""

from __future__ import annotations

import json
import pathlib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from ...learner.classwork import Assignment, ClassworkError, unknown_exercises
from ...learner.progress import Progress
from ..classroom import Activity, note_activity, read_activity

__all__ = ["ClassStore", "PupilRecord", "database_url"]

SCHEMA = 1
_metadata = sa.MetaData()
_pupils = sa.Table(
    "burraco_pupils", _metadata,
    sa.Column("name", sa.String(255), primary_key=True),
    sa.Column("progress", sa.Text, nullable=False),
    sa.Column("activity", sa.Text, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("teacher", sa.Boolean, nullable=False, default=False),
)
_assignments = sa.Table(
    "burraco_assignments", _metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("body", sa.Text, nullable=False),
    sa.Column("set_at", sa.Float, nullable=False),
    sa.Column("set_by", sa.String(255), nullable=False),
    sa.Column("removed", sa.Float, nullable=True),
)
_about = sa.Table(
    "burraco_about", _metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(255), nullable=False),
)


def database_url(where: str) -> str:
    """A SQLAlchemy URL as it is, or a file path made into a SQLite URL (``class.sqlite``)."""
    if "://" in where:
        return where
    return f"sqlite:///{pathlib.Path(where).expanduser().resolve()}"


@dataclass(frozen=True)
class PupilRecord:
    """What the class service keeps of one pupil."""

    name: str
    progress: Progress
    activity: Activity
    updated: float

    def to_body(self) -> dict[str, Any]:
        return {"progress": self.progress.to_body(), "updated": self.updated,
                "activity": {key: list(times) for key, times in sorted(self.activity.items())}}


class ClassStore:
    """The records of one class, in the database at ``url`` (tables made when missing)."""

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = database_url(url)
        self.clock = clock
        sqlite = self.url.startswith("sqlite")
        self.engine = sa.create_engine(self.url, connect_args={"timeout": 30} if sqlite else {})
        if sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            sa.event.listen(self.engine, "begin", _sqlite_begin)
        _metadata.create_all(self.engine)
        self._known: set[str] = set()                          # pupils with a row (rows are never deleted)
        self._read: dict[str, PupilRecord] = {}                # records as last read, by name (see pupils())
        with self.engine.begin() as db:
            found = db.execute(sa.select(_about.c.value).where(_about.c.key == "schema")).scalar()
            if found is None:
                db.execute(_about.insert().values(key="schema", value=str(SCHEMA)))

    def close(self) -> None:
        self.engine.dispose()

    # ---------------------------------------------------------------- pupils
    def save(self, name: str, incoming: Progress, *, teacher: bool = False) -> PupilRecord:
        """Merge a pupil's copy into what is kept, note what they did, and return the record now kept.
        ``teacher``: the sender is a teacher (their record is kept, but they are not listed in the class).

        A copy holding exercises outside the curriculum raises ClassworkError (nothing kept)."""
        unknown = unknown_exercises(incoming)
        if unknown:
            raise ClassworkError("unknown-exercise", exercise=unknown[0][:80])
        now = self.clock()
        self._make_room(name, now)
        with self._writing() as db:
            row = db.execute(sa.select(_pupils).where(_pupils.c.name == name).with_for_update()).one()
            kept, activity = Progress.from_json(row.progress), read_activity(json.loads(row.activity))
            merged = kept.merge(incoming)
            activity = note_activity(kept, merged, activity, now)
            db.execute(_pupils.update().where(_pupils.c.name == name).values(
                progress=merged.to_json(), activity=_activity_json(activity), updated=now, teacher=teacher))
        return PupilRecord(name, merged, activity, now)

    def _make_room(self, name: str, now: float) -> None:
        """An empty record for a pupil seen for the first time, so that the merge can lock a row."""
        if name in self._known:
            return
        with self.engine.connect() as db:
            if db.execute(sa.select(_pupils.c.name).where(_pupils.c.name == name)).first() is not None:
                self._known.add(name)
                return
        try:
            with self._writing() as db:
                db.execute(_pupils.insert().values(name=name, progress=Progress().to_json(), activity="{}",
                                                   updated=now, teacher=False))
        except sa.exc.IntegrityError:
            pass                 # another copy of the same pupil made it just now
        self._known.add(name)

    @contextmanager
    def _writing(self) -> Iterator[sa.Connection]:
        """A transaction that will write (SQLite: locked for writing from its start)."""
        with self.engine.connect() as db:
            db.info["write"] = True
            try:
                with db.begin():
                    yield db
            finally:
                db.info.pop("write", None)

    def pupil(self, name: str) -> PupilRecord | None:
        with self.engine.connect() as db:
            row = db.execute(sa.select(_pupils).where(_pupils.c.name == name)).first()
        return None if row is None else _record(row)

    def pupils(self) -> dict[str, PupilRecord]:
        """Every pupil of the class (not the teachers), by name. A record unchanged since it was last
        read here (same time of update) is not read again: the teacher's page asks every few seconds."""
        with self.engine.connect() as db:
            rows = db.execute(sa.select(_pupils.c.name, _pupils.c.updated)
                              .where(_pupils.c.teacher.is_(False)).order_by(_pupils.c.name)).all()
            changed = [row.name for row in rows
                       if row.name not in self._read or self._read[row.name].updated != float(row.updated)]
            if changed:
                for row in db.execute(sa.select(_pupils).where(_pupils.c.name.in_(changed))).all():
                    self._read[row.name] = _record(row)
        return {row.name: self._read[row.name] for row in rows}

    # ---------------------------------------------------------------- assignments
    def assign(self, assignment: Assignment, by: str) -> Assignment:
        """Keep a new assignment (set by the teacher ``by``); it is given an id and the time it was set."""
        now = self.clock()
        body = {**assignment.to_body(), "id": 0, "set_at": now}
        with self._writing() as db:
            result = db.execute(_assignments.insert().values(body=json.dumps(body), set_at=now, set_by=by))
            key = result.inserted_primary_key
            assert key is not None
            ident = int(key[0])
        return Assignment.from_body({**body, "id": ident})

    def assignments(self) -> list[Assignment]:
        """The assignments not taken away, the first set first."""
        with self.engine.connect() as db:
            rows = db.execute(sa.select(_assignments).where(_assignments.c.removed.is_(None))
                              .order_by(_assignments.c.id)).all()
        return [Assignment.from_body({**json.loads(row.body), "id": row.id, "set_at": row.set_at}) for row in rows]

    def unassign(self, ident: int) -> bool:
        """Take an assignment away (it stays in the database, marked); False when there is none by that id."""
        with self._writing() as db:
            result = db.execute(_assignments.update()
                                .where(_assignments.c.id == ident, _assignments.c.removed.is_(None))
                                .values(removed=self.clock()))
        return bool(result.rowcount)


def _record(row: Any) -> PupilRecord:
    return PupilRecord(row.name, Progress.from_json(row.progress), read_activity(json.loads(row.activity)),
                       float(row.updated))


def _activity_json(activity: Activity) -> str:
    return json.dumps({key: list(times) for key, times in sorted(activity.items())}, separators=(",", ":"))


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL: the teacher's page reads while pupils' copies are written; a writer waits for a busy file.
    # Transactions are begun here (_sqlite_begin), not by the sqlite3 module.
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _sqlite_begin(connection: sa.Connection) -> None:
    # A merge reads then writes: taking the write lock at BEGIN makes concurrent merges wait their turn
    # instead of failing when one upgrades its read to a write.
    connection.exec_driver_sql("BEGIN IMMEDIATE" if connection.info.get("write") else "BEGIN")
