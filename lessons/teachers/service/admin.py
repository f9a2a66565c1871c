"""The class's data over a school year: archive it and start empty, remove one pupil, copy it elsewhere.

    python -m lessons.teachers.service archive --db DB --to class-2026.json   # the year's end
    python -m lessons.teachers.service remove --db DB NAME                    # a family's request
    python -m lessons.teachers.service copy --from DB_OR_FILE --to DB_OR_FILE # SQLite <-> PostgreSQL

``DB`` is a SQLite file or a SQLAlchemy URL (default ``$BURRACO_CLASS_DB``, so a password need not be
on the command line); a path ending in ``.json`` is an archive. A copy takes everything: every record
(teachers' too), the work set (and taken away), each pupil's activity (who is stuck, since when); it goes
only into an empty class database or a new file, and the summaries are worked out again there. An
archive is written whole, then the class emptied, in one transaction: a pupil writing meanwhile waits
and lands in the empty class. What cannot be done raises :class:`ClassStoreError` and changes nothing.
The pupils keep their own copies (home folder, browser): a pupil whose tutorial is opened again sends
theirs, as after any loss.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from burraco_core.messages import Message

from ...curriculum import model
from ...learner.classwork import Assignment, ClassworkError
from ...learner.progress import Progress, ProgressError
from ..classroom import read_activity
from .database import SCHEMA, ClassStore, ClassStoreError, _assignments, _pupils

__all__ = ["COMMANDS", "archive", "copy", "dump", "read_archive", "run_command"]

FORMAT = "burraco-class"
COMMANDS = ("archive", "remove", "copy")


def dump(store: ClassStore, db: sa.Connection | None = None) -> dict[str, Any]:
    """Everything the class's database holds, as an archive's JSON body."""
    if db is None:
        with store.engine.connect() as fresh:
            return dump(store, fresh)
    pupils = [{"name": row.name, "progress": json.loads(row.progress), "activity": json.loads(row.activity),
               "updated": float(row.updated), "teacher": bool(row.teacher)}
              for row in db.execute(sa.select(_pupils).order_by(_pupils.c.name)).all()]
    work = [{"id": row.id, "body": json.loads(row.body), "set_at": float(row.set_at), "set_by": row.set_by,
             "removed": None if row.removed is None else float(row.removed)}
            for row in db.execute(sa.select(_assignments).order_by(_assignments.c.id)).all()]
    return {"format": FORMAT, "schema": SCHEMA, "made": store.clock(), "pupils": pupils, "assignments": work}


def read_archive(path: pathlib.Path) -> dict[str, Any]:
    """An archive's body, every record checked; ClassStoreError when it is not one."""
    try:
        body = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError) as err:
        raise ClassStoreError("not-archive", path=str(path), detail=str(err)[:200]) from None
    try:
        _check(body)
    except (ProgressError, ClassworkError, KeyError, TypeError, ValueError) as err:
        raise ClassStoreError("not-archive", path=str(path), detail=str(err)[:200]) from None
    return dict(body)


def _check(body: Any) -> None:
    if not isinstance(body, dict) or body.get("format") != FORMAT or not isinstance(body.get("pupils"), list) \
            or not isinstance(body.get("assignments"), list):
        raise ValueError("not a class archive")
    for pupil in body["pupils"]:
        if not isinstance(pupil["name"], str) or not pupil["name"] or not isinstance(pupil["teacher"], bool):
            raise ValueError("a pupil without a name")
        Progress.from_body(pupil["progress"])
        read_activity(pupil["activity"])
        float(pupil["updated"])
    for each in body["assignments"]:
        Assignment.from_body({**each["body"], "id": int(each["id"]), "set_at": float(each["set_at"])})
        if not isinstance(each["set_by"], str) or not (each["removed"] is None or float(each["removed"]) >= 0):
            raise ValueError("an assignment without its teacher")


def load(store: ClassStore, body: dict[str, Any]) -> None:
    """Put an archive's records into an empty class database (their summaries worked out again)."""
    with store._writing() as db:
        if db.execute(sa.select(sa.func.count()).select_from(_pupils)).scalar() or \
                db.execute(sa.select(sa.func.count()).select_from(_assignments)).scalar():
            raise ClassStoreError("not-empty", where=_shown(store.url))
        for pupil in body["pupils"]:
            db.execute(_pupils.insert().values(
                name=pupil["name"], progress=json.dumps(pupil["progress"], ensure_ascii=False, separators=(",", ":")),
                activity=json.dumps(pupil["activity"], separators=(",", ":")), updated=float(pupil["updated"]),
                teacher=pupil["teacher"], summary=None))
        for each in body["assignments"]:
            db.execute(_assignments.insert().values(id=int(each["id"]), body=json.dumps(each["body"]),
                                                    set_at=float(each["set_at"]), set_by=each["set_by"],
                                                    removed=each["removed"]))
        if body["assignments"] and db.dialect.name == "postgresql":
            # ids were given: the next assignment set must not take one of them
            db.execute(sa.text("SELECT setval(pg_get_serial_sequence('burraco_assignments', 'id'), "
                               "(SELECT max(id) FROM burraco_assignments))"))
        store._summarise(db)


