"""Small shared pieces of the lessons' interface: ruleset picker, verdict boxes, escaping.

Everything here only formats what burraco_core decided; no rule is checked here.
"""

from __future__ import annotations

import functools
import html
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import Message

_log = logging.getLogger("lessons")

GOOD = "#1b5e20"
BAD = "#b71c1c"
WARN = "#8a4b00"
NEUTRAL = "#37474f"
_BACKGROUND = {GOOD: "#e8f5e9", BAD: "#ffebee", WARN: "#fff3e0", NEUTRAL: "#eceff1"}


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


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


def failure_html(lang: str = "en") -> str:
    """The friendly "something went wrong on our side" box (key ``widget.error``), in ``lang``."""
    return box(BAD, Message("widget.error").text(lang), big=False, role="alert")


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


def box(colour: str, headline: str, body: str = "", *, big: bool = True, role: str = "status") -> str:
    """A coloured verdict box: a large headline (plain text, escaped) over an HTML body."""
    size = "1.6em" if big else "1.15em"
    return (
        f'<div role="{role}" aria-live="polite" class="bt-box" '
        f'style="border:3px solid {colour};background:{_BACKGROUND.get(colour, "#fff")};'
        f'border-radius:10px;padding:10px 14px;margin:6px 0;line-height:1.45">'
        f'<div class="bt-headline" style="font-size:{size};font-weight:700;color:{colour}">'
        f"{esc(headline)}</div>{body}</div>"
    )


def refusal_html(err: bc.IllegalMove, lang: str = "en") -> str:
    """What a refusal says in ``lang``: the specifics, the rule in general, and its stable id."""
    before, _, after = Message("referee.rule", rule="\0", summary=err.summary_in(lang)).text(lang).partition("\0")
    return (
        f'<div class="bt-reason" style="font-size:1.1em;margin:4px 0">{esc(err.message(lang))}</div>'
        f'<div class="bt-rule">{esc(before)}<code class="bt-rule-id">{esc(err.rule)}</code>{esc(after)}</div>'
    )


def facts_table(rows: list[tuple[str, str]]) -> str:
    """A two-column table; values are HTML (already escaped by the caller)."""
    cells = "".join(
        f'<tr><th style="text-align:left;padding:2px 12px 2px 0;font-weight:600">{esc(k)}</th>'
        f'<td style="padding:2px 0">{v}</td></tr>'
        for k, v in rows
    )
    return f'<table class="bt-facts" style="border-collapse:collapse;margin:6px 0">{cells}</table>'


__all__ = ["BAD", "GOOD", "NEUTRAL", "WARN", "box", "choose_ruleset", "esc", "facts_table", "failure_html", "picker_value",
           "refusal_html", "ruleset_picker", "safe_ruleset_picker", "shielded"]
