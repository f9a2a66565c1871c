"""The class service's records: each pupil's progress, activity and summary, and the teacher's assignments.

SQLAlchemy Core over any database it speaks: SQLite by default (a file), PostgreSQL for a district
(``postgresql+psycopg://user:password@host/db``). Three tables, prefixed so they can share a database
with other applications::

    burraco_pupils       name (the hub's user name), progress (JSON), activity (JSON), updated,
                         teacher (a member of the teacher group when they last sent: not in the class),
                         summary (JSON, see .summary: what the teacher's page shows of the pupil),
                         view_progress, view_activity (JSON: the record as the teacher's page reads it)
    burraco_assignments  id, body (JSON), set_at, set_by, removed (when the teacher took it away)
    burraco_about        key, value: ``schema`` (SCHEMA; an older database is brought up to it on opening)

A pupil's copy is never replaced by an older one: what arrives is merged into what is kept
(``Progress.merge``: the best of both, a reset's epoch respected), in one transaction that locks
the pupil's row (``SELECT ... FOR UPDATE``; SQLite locks the file for writing from the start,
``BEGIN IMMEDIATE``), so two tabs posting at once both count, from one service process or several.
The pupil's summary is written in that transaction; setting or taking away work rewrites every
pupil's. Nothing is kept in the process between requests, so several service processes may share one
database. Everything arriving is read whole first: bad input raises ProgressError or ClassworkError and
changes nothing.
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
from ...learner.progress import KeyedError, Progress, ProgressError
from ..classroom import Activity, note_activity, read_activity
from .door import private_sqlite
from .summary import pupil_summary, teachers_copy, unreadable_summary

__all__ = ["SCHEMA", "ClassStore", "ClassStoreError", "PupilRecord", "database_url"]

SCHEMA = 2                  # 1: no summaries; 2: each pupil's summary and teacher's copy in burraco_pupils
_SCHEMA_2 = ("summary", "view_progress", "view_activity")        # the columns schema 2 added
_metadata = sa.MetaData()
_pupils = sa.Table(
    "burraco_pupils", _metadata,
    sa.Column("name", sa.String(255), primary_key=True),
    sa.Column("progress", sa.Text, nullable=False),
    sa.Column("activity", sa.Text, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("teacher", sa.Boolean, nullable=False, default=False),
    sa.Column("summary", sa.Text, nullable=True),
    sa.Column("view_progress", sa.Text, nullable=True),
    sa.Column("view_activity", sa.Text, nullable=True),
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


class ClassStoreError(KeyedError):
    """The class's database cannot be used or changed as asked; nothing was changed.
    ``err.msg`` is the reason as a catalogue Message (key ``class.store.*``)."""

    PREFIX = "class.store."


def database_url(where: str) -> str:
    """A SQLAlchemy URL as it is, or a file path made into a SQLite URL (``class.sqlite``)."""
    if "://" in where:
        return where
    return f"sqlite:///{pathlib.Path(where).expanduser().resolve()}"


@dataclass(frozen=True)
class PupilRecord:
    """What the class service keeps of one pupil (``summary``: see :mod:`.summary`)."""

    name: str
    progress: Progress
    activity: Activity
    updated: float
    summary: dict[str, Any] | None = None

    def to_body(self) -> dict[str, Any]:
        return {"progress": self.progress.to_body(), "updated": self.updated,
                "activity": {key: list(times) for key, times in sorted(self.activity.items())}}


@dataclass(frozen=True)
class ClassRow:
    """A pupil's row as the teacher's refresh reads it: the teacher's copy of the record and the summary,
    JSON texts as stored, not read (see class_rows)."""

    name: str
    progress: str
    activity: str
    updated: float
    summary: str


class ClassStore:
    """The records of one class, in the database at ``url`` (tables made when missing, an older
    schema brought up to date)."""

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        self.url = database_url(url)
        self.clock = clock
        sqlite = self.url.startswith("sqlite")
        private_sqlite(self.url)       # its folder made, the files readable by the service alone (.door)
        self.engine = sa.create_engine(self.url, connect_args={"timeout": 30} if sqlite else {})
        if sqlite:
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            sa.event.listen(self.engine, "begin", _sqlite_begin)
        try:
            self._upgrade()
        except Exception:
            self.engine.dispose()
            raise

    def close(self) -> None:
        self.engine.dispose()

    def _upgrade(self) -> None:
        """Make the tables, or bring a database of an older schema to SCHEMA keeping every record."""
        with self._writing() as db:
            if db.dialect.name == "postgresql":      # replicas starting together: one upgrades, the others wait
                db.execute(sa.text("SELECT pg_advisory_xact_lock(290029)"))
            tables = sa.inspect(db).get_table_names()
            if "burraco_pupils" in tables:                                                   # schema 1 -> 2
                have = {c["name"] for c in sa.inspect(db).get_columns("burraco_pupils")}
                for column in _SCHEMA_2:
                    if column not in have:
                        db.execute(sa.text(f"ALTER TABLE burraco_pupils ADD COLUMN {column} TEXT"))
            _metadata.create_all(db)
            found = db.execute(sa.select(_about.c.value).where(_about.c.key == "schema")).scalar()
            if found is None:
                db.execute(_about.insert().values(key="schema", value=str(SCHEMA)))
            elif not found.isdigit() or int(found) > SCHEMA:
                raise ClassStoreError("newer-schema", found=found[:20], known=SCHEMA)
            elif int(found) < SCHEMA:
                db.execute(_about.update().where(_about.c.key == "schema").values(value=str(SCHEMA)))
            # rows without a summary: every row of an older schema, or written by an older process meanwhile
            if db.execute(sa.select(_pupils.c.name).where(_missing()).limit(1)).first() is not None:
                self._summarise(db, only_missing=True)

    # ---------------------------------------------------------------- pupils
    def save(self, name: str, incoming: Progress, *, teacher: bool = False) -> PupilRecord:
        """Merge a pupil's copy into what is kept, note what they did, and return the record now kept.
        ``teacher``: the sender is a teacher (their record is kept, but they are not listed in the class).

        A copy holding exercises outside the curriculum raises ClassworkError (nothing kept)."""
        unknown = unknown_exercises(incoming)
        if unknown:
            raise ClassworkError("unknown-exercise", exercise=unknown[0][:80])
        now = self.clock()
        try:
            return self._save(name, incoming, teacher, now)
        except sa.exc.IntegrityError:
            # another process made this pupil's row between our look and our insert: merge into it
            return self._save(name, incoming, teacher, now)

    def _save(self, name: str, incoming: Progress, teacher: bool, now: float) -> PupilRecord:
        with self._writing() as db:
            row = db.execute(sa.select(_pupils).where(_pupils.c.name == name).with_for_update()).first()
            if row is None:
                kept, activity = Progress(), {}
            else:
                kept, activity = Progress.from_json(row.progress), read_activity(json.loads(row.activity))
            merged = kept.merge(incoming)
            activity = note_activity(kept, merged, activity, now)
            # read after the row is locked: work set meanwhile is in this summary, or rewrites it after us
            summary = pupil_summary(merged, activity, self._assignments(db), now)
            values = {"progress": _compact(merged), "activity": _activity_json(activity), "updated": now,
                      "teacher": teacher, **_derived(summary, merged, activity)}
            if row is None:
                db.execute(_pupils.insert().values(name=name, **values))
            else:
                db.execute(_pupils.update().where(_pupils.c.name == name).values(**values))
        return PupilRecord(name, merged, activity, now, summary)

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
        """Every pupil of the class (not the teachers), by name, each record read whole."""
        with self.engine.connect() as db:
            rows = db.execute(sa.select(_pupils).where(_pupils.c.teacher.is_(False)).order_by(_pupils.c.name)).all()
        return {row.name: _record(row) for row in rows}

    def class_rows(self) -> list[ClassRow]:
        """Every pupil of the class as stored (JSON texts, not read): the teacher's refresh."""
        with self.engine.connect() as db:
            rows = db.execute(sa.select(_pupils.c.name, _pupils.c.view_progress, _pupils.c.view_activity,
                                        _pupils.c.updated, _pupils.c.summary)
                              .where(_pupils.c.teacher.is_(False)).order_by(_pupils.c.name)).all()
        return [ClassRow(row.name, row.view_progress or "null", row.view_activity or "{}", float(row.updated),
                         row.summary or "{}") for row in rows]

    def remove(self, name: str) -> bool:
        """Delete one pupil's record (a family's request); False when there is none by that name."""
        with self._writing() as db:
            return bool(db.execute(_pupils.delete().where(_pupils.c.name == name)).rowcount)

    # ---------------------------------------------------------------- assignments
    def assign(self, assignment: Assignment, by: str) -> Assignment:
        """Keep a new assignment (set by the teacher ``by``); it is given an id and the time it was set.
        Every pupil's summary is rewritten with it, in the same transaction."""
        now = self.clock()
        body = {**assignment.to_body(), "id": 0, "set_at": now}
        with self._writing() as db:
            result = db.execute(_assignments.insert().values(body=json.dumps(body), set_at=now, set_by=by))
            key = result.inserted_primary_key
            assert key is not None
            ident = int(key[0])
            self._summarise(db)
        return Assignment.from_body({**body, "id": ident})

    def assignments(self) -> list[Assignment]:
        """The assignments not taken away, the first set first."""
        with self.engine.connect() as db:
            return self._assignments(db)

    def _assignments(self, db: sa.Connection) -> list[Assignment]:
        rows = db.execute(sa.select(_assignments).where(_assignments.c.removed.is_(None))
                          .order_by(_assignments.c.id)).all()
        return [Assignment.from_body({**json.loads(row.body), "id": row.id, "set_at": row.set_at}) for row in rows]

    def unassign(self, ident: int) -> bool:
        """Take an assignment away (it stays in the database, marked); False when there is none by that id."""
        if not 0 < ident < 2**31:       # no id is (an INTEGER column); PostgreSQL refused the query: a 500
            return False
        with self._writing() as db:
            result = db.execute(_assignments.update()
                                .where(_assignments.c.id == ident, _assignments.c.removed.is_(None))
                                .values(removed=self.clock()))
            if result.rowcount:
                self._summarise(db)
        return bool(result.rowcount)

    def _summarise(self, db: sa.Connection, *, only_missing: bool = False) -> None:
        """Rewrite the summaries (of every pupil, or of those without one) in this transaction: once
        per change of the work set, bounded by the class's size."""
        assignments = self._assignments(db)
        query = sa.select(_pupils).with_for_update()
        if only_missing:
            query = query.where(_missing())
        for row in db.execute(query).all():
            try:
                progress, activity = Progress.from_json(row.progress), read_activity(json.loads(row.activity))
                values = _derived(pupil_summary(progress, activity, assignments, float(row.updated)), progress, activity)
            except (ProgressError, ValueError, RecursionError) as err:    # one record that cannot be read
                if not isinstance(err, ProgressError):                     # (its activity not JSON) spoils no other
                    err = ProgressError("not-json", detail=str(err)[:120])
                values = {"summary": json.dumps(unreadable_summary(err, float(row.updated))),
                          "view_progress": "null", "view_activity": "{}"}
            db.execute(_pupils.update().where(_pupils.c.name == row.name).values(**values))


def _missing() -> Any:
    return sa.or_(*(_pupils.c[column].is_(None) for column in _SCHEMA_2))


def _derived(summary: dict[str, Any], progress: Progress, activity: Activity) -> dict[str, str]:
    """The columns worked out from a pupil's record: their summary and the teacher's copy."""
    body, latest = teachers_copy(progress, activity)
    return {"summary": json.dumps(summary, separators=(",", ":")),
            "view_progress": json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
            "view_activity": json.dumps(latest, separators=(",", ":"))}


def _record(row: Any) -> PupilRecord:
    return PupilRecord(row.name, Progress.from_json(row.progress), read_activity(json.loads(row.activity)),
                       float(row.updated), json.loads(row.summary) if row.summary else None)


def _compact(progress: Progress) -> str:
    # the same body as Progress.to_json without its indentation: the teacher's refresh sends it as it is
    return json.dumps(progress.to_body(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


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
