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


# Whether naturals on some slots and some free wilds make a run (docs/RULES.md section 3), as a table (issue
# 34: one dict lookup where a function did the arithmetic): a key is the slots taken, the wilds to place
# (from bit _FREE) and _SHORT where the run has no 14th place. Only the keys that fit are there: no gap and
# no wild; or one wild, in the one gap or at an end (the naturals spanning fewer than 13 places, 12 when
# _SHORT). Each says where the run starts and the index of its wild (None without one): the one gap, else
# the low end, else the high end. About a thousand keys, built at import in well under a millisecond.
_FREE, _SHORT = 15, 1 << 20


def _fit_table() -> dict[int, tuple[int, int | None]]:
    table: dict[int, tuple[int, int | None]] = {}
    for low in range(1, HIGH_ACE + 1):
        for high in range(low, HIGH_ACE + 1):
            slots = (1 << high + 1) - (1 << low)
            for short, span in ((0, 13), (_SHORT, 12)):
                table[slots | short] = (low, None)
                if high - low < span:  # a wild at an end
                    table[slots | 1 << _FREE | short] = (low - 1, 0) if low > 1 else (low, high + 1 - low)
                for hole in range(low + 1, high):  # a wild in the one gap
                    table[slots & ~(1 << hole) | 1 << _FREE | short] = (low, hole - low)
    return table


_FIT = _fit_table()


def _other_fit(slots: int, aces: int, twos: int, wilds: int,
               rules: Ruleset) -> tuple[int, tuple[int, int | None]] | None:
    """The first reading of a run with an ace or a 2 of its suit that fits, in :func:`_arrange_run`'s order
    of preference (a 2 of the suit in its natural slot, then the ace low before high): the slots it takes
    and its ``_FIT`` entry; None if none fits. ``slots``: the naturals' but the aces'."""
    placements: tuple[int, ...]
    if aces == 1:
        placements = (slots | _LOW_ACE, slots | _HIGH_ACE_BIT)
    elif not aces:
        placements = (slots,)
    elif aces == 2 and rules.ace_to_ace:
        placements = (slots | _LOW_ACE | _HIGH_ACE_BIT,)
    else:
        return None
    free = wilds << _FREE | (0 if rules.run_fourteenth_place else _SHORT)
    if twos:
        for placed in placements:
            fit = _FIT.get(placed | _TWO_SLOT | free - (1 << _FREE))
            if fit is not None:
                return placed | _TWO_SLOT, fit
    for placed in placements:
        fit = _FIT.get(placed | free)
        if fit is not None:
            return placed, fit
    return None


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
    suits = total >> _SUITS_AT & 0xFFFF
    suit = _SINGLE_SUIT.get(suits)
    if suit is not None and not total & _TWICE_BUT_ACE:
        aces = total >> 4 & 15
        twos = total >> _TWOS_AT + 4 * suit & 15
        if not aces and not twos:
            if (total >> _SLOTS_AT | wilds << _FREE) in _FIT:
                return _SIMPLE_RUN  # no ace: a wild at an end always finds one free
        elif _other_fit(total >> _SLOTS_AT & ~7, aces, twos, wilds, rules) is not None:
            return _OTHER_RUN
    if (wilds <= 1 and count <= 9 and (total & _RANK_FIELDS) in _SINGLE_RANK and rules.groups_allowed
            and not suits + _FIVES & _OVER_TWO):
        return _GROUP  # one rank, one wild at most, no card more than twice
    return _ILLEGAL
