"""The fast verdict's ground: one precomputed integer per card, whose sum tells a meld's cards apart, and where
naturals on some slots and some wilds fit as a run."""

from __future__ import annotations

from ..cards import Card, full_deck
from ..rulesets import Ruleset, ruleset
from .base import HIGH_ACE, CardsLike, _as_cards

# Each card is one precomputed integer below 2**61, so the sum over a meld's cards is a loop in C that
# stays in one machine word (sum() keeps a C long while it fits) and tells the meld apart: the wilds (bits
# 0-3), the naturals of each suit (4-19, 4 bits a suit), the 2s of each suit (20-35), each natural's rank bit
# (36 + rank - 1: the ace at 36, two aces carry into 37 where no natural stands, a rank twice carries into
# the next rank's bit), the sum of the naturals' ranks (52-59) and the jokers (60 up). Up to 14 cards (the
# longest run) no field overflows into the next, so the sum of up to 14 cards says how many of each face
# (but the deck) there are where the cards make a meld: ``table`` keeps every sum that does.
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
_SUIT_OF_FIELD = ("S", "H", "D", "C")
_SUITS_AT, _TWOS_AT, _RANKS_AT, _JOKERS_AT = 4, 20, 36, 60
_LOW_ACE, _HIGH_ACE_BIT, _TWO_SLOT = 1 << 1, 1 << HIGH_ACE, 1 << 2


def _packed(card: Card) -> int:
    if card.is_joker:
        return 1 | 1 << _JOKERS_AT
    suit = _SUIT_INDEX[card.suit]
    if card.rank == 2:
        return 1 | 1 << _TWOS_AT + 4 * suit
    return 1 << _SUITS_AT + 4 * suit | 1 << _RANKS_AT + card.rank - 1 | card.rank << _RANKS_AT + 16


_PACKED: dict[Card, int] = {card: _packed(card) for card in full_deck(2)}
# A group's sort key: its naturals as Card.__lt__ does, the wild last.
_GROUP_KEY: dict[Card, int] = {
    card: 999 if card.is_wild else (_SUIT_INDEX[card.suit] * 14 + card.rank) * 2 + card.deck for card in _PACKED}


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
