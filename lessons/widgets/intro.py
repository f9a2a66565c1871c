"""What a lesson's intro draws besides text and cards: tables drawn from the engine and the story of
one hand, frame by frame.

- :func:`intro_table`: ``variants`` (how the rulesets differ), ``seats`` (where the four players sit,
  who deals, the order of play), ``card-values`` (what each card is worth), ``victory-points`` (the
  match's tables). Every figure is the engine's (``Ruleset``, ``VICTORY_POINT_TABLES``).
- :class:`StoryView`: the frames of :func:`lessons.curriculum.story.story`, one at a time, with
  Back and Next: the table as the play table draws it, the learner's hand, and the caption.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg

from ..curriculum.kinds import SEAT_NAMES
from ..curriculum.model import Block
from ..curriculum.story import Story, story
from .board import Table
from .hand import Hand
from .style import CARD_WIDTH, meld_picture, t
from .style import esc_suits as esc
from .voice import PageVoice

# Where each player sits around the table, seen from above with the learner at the bottom; play goes
# clockwise, so from the learner to the player on the left (the engine's player 1).
_PLACES = {4: ("bottom", "left", "top", "right"), 2: ("bottom", "top")}
_GRID = {"top": "1 / 2", "left": "2 / 1", "right": "2 / 3", "bottom": "3 / 2"}
# A player's left, seen from above: sitting at the table facing its centre, their left hand points to
# the next seat clockwise (the player on the right's left is the learner at the bottom).
_LEFT_ARROW = {"right": "↙", "bottom": "↖", "left": "↗", "top": "↘"}


def seats_html(players: int, lang: str, *, dealer: int | None = None, order: bool = True) -> str:
    """The players around the table, the learner at the bottom, partners opposite; ``dealer``
    marks who deals and, with an arrow, which way their left is ("the player on the dealer's left"
    plays first); ``order`` numbers the seats in the order they play (the first player is 1)."""
    first = 0
    cells = []
    for player, place in enumerate(_PLACES[players]):
        name = esc(t(SEAT_NAMES[players][player], lang))
        badges = []
        if order:
            badges.append(esc(t("intro.seats.plays", lang, number=(player - first) % players + 1)))
        if player == dealer:
            badges.append(esc(t("intro.seats.deals", lang)))
            badges.append(f'<span class="bt-dealer-left">{esc(t("intro.seats.their-left", lang))} '
                          f'<span aria-hidden="true" style="font-size:1.3em">{_LEFT_ARROW[place]}</span></span>')
        row, column = _GRID[place].split(" / ")
        mine = player % 2 == 0
        cells.append(
            f'<div class="bt-seat bt-seat-{place}" data-player="{player}" style="grid-row:{row};grid-column:{column};'
            f'background:{"#e3f2fd" if mine else "#fbe9e7"};border-radius:10px;padding:6px 10px;text-align:center">'
            f'<b>{name}</b><div style="font-size:0.9em">{" · ".join(badges)}</div></div>')
    table = ('<div class="bt-seat-table" style="grid-row:2;grid-column:2;background:#2e7d32;border-radius:50%;'
             f'min-height:70px;color:#fff;display:flex;align-items:center;justify-content:center;text-align:center;'
             f'font-size:0.9em;padding:6px">{esc(t("intro.seats.clockwise", lang))}</div>')
    return (f'<div class="bt-seats" role="img" aria-label="{esc(t("intro.seats.label", lang, players=players))}" '
            'style="display:grid;grid-template-columns:1fr 1.2fr 1fr;gap:8px;max-width:520px;margin:8px 0">'
            f'{"".join(cells)}{table}</div>')


def _variants(lang: str) -> str:
    from ..curriculum.variants import variant_table

    header, rows = variant_table(lang)
    head = "".join(f"<th>{esc(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<table class="bt-variants" style="border-collapse:collapse;margin:8px 0;font-size:0.95em">'
            f"<tr>{head}</tr>{body}</table>")


def _card_values(lang: str) -> str:
    rules = bc.ruleset("classic")
    rows = [("JK", rules.joker_value), ("2S", rules.two_value), ("AS", rules.ace_value),
            ("KS QS JS 10S 9S 8S", rules.high_value), ("7S 6S 5S 4S 3S", rules.low_value)]
    def said(cards: str) -> str:      # the joker by its name in the learner's language, never its code JK
        return t("card.joker.short", lang) if cards == "JK" else " ".join(str(c) for c in bc.parse_cards(cards))

    body = "".join(f"<tr><td>{esc(said(cards))}</td>"
                   f"<td>{esc(t('intro.points', lang, count=value))}</td></tr>" for cards, value in rows)
    return (f'<table class="bt-variants bt-card-values" style="border-collapse:collapse;margin:8px 0">{body}</table>'
            f'<div class="bt-caption bt-any-suit">{esc(t("intro.card-values.any-suit", lang))}</div>')


def victory_points_table(hands: int, lang: str) -> str:
    """The victory-point table of a match of ``hands`` hands (burraco_core.VICTORY_POINT_TABLES): each
    band of differences in match points and the victory points it gives."""
    rows, low = [], 0
    for high, winner in bc.VICTORY_POINT_TABLES[hands]:
        rows.append(f"<tr><td>{esc(t('intro.vp.from-to', lang, low=low, high=high))}</td>"
                    f"<td>{winner}–{20 - winner}</td></tr>")
        low = high + 5
    rows.append(f"<tr><td>{esc(t('intro.vp.over', lang, low=low - 5))}</td><td>20–0</td></tr>")
    head = (f"<tr><th>{esc(t('intro.vp.difference', lang, hands=hands))}</th>"
            f"<th>{esc(t('intro.vp.points', lang))}</th></tr>")
    return (f'<table class="bt-variants bt-vp-table" data-hands="{hands}" '
            f'style="border-collapse:collapse;margin:8px 16px 8px 0">{head}{"".join(rows)}</table>')


def _victory_points(lang: str) -> str:
    tables = "".join(victory_points_table(hands, lang) for hands in sorted(bc.VICTORY_POINT_TABLES))
    return f'<div style="display:flex;flex-wrap:wrap">{tables}</div>'


_TABLES: dict[str, Callable[[str], str]] = {
    "variants": _variants,
    "seats": lambda lang: seats_html(4, lang, dealer=3),
    "card-values": _card_values,
    "victory-points": _victory_points,
}


def intro_table(name: str, lang: str) -> str:
    """An intro's table drawn from the engine (one of ``lessons.curriculum.model.TABLES``)."""
    return _TABLES[name](lang)


