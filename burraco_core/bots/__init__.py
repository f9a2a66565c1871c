"""Computer players and hints.

``RandomBot`` picks uniformly among ``game.legal_actions()``: a baseline
for tests and simulations. ``GreedyBot`` plays a sensible, fast, one-move-
at-a-time game:

- it takes the discard pile when the pile gives it a new meld or a card to
  attach, and draws from the stock otherwise;
- it lays down and attaches what it can, best move first: moves that make
  or grow a burraco, that score the most, that empty the hand towards the
  pozzetto; it keeps its wild cards for later unless a wild completes a
  burraco or the hand is nearly over;
- it discards its least useful card: not a wild, not one that an opponent's
  meld could take when another card will do, not one of a pair or a
  near-run.

``hints(game)`` explains the best few plays in one sentence each, with the
same evaluation. ``play_hand(game, bots)`` plays a hand to its end.

The bots only look at what the player may see: their own hand, the melds on
the table, the discard pile (only its top card when the ruleset plays it
closed), the sizes of the stock and of the other hands.

Two rooms: ``evaluation`` (the plays of a hand and what each is worth, the cards to keep, the
pile) and ``policies`` (the bots, ``hints`` and ``play_hand``, choosing among them). Every name
this module had as one file is still here.
"""

from __future__ import annotations

from ..search import may_attach
from .evaluation import _WORTH_TAKING, _Context, _meld_plays, _pile_opens, _with_pile  # noqa: F401 (tests read them)
from .policies import MAX_ACTIONS, Bot, GreedyBot, Hint, RandomBot, hints, play_hand

__all__ = ["Bot", "Hint", "RandomBot", "GreedyBot", "hints", "play_hand", "may_attach", "MAX_ACTIONS"]
