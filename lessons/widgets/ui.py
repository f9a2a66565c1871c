"""Small shared controls of the tools: the ruleset picker, and callbacks that never show a traceback.

The colours, boxes and escaping they draw with are in :mod:`.style`. No rule is checked here.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import Message

from .style import WARN, box, failure_html

_log = logging.getLogger("lessons")



def picker_value(rules: str | bc.Ruleset) -> str | bc.Ruleset:
    """What a ruleset picker holds for these rules: a built-in's id, or the house ruleset itself.

    An unknown id raises :class:`burraco_core.RulesetError`.
    """
    rules = bc.ruleset(rules)
    return rules.id if bc.RULESETS.get(rules.id) == rules else rules


def _picker_label(rules: bc.Ruleset, lang: str) -> str:
    if bc.RULESETS.get(rules.id) == rules:
        return Message(f"ruleset.{rules.id}").text(lang)
    return Message("referee.picker.house", name=rules.label).text(lang)


def ruleset_picker(value: str | bc.Ruleset = "classic", description: str | None = None,
                   lang: str = "en") -> w.Dropdown:
    """A dropdown of the built-in rulesets by name (value: the id), plus ``value`` itself when it is a
    house ruleset (value: the Ruleset, shown with its name). ``description`` defaults to the catalogue's
    "Rules" (key ``referee.rules``) in ``lang``. An unknown id raises ``RulesetError``."""
    chosen = picker_value(value)
    picker = w.Dropdown(
        options=[(_picker_label(rules, lang), rules.id) for rules in bc.RULESETS.values()],
        description=Message("referee.rules").text(lang) if description is None else description,
        style={"description_width": "initial"},
        layout=w.Layout(width="auto"),
    )
    choose_ruleset(picker, chosen, lang)
    return picker


def choose_ruleset(picker: w.Dropdown, rules: str | bc.Ruleset, lang: str = "en") -> None:
    """Show these rules in the picker, adding a house ruleset to its entries (once) if need be."""
    chosen = picker_value(rules)
    if chosen not in [value for _, value in picker.options]:
        picker.options = [*picker.options, (_picker_label(bc.ruleset(chosen), lang), chosen)]
    picker.value = chosen


def safe_ruleset_picker(value: object, lang: str = "en") -> tuple[w.Dropdown, str]:
    """A ruleset picker for ``value``; rules that cannot be used give the classic ones and a friendly
    warning (HTML, empty when all is well) for the widget to show, instead of a traceback."""
    description = Message("referee.rules").text(lang)
    try:
        return ruleset_picker(value, description, lang), ""   # type: ignore[arg-type]
    except (bc.RulesetError, TypeError):
        _log.warning("unknown ruleset %r: the classic rules are used", value)
        warning = box(WARN, Message("referee.unknown-rules", name=str(value),
                                    ids=tuple(bc.RULESETS)).text(lang), big=False, role="alert")
        return ruleset_picker("classic", description, lang), warning



class StatusLine:
    """A widget whose ``status`` line is where a failure is told (see :func:`shielded`)."""

    status: w.HTML

    def show_failure(self, html: str) -> None:
        self.status.value = html


def shielded(method: Callable[..., Any]) -> Callable[..., Any]:
    """A widget callback that never lets a traceback reach the page: a failure is logged and the
    widget's ``show_failure(html)`` shows a friendly message (:func:`failure_html`) instead."""

    @functools.wraps(method)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception:
            _log.exception("%s failed in %s", type(self).__name__, method.__name__)
            self.show_failure(failure_html(getattr(self, "lang", "en")))
            return None

    return run





__all__ = ["StatusLine", "choose_ruleset", "picker_value", "ruleset_picker", "safe_ruleset_picker", "shielded"]