# What a kept block's fold is called: a table by what it shows, any other block by where it comes from
_KEPT_LABELS = {"variants": "widget.predict.table", "card-values": "widget.kept.card-values",
                "seats": "widget.kept.seats", "victory-points": "widget.kept.victory-points"}


def kept_html(block: Block, lang: str) -> str:
    """An intro block the lesson keeps (``"keep": true``) as it stays under each exercise: folded in a
    ``<details>``, as the question of lesson 12 keeps the variant table, one click away."""
    if block.table is not None:
        body = intro_table(block.table, lang)
    elif block.text is not None:
        body = f'<div class="bt-text">{esc(block.text.text(lang))}</div>'
    elif block.meld is not None:
        body = meld_picture(block.meld, "", lang)
    elif block.face_down:
        body = "".join(svg.back_svg(card.deck, width=CARD_WIDTH * 4 // 5, lang=lang) for card in block.cards)
    else:
        body = svg.hand_svg(block.cards, width=CARD_WIDTH * 4 // 5, overlap=0.0, lang=lang)
    if block.caption is not None:
        body += f'<div class="bt-caption">{esc(block.caption.text(lang))}</div>'
    label = t(_KEPT_LABELS.get(block.table or "", "widget.kept.intro"), lang)
    return (f'<details class="bt-kept" data-kept="{esc(block.table or "intro")}"><summary>{esc(label)}</summary>'
            f"{body}</details>")


class StoryView(w.VBox):
    """One hand from the deal to the close, a frame at a time: Back, Next, and where it stands.

    ``voice``: the page's one live region (:class:`~.voice.PageVoice`): the caption of the picture Back or
    Next shows is said in it, and the caption has no live role of its own (a live region redrawn with its
    text already in it is often not read). Without one (the story alone in a notebook), the caption is one."""

    def __init__(self, which: Story, lang: str, voice: PageVoice | None = None) -> None:
        self.frames = story(which)
        self.lang = lang
        self.voice = voice
        self.index = 0
        self.back = w.Button(description=t("intro.story.back", lang), layout=w.Layout(width="auto"))
        self.next = w.Button(description=t("intro.story.next", lang), button_style="info", layout=w.Layout(width="auto"))
        self.back.add_class("bt-story-back")
        self.next.add_class("bt-story-next")
        self.where = w.HTML()
        self.caption = w.HTML()
        self.caption.add_class("bt-story-caption")
        self.table = Table(lang=lang)
        self.hand = Hand(selectable=False, card_width=CARD_WIDTH * 4 // 5, overlap=0.3, label=t("table.your-hand", lang),
                         lang=lang)
        self.back.on_click(lambda _: self.show(self.index - 1, said=True))
        self.next.on_click(lambda _: self.show(self.index + 1, said=True))
        super().__init__([w.HBox([self.back, self.where, self.next], layout=w.Layout(align_items="center",
                                                                                     grid_gap="10px")),
                          self.caption, self.table, self.hand],
                         layout=w.Layout(border="2px solid #cfd8dc", padding="8px", margin="8px 0"))
        self.add_class("bt-story")
        self.show(0)

    def show(self, index: int, _: Any = None, *, said: bool = False) -> None:
        """Show picture ``index`` (from 0); ``said``: its caption said by the page's voice (Back, Next)."""
        self.index = max(0, min(index, len(self.frames) - 1))
        frame = self.frames[self.index]
        caption = frame.caption.text(self.lang)
        self.where.value = esc(t("intro.story.where", self.lang, number=self.index + 1, count=len(self.frames)))
        live = 'role="status" aria-live="polite" ' if self.voice is None else ""
        self.caption.value = f'<div class="bt-text" {live}style="font-weight:600">{esc(caption)}</div>'
        if said and self.voice is not None:
            self.voice.say(caption)
        self.table.show(frame.game)
        self.hand.cards = frame.game.hands[0]
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == len(self.frames) - 1


__all__ = ["StoryView", "intro_table", "kept_html", "seats_html", "victory_points_table"]
