"""What a page says and where its keyboard focus goes: the page's language, one live region, the focus.

:class:`PageVoice` is a small invisible widget a page holds once (a lesson holds one). It keeps
``<html lang>`` on the learner's language (on load and at every switch), makes its page the ``main``
landmark when the page has none, and owns the page's one live region (``role="status"``,
``aria-live="polite"``): the element stays, only its text changes, so a screen reader reads every
verdict, hint, solution and summary (:meth:`say`). :meth:`focus` moves the keyboard focus to an
element once it is drawn (the new exercise's prompt). ``voice.js`` also keeps the focus from
falling to ``<body>`` when the control that had it is disabled or removed (Draw, Lay down, Discard):
it goes to the next control that can take it, else to the nearest heading.
"""

from __future__ import annotations

import html
import pathlib
import re
from typing import Any

import traitlets

from ..learner.scripted import ScriptedWidget

__all__ = ["PageVoice", "Speaks", "spoken"]

_HERE = pathlib.Path(__file__).parent
_LABELLED = re.compile(r'<(svg|span|div|td|button)\b[^>]*\baria-label="([^"]*)"[^>]*>.*?</\1>', re.S)
_HIDDEN = re.compile(r"<(title|style|script)\b[^>]*>.*?</\1>", re.S)
# An element hidden from screen readers (aria-hidden="true": the stars drawn beside a verdict's words), with
# what it holds, elements of its own kind one level deep included.
_ARIA_HIDDEN = re.compile(r'<(span|div)\b[^>]*\baria-hidden="true"[^>]*>'
                          r"(?:[^<]|<(?!/?\1\b)[^>]*>|<\1\b[^>]*>[^<]*</\1>)*</\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def spoken(markup: str) -> str:
    """The words of some HTML as a screen reader says them: text, and an element's ``aria-label``
    instead of what it holds (a card's picture is its name); nothing of what is ``aria-hidden``."""
    text = _HIDDEN.sub(" ", markup)
    text = _ARIA_HIDDEN.sub(" ", text)
    text = _LABELLED.sub(lambda found: f" {found.group(2)} ", text)
    text = _TAG.sub(" ", text)
    return " ".join(html.unescape(text).split())


class PageVoice(ScriptedWidget):
    """The page's language (``lang``), its one live region (``said``) and its focus (see the module)."""

    _esm = (_HERE / "voice.js").read_text(encoding="utf-8")
    _css = (".bt-voice { position: absolute; width: 1px; height: 1px; overflow: hidden;"
            " clip: rect(0 0 0 0); white-space: nowrap; }")

    lang = traitlets.Unicode("en").tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)

    def __init__(self, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)

    def say(self, text: str) -> None:
        """Put ``text`` in the live region (said again when it is the same as before)."""
        text = " ".join(text.split())
        if text == self.said:
            self.said = ""          # an empty region first: the same words are read again
        self.said = text

    def focus(self, selector: str) -> None:
        """Move the keyboard focus to what ``selector`` finds, once it is drawn."""
        self.send({"kind": "focus", "selector": selector})


class Speaks:
    """A tool that says its verdicts through the page's one live region once the page gives it one
    (:meth:`speak_with`, as a tool page does): its verdict boxes are then drawn without a live role of
    their own (:meth:`_role` is ""), and what they say is put in the voice (:meth:`_speak`). Without a
    voice (the tool in a notebook of its own) each verdict box is a live region itself, as before."""

    voice: PageVoice | None = None
    _said_last = ""
    _hushed = False

    def speak_with(self, voice: PageVoice | None) -> None:
        """Say everything through ``voice`` from now on; what is shown now is drawn again without a live
        role of its own (not said: the learner asked nothing yet)."""
        self.voice = voice
        self._hushed = True
        try:
            self._draw_spoken()
        finally:
            self._hushed = False

    def _draw_spoken(self) -> None:
        """Draw the tool's verdicts again (a tool's own; called when the voice arrives)."""

    def _role(self, role: str = "status") -> str:
        """The live role a verdict box takes: ``role`` without a voice, none with one."""
        return "" if self.voice is not None else role

    def _speak(self, *shown: str, again: bool = True) -> None:
        """Say the words of the HTML ``shown`` through the voice (nothing without one); ``again`` False:
        only when they differ from what this tool said last (a verdict redrawn at every key typed)."""
        words = " ".join(spoken(part) for part in shown if part)
        if self.voice is None or not words or (not again and words == self._said_last):
            return
        self._said_last = words
        if not self._hushed:
            self.voice.say(words)
