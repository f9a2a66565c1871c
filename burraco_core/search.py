"""The move search shared by ``Game.legal_actions``, the bots and the hints.

Which lay-downs and attaches the meld rules allow from a hand, found once here:

- :func:`candidate_melds` proposes card sets that may form a meld (runs: windows of a
  suit with at most one hole, with or without one wild; groups: naturals of a rank);
- :func:`may_attach` is a quick test that never turns down a card a meld could take;
- :func:`meld_plays` checks the candidates with the meld rules and yields every
  lay-down (one per distinct set of faces, never a second group of a rank the side
  owns) and every single-card attach (one per face held).

Game-level conditions (the last card, the pozzetto, closing) are not checked here:
``legal_actions`` checks them where they can matter, the bots confirm their choice
with ``game.explain``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from .cards import Card
from .errors import IllegalMove
from .melds import GROUP, HIGH_ACE, Meld
from .rulesets import Ruleset

Face = tuple[int, str]
Reach = tuple[int, int, frozenset[int]]
"""Lowest and highest slot of a run's natural cards, and the slots they fill."""


@dataclass(frozen=True)
class MeldPlay:
    """A lay-down (``index`` None) or a single-card attach to the side's meld ``index``."""

    index: int | None
    before: Meld | None
    after: Meld
    cards: tuple[Card, ...]


def lay_down_or_none(key: tuple[Face, ...], cards: tuple[Card, ...], rules: Ruleset) -> Meld | None:
    """The meld ``cards`` make, or None (``key``: their sorted faces, for callers that cache)."""
    try:
        return Meld.lay_down(cards, rules)
    except IllegalMove:
        return None


def attach_or_none(meld: Meld, card: Card) -> Meld | None:
    """The meld with ``card`` attached, or None."""
    try:
        return meld.attach((card,))
    except IllegalMove:
        return None


def run_reach(meld: Meld) -> Reach:
    """Lowest and highest slot of a run's naturals, and the slots they fill."""
    slots = [meld.low + i for i in range(len(meld.cards)) if i != meld.wild_index]
    return min(slots), max(slots), frozenset(slots)


def reach_of(meld: Meld) -> Reach | None:
    """:func:`run_reach` for a run, None for a group (what :func:`fits` takes)."""
    return None if meld.kind == GROUP else run_reach(meld)


def fits(meld: Meld, reach: Reach | None, card: Card) -> bool:
    """:func:`may_attach` with the meld's reach worked out beforehand (``reach_of(meld)``)."""
    if card.is_wild:
        return True
    if reach is None:
        return card.rank == meld.rank
    if card.suit != meld.suit:
        return False
    low, high, taken = reach
    if card.rank == 1:
        return (1 not in taken and low <= 3) or (HIGH_ACE not in taken and high >= 12)
    return card.rank not in taken and low - 2 <= card.rank <= high + 2


def may_attach(meld: Meld, card: Card) -> bool:
    """A quick test that never says no to a card the meld could take (it may say yes wrongly).

    A natural card fits a group of its rank; in a run of its suit it needs a
    free place no further than two slots from the naturals (one wild can fill
    only one gap).
    """
    return fits(meld, reach_of(meld), card)


def meld_plays(
    hand: Sequence[Card],
    own: Sequence[Meld],
    rules: Ruleset,
    must_use: frozenset[Card] = frozenset(),
    lay_down: Callable[[tuple[Face, ...], tuple[Card, ...]], Meld | None] | None = None,
    attach: Callable[[Meld, Card], Meld | None] = attach_or_none,
) -> Iterator[MeldPlay]:
    """Every lay-down and single-card attach the meld rules allow from ``hand``, with the melds made.

    Lay-downs come first (one per distinct set of faces, none that would give the side
    a second group of a rank), then attaches meld by meld (one per face held, the first
    copy in the hand). With ``must_use``, only plays using one of those cards. ``lay_down``
    and ``attach`` may be replaced by caching versions with the same answers.
    """
    groups = {m.rank for m in own if m.kind == GROUP}
    for used, key in _distinct_candidates(hand, rules, groups, must_use):
        meld = lay_down(key, used) if lay_down is not None else lay_down_or_none(key, used, rules)
        if meld is not None:
            yield MeldPlay(None, None, meld, used)
    yield from attaches(hand, own, must_use, attach)


def lay_downs(hand: Sequence[Card], own: Sequence[Meld], rules: Ruleset) -> Iterator[tuple[Card, ...]]:
    """The cards of every lay-down :func:`meld_plays` finds, in the same order, without building
    the melds (the meld rules' verdict alone, ``Meld.is_legal``): what ``legal_actions`` lists."""
    groups = {m.rank for m in own if m.kind == GROUP}
    is_legal = Meld.is_legal
    for used, _ in _distinct_candidates(hand, rules, groups, frozenset()):
        if is_legal(used, rules):
            yield used


