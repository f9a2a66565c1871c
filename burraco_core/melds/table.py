"""The laying table: every sum of packed cards (``verdict._PACKED``) that makes a new meld, and how to lay it.

Issue 34: the verdict's arithmetic on a 61-bit sum was a third of a lay-down, about thirty integer operations
that each make a new integer. Every legal new meld is one of some 14,000 sums (runs: one suit, distinct
ranks but the aces, at most one free wild, so a few hundred slot patterns; groups: one rank, each suit at
most twice, one wild), so the verdict is one dict lookup instead. A table is made for each combination of
the four rules the verdict reads (jokers or not, groups, ace to ace, a 14th place), when a ruleset with
it first lays down (50-100 ms on the development machine), and holds every legal sum, whatever cards are asked: it is not a memory
of the cards seen. Each entry says the meld's fields and how its cards stand: the cards sorted by a key
(a run's by slot, the ace first and a suit's 2 next, the first deck's copy before the second; a group's as
``Card.__lt__`` does), then read in a fixed order (``operator.itemgetter``). The tests hold the table to the
general path (``Meld.lay_down_options``) and to the rules' reference sweeps.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any

from ..cards import ACE, Card
from ..rulesets import Ruleset
from .base import GROUP, HIGH_ACE, RUN, MeldKind
from .verdict import (
    _FIT,
    _GROUP_KEY,
    _PACKED,
    _SUIT_OF_FIELD,
    _TWO_SLOT,
    _other_fit,
)

# kind, suit, rank, low, wild_index, the sort key, the reading of the sorted cards
Laid = tuple[MeldKind, str, int, int, int | None, Callable[[Card], int], Callable[[list[Card]], Any]]

# A run's sort key in its suit: the aces (first deck first), the suit's 2s, the naturals by rank, another wild.
_RUN_ORDER = tuple([{card: (0 if card.rank == ACE else 2) + card.deck if card.face in ((ACE, suit), (2, suit))
                     else 99 if card.is_wild else 2 * card.rank for card in _PACKED}.__getitem__
                    for suit in _SUIT_OF_FIELD])
_group_key = _GROUP_KEY.__getitem__
_getters: dict[tuple[int, ...], Callable[[list[Card]], Any]] = {}


def _getter(order: tuple[int, ...]) -> Callable[[list[Card]], Any]:
    getter = _getters.get(order)
    if getter is None:
        getter = _getters[order] = itemgetter(*order)
    return getter


def _packed(rank: int, suit: str) -> int:
    return _PACKED[Card(rank, suit)]


def _build(rules: Ruleset) -> dict[int, Laid]:
    """The table of the rules ``rules`` shares with every ruleset of the same four flags (see ``_table``)."""
    table: dict[int, Laid] = {}
    others = [_packed(0, "")] if rules.jokers else []  # a wild of another suit than the run's, or the joker
    # the naturals' slots 3..13 of a run: an interval with at most one gap, or none at all (an ace and 2s)
    spans = [0]
    for low in range(3, 14):
        for high in range(low, 14):
            whole = (1 << high + 1) - (1 << low)
            spans.append(whole)
            spans.extend(whole & ~(1 << hole) for hole in range(low + 1, high))
    for index, suit in enumerate(_SUIT_OF_FIELD):
        key = _RUN_ORDER[index]
        ace, two = _packed(ACE, suit), _packed(2, suit)
        foreign = others + [_packed(2, s) for s in _SUIT_OF_FIELD if s != suit]
        natural = {rank: _packed(rank, suit) for rank in range(3, 14)}
        for slots in spans:
            ranks = [rank for rank in range(3, 14) if slots >> rank & 1]
            base = sum([natural[rank] for rank in ranks])
            for aces in range(3):
                for twos, other in ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)):
                    count = aces + len(ranks) + twos + other
                    if count < 3 or count == twos + other or count > HIGH_ACE:
                        continue
                    wilds = twos + other
                    if not aces and not twos:
                        fit = _FIT.get(slots | wilds << 15)
                        found = None if fit is None else (slots, fit)
                    else:
                        found = _other_fit(slots, aces, twos, wilds, rules)
                    if found is None:
                        continue
                    taken, (first, wild_index) = found
                    # where each card of the run stands, as an index into the cards sorted by the run's key
                    order = []
                    for slot in range(first, first + count):
                        if slot - first == wild_index:
                            natural_two = taken & _TWO_SLOT
                            order.append(aces + len(ranks) + twos if other else aces + (1 if natural_two else 0))
                        elif slot == 1:
                            order.append(0)
                        elif slot == HIGH_ACE:
                            order.append(aces - 1)
                        elif slot == 2:
                            order.append(aces)
                        else:
                            order.append(aces + twos + ranks.index(slot))
                    laid: Laid = (RUN, suit, 0, first, wild_index, key, _getter(tuple(order)))
                    total = base + aces * ace + twos * two
                    for wild in (foreign if other else (0,)):
                        table.setdefault(total + wild, laid)
    if rules.groups_allowed:
        for rank in (ACE, *range(3, 14)):
            cards = [_packed(rank, suit) for suit in _SUIT_OF_FIELD]
            for counts in range(81):
                copies = [counts // 3 ** i % 3 for i in range(4)]
                naturals = sum(copies)
                base = sum([n * packed for n, packed in zip(copies, cards, strict=True)])
                for extra in (None, *others, *[_packed(2, s) for s in _SUIT_OF_FIELD]):  # no wild, or one
                    count = naturals + (extra is not None)
                    if naturals < 2 or count < 3:
                        continue
                    at = None if extra is None else count - 1  # the wild last
                    table.setdefault(base + (extra or 0),
                                     (GROUP, "", rank, 0, at, _group_key, _getter(tuple(range(count)))))
    return table


_TABLES: dict[tuple[bool, bool, bool, bool], dict[int, Laid]] = {}
_LAST: tuple[Ruleset | None, dict[int, Laid]] = (None, {})  # the last ruleset asked and its table, one tuple


def _table(rules: Ruleset) -> dict[int, Laid]:
    """The laying table of a ruleset (made once for each combination of the rules it reads)."""
    global _LAST
    known, table = _LAST
    if known is rules:
        return table
    flags = (bool(rules.jokers), rules.groups_allowed, rules.ace_to_ace, rules.run_fourteenth_place)
    made = _TABLES.get(flags)
    if made is None:
        made = _TABLES[flags] = _build(rules)
    _LAST = (rules, made)
    return made
