"""The fast verdict: whether cards make a meld, by arithmetic on one precomputed integer per card."""

from __future__ import annotations

from ..cards import Card, full_deck
from ..rulesets import Ruleset, ruleset
from .base import HIGH_ACE, CardsLike, _as_cards

# Each card is one precomputed integer below 2**61, so the sum over a meld's cards is a loop in C that
# stays in one machine word (sum() keeps a C long while it fits: issue 34, a fifth faster than adding
# 111-bit integers) and counts everything the verdict needs: the wilds (bits 0-3), the naturals of each
# suit (4-19, 4 bits a suit), the 2s of each suit (20-35), each natural's rank bit (36 + rank - 1: the
# ace at 36, two aces carry into 37 where no natural stands, a rank twice carries into the next rank's
# bit), the sum of the naturals' ranks (52-59) and the jokers (60 up). Up to 14 cards (the longest run)
# no field overflows into the next. The verdict is then arithmetic: no sorting, no lists, no message.
# No rank is there twice but the ace when the rank bits above the two aces' bits count every natural but
# the aces (a carry always loses a bit); the bits shifted to _SLOTS_AT are then a run's slots (slot =
# rank, 3..13).
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUIT_OF_FIELD = ("S", "H", "D", "C")
_SUITS_AT, _TWOS_AT, _RANKS_AT, _SLOTS_AT, _JOKERS_AT = 4, 20, 36, 35, 60
_SLOTS = 0x3FF8  # slots 3..13, under total >> _SLOTS_AT
_OVER_TWO = sum(8 << 4 * i for i in range(4))  # with 5 added to each suit field: a field over 2
_FIVES = sum(5 << 4 * i for i in range(4))
# a sum of counters that has a single field set -> that field
_SINGLE_SUIT = {c << 4 * i: i for i in range(4) for c in range(1, 16)}
# the rank bits and the rank sum (total >> _RANKS_AT & 0xFFFFFF) of n naturals of one rank -> n: no other n
# naturals give both (the bits' sum is smallest when the ranks are equal, 2**x being convex; checked for
# every multiset of up to 14 ranks)
_SINGLE_RANK = {n << rank - 1 | n * rank << 16: n for rank in (1, *range(3, 14)) for n in range(1, 15)}
_LOW_ACE, _HIGH_ACE_BIT, _TWO_SLOT = 1 << 1, 1 << HIGH_ACE, 1 << 2


def _packed(card: Card) -> int:
    if card.is_joker:
        return 1 | 1 << _JOKERS_AT
    suit = _SUIT_INDEX[card.suit]
    if card.rank == 2:
        return 1 | 1 << _TWOS_AT + 4 * suit
    return 1 << _SUITS_AT + 4 * suit | 1 << _RANKS_AT + card.rank - 1 | card.rank << _RANKS_AT + 16


_PACKED: dict[Card, int] = {card: _packed(card) for card in full_deck(2)}
# Sort keys: a run's naturals by rank with the wilds last; a group's naturals as Card.__lt__ does.
_RUN_KEY: dict[Card, int] = {card: 99 if card.is_wild else card.rank for card in _PACKED}
# ... and in a run of one suit (by its index): the ace first, then that suit's 2, the other wilds last
_RUN_KEYS = tuple([{card: 2 if card.face == (2, suit) else key for card, key in _RUN_KEY.items()}.__getitem__
                   for suit in _SUIT_OF_FIELD])
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
    and its ``_FIT`` entry; None if none fits. ``slots``: the naturals' but the aces' (3..13)."""
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
    :meth:`~.meld.Meld.lay_down` takes the same steps inline on purpose (issue 34: the call and the
    fields worked out twice were a third of a lay-down); tests/test_meld_exhaustive.py holds both.
    """
    if count < 3 or count > HIGH_ACE:
        return _ILLEGAL
    wilds = total & 15
    if wilds == count or (total >> _JOKERS_AT and not rules.jokers):
        return _ILLEGAL  # only wilds; a joker where there are none
    suits = total >> _SUITS_AT & 0xFFFF
    suit = _SINGLE_SUIT.get(suits)
    if suit is not None:
        ranks = total >> _RANKS_AT & 0xFFFF
        aces = ranks & 3
        if (ranks >> 2).bit_count() + aces == count - wilds:  # no rank twice but the ace
            twos = total >> _TWOS_AT + 4 * suit & 15
            if not aces and not twos:
                if (total >> _SLOTS_AT & _SLOTS | wilds << _FREE) in _FIT:
                    return _SIMPLE_RUN  # no ace: a wild at an end always finds one free
            elif _other_fit(total >> _SLOTS_AT & _SLOTS, aces, twos, wilds, rules) is not None:
                return _OTHER_RUN
    if (wilds <= 1 and count <= 9 and _SINGLE_RANK.get(total >> _RANKS_AT & 0xFFFFFF) == count - wilds
            and rules.groups_allowed and not suits + _FIVES & _OVER_TWO):
        return _GROUP  # one rank, one wild at most, no card more than twice
    return _ILLEGAL
