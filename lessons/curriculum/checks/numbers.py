"""Numbers and card properties the engine gives (the ``count`` and ``pick-cards`` exercises): quantities
(the deck's size, a dealt hand's, a card's value...) and card tests (is it wild? what is it worth?),
each registered by its name in a lesson file; and count's answer compared with the engine's number.
"""

from __future__ import annotations

from typing import Any

import burraco_core as bc
from burraco_core.errors import shown
from burraco_core.messages import Message

from .base import Attempt, CardArg, CurriculumError, Failure, MeldCode, card_test, predicate, quantity


@predicate("count-right")
def _count_right(attempt: Attempt) -> Failure | None:
    """count: the number is the engine's; a wrong one is told whether it is too few or too many (in the words
    of what the quantity counts: cards, points), and how the number is made (the quantity's own words), never
    the number itself."""
    if attempt.answer == attempt.expected:
        return None
    direction = "more" if attempt.answer < attempt.expected else "fewer"
    how = attempt.about if attempt.about is not None else Message("ex.count.how.again")
    key = {"cards": "ex.check.count-right.cards", "points": "ex.check.count-right.points"}.get(
        attempt.unit or "", "ex.check.count-right")     # a count of cards and of points agree differently
    return Failure(Message(key, answer=attempt.answer, direction=direction, how=how))


def _deal(rules: bc.Ruleset, players: int) -> Any:
    if players not in (2, 4):
        raise CurriculumError("quantity", "players", f"Burraco is played by 2 or 4 players, not {players}")
    return bc.Game.new(rules, players, seed=0)


@quantity("deck-size")
def _deck_size(rules: bc.Ruleset) -> int:
    return len(bc.full_deck(rules.jokers))


@quantity("wilds")
def _wilds(rules: bc.Ruleset) -> int:
    return sum(card.is_wild for card in bc.full_deck(rules.jokers))


@quantity("jokers")
def _jokers(rules: bc.Ruleset) -> int:
    return sum(card.is_joker for card in bc.full_deck(rules.jokers))


@quantity("twos")
def _twos(rules: bc.Ruleset) -> int:
    return sum(card.rank == 2 for card in bc.full_deck(rules.jokers))


@quantity("copies", CardArg)
def _copies(rules: bc.Ruleset, card: bc.Card) -> int:
    return sum(c.face == card.face for c in bc.full_deck(rules.jokers))


@quantity("backs", unit="other")
def _backs(rules: bc.Ruleset) -> int:
    return len({card.deck for card in bc.full_deck(rules.jokers)})


@quantity("hand-size", int)
def _hand_size_dealt(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).hands[0])


@quantity("pozzetti", int, unit="other")
def _pozzetti(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).pozzetti)


@quantity("pozzetto-size", int)
def _pozzetto_size(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).pozzetti[0])


@quantity("first-discard", int)
def _first_discard(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).discard_pile)


@quantity("stock-size", int)
def _stock_size(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).stock)


@quantity("card-value", CardArg, unit="points")
def _card_value(rules: bc.Ruleset, card: bc.Card) -> int:
    return rules.card_value(card)


@quantity("meld-points", MeldCode, unit="points")
def _meld_points(rules: bc.Ruleset, code: str) -> int:
    return bc.Meld.parse(code, rules).points()


@quantity("burraco-bonus", str, unit="points")
def _burraco_bonus(rules: bc.Ruleset, kind: str) -> int:
    value = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus, "semi-clean": rules.semi_clean_bonus,
             "royal": rules.royal_bonus, "ace-to-ace": rules.ace_to_ace_bonus}.get(kind)
    if value is None:
        raise CurriculumError("quantity", "burraco-bonus", f"{rules.id} has no {shown(kind)} burraco")
    return value


@card_test("wild")
def _card_wild(card: bc.Card, rules: bc.Ruleset) -> bool:
    return card.is_wild


@card_test("joker")
def _card_joker(card: bc.Card, rules: bc.Ruleset) -> bool:
    return card.is_joker


@card_test("two")
def _card_two(card: bc.Card, rules: bc.Ruleset) -> bool:
    return card.rank == 2


@card_test("natural")
def _card_natural(card: bc.Card, rules: bc.Ruleset) -> bool:
    return not card.is_wild


@card_test("value", int)
def _card_value_is(card: bc.Card, rules: bc.Ruleset, value: int) -> bool:
    return rules.card_value(card) == value


@card_test("deck", int)
def _card_deck(card: bc.Card, rules: bc.Ruleset, deck: int) -> bool:
    return card.deck == deck


@card_test("suit", str)
def _card_suit(card: bc.Card, rules: bc.Ruleset, suit: str) -> bool:
    return card.suit == suit.upper()


@card_test("rank", int)
def _card_rank(card: bc.Card, rules: bc.Ruleset, rank: int) -> bool:
    return card.rank == rank
