"""The learner's and the teacher's files: only a regular file (or a link to one) is read or replaced.

A path to progress, an export or a worksheet comes from a person and may name anything: a
named pipe (opening it to read waits for a writer that never comes), a device (moving it aside
or writing over it would move or destroy the device), a folder. So what is at a path is looked at
before it is opened, and anything but a regular file raises :class:`NotAFile` and is left exactly
as it was. A link to a regular file counts as that file: it is read through, and writing replaces
the file it points to, so the link stays. Standard library only (Pyodide included)::

    what_is_there(path)            # None (nothing there, or a regular file), or "folder", "device", ...
    read_regular(path)             # the bytes; NotAFile, FileNotFoundError or another OSError
    write_atomically(path, text)   # temp file, fsync, os.replace; NotAFile when something else is there
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["KINDS", "NotAFile", "read_regular", "what_is_there", "write_atomically"]

KINDS = ("folder", "device", "pipe", "socket", "other")
"""What :func:`what_is_there` may find instead of a regular file (the messages' ``{what}``)."""


class NotAFile(OSError):
    """Something other than a regular file is at ``path``: ``what`` is one of :data:`KINDS`."""

    def __init__(self, path: str | os.PathLike[str], what: str) -> None:
        super().__init__(errno.EISDIR if what == "folder" else errno.EINVAL,
                         f"not a regular file but {_SAID.get(what, 'something else')}", str(path))
        self.path = str(path)
        self.what = what


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


def read_regular(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the regular file at ``path``; :class:`NotAFile` for anything else, never opened.

    FileNotFoundError when nothing is there. The file is opened without waiting and checked again
    once open, so a pipe put there in between cannot make the read hang.
    """
    what = what_is_there(path)
    if what is not None:
        raise NotAFile(path, what)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        what = _kind(os.fstat(fd).st_mode)
        if what is not None:
            raise NotAFile(path, what)
        with os.fdopen(fd, "rb", closefd=False) as source:
            return source.read()
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
