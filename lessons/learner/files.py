"""The learner's and the teacher's files: only a regular file (or a link to one) is read or replaced.

A path to progress, an export or a worksheet comes from a person and may name anything: a
named pipe (opening it to read waits for a writer that never comes), a device (moving it aside
or writing over it would move or destroy the device), a folder. So what is at a path is looked at
before it is opened, and anything but a regular file raises :class:`NotAFile` and is left exactly
as it was. A link to a regular file counts as that file: it is read through, and writing replaces
the file it points to, so the link stays. Standard library only (Pyodide included)::

    what_is_there(path)            # None (nothing there, or a regular file), or "folder", "device", ...
    read_regular(path, most=N)     # the bytes; NotAFile, TooBig (fstat, before reading), FileNotFoundError...
    write_atomically(path, text)   # temp file, fsync, os.replace; NotAFile when something else is there
    with locked(path): ...         # one writer at a time, across processes and on NFS (see locked)
    clean_temps(path)              # temp files a killed writer left beside path
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:             # Windows: a lock folder instead
    fcntl = None  # type: ignore[assignment]

__all__ = ["KINDS", "LockTimeout", "NotAFile", "TooBig", "clean_temps", "locked", "read_regular", "what_is_there",
           "write_atomically"]

LOCK_TIMEOUT = 10.0             # seconds a writer waits for another before giving up
STALE_LOCK = 60.0               # a lock folder older than this was left by a writer that died

KINDS = ("folder", "device", "pipe", "socket", "other")
"""What :func:`what_is_there` may find instead of a regular file (the messages' ``{what}``)."""


class NotAFile(OSError):
    """Something other than a regular file is at ``path``: ``what`` is one of :data:`KINDS`."""

    def __init__(self, path: str | os.PathLike[str], what: str) -> None:
        super().__init__(errno.EISDIR if what == "folder" else errno.EINVAL,
                         f"not a regular file but {_SAID.get(what, 'something else')}", str(path))
        self.path = str(path)
        self.what = what


class TooBig(OSError):
    """The file at ``path`` holds ``size`` bytes, more than the reader takes (it was not read)."""

    def __init__(self, path: str | os.PathLike[str], size: int) -> None:
        super().__init__(errno.EFBIG, f"too big to read ({size} bytes)", str(path))
        self.size = size


class LockTimeout(OSError):
    """Another writer held the lock on ``path`` for longer than the timeout."""

    def __init__(self, path: str | os.PathLike[str], seconds: float) -> None:
        super().__init__(errno.EAGAIN, f"still locked after {seconds:g} s", str(path))
        self.seconds = seconds


_SAID = {"folder": "a folder", "device": "a device", "pipe": "a named pipe", "socket": "a socket"}


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def what_is_there(path: str | os.PathLike[str]) -> str | None:
    """None when ``path`` holds a regular file (through links) or nothing at all; else what it holds.

    Looks without opening. A link that leads nowhere counts as nothing; other failures to look
    (permission, a loop of links) raise their OSError.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None
    return _kind(mode)


def read_regular(path: str | os.PathLike[str], most: int | None = None) -> bytes:
    """The bytes of the regular file at ``path``; :class:`NotAFile` for anything else, never opened.

    FileNotFoundError when nothing is there. The file is opened without waiting and checked again
    once open, so a pipe put there in between cannot make the read hang. A file of more than ``most``
    bytes raises :class:`TooBig` before a byte is read (its size from ``fstat``: a sparse file of
    400 MB costs nothing).
    """
    what = what_is_there(path)
    if what is not None:
        raise NotAFile(path, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        what = _kind(info.st_mode)
        if what is not None:
            raise NotAFile(path, what)
        if most is not None and info.st_size > most:
            raise TooBig(path, info.st_size)
        with os.fdopen(fd, "rb", closefd=False) as source:
            data = source.read(most + 1 if most is not None else -1)
        if most is not None and len(data) > most:     # grew since fstat
            raise TooBig(path, len(data))
        return data
    finally:
        os.close(fd)


def write_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` so that a crash leaves the old file or the new one, never half
    of one; return the file written (a link's target: the link stays). :class:`NotAFile`, and nothing
    changed, when something other than a regular file is there."""
    target = Path(path)
    what = what_is_there(target)
    if what is not None:
        raise NotAFile(target, what)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(target.parent)
    return target


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; elsewhere nothing to do)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def clean_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temp files (``.<name>.*.tmp``) a writer killed mid-write left beside ``path``; call it
    holding :func:`locked`, so no live writer's file is taken. Returns those removed."""
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    removed = []
    try:
        found = list(target.parent.glob(f".{target.name}.*.tmp"))
    except OSError:
        return []
    for temp in found:
        with contextlib.suppress(OSError):
            if what_is_there(temp) is None and not temp.is_symlink():
                temp.unlink()
                removed.append(temp)
    return removed


_IN_PROCESS: dict[str, threading.Lock] = {}
_IN_PROCESS_GUARD = threading.Lock()


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the lock on ``path`` (a lock file beside it, ``.<name>.lock``) for the ``with`` block.

    POSIX ``fcntl.lockf`` locks, which NFS home folders honour (``flock`` is not always passed on);
    without fcntl, a lock folder made with ``os.mkdir`` (atomic everywhere; one older than
    STALE_LOCK is taken as left by a dead writer). In Pyodide one page is the only writer: no lock.
    :class:`LockTimeout` after ``timeout`` seconds. Threads of one process also wait for each other
    (POSIX locks are per process).
    """
    if sys.platform == "emscripten":
        yield
        return
    target = Path(path)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    lock_path = target.with_name(f".{target.name}.lock")
    with _IN_PROCESS_GUARD:
        thread_lock = _IN_PROCESS.setdefault(str(lock_path.resolve()), threading.Lock())
    deadline = time.monotonic() + timeout
    if not thread_lock.acquire(timeout=max(timeout, 0.0)):
        raise LockTimeout(target, timeout)
    try:
        if fcntl is not None:
            with _lock_file(lock_path, deadline, timeout):
                yield
        else:
            with _lock_folder(lock_path.with_suffix(".lockdir"), deadline, timeout):
                yield
    finally:
        thread_lock.release()


@contextlib.contextmanager
def _lock_file(lock_path: Path, deadline: float, timeout: float) -> Iterator[None]:
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        pause = 0.005
        while True:
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as err:
                if err.errno not in (errno.EACCES, errno.EAGAIN):
                    raise
                if time.monotonic() > deadline:
                    raise LockTimeout(lock_path, timeout) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.05)
        try:
            yield
        finally:
            fcntl.lockf(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)        # the lock file stays: removing it would let two writers lock two files


@contextlib.contextmanager
def _lock_folder(lock_dir: Path, deadline: float, timeout: float) -> Iterator[None]:
    while True:
        try:
            os.mkdir(lock_dir)
            break
        except FileExistsError:
            with contextlib.suppress(OSError):
                if time.time() - os.stat(lock_dir).st_mtime > STALE_LOCK:
                    os.rmdir(lock_dir)
                    continue
            if time.monotonic() > deadline:
                raise LockTimeout(lock_dir, timeout) from None
            time.sleep(0.02)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.rmdir(lock_dir)