def attaches(hand: Sequence[Card], own: Sequence[Meld], must_use: frozenset[Card] = frozenset(),
             attach: Callable[[Meld, Card], Meld | None] = attach_or_none) -> Iterator[MeldPlay]:
    """Every single-card attach to the side's melds ``own``: one per face held (the first copy)."""
    faces: dict[Face, Card] = {}
    for card in hand:
        if not must_use or card in must_use:
            faces.setdefault(card.face, card)
    for index, meld in enumerate(own):
        reach = reach_of(meld)
        for card in faces.values():
            if fits(meld, reach, card):
                after = attach(meld, card)
                if after is not None:
                    yield MeldPlay(index, meld, after, (card,))


def _distinct_candidates(hand: Sequence[Card], rules: Ruleset, groups: set[int],
                         must_use: frozenset[Card]) -> Iterator[tuple[tuple[Card, ...], tuple[Face, ...]]]:
    """Candidates one per set of faces, without a second group of a rank in ``groups``."""
    seen: set[tuple[Face, ...]] = set()
    for cards, rank in _candidates(hand, rules):
        if must_use and not any(c in must_use for c in cards):
            continue
        key = tuple(sorted([c.face for c in cards]))
        if key in seen:
            continue
        seen.add(key)
        if rank in groups:  # a group candidate only ever makes a group of its naturals' rank
            continue
        yield tuple(cards), key


def candidate_melds(hand: Sequence[Card], rules: Ruleset) -> list[list[Card]]:
    """Card sets from the hand that may form a meld (each still checked by Meld.lay_down).

    Runs: for each suit, windows of consecutive slots with at most one hole,
    plus one wild at the hole, at an end or in place of an inner card (the
    second ace at the top when the ruleset plays ace to ace). Groups: every
    set of naturals of a rank, with or without one wild.
    """
    return [cards for cards, _ in _candidates(hand, rules)]


def _candidates(hand: Sequence[Card], rules: Ruleset) -> list[tuple[list[Card], int | None]]:
    """:func:`candidate_melds`, each with the rank of its naturals for a group (None for a run)."""
    wilds: dict[Face, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        if card.is_wild:
            wilds.setdefault(card.face, []).append(card)
        if card.rank == 2 or not card.is_wild:
            slots = by_suit.setdefault(card.suit, {})
            slots.setdefault(card.rank, card)
            if card.rank == 1:
                slots.setdefault(14, card)
        if not card.is_wild:
            by_rank.setdefault(card.rank, []).append(card)
    out: list[tuple[list[Card], int | None]] = []

    def with_wild(cards: list[Card]) -> Iterable[list[Card]]:
        for copies in wilds.values():
            free = next((c for c in copies if c not in cards), None)
            if free is not None:
                yield cards + [free]

    # ace to ace: the second copy of the ace stands at the top of a run from the low ace
    top_aces = {c.suit: c for c in hand if c.rank == 1 and c is not by_suit[c.suit][1]} if rules.ace_to_ace else {}
    for suit, slots in by_suit.items():
        present = sorted(slots)
        for low in present:
            holes = 0
            window: list[Card] = []
            for slot in range(low, 15):
                top = slot == 14 and low == 1
                if (slot in slots and not top) or (top and suit in top_aces):
                    card = top_aces[suit] if top else slots[slot]
                    if card in window:
                        break
                    window.append(card)
                    if len(window) >= 3 and holes == 0:
                        out.append((list(window), None))
                        # a wild may also stand for a card the player holds: leave out an inner card
                        for skip in range(1, len(window) - 1):
                            out.extend((c, None) for c in with_wild(window[:skip] + window[skip + 1:]))
                    if len(window) >= 2:
                        out.extend((c, None) for c in with_wild(window))
                else:
                    holes += 1
                    if holes > 1:
                        break
    if rules.groups_allowed:
        for rank, naturals in by_rank.items():
            if len(naturals) < 2:
                continue
            for size in range(2, len(naturals) + 1):
                for subset in _distinct_combinations(naturals, size):
                    if size >= 3:
                        out.append((list(subset), rank))
                    out.extend((c, rank) for c in with_wild(list(subset)))
    return out


def _distinct_combinations(cards: list[Card], size: int) -> Iterable[tuple[Card, ...]]:
    """Combinations of ``size`` cards, one per distinct set of faces."""
    seen = set()
    for combo in combinations(cards, size):
        key = tuple(sorted(c.face for c in combo))
        if key not in seen:
            seen.add(key)
            yield combo


__all__ = ["MeldPlay", "candidate_melds", "meld_plays", "lay_downs", "attaches", "may_attach", "fits", "reach_of", "run_reach",
           "lay_down_or_none", "attach_or_none"]