def archive(store: ClassStore, path: pathlib.Path) -> dict[str, Any]:
    """Write the whole class to ``path`` (a new file), then empty it; returns what was archived."""
    path = path.expanduser()
    if path.exists():
        raise ClassStoreError("file-exists", path=str(path))
    with store._writing() as db:
        if db.dialect.name == "postgresql":      # no pupil's write between what is archived and the emptying
            db.execute(sa.text("LOCK TABLE burraco_pupils, burraco_assignments IN EXCLUSIVE MODE"))
        body = dump(store, db)
        _write_new(path, body)
        try:
            db.execute(_pupils.delete())
            db.execute(_assignments.delete())
        except Exception:
            path.unlink(missing_ok=True)         # the class stays as it was: no archive claims otherwise
            raise
    return body


def copy(source: str, target: str) -> dict[str, Any]:
    """Copy a class database or archive (``source``) into an empty database or a new archive file."""
    if _is_file(source):
        body = read_archive(pathlib.Path(source).expanduser())
    else:
        if "://" not in source and not pathlib.Path(source).expanduser().is_file():
            raise ClassStoreError("no-database", where=source)       # a typo must not make an empty database
        store = ClassStore(source)
        try:
            body = dump(store)
        finally:
            store.close()
    if _is_file(target):
        path = pathlib.Path(target).expanduser()
        if path.exists():
            raise ClassStoreError("file-exists", path=str(path))
        _write_new(path, body)
    else:
        into = ClassStore(target)
        try:
            load(into, body)
        finally:
            into.close()
    return body


def _is_file(where: str) -> bool:
    return "://" not in where and where.lower().endswith(".json")


def _write_new(path: pathlib.Path, body: dict[str, Any]) -> None:
    # never over a file (O_EXCL); readable by its owner alone (the pupils' records); on the disk before the
    # class is emptied
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise ClassStoreError("file-exists", path=str(path)) from None
    except OSError as err:
        raise ClassStoreError("cannot-write", path=str(path), detail=err.strerror or str(err)) from None
    try:
        with open(handle, "w", encoding="utf-8") as out:
            json.dump(body, out, ensure_ascii=False, separators=(",", ":"))
            out.flush()
            os.fsync(out.fileno())
    except OSError as err:                       # a full disk: no half archive left to be taken for a whole one
        path.unlink(missing_ok=True)
        raise ClassStoreError("cannot-write", path=str(path), detail=err.strerror or str(err)) from None


def _shown(url: str) -> str:
    return url.split("@")[-1] if "@" in url else url        # never a password


# -- the sub-commands -------------------------------------------------------------------------------

def run_command(argv: Sequence[str]) -> int:
    """``archive``, ``remove`` or ``copy`` (see the module's doc); 0 when done, 1 (said why) when not."""
    options = _options(argv)
    lang = options.lang if options.lang in model.languages() else "en"
    try:
        said = _run(options)
    except (ClassStoreError, ProgressError, ClassworkError) as err:
        print(err.message(lang), file=sys.stderr)
        return 1
    except sa.exc.SQLAlchemyError as err:
        print(Message("class.store.database", detail=_shown(str(err).splitlines()[0])).text(lang), file=sys.stderr)
        return 1
    print(said.text(lang))
    return 0


def _run(options: argparse.Namespace) -> Message:
    if options.command == "copy":
        body = copy(options.source, options.target)
        return Message("class.store.copied", pupils=len(body["pupils"]), work=len(body["assignments"]),
                       where=_shown(options.target))
    store = ClassStore(options.db)
    try:
        if options.command == "archive":
            body = archive(store, pathlib.Path(options.to))
            return Message("class.store.archived", pupils=len(body["pupils"]), work=len(body["assignments"]),
                           path=options.to)
        if not store.remove(options.name):
            raise ClassStoreError("no-pupil", name=options.name)
        return Message("class.store.removed", name=options.name)
    finally:
        store.close()


def _options(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="burraco-class-service", description=__doc__.split("\n\n")[0])
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", default=os.environ.get("LANG", "en")[:2], help="the language of what is said")
    commands = parser.add_subparsers(dest="command", required=True)
    default_db = os.environ.get("BURRACO_CLASS_DB", "burraco-class.sqlite")
    db_help = "a SQLite file or a SQLAlchemy URL (default $BURRACO_CLASS_DB)"
    year = commands.add_parser("archive", parents=[common], help="write the whole class to a new JSON file, then empty it")
    year.add_argument("--db", default=default_db, help=db_help)
    year.add_argument("--to", required=True, help="the archive to write (a new .json file)")
    one = commands.add_parser("remove", parents=[common], help="remove one pupil's record")
    one.add_argument("--db", default=default_db, help=db_help)
    one.add_argument("name", help="the pupil's hub name")
    both = commands.add_parser("copy", parents=[common], help="copy everything into an empty database or a new .json file")
    both.add_argument("--from", dest="source", required=True, help="a database (file or URL) or an archive (.json)")
    both.add_argument("--to", dest="target", required=True, help="an empty database (file or URL) or a new .json")
    return parser.parse_args(argv)
