"""Command line: play a hand in the terminal, or simulate many hands between bots.

::

    python -m burraco_core play [--ruleset classic] [--players 2|4] [--seed N] [--lang en]
    python -m burraco_core simulate --ruleset classic --players 4 --hands 200 --bot greedy [--seed N]

``play`` reads one command a line from standard input, so it can be driven
by a script as well as by a person. Its texts are messages of the catalogues
(keys ``cli.*``, ``narrate.*``, ``hint.*``, ``score.*``), shown in the language of
``--lang``; a text the language lacks, and every text of an unknown language, is
shown in English. The commands themselves (``draw``, ``meld 5H 6H 7H``...) are
notation and the same in every language, with one difference from the engine's
notation (``parse_action``): a person counts melds from 1, as the table lists them
(``attach 1 8H`` is the engine's ``attach 0 8H``), translated by
``burraco_core.actions`` (:func:`~burraco_core.actions.typed_action`, :func:`~burraco_core.actions.typed`,
:func:`~burraco_core.actions.typed_refusal`); the engine's notation stays as it is.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from .actions import typed, typed_action, typed_refusal
from .bots import GreedyBot, RandomBot, play_hand
from .cards import Card
from .errors import SEED_DIGITS, SEED_LIMIT, BurracoError, IllegalMove, NotationError, is_seed, shorten
from .game import Game
from .melds import Meld
from .messages import DEFAULT_LANGUAGE, Message, languages
from .narration import who
from .rulesets import RULESETS
from .session import HandSession

# The commands as typed (notation, the same in every language) and the key of what each does.
COMMANDS = (
    ("draw", "cli.help.draw"),
    ("take", "cli.help.take"),
    ("meld 5H 6H 7H", "cli.help.meld"),
    ("attach 1 8H", "cli.help.attach"),
    ("discard 7H", "cli.help.discard"),
    ("pozzetto", "cli.help.pozzetto"),
    ("hint", "cli.help.hint"),
    ("undo", "cli.help.undo"),
    ("show", "cli.help.show"),
    ("help", "cli.help.help"),
    ("quit", "cli.help.quit"),
)


def help_lines() -> list[Message]:
    """The list of commands, a message a line (the commands padded to one column)."""
    return [Message("cli.help"), *(Message("cli.help.line", command=f"{typed:<20}", what=Message(key))
                                   for typed, key in COMMANDS)]


def help_text(lang: str = DEFAULT_LANGUAGE) -> str:
    """The list of commands, in the given language."""
    return "\n".join(line.text(lang) for line in help_lines())


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


def _meld_line(number: int, meld: Meld) -> Message:
    """One meld of the table, numbered as the player's ``attach`` command numbers it (from 1)."""
    wild = (Message("cli.meld.wild", wild=meld.wild, stands_for=meld.wild_stands_for)
            if meld.wild is not None else Message("empty"))
    burraco = (Message("cli.meld.burraco", burraco=Message("a-burraco", kind=meld.burraco))
               if meld.burraco else Message("empty"))
    return Message("cli.meld", index=number, cards=meld.cards, kind=meld.kind, count=len(meld),
                   wild=wild, burraco=burraco)


