"""A worksheet for a class without computers: N generated exercises as a print-friendly HTML page.

``worksheet(kinds, n, seed, rules, lang)`` gives the page: each exercise's prompt (its seed
shows), its cards drawn by ``burraco_core.svg`` and its choices; then the answer key on a
page of its own (a CSS page break). ``save_worksheet(path, ...)`` writes it to a file.
No ipywidgets, no rule worked out: the answers are the generated exercises' solutions.
"""

from __future__ import annotations

import html
import pathlib
from collections.abc import Sequence
from typing import Any

import burraco_core as bc
from burraco_core import svg
from burraco_core.messages import Message

from .curriculum import Exercise
from .generators import exercises

_CSS = """
body { font-family: sans-serif; max-width: 48em; margin: 1em auto; color: #000; background: #fff; }
.bt-exercise { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1.2em; }
.bt-cards { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.bt-label { font-size: 0.9em; margin: 4px 0 0; }
.bt-key { break-before: page; page-break-before: always; }
.bt-blank { border-bottom: 1px solid #000; min-height: 1.6em; }
"""


def _t(key: str, lang: str, **params: Any) -> str:
    return html.escape(Message(key, **params).text(lang))


def _cards_html(cards: Sequence[bc.Card], lang: str) -> str:
    faces = "".join(svg.card_svg(card, width=48, lang=lang) for card in cards)
    return f'<div class="bt-cards">{faces}</div>'


def _exercise_html(number: int, ex: Exercise, lang: str) -> str:
    rules, data = ex.rules, ex.data
    parts = [f'<li class="bt-exercise" data-id="{html.escape(ex.id)}">',
             f'<p class="bt-prompt">{html.escape(ex.prompt.text(lang))}</p>']
    for code in data.get("melds", []):
        parts.append(f'<p class="bt-label">{_t("worksheet.table", lang)}</p>')
        parts.append(_cards_html(bc.Meld.parse(code, rules).cards, lang))
    if "meld" in data:
        parts.append(_cards_html(bc.Meld.parse(data["meld"], rules).cards, lang))
    if "cards" in data:
        parts.append(_cards_html(bc.parse_cards(data["cards"]), lang))
    if "hand" in data:
        parts.append(f'<p class="bt-label">{_t("worksheet.hand", lang)}</p>')
        parts.append(_cards_html(bc.parse_cards(data["hand"]), lang))
    if ex.choices:
        items = "".join(f"<li>☐ {html.escape(c.label.text(lang))}</li>" for c in ex.choices)
        parts.append(f'<ul class="bt-choices" style="list-style:none">{items}</ul>')
    else:
        parts.append('<div class="bt-blank"></div>')
    parts.append("</li>")
    return "".join(parts)


def _answer_text(ex: Exercise, lang: str) -> str:
    for choice in ex.choices:
        if choice.key == ex.solution:
            return choice.label.text(lang)
    return str(ex.solution)


def worksheet(kinds: str | Sequence[str], n: int, seed: int, rules: str = "classic", lang: str = "en",
              difficulty: int = 1) -> str:
    """The HTML page of ``n`` exercises (kinds in turn, seeds from ``seed``) and its answer key."""
    made = list(exercises(kinds, n, seed, rules, difficulty))
    title = _t("worksheet.title", lang, seed=seed)
    body = "".join(_exercise_html(i + 1, ex, lang) for i, ex in enumerate(made))
    key = "".join(f'<li class="bt-answer" data-id="{html.escape(ex.id)}" data-answer="{html.escape(str(ex.solution))}">'
                  f"{html.escape(_answer_text(ex, lang))}</li>" for ex in made)
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f"<title>{title}</title><style>{_CSS}</style></head><body>"
            f"<h1>{title}</h1><p>{_t('worksheet.name', lang)}</p>"
            f'<ol class="bt-exercises">{body}</ol>'
            f'<section class="bt-key"><h2>{_t("worksheet.key", lang)}</h2><ol>{key}</ol></section>'
            "</body></html>\n")


def save_worksheet(path: str | pathlib.Path, kinds: str | Sequence[str], n: int, seed: int,
                   rules: str = "classic", lang: str = "en", difficulty: int = 1) -> pathlib.Path:
    """Write the worksheet to ``path`` (UTF-8) and return the path."""
    path = pathlib.Path(path)
    path.write_text(worksheet(kinds, n, seed, rules, lang, difficulty), encoding="utf-8")
    return path


__all__ = ["save_worksheet", "worksheet"]
