"""Table and PlayTable: see a hand of Burraco laid out, and play one against the engine's bots.

``Table`` draws a ``burraco_core.Game`` as one player sees it: both sides'
melds, the stock, the discard pile (all of it, or only its top card when
the ruleset plays it closed), the pozzetti, how many cards the others hold,
whose turn it is. ``PlayTable`` adds the learner's hand and buttons; every
move goes to ``game.apply`` and every refusal is shown with the engine's
reason and rule id. The computer players are ``burraco_core.bots.GreedyBot``;
should the engine refuse a move one of them chose, the table says so (reason
and rule id, in the message and the log) and the computer players stop: no
other move is played in its place.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg
from burraco_core.bots import GreedyBot, hints
from burraco_core.narration import narrate

from .hand import Hand
from .score import ScoreCalculator, SideResult, breakdown_html
from .ui import BAD, GOOD, NEUTRAL, WARN, box, esc, refusal_html, ruleset_picker

NAMES = {2: ("You", "Opponent"), 4: ("You", "Opponent A", "Partner", "Opponent B")}
YOU = 0
MAX_BOT_ACTIONS = 2000
_PHASE_TEXT = {
    "draw": "draw from the stock or take the whole discard pile.",
    "play": "lay down or attach cards if you can, then discard one card to end the turn.",
    "pozzetto": "all the cards are melded: pick up the pozzetto.",
}


def player_name(game: bc.Game, player: int) -> str:
    return NAMES[game.players][player]


def side_name(game: bc.Game, side: int, viewer: int = YOU) -> str:
    mine = game.side_of(viewer) == side
    if game.players == 2:
        return "Your melds" if mine else "Your opponent's melds"
    return "Your side's melds (you and your partner)" if mine else "The opponents' melds"


@lru_cache(maxsize=2048)
def _meld_picture(meld: bc.Meld, four_colour: bool) -> str:
    return svg.meld_svg(meld, width=52, four_colour=four_colour)


def describe_action(game_before: bc.Game, game_after: bc.Game, player: int, action: bc.Action,
                    lang: str = "en") -> str:
    """One line for the log: what a player did, as the learner may see it (the engine's narration)."""
    return narrate(action, player, game_before, game_after, viewer=YOU,
                   names=NAMES[game_before.players]).text(lang)


class Table(w.VBox):
    """The table of a game as one player sees it (``show(game)`` redraws it)."""

    def __init__(self, game: bc.Game | None = None, viewer: int = YOU, four_colour: bool = False) -> None:
        self.view = w.HTML()
        self.view.add_class("bt-table-view")
        self.viewer = viewer
        self.four_colour = four_colour
        super().__init__([self.view])
        self.add_class("bt-table")
        if game is not None:
            self.show(game)

    def show(self, game: bc.Game) -> None:
        self.view.value = self.render(game)

    def _melds_html(self, game: bc.Game, side: int) -> str:
        melds = game.melds[side]
        took = "took its pozzetto" if game.took_pozzetto[side] else "has not taken its pozzetto yet"
        title = f"{side_name(game, side, self.viewer)}: {len(melds)} meld{'s' if len(melds) != 1 else ''}, {took}"
        items = "".join(
            f'<figure class="bt-meld" data-index="{i}" style="display:inline-block;margin:2px 10px 4px 0">'
            f"{_meld_picture(meld, self.four_colour)}"
            f'<figcaption style="font-size:0.85em;color:#333;line-height:1.2">Meld {i + 1}'
            f"{' · ' + esc(meld.burraco) + ' burraco' if meld.burraco else ''}</figcaption></figure>"
            for i, meld in enumerate(melds)
        ) or '<div style="color:#666;font-style:italic;padding:6px 0">No melds yet.</div>'
        mine = game.side_of(self.viewer) == side
        colour = "#e3f2fd" if mine else "#fbe9e7"
        return (f'<section class="bt-side bt-side-{side}" style="background:{colour};border-radius:8px;'
                f'padding:6px 10px;margin:4px 0"><div style="font-weight:700">{esc(title)}</div>{items}</section>')

    def _centre_html(self, game: bc.Game) -> str:
        stock = game.stock
        pile = game.discard_pile
        stock_pic = svg.back_svg(0, width=44) if stock else ""
        stock_html = (f'<div class="bt-stock" style="text-align:center">{stock_pic}'
                      f"<div>Stock: {len(stock)} card{'s' if len(stock) != 1 else ''}</div></div>")
        if not pile:
            pile_pic, pile_text = "", "Discard pile: empty"
        elif game.rules.open_discard_pile:
            pile_pic = svg.hand_svg(pile, width=44, overlap=0.6, four_colour=self.four_colour)
            pile_text = f"Discard pile: {len(pile)} card{'s' if len(pile) != 1 else ''}, top card last"
        else:
            pile_pic = svg.card_svg(pile[-1], width=44, four_colour=self.four_colour)
            pile_text = f"Discard pile (closed): {len(pile)} cards, only the top one shows"
        pile_html = f'<div class="bt-pile" style="text-align:center">{pile_pic}<div>{esc(pile_text)}</div></div>'
        left = len(game.pozzetti)
        poz_pic = "".join(svg.back_svg(1, width=30) for _ in range(left))
        poz_html = (f'<div class="bt-pozzetti" style="text-align:center">{poz_pic}'
                    f"<div>Pozzetti left: {left}</div></div>")
        others = "".join(
            f'<div class="bt-other-hand" style="text-align:center">{svg.back_svg(p % 2, width=30)}'
            f"<div>{esc(player_name(game, p))}: {len(game.hands[p])} card{'s' if len(game.hands[p]) != 1 else ''}</div></div>"
            for p in range(game.players) if p != self.viewer
        )
        style = "display:flex;flex-wrap:wrap;gap:18px;align-items:flex-end;margin:6px 0"
        return f'<div class="bt-centre" style="{style}">{stock_html}{pile_html}{poz_html}{others}</div>'

    def status(self, game: bc.Game) -> str:
        if game.is_over:
            return "The hand is over."
        player = game.current_player
        if player == self.viewer:
            return "Your turn: " + _PHASE_TEXT[game.phase]
        return f"{player_name(game, player)} is playing."

    def render(self, game: bc.Game) -> str:
        mine = game.side_of(self.viewer)
        rules = game.rules
        head = (f'<div class="bt-status" style="font-size:1.15em;font-weight:700">{esc(self.status(game))}</div>'
                f'<div style="color:#555">{esc(rules.name or rules.id)}, {game.players} players</div>')
        return (f'<div class="bt-table-inner">{head}{self._melds_html(game, 1 - mine)}'
                f"{self._centre_html(game)}{self._melds_html(game, mine)}</div>")


def _button(text: str, tooltip: str, style: str = "") -> w.Button:
    return w.Button(description=text, tooltip=tooltip, button_style=style, layout=w.Layout(width="auto"))


class PlayTable(w.VBox):
    """Play a hand against the bots: you are the player at the bottom (player 0).

    When a hand ends, "Count it in the score calculator" fills ``calculator`` with
    the hand (``ScoreCalculator.load_game``): the one given, or one shown below the
    table the first time the button is pressed.
    """

    def __init__(self, rules: str = "classic", players: int = 2, seed: int = 7,
                 calculator: ScoreCalculator | None = None, **kwargs: object) -> None:
        self.rules = ruleset_picker(rules)
        self.player_count = w.Dropdown(options=[("2 players", 2), ("4 players", 4)], value=players,
                                       description="Players", layout=w.Layout(width="auto"))
        self.seed = w.IntText(value=seed, description="Deal no.", layout=w.Layout(width="12em"))
        self.new_hand = _button("New hand", "Deal a new hand with these settings")
        self.four_colour = w.Checkbox(value=False, description="Four colours", indent=False,
                                      layout=w.Layout(width="auto"))
        self.table = Table()
        self.hand = Hand(label="Your hand", empty_text="Your hand is empty")
        self.hand.add_class("bt-my-hand")
        self.sort_suit = _button("Sort by suit", "Order your cards suit by suit")
        self.sort_rank = _button("Sort by rank", "Order your cards by rank")
        self.draw = _button("Draw", "Take the top card of the stock", "primary")
        self.take_pile = _button("Take pile", "Take the whole discard pile", "primary")
        self.lay_down = _button("Lay down selected", "Lay down the selected cards as a new meld", "success")
        self.attach_to = w.Dropdown(description="to", layout=w.Layout(width="auto"),
                                    style={"description_width": "initial"})
        self.attach = _button("Attach selected", "Attach the selected cards to the chosen meld", "success")
        self.discard = _button("Discard selected", "Discard the selected card: this ends your turn", "warning")
        self.pozzetto = _button("Take pozzetto", "Pick up your pozzetto after melding your last cards")
        self.hint = _button("Hint", "What would a good player do now?", "info")
        self.undo = _button("Undo", "Take back your last move (and what the others did after it)")
        self.message = w.HTML()
        self.message.add_class("bt-message")
        self.story = w.HTML()
        self.story.add_class("bt-log")
        self.final = w.HTML()
        self.final.add_class("bt-final-score")
        self.count_it = _button("Count it in the score calculator",
                                "Fill the score calculator with this hand's melds and cards")
        self.count_it.add_class("bt-count-it")
        self.calculator = calculator
        self.calculator_box = w.VBox()
        self.game: bc.Game = bc.Game.new(rules, players, seed=seed)
        self.bots: list[GreedyBot] = []
        self.stopped: bc.IllegalMove | None = None   # the refusal that stopped the computer players
        self.snapshots: list[tuple[bc.Game, int]] = []
        self.events: list[str] = []
        self.sort_mode: str | None = "suit"
        self.said = 0

        settings = w.HBox([self.rules, self.player_count, self.seed, self.new_hand, self.four_colour],
                          layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="8px"))
        row = w.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px", margin="2px 0")
        actions = w.VBox([
            w.HBox([self.draw, self.take_pile, self.pozzetto], layout=row),
            w.HBox([self.lay_down, self.attach, self.attach_to], layout=row),
            w.HBox([self.discard, self.hint, self.undo, self.sort_suit, self.sort_rank], layout=row),
        ])
        mine = w.VBox([self.hand, actions], layout=w.Layout(flex="1 1 520px"))
        beside = w.VBox([self.message], layout=w.Layout(flex="1 1 320px", min_width="280px"))
        super().__init__([settings, self.table, w.HBox([mine, beside], layout=w.Layout(flex_flow="row wrap",
                                                                                       grid_gap="12px")),
                          self.final, self.count_it, self.calculator_box, self.story], **kwargs)
        self.add_class("bt-play-table")

        self.new_hand.on_click(self.start)
        self.draw.on_click(lambda _: self.play(bc.Draw()))
        self.take_pile.on_click(lambda _: self.play(bc.TakePile()))
        self.pozzetto.on_click(lambda _: self.play(bc.TakePozzetto()))
        self.lay_down.on_click(lambda _: self.play(bc.LayDown(self.hand.selected_cards)))
        self.attach.on_click(self._attach)
        self.discard.on_click(self._discard)
        self.hint.on_click(self.show_hints)
        self.undo.on_click(self.take_back)
        self.sort_suit.on_click(lambda _: self._sort("suit"))
        self.sort_rank.on_click(lambda _: self._sort("rank"))
        self.four_colour.observe(self._colours, names="value")
        self.count_it.on_click(self.count_in_calculator)
        self.start()

    # ---------------------------------------------------------------- dealing
    def start(self, button: object = None) -> None:
        """Deal a new hand with the chosen ruleset, number of players and deal number."""
        players, seed = self.player_count.value, self.seed.value
        self.game = bc.Game.new(self.rules.value, players, seed=seed)
        self.bots = [GreedyBot(seed * 10 + p) for p in range(players)]
        self.snapshots, self.events = [], []
        self._run_bots()
        self.refresh()
        if not self._said_stopped():
            self._say(NEUTRAL, "A new hand is dealt. " + self.table.status(self.game), big=False)

    # ---------------------------------------------------------------- playing
    def play(self, action: bc.Action) -> bool:
        """Play the learner's action; on a refusal show the engine's reason. Returns whether it was played."""
        game = self.game
        if game.is_over:
            self._say(NEUTRAL, "The hand is over: deal a new hand to play again.", big=False)
            return False
        if self._said_stopped():
            return False
        before = game.copy()
        try:
            game.apply(action)
        except bc.IllegalMove as err:
            self._say(BAD, "✗ Not allowed", refusal_html(err), big=False)
            return False
        self.snapshots.append((before, len(self.events)))
        self.events.append(describe_action(before, game, YOU, action))
        done = self.events[-1]
        self._run_bots()
        self.refresh()
        if self._said_stopped():
            return True
        if self.game.is_over:
            self._say(GOOD, "The hand is over", f"<div>{esc(done)}</div>", big=False)
        else:
            self._say(GOOD, "✓ " + done, f"<div>{esc(self.table.status(self.game))}</div>", big=False)
        return True

    def _attach(self, button: object = None) -> None:
        if self.attach_to.value is None:
            self._say(WARN, "Your side has no meld yet", "<div>Lay down a meld first, then attach to it.</div>",
                      big=False)
            return
        self.play(bc.Attach(self.attach_to.value, self.hand.selected_cards))

    def _discard(self, button: object = None) -> None:
        chosen = self.hand.selected_cards
        if len(chosen) != 1:
            self._say(WARN, "Select one card to discard", f"<div>You have selected {len(chosen)}.</div>",
                      big=False)
            return
        self.play(bc.Discard(chosen[0]))

    def _run_bots(self) -> None:
        """Let the computer players move until it is the learner's turn or the hand is over.

        A move the engine refuses is not replaced by another: the refusal is kept in
        ``stopped``, written in the log, and the computer players stop.
        """
        game = self.game
        self.stopped = None
        for _ in range(MAX_BOT_ACTIONS):
            if game.is_over or game.current_player == YOU:
                return
            player = game.current_player
            action = self.bots[player].choose(game)
            before = game.copy()
            try:
                game.apply(action)
            except bc.IllegalMove as err:
                self.stopped = err
                self.events.append(f"{player_name(game, player)} tried '{action}', which the rules refuse: "
                                   f"{err} [rule {err.rule}]. The computer players have stopped.")
                return
            self.events.append(describe_action(before, game, player, action))
        raise bc.BurracoError(f"the computer players made {MAX_BOT_ACTIONS} moves without the learner's turn "
                              "coming round")

    def _said_stopped(self) -> bool:
        """If the computer players are stopped, say why (the engine's refusal) and return True."""
        err = self.stopped
        if err is None:
            return False
        self._say(BAD, "The computer players have stopped",
                  f"<div>{esc(player_name(self.game, self.game.current_player))} chose a move the rules "
                  f"refuse:</div>{refusal_html(err)}<div>Undo your last move or deal a new hand.</div>",
                  big=False)
        return True

    def take_back(self, button: object = None) -> None:
        """Undo the learner's last move (and the computer players' moves that followed it)."""
        if not self.snapshots:
            self._say(NEUTRAL, "Nothing to undo", big=False)
            return
        self.game, events = self.snapshots.pop()
        self.stopped = None
        undone = self.events[events] if events < len(self.events) else "the last move"
        del self.events[events:]
        self.refresh()
        self._say(NEUTRAL, "Undone: " + undone, f"<div>{esc(self.table.status(self.game))}</div>", big=False)

    def show_hints(self, button: object = None) -> None:
        game = self.game
        if game.is_over or game.current_player != YOU:
            self._say(NEUTRAL, "No hint: it is not your turn", big=False)
            return
        items = "".join(f"<li><code>{esc(h.action)}</code>: {esc(h.reason)}</li>" for h in hints(game, 3))
        self._say(NEUTRAL, "Hints", f"<ol style='margin:4px 0;padding-left:1.4em'>{items}</ol>", big=False)

    # ---------------------------------------------------------------- showing
    def _say(self, colour: str, headline: str, body: str = "", *, big: bool = True) -> None:
        role = "alert" if colour == BAD else "status"
        self.said += 1      # lets a page (or a test) tell a new message from a repeated one
        self.message.value = f'<div data-said="{self.said}">{box(colour, headline, body, big=big, role=role)}</div>'


    def _sort(self, mode: str) -> None:
        self.sort_mode = mode
        (self.hand.sort_by_suit if mode == "suit" else self.hand.sort_by_rank)()

    def _colours(self, change: object = None) -> None:
        self.table.four_colour = self.hand.four_colour = self.four_colour.value
        self.refresh()

    def refresh(self) -> None:
        """Redraw the table, the hand (keeping the selection if the hand did not change) and the score."""
        game = self.game
        self.table.show(game)
        cards = game.hands[YOU]
        if Counter(cards) != Counter(self.hand.cards):
            self.hand.cards = cards
            if self.sort_mode:
                self._sort(self.sort_mode)
        own = game.melds[game.side_of(YOU)]
        self.attach_to.options = [(f"meld {i + 1}: {meld}", i) for i, meld in enumerate(own)]
        self.attach_to.value = (self.attach_to.value if self.attach_to.value in range(len(own))
                                else (len(own) - 1 if own else None))
        self.undo.disabled = not self.snapshots
        recent = self.events[-12:]
        self.story.value = ("<details open><summary style='font-weight:600'>What happened</summary><ol start="
                          f"'{len(self.events) - len(recent) + 1}' style='margin:2px 0'>"
                          + "".join(f"<li>{esc(e)}</li>" for e in recent) + "</ol></details>") if recent else ""
        self.final.value = self.final_html() if game.is_over else ""
        countable = game.result is not None and game.result.reason != "void"
        self.count_it.layout.display = None if countable else "none"

    def count_in_calculator(self, button: object = None) -> ScoreCalculator | None:
        """Fill the score calculator with the finished hand; returns the calculator (None if nothing to count)."""
        game = self.game
        if not game.is_over:
            self._say(NEUTRAL, "Nothing to count yet: the hand is not over", big=False)
            return None
        if game.result is not None and game.result.reason == "void":
            self._say(NEUTRAL, "Nothing to count: a void hand scores nothing", big=False)
            return None
        if self.calculator is None:
            self.calculator = ScoreCalculator(rules=game.rules.id, names=("Your side", "The other side"))
            self.calculator_box.children = [self.calculator]
        self.calculator.load_game(game)
        self._say(GOOD, "Counted in the score calculator",
                  "<div>Each side's melds and cards left are in its boxes: change them to see how the "
                  "count changes.</div>", big=False)
        return self.calculator

    def final_html(self) -> str:
        game = self.game
        result = game.result
        reason = result.reason if result is not None else None
        if result is not None and result.player is not None and result.closed:
            how = f"{player_name(game, result.player)} closed the hand."
        elif reason == "void":
            how = "The hand is void: the players only traded discards."
        else:
            how = "The stock ran out."
        scores = game.score()
        mine = game.side_of(YOU)
        parts = []
        for side in (mine, 1 - mine):
            title = "Your side" if side == mine else "The other side"
            parts.append(f"<div style='flex:1 1 300px'><b>{title}</b>"
                         f"{breakdown_html(SideResult(scores[side]))}</div>")
        totals = f"Your side {scores[mine].total:+d} · the other side {scores[1 - mine].total:+d}"
        body = (f"<div>{esc(how)}</div><div style='display:flex;flex-wrap:wrap;gap:16px'>{''.join(parts)}</div>")
        return box(GOOD if scores[mine].total >= scores[1 - mine].total else BAD,
                   f"End of the hand: {totals}", body, big=False)


__all__ = ["PlayTable", "Table", "describe_action", "player_name"]
