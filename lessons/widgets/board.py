"""Table: a hand of Burraco laid out as one player sees it, the picture every table of the project draws.

Both sides' melds (numbered from 1, a burraco named), the stock, the discard pile (all of it, or only
its top card when the ruleset plays it closed), the pozzetti left, how many cards the others hold
and whether they have played a turn yet, whose turn it is and, in a turn, what the rules of the turn
depend on (a single-card pile just taken). The play table (:mod:`.table`), the lessons' why-not and
the story of lesson 1 draw it. Every text is a message of the catalogues (``table.*``).
"""

from __future__ import annotations

from functools import lru_cache

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg
from burraco_core.messages import Message

from ..curriculum.kinds import SEAT_NAMES, SEAT_NAMES_IN_TEXT, SEAT_NAMES_TO_START
from .style import esc

YOU = 0


def _t(key: str, lang: str = "en", **params: object) -> str:
    return Message(key, **params).text(lang)


_FORMS = {"label": SEAT_NAMES, "start": SEAT_NAMES_TO_START, "text": SEAT_NAMES_IN_TEXT}


def player_names(players: int, form: str = "label") -> tuple[Message, ...]:
    """How the table names each player (player 0 is the learner), as messages: as a ``label``, to
    ``start`` a sentence, or inside one (``text``)."""
    return tuple(Message(key) for key in _FORMS[form][players])


def player_name(game: bc.Game, player: int, lang: str = "en") -> str:
    return player_names(game.players)[player].text(lang)


def side_name(game: bc.Game, side: int, viewer: int = YOU, lang: str = "en") -> str:
    mine = game.side_of(viewer) == side
    return _t("table.side", lang, whose=("mine" if mine else "theirs") + str(game.players))


def describe_action(game_before: bc.Game, game_after: bc.Game, player: int, action: bc.Action,
                    lang: str = "en") -> str:
    """One line for the log: what a player did, as the learner may see it (the engine's narration)."""
    return bc.narrate(action, player, game_before, game_after, viewer=YOU,
                      names=player_names(game_before.players, "start")).text(lang)


@lru_cache(maxsize=2048)
def _meld_picture(meld: bc.Meld, four_colour: bool, lang: str) -> str:
    return svg.meld_svg(meld, width=60, four_colour=four_colour, lang=lang)


def pile_card_held(game: bc.Game) -> bool:
    """Whether the player to play took the discard pile's only card this turn and still holds a card of its face:
    then it may not be discarded this turn. Once the card is laid down, the fact is said no more (issue 30)."""
    pick = game.pile_pick
    return pick is not None and any(card.face == pick[0].face for card in game.hands[game.current_player])


