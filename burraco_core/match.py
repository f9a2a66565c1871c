"""A game of several hands: running totals and when the game is over (docs/RULES.md section 8).

How long a game lasts is the ruleset's ``game_length``:

- ``"target"`` (``buraco``): hands are played until a side reaches
  ``target_score`` (2005) at the end of a hand; if both sides reach it in
  the same hand, the higher total wins (equal totals: a draw).
- ``"one-hand"`` (``italiano``, ``pulito``): one hand; a tie goes to the
  side that started, side 0 (player 0 always plays first).
- ``"match"`` (``classic``): a fixed number of hands, 3 or 4 (3 unless told),
  whose match points are converted to victory points with
  :func:`~burraco_core.scoring.victory_points`; 10-10 is a draw.

A void hand (the players only traded discards) counts 0 for both sides.
Each hand is dealt from its own seed, derived from the match seed and the
hand's number, so a match is replayed exactly from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .errors import BurracoError, is_whole, shown, wrong_type
from .game import Game
from .messages import DEFAULT_LANGUAGE, Message
from .rulesets import Ruleset, ruleset
from .scoring import victory_points

if TYPE_CHECKING:
    from .bots import Bot


class Match:
    """Several hands of one ruleset between two sides, with running totals."""

    def __init__(self, rules: str | Ruleset = "classic", players: int = 4, hands: int | None = None,
                 seed: int = 0) -> None:
        self.rules = ruleset(rules)
        if not is_whole(seed):
            raise wrong_type("Match", "seed", "a whole number", seed)
        if players not in (2, 4):
            raise BurracoError(f"Burraco is played by 2 or 4 players, not {shown(players)}")
        length = self.rules.game_length
        if length == "match":
            hands = 3 if hands is None else hands
            if hands not in (3, 4):
                raise BurracoError(f"a match is played over 3 or 4 hands (victory points are tabled for those), "
                                   f"not {shown(hands)}")
        elif length == "one-hand":
            if hands not in (None, 1):
                raise BurracoError(f"{self.rules.id} is played in one hand, not {shown(hands)}")
            hands = 1
        elif hands is not None and (not isinstance(hands, int) or hands < 1):
            raise BurracoError(f"the most hands to play must be a whole number of at least 1, not {shown(hands)}")
        self.players = players
        self.hands: int | None = hands
        """Hands to play (``"target"`` games: the most hands to play, None for no limit)."""
        self.seed = seed
        self.hand_scores: list[tuple[int, int]] = []
        """Each recorded hand's score, side 0 then side 1."""
        self.results: list[str] = []
        """How each recorded hand ended: ``"closed"``, ``"stock"`` or ``"void"``."""

    # ------------------------------------------------------------ hands
    def hand_seed(self, number: int) -> int:
        """The deal seed of hand ``number`` (0 for the first hand)."""
        return random.Random(f"burraco-match:{self.seed}:{number}").getrandbits(48)

    def next_game(self) -> Game:
        """A freshly dealt hand: the next one to play."""
        if self.is_over:
            raise BurracoError("the match is over: there is no next hand")
        return Game.new(self.rules, self.players, seed=self.hand_seed(len(self.hand_scores)))

    def record(self, game: Game) -> tuple[int, int]:
        """Add a finished hand to the totals; returns its score (side 0, side 1)."""
        if not isinstance(game, Game):
            raise wrong_type("Match.record", "game", "a Game", game)
        if self.is_over:
            raise BurracoError("the match is over: no more hands can be recorded")
        if not game.is_over:
            raise BurracoError("only a finished hand can be recorded")
        if game.rules != self.rules or game.players != self.players:
            raise BurracoError(f"this hand was played as {game.rules.id} with {game.players} players, "
                               f"but the match is {self.rules.id} with {self.players}")
        reason = game.result.reason if game.result is not None else ""
        side0, side1 = game.score()
        return self.record_score(side0.total, side1.total, reason)

    def record_score(self, side0: int, side1: int, reason: str = "closed") -> tuple[int, int]:
        """Add a hand scored elsewhere (at a real table, say); a ``"void"`` hand counts 0 for both."""
        if self.is_over:
            raise BurracoError("the match is over: no more hands can be recorded")
        if reason not in ("closed", "stock", "void"):
            raise BurracoError(f"a hand ends 'closed', 'stock' or 'void', not {shown(reason)}")
        for name, points in (("side0", side0), ("side1", side1)):
            if not is_whole(points):
                raise wrong_type("Match.record_score", name, "a whole number of points", points)
        scores = (0, 0) if reason == "void" else (side0, side1)
        self.hand_scores.append(scores)
        self.results.append(reason)
        return scores

    def play(self, bots: Sequence[Bot]) -> Match:
        """Play every remaining hand with one bot per player; returns the match."""
        from .bots import play_hand

        while not self.is_over:
            self.record(play_hand(self.next_game(), bots))
        return self

    # ------------------------------------------------------------ totals and the end
    @property
    def totals(self) -> tuple[int, int]:
        """Running totals (match points) of side 0 and side 1."""
        return (sum(s[0] for s in self.hand_scores), sum(s[1] for s in self.hand_scores))

    @property
    def hands_played(self) -> int:
        return len(self.hand_scores)

    @property
    def is_over(self) -> bool:
        played = len(self.hand_scores)
        if self.rules.game_length == "target":
            target = self.rules.target_score
            assert target is not None
            reached = played > 0 and max(self.totals) >= target
            return reached or (self.hands is not None and played >= self.hands)
        assert self.hands is not None
        return played >= self.hands

    @property
    def victory_points(self) -> tuple[int, int] | None:
        """Victory points of side 0 and side 1 (``"match"`` games, once every hand is played)."""
        if self.rules.game_length != "match" or not self.is_over:
            return None
        assert self.hands is not None
        return victory_points(*self.totals, hands=self.hands)

    @property
    def winner(self) -> int | None:
        """The winning side (0 or 1) once the game is over; None before, or for a draw."""
        if not self.is_over:
            return None
        a, b = self.totals
        if self.rules.game_length == "match":
            vp = self.victory_points
            assert vp is not None
            return None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
        if self.rules.game_length == "one-hand":
            return 0 if a >= b else 1  # a tie goes to the side that started
        return None if a == b else (0 if a > b else 1)

    def report(self) -> tuple[Message, ...]:
        """The hands and totals as messages, one a line (keys ``match.*``): the ruleset and players,
        each hand's score and how it ended, the totals, the victory points, and who won."""
        lines = [Message("match.heading", ruleset=self.rules.label, players=self.players)]
        for number, ((a, b), why) in enumerate(zip(self.hand_scores, self.results, strict=True)):
            lines.append(Message("match.hand", number=number, first=a, second=b, reason=why))
        a, b = self.totals
        lines.append(Message("match.totals", first=a, second=b))
        vp = self.victory_points
        if vp is not None:
            lines.append(Message("match.victory-points", first=vp[0], second=vp[1]))
        if self.is_over:
            winner = self.winner
            lines.append(Message("match.draw") if winner is None else Message("match.winner", side=winner))
        return tuple(lines)

    def summary(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The hands and totals as a few lines of text in the given language (see :meth:`report`)."""
        return "\n".join(line.text(lang) for line in self.report())

    def __repr__(self) -> str:
        return (f"<Match {self.rules.id} {self.players} players, {len(self.hand_scores)} hand(s), "
                f"totals {self.totals[0]}-{self.totals[1]}>")


__all__ = ["Match"]
