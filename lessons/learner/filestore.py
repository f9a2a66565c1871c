"""The learner's progress in a file: where it is kept, read, merged and written under a lock.

Several kernels of one learner (two tabs, the home page and a lesson) save to the same file: each
save reads the file, merges what another kernel wrote since (``Progress.merge``), and writes, all
under the file's lock (``lessons.learner.files.locked``: ``fcntl.lockf``, which NFS home folders
honour; a lock folder where there is no fcntl), so no answer is lost. The write is atomic (temp
file, fsync, os.replace); temp files a killed writer left are removed by the next save. The file's
size is checked (``fstat``) before it is read. Standard library only::

    store = FileStore()                 # default_path(): the user's data folder
    store.save(p)                       # read, merge, write under the lock; returns what was written
    store.load()                        # a corrupt file is backed up and reported, never dropped
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from burraco_core.messages import Message

from . import progress as _progress
from .files import (
    LockTimeout,
    NotAFile,
    TooBig,
    clean_temps,
    locked,
    read_regular,
    what_is_there,
    write_atomically,
)
from .progress import APP_FOLDER, FILE_NAME, MAX_TEXT, Progress, ProgressError

__all__ = ["MAX_BYTES", "FileStore", "default_path", "read_file"]

MAX_BYTES = 4 * MAX_TEXT        # no file of MAX_TEXT characters of UTF-8 is longer

Fix = Callable[[Progress], Progress]


def default_path() -> Path:
    """Where progress is kept on this computer.

    Linux and others: ``$XDG_DATA_HOME/burraco-tutor/progress.json`` (``~/.local/share/...``);
    Windows: ``%APPDATA%\\burraco-tutor\\progress.json``; macOS: ``~/Library/Application Support/...``.
    Standard library only, so the place does not move when another package is installed.
    """
    home = Path.home()
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        base = Path(appdata) if appdata else home / "AppData" / "Roaming"
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / APP_FOLDER / FILE_NAME


class FileStore:
    """Progress in a JSON file, written atomically under a lock; a corrupt file is backed up, reported and kept.

    ``problem`` is None, or a Message saying what went wrong the last time the file was
    read or written (show it to the learner). Only a regular file (or a link to one) is read,
    moved aside or replaced: a folder, a device or a named pipe at the path is reported and
    left exactly as it is (``lessons.learner.files``).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, timeout: float = 10.0) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.timeout = timeout
        self.problem: Message | None = None
        self.backup: Path | None = None         # where the last corrupt file was moved
        self._unreadable = False                # a file is there that could not be read nor moved aside
        self._seen: tuple[bytes, Progress] | None = None     # the file as last read or written here

    def load(self) -> Progress:
        """The saved progress; an empty one when there is none or the file is corrupt (then backed up)."""
        self.problem = None
        self._unreadable = False
        try:
            if what_is_there(self.path) is not None:
                return self._read()         # reported as it is: no lock file made beside a device
        except OSError:
            pass
        try:
            with locked(self.path, self.timeout):      # a corrupt file is moved aside by one reader only
                return self._read().copy()
        except LockTimeout as err:
            self._unreadable = True
            self.problem = Message("progress.notice.unreadable", path=str(self.path), detail=_os_detail(err))
            return Progress()
        except OSError:         # no lock can be made here (a read-only folder): reading needs none
            return self._read().copy()

    def _read(self) -> Progress:
        """The file's progress (held under the lock): empty when none, or when corrupt (backed up)."""
        try:
            raw = read_regular(self.path, MAX_BYTES)
        except FileNotFoundError:
            self._seen = None
            return Progress()
        except NotAFile as err:
            self._unreadable = True
            self.problem = Message("progress.notice.not-a-file", path=str(self.path), what=err.what)
            return Progress()
        except TooBig as err:
            self._back_up(ProgressError("too-big", size=err.size))
            return Progress()
        except OSError as err:
            self._unreadable = True
            self.problem = Message("progress.notice.unreadable", path=str(self.path), detail=_os_detail(err))
            return Progress()
        if self._seen is not None and self._seen[0] == raw:
            return self._seen[1]                # unchanged since this store read or wrote it: no parsing
        try:
            found = Progress.from_json(raw)
        except ProgressError as err:
            self._back_up(err)
            return Progress()
        self._seen = (raw, found)
        return found

    def _back_up(self, err: ProgressError) -> None:
        # A link to the file: the file is moved aside (beside itself), and the link stays for the next save.
        source = Path(os.path.realpath(self.path)) if self.path.is_symlink() else self.path
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(_progress._now()))
        target = source.with_name(f"{source.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = source.with_name(f"{source.name}.corrupt-{stamp}-{n}")
        try:
            what = what_is_there(source)
            if what is not None:            # no longer the file that was read: leave it be
                raise NotAFile(source, what)
            os.rename(source, target)
        except OSError as oserr:
            # Could not move it aside: keep it where it is and refuse to write over it.
            self._unreadable = True
            self.problem = Message("progress.notice.corrupt-kept", path=str(self.path), reason=err.msg,
                                   detail=_os_detail(oserr))
            return
        self._seen = None
        self.backup = target
        self.problem = Message("progress.notice.corrupt", path=str(source), backup=target.name, reason=err.msg)

    def save(self, progress: Progress, *, merge: bool = True, fix: Fix | None = None) -> Progress:
        """Write the progress atomically (temp file in the same folder, fsync, os.replace), merged with what
        the file holds (another kernel's answers), read and written under the file's lock; return what
        was written. ``merge=False`` writes ``progress`` as it is. ``fix`` is applied to the file's
        progress before merging (the keeper moves old exercise ids).

        Raises ProgressError (the old file intact) when it cannot be written, when the lock is not had
        in time, or when something other than a regular file is at the path (left as it is).
        """
        _refuse_not_a_file(self.path)
        try:
            with locked(self.path, self.timeout):
                self._unreadable = False
                on_disk = self._read() if merge else Progress()
                if self._unreadable and self.path.exists():
                    raise ProgressError("would-overwrite", path=str(self.path))
                if fix is not None and merge:
                    on_disk = fix(on_disk.copy())
                merged = progress.merge(on_disk) if merge else progress.copy()
                text = merged.to_json()
                _write(self.path, text)
                self._seen = (text.encode("utf-8"), merged)
                clean_temps(self.path)       # a writer killed mid-write left its temp file: we hold the lock
        except LockTimeout as err:
            raise ProgressError("locked", path=str(self.path), seconds=round(err.seconds)) from None
        except ProgressError:
            raise
        except OSError as err:
            raise ProgressError("write", path=str(self.path), detail=_os_detail(err)) from None
        return merged.copy()

    def export(self, path: str | os.PathLike[str], progress: Progress | None = None) -> Path:
        """Write ``progress`` (the saved progress when None) to another file, atomically; return its path."""
        target = Path(path)
        if progress is None:
            progress = self.load()
        _write(target, progress.to_json())
        return target

    def import_(self, path: str | os.PathLike[str]) -> Progress:
        """Merge the progress in a file into the saved progress, save it and return it.

        A missing or bad file raises ProgressError and changes nothing.
        """
        imported = read_file(path)
        merged = self.load().merge(imported, keep_all=True)
        return self.save(merged)


def read_file(path: str | os.PathLike[str]) -> Progress:
    """Progress from an exported file; ProgressError when it cannot be read or is not progress
    (a folder, a device or a named pipe there is not opened; a file too big is not read)."""
    try:
        raw = read_regular(path, MAX_BYTES)
    except NotAFile as err:
        raise ProgressError("not-a-file", path=str(path), what=err.what) from None
    except TooBig as err:
        raise ProgressError("too-big", size=err.size) from None
    except OSError as err:
        raise ProgressError("read", path=str(path), detail=_os_detail(err)) from None
    return Progress.from_json(raw)


def _refuse_not_a_file(path: Path) -> None:
    try:
        what = what_is_there(path)
    except OSError:
        return                  # cannot even look: writing will say why
    if what is not None:
        raise ProgressError("not-a-file", path=str(path), what=what)


def _write(path: Path, text: str) -> None:
    try:
        write_atomically(path, text)
    except NotAFile as err:
        raise ProgressError("not-a-file", path=str(path), what=err.what) from None
    except OSError as err:
        raise ProgressError("write", path=str(path), detail=_os_detail(err)) from None


def _os_detail(err: OSError) -> str:
    return err.strerror or type(err).__name__
