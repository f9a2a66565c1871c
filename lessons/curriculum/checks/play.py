"""The checks of playing well (lesson 13): was the discard safe, was the pile worth taking? Each asks
the engine about the position the learner played on, and works no rule out itself:

- ``["safe-discard"]``: the learner's turn ends with a discard that no meld of the opponents takes
  (``Meld.can_attach``) and that makes no meld with any card of the pile the table shows, whatever third
  card an opponent holds (``Meld.is_legal`` on the two and each card of the deck): whoever takes the pile
  takes all its cards (issue 30: a 9♦ on a pile holding an 8♦ three cards down was called safe, and the
  next player took the pile and laid 8♦ 9♦ 10♦). The pile the table shows: all of it when the ruleset plays
  it open, else only the card the discard covers. A meld with two cards held in a hand the table does not
  show is not judged;
- ``["pile-right"]``: the learner took the pile exactly when a card of it makes or extends a meld
  of their side at once with their hand (``burraco_core.search.meld_plays`` with the pile's cards as
  the cards to use: every lay-down and attach the meld rules allow), and drew otherwise.

Both read ``Attempt.before``, the position before the learner's moves (a ``position`` exercise).
"""

from __future__ import annotations

from typing import Any

import burraco_core as bc
from burraco_core.messages import Message
from burraco_core.search import meld_plays

from .base import Attempt, Failure, predicate


def _moves(attempt: Attempt) -> list[bc.Action]:
    """The learner's moves the engine applied, in order (none when there is no game to read)."""
    game, before = attempt.game, attempt.before
    if game is None or before is None:
        return []
    return [bc.parse_action(text) for text in game.history[before.history_size:]]


def _deck_faces(rules: bc.Ruleset) -> list[bc.Card]:
    """One card of each face in play (jokers once)."""
    seen: dict[Any, bc.Card] = {}
    for card in bc.full_deck(rules.jokers):
        seen.setdefault(card.face, card)
    return list(seen.values())


def melds_with(card: bc.Card, under: bc.Card, rules: bc.Ruleset) -> bool:
    """Whether some third card makes a meld with these two, as the engine's meld rules say."""
    return any(bc.Meld.is_legal((card, under, third), rules) for third in _deck_faces(rules))


@predicate("safe-discard")
def _safe_discard(attempt: Attempt) -> Failure | None:
    moves = _moves(attempt)
    if attempt.refusal is not None or not moves or not isinstance(moves[-1], bc.Discard):
        return Failure(Message("lesson.play.check.discard"))
    game, card = attempt.game, moves[-1].card
    side = game.side_of(attempt.before.current_player)
    for meld in game.melds[1 - side]:
        if meld.can_attach((card,)):
            return Failure(Message("lesson.play.check.safe-discard.fits", card=card, cards=meld.cards),
                           None, (card,))
    for under in shown_under(game):
        if melds_with(card, under, game.rules):
            return Failure(Message("lesson.play.check.safe-discard.under", card=card, under=under), None, (card,))
    return None


def shown_under(game: bc.Game) -> list[bc.Card]:
    """The pile's cards under the one just discarded that the table shows, nearest first: every one when the
    pile is open (whoever takes it takes them all), else the one the discard covers (seen before it)."""
    under = list(reversed(game.discard_pile[:-1]))
    return under if game.rules.open_discard_pile else under[:1]


def pile_opens(game: bc.Game) -> bool:
    """Whether a card of the pile (as the player to move sees it) makes or extends a meld of their
    side at once, with their hand: a lay-down or an attach the meld rules allow."""
    pile = tuple(game.discard_pile if game.rules.open_discard_pile else game.discard_pile[-1:])
    if not pile:
        return False
    player = game.current_player
    hand = [*game.hands[player], *pile]
    own = game.melds[game.side_of(player)]
    return next(meld_plays(hand, own, game.rules, frozenset(pile)), None) is not None


@predicate("pile-right")
def _pile_right(attempt: Attempt) -> Failure | None:
    moves = _moves(attempt)
    before = attempt.before
    if not moves or not isinstance(moves[0], (bc.Draw, bc.TakePile)) or before.phase != "draw":
        return Failure(Message("lesson.play.check.pile.choose"))
    took, worth = isinstance(moves[0], bc.TakePile), pile_opens(before)
    if took == worth:
        return None
    return Failure(Message("lesson.play.check.pile.worth" if worth else "lesson.play.check.pile.not-worth"))
