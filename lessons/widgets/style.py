"""The look every page shares: colours, verdict boxes, stars, escaping, melds and moves in words.

Plain HTML strings, no ipywidgets, so the lesson views, the table, the tools, the teachers' pages
and the printed worksheet all draw the same boxes in the same colours. Nothing here decides a
rule: each function formats what burraco_core said.
"""

from __future__ import annotations

import html
from typing import Any

import burraco_core as bc
from burraco_core import svg
from burraco_core.actions import typed_refusal
from burraco_core.messages import Message, card_face

from ..curriculum.checks.base import repeats_rule
from ..curriculum.kinds import name_seats

GOOD = "#1b5e20"
BAD = "#b71c1c"
WARN = "#8a4b00"
NEUTRAL = "#37474f"
NOTE = NEUTRAL                      # the lessons' name for a neutral notice
BACKGROUND = {GOOD: "#e8f5e9", BAD: "#ffebee", WARN: "#fff3e0", NEUTRAL: "#eceff1"}
STAR, NO_STAR = "★", "☆"
CARD_WIDTH = 72                     # a card of an exercise's hand, in px (svg scales it for the projector)
MELD_WIDTH = 64                     # a card of a meld on the table

# The lesson widget's page style (also used by the practice and teachers' pages, which look alike).
LESSON_CSS = """<style>
.bt-lesson { max-width: 1100px; box-sizing: border-box; font-size: 16px; line-height: 1.5; color: #1a1a1a; }
.bt-lesson * { box-sizing: border-box; }
.bt-lesson .bt-title { font-size: 1.6em; font-weight: 700; margin: 4px 0 2px; }
.bt-lesson .bt-sub { color: #555; font-size: 0.95em; }
.bt-lesson .bt-prompt { font-size: 1.25em; font-weight: 600; margin: 8px 0; }
.bt-lesson h3.bt-part { font-size: 1em; font-weight: 700; margin: 4px 0; }
.bt-lesson .bt-text { font-size: 1.1em; margin: 8px 0 4px; max-width: 60em; }
.bt-lesson .bt-caption { color: #444; font-style: italic; margin: 0 0 8px; }
.bt-lesson .bt-box { border-radius: 10px; padding: 10px 14px; margin: 8px 0; font-size: 1.1em; }
.bt-lesson .bt-hints li { margin: 4px 0; font-size: 1.05em; }
.bt-lesson .bt-melds { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: flex-end; }
.bt-lesson .bt-meld-label { font-size: 0.9em; color: #444; }
.bt-lesson .bt-strip button { font-size: 15px; }
.bt-lesson .bt-summary td { padding: 2px 14px 2px 0; font-size: 1.1em; }
.bt-lesson .widget-radio-box label { white-space: normal; }
.bt-lesson .widget-radio-box { width: auto; }
.bt-lesson .bt-red { color: #c62828; }
.bt-lesson .bt-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.bt-lesson .bt-box .bt-red { color: inherit; }
.bt-lesson .bt-stars { color: #a86f00; letter-spacing: 1px; }     /* 3.8:1 on a verdict's green, 4.3:1 on white */
.bt-lesson .bt-no-stars { color: #6b7580; letter-spacing: 1px; }  /* 4.2:1 and 4.7:1 (WCAG 1.4.11) */
.bt-lesson .bt-strip button.bt-current { font-weight: 700; }
.bt-lesson .bt-variants th, .bt-lesson .bt-variants td { border: 1px solid #cfd8dc; padding: 3px 8px; text-align: left; }
.bt-lesson .bt-scores th, .bt-lesson .bt-scores td { padding: 2px 14px 2px 0; text-align: right; }
.bt-lesson details.bt-kept, .bt-lesson details.bt-rules-table { margin: 6px 0; padding: 4px 10px; border-radius: 8px;
  background: #f5f7f8; border: 1px solid #cfd8dc; max-width: 60em; }
.bt-lesson details.bt-kept > summary, .bt-lesson details.bt-rules-table > summary { cursor: pointer;
  font-weight: 600; color: #0d47a1; }
/* A table in an exercise fits a 1280x800 window under its prompt (issue 30): the two sides' melds side by
   side, the stock and pile in one low row under them, smaller cards on the table (not in projector mode,
   which is for reading from afar), the hand and its buttons right under the table, Check just after. */
.bt-exercise .bt-table-inner { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  column-gap: 8px; align-items: stretch; }
.bt-exercise .bt-table-inner > .bt-status { grid-column: 1 / -1; font-size: 1.05em !important; line-height: 1.3; }
.bt-exercise .bt-table-inner > .bt-about { grid-column: 1 / -1; font-size: 0.85em; line-height: 1.3; }
.bt-exercise .bt-table-inner > section.bt-side:first-of-type { grid-column: 1; grid-row: 3; }
.bt-exercise .bt-table-inner > section.bt-side:last-of-type { grid-column: 2; grid-row: 3; }
.bt-exercise .bt-table-inner > .bt-centre { grid-column: 1 / -1; grid-row: 4; margin: 2px 0 !important; gap: 4px 16px !important;
  font-size: 0.85em; line-height: 1.25; }
.bt-exercise .bt-table-inner > .bt-side { margin: 2px 0 !important; padding: 3px 8px !important; min-width: 0; }
.bt-exercise .bt-table-inner > .bt-side > div:first-child { font-size: 0.9em; }
.bt-exercise .bt-table-inner .bt-meld { margin: 1px 8px 2px 0 !important; }
.bt-exercise .bt-table-inner .bt-meld figcaption { font-size: 0.8em !important; }
.bt-exercise .bt-table-inner .bt-meld svg { display: block; }
.bt-exercise .bt-play-table .bt-attach-to { max-width: 12em; }
.bt-exercise .bt-play-table .bt-table-actions button { padding: 0 9px; }
.bt-exercise .bt-play-table .bt-attach-to select { min-width: 8em; }
html:not(.bt-projector) .bt-exercise .bt-table-inner { --bt-card-scale: 0.72; }
html:not(.bt-projector) .bt-exercise .bt-table-inner[data-crowded] { --bt-card-scale: 0.6; }
.bt-exercise .bt-play-table .bh-hand { padding-top: 14px; padding-bottom: 2px; }
.bt-exercise .bt-table-inner > .bt-centre > div { display: flex; align-items: center; gap: 6px; text-align: left !important; }
.bt-exercise .bt-table-inner > .bt-centre > div > div { max-width: 10em; }
.bt-exercise .bt-play-table .widget-hbox:has(> .bt-table-mine) { gap: 0 12px !important; }
.bt-exercise .bt-play-table .bt-table-beside > .widget-html { margin-top: 0; margin-bottom: 0; }
.bt-exercise .bt-play-table .bt-table-mine { flex: 1 1 100% !important; }
.bt-exercise .bt-play-table .bt-table-beside { flex: 1 1 100% !important; }
.bt-exercise .bt-play-table .bt-table-actions { flex-flow: row wrap; column-gap: 10px; }
.bt-exercise .bt-play-table .bt-table-actions > .bt-attach-note { flex: 1 1 100%; order: 1; }
.bt-exercise .bt-play-table .bt-table-actions > .widget-hbox { margin: 1px 0 !important; }
.bt-exercise .bt-vp-table th, .bt-exercise .bt-vp-table td { padding: 1px 8px; line-height: 1.3; }
.bt-exercise .bh-hand.bh-static { padding-top: 6px; }
.bt-exercise.bt-kind-predict-under-ruleset .bt-box { padding: 6px 12px !important; margin: 4px 0 !important; }
@media (max-width: 640px) {
  .bt-exercise .bt-table-inner { grid-template-columns: minmax(0, 1fr); }
  .bt-exercise .bt-table-inner > section.bt-side:last-of-type { grid-column: 1; grid-row: 5; }
}
</style>"""

