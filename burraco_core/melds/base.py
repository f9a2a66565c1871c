"""What the other meld modules share: the kinds of meld, the shapes of an arrangement and of a
refusal, and reading cards given as text."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, Literal

from ..cards import ACE, Card, parse_cards

MeldKind = Literal["run", "group"]
"""What a meld is: ``Meld.kind``."""
BurracoKind = Literal["clean", "semi-clean", "dirty", "royal", "ace-to-ace"]
"""What kind of burraco a meld is: ``Meld.burraco`` (None when the meld is not a burraco)."""
RUN: MeldKind = "run"
GROUP: MeldKind = "group"
HIGH_ACE = 14
BURRACO_MIN_CARDS = 7

CardsLike = str | Iterable[Card | str]
# A refusal: the rule id, and a function that builds the message's parameters (language-
# neutral: cards, suit codes, ranks, numbers). They are built only for the refusal that is
# raised, so the readings tried and dropped on the way to a legal meld cost nothing.
Failure = tuple[str, Callable[[], dict[str, Any]]]
# An arrangement: (slot of the first card, cards in table order, index of the wild or None)
Arrangement = tuple[int, tuple[Card, ...], int | None]

# The order of Card.__lt__ (suit, rank, deck) as a key, so sorting stays in C.
_card_order = attrgetter("_key")
_rank_of = attrgetter("rank")

# A run being arranged is a table of 15 places (index = slot, 1..14; 0 unused) and a
# bit mask of the slots taken (bit n = slot n): the checks are then integer arithmetic.
Table = list[Card | None]


def _slot_card(slot: int, suit: str) -> Card:
    """The card a place of a run stands for (slot 14: the ace), as a message parameter."""
    return Card(ACE if slot == HIGH_ACE else slot, suit)


def _as_cards(cards: CardsLike) -> tuple[Card, ...]:
    if type(cards) is tuple:
        for card in cards:
            if type(card) is not Card:
                break
        else:
            return cards
    return parse_cards(cards)
