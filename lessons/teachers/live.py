"""The class, live from the class service: what the teacher's page shows, fetched in the background.

:func:`class_feed` gives a :class:`ClassFeed` on a hub that runs the class service (the same
``BURRACO_CLASS_URL`` and hub token as a pupil's link), None elsewhere. It asks for the class every
``interval`` seconds from a thread of its own and hands each answer to ``on_class`` on the thread
that made it (the kernel's), so the page never waits::

    feed = class_feed(on_class=lambda live: ...)   # live.summary, live.assignments, live.steps
    feed.start()
    feed.set_work(Assignment.from_body({...}))     # sent in the background, then the class again
    feed.take_away(assignment_id)
    feed.state                                     # "idle", "live", "refused" (not a teacher), "waiting",
                                                   # "expired" (the hub no longer knows this log-in), "paused"
    feed.alive()                                   # the page is still there (its heartbeat)

A feed made with ``stale`` seconds stops asking when ``alive()`` was not called for that long (the page's
tab died, the laptop was closed): no request, no redraw, so the kernel goes idle and the server culls
it; the next ``alive()`` starts it again.

No ipywidgets here; the page is :class:`~lessons.teachers.widgets.ClassSummaryWidget`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..learner.classlink import ENV_URL, Handover, ServiceClient, ServiceError
from ..learner.classwork import Assignment, ClassworkError
from ..learner.progress import ProgressError
from .classroom import ClassSummary

__all__ = ["STALE", "ClassFeed", "LiveClass", "class_feed"]

INTERVAL = 5.0
STALE = 180.0        # seconds without a sign of the page before the feed stops (a hidden tab's timers: once a minute)
_log = logging.getLogger(__name__)


@dataclass
class LiveClass:
    """One answer of the service: the class (``summary``), the work set and each pupil's steps in it."""

    summary: ClassSummary
    assignments: list[Assignment] = field(default_factory=list)
    steps: dict[int, dict[str, tuple[int, int]]] = field(default_factory=dict)
    now: float = 0.0

    @classmethod
    def from_body(cls, body: Any) -> LiveClass:
        """Read ``GET api/class``'s answer; ProgressError or ClassworkError when it is not one."""
        if not isinstance(body, dict) or not isinstance(body.get("assignments"), list):
            raise ProgressError("bad-field", field="class", expected="object")
        try:
            return cls._read(body)
        except (TypeError, ValueError, AttributeError, IndexError) as err:   # numbers that are none, from a bad answer
            raise ProgressError("bad-field", field="class", expected="object") from err

    @classmethod
    def _read(cls, body: dict[str, Any]) -> LiveClass:
        summary = ClassSummary.from_service(body.get("pupils") or {})
        live = cls(summary, now=float(body.get("now") or 0.0))
        for each in body["assignments"]:
            if not isinstance(each, dict):
                raise ClassworkError("not-assignment")
            assignment = Assignment.from_body({k: v for k, v in each.items() if k not in ("steps", "done_by")})
            live.assignments.append(assignment)
            steps = each.get("steps") or {}
            live.steps[assignment.id] = {str(name): (int(pair[0]), int(pair[1])) for name, pair in steps.items()
                                         if isinstance(pair, list) and len(pair) == 2}
        return live


