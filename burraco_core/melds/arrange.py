"""Arranging a run: where each card stands, and where the one wild goes.

``_arrange_run`` is the general search (aces low or high, a 2 of the suit natural or wild, a
wild bound to its gap or free at an end); ``_simple_run`` the common run's short path. A new meld
the fast verdict finds legal is arranged by the laying table (``table``).
"""

from __future__ import annotations

from ..cards import ACE, Card
from ..rulesets import Ruleset
from .base import HIGH_ACE, Arrangement, Failure, Table, _card_order, _rank_of, _slot_card
from .explain import _ALL_ACES, _PRIORITY, _aces_failure, _gap_failure, _taken, _weight


def _arrange_run(
    suit: str,
    table: Table,
    mask: int,
    loose: list[Card],
    twos: list[Card],
    wilds: list[Card],
    pinned: tuple[Card, int] | None,
    released: tuple[Card, int] | None,
    rules: Ruleset,
) -> list[Arrangement] | Failure:
    """Every legal arrangement with the fewest wilds, canonical first; or why none is legal.

    ``table``/``mask`` hold the naturals that keep their slots (a fresh table
    is changed in place); ``loose`` naturals take the slot of their rank (an
    ace: 1 or 14); ``twos`` are 2s of the run's suit, which may stand in slot 2
    as naturals or act as wilds; ``wilds`` act as wilds; ``pinned`` is a bound
    wild that must keep its slot; ``released`` is a wild that may be replaced,
    with its old slot: if a natural takes that slot, the wild may not move to
    stand for the second ace.

    The placements of the aces are tried in order (low first), each with a 2 of
    the suit standing in its natural slot (one wild fewer) and then with every
    2 acting as a wild; only the readings with the fewest wilds are kept.
    """
    aces: list[Card] = []
    for card in loose:
        rank = card.rank
        if rank == ACE:
            aces.append(card)
        elif mask >> rank & 1:
            return ("run.duplicate-rank", lambda card=card: {"card": card})
        else:
            table[rank] = card
            mask |= 1 << rank
    placements: list[tuple[int, Table]]
    if not aces:
        placements = [(mask, table)]
    elif len(aces) == 1:
        placements = []
        for slot in (1, HIGH_ACE):
            if not mask >> slot & 1:
                placed = table[:]
                placed[slot] = aces[0]
                placements.append((mask | 1 << slot, placed))
        if not placements:
            return ("run.duplicate-rank", lambda: {"card": aces[0]})
    elif len(aces) == 2 and not mask & _ALL_ACES:
        low_ace, high_ace = sorted(aces, key=_card_order)
        placed = table[:]
        placed[1] = low_ace
        placed[HIGH_ACE] = high_ace
        placements = [(mask | _ALL_ACES, placed)]
    else:
        return ("run.duplicate-rank", lambda: {"card": aces[0]})

    # Refusals met on the way: (priority, weight, where it was met, refusal). When nothing is
    # legal, the most telling one is shown: of two readings refused for gaps, the one missing
    # fewer cards (the ace high rather than low, a 2 of the suit as the wild rather than
    # natural); the first met among equals.
    failures: list[tuple[int, int, int, Failure]] = []
    no_ace_to_ace = not rules.ace_to_ace
    readings: list[tuple[int, list[Card]]] = []
    if twos and not mask & 4:
        readings.append((1, wilds + twos[1:]))  # a 2 of the suit in its natural slot
    readings.append((2, wilds + twos))  # every 2 acting as a wild
    for reading, free in readings:
        found: list[Arrangement] = []
        for order, (taken, placed) in enumerate(placements):
            if no_ace_to_ace and taken & _ALL_ACES == _ALL_ACES:
                failures.append((_PRIORITY["run.ace-to-ace"], 0, 3 * order,
                                 _aces_failure(placed[1], placed[HIGH_ACE])))  # type: ignore[arg-type]
                continue
            if reading == 1:
                placed = placed[:]
                placed[2] = twos[0]
                taken |= 4
            result = _place_wild(suit, placed, taken, free, pinned, released, rules)
            if type(result) is list:
                found.extend(result)
            else:
                failure: Failure = result  # type: ignore[assignment]
                failures.append((_PRIORITY[failure[0]], _weight(failure), 3 * order + reading, failure))
        if found:
            return found
    return min(failures, key=lambda f: (f[0], f[1], f[2]))[3]