# The practice and teachers' pages add their tables and link buttons to it.
TEACH_CSS = """<style>
.bt-lesson .bt-rules-left td, .bt-lesson .bt-rules-left th { padding: 3px 14px 3px 0; text-align: left; vertical-align: top; }
.bt-lesson code { font-size: 0.9em; background: #eceff1; padding: 0 4px; border-radius: 4px; }
.bt-lesson .bt-class th, .bt-lesson .bt-class td { border: 1px solid #cfd8dc; padding: 4px 8px; text-align: center; }
.bt-lesson .bt-class th.bt-pupil, .bt-lesson .bt-class td.bt-pupil { text-align: left; font-weight: 600; }
.bt-lesson .bt-class td.bt-full { background: #e8f5e9; }
.bt-lesson .bt-class td.bt-some { background: #fff8e1; }
.bt-lesson .bt-class td.bt-none { color: #6b7580; }
.bt-lesson .bt-class-wrap { overflow-x: auto; max-width: 100%; }
.bt-lesson .bt-link-button { display: inline-block; background: #0b4a8b; color: #fff; font-weight: 700;
  padding: 8px 16px; border-radius: 10px; text-decoration: none; margin: 6px 8px 6px 0; }
.bt-lesson .bt-link-button:focus-visible { outline: 3px solid #e6a100; outline-offset: 2px; }
.bt-lesson h2 { font-size: 1.35em; margin: 16px 0 6px; }
</style>"""


