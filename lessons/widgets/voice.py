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

import anywidget
import traitlets

__all__ = ["PageVoice", "spoken"]

_HERE = pathlib.Path(__file__).parent
_LABELLED = re.compile(r'<(svg|span|div|td|button)\b[^>]*\baria-label="([^"]*)"[^>]*>.*?</\1>', re.S)
_HIDDEN = re.compile(r"<(title|style|script)\b[^>]*>.*?</\1>", re.S)
_TAG = re.compile(r"<[^>]+>")


def spoken(markup: str) -> str:
    """The words of some HTML as a screen reader says them: text, and an element's ``aria-label``
    instead of what it holds (a card's picture is its name)."""
    text = _HIDDEN.sub(" ", markup)
    text = _LABELLED.sub(lambda found: f" {found.group(2)} ", text)
    text = _TAG.sub(" ", text)
    return " ".join(html.unescape(text).split())


class PageVoice(anywidget.AnyWidget):
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