def _simple_run(suit: str, naturals: list[Card], wild: Card | None) -> list[Arrangement] | Failure | None:
    """The arrangements of the common run, or why it is refused: no ace, at most one wild card.

    A 2 of the run's suit is tried first in its natural slot, then as the
    wild. None when the cards are not that simple (an ace, a rank twice, a 2
    of the suit that fits neither way): the general :func:`_arrange_run` then
    finds the arrangements or the refusal to show.
    """
    ordered = sorted(naturals, key=_rank_of)
    low = ordered[0].rank
    if low == ACE:
        return None
    high = ordered[-1].rank
    count = len(ordered)
    missing = high - low + 1 - count
    gap = 0
    previous = low - 1
    for i, card in enumerate(ordered):
        rank = card.rank
        if rank != previous + 1:
            if rank == previous:
                return None  # a rank twice
            gap = i
        previous = rank
    if wild is not None and wild.rank == 2 and wild.suit == suit:
        if low == 3 and not missing:
            return [(2, (wild, *ordered), None)]  # the 2 in its natural slot: no wild at all
        if missing > 1:
            return None
    if missing > (wild is not None):
        # no ace, so no wrap-around: the gaps are the refusal (as _gap_failure says it)
        return ("run.gap", lambda: {
            "cards": tuple(ordered), "wilds": int(wild is not None),
            "gaps": tuple([Card(s, suit) for s in range(low, high + 1) if s not in {c.rank for c in ordered}])})
    if wild is None:
        return [(low, tuple(ordered), None)]
    if missing:
        return [(low, (*ordered[:gap], wild, *ordered[gap:]), gap)]
    # ranks 3..K: both ends exist (slot 14 is the high ace); the low end first (docs/RULES.md section 3)
    return [(low - 1, (wild, *ordered), 0), (low, (*ordered, wild), count)]


def _build(table: Table, low: int, high: int, wild: Card, wild_slot: int) -> Arrangement:
    first = low if low < wild_slot else wild_slot
    cards = table[first:(high if high > wild_slot else wild_slot) + 1]
    cards[wild_slot - first] = wild
    return (first, tuple(cards), wild_slot - first)  # type: ignore[arg-type]


def _place_wild(
    suit: str,
    table: Table,
    mask: int,
    free: list[Card],
    pinned: tuple[Card, int] | None,
    released: tuple[Card, int] | None,
    rules: Ruleset,
) -> list[Arrangement] | Failure:
    if len(free) + (pinned is not None) > 1:
        wild_cards = ([pinned[0]] if pinned else []) + free
        return ("meld.one-wild", lambda: {"wilds": tuple(wild_cards)})
    low = (mask & -mask).bit_length() - 1
    high = mask.bit_length() - 1
    holes = ((1 << (high + 1)) - (1 << low)) & ~mask

    if pinned is not None:
        wild, wild_slot = pinned
        if holes == 1 << wild_slot:
            return [_build(table, low, high, wild, wild_slot)]
        if holes & ~(1 << wild_slot):
            return ("wild.bound", lambda: {"wild": wild, "stands_for": _slot_card(wild_slot, suit)})
        # The bound wild's own slot was filled by a natural: the caller releases it instead.
        raise AssertionError("pinned wild without its gap")
    if not free:
        if not holes:
            return [(low, tuple(table[low:high + 1]), None)]  # type: ignore[arg-type]
        return _gap_failure(suit, table, mask, low, high, 0)
    wild = free[0]
    if holes:
        if holes & (holes - 1):
            return _gap_failure(suit, table, mask, low, high, 1)
        return [_build(table, low, high, wild, holes.bit_length() - 1)]
    # A wild whose old slot a natural has taken was replaced: where a complete run's wild is locked,
    # it may not move to the second ace (the 14th place), which not every ruleset has.
    replaced = released is not None and wild is released[0] and mask >> released[1] & 1
    ends = []
    barred = ""
    for end in (low - 1, high + 1):
        if not 1 <= end <= HIGH_ACE:
            continue
        if (end == 1 and mask >> HIGH_ACE & 1) or (end == HIGH_ACE and mask & 2):  # the second ace
            if not rules.run_fourteenth_place:
                barred = "run.no-fourteenth-place"
                continue
            if replaced and rules.complete_run_wild_locked:
                barred = "wild.complete-run-locked"
                continue
        ends.append(end)
    if not ends:
        if replaced:
            assert released is not None
            old_slot = released[1]
            if barred == "wild.complete-run-locked":
                return (barred, lambda: {"ruleset": rules.label, "wild": wild, "card": table[old_slot]})
            return ("wild.nowhere-to-go", lambda: {"wild": wild, "card": table[old_slot]})
        if barred:
            return (barred, lambda: {"ruleset": rules.label, "wild": wild,
                                     "ace": _slot_card(1 if mask >> HIGH_ACE & 1 else HIGH_ACE, suit)})
        return ("run.too-long",
                lambda: {"meld": tuple(_taken(table)), "wild": wild})
    return [_build(table, low, high, wild, end) for end in ends]
