"""Where the learner is in the one-page app, as the browser's address shows it.

The app page (``tutorial/index.ipynb``) names each place after ``#``::

    index.ipynb                  the home page (so is #home)
    index.ipynb#lesson/melds     a lesson, wherever it opens (its intro, or where the learner stopped)
    index.ipynb#lesson/melds/3   its third exercise
    index.ipynb#tool/referee     a tool (a key of ``home.TOOLS``)

:func:`parse_address` reads such an address into a :class:`Place` and refuses anything else
with :class:`AddressError`; ``place.address`` writes it back. :class:`BrowserAddress` is the
small invisible widget that tells Python the address the browser shows (at load, and after
every link, Back or Forward) and, when Python asks, rewrites it without a new history entry.
Python decides what to show; ``address.js`` only reads, rewrites and moves the keyboard focus.
"""

from __future__ import annotations

import pathlib
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import traitlets

import burraco_core as bc
from burraco_core.messages import Message

from ..learner.scripted import ScriptedWidget

__all__ = ["HOME_PLACE", "MAX_ADDRESS", "AddressError", "BrowserAddress", "Place", "parse_address"]

_HERE = pathlib.Path(__file__).parent
MAX_ADDRESS = 200
"""Addresses longer than this are refused without being read."""
_PART = re.compile(r"[a-z0-9][a-z0-9-]{0,60}")


class AddressError(bc.BurracoError):
    """An address that names no place of the app (``err.address``: what was given, shortened)."""

    def __init__(self, address: str) -> None:
        self.address = address[:60]
        super().__init__(Message("app.unknown-address"))


@dataclass(frozen=True)
class Place:
    """A place of the app: ``kind`` is ``"home"``, ``"lesson"`` or ``"tool"``; ``key`` the lesson's or
    tool's key; ``exercise`` a lesson's exercise, counted from 1 (None: the lesson as it opens)."""

    kind: str
    key: str = ""
    exercise: int | None = None

    @property
    def address(self) -> str:
        """The address after ``#``: ``home``, ``lesson/melds``, ``lesson/melds/3``, ``tool/referee``."""
        if self.kind == "home":
            return "home"
        if self.exercise is None:
            return f"{self.kind}/{self.key}"
        return f"{self.kind}/{self.key}/{self.exercise}"

    @property
    def page(self) -> str:
        """The page shown (the place without its exercise): ``lesson/melds``."""
        return "home" if self.kind == "home" else f"{self.kind}/{self.key}"


HOME_PLACE = Place("home")


def parse_address(address: str, lessons: dict[str, int], tools: Collection[str]) -> Place:
    """The place an address names. ``lessons`` maps each lesson's key to its number of exercises,
    ``tools`` lists the tools' keys. A leading ``#`` is allowed; ``""`` and ``home`` are the home page.
    Anything else raises :class:`AddressError`."""
    if not isinstance(address, str):
        raise AddressError(bc.errors.shown(address))   # (str() of a huge int raises)
    if len(address) > MAX_ADDRESS:
        raise AddressError(address[:MAX_ADDRESS])
    text = address[1:] if address.startswith("#") else address
    if text in ("", "home"):
        return HOME_PLACE
    parts = text.split("/")
    if not all(_PART.fullmatch(part) for part in parts):
        raise AddressError(address)
    if parts[0] == "lesson" and len(parts) in (2, 3) and parts[1] in lessons:
        if len(parts) == 2:
            return Place("lesson", parts[1])
        if parts[2].isdigit() and 1 <= int(parts[2]) <= lessons[parts[1]]:
            return Place("lesson", parts[1], int(parts[2]))
    elif parts[0] == "tool" and len(parts) == 2 and parts[1] in tools:
        return Place("tool", parts[1])
    raise AddressError(address)


class BrowserAddress(ScriptedWidget):
    """The address the browser shows after ``#``; invisible, it only has to be on the page.

    ``address`` follows the browser: set once the page is drawn, then after every link, Back or
    Forward (``on_move(callback)`` is told of each, with the new address). Setting it from Python
    (:meth:`replace`) rewrites the address in place: no new history entry, no ``on_move``.
    :meth:`shown` tells the page a new place is drawn: its title goes in the window's title and,
    when ``focus`` is true, the keyboard focus goes to the first heading of the element with the
    class ``marker`` (a screen reader reads it; Tab continues from there).
    """

    _esm = (_HERE / "address.js").read_text(encoding="utf-8")
    _css = (_HERE / "address.css").read_text(encoding="utf-8")

    address = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    """The learner's language: the page's ``<html lang>`` follows it (on load, and at every switch)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], None]] = []
        self._replacing = False
        self.observe(self._moved, names=["address"])

    def on_move(self, callback: Callable[[str], None]) -> Callable[[str], None]:
        """Call ``callback(address)`` when the browser's address changes (usable as a decorator)."""
        self._callbacks.append(callback)
        return callback

    def replace(self, address: str) -> None:
        """Show ``address`` (``""``: none) in the browser's address bar, in place of the current one."""
        self._replacing = True
        try:
            self.address = address
        finally:
            self._replacing = False

    def shown(self, title: str, marker: str, *, focus: bool) -> None:
        """A place was drawn: the window's title, and where the keyboard focus goes (see the class)."""
        self.send({"kind": "shown", "title": title, "marker": marker, "focus": focus})

    def reveal(self, selector: str) -> None:
        """Scroll the element ``selector`` finds into view once it is drawn (a verdict under a tall table
        would otherwise stay below the window's edge)."""
        self.send({"kind": "reveal", "selector": selector})

    def _moved(self, change: dict[str, Any]) -> None:
        if self._replacing:
            return
        for callback in list(self._callbacks):
            callback(change["new"])
