"""The fast verdict: whether cards make a meld, by arithmetic on one precomputed integer per card."""

from __future__ import annotations

from ..cards import Card, full_deck
from ..rulesets import Ruleset, ruleset
from .base import HIGH_ACE, CardsLike, _as_cards

# Each card is one precomputed integer of 4-bit counters, so the sum over a meld's cards (a
# loop in C) counts everything the verdict needs: the jokers (field 0), the naturals of each
# rank (fields 1-13, the ace 1), of each suit (fields 14-17), the 2s of each suit (18-21)
# and the wilds (22). Above them, each natural adds its rank's bit (bit 97 + rank - 1), which
# is the bit mask of a run's slots when no rank is there twice. Up to 14 cards (the longest
# run) no counter overflows. The verdict is then arithmetic: no sorting, no lists, no message.
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUIT_OF_FIELD = ("S", "H", "D", "C")
_SUITS_AT, _TWOS_AT, _WILDS_AT, _SLOTS_AT = 56, 72, 88, 96
_RANK_FIELDS = sum(15 << 4 * r for r in range(1, 14))
_TWICE_BUT_ACE = sum(14 << 4 * r for r in range(3, 14))  # a rank other than the ace counted twice
_OVER_TWO = sum(8 << 4 * i for i in range(4))  # with 5 added to each suit field: a field over 2
_FIVES = sum(5 << 4 * i for i in range(4))
# a sum of counters that has a single field set -> (that field, its count)
_SINGLE_SUIT = {c << 4 * i: i for i in range(4) for c in range(1, 16)}
_SINGLE_RANK = {c << 4 * r: r for r in range(1, 14) for c in range(1, 16)}
_LOW_ACE, _HIGH_ACE_BIT, _TWO_SLOT = 1 << 1, 1 << HIGH_ACE, 1 << 2


def _packed(card: Card) -> int:
    if card.is_joker:
        return 1 | 1 << _WILDS_AT
    suit = _SUIT_INDEX[card.suit]
    if card.rank == 2:
        return 1 << _TWOS_AT + 4 * suit | 1 << _WILDS_AT
    return 1 << 4 * card.rank | 1 << _SUITS_AT + 4 * suit | 1 << _SLOTS_AT + card.rank


_PACKED: dict[Card, int] = {card: _packed(card) for card in full_deck(2)}
# Sort keys: a run's naturals by rank with the wilds last; a group's naturals as Card.__lt__ does.
_RUN_KEY: dict[Card, int] = {card: 99 if card.is_wild else card.rank for card in _PACKED}
_GROUP_KEY: dict[Card, int] = {
    card: 999 if card.is_wild else (_SUIT_INDEX[card.suit] * 14 + card.rank) * 2 + card.deck for card in _PACKED}

_ILLEGAL, _GROUP, _SIMPLE_RUN, _OTHER_RUN = 0, 1, 2, 3


def _run_fits(slots: int, free: int, span: int = 13) -> bool:
    """Whether naturals on these slots and ``free`` wilds make a run (docs/RULES.md section 3): a wild
    at an end needs the naturals to span fewer than ``span`` places (13; 12 without a 14th place)."""
    if free > 1:
        return False
    low = (slots & -slots).bit_length() - 1
    high = slots.bit_length() - 1
    holes = high - low + 1 - slots.bit_count()
    if not free:
        return not holes
    return holes == 1 or (not holes and high - low < span)  # the one gap, or an end


def _totalled(cards: CardsLike, rules: str | Ruleset) -> tuple[tuple[Card, ...], int, Ruleset]:
    """The cards as a tuple, the sum of their packed integers, and the ruleset (read if named)."""
    if type(rules) is not Ruleset:
        rules = ruleset(rules)
    if type(cards) is not tuple:
        cards = _as_cards(cards)
    try:
        total = sum(map(_PACKED.__getitem__, cards))
    except (KeyError, TypeError):  # card codes rather than cards
        cards = _as_cards(cards)
        total = sum(map(_PACKED.__getitem__, cards))
    return cards, total, rules


def _judge(total: int, count: int, rules: Ruleset) -> int:
    """What the cards whose packed integers add up to ``total`` make as a new meld.

    ``_GROUP``; ``_SIMPLE_RUN``, a run with no ace, no 2 of its suit and at most
    one wild (its arrangement is arithmetic too); ``_OTHER_RUN``; or ``_ILLEGAL``.
    """
    if count < 3 or count > HIGH_ACE:
        return _ILLEGAL
    wilds = total >> _WILDS_AT & 15
    if wilds == count or (total & 15 and not rules.jokers):
        return _ILLEGAL  # only wilds; a joker where there are none
    suit = _SINGLE_SUIT.get(total >> _SUITS_AT & 0xFFFF)
    ranks = total & _RANK_FIELDS
    if suit is not None and not ranks & _TWICE_BUT_ACE:
        aces = ranks >> 4 & 15
        twos = total >> _TWOS_AT + 4 * suit & 15
        slots = total >> _SLOTS_AT & ~7  # the slots of the naturals but the aces
        if not aces and not twos:
            if wilds <= 1 and slots.bit_length() - (slots & -slots).bit_length() + 1 - slots.bit_count() <= wilds:
                return _SIMPLE_RUN  # no ace: a wild at an end always finds one free
        else:
            placements: tuple[int, ...]
            if aces == 1:
                placements = (slots | _LOW_ACE, slots | _HIGH_ACE_BIT)
            elif not aces:
                placements = (slots,)
            elif aces == 2 and rules.ace_to_ace:
                placements = (slots | _LOW_ACE | _HIGH_ACE_BIT,)
            else:
                placements = ()
            span = 13 if rules.run_fourteenth_place else 12
            for placed in placements:
                if (twos and _run_fits(placed | _TWO_SLOT, wilds - 1, span)) or _run_fits(placed, wilds, span):
                    return _OTHER_RUN
    if (rules.groups_allowed and wilds <= 1 and count <= 9 and ranks in _SINGLE_RANK
            and not (total >> _SUITS_AT & 0xFFFF) + _FIVES & _OVER_TWO):
        return _GROUP  # one rank, one wild at most, no card more than twice
    return _ILLEGAL
