"""A worksheet for a class without computers: N generated exercises as a print-friendly HTML page.

``worksheet(kinds, n, seed, rules, lang)`` gives the page: the rules it is played under, each
exercise's prompt (its seed shows), its cards drawn by ``burraco_core.svg`` and its choices; then
the answer key on a page of its own (a CSS page break). ``rules`` is a built-in id or a house
Ruleset: the exercises are generated under it, and a kind it cannot give is left out (the key
says why). ``save_worksheet(path, ...)`` writes it to a file. No ipywidgets, no rule worked out:
the answers are the generated exercises' solutions.
"""

from __future__ import annotations

import html
import pathlib
from collections.abc import Sequence
from typing import Any

import burraco_core as bc
from burraco_core import svg
from burraco_core.messages import Message

from ..curriculum.generators import KindUnavailable, exercises
from ..curriculum.model import Exercise
from ..learner.files import write_atomically

_CSS = """
body { font-family: sans-serif; max-width: 48em; margin: 1em auto; color: #000; background: #fff; }
.bt-exercise { break-inside: avoid; page-break-inside: avoid; margin-bottom: 1.2em; }
.bt-cards { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.bt-label { font-size: 0.9em; margin: 4px 0 0; }
.bt-key { break-before: page; page-break-before: always; }
.bt-blank { border-bottom: 1px solid #000; min-height: 1.6em; }
.bt-scores td, .bt-scores th { padding: 2px 10px; text-align: right; }
.bt-meld { display: inline-flex; align-items: center; gap: 2px; margin-right: 8px; }
.bt-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
"""


def _t(key: str, lang: str, **params: Any) -> str:
    return html.escape(Message(key, **params).text(lang))


def _cards_html(cards: Sequence[bc.Card], lang: str) -> str:
    faces = "".join(svg.card_svg(card, width=48, lang=lang) for card in cards)
    return f'<div class="bt-cards">{faces}</div>'


def _position_html(ex: Exercise, lang: str) -> list[str]:
    """A position on paper: both sides' melds (yours numbered), the pile, the pozzetti, the turn, the hand."""
    game = bc.Game.setup(ex.rules, **ex.data["position"])
    player = game.current_player
    side = game.side_of(player)
    parts = []
    for key, melds in (("widget.their-melds", game.melds[1 - side]), ("widget.your-melds", game.melds[side])):
        if melds:
            rows = "".join(f'<div class="bt-meld">{i + 1 if key == "widget.your-melds" else ""} '
                           f"{svg.meld_svg(m, width=40, lang=lang)}</div>" for i, m in enumerate(melds))
            parts.append(f'<p class="bt-label">{_t(key, lang)}</p><div class="bt-cards">{rows}</div>')
    pile = game.discard_pile
    facts = [_t("widget.stock-size", lang, count=len(game.stock)),
             _t("widget.pozzetto.ours" if game.took_pozzetto[side] else "widget.pozzetto.ours-not", lang),
             _t("widget.pozzetto.theirs" if game.took_pozzetto[1 - side] else "widget.pozzetto.theirs-not", lang)]
    if game.pile_pick is not None:
        facts.append(_t("widget.turn.play-pile-card-twin" if game.pile_pick[1] else "widget.turn.play-pile-card",
                        lang, card=game.pile_pick[0]))
    else:
        facts.append(_t(f"widget.turn.{game.phase}", lang))
    parts.append(f'<p class="bt-label">{_t("widget.discard-pile", lang)}'
                 f'{"" if pile else " " + _t("widget.pile-empty", lang)}</p>')
    if pile:
        parts.append(_cards_html(pile, lang))
    parts.append(f'<p class="bt-label">{" · ".join(facts)}</p>')
    parts.append(f'<p class="bt-label">{_t("worksheet.hand", lang)}</p>')
    parts.append(_cards_html(game.hands[player], lang) if game.hands[player] else "")
    if "action" in ex.data:
        parts.append(f'<p class="bt-label">{_t("widget.move-asked", lang)} {html.escape(_moves(ex.data["action"], lang))}</p>')
    for goal in ex.data.get("goals", []):
        parts.append(f'<p class="bt-label">☐ {_t(goal["text"], lang)}</p>')
    return parts


def _moves(text: str, lang: str) -> str:
    """Actions in words ("Take the discard pile; Lay down 8♦ 8♣ 8♠"): the move a why-not asks about."""
    return "; ".join(_move_text(part.strip(), lang) for part in text.split(";"))


def _exercise_html(number: int, ex: Exercise, lang: str) -> str:
    rules, data = ex.rules, ex.data
    parts = [f'<li class="bt-exercise" data-id="{html.escape(ex.id)}">',
             f'<p class="bt-prompt">{html.escape(ex.prompt.text(lang))}</p>']
    if ex.kind in ("position", "why-not", "guided-hand"):
        parts += _position_html(ex, lang)
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
    parts += _score_html(ex, lang)
    if ex.choices:
        items = "".join(f"<li>☐ {html.escape(c.label.text(lang))}</li>" for c in ex.choices)
        parts.append(f'<ul class="bt-choices" style="list-style:none">{items}</ul>')
    elif ex.kind not in ("count-score", "victory-points"):    # those have blanks of their own
        parts.append('<div class="bt-blank"></div>')
    parts.append("</li>")
    return "".join(parts)


