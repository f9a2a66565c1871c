"""Where the learner's progress is kept: the browser's storage and a file, combined by ProgressKeeper.

A Binder session's disk does not outlive it and the static site's disk is memory, so in a
browser the progress lives in ``localStorage`` too. :class:`BrowserStore` is an invisible
anywidget that, once on a page, sends the page's copy to Python and writes every new save
back; when another tab of the same site saves, that copy arrives as well, and Python merges
it (``Progress.merge``), so two tabs open at once lose nothing::

    keeper = ProgressKeeper()          # loads the file (not in Pyodide), merges the browser's copy
    display(keeper.widget)             # somewhere on the lesson page (it takes no room)
    keeper.changed(lambda progress: strip.refresh(progress))
    keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    keeper.problem                     # None, or a Message to show (a corrupt file was backed up...)

With a lesson session that changes ``keeper.progress`` itself (the object never changes)::

    LessonSession(lesson, keeper.progress, on_change=lambda session: keeper.save())

Python decides; the JavaScript (``store.js``) only reads, writes and listens. The learner's
controls over it (export, import, reset) are ``lessons.widgets.settings.ProgressPanel``.

On a school's JupyterHub with the class service, a third copy is the class's: every save is also
pushed to the service in the background (:class:`~lessons.learner.classlink.ClassLink`), and the
copy it answers with is merged in like the browser's. The page never waits for it; when the service
is down the file and the browser keep everything, and the latest copy is sent once it is back.
``keeper.class_reply`` is the service's latest answer (the assignments), None without one.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import pathlib
import re
import secrets
import sys
import time
from collections.abc import Callable, Collection, Iterable
from typing import Any

import traitlets

from burraco_core import BurracoError
from burraco_core.messages import Message

from ..curriculum.moved import moved_ids
from .checkup import unused_parts
from .classlink import ClassLink, ClassReply, class_link
from .classwork import class_copy
from .files import read_regular
from .filestore import FileStore, default_path, read_file
from .progress import MAX_TEXT, Progress, ProgressError
from .scripted import ScriptedWidget

__all__ = ["DEFAULT_KEY", "BrowserStore", "ProgressKeeper", "belongs_to", "browser_key", "browser_owner", "running_in_browser",
           "shared_keeper"]

_HERE = pathlib.Path(__file__).parent
DEFAULT_KEY = "burraco-tutor-progress"
_log = logging.getLogger(__name__)

ProgressCallback = Callable[[Progress], None]
ProblemCallback = Callable[[Message], None]


def running_in_browser() -> bool:
    """True in Pyodide (the static site), where the 'disk' is memory and lost on reload."""
    return sys.platform == "emscripten"


def browser_key() -> str:
    """The localStorage key for this learner.

    On a JupyterHub every pupil's server is on the same site, so one browser would share
    one key between pupils; the hub's user name keeps their progress apart.
    """
    user = os.environ.get("JUPYTERHUB_USER", "").strip()
    return f"{DEFAULT_KEY}:{user}" if user else DEFAULT_KEY


def browser_owner(folder: pathlib.Path | None = None) -> str:
    """Whose copy the browser keeps, as the kernel knows it: on a JupyterHub, a secret kept in the
    pupil's own data folder (``browser-owner``, readable by them alone), which another pupil cannot
    know, so a copy planted under their key on a shared computer is set aside, not merged. "" elsewhere
    (one learner per browser profile, Binder and the static site included): every copy is theirs."""
    if not os.environ.get("JUPYTERHUB_USER", "").strip() or running_in_browser():
        return ""
    path = (folder or default_path().parent) / "browser-owner"
    try:
        found = read_regular(path, 200).decode("ascii").strip()
        if re.fullmatch(r"[0-9a-f]{32}", found):
            return found
    except (OSError, UnicodeDecodeError):
        pass
    token = secrets.token_hex(16)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(token)
    except OSError:
        return ""           # nowhere to keep it: the key (per hub user) still keeps pupils apart
    return token


def belongs_to(callback: Callable[..., Any], owners: Collection[int]) -> bool:
    """True when ``callback`` serves one of the objects whose ``id`` is in ``owners``: a method of one,
    or a function whose closure holds one (a page that is let go takes its listeners with it)."""
    bound = getattr(callback, "__self__", None)
    if bound is not None and id(bound) in owners:
        return True
    for cell in getattr(callback, "__closure__", None) or ():
        try:
            if id(cell.cell_contents) in owners:
                return True
        except ValueError:      # an empty cell
            continue
    return False


class BrowserStore(ScriptedWidget):
    """Progress in the browser's localStorage under ``key``; invisible, it only has to be displayed.

    ``progress`` is the latest progress known here: what Python saved, merged with every copy
    the page sent. ``on_load(callback)`` is called with it whenever the page's copy (at load,
    or another tab's save) brought something new; ``save(progress)`` writes to the browser.
    ``loaded`` turns True once a front end read its storage; ``available`` is False when the
    page may not use localStorage. ``problem`` is None or a Message to show.
    """

    _esm = (_HERE / "store.js").read_text(encoding="utf-8")     # its text, not a path: see widgets/hand.py

    key = traitlets.Unicode(DEFAULT_KEY).tag(sync=True)
    owner = traitlets.Unicode("").tag(sync=True)
    saved_owner = traitlets.Unicode("").tag(sync=True)
    saved = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    available = traitlets.Bool(True).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, key: str = DEFAULT_KEY, owner: str = "", **kwargs: Any) -> None:
        super().__init__(key=key, **kwargs)
        # The learner's secret (browser_owner) never goes to the page: the page keeps, beside each copy, the
        # copy's seal (an HMAC of its text under the secret). Kept as the secret itself, it could be read from
        # the browser's storage on a shared computer and put beside a planted copy.
        self._secret = owner
        self.progress = Progress()
        self.problem: Message | None = None
        self._written = ""
        self._on_load: list[ProgressCallback] = []
        self._on_problem: list[ProblemCallback] = []
        self.observe(self._arrived, names=["saved"])
        self.observe(self._write_failed, names=["error"])

    def on_load(self, callback: ProgressCallback) -> ProgressCallback:
        """Call ``callback(progress)`` when a copy from the page changed the progress (usable as a decorator)."""
        self._on_load.append(callback)
        return callback

    def on_problem(self, callback: ProblemCallback) -> ProblemCallback:
        """Call ``callback(message)`` when the browser's copy is unreadable or the browser will not keep it."""
        self._on_problem.append(callback)
        return callback

    def save(self, progress: Progress) -> None:
        """Keep ``progress`` (a copy) and write it to the browser, now or as soon as a page shows this widget."""
        self.progress = progress.copy()
        text = self.progress.to_json()
        if text != self.saved:
            self._written = text
            with self.hold_sync():          # the seal reaches the page with its copy (store.js writes it first)
                self.owner = self.seal(text)
                self.saved = text

    def seal(self, text: str) -> str:
        """What the page keeps beside ``text`` to say it is this learner's: "" where there is no secret."""
        if not self._secret:
            return ""
        return hmac.new(self._secret.encode(), text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:32]

    # -------------------------------------------------------------- from the page
    def _arrived(self, change: dict[str, Any]) -> None:
        text = change["new"]
        if not text or text == self._written:
            return          # nothing stored yet, or our own write
        if self._secret and not hmac.compare_digest(self.saved_owner.encode(), self.seal(text).encode()):
            # another learner's copy (a shared computer), or one planted: never merged into this one
            self._set_aside(text, None)
            return
        try:
            theirs = Progress.from_json(text)     # as strict as a file: size first, then the format
        except ProgressError as err:
            self._set_aside(text, err)
            return
        changed = self.progress.update(theirs)
        if changed:
            for callback in list(self._on_load):
                callback(self.progress)
        if self.progress.to_json() != text:
            self.save(self.progress)        # the page lacks something of ours: send the merged copy
        else:
            self._written = text

    def _set_aside(self, text: str, err: ProgressError | None) -> None:
        """An unreadable copy (``err``), or another learner's (None), is kept under another key, then written
        over."""
        backup = f"{self.key}.{'corrupt' if err else 'other'}-{time.strftime('%Y%m%d-%H%M%S')}"
        self.send({"kind": "backup", "key": backup, "value": text[:MAX_TEXT]})
        if err is not None:
            self._report(Message("progress.notice.browser-corrupt", backup=backup, reason=err.msg))
        else:
            self._report(Message("progress.notice.browser-other" if self.saved_owner else
                                 "progress.notice.browser-unmarked", backup=backup))
        self.save(self.progress)            # never equal to the unreadable text, so it is written over

    def _write_failed(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self._report(Message("progress.notice.browser-full"))

    def _report(self, message: Message) -> None:
        self.problem = message
        for callback in list(self._on_problem):
            callback(message)


def _current(progress: Progress) -> Progress:
    """Progress as the course is now: stars saved under exercise ids the course has since moved go to
    the exercises they became (``lessons/content/moved-ids.json``), so a rebuilt course loses none."""
    progress.move_ids(moved_ids())
    return progress


class ProgressKeeper:
    """The learner's progress, kept in a file (except in Pyodide) and in the browser (when shown).

    ``progress`` is always the same object, updated in place. Every change is saved to both
    places at once; what the browser or the file holds that this copy lacks is merged in
    first, so a lesson tab and the home page (two kernels) do not undo each other.
    """

    def __init__(self, *, file_store: FileStore | None | bool = True, key: str | None = None,
                 link: ClassLink | None | bool = True) -> None:
        if file_store is True:
            file_store = None if running_in_browser() else FileStore()
        if link is True:
            link = None if running_in_browser() else class_link()
        self.file_store: FileStore | None = file_store or None
        self.link: ClassLink | None = link or None
        self.class_reply: ClassReply | None = None
        self._class_text = ""                   # the class's copy as last heard (not sent again)
        self.problem: Message | None = None
        self._callbacks: list[ProgressCallback] = []
        self.progress = _current(self.file_store.load()) if self.file_store else Progress()
        if self.file_store and self.file_store.problem:
            self.problem = self.file_store.problem
        self._told: set[Message] = set()        # what unused_parts said already (said once)
        self._tell_unused()
        owner = browser_owner(self.file_store.path.parent) if self.file_store is not None else ""
        self.widget = BrowserStore(key=key or browser_key(), owner=owner)
        self.widget.on_load(self._from_browser)
        self.widget.on_problem(self._set_problem)
        if not self.progress.is_empty():
            self.widget.save(self.progress)
        if self.link is not None:
            self.link.on_reply(self._from_class)
            self.link.push(self.progress)       # also what a page closed while the service was down left

    # -------------------------------------------------------------- listening
    def changed(self, callback: ProgressCallback) -> ProgressCallback:
        """Call ``callback(progress)`` after every change, from here or from elsewhere (usable as a decorator)."""
        self._callbacks.append(callback)
        return callback

    def forget(self, owners: Collection[int]) -> None:
        """Stop calling the listeners that belong to these objects (their ``id``; see :func:`belongs_to`)."""
        self._callbacks = [callback for callback in self._callbacks if not belongs_to(callback, owners)]

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback(self.progress)

    def _set_problem(self, message: Message | None) -> None:
        self.problem = message
        self._notify()

    def clear_problem(self) -> None:
        self.problem = None

    def _tell_unused(self) -> None:
        """Say (once) what the progress holds that these lessons cannot use; a file's problem comes first."""
        notice = unused_parts(self.progress)
        if notice is not None and notice not in self._told and self.problem is None:
            self._told.add(notice)
            self.problem = notice

    # -------------------------------------------------------------- changing
    def record(self, exercise_id: str, *, correct: bool, hints: int, retries: int, solution_shown: bool,
               rule: str | None = None, teaches: Iterable[str] = ()) -> int:
        """Record an attempt (see ``Progress.record``), save, and return the stars now kept."""
        kept = self.progress.record(exercise_id, correct=correct, hints=hints, retries=retries,
                                    solution_shown=solution_shown, rule=rule, teaches=teaches)
        self.save()
        return kept

    def set_resume(self, lesson: str, index: int) -> None:
        self.progress.resume = (lesson, index)
        self.save()

    def set_lang(self, lang: str | None) -> None:
        self.progress.lang = lang
        self.save()

    def reset(self) -> None:
        """Forget every result (see ``Progress.reset``) here, in the file and in the browser."""
        self.progress.reset()
        self.save()

    def save(self) -> None:
        """Write the progress to the file and the browser, then tell the listeners.

        The file is read, merged and written under its lock (``FileStore.save``), so another kernel's
        answers saved meanwhile are kept; any error of the project's is reported in ``problem`` (and the
        progress kept in memory), never left to stop the next saves silently.
        """
        if self.file_store is not None:
            try:
                written = self.file_store.save(self.progress, fix=_current)
                if self.file_store.problem:
                    self.problem = self.file_store.problem
                self.progress.update(written)
            except BurracoError as err:
                _log.warning("progress not saved: %s", err)
                reason = err.msg if isinstance(err, ProgressError) else Message("progress.error.unexpected")
                self.problem = Message("progress.notice.save-failed", reason=reason)
        self.widget.save(self.progress)
        self._to_class()
        self._notify()

    def _to_class(self) -> None:
        if self.link is None:
            return
        self.link.deliver()
        if class_copy(self.progress).to_json() != self._class_text:
            self.link.push(self.progress)

    def _from_class(self, reply: ClassReply) -> None:
        """The class service's answer: its copy (merged with ours there) and the assignments."""
        self.class_reply = reply
        if reply.progress is not None:
            self._class_text = reply.progress.to_json()
            if self.progress.update(_current(reply.progress)):   # a copy sent before the course moved ids
                self._tell_unused()
                self.save()
                return
        self._notify()

    def _from_browser(self, theirs: Progress) -> None:
        if self.progress.update(_current(theirs)):
            self._tell_unused()
            self.save()

    # -------------------------------------------------------------- export, import
    def export_json(self) -> str:
        """The progress as the text of an export file."""
        return self.progress.to_json()

    def export_file(self, path: str | os.PathLike[str]) -> pathlib.Path:
        """Write the progress to a file (atomically); ProgressError when it cannot be written."""
        target = pathlib.Path(path)
        FileStore(target).save(self.progress, merge=False)      # an export is this progress, not a merge
        return target

    def import_json(self, text: str | bytes) -> Progress:
        """Merge exported progress in (results from before a reset included) and save.

        Bad text raises ProgressError and changes nothing.
        """
        imported = _current(Progress.from_json(text))
        self.progress.update(imported, keep_all=True)
        self._tell_unused()
        self.save()
        return self.progress

    def import_file(self, path: str | os.PathLike[str]) -> Progress:
        """Like :meth:`import_json`, from a file."""
        imported = _current(read_file(path))
        self.progress.update(imported, keep_all=True)
        self._tell_unused()
        self.save()
        return self.progress


_SHARED: ProgressKeeper | None = None


def shared_keeper() -> ProgressKeeper:
    """One keeper per kernel, for every lesson widget of a page to share."""
    global _SHARED
    if _SHARED is None:
        _SHARED = ProgressKeeper()
    return _SHARED
