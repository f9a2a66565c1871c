"""The learner's choices that are not progress: the ruleset the tools open with.

Kept in the browser's localStorage (like the progress, see ``store.py``), so the home
page's choice reaches the tool pages, across reloads and a new Binder session::

    prefs = shared_preferences()
    display(prefs)                     # invisible; it only has to be on the page
    prefs.rules                        # "classic" until the page sends the saved choice
    prefs.on_change(lambda p: picker.set(p.rules))
    prefs.rules = "italiano"           # written to the browser

The language is part of the progress (``Progress.lang``), not of these preferences.
"""

from __future__ import annotations

import json
import logging
import pathlib
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

import burraco_core as bc

from .store import browser_key

__all__ = ["DEFAULT_RULES", "Preferences", "shared_preferences"]

DEFAULT_RULES = "classic"
_log = logging.getLogger(__name__)


class Preferences(anywidget.AnyWidget):
    """Settings as JSON text in localStorage under ``key``; only known values are taken from it."""

    _esm = pathlib.Path(__file__).with_name("settings.js")

    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def __init__(self, key: str | None = None, **kwargs: Any) -> None:
        super().__init__(key=key or browser_key().replace("progress", "settings"), **kwargs)
        self._callbacks: list[Callable[[Preferences], None]] = []
        self.observe(self._changed, names=["value"])

    @property
    def rules(self) -> str:
        """The ruleset id the tools open with (a built-in one; ``classic`` when none is saved)."""
        try:
            chosen = json.loads(self.value).get("rules") if self.value else None
        except (ValueError, AttributeError):
            _log.warning("unreadable preferences in the browser: %r", self.value[:200])
            chosen = None
        return chosen if isinstance(chosen, str) and chosen in bc.RULESETS else DEFAULT_RULES

    @rules.setter
    def rules(self, value: str) -> None:
        if value not in bc.RULESETS:
            raise bc.BurracoError(f"unknown ruleset {value!r}")
        if value != self.rules or not self.value:
            self.value = json.dumps({"rules": value}, sort_keys=True)

    def on_change(self, callback: Callable[[Preferences], None]) -> Callable[[Preferences], None]:
        """Call ``callback(self)`` whenever a value arrives from the page or is set here."""
        self._callbacks.append(callback)
        return callback

    def _changed(self, change: dict[str, Any]) -> None:
        for callback in list(self._callbacks):
            try:
                callback(self)
            except Exception:       # one broken listener must not stop the others
                _log.exception("a preferences listener failed")


_SHARED: Preferences | None = None


def shared_preferences() -> Preferences:
    """One Preferences per kernel, shared by every widget of a page."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Preferences()
    return _SHARED
