"""PositionReferee: settle a dispute at the table. Is this move legal in this position?

Type the table as it is (each side's melds, the hand of the player to move, the discard pile,
which pozzetti are taken, whose turn and what has happened this turn) and a move as a player
types it in the terminal game (``attach 1 8H``, ``discard 7H``, ``meld 5H 6H 7H``, ``take``,
``draw``): melds counted from 1, as the table labels them ("Meld 1"); ``burraco_core.actions``'
``typed_action``/``typed`` translate to and from the engine's notation (melds from 0). The position
is built by ``Game.setup`` and the move judged by ``Game.explain``: the verdict is the engine's,
naming the rule, its id and the cards (a meld number in it said as typed, by
``burraco_core.actions.typed_refusal``, as the terminal game says it). A table that no
hand can lead to is refused in the engine's words (``GameFileError``). This module decides no rule.

The other players' hands are not typed: they are filled with cards nobody has placed (11 each,
or ``other_hand_size``), since no rule of the player's move depends on which cards they hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg
from burraco_core.actions import typed, typed_action, typed_refusal
from burraco_core.messages import Message

from ..curriculum.kinds import name_seats
from .hand import Hand
from .referee import every_card, readable_cards
from .style import BAD, GOOD, NEUTRAL, WARN, box, esc
from .table import Table
from .ui import safe_ruleset_picker, shielded
from .voice import Speaks

ThisTurn = Literal["not-drawn", "drew", "took-pile"]
SIDES = (0, 1)


def _t(key: str, lang: str, **params: Any) -> str:
    return Message(key, **params).text(lang)


@dataclass
class Ruling:
    """The referee's answer: ``legal`` is None when the position or the move could not be read."""

    html: str
    legal: bool | None = None
    rule: str | None = None
    error: bc.IllegalMove | None = None