class Terminal:
    """One hand of a :class:`~burraco_core.session.HandSession`, read from ``stdin`` and written to
    ``stdout`` in the language ``lang``: a view over the session, which plays the computer players,
    keeps the undo and tells every move."""

    def __init__(self, session: HandSession, stdin: TextIO, stdout: TextIO, lang: str = DEFAULT_LANGUAGE) -> None:
        if session.human is None:
            raise BurracoError("the terminal game needs a human seat")
        self.session = session
        self.stdin = stdin
        self.out = stdout
        self.lang = lang
        self.human: int = session.human

    @property
    def game(self) -> Game:
        """The game being played (a new object after an undo)."""
        return self.session.game

    def say(self, text: str | Message = "", indent: int = 0) -> None:
        shown = text.text(self.lang) if isinstance(text, Message) else text
        print(" " * indent + shown, file=self.out)

    def show(self) -> None:
        game, me = self.game, self.human
        side = game.side_of(me)
        rules = game.rules
        self.say()
        self.say(Message("cli.turn", phase=game.phase))
        took = game.took_pozzetto
        self.say(Message("cli.stock", count=len(game.stock), pozzetti=len(game.pozzetti),
                         ours=str(took[side]), theirs=str(took[1 - side])))
        pile = game.discard_pile
        if not pile:
            self.say(Message("cli.pile.empty"))
        elif rules.open_discard_pile:
            self.say(Message("cli.pile.open", count=len(pile), cards=tuple(pile)))
        else:
            self.say(Message("cli.pile.closed", count=len(pile), card=pile[-1]))
        for whose, which in (("ours", side), ("theirs", 1 - side)):
            melds = game.melds[which]
            self.say(Message("cli.melds", whose=whose, count=len(melds)))
            for index, meld in enumerate(melds):
                self.say(_meld_line(index + 1, meld), indent=2)
        others = tuple(Message("cli.other-hand", player=p, partner=str(game.side_of(p) == side),
                               count=len(game.hands[p]))
                       for p in range(game.players) if p != me)
        self.say(Message("cli.hands", hands=others))
        hand = game.hands[me]
        self.say(Message("cli.your-hand", count=len(hand), hand=_hand_text(hand)))
        self.say_hints()

    def say_hints(self) -> None:
        for hint in self.session.hints(3):
            self.say(Message("cli.hint", action=typed(hint.action), reason=hint.reason), indent=2)

    def ask(self) -> str | None:
        self.out.write("> ")
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            return None
        return line.strip()

    def run(self) -> int:
        session = self.session
        rules = self.game.rules
        self.say(Message("cli.welcome", ruleset=rules.label, players=self.game.players,
                         seed=str(session.deal)))
        partner = (Message("cli.partner", player=(self.human + 2) % 4) if self.game.players == 4
                   else Message("empty"))
        self.say(Message("cli.you-are", player=self.human, side=self.game.side_of(self.human), partner=partner))
        shown = False
        while not session.is_over:
            if session.waiting == "computer":
                shown = False
                while (event := session.step()) is not None:
                    self.say(event.message)
                continue
            if session.waiting == "stopped":   # a computer player's move was refused: said above
                return 1
            if not shown:
                self.show()
                shown = True
            line = self.ask()
            if line is None or line.lower() in ("quit", "exit", "q"):
                if line is None:
                    self.say()
                self.say(Message("cli.left" if line is not None else "cli.end-of-input"))
                return 0
            if not line:
                continue
            word = line.lower()
            if word in ("help", "?"):
                for number, text in enumerate(help_lines()):
                    self.say(text, indent=2 if number else 0)
                continue
            if word in ("hint", "hints"):
                self.say_hints()
                continue
            if word in ("show", "look"):
                self.show()
                continue
            if word == "undo":
                undone = session.undo_turn()
                self.say(Message("cli.undone", count=len(undone)) if undone else Message("cli.nothing-to-undo"))
                shown = False
                continue
            try:
                event = session.play(typed_action(line))
            except IllegalMove as err:
                self.say(Message("cli.refused", reason=typed_refusal(err)))
                continue
            except NotationError as err:
                self.say(Message("cli.refused", reason=err.msg or str(err)))
                continue
            except BurracoError as err:   # SessionError, or any other error that says a Message
                said = getattr(err, "msg", None)
                self.say(Message("cli.refused", reason=said if isinstance(said, Message) else str(err)))
                continue
            self.say(event.message)
            shown = False
        self.finish()
        return 0

    def finish(self) -> None:
        game = self.game
        result = game.result
        self.say()
        reason = result.reason if result is not None else None
        if result is not None and result.closed:
            closer = result.player
            self.say(Message("cli.end.you-closed") if closer == self.human
                     else Message("cli.end.closed", who=who(closer or 0), side=result.side))
        elif reason == "stock":
            self.say(Message("cli.end.stock"))
        else:
            self.say(Message("cli.end.void"))
        for side, breakdown in enumerate(game.score()):
            self.say()
            self.say(Message("cli.side", side=side, you=str(side == game.side_of(self.human))))
            self.say(breakdown.as_text(self.lang))


def _play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    lang = args.lang if args.lang in languages() else DEFAULT_LANGUAGE
    session = HandSession.new(args.ruleset, args.players, deal=args.seed)
    terminal = Terminal(session, stdin, stdout, lang=lang)
    if lang != args.lang:
        terminal.say(Message("cli.unknown-language", lang=args.lang, known=languages()))
    return terminal.run()


def _simulate(args: argparse.Namespace, stdout: TextIO) -> int:
    maker = GreedyBot if args.bot == "greedy" else RandomBot
    seed = 0 if args.seed is None else args.seed
    endings: Counter[str] = Counter()
    totals = [0, 0]
    actions = 0
    start = time.perf_counter()
    for number in range(args.hands):
        deal = seed * 1_000_003 + number
        if not is_seed(deal):   # (from a seed of 40 digits: deal numbers stay of 40 digits at most)
            deal %= SEED_LIMIT
        game = Game.new(args.ruleset, args.players, seed=deal)
        play_hand(game, [maker(deal * 10 + p) for p in range(args.players)])
        endings[str(game.result.reason if game.result is not None else None)] += 1
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


_DEAL_NUMBER = re.compile(rf"-?[0-9]{{1,{SEED_DIGITS}}}")


def _deal_number(text: str) -> int:
    """``--seed``: a deal number written with the digits 0 to 9 (``int`` would also read '٣' or '1_0'), of at
    most 40 digits, so that every game it deals can be saved."""
    if not _DEAL_NUMBER.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(Message("seed.range", value=shorten(text), digits=SEED_DIGITS).text())
    return int(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m burraco_core", description="Burraco in the terminal.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a hand against computer players")
    play.add_argument("--ruleset", choices=list(RULESETS), default="classic")
    play.add_argument("--players", type=int, choices=(2, 4), default=4)
    play.add_argument("--seed", type=_deal_number, default=None, help="the deal number (shown at the start): deal the same cards again")
    play.add_argument("--lang", default=DEFAULT_LANGUAGE, metavar="LANG",
                      help=f"the language of the game's texts ({', '.join(languages())}; a text missing in "
                           "the language, or an unknown language, is shown in English)")
    sim = commands.add_parser("simulate", help="play many hands between bots and print the figures")
    sim.add_argument("--ruleset", choices=list(RULESETS), default="classic")
    sim.add_argument("--players", type=int, choices=(2, 4), default=4)
    sim.add_argument("--hands", type=int, default=200)
    sim.add_argument("--bot", choices=("greedy", "random"), default="greedy")
    sim.add_argument("--seed", type=_deal_number, default=None)
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
