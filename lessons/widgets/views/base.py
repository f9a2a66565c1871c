"""What every answer view is: the controls of one exercise (``widget``), the answer they give
(``answer()``, a plain value as ``Exercise.check`` takes it) and ``fill(answer)``; and the registry
that gives each kind its view (:data:`VIEWS`, filled by :mod:`.cards`, :mod:`.table` and :mod:`.scores`).
A view decides nothing: the exercise's check asks the engine.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import card_face

from ...curriculum.model import Exercise
from ..hand import Hand
from ..style import CARD_WIDTH, move_text, t
from ..style import esc_suits as esc

_log = logging.getLogger(__name__)


def static_cards(cards: tuple[bc.Card, ...], lang: str, face_down: bool = False) -> Hand:
    hand = Hand(cards, selectable=False, overlap=0.0 if len(cards) < 8 else 0.3, card_width=CARD_WIDTH,
                face_down=face_down, label=t("widget.the-meld", lang), lang=lang)
    return hand


def quietly(method: Callable[..., Any]) -> Callable[..., Any]:
    """For a view's own callbacks (a selection, a move button): a failure is logged and reported, not raised."""

    @functools.wraps(method)
    def run(self: AnswerView, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception:
            _log.exception("the exercise view failed in %s", method.__name__)
            if self.on_error is not None:
                self.on_error()
            return None

    return run


class AnswerView:
    """The controls of one exercise: ``widget``, ``answer()`` (a plain value) and ``fill(answer)``."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        self.exercise = exercise
        self.lang = lang
        self.widget: w.Widget = w.VBox()
        self.on_error: Callable[[], None] | None = None
        self.tables: frozenset[str] = frozenset()
        """The intro tables (``lessons.curriculum.model.TABLES``) the view draws itself: a lesson that
        keeps one under its exercises does not draw it twice."""

    def answer(self) -> Any:
        raise NotImplementedError

    def fill(self, answer: Any) -> None:
        """Set the controls as a learner would to give ``answer`` (used for the solution, and by tests)."""
        raise NotImplementedError

    def solution_html(self) -> str:
        return esc(answer_text(self.exercise, self.exercise.solution, self.lang))

    def retry_note(self) -> str:
        """What to do to answer again after a wrong answer, when it is not plain (a table's Undo)."""
        return ""

    def speak_with(self, voice: Any) -> None:
        """What the view says by itself (a table's move report) goes through ``voice``, the page's one
        live region (:class:`~lessons.widgets.voice.PageVoice`); most views say nothing by themselves."""


def answer_text(exercise: Exercise, answer: Any, lang: str) -> str:
    for choice in exercise.choices:
        if choice.key == answer:
            return choice.label.text(lang)
    if isinstance(answer, str):
        try:
            parts: list[str] = []
            for part in answer.split(";"):
                words = part.split()
                if words and words[0] in ("meld", "attach", "discard", "draw", "take", "pozzetto"):
                    said = move_text(part, lang)      # a move after a semicolon goes on in lower case
                    parts.append(said[:1].lower() + said[1:] if parts else said)
                else:
                    parts.append(" ".join(card_face(card, lang) for card in bc.parse_cards(part)))
            return "; ".join(parts)
        except bc.BurracoError:
            return answer
    return str(answer)


def number_box(placeholder: str = "", width: str = "8em", **options: Any) -> w.Text:
    # The answer goes to Python when the box is left (Tab, or the click on Check), in one message:
    # sent key by key, ipywidgets holds the last keys back until the kernel has answered the first,
    # and a quick Tab and Enter on Check could be judged on half an answer.
    box_ = w.Text(placeholder=placeholder, layout=w.Layout(width=width), continuous_update=False, **options)
    box_.add_class("bt-number")
    return box_


# kind -> what builds its view; filled by .cards, .table and .scores (the package imports them all)
VIEWS: dict[str, Callable[[Exercise, str], AnswerView]] = {}


def rules_table(lang: str) -> w.HTML:
    """The table of every difference between the built-in rulesets, folded: a question about another
    ruleset puts the facts it depends on one click away (its hints say "look at the row …")."""
    from ..intro import intro_table

    return w.HTML(f'<details class="bt-rules-table"><summary>{esc(t("widget.predict.table", lang))}</summary>'
                  f'{intro_table("variants", lang)}</details>')


__all__ = ["VIEWS", "AnswerView", "answer_text", "number_box", "quietly", "rules_table", "static_cards"]
