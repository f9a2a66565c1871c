"""The pupil's copy at the class service (on a school's JupyterHub), sent in the background.

On a hub that runs the class service, every pupil's server is given its address
(``BURRACO_CLASS_URL``, see docs/classroom.md) and already holds the token that names the pupil to the
hub (``JUPYTERHUB_API_TOKEN``). :func:`class_link` gives a :class:`ClassLink` there, None elsewhere
(the static site, Binder, a computer at home)::

    link = class_link(on_reply=lambda reply: ...)   # reply.progress: the class's copy, merged
    link.push(progress)          # returns at once; a thread sends it, and again until it arrives
    link.refresh()               # ask for the assignments (and the class's copy) in the background
    link.state                   # "idle", "sending", "sent", "waiting" (the service does not answer) or "refused"

Nothing ever waits for the service: ``push`` only keeps a copy of the latest progress and wakes the
sender. Only the latest copy is sent (each holds the ones before: progress only grows by merging),
so a pupil who works while the service is down loses nothing: the copy waits, is tried again
(after 1, 2, 4... up to 30 s), and arrives once the service is back. The service merges it into what
it keeps, never replacing a newer copy, and answers with the merged copy, which ``on_reply``
receives on the thread that made the link (the kernel's, through its event loop), never on the
sender's. A copy the service refuses (4xx) is not tried again until the next change.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .classwork import Assignment, ClassworkError, class_copy
from .progress import Progress, ProgressError

__all__ = ["ENV_URL", "ClassLink", "ClassReply", "Handover", "ServiceClient", "ServiceError", "class_link"]

ENV_URL = "BURRACO_CLASS_URL"
TIMEOUT = 5.0               # seconds for one request: a slow service never holds a page
RETRY = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
POLL = 60.0                 # seconds between two questions for the work set, while nothing else is sent
_log = logging.getLogger(__name__)


class ServiceError(Exception):
    """A request the class service did not take: ``status`` (0: no answer at all) and its ``key``."""

    def __init__(self, status: int, key: str, message: str = "") -> None:
        super().__init__(f"{status} {key}: {message}" if message else f"{status} {key}")
        self.status = status
        self.key = key

    @property
    def refused(self) -> bool:
        """The service answered no (4xx), or with something this tutorial cannot read (a newer
        version's work): sending the same again would not help. "Too fast" (429) is not a no: the
        copy is sent again after the usual wait."""
        if self.status == 429:
            return False
        return 400 <= self.status < 500 or self.key == "service.bad-answer"


class ServiceClient:
    """JSON over HTTP to the class service at ``url`` (its ``/services/<name>/`` address), with ``token``."""

    def __init__(self, url: str, token: str, timeout: float = TIMEOUT) -> None:
        self.url = url if url.endswith("/") else url + "/"
        self.token = token
        self.timeout = timeout

    def request(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None) -> Any:
        """The answer's JSON (None when empty); ServiceError when refused or unanswered."""
        # imported here: the static site (Pyodide), which has no class service, never loads them
        import http.client
        import urllib.error
        import urllib.request

        data = raw if raw is not None else None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Authorization", f"token {self.token}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                text = answer.read()
        except urllib.error.HTTPError as err:
            raise ServiceError(err.code, _error_key(err)) from None
        except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as err:   # a cut answer too
            raise ServiceError(0, "service.no-answer", str(err)[:200]) from None
        if not text:
            return None
        try:
            return json.loads(text)
        except ValueError:
            raise ServiceError(0, "service.not-json") from None


def _error_key(err: Any) -> str:
    """The ``error`` key of a refusal's JSON body (``err``: an HTTPError), else ``http.<code>``."""
    try:
        return str(json.loads(err.read() or b"{}").get("error", f"http.{err.code}"))
    except (ValueError, AttributeError, OSError):
        return f"http.{err.code}"


@dataclass(frozen=True)
class ClassReply:
    """What the service said of this pupil: their name on the hub, the class's copy of their progress
    (merged with what was sent), the class's assignments, and whether they are a teacher."""

    name: str
    progress: Progress | None
    assignments: tuple[Assignment, ...]
    steps: dict[int, tuple[int, int]]
    teacher: bool

    @classmethod
    def from_body(cls, body: Any) -> ClassReply:
        if not isinstance(body, dict) or not isinstance(body.get("name"), str):
            raise ProgressError("bad-field", field="reply", expected="object")
        work = body.get("assignments") or []
        if not isinstance(work, list) or not all(isinstance(each, dict) for each in work):
            raise ProgressError("bad-field", field="assignments", expected="object")
        assignments = []
        steps = {}
        for each in work:
            try:
                assignment = Assignment.from_body({k: v for k, v in each.items() if k not in ("steps", "done")})
            except ClassworkError:
                _log.warning("work this tutorial cannot show (a newer version's?) left out: %r", each)
                continue
            assignments.append(assignment)
            pair = each.get("steps")
            if isinstance(pair, list) and len(pair) == 2 and all(isinstance(n, int) for n in pair):
                steps[assignment.id] = (pair[0], pair[1])
        progress = None if body.get("progress") is None else Progress.from_body(body["progress"])
        return cls(body["name"], progress, tuple(assignments), steps, bool(body.get("teacher")))


class Handover:
    """Runs callbacks on the thread that made it: through its running event loop (a kernel's), or,
    without one, when :meth:`deliver` is called. A sender thread hands its answers over with it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[Callable[[], None]] = []
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None

    def put(self, call: Callable[[], None]) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(call)
                return
            except RuntimeError:        # the loop closed meanwhile
                pass
        with self._lock:
            self._waiting.append(call)

    def deliver(self) -> None:
        with self._lock:
            waiting, self._waiting = self._waiting, []
        for call in waiting:
            call()


class ClassLink:
    """Sends the latest progress to the class service from a thread of its own (see the module's doc).

    ``on_reply(reply)`` is called with every answer, on the thread that made the link: through its
    running event loop (a kernel's), or, without one, when :meth:`deliver` is called (the keeper calls
    it on every save; :meth:`wait` too).
    """

    def __init__(self, client: ServiceClient, on_reply: Callable[[ClassReply], None] | None = None, *,
                 retry: tuple[float, ...] = RETRY, poll: float = POLL) -> None:
        self.client = client
        self.retry = retry
        self.poll = poll
        self.state = "idle"
        self.reply: ClassReply | None = None
        self.error: ServiceError | None = None
        self.sent = 0                       # copies the service took
        self._on_reply = [on_reply] if on_reply else []
        self._pending: Progress | None = None
        self._refresh = False
        self._busy = False
        self._lock = threading.Condition()
        self._handover = Handover()
        self._thread: threading.Thread | None = None
        self._closed = False

    def on_reply(self, callback: Callable[[ClassReply], None]) -> Callable[[ClassReply], None]:
        self._on_reply.append(callback)
        return callback

    # ---------------------------------------------------------------- asking
    def push(self, progress: Progress) -> None:
        """Send this progress (a copy is kept) as soon as the service takes it; returns at once."""
        copy = class_copy(progress)
        with self._lock:
            self._pending = copy
            self._lock.notify_all()
        self._start()

    def refresh(self) -> None:
        """Ask for the pupil's record (assignments, the class's copy) in the background."""
        with self._lock:
            self._refresh = True
            self._lock.notify_all()
        self._start()

    @property
    def pending(self) -> bool:
        """A copy or a question not yet answered."""
        with self._lock:
            return self._pending is not None or self._refresh or self._busy

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until nothing is pending (True) or ``timeout`` s pass (False); then :meth:`deliver`.
        For tests and scripts: a page never calls it."""
        with self._lock:
            self._lock.wait_for(lambda: self._pending is None and not self._refresh and not self._busy, timeout)
            done = self._pending is None and not self._refresh and not self._busy
        self.deliver()
        return done

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()

    # ---------------------------------------------------------------- answers, on the owner's thread
    def deliver(self) -> None:
        """Run the answers that arrived (when the link was made outside an event loop)."""
        self._handover.deliver()

    def _hand_over(self, reply: ClassReply) -> None:
        def call() -> None:
            self.reply = reply
            for callback in list(self._on_reply):
                try:
                    callback(reply)
                except Exception:      # a listener must not stop the link
                    _log.exception("a class service listener failed")

        self._handover.put(call)

    # ---------------------------------------------------------------- the sender
    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="burraco-class-link", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        failures = 0
        while True:
            with self._lock:
                asked = self._lock.wait_for(lambda: self._closed or self._pending is not None or self._refresh,
                                            self.poll)
                if self._closed:
                    return
                if not asked and self.reply is None and self.state != "sent":
                    continue            # never heard from the service yet: no questions of our own
                # a quiet minute: ask for the work set again (the teacher may have set some meanwhile)
                progress, self._pending = self._pending, None
                self._refresh = False
                self._busy = True
                self.state = "sending"
            try:
                if progress is not None:
                    answer = self.client.request("POST", "api/me", raw=progress.to_json().encode("utf-8"))
                else:
                    answer = self.client.request("GET", "api/me")
                reply = ClassReply.from_body(answer)
            except (ServiceError, ProgressError, ClassworkError) as err:
                error = err if isinstance(err, ServiceError) else ServiceError(0, "service.bad-answer", str(err))
                failures = self._failed(error, progress, failures)
                continue
            self._hand_over(reply)          # before it counts as answered: wait() delivers what is handed over
            with self._lock:
                self.sent += progress is not None
                self.error = None
                self._busy = False
                self.state = "sent" if self._pending is None else "sending"
                self._lock.notify_all()
            failures = 0

    def _failed(self, error: ServiceError, progress: Progress | None, failures: int) -> int:
        with self._lock:
            self.error = error
            if error.refused:
                _log.warning("the class service refused the progress: %s", error)
                self.state = "refused"
                self._busy = False
                self._lock.notify_all()
                return failures
            if progress is not None and self._pending is None:
                self._pending = progress          # keep it for the next try (a newer copy replaces it)
            elif progress is None:
                self._refresh = True
            self.state = "waiting"
            delay = self.retry[min(failures, len(self.retry) - 1)]
            # wait, unless closed; a new copy does not cut the wait short (the service is down)
            self._lock.wait_for(lambda: self._closed, delay)
            self._busy = False
            self._lock.notify_all()
        return failures + 1


def class_link(on_reply: Callable[[ClassReply], None] | None = None,
               environ: dict[str, str] | None = None) -> ClassLink | None:
    """The link to the class service this server was given (``BURRACO_CLASS_URL`` and the hub's token),
    or None when there is none (not on a hub, or no service configured)."""
    env = os.environ if environ is None else environ
    url, token = env.get(ENV_URL, "").strip(), env.get("JUPYTERHUB_API_TOKEN", "").strip()
    if not url or not token:
        return None
    return ClassLink(ServiceClient(url, token), on_reply)
