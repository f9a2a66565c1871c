"""The class service: a JupyterHub service that keeps every pupil's progress and the teacher's assignments.

Started by the hub (``c.JupyterHub.services``, see docs/classroom.md) or beside it, it is reached at
``/services/<name>/`` through the hub's proxy, and directly at its own address from the pupils' servers.
Every request is identified by the hub (``HubOAuth``): an API token in ``Authorization: token ...``
(what a pupil's tutorial sends: its server's ``JUPYTERHUB_API_TOKEN``), or the cookie the hub's OAuth
gives a browser. A pupil's name is the token's owner, never anything the request says; members of the
teacher group (``--teacher-group``, a hub group) may read the class and set work.

    GET  api/me                  your record: progress, and the class's assignments with your steps
    POST api/me                  your progress (JSON, as the tutorial saves it): merged, never replaced
    GET  api/pupils/NAME         that pupil's record (yourself, or a teacher)
    POST api/pupils/NAME         the same as POST api/me, for yourself only
    DELETE api/pupils/NAME       remove that pupil's record (teachers: a family's request)
    GET  api/class               every pupil (record, summary, when last written) and assignment, with
                                 who has done what (teachers)
    POST api/assignments         set work for the class (teachers); DELETE api/assignments/ID takes it away

A request the hub does not identify gets 401 (nothing sent) or 403, and nothing else; bad input gets
400 (413 when too big) with ``{"error": key, "message": text}`` and changes nothing. Writes need a
token: a browser's cookie only reads.

    python -m lessons.teachers.service --db /srv/burraco/class.sqlite --teacher-group teachers
    python -m lessons.teachers.service archive|remove|copy ...    (the year's end, a family's request,
                                                                   SQLite <-> PostgreSQL: see .admin)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import os
import signal
import sys
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuth, HubOAuthCallbackHandler, HubOAuthenticated, UserNotAllowed
from tornado import web

from ...learner.classwork import Assignment, ClassworkError
from ...learner.progress import Progress, ProgressError
from .admin import COMMANDS, run_command
from .database import ClassRow, ClassStore, PupilRecord, database_url
from .door import BURST, RATE, RateLimit, closed_app, declared_length, name_refusal, safe_url
from .door import without_password as _without_password

__all__ = ["ClassService", "main", "make_app"]

_log = logging.getLogger("burraco.class")
MAX_BODY = 1_000_000        # bytes of one request: far above a real pupil's progress (tens of kB)
WORKERS = 4                 # threads for the store's work: a few at once; SQLite writes one at a time anyway
READS = 2.0                 # a pupil may read this many times as often as write (teachers: unlimited)
SHARE = 9.0                 # a pupil's writes wait SHARE times the last one's time after it (see _Api.keep)
T = TypeVar("T")


class ClassService:
    """The service's state: where records are kept, who teaches, the hub's authentication. Nothing of
    the class is kept here between requests (several processes may share one database)."""

    def __init__(self, store: ClassStore, *, teacher_group: str = "teachers", max_body: int = MAX_BODY,
                 auth: HubOAuth | None = None, workers: int = WORKERS, limit: RateLimit | None = None) -> None:
        self.store = store
        self.limit = limit if limit is not None else RateLimit()
        # a pupil's reads (GET api/me sends their whole record, up to hundreds of kB): their own bucket, READS
        # times the writes', so that reading in a loop on many connections cannot fill the threads either
        self.reads = RateLimit(self.limit.rate * READS, int(self.limit.burst * READS), self.limit.clock)
        self.teacher_group = teacher_group
        self.max_body = max_body
        self.auth = auth if auth is not None else HubOAuth()
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="burraco-store")
        # one write of a pupil at a time on those threads: four connections of one pupil take one thread,
        # not all of them (a scheduling aid of this process only; nothing of the class is kept in it)
        self._writers: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def is_teacher(self, user: dict[str, Any]) -> bool:
        return user.get("kind", "user") == "user" and self.teacher_group in (user.get("groups") or ())

    def writer(self, name: str) -> asyncio.Lock:
        """The lock a pupil's writes take turns under in this process (see __init__)."""
        lock = self._writers.get(name)
        if lock is None:
            lock = self._writers[name] = asyncio.Lock()
        return lock

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` on the service's threads: reading a body, the database and the summaries
        never hold the loop that answers the other requests."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, work, *args)

    # ---------------------------------------------------------------- answers
    def pupil_answer(self, name: str, record: PupilRecord | None, teacher: bool) -> dict[str, Any]:
        progress = record.progress if record else Progress()
        kept = (record.summary or {}).get("steps", {}) if record else {}
        work = []
        for assignment in self.store.assignments():
            pair = kept.get(str(assignment.id))
            done, of = pair if pair is not None else assignment.steps(progress)   # set since the summary was written
            work.append({**assignment.to_body(), "steps": [done, of], "done": done >= of})
        return {"name": name, "teacher": teacher, "progress": record.progress.to_body() if record else None,
                "updated": record.updated if record else None, "assignments": work}

    def class_answer(self) -> str:
        """``GET api/class`` as JSON text: each pupil's record as the teacher's page reads it (the lessons'
        exercises and the one tried last: .summary.teachers_copy) and summary, as they are kept, with who has
        done what from the summaries. Nothing is worked out here, and its size does not grow with history."""
        rows = [_sendable(row) for row in self.store.class_rows()]
        summaries = {row.name: _summary(row.summary) for row in rows}
        work = []
        for assignment in self.store.assignments():
            ident = str(assignment.id)
            steps = {name: pair for name, s in summaries.items()
                     if (pair := _pair((s.get("steps") or {}).get(ident) if isinstance(s.get("steps"), dict) else None))}
            work.append({**assignment.to_body(), "steps": steps,
                         "done_by": sorted(name for name, (done, of) in steps.items() if done >= of)})
        pupils = ",".join(f'{_text(row.name)}:{{"progress":{row.progress},"activity":{row.activity},'
                          f'"updated":{row.updated!r},"summary":{row.summary}}}' for row in rows)
        return (f'{{"now":{self.store.clock()!r},"teacher_group":{_text(self.teacher_group)},'
                f'"pupils":{{{pupils}}},"assignments":{_text(work)}}}')


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _summary(text: str) -> dict[str, Any]:
    found = json.loads(text)
    return found if isinstance(found, dict) else {}


def _pair(value: Any) -> list[int] | None:
    """A kept (done, of), or None when the summary holds something else (a row broken by hand)."""
    if (isinstance(value, list) and len(value) == 2 and all(type(n) is int for n in value)
            and 0 <= value[0] <= value[1]):
        return value
    return None


def _sendable(row: ClassRow) -> ClassRow:
    """The row as api/class sends its texts, or, when one of them is not JSON (a row broken by hand, an
    older process's), the row said unreadable: one pupil's row never makes the whole answer unreadable.
    Reading the texts costs what the course's size costs, not the history's (see .summary)."""
    try:
        for text in (row.progress, row.activity, row.summary):
            json.loads(text, parse_constant=_no_constant)
        if not math.isfinite(row.updated):
            raise ValueError("updated is not a time")
        return row
    except (ValueError, RecursionError) as err:
        updated = row.updated if math.isfinite(row.updated) else 0.0
        summary = {"written": updated, "error": "class.store.unreadable-row", "message": str(err)[:200]}
        return ClassRow(row.name, "null", "{}", updated, _text(summary))


class Refused(web.HTTPError):
    """A request refused with a reason the caller can read: ``key`` (a catalogue key) and English text."""

    def __init__(self, status: int, key: str, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(status, reason=None, log_message=f"{key}: {message}".replace("%", "%%"))
        self.key = key
        self.message = message
        self.retry_after = retry_after


class _Handler(HubOAuthenticated, web.RequestHandler):
    service: ClassService

    def initialize(self, service: ClassService) -> None:
        self.service = service
        self.hub_auth = service.auth

    async def prepare(self) -> None:
        # Ask the hub who this is without blocking the other requests (HubAuth caches the answer).
        self._hub_auth_user_cache = None
        model = await self.hub_auth.get_user(self, sync=False)
        if model:
            try:
                self._hub_auth_user_cache = self.check_hub_user(model)
            except UserNotAllowed:
                self._hub_auth_user_cache = None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, Refused):
            body = {"error": error.key, "message": error.message}
            if error.retry_after is not None:        # whole seconds, as HTTP says it (at least 1)
                self.set_header("Retry-After", str(max(1, math.ceil(error.retry_after))))
        else:
            body = {"error": f"http.{status_code}", "message": self._reason}
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(body))


@web.stream_request_body
class _Api(_Handler):
    """Identified requests only; a write needs a token (a browser's cookie only reads). The body is
    read only once the request passed the door (streamed: ``prepare`` runs on the headers alone), and
    never beyond ``max_body``: a bigger one is refused on its ``Content-Length`` before a byte is read."""

    user: dict[str, Any]
    _body: bytearray

    async def prepare(self) -> None:
        await super().prepare()
        user = self.current_user
        if user is None:
            sent = self.request.headers.get("Authorization") or self.hub_auth.get_token(self)
            raise Refused(403 if sent else 401, "service.not-identified", "the hub did not identify this request")
        if user.get("kind", "user") != "user":
            raise Refused(403, "service.not-a-user", "only the hub's users have records here")
        if self.request.method not in ("GET", "HEAD") and not getattr(self, "_token_authenticated", False):
            raise Refused(403, "service.token-needed", "changes need an API token, not a browser's cookie")
        refusal = name_refusal(str(user.get("name", "")))
        if refusal is not None:       # bob\u200b would pass for bob on the teacher's page
            raise Refused(403, "service.bad-name", f"a hub name with an invisible character ({refusal}) has no record here")
        writes = self.request.method not in ("GET", "HEAD")
        if writes:
            wait = self.service.limit.take(str(user["name"]))
        else:        # a teacher's page asks every few seconds; a pupil's tutorial once a minute
            wait = 0.0 if self.service.is_teacher(user) else self.service.reads.take(str(user["name"]))
        if wait:
            raise Refused(429, "service.too-fast", "too many requests at once: try again shortly", retry_after=wait)
        declared = declared_length(self.request.headers)
        if declared is not None and declared > self.service.max_body:
            raise Refused(413, "service.too-big", f"at most {self.service.max_body} bytes")
        self._body = bytearray()
        # filled as it arrives, never past max_body (data_received)
        self.request.body = self._body  # type: ignore[assignment]
        self.user = user

    def data_received(self, chunk: bytes) -> None:
        if len(self._body) + len(chunk) > self.service.max_body:     # no Content-Length (chunked): cut off here
            raise Refused(413, "service.too-big", f"at most {self.service.max_body} bytes")
        self._body += chunk

    @property
    def name(self) -> str:
        return str(self.user["name"])

    @property
    def teacher(self) -> bool:
        return self.service.is_teacher(self.user)

    def check_xsrf_cookie(self) -> None:
        return None          # writes are token-authenticated only (checked in prepare)

    def answer(self, body: Any, status: int = 200) -> None:
        self.answer_text(json.dumps(body, ensure_ascii=False, separators=(",", ":")), status)

    def answer_text(self, text: str, status: int = 200) -> None:
        """An answer already written as JSON text."""
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(text)

    def progress_sent(self) -> Progress:
        try:
            return Progress.from_json(self.request.body)
        except ProgressError as err:
            raise Refused(400, f"progress.error.{err.key}", str(err)) from None

    async def keep(self, name: str) -> None:
        async with self.service.writer(name):
            began = time.monotonic()
            try:
                self.answer(await self.service.run(self._keep, name, self.teacher))
            finally:
                # the pupil's next write waits a few times what this one took: a pupil sending costly
                # bodies back to back gets a tenth of a thread, while one answer every few seconds never waits
                await asyncio.sleep(SHARE * (time.monotonic() - began))

    def _keep(self, name: str, teacher: bool) -> dict[str, Any]:
        # on the service's threads: reading the body and merging take time in proportion to its size
        try:
            record = self.service.store.save(name, self.progress_sent(), teacher=teacher)
        except ClassworkError as err:
            raise Refused(400, f"classwork.error.{err.key}", str(err)) from None
        except ProgressError as err:             # a record kept unreadable: say so, change nothing
            raise Refused(500, f"progress.error.{err.key}", str(err)) from None
        return self.service.pupil_answer(name, record, teacher)

    def teachers_only(self, what: str) -> None:
        if not self.teacher:
            raise Refused(403, "service.teachers-only", f"only the teacher group {what}")


def _kept(store: ClassStore, name: str) -> PupilRecord | None:
    """A pupil's stored record, or the named refusal when it cannot be read (as POST says it), not a bare 500."""
    try:
        return store.pupil(name)
    except ProgressError as err:
        raise Refused(500, f"progress.error.{err.key}", str(err)) from None
    except (ValueError, RecursionError):         # its activity not JSON (a row broken by hand)
        raise Refused(500, "progress.error.not-json", "this pupil's kept record is not JSON") from None


class MeHandler(_Api):
    async def get(self) -> None:
        service = self.service
        self.answer(await service.run(lambda: service.pupil_answer(self.name, _kept(service.store, self.name),
                                                                   self.teacher)))

    async def post(self) -> None:
        await self.keep(self.name)


class PupilHandler(_Api):
    async def get(self, name: str) -> None:
        if name != self.name and not self.teacher:
            raise Refused(403, "service.not-yours", "a pupil reads only their own record")
        record = await self.service.run(_kept, self.service.store, name)
        if record is None and name != self.name:
            raise Refused(404, "service.no-pupil", "no record for this pupil")
        self.answer(await self.service.run(self.service.pupil_answer, name, record, self.teacher and name == self.name))

    async def post(self, name: str) -> None:
        if name != self.name:
            raise Refused(403, "service.not-yours", "a pupil writes only their own record")
        await self.keep(self.name)

    async def delete(self, name: str) -> None:
        """A pupil's record removed (a family's request); their own copies are on their server and browser."""
        self.teachers_only("removes a record")
        if not await self.service.run(self.service.store.remove, name):
            raise Refused(404, "service.no-pupil", "no record for this pupil")
        _log.info("the record of %r removed by %r", name, self.name)
        self.set_status(204)
        self.finish()


class ClassHandler(_Api):
    async def get(self) -> None:
        self.teachers_only("reads the class")
        self.answer_text(await self.service.run(self.service.class_answer))


class AssignmentsHandler(_Api):
    async def get(self) -> None:
        self.answer([a.to_body() for a in await self.service.run(self.service.store.assignments)])

    async def post(self) -> None:
        self.teachers_only("sets work")
        try:
            body = json.loads(self.request.body, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            raise Refused(400, "service.not-json", "the body is not JSON") from None
        try:
            assignment = Assignment.from_body(body)
        except ClassworkError as err:
            raise Refused(400, f"classwork.error.{err.key}", str(err)) from None
        self.answer((await self.service.run(self.service.store.assign, assignment, self.name)).to_body(), 201)


class AssignmentHandler(_Api):
    async def delete(self, ident: str) -> None:
        self.teachers_only("sets work")
        if not await self.service.run(self.service.store.unassign, int(ident)):
            raise Refused(404, "service.no-assignment", "no such assignment")
        self.set_status(204)
        self.finish()


class HomeHandler(_Handler):
    """What a browser sees at the service's address (after the hub's OAuth login)."""

    @web.authenticated
    async def get(self) -> None:
        from .page import page_language, service_page

        user = self.current_user
        lang = page_language(self.request.headers.get("Accept-Language", ""))
        page = await self.service.run(service_page, self.service.store, str(user["name"]),
                                      self.service.is_teacher(user), lang)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def make_app(service: ClassService, prefix: str | None = None) -> web.Application:
    """The service's tornado application under ``prefix`` (the hub's ``JUPYTERHUB_SERVICE_PREFIX``)."""
    prefix = prefix or service.auth.base_url or "/"
    prefix = prefix if prefix.endswith("/") else prefix + "/"
    routes: list[Any] = [
        (prefix, HomeHandler),
        (prefix + "api/me", MeHandler),
        (prefix + r"api/pupils/([^/]+)", PupilHandler),          # GET, POST, DELETE
        (prefix + "api/class", ClassHandler),
        (prefix + "api/assignments", AssignmentsHandler),
        (prefix + r"api/assignments/(\d{1,12})", AssignmentHandler),
    ]
    handlers: list[Any] = [(path, handler, {"service": service}) for path, handler in routes]
    handlers.append((prefix + "oauth_callback", HubOAuthCallbackHandler))
    return web.Application(handlers, cookie_secret=cookie_secret(), hub_auth=service.auth,
                           login_url=service.auth.login_url, compress_response=True)


def cookie_secret() -> bytes:
    """What signs the browsers' OAuth cookies: ``$BURRACO_CLASS_COOKIE_SECRET``, the same in every replica
    (a login begun at one replica ends at another), or a random one for a service running alone."""
    shared = os.environ.get("BURRACO_CLASS_COOKIE_SECRET", "")
    return shared.encode() if shared else os.urandom(32)


def _options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="burraco-class-service", description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default=os.environ.get("BURRACO_CLASS_DB", "burraco-class.sqlite"),
                        help="a SQLite file, or a SQLAlchemy URL (postgresql+psycopg://...); "
                             "default $BURRACO_CLASS_DB or ./burraco-class.sqlite")
    parser.add_argument("--teacher-group", default=os.environ.get("BURRACO_TEACHER_GROUP", "teachers"),
                        help="the hub group whose members read the class and set work (default: teachers)")
    parser.add_argument("--max-body", type=int, default=MAX_BODY, help="largest request, in bytes")
    parser.add_argument("--rate", type=float, default=RATE,
                        help=f"writes a second a pupil may send, on average (default {RATE:g}; 0: no limit)")
    parser.add_argument("--burst", type=int, default=BURST, help=f"writes a pupil may send at once (default {BURST})")
    parser.add_argument("--auth-cache", type=int, default=60,
                        help="seconds the hub's answer on a token (name, groups) is remembered (default 60)")
    parser.add_argument("--listen", default=os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"),
                        help="the address to listen on (default: $JUPYTERHUB_SERVICE_URL, as the hub sets it)")
    return parser.parse_args(argv)


async def _serve(options: argparse.Namespace) -> None:
    address = urlparse(options.listen)
    url = database_url(options.db)
    auth = HubOAuth(cache_max_age=options.auth_cache)
    store: ClassStore | None = None
    try:
        store = ClassStore(options.db)
    except Exception as err:     # a hub stops when a service it starts exits: stay up and say why instead
        reason = (_without_password(str(err), url).splitlines() or [type(err).__name__])[0][:300]
        _log.critical("the class service cannot open its records at %s: %s. Every request is answered 503 "
                      "until it is fixed and the service restarted.", safe_url(url), reason)
        app = closed_app(auth.base_url or "/", reason)
    if store is not None:
        service = ClassService(store, teacher_group=options.teacher_group, max_body=options.max_body, auth=auth,
                               limit=RateLimit(options.rate, options.burst))
        app = make_app(service)
    # tornado itself never reads a body past the bound (the handlers refuse one on its Content-Length first)
    server = app.listen(address.port or 80, address.hostname or "127.0.0.1", max_body_size=options.max_body,
                        xheaders=True)
    _log.info("burraco class service on %s (records: %s, teachers: group %r)", options.listen,
              safe_url(url), options.teacher_group)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.stop()
    if store is not None:
        service.pool.shutdown(wait=True)
        store.close()


def main(argv: Sequence[str] | None = None) -> None:
    """Run the class service until it is stopped (SIGTERM or Ctrl-C), or one of :mod:`.admin`'s commands."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        sys.exit(run_command(args))
    os.umask(0o077)        # whatever the service writes (its SQLite files) is readable by its user alone
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="[%(levelname)s %(asctime)s %(name)s] %(message)s")
    asyncio.run(_serve(_options(argv)))