class Table(w.VBox):
    """The table of a game as one player sees it (``show(game)`` redraws it).

    ``highlight`` (side, index) rings a meld, ``"pile"`` the discard pile: the place of
    the move just shown.
    """

    def __init__(self, game: bc.Game | None = None, viewer: int = YOU, four_colour: bool = False,
                 lang: str = "en") -> None:
        self.view = w.HTML()
        self.view.add_class("bt-table-view")
        self.viewer = viewer
        self.four_colour = four_colour
        self.lang = lang
        self.deal: int | None = None
        super().__init__([self.view])
        self.add_class("bt-table")
        if game is not None:
            self.show(game)

    def show(self, game: bc.Game, highlight: tuple[int, int] | str | None = None) -> None:
        self.view.value = self.render(game, highlight)

    def _melds_html(self, game: bc.Game, side: int, highlight: tuple[int, int] | str | None) -> str:
        lang = self.lang
        melds = game.melds[side]
        title = _t("table.side.title", lang, side=Message("table.side", whose=(
            "mine" if game.side_of(self.viewer) == side else "theirs") + str(game.players)),
            count=len(melds), took=str(game.took_pozzetto[side]))
        items = []
        for i, meld in enumerate(melds):
            lit = highlight == (side, i)
            ring = "outline:3px solid #ff9800;outline-offset:2px;border-radius:6px;" if lit else ""
            burraco = (Message("table.meld.burraco", kind=meld.burraco) if meld.burraco else Message("empty"))
            caption = _t("table.meld.caption", lang, number=i + 1, burraco=burraco)
            items.append(
                f'<figure class="bt-meld{" bt-lit" if lit else ""}" data-index="{i}" data-cards="{len(meld)}" '
                f'style="display:inline-block;vertical-align:top;margin:2px 12px 4px 0;{ring}">'
                f"{_meld_picture(meld, self.four_colour, lang)}"
                f'<figcaption style="font-size:0.85em;color:#333;line-height:1.2">{esc(caption)}</figcaption>'
                "</figure>")
        body = "".join(items) or (f'<div style="color:#666;font-style:italic;padding:6px 0">'
                                  f'{esc(_t("table.no-melds", lang))}</div>')
        mine = game.side_of(self.viewer) == side
        colour = "#e3f2fd" if mine else "#fbe9e7"
        return (f'<section class="bt-side bt-side-{side}" style="background:{colour};border-radius:8px;'
                f'padding:6px 10px;margin:4px 0"><div style="font-weight:700">{esc(title)}</div>{body}</section>')

    def _centre_html(self, game: bc.Game, highlight: tuple[int, int] | str | None) -> str:
        lang = self.lang
        stock = game.stock
        pile = game.discard_pile
        stock_pic = svg.back_svg(0, width=44, lang=lang) if stock else ""
        stock_html = (f'<div class="bt-stock" style="text-align:center">{stock_pic}'
                      f'<div>{esc(_t("table.stock", lang, count=len(stock)))}</div></div>')
        if not pile:
            pile_pic, pile_text = "", _t("table.pile.empty", lang)
        elif game.rules.open_discard_pile:
            pile_pic = svg.hand_svg(pile, width=44, overlap=0.6, four_colour=self.four_colour, lang=lang)
            pile_text = _t("table.pile.open", lang, count=len(pile))
        else:
            pile_pic = svg.card_svg(pile[-1], width=44, four_colour=self.four_colour, lang=lang)
            pile_text = _t("table.pile.closed", lang, count=len(pile))
        ring = "outline:3px solid #ff9800;outline-offset:2px;border-radius:6px;" if highlight == "pile" else ""
        pile_html = (f'<div class="bt-pile{" bt-lit" if ring else ""}" style="text-align:center;{ring}">'
                     f"{pile_pic}<div>{esc(pile_text)}</div></div>")
        left = len(game.pozzetti)
        poz_pic = "".join(svg.back_svg(1, width=30, lang=lang) for _ in range(left))
        poz_html = (f'<div class="bt-pozzetti" style="text-align:center">{poz_pic}'
                    f'<div>{esc(_t("table.pozzetti", lang, count=left))}</div></div>')
        others = "".join(
            f'<div class="bt-other-hand" data-player="{p}" style="text-align:center">'
            f"{svg.back_svg(p % 2, width=30, lang=lang)}"
            f'<div>{esc(_t("table.other-hand", lang, name=self.name(game, p), count=len(game.hands[p]), played="yes" if game.is_over or game.turns_played[p] else "no"))}'
            "</div></div>"
            for p in range(game.players) if p != self.viewer
        )
        style = "display:flex;flex-wrap:wrap;gap:18px;align-items:flex-end;margin:6px 0"
        return f'<div class="bt-centre" style="{style}">{stock_html}{pile_html}{poz_html}{others}</div>'

    def name(self, game: bc.Game, player: int, form: str = "label") -> Message:
        """A player as the viewer calls them: "You", "Partner", "Opponent on your left"..."""
        return player_names(game.players, form)[(player - self.viewer) % game.players]

    def status(self, game: bc.Game) -> str:
        lang = self.lang
        if game.is_over:
            return _t("table.status.over", lang)
        player = game.current_player
        if player == self.viewer:
            said = _t("table.status.yours", lang, phase=game.phase)
            pick = game.pile_pick
            if game.phase == "play" and pick is not None and pile_card_held(game):   # a fact the turn's rules depend on
                key = "widget.turn.play-pile-card-twin" if pick[1] else "widget.turn.play-pile-card"
                said += " " + _t(key, lang, card=pick[0])
            return said
        return _t("table.status.playing", lang, name=self.name(game, player, "start"))

    def render(self, game: bc.Game, highlight: tuple[int, int] | str | None = None) -> str:
        mine = game.side_of(self.viewer)
        rules = game.rules
        deal = Message("table.deal", deal=self.deal) if self.deal is not None else Message("empty")
        head = (f'<div class="bt-status" style="font-size:1.15em;font-weight:700">{esc(self.status(game))}</div>'
                f'<div class="bt-about" style="color:#555">'
                f'{esc(_t("table.about", self.lang, ruleset=rules.label, players=game.players, deal=deal))}'
                "</div>")
        # many melds on a side: an exercise's page draws the table's cards smaller (LESSON_CSS), to fit the window
        crowded = any(len(melds) > 3 or sum(map(len, melds)) > 16 for melds in game.melds)
        return (f'<div class="bt-table-inner"{" data-crowded" if crowded else ""}>{head}'
                f'{self._melds_html(game, 1 - mine, highlight)}'
                f"{self._centre_html(game, highlight)}{self._melds_html(game, mine, highlight)}</div>")


__all__ = ["YOU", "Table", "describe_action", "pile_card_held", "player_name", "player_names", "side_name"]
