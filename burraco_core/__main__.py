"""Command line: play a hand in the terminal, or simulate many hands between bots.

::

    python -m burraco_core play [--ruleset classic] [--players 2|4] [--seed N]
    python -m burraco_core simulate --ruleset classic --players 4 --hands 200 --bot greedy [--seed N]

``play`` reads one command a line from standard input, so it can be driven
by a script as well as by a person.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from .actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto, parse_action
from .bots import Bot, GreedyBot, RandomBot, hints, play_hand
from .cards import Card
from .errors import BurracoError
from .game import Game
from .melds import GROUP, Meld
from .rulesets import RULESETS

HELP = """Commands (cards are written 7H, 10S, QD, AC, JK; suit symbols work too):
  draw                 take the top card of the stock
  take                 take the whole discard pile
  meld 5H 6H 7H        lay down a new meld (add #1 for the second arrangement)
  attach 0 8H          attach cards to your side's meld number 0
  discard 7H           discard a card: this ends your turn
  pozzetto             pick up your pozzetto after melding your last cards
  hint                 the best few moves, and why
  show                 show the table again
  help                 this list
  quit                 leave the game"""


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def _hand_text(hand: Sequence[Card]) -> str:
    """The hand sorted, one block a suit, wilds last."""
    parts: list[list[Card]] = []
    for card in sorted(c for c in hand if not c.is_wild):
        if parts and parts[-1][0].suit == card.suit:
            parts[-1].append(card)
        else:
            parts.append([card])
    wilds = sorted(c for c in hand if c.is_wild)
    if wilds:
        parts.append(wilds)
    return " | ".join(_cards(p) for p in parts) or "-"


def _typed(action: Action) -> str:
    """An action as a player would type it: which deck a card comes from does not matter here."""
    return str(action).replace("'", "")


def _meld_line(index: int, meld: Meld) -> str:
    kind = "group" if meld.kind == GROUP else "run"
    extra = f", {meld.wild} for {meld.wild_stands_for}" if meld.wild is not None else ""
    burraco = f", {meld.burraco} burraco" if meld.burraco else ""
    return f"  {index}: {_cards(meld.cards)}  ({kind}, {len(meld)} cards{extra}{burraco})"


def _describe(game: Game, player: int, action: Action, pile_before: int, hand_before: int,
              you: bool = False) -> str:
    """One line telling what a player just did (``you``: told to the player who did it)."""
    who = "You" if you else f"Player {player}"

    def verb(word: str) -> str:
        return word if you else word + ("es" if word.endswith(("ch", "sh")) else "s")

    if isinstance(action, Draw):
        return f"{who} {verb('draw')} from the stock."
    if isinstance(action, TakePile):
        return f"{who} {verb('take')} the discard pile ({pile_before} card{'s' if pile_before != 1 else ''})."
    if isinstance(action, TakePozzetto):
        return f"{who} {verb('pick')} up the pozzetto."
    if isinstance(action, LayDown):
        return f"{who} {verb('lay')} down {_cards(action.cards)}."
    if isinstance(action, Attach):
        meld = game.melds[game.side_of(player)][action.meld]
        return f"{who} {verb('attach')} {_cards(action.cards)} to meld {action.meld}: now {_cards(meld.cards)}."
    assert isinstance(action, Discard)
    text = f"{who} {verb('discard')} {action.card}."
    if hand_before == 1 and not game.is_over:
        text += " Out of cards: the pozzetto goes into the hand."
    return text


class Terminal:
    """One hand against bots, read from ``stdin`` and written to ``stdout``."""

    def __init__(self, game: Game, bots: dict[int, Bot], stdin: TextIO, stdout: TextIO) -> None:
        self.game = game
        self.bots = bots
        self.stdin = stdin
        self.out = stdout
        self.human = next(p for p in range(game.players) if p not in bots)

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def show(self) -> None:
        game, me = self.game, self.human
        side = game.side_of(me)
        rules = game.rules
        self.say()
        self.say({"draw": "--- Your turn: draw ---", "play": "--- Your turn: play ---"}.get(
            game.phase, "--- Your turn: you are out of cards, pick up your pozzetto ---"))
        took = game.took_pozzetto
        self.say(f"Stock: {len(game.stock)} cards.  Pozzetti left: {len(game.pozzetti)}.  "
                 f"Your side {'has taken' if took[side] else 'has not taken'} its pozzetto; "
                 f"the opponents {'have' if took[1 - side] else 'have not'}.")
        pile = game.discard_pile
        if rules.open_discard_pile or not pile:
            self.say(f"Discard pile ({len(pile)}): {_cards(pile)}")
        else:
            self.say(f"Discard pile ({len(pile)}), top card: {pile[-1]}")
        for label, which in (("Your side's melds", side), ("Opponents' melds", 1 - side)):
            melds = game.melds[which]
            self.say(f"{label}:" + ("" if melds else " none"))
            for index, meld in enumerate(melds):
                self.say(_meld_line(index, meld))
        others = [f"player {p}{' (partner)' if game.side_of(p) == side else ''}: {len(game.hands[p])}"
                  for p in range(game.players) if p != me]
        self.say("Cards in hand: " + ", ".join(others))
        hand = game.hands[me]
        self.say(f"Your hand ({len(hand)}): {_hand_text(hand)}")
        for hint in hints(game, 3):
            self.say(f"  hint: {_typed(hint.action)}  -- {hint.reason}")

    def ask(self) -> str | None:
        self.out.write("> ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            return None
        return line.strip()

    def run(self) -> int:
        game = self.game
        rules = game.rules
        self.say(f"Burraco: {rules.name or rules.id}, {game.players} players, seed {game.seed}.")
        partner = " with player 2 as your partner" if game.players == 4 else ""
        self.say(f"You are player {self.human} (side {game.side_of(self.human)}){partner}. "
                 "Type 'help' for the commands.")
        shown = False
        while not game.is_over:
            player = game.current_player
            if player != self.human:
                shown = False
                self.bot_moves(player)
                continue
            if not shown:
                self.show()
                shown = True
            line = self.ask()
            if line is None or line.lower() in ("quit", "exit", "q"):
                self.say("You left the game." if line is not None else "\nEnd of input: you left the game.")
                return 0
            if not line:
                continue
            word = line.lower()
            if word in ("help", "?"):
                self.say(HELP)
                continue
            if word in ("hint", "hints"):
                for hint in hints(game, 3):
                    self.say(f"  {_typed(hint.action)}  -- {hint.reason}")
                continue
            if word in ("show", "look"):
                self.show()
                continue
            try:
                action = parse_action(line)
                pile, hand = len(game.discard_pile), len(game.hands[player])
                game.apply(action)
            except BurracoError as err:
                self.say(f"Not allowed: {err}")
                continue
            self.say(_describe(game, player, action, pile, hand, you=True))
            shown = False
        self.finish()
        return 0

    def bot_moves(self, player: int) -> None:
        game = self.game
        bot = self.bots[player]
        while not game.is_over and game.current_player == player:
            action = bot.choose(game)
            pile, hand = len(game.discard_pile), len(game.hands[player])
            game.apply(action)
            self.say(_describe(game, player, action, pile, hand))

    def finish(self) -> None:
        game = self.game
        result = game.result or {}
        self.say()
        reason = result.get("reason")
        if reason == "closed":
            self.say(f"Player {result.get('player')} closed the hand for side {result.get('side')}.")
        elif reason == "stock":
            self.say("The stock ran out: the hand is over.")
        else:
            self.say("The players only traded discards: the hand is void.")
        for side, breakdown in enumerate(game.score()):
            mine = " (you)" if side == game.side_of(self.human) else ""
            self.say(f"\nSide {side}{mine}:")
            self.say(breakdown.as_text())


def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    game = Game.new(args.ruleset, args.players, seed=args.seed)
    bots: dict[int, Bot] = {p: GreedyBot(None if args.seed is None else args.seed * 10 + p)
                            for p in range(1, args.players)}
    return Terminal(game, bots, stdin, stdout).run()


def _simulate(args: argparse.Namespace, stdout: TextIO) -> int:
    maker = GreedyBot if args.bot == "greedy" else RandomBot
    seed = 0 if args.seed is None else args.seed
    endings: Counter[str] = Counter()
    totals = [0, 0]
    actions = 0
    start = time.perf_counter()
    for number in range(args.hands):
        deal = seed * 1_000_003 + number
        game = Game.new(args.ruleset, args.players, seed=deal)
        play_hand(game, [maker(deal * 10 + p) for p in range(args.players)])
        result = game.result or {}
        endings[str(result.get("reason"))] += 1
        actions += len(game.history)
        for side, breakdown in enumerate(game.score()):
            totals[side] += breakdown.total
    elapsed = time.perf_counter() - start
    hands = args.hands

    def say(text: str) -> None:
        print(text, file=stdout)

    say(f"{RULESETS[args.ruleset].name}, {args.players} players, {hands} hands, {args.bot} bots, seed {seed}")
    say(f"hands per second: {hands / elapsed:.1f} ({elapsed:.2f} s, {actions / max(hands, 1):.0f} actions a hand)")
    say(f"average score: side 0 {totals[0] / max(hands, 1):+.1f}, side 1 {totals[1] / max(hands, 1):+.1f}")
    say(f"hands ended: closed {endings['closed']}, stock {endings['stock']}, void {endings['void']}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m burraco_core", description="Burraco in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a hand against computer players")
    play.add_argument("--ruleset", choices=list(RULESETS), default="classic")
    play.add_argument("--players", type=int, choices=(2, 4), default=4)
    play.add_argument("--seed", type=int, default=None, help="deal the same cards again")
    sim = commands.add_parser("simulate", help="play many hands between bots and print the figures")
    sim.add_argument("--ruleset", choices=list(RULESETS), default="classic")
    sim.add_argument("--players", type=int, choices=(2, 4), default=4)
    sim.add_argument("--hands", type=int, default=200)
    sim.add_argument("--bot", choices=("greedy", "random"), default="greedy")
    sim.add_argument("--seed", type=int, default=None)
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "play":
        return _play(args, stdin, stdout)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    return _simulate(args, stdout)


if __name__ == "__main__":
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    raise SystemExit(main())