def meld_lines(text: str) -> list[str]:
    """The melds typed one per line (blank lines skipped)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _placed_cards(rules: bc.Ruleset, texts: Sequence[str]) -> list[bc.Card]:
    cards: list[bc.Card] = []
    for text in texts:
        # table notation "2C=4H 5H": the card before "=" is the one on the table
        cards += bc.parse_cards(" ".join(part.split("=")[0] for part in text.split()))
    return cards


def _unplaced(rules: bc.Ruleset, placed: Sequence[bc.Card]) -> list[bc.Card]:
    """Every card of the decks not among ``placed`` (a card without apostrophe takes either copy)."""
    left = Counter(card.face for card in placed)
    rest = []
    for card in reversed(bc.full_deck(rules.jokers)):   # second deck first: the typed cards use the first
        if left[card.face]:
            left[card.face] -= 1
        else:
            rest.append(card)
    return rest


def read_position(
    rules: str | bc.Ruleset,
    *,
    players: int = 2,
    to_move: int = 0,
    hand: str = "",
    melds: Sequence[str] = ("", ""),
    discard_pile: str = "",
    took_pozzetto: Sequence[bool] = (False, False),
    this_turn: ThisTurn = "not-drawn",
    pile_card: str = "",
    melded: bool = False,
    opponents_have_played: bool = True,
    other_hand_size: int = 11,
) -> bc.Game:
    """The position as ``Game.setup`` builds it: ``to_move`` is the side to move (0 or 1), whose
    player holds ``hand``; ``melds`` one text per side, one meld per line in table notation.

    Raises ``NotationError`` for a card that cannot be read and ``GameFileError`` for a table no
    hand can lead to (both of the ``BurracoError`` family).
    """
    rules = bc.ruleset(rules)
    side_melds = [meld_lines(text) for text in melds]
    placed = _placed_cards(rules, [hand, discard_pile, *[line for lines in side_melds for line in lines]])
    rest = _unplaced(rules, placed)
    hands: list[str] = []
    for player in range(players):
        if player == to_move:
            hands.append(hand)
        else:
            taken, rest = rest[:other_hand_size], rest[other_hand_size:]
            hands.append(bc.format_cards(taken))
    turns = [1 if opponents_have_played or player % 2 == to_move % 2 else 0 for player in range(players)]
    options: dict[str, Any] = {}
    if this_turn == "took-pile":
        options["took_pile"] = True
        if pile_card.strip():
            options["pile_card"] = pile_card.strip()
    if this_turn != "not-drawn":
        options["melded"] = melded
    return bc.Game.setup(
        rules, hands=hands, melds=side_melds, discard_pile=discard_pile, current=to_move,
        phase="draw" if this_turn == "not-drawn" else "play", took_pozzetto=tuple(took_pozzetto),
        turns_played=turns, **options,
    )


def _cards_in(err: bc.IllegalMove) -> list[bc.Card]:
    found: list[bc.Card] = []
    for value in err.params.values():
        if isinstance(value, bc.Card):
            found.append(value)
        elif isinstance(value, tuple):
            found += [card for card in value if isinstance(card, bc.Card)]
    return found


def refusal_body(err: bc.IllegalMove, lang: str = "en", four_colour: bool = False,
                 reason: Message | None = None) -> str:
    """The refusal said in ``lang``: what is wrong (``reason``, else the engine's words), the rule
    with its id, and the cards concerned."""
    cards = _cards_in(err)
    picture = (f'<div class="bt-ruling-cards" style="margin:6px 0">'
               f"{svg.hand_svg(cards, width=48, overlap=0.0, four_colour=four_colour, lang=lang)}</div>") if cards else ""
    rule = _t("referee.position.rule", lang, rule=err.rule, summary=err.summary_msg)
    said = (reason or err.msg).text(lang)
    return (f'<div class="bt-reason" style="font-size:1.1em;margin:4px 0">{esc(said)}</div>'
            f'{picture}<div class="bt-rule">{esc(rule)} <code class="bt-rule-id">{esc(err.rule)}</code></div>')


def rule_on(game: bc.Game, move: str, lang: str = "en", four_colour: bool = False, *, live: bool = True) -> Ruling:
    """Is ``move``, as a player types it (melds counted from 1: ``attach 1 8H`` is the engine's
    ``attach 0 8H``), legal in ``game``? The engine's ``explain`` decides; ``Ruling.error`` is its
    refusal (the engine's numbering), the page says the move and a meld number as typed. ``live``
    False: the verdict box is no live region (the page's one live region says it)."""
    role = "status" if live else ""
    if not move.strip():
        return Ruling(box(NEUTRAL, _t("referee.position.no-move", lang), big=False, role=role))
    try:
        action = typed_action(move)
    except bc.NotationError as unreadable:
        return Ruling(box(WARN, _t("referee.position.unreadable-move", lang, move=move.strip()),
                          f"<div>{esc(unreadable.message(lang))}</div>", big=False, role=role))
    err = game.explain(action)
    if err is None:
        return Ruling(box(GOOD, _t("referee.position.legal", lang, move=typed(action)),
                          f"<div>{esc(_t('referee.position.legal.why', lang))}</div>", role=role), legal=True)
    return Ruling(box(BAD, _t("referee.position.illegal", lang, move=typed(action)),
                      refusal_body(err, lang, four_colour,
                                   reason=name_seats(typed_refusal(err), game.players, game.current_player)), role=role),
                  legal=False, rule=err.rule, error=err)


def _file_error_text(err: bc.BurracoError, lang: str) -> str:
    return err.message(lang)     # GameFileError and every engine error say a Message in any language


class PositionReferee(Speaks, w.VBox):
    """Type (or click) the table as it is and a move; the referee says whether it is legal, and why.

    ``rules``: a built-in id or any ``Ruleset``. The boxes may be filled at once: ``hand``, ``melds``
    (one text per side), ``discard_pile``, ``this_turn`` (``"not-drawn"``, ``"drew"``, ``"took-pile"``),
    ``pile_card``, ``melded``, ``move``. On a tool page the verdict (and why the position cannot be read)
    is said by the page's one live region (:meth:`speak_with`) when it changes.
    """

    def __init__(self, rules: str | bc.Ruleset = "classic", *, players: int = 2, lang: str = "en",
                 hand: str = "", melds: Sequence[str] = ("", ""), discard_pile: str = "",
                 this_turn: ThisTurn = "not-drawn", pile_card: str = "", melded: bool = False, move: str = "",
                 **kwargs: object) -> None:
        self.lang = lang
        t = self._text
        self.rules, warning = safe_ruleset_picker(rules, lang)
        self.warning = w.HTML(warning)
        wide = w.Layout(width="min(30em, 95%)")
        self.players = w.Dropdown(options=[(t("referee.position.players", count=n), n) for n in (2, 4)],
                                  value=players if players in (2, 4) else 2, layout=w.Layout(width="auto"),
                                  description=t("referee.position.players.label"))
        self.players.add_class("bt-label-hidden")       # a name for a screen reader: its choices say "2 players"
        self.to_move = w.ToggleButtons(options=[(t("referee.position.side", side="AB"[s]), s) for s in SIDES],
                                       value=0, description=t("referee.position.to-move"),
                                       style={"description_width": "initial", "button_width": "auto"})
        self.melds = {s: w.Textarea(rows=4, description=t("referee.position.melds", side="AB"[s]),
                                    placeholder=t("referee.position.melds.placeholder"),
                                    style={"description_width": "initial"}, layout=wide) for s in SIDES}
        self.took_pozzetto = {s: w.Checkbox(value=False, indent=False,
                                            description=t("referee.position.took-pozzetto", side="AB"[s])) for s in SIDES}
        self.hand = w.Text(description=t("referee.position.hand"), placeholder=t("referee.position.hand.placeholder"),
                           style={"description_width": "initial"}, layout=wide)
        self.hand.add_class("bt-position-hand")
        self.discard_pile = w.Text(description=t("referee.position.pile"),
                                   placeholder=t("referee.position.pile.placeholder"),
                                   style={"description_width": "initial"}, layout=wide)
        self.this_turn = w.RadioButtons(options=[(t("referee.position.turn.not-drawn"), "not-drawn"),
                                                 (t("referee.position.turn.drew"), "drew"),
                                                 (t("referee.position.turn.took-pile"), "took-pile")],
                                        value="not-drawn", description=t("referee.position.turn"),
                                        style={"description_width": "initial"})
        self.pile_card = w.Text(description=t("referee.position.pile-card"),
                                placeholder=t("referee.position.pile-card.placeholder"),
                                style={"description_width": "initial"}, layout=wide)
        self.melded = w.Checkbox(value=False, indent=False, description=t("referee.position.melded"),
                                  layout=w.Layout(width="auto"))
        self.opponents_played = w.Checkbox(value=True, indent=False,
                                           description=t("referee.position.opponents-played"),
                                           layout=w.Layout(width="auto"))
        self.move = w.Text(description=t("referee.position.move"), placeholder=t("referee.position.move.placeholder"),
                           style={"description_width": "initial"}, layout=wide)
        self.move.add_class("bt-position-move")
        self.ask = w.Button(description=t("referee.position.ask"), button_style="primary",
                            layout=w.Layout(width="auto"))
        self.ask.add_class("bt-position-ask")
        self.palette = Hand(every_card(self.rules.value), columns=13, card_width=34, overlap=0.0,
                            label=t("referee.position.palette"), lang=lang)
        self.palette.add_class("bt-palette")
        self.table = Table(lang=lang)
        self.position_box = w.HTML()
        self.position_box.add_class("bt-position-status")
        self.verdict = w.HTML()
        self.verdict.add_class("bt-verdict")
        self.game: bc.Game | None = None
        self.ruling = Ruling("")
        self._syncing = False

        row = w.Layout(flex_flow="row wrap", align_items="center", grid_gap="10px")
        sides = w.HBox([w.VBox([self.melds[s], self.took_pozzetto[s]]) for s in SIDES], layout=row)
        turn = w.HBox([self.this_turn, w.VBox([self.pile_card, self.melded, self.opponents_played])], layout=row)
        title = w.HTML(f"<h2 style='margin:4px 0;font-size:1.17em'>{esc(t('referee.position.title'))}</h2>"
                       f"<div style='color:#444;max-width:48em'>{esc(t('referee.position.intro'))}</div>")
        super().__init__([
            title, w.HBox([self.rules, self.players, self.to_move], layout=row), self.warning,
            sides, self.hand, self.palette, self.discard_pile, turn,
            w.HBox([self.move, self.ask], layout=row), self.verdict, self.position_box, self.table,
        ], **kwargs)
        self.add_class("bt-position-referee")

        self.rules.observe(self._hand_typed, names="value")    # the palette's jokers follow the rules
        for control in (self.players, self.to_move, self.melds[0], self.melds[1], self.took_pozzetto[0],
                        self.took_pozzetto[1], self.discard_pile, self.this_turn, self.pile_card, self.melded,
                        self.opponents_played):
            control.observe(self._position_changed, names="value")
        self.hand.observe(self._hand_typed, names="value")
        self.palette.observe(self._palette_clicked, names="selected")
        self.move.observe(self._judge, names="value")
        self.ask.on_click(self._judge)
        self._syncing = True
        try:
            for side, text in zip(SIDES, melds, strict=False):
                self.melds[side].value = text
            self.discard_pile.value = discard_pile
            self.this_turn.value = this_turn
            self.pile_card.value = pile_card
            self.melded.value = melded
            self.move.value = move
            self.hand.value = hand
        finally:
            self._syncing = False
        self._show_in_palette()
        self._position_changed()

    def _text(self, key: str, **params: Any) -> str:
        return _t(key, self.lang, **params)

    def show_failure(self, html: str) -> None:
        """Where a failure is told (see ``ui.shielded``): the verdict box."""
        self.verdict.value = html

    # ------------------------------------------------------------ the position
    def read(self) -> bc.Game:
        """The position typed, built by ``Game.setup`` (raises its ``BurracoError`` when refused)."""
        return read_position(
            self.rules.value, players=self.players.value, to_move=self.to_move.value, hand=self.hand.value,
            melds=(self.melds[0].value, self.melds[1].value), discard_pile=self.discard_pile.value,
            took_pozzetto=(self.took_pozzetto[0].value, self.took_pozzetto[1].value),
            this_turn=self.this_turn.value, pile_card=self.pile_card.value, melded=self.melded.value,
            opponents_have_played=self.opponents_played.value,
        )

    @shielded
    def _hand_typed(self, change: object = None) -> None:
        if self._syncing:
            return
        self._show_in_palette()
        self._position_changed()

    def _show_in_palette(self) -> None:
        self._syncing = True
        try:
            cards = every_card(self.rules.value)
            if cards != self.palette.cards:
                self.palette.cards = cards
            self.palette.select(readable_cards(self.hand.value))
        finally:
            self._syncing = False

    @shielded
    def _palette_clicked(self, change: object = None) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self.hand.value = bc.format_cards(self.palette.selected_in_click_order)
        finally:
            self._syncing = False
        self._position_changed()

    @shielded
    def _position_changed(self, change: object = None) -> None:
        self.pile_card.disabled = self.this_turn.value != "took-pile"
        self.melded.disabled = self.this_turn.value == "not-drawn"
        if self._syncing:
            return
        if not self.hand.value.strip():
            self._no_position(box(NEUTRAL, self._text("referee.position.no-hand"), big=False, role=self._role()))
            return
        try:
            game = self.read()
        except bc.NotationError as err:
            self._no_position(box(WARN, self._text("referee.position.unreadable"),
                                  f"<div>{esc(err.message(self.lang))}</div>", big=False, role=self._role()))
            return
        except bc.BurracoError as err:     # GameFileError: a table no hand can lead to
            self._no_position(box(WARN, self._text("referee.position.impossible"),
                                  f"<div>{esc(_file_error_text(err, self.lang))}</div>", big=False,
                                  role=self._role()))
            return
        self.game = game
        self.table.viewer = game.current_player
        self.table.four_colour = False
        self.table.show(game)
        self.position_box.value = ""
        self._judge()

    def _no_position(self, html: str) -> None:
        self.game = None
        self.position_box.value = html
        self.table.view.value = ""
        self.ruling = Ruling(box(NEUTRAL, self._text("referee.position.fix-first"), big=False, role=self._role()))
        self.verdict.value = self.ruling.html
        self._speak(html, again=False)         # why there is no position to judge yet

    # ------------------------------------------------------------ the move
    @shielded
    def _judge(self, change: object = None) -> None:
        if self.game is None or self._syncing:
            return
        self.ruling = rule_on(self.game, self.move.value, self.lang, live=self.voice is None)
        self.verdict.value = self.ruling.html
        self._speak(self.ruling.html, again=isinstance(change, w.Button))    # asked: said again; typed: when it changes

    def _draw_spoken(self) -> None:
        self._position_changed()


__all__ = ["PositionReferee", "Ruling", "meld_lines", "read_position", "refusal_body", "rule_on", "position_referee_tool"]


def position_referee_tool(rules: str, lang: str = "en") -> w.Widget:
    """The position referee's tool page, on a disputed move: the player took a one-card discard pile (K♦)
    and wants to discard it at once."""
    return PositionReferee(rules=rules, melds=("5H 6H 7H", "QS QD QC"), hand="8H 9S 9S' KD 4C",
                           discard_pile="3D 9C", this_turn="took-pile", pile_card="KD", move="discard KD", lang=lang)
