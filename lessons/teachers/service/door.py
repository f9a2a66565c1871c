"""The class service's door: how often a pupil may write, how much a request may carry, which names
come in, and where the records are kept (readable by the service alone).

- :class:`RateLimit`: a token bucket per hub user, in this process's memory (each service process
  counts for itself: two replicas let a pupil write twice as often, still a few a second).
- :func:`name_refusal`: a hub name with an invisible or control character (Unicode categories Cc, Cf,
  Cs, Co, Cn, Zl, Zp: U+200B, U+202E...) is refused, so that ``bob\\u200b`` cannot pass for ``bob``;
  :func:`~lessons.teachers.class_html.visible` writes them out (``\\u200b``) wherever a name is shown anyway.
- :func:`declared_length`: a request's ``Content-Length``, checked before any byte of the body is read.
- :func:`private_sqlite`: the SQLite file's folder made when missing (0700), the file and its
  ``-wal``/``-shm`` 0600, so no pupil's kernel on the same machine can read the class.
- :func:`safe_url`: a database URL with its password hidden, for every log line.
- :func:`closed_app`: what the service answers when it cannot open its database (503 with the
  reason), so that the hub, which stops when a service it manages exits at start, keeps running.
"""

from __future__ import annotations

import json
import logging
import os
import pathlib
import stat
import threading
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from tornado import web

from ..classroom import INVISIBLE, visible

__all__ = ["RATE", "BURST", "RateLimit", "closed_app", "declared_length", "name_refusal", "private_sqlite",
           "safe_url", "visible", "without_password"]

RATE = 5.0          # writes a second per pupil, on average: a tutorial sends one per answer
BURST = 20          # writes at once (a page opening, several tabs, a copy sent again after an outage)
_log = logging.getLogger("burraco.class")


class RateLimit:
    """Up to ``burst`` writes at once per user, then ``rate`` a second (a token bucket each)."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}      # user -> (tokens, when counted)
        self._lock = threading.Lock()

    def take(self, who: str) -> float:
        """0 when ``who`` may write now (a token is taken), else the seconds until they may."""
        if self.rate <= 0:
            return 0.0
        with self._lock:
            now = self.clock()
            tokens, then = self._buckets.get(who, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            if tokens >= 1.0:
                self._buckets[who] = (tokens - 1.0, now)
                self._forget_full(now)
                return 0.0
            self._buckets[who] = (tokens, now)
            return (1.0 - tokens) / self.rate

    def _forget_full(self, now: float) -> None:
        # a full bucket is the same as none: memory stays the size of the pupils writing just now
        if len(self._buckets) > 1000:
            self._buckets = {who: (tokens, then) for who, (tokens, then) in self._buckets.items()
                             if tokens + (now - then) * self.rate < self.burst}


def name_refusal(name: str) -> str | None:
    """Why a hub name cannot be shown as it is (its first invisible or control character), or None."""
    for char in name:
        if unicodedata.category(char) in INVISIBLE:
            return f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')})"
    return None


def declared_length(headers: Any) -> int | None:
    """The ``Content-Length`` a request declares (None: none, or not a plain number; tornado refuses
    those itself)."""
    value = headers.get("Content-Length")
    if value is None or not value.strip().isascii() or not value.strip().isdigit() or len(value.strip()) > 18:
        return None
    return int(value.strip())


def safe_url(url: str) -> str:
    """A database URL fit for a log: its password replaced by ``***``."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:       # not a URL SQLAlchemy reads: keep only what follows the credentials
        return url.rsplit("@", 1)[-1] if "@" in url else url


def without_password(text: str, url: str) -> str:
    """``text`` (an error's words) with the password of ``url`` taken out wherever it appears."""
    try:
        from sqlalchemy.engine import make_url

        password = make_url(url).password
    except Exception:
        return text.replace(url, safe_url(url))
    if not password:
        return text
    # as written in the URL too: 'p%40ss' is the password 'p@ss', and an error may quote the URL as given
    from urllib.parse import quote, quote_plus

    text = text.replace(url, safe_url(url))
    for form in sorted({str(password), quote(str(password), safe=""), quote_plus(str(password))}, key=len, reverse=True):
        text = text.replace(form, "***")
    return text


def private_sqlite(url: str) -> None:
    """For a SQLite file URL: make its folder when missing (0700) and the file (0600) before SQLite
    does, and bring an existing file and its ``-wal``/``-shm`` to 0600 (SQLite gives those the file's
    mode). Other databases: nothing. OSError when the folder cannot be made."""
    prefix = "sqlite:///"
    if not url.startswith(prefix) or url[len(prefix):] in ("", ":memory:") or "mode=memory" in url:
        return
    path = pathlib.Path(url[len(prefix):].split("?", 1)[0])
    old = os.umask(0o077)          # nothing made here is readable by others, even for an instant
    try:
        if not path.parent.is_dir():
            path.parent.mkdir(mode=0o700, parents=True)
            _log.info("made the folder %s for the class's records (only this service's user reads it)",
                      path.parent)
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    finally:
        os.umask(old)
    for each in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if stat.S_IMODE(each.stat().st_mode) & 0o077:
                each.chmod(0o600)
        except FileNotFoundError:
            pass


def closed_app(prefix: str, reason: str) -> web.Application:
    """The service when it cannot work: every request answers 503 ``service.no-database`` with
    ``reason`` (which names no password), so the teacher and the log say why."""

    class Closed(web.RequestHandler):
        def prepare(self) -> None:
            self.set_status(503)
            self.set_header("Content-Type", "application/json; charset=utf-8")
            self.set_header("Retry-After", "60")
            self.finish(json.dumps({"error": "service.no-database",
                                    "message": f"the class service cannot open its database: {reason}"}))

    return web.Application([(prefix.rstrip("/") + "/.*", Closed), (prefix, Closed)])