def t(key: str, lang: str, /, **params: Any) -> str:
    """A catalogue text in ``lang``."""
    return Message(key, **params).text(lang)


def rule_summary(rule: str, lang: str) -> str:
    """A rule's one-line summary (``rule.<id>.summary``) in ``lang``."""
    return t(f"rule.{rule}.summary", lang)


def esc(text: object) -> str:
    """Text for the page, escaped."""
    return html.escape(str(text), quote=True)


# Text a screen reader reads and the page does not show (the lessons' CSS calls it .bt-sr; inline where the
# HTML is drawn outside the lessons' stylesheet: a control's label, a worksheet).
SR_ONLY = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"


def named_label(shown: str, name: str) -> str:
    """A control's label (HTML) that shows ``shown`` and gives a screen reader ``name`` instead: the attach
    menu's "to" (Italian "a") alone named it "a combo box" when Orca read it (issue 33). ``name`` holds the
    word shown (WCAG 2.5.3, label in name)."""
    return f'<span aria-hidden="true">{esc(shown)}</span><span style="{SR_ONLY}">{esc(name)}</span>'


def esc_suits(text: object) -> str:
    """Text for a lesson's page: escaped, with the red suits in red (as on the cards)."""
    escaped = esc(text)
    for suit in ("♥", "♦"):
        escaped = escaped.replace(suit, f'<span class="bt-red">{suit}</span>')
    return escaped


# -- boxes -----------------------------------------------------------------------------------------

def box(colour: str, headline: str, body: str = "", *, big: bool = True, role: str = "status") -> str:
    """A tool's coloured verdict box: a large headline (plain text, escaped) over an HTML body; ``role`` "":
    no live region of its own (the page's one live region says it: voice.PageVoice)."""
    size = "1.6em" if big else "1.15em"
    said = f'role="{role}" aria-live="polite" ' if role else ""
    return (
        f'<div {said}class="bt-box" '
        f'style="border:3px solid {colour};background:{BACKGROUND.get(colour, "#fff")};'
        f'border-radius:10px;padding:10px 14px;margin:6px 0;line-height:1.45">'
        f'<div class="bt-headline" style="font-size:{size};font-weight:700;color:{colour}">'
        f"{esc(headline)}</div>{body}</div>"
    )


def verdict_box(colour: str, text: str, role: str = "status", extra: str = "", label: str = "",
                headline: str = "") -> str:
    """A lesson's coloured verdict box: a headline, the text (escaped), then ``extra`` HTML; ``label`` is
    read out too."""
    spoken = f'<span class="bt-sr">{esc_suits(label)}</span>' if label else ""
    top = f'<div class="bt-headline" style="font-weight:700">{esc_suits(headline)}</div>' if headline else ""
    said = f' role="{role}" aria-live="polite"' if role else ""      # role "": the page's live region says it
    return (f'<div class="bt-box"{said} '
            f'style="border:3px solid {colour};background:{BACKGROUND[colour]};color:{colour}">'
            f"{top}{esc_suits(text)}{extra}{spoken}</div>")


def failure_html(lang: str = "en") -> str:
    """The friendly "something went wrong on our side" box (key ``widget.error``), in ``lang``.

    It keeps ``role="alert"`` even on a page with a voice (issue 33): it stands where a page or a widget
    failed to be drawn, often with no page's voice left to say it (a page that failed has none), and an
    assertive alert inserted with its text is read at once by screen readers, unlike a polite status."""
    return box(BAD, Message("widget.error").text(lang), big=False, role="alert")


def solution_box(solution_html: str, lang: str, note: str = "", css_class: str = "") -> str:
    """The dashed box that shows an exercise's solution (``solution_html``, already HTML), with an
    optional note under it (plain text, escaped here)."""
    said = f"<div>{esc_suits(note)}</div>" if note else ""
    return (f'<div class="bt-box{" " + css_class if css_class else ""}" style="border:2px dashed {NOTE};'
            f'background:#fafafa"><b>{esc_suits(t("widget.solution-is", lang))}</b> {solution_html}{said}</div>')