class ClassFeed:
    """Asks the class service for the class every ``interval`` s (see the module's doc)."""

    def __init__(self, client: ServiceClient, on_class: Callable[[LiveClass], None] | None = None, *,
                 interval: float = INTERVAL, stale: float | None = None) -> None:
        self.client = client
        self.interval = interval
        self.stale = stale
        self.asked = 0                     # requests made (the tests count them)
        self._seen = time.monotonic()      # the page's last sign of life
        self.state = "idle"
        self.error: ServiceError | None = None
        self.live: LiveClass | None = None
        self.answers = 0
        self._on_class = [on_class] if on_class else []
        self._on_state: list[Callable[[str], None]] = []
        self._jobs: list[tuple[str, str, Any]] = []
        self._lock = threading.Condition()
        self._handover = Handover()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._poke = False

    def on_class(self, callback: Callable[[LiveClass], None]) -> Callable[[LiveClass], None]:
        self._on_class.append(callback)
        return callback

    def on_state(self, callback: Callable[[str], None]) -> Callable[[str], None]:
        """Call ``callback(state)`` when the feed stops or starts hearing from the service."""
        self._on_state.append(callback)
        return callback

    # ---------------------------------------------------------------- asking
    def start(self) -> None:
        with self._lock:
            if not self._closed and (self._thread is None or not self._thread.is_alive()):   # started, or again
                self._thread = threading.Thread(target=self._run, name="burraco-class-feed", daemon=True)
                self._thread.start()

    def alive(self) -> None:
        """The page is still shown (its heartbeat): a paused feed starts asking again."""
        with self._lock:
            self._seen = time.monotonic()
            if self.state == "paused":
                self._poke = True
                self._lock.notify_all()

    def _unwatched(self) -> bool:
        return self.stale is not None and time.monotonic() - self._seen > self.stale

    def refresh(self) -> None:
        """Ask again now instead of at the next turn."""
        with self._lock:
            self._poke = True
            self._lock.notify_all()

    def set_work(self, assignment: Assignment) -> None:
        self._job("POST", "api/assignments", assignment.to_body())

    def take_away(self, ident: int) -> None:
        self._job("DELETE", f"api/assignments/{int(ident)}", None)

    def _job(self, method: str, path: str, body: Any) -> None:
        with self._lock:
            self._jobs.append((method, path, body))
            self._poke = True
            self._lock.notify_all()
        self.start()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()

    def deliver(self) -> None:
        """Run the answers that arrived (when the feed was made outside an event loop)."""
        self._handover.deliver()

    def wait_for_answer(self, after: int, timeout: float = 10.0) -> bool:
        """Wait until more than ``after`` answers came (tests and scripts; a page never waits)."""
        with self._lock:
            self._lock.wait_for(lambda: self.answers > after or self._closed, timeout)
            got = self.answers > after
        self.deliver()
        return got

    # ---------------------------------------------------------------- the thread
    def _run(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                jobs, self._jobs = self._jobs, []
                self._poke = False
            if self._unwatched() and not jobs:     # nobody looks: ask nothing until the page says it is there
                self._tell_state("paused", None)
                with self._lock:
                    self._lock.wait_for(lambda: self._closed or not self._unwatched() or bool(self._jobs))
                continue
            for method, path, body in jobs:
                try:
                    self.client.request(method, path, body)
                except ServiceError as err:
                    _log.warning("the class service did not take %s %s: %s", method, path, err)
                    self._tell_state("failed", err)
            try:
                self.asked += 1
                live = LiveClass.from_body(self.client.request("GET", "api/class"))
            except ServiceError as err:
                self._tell_state(_refusal(err), err)
            except (ProgressError, ClassworkError) as err:
                self._tell_state("waiting", ServiceError(0, "service.bad-answer", str(err)))
            else:
                self._tell_state("live", None)
                self._handover.put(lambda live=live: self._arrived(live))  # type: ignore[misc]
                with self._lock:
                    self.answers += 1
                    self._lock.notify_all()
            with self._lock:
                self._lock.wait_for(lambda: self._closed or self._poke or bool(self._jobs), self.interval)

    def _arrived(self, live: LiveClass) -> None:
        self.live = live
        for callback in list(self._on_class):
            try:
                callback(live)
            except Exception:        # a listener must not stop the feed
                _log.exception("a class listener failed")

    def _tell_state(self, state: str, error: ServiceError | None) -> None:
        changed = state != self.state
        self.state, self.error = state, error
        if changed:
            def call() -> None:
                for callback in list(self._on_state):
                    try:
                        callback(state)
                    except Exception:
                        _log.exception("a class listener failed")
            self._handover.put(call)


def _refusal(err: ServiceError) -> str:
    """The feed's state after the service refused: not a teacher, a log-in the hub no longer knows (a
    hub restarted with another database, a token revoked), or no answer."""
    if err.status == 401 or err.key == "service.not-identified":
        return "expired"
    return "refused" if err.status == 403 else "waiting"


def class_feed(on_class: Callable[[LiveClass], None] | None = None, environ: dict[str, str] | None = None,
               interval: float = INTERVAL, stale: float | None = STALE) -> ClassFeed | None:
    """The feed from the class service this server was given, or None (not on a hub with one)."""
    env = os.environ if environ is None else environ
    url, token = env.get(ENV_URL, "").strip(), env.get("JUPYTERHUB_API_TOKEN", "").strip()
    if not url or not token:
        return None
    return ClassFeed(ServiceClient(url, token), on_class, interval=interval, stale=stale)