def _scores_html(scores: Sequence[Sequence[int]], totals: Sequence[int], lang: str) -> str:
    rows = "".join(f"<tr><td>{_t('widget.vp.hand', lang, number=i + 1)}</td><td>{a}</td><td>{b}</td></tr>"
                   for i, (a, b) in enumerate(scores))
    # the corner names the column of hands, for a screen reader only (an empty header is axe's empty-table-header)
    corner = f'<span class="bt-sr">{_t("worksheet.scores.rows", lang)}</span>'
    return (f'<table class="bt-scores"><tr><th>{corner}</th><th>{_t("widget.vp.side-0", lang)}</th>'
            f'<th>{_t("widget.vp.side-1", lang)}</th></tr>{rows}<tr><td><b>{_t("widget.vp.total", lang)}</b></td>'
            f"<td><b>{totals[0]}</b></td><td><b>{totals[1]}</b></td></tr></table>")


def _score_html(ex: Exercise, lang: str) -> list[str]:
    """What the scoring and match kinds show (the exercise widget's views, on paper)."""
    prepared, extra, data = ex.prepared, ex.prepared.extra, ex.data
    parts: list[str] = []
    quantity = data.get("quantity")
    if ex.kind == "count" and isinstance(quantity, list) and quantity[0] == "meld-points":
        parts.append(_cards_html(bc.Meld.parse(quantity[1], ex.rules).cards, lang))
    elif ex.kind == "count-score":
        facts = extra["facts"]
        parts.append(f'<p class="bt-label">{_t("widget.score.melds", lang)}</p>')
        parts += [_cards_html(meld.cards, lang) for meld in prepared.melds]
        parts.append(f'<p class="bt-label">{_t("widget.score.in-hand", lang)}'
                     + ("" if prepared.hand else f' {_t("widget.score.none-in-hand", lang)}') + "</p>")
        if prepared.hand:
            parts.append(_cards_html(prepared.hand, lang))
        pozzetto = ("widget.score.not-took" if not facts["took_pozzetto"] else
                    "widget.score.unused" if facts["pozzetto_unused"] else "widget.score.took")
        parts.append(f'<p>{_t("widget.score.closed" if facts["closed"] else "widget.score.not-closed", lang)} '
                     f"{_t(pozzetto, lang)}</p>")
        labels = ([line.message for line in extra["breakdown"].lines] if extra["mode"] == "lines"
                  else [Message("widget.score.your-total")])
        parts += [f'<p class="bt-label">{html.escape(label.text(lang))}</p><div class="bt-blank"></div>'
                  for label in labels]
    elif ex.kind == "victory-points":
        parts.append(f'<p>{_t("widget.vp.hands", lang, count=extra["hands"])}</p>')
        if extra["scores"]:
            parts.append(_scores_html(extra["scores"], extra["points"], lang))
        else:
            parts.append(_scores_html((), extra["points"], lang))
        parts.append(f'<p>{_t("widget.vp.answer-0", lang)} ____ {_t("widget.vp.answer-1", lang)} ____</p>')
    elif ex.kind == "match-verdict":
        parts.append(_scores_html(extra["scores"], extra["totals"], lang))
    elif ex.kind == "predict-under-ruleset":
        if not prepared.cards:        # a turn: the player's melds and hand, and the moves asked about
            if prepared.melds:
                parts.append(f'<p class="bt-label">{_t("worksheet.table", lang)}</p>')
                parts += [_cards_html(meld.cards, lang) for meld in prepared.melds]
            parts.append(f'<p class="bt-label">{_t("worksheet.hand", lang)}</p>{_cards_html(prepared.hand, lang)}'
                         f'<p>{_t("widget.predict.moves", lang, moves=extra["play"])}</p>')
        first = extra["first_verdict"]
        said = (Message("widget.predict.burraco", kind=Message(f"ex.burraco.{first}")) if extra["ask"] == "burraco"
                else Message("widget.predict.legal") if first == "legal"
                else Message("widget.predict.refused", rule=Message(f"rule.{first}.summary")))
        parts.append(f'<p>{_t("widget.predict.under", lang, rules=ex.rules.label)} {html.escape(said.text(lang))}</p>'
                     f'<p>{_t("widget.predict.now", lang, rules=extra["other"].label)}</p>')
    return parts


def _answer_text(ex: Exercise, lang: str) -> str:
    """The solution as the key says it: a choice's label, a move in words, cards as cards."""
    for choice in ex.choices:
        if choice.key == ex.solution:
            return choice.label.text(lang)
    if ex.kind == "count-score" and ex.prepared.extra["mode"] == "lines":   # each line beside its label
        lines = ex.prepared.extra["breakdown"].lines
        return "; ".join(f"{line.text(lang)}: {value}" for line, value in zip(lines, str(ex.solution).split(), strict=False))
    if not isinstance(ex.solution, str):
        return str(ex.solution)
    parts = []
    for part in ex.solution.split(";"):
        try:
            parts.append(_move_text(part.strip(), lang))
        except bc.BurracoError:
            return ex.solution
    return "; ".join(parts)