def refusal_html(err: bc.IllegalMove, lang: str = "en", *, rule_id: bool = True,
                 seats: tuple[int, int] | None = None) -> str:
    """What a refusal says in ``lang``: the specifics (a meld numbered from 1, as tables show it), the
    rule in general, and its stable id, which settles a dispute at the table (the referees); a learner
    at the play table reads the rule in words only (``rule_id=False``). ``seats`` (players, viewer):
    players named as the table shows them ("the opponent on your left") instead of numbered."""
    said = typed_refusal(err)
    if seats is not None:
        said = name_seats(said, *seats)
    reason = (f'<div class="bt-reason" style="font-size:1.1em;margin:4px 0">'
              f"{esc(said.text(lang))}</div>")
    if not rule_id:
        if repeats_rule(said.text(lang), err.summary_in(lang)):    # the reason says it: not twice
            return reason
        return reason + f'<div class="bt-rule">{esc(Message("table.say.rule", summary=err.summary_msg).text(lang))}</div>'
    before, _, after = Message("referee.rule", rule="\0", summary=err.summary_msg).text(lang).partition("\0")
    return reason + f'<div class="bt-rule">{esc(before)}<code class="bt-rule-id">{esc(err.rule)}</code>{esc(after)}</div>'


def facts_table(rows: list[tuple[str, str]]) -> str:
    """A two-column table; values are HTML (already escaped by the caller)."""
    cells = "".join(
        f'<tr><th style="text-align:left;padding:2px 12px 2px 0;font-weight:600">{esc(k)}</th>'
        f'<td style="padding:2px 0">{v}</td></tr>'
        for k, v in rows
    )
    return f'<table class="bt-facts" style="border-collapse:collapse;margin:6px 0">{cells}</table>'


def stars_html(count: int) -> str:
    return (f'<span class="bt-stars" aria-hidden="true">{STAR * count}</span>'
            f'<span class="bt-no-stars" aria-hidden="true">{NO_STAR * (3 - count)}</span>')


# -- cards, melds and moves --------------------------------------------------------------------------

def meld_picture(meld: bc.Meld, label: str = "", lang: str = "en", *, plain: bool = False) -> str:
    """A meld as it lies on the table; ``plain``: its cards alone (see ``svg.meld_svg``)."""
    caption = f'<div class="bt-meld-label">{esc_suits(label)}</div>' if label else ""
    return f'<div class="bt-meld">{caption}{svg.meld_svg(meld, width=MELD_WIDTH, lang=lang, plain=plain)}</div>'


def melds_row(melds: tuple[bc.Meld, ...], lang: str, numbered: bool = True) -> str:
    items = [meld_picture(m, t("widget.meld-number", lang, number=i + 1) if numbered else "", lang)
             for i, m in enumerate(melds)]
    return f'<div class="bt-melds">{"".join(items)}</div>'


def arrangement_text(meld: bc.Meld, lang: str) -> str:
    """A meld as it lies, its wild with what it stands for: ``5♥ 6♥ 2♥ as 7♥ 8♥``."""
    return " ".join(t("widget.arrangement.wild", lang, wild=card, card=meld.wild_stands_for)
                    if i == meld.wild_index and meld.kind == bc.RUN else card_face(card, lang)
                    for i, card in enumerate(meld.cards))


def move_text(move: str, lang: str) -> str:
    """A move in words, its meld numbered as the table shows it: "Attach 8♥ to meld 1"."""
    try:
        action = bc.parse_action(move)
    except bc.BurracoError:
        return move
    if isinstance(action, bc.Attach):
        return t("widget.move.attach", lang, cards=action.cards, number=action.meld + 1)
    if isinstance(action, bc.LayDown):
        return t("widget.move.meld", lang, cards=action.cards)
    if isinstance(action, bc.Discard):
        return t("widget.move.discard", lang, card=action.card)
    return t(f"widget.move.{action}", lang)


__all__ = ["BACKGROUND", "BAD", "CARD_WIDTH", "GOOD", "LESSON_CSS", "MELD_WIDTH", "NEUTRAL", "NOTE", "NO_STAR", "STAR",
           "TEACH_CSS", "WARN", "arrangement_text", "box", "esc", "esc_suits", "facts_table", "failure_html", "meld_picture",
           "melds_row", "move_text", "refusal_html", "rule_summary", "solution_box", "stars_html", "t", "verdict_box"]
