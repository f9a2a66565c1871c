"""Small shared pieces of the lessons' interface: ruleset picker, verdict boxes, escaping.

Everything here only formats what burraco_core decided; no rule is checked here.
"""

from __future__ import annotations

import html

import ipywidgets as w

import burraco_core as bc

GOOD = "#1b5e20"
BAD = "#b71c1c"
WARN = "#8a4b00"
NEUTRAL = "#37474f"
_BACKGROUND = {GOOD: "#e8f5e9", BAD: "#ffebee", WARN: "#fff3e0", NEUTRAL: "#eceff1"}


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def ruleset_picker(value: str = "classic", description: str = "Rules") -> w.Dropdown:
    """A dropdown of the built-in rulesets, by name; its value is the ruleset id."""
    return w.Dropdown(
        options=[(rules.name or rules.id, rules.id) for rules in bc.RULESETS.values()],
        value=value,
        description=description,
        style={"description_width": "initial"},
        layout=w.Layout(width="auto"),
    )


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


def refusal_html(err: bc.IllegalMove) -> str:
    """What a refusal says: the specifics, the rule in general, and its stable id."""
    return (
        f'<div class="bt-reason" style="font-size:1.1em;margin:4px 0">{esc(err)}</div>'
        f'<div class="bt-rule">Rule <code class="bt-rule-id">{esc(err.rule)}</code>: '
        f"{esc(err.summary)}</div>"
    )


def facts_table(rows: list[tuple[str, str]]) -> str:
    """A two-column table; values are HTML (already escaped by the caller)."""
    cells = "".join(
        f'<tr><th style="text-align:left;padding:2px 12px 2px 0;font-weight:600">{esc(k)}</th>'
        f'<td style="padding:2px 0">{v}</td></tr>'
        for k, v in rows
    )
    return f'<table class="bt-facts" style="border-collapse:collapse;margin:6px 0">{cells}</table>'


__all__ = ["BAD", "GOOD", "NEUTRAL", "WARN", "box", "esc", "facts_table", "refusal_html", "ruleset_picker"]