def _move_text(move: str, lang: str) -> str:
    words = move.split()
    if words and words[0] in ("meld", "attach", "discard", "draw", "take", "pozzetto"):
        action = bc.parse_action(move)
        if isinstance(action, bc.Attach):      # the meld numbered as the sheet shows it, from 1
            return Message("widget.move.attach", cards=action.cards, number=action.meld + 1).text(lang)
        if isinstance(action, bc.LayDown):
            return Message("widget.move.meld", cards=action.cards).text(lang)
        if isinstance(action, bc.Discard):
            return Message("widget.move.discard", card=action.card).text(lang)
        return Message(f"widget.move.{action}").text(lang)
    return bc.format_cards(bc.parse_cards(move.split("#")[0]), pretty=True)


def _key_line(number: int, ex: Exercise, lang: str) -> str:
    seed = ex.id.rsplit(".", 1)[-1]
    return (f'<li class="bt-answer" data-id="{html.escape(ex.id)}" data-answer="{html.escape(str(ex.solution))}">'
            f'{_t("worksheet.answer", lang, seed=seed, answer=_answer_text(ex, lang))}</li>')


def sheet_exercises(kinds: str | Sequence[str], n: int, seed: int, rules: str | bc.Ruleset = "classic",
                    difficulty: int = 1) -> tuple[list[Exercise], dict[str, KindUnavailable]]:
    """The sheet's ``n`` exercises (the kinds in turn, seeds from ``seed``) among the kinds these rules
    give, and the kinds left out, each with why (:class:`~lessons.curriculum.generators.KindUnavailable`)."""
    usable = [kinds] if isinstance(kinds, str) else list(dict.fromkeys(kinds))
    left_out: dict[str, KindUnavailable] = {}
    while usable:
        try:
            return list(exercises(usable, n, seed, rules, difficulty)), left_out
        except KindUnavailable as err:     # rare: the sheet is drawn again without that kind
            left_out[err.kind] = err
            usable.remove(err.kind)
    return [], left_out


def worksheet_page(kinds: str | Sequence[str], n: int, seed: int, rules: str | bc.Ruleset = "classic",
                   lang: str = "en", difficulty: int = 1) -> tuple[str, dict[str, KindUnavailable]]:
    """The page :func:`worksheet` gives and the kinds it left out (each with why); the page is ""
    when these rules give none of the kinds."""
    made, left_out = sheet_exercises(kinds, n, seed, rules, difficulty)
    if left_out and not made:
        return "", left_out
    ruleset = bc.ruleset(rules)
    said = "widget.rules-house" if bc.RULESETS.get(ruleset.id) != ruleset else "worksheet.rules"
    title = _t("worksheet.title", lang, seed=seed)
    body = "".join(_exercise_html(i + 1, ex, lang) for i, ex in enumerate(made))
    key = "".join(_key_line(i + 1, ex, lang) for i, ex in enumerate(made))
    notes = "".join(f'<p class="bt-left-out" data-kind="{html.escape(kind)}">{html.escape(err.msg.text(lang))}</p>'
                    for kind, err in left_out.items())
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f"<title>{title}</title><style>{_CSS}</style></head><body><main>"     # main: the page's one landmark
            f"<h1>{title}</h1><p>{_t('worksheet.name', lang)}</p>"
            f'<p class="bt-rules">{_t(said, lang, rules=ruleset.label)}</p>'
            f'<ol class="bt-exercises">{body}</ol>'
            f'<section class="bt-key"><h2>{_t("worksheet.key", lang)}</h2>{notes}<ol>{key}</ol></section>'
            "</main></body></html>\n"), left_out


def worksheet(kinds: str | Sequence[str], n: int, seed: int, rules: str | bc.Ruleset = "classic", lang: str = "en",
              difficulty: int = 1) -> str:
    """The HTML page of ``n`` exercises (kinds in turn, seeds from ``seed``) under ``rules`` (a built-in
    id or a house Ruleset) and its answer key; :class:`~lessons.curriculum.generators.KindUnavailable` when
    these rules give none of the kinds."""
    page, left_out = worksheet_page(kinds, n, seed, rules, lang, difficulty)
    if not page:
        raise next(iter(left_out.values()))
    return page


def save_worksheet(path: str | pathlib.Path, kinds: str | Sequence[str], n: int, seed: int,
                   rules: str | bc.Ruleset = "classic", lang: str = "en", difficulty: int = 1) -> pathlib.Path:
    """Write the worksheet to ``path`` (UTF-8, atomically) and return the path; ``NotAFile`` (an OSError),
    and nothing written, when a folder, a device or a named pipe is there."""
    path = pathlib.Path(path)
    write_atomically(path, worksheet(kinds, n, seed, rules, lang, difficulty))
    return path


__all__ = ["save_worksheet", "sheet_exercises", "worksheet", "worksheet_page"]
