"""The move search shared by ``Game.legal_actions``, the bots and the hints.

Which lay-downs and attaches the meld rules allow from a hand, found once here:

- :func:`candidate_melds` proposes card sets that may form a meld (runs: windows of a
  suit with at most one hole, with or without one wild; groups: naturals of a rank);
- :func:`may_attach` is a quick test that never turns down a card a meld could take;
- :func:`lay_down_candidates` and :func:`attach_candidates` list what is worth asking the
  meld rules, in a fixed order: one lay-down per distinct set of faces (never a second
  group of a rank the side owns), one single-card attach per face held and meld;
- :func:`meld_plays` checks them with the meld rules and gives every lay-down and
  single-card attach with the meld made; :func:`lay_downs` gives the lay-downs' cards by
  the verdict alone (``Meld.is_legal``), for ``legal_actions``.

Game-level conditions (the last card, the pozzetto, closing) are not checked here:
``legal_actions`` checks them where they can matter (at most one card left), and so do
the bots, with ``game.explain``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import attrgetter

from .cards import SUITS, Card, full_deck
from .errors import IllegalMove
from .melds import GROUP, HIGH_ACE, Meld
from .rulesets import Ruleset

Face = tuple[int, str]
_IS_WILD = attrgetter("is_wild")
FaceKey = int
"""The faces of a set of cards as one integer (:data:`FACE_BITS` summed): equal for two sets
exactly when they hold the same faces, as often each (the copy of a card does not count)."""

FACE_BITS: dict[Card, int] = {
    card: 1 << 2 * (0 if card.is_joker else 1 + SUITS.index(card.suit) * 13 + card.rank - 1)
    for card in full_deck(4)}
"""Each card's share of a :data:`FaceKey`: two bits per face (a candidate meld holds a face at
most twice, a joker once), so the sum of a set's values never carries into the next face."""
Reach = tuple[int, int, int]
"""Lowest and highest slot of a run's natural cards, and the bit mask of the slots they fill
(bit n set: slot n, 1 the low ace .. 14 the high ace)."""


@dataclass(frozen=True)
class MeldPlay:
    """A lay-down (``index`` None) or a single-card attach to the side's meld ``index``."""

    index: int | None
    before: Meld | None
    after: Meld
    cards: tuple[Card, ...]


def lay_down_or_none(key: FaceKey, cards: tuple[Card, ...], rules: Ruleset) -> Meld | None:
    """The meld ``cards`` make, or None (``key``: their faces, for callers that cache)."""
    try:
        return Meld.lay_down(cards, rules)
    except IllegalMove:
        return None


def attach_or_none(meld: Meld, card: Card) -> Meld | None:
    """The meld with ``card`` attached, or None."""
    return meld.try_attach((card,))


def run_reach(meld: Meld) -> Reach:
    """Lowest and highest slot of a run's naturals, and the bit mask of the slots they fill."""
    low = meld.low
    size = len(meld.cards)
    taken = ((1 << size) - 1) << low
    wild_index = meld.wild_index
    if wild_index is None:
        return low, low + size - 1, taken
    return low + (wild_index == 0), low + size - 1 - (wild_index == size - 1), taken & ~(1 << low + wild_index)


def reach_of(meld: Meld) -> Reach | None:
    """:func:`run_reach` for a run, None for a group (what :func:`fits` takes)."""
    return None if meld.kind == GROUP else run_reach(meld)


def may_take_wild(meld: Meld, card: Card) -> bool:
    """Whether ``meld`` may take the wild ``card`` (a quick test, like :func:`may_attach`): a meld
    holds one wild at most, so one whose wild stands for a card takes another only in a run where
    one of the two is the run's own 2, which may go to its natural place."""
    wild_index = meld.wild_index
    if wild_index is None:
        return True
    if meld.kind == GROUP:
        return False
    two = (2, meld.suit)
    return card.face == two or meld.cards[wild_index].face == two


def fits(meld: Meld, reach: Reach | None, card: Card) -> bool:
    """:func:`may_attach` with the meld's reach worked out beforehand (``reach_of(meld)``)."""
    if card.is_wild:
        return may_take_wild(meld, card)
    if reach is None:
        return card.rank == meld.rank
    if card.suit != meld.suit:
        return False
    low, high, taken = reach
    rank = card.rank
    if rank == 1:
        return (not taken & 2 and low <= 3) or (not taken >> HIGH_ACE & 1 and high >= 12)
    return not taken >> rank & 1 and low - 2 <= rank <= high + 2


def may_attach(meld: Meld, card: Card) -> bool:
    """A quick test that never says no to a card the meld could take (it may say yes wrongly).

    A natural card fits a group of its rank; in a run of its suit it needs a
    free place no further than two slots from the naturals (one wild can fill
    only one gap). A wild fits a meld with no wild, or as :func:`may_take_wild` says.
    """
    return fits(meld, reach_of(meld), card)


def meld_plays(
    hand: Sequence[Card],
    own: Sequence[Meld],
    rules: Ruleset,
    must_use: frozenset[Card] = frozenset(),
    lay_down: Callable[[FaceKey, tuple[Card, ...]], Meld | None] | None = None,
    attach: Callable[[Meld, Card], Meld | None] = attach_or_none,
) -> Iterator[MeldPlay]:
    """Every lay-down and single-card attach the meld rules allow from ``hand``, with the melds made.

    Lay-downs come first (one per distinct set of faces, none that would give the side
    a second group of a rank), then attaches meld by meld (one per face held, the first
    copy in the hand). With ``must_use``, only plays using one of those cards. ``lay_down``
    and ``attach`` may be replaced by caching versions with the same answers.
    """
    plays: list[MeldPlay] = []
    for used, key in lay_down_candidates(hand, own, rules, must_use):
        meld = lay_down(key, used) if lay_down is not None else lay_down_or_none(key, used, rules)
        if meld is not None:
            plays.append(MeldPlay(None, None, meld, used))
    plays.extend(attaches(hand, own, must_use, attach))
    return iter(plays)


def lay_downs(hand: Sequence[Card], own: Sequence[Meld], rules: Ruleset) -> Iterator[tuple[Card, ...]]:
    """The cards of every lay-down :func:`meld_plays` finds, in the same order, without building
    the melds (the meld rules' verdict alone, ``Meld.is_legal``): what ``legal_actions`` lists."""
    is_legal = Meld.is_legal
    return iter([used for used, _ in lay_down_candidates(hand, own, rules) if is_legal(used, rules)])


def attaches(hand: Sequence[Card], own: Sequence[Meld], must_use: frozenset[Card] = frozenset(),
             attach: Callable[[Meld, Card], Meld | None] = attach_or_none) -> Iterator[MeldPlay]:
    """Every single-card attach to the side's melds ``own``: one per face held (the first copy)."""
    plays: list[MeldPlay] = []
    for index, meld, card in attach_candidates(hand, own, must_use):
        after = attach(meld, card)
        if after is not None:
            plays.append(MeldPlay(index, meld, after, (card,)))
    return iter(plays)


def lay_down_candidates(hand: Sequence[Card], own: Sequence[Meld], rules: Ruleset,
                        must_use: frozenset[Card] = frozenset()
                        ) -> list[tuple[tuple[Card, ...], FaceKey]]:
    """The card sets :func:`meld_plays` tries as lay-downs, in its order, each with its faces as a
    :data:`FaceKey` (for callers that cache): one per set of faces, none that would give the side a
    second group of a rank, with ``must_use`` only those using one of those cards. The meld rules
    have still to say which are melds."""
    groups = group_ranks(own)
    seen: set[FaceKey] = set()
    found: list[tuple[tuple[Card, ...], FaceKey]] = []
    bit = FACE_BITS.__getitem__
    for cards, rank in _candidates(hand, rules, must_use):
        if must_use and must_use.isdisjoint(cards):
            continue
        key = sum(map(bit, cards))
        if key in seen:
            continue
        seen.add(key)
        if rank in groups:  # a group candidate only ever makes a group of its naturals' rank
            continue
        found.append((tuple(cards), key))
    return found


def group_ranks(melds: Iterable[Meld]) -> set[int]:
    """The ranks of the groups among ``melds`` (a side owns one group of a rank at most)."""
    ranks = set()
    for meld in melds:  # (a loop, not a set comprehension: this is asked at every search)
        if meld.kind == GROUP:
            ranks.add(meld.rank)
    return ranks


def attach_candidates(hand: Sequence[Card], own: Sequence[Meld],
                      must_use: frozenset[Card] = frozenset()) -> list[tuple[int, Meld, Card]]:
    """The single-card attaches :func:`meld_plays` tries, in its order: (index of the meld, the meld,
    the card) for every meld and every face held (its first copy; with ``must_use``, of those
    cards only) that :func:`may_attach` lets through. The meld rules have still to say yes."""
    if not own:
        return []
    # the first copy of each face held, sorted out by suit and by rank (the wilds apart), so
    # that each meld looks only at the cards of its suit or rank
    firsts: dict[Face, Card] = {}
    wilds: list[Card] = []
    by_suit: dict[str, list[Card]] = {}
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        if (must_use and card not in must_use) or card.face in firsts:
            continue
        firsts[card.face] = card
        if card.is_wild:
            wilds.append(card)
            continue
        same = by_suit.get(card.suit)
        if same is None:
            by_suit[card.suit] = [card]
        else:
            same.append(card)
        same = by_rank.get(card.rank)
        if same is None:
            by_rank[card.rank] = [card]
        else:
            same.append(card)
    found: list[tuple[int, Meld, Card]] = []
    order: dict[Card, int] | None = None
    for index, meld in enumerate(own):
        if meld.kind == GROUP:
            near = by_rank.get(meld.rank, [])
        else:
            near = by_suit.get(meld.suit, [])
            if near:
                low, high, taken = run_reach(meld)
                ace = (not taken & 2 and low <= 3) or (not taken >> HIGH_ACE & 1 and high >= 12)
                low -= 2
                high += 2
                near = [c for c in near if (ace if c.rank == 1 else (not taken >> c.rank & 1 and low <= c.rank <= high))]
        if wilds:
            usable = wilds if meld.wild_index is None else [w for w in wilds if may_take_wild(meld, w)]
            if usable:
                if near:  # in the hand's order
                    if order is None:
                        order = {card: i for i, card in enumerate(firsts.values())}
                    near = sorted(near + usable, key=order.__getitem__)
                else:
                    near = usable
        if near:
            found.extend([(index, meld, card) for card in near])
    return found


def accepted_cards(meld: Meld, cards: Iterable[Card]) -> list[Card]:
    """The cards :func:`may_attach` lets through to ``meld``, in their order (one pass)."""
    if meld.kind == GROUP:
        rank = meld.rank
        if meld.wild_index is not None:
            return [c for c in cards if c.rank == rank and not c.is_wild]
        return [c for c in cards if c.is_wild or c.rank == rank]
    suit = meld.suit
    low, high, taken = run_reach(meld)
    ace = (not taken & 2 and low <= 3) or (not taken >> HIGH_ACE & 1 and high >= 12)
    low -= 2
    high += 2
    return [c for c in cards if (may_take_wild(meld, c) if c.is_wild else c.suit == suit and (
        ace if c.rank == 1 else (not taken >> c.rank & 1 and low <= c.rank <= high)))]


def candidate_melds(hand: Sequence[Card], rules: Ruleset) -> list[list[Card]]:
    """Card sets from the hand that may form a meld (each still checked by Meld.lay_down).

    Runs: for each suit, windows of consecutive slots with at most one hole,
    plus one wild at the hole, at an end or in place of an inner card (the
    second ace at the top when the ruleset plays ace to ace). Groups: every
    set of naturals of a rank, with or without one wild.
    """
    return [cards for cards, _ in _candidates(hand, rules, frozenset())]


def _candidates(hand: Sequence[Card], rules: Ruleset,
                must_use: frozenset[Card]) -> list[tuple[list[Card], int | None]]:
    """:func:`candidate_melds`, each with the rank of its naturals for a group (None for a run).

    With ``must_use``, the suits and ranks no candidate using one of those cards can come from
    are skipped (the other candidates come in the same order): when a wild must be used, none.
    """
    wilds: dict[Face, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    by_rank: dict[int, list[Card]] = {}
    later_aces: dict[str, Card] = {}  # per suit, the last ace held that is not the first
    for card in hand:
        rank = card.rank
        if card.is_wild:
            copies = wilds.get(card.face)
            if copies is None:
                wilds[card.face] = [card]
            else:
                copies.append(card)
            if rank != 2:
                continue
        slots = by_suit.get(card.suit)
        if slots is None:
            slots = by_suit[card.suit] = {}
        if rank not in slots:
            slots[rank] = card
            if rank == 1:
                slots[HIGH_ACE] = card
        elif rank == 1 and card is not slots[1]:
            later_aces[card.suit] = card
        if rank != 2:
            ranks_cards = by_rank.get(rank)
            if ranks_cards is None:
                by_rank[rank] = [card]
            else:
                ranks_cards.append(card)
    out: list[tuple[list[Card], int | None]] = []
    suits: set[str] | None = None
    ranks: set[int] | None = None
    if must_use and not any(map(_IS_WILD, must_use)):
        # runs of a suit no such card belongs to, groups of a rank none has, would all be left out
        suits = {c.suit for c in must_use}
        ranks = {c.rank for c in must_use}
    # the wild a candidate takes: the first copy held of each wild face, or the next copy when the
    # first is already in the candidate (only a run's natural 2 can be)
    firsts = [copies[0] for copies in wilds.values()] if wilds else []
    add = out.append

    # ace to ace: the second copy of the ace stands at the top of a run from the low ace
    top_aces = later_aces if rules.ace_to_ace else {}
    for suit, slots in by_suit.items():
        if suits is not None and suit not in suits:
            continue
        present = sorted(slots)
        if len(present) < (2 if firsts else 3):
            continue
        top_ace = top_aces.get(suit)
        two = slots.get(2)
        beside_two = firsts
        if two is not None:  # a window holding the natural 2 takes the 2's other copy, if held
            copies = wilds[two.face]
            beside_two = [w for w in firsts if w is not two]
            if len(copies) > 1:
                beside_two.insert(firsts.index(two), copies[1])
        reach = 2 if firsts else 1  # the most a window's second slot may lie beyond its first
        last = len(present) - 1
        for first, low in enumerate(present):
            if first == last or present[first + 1] - low > reach:
                continue  # a window of one card, or one whose second slot lies too far
            # the window grows from ``low`` over the slots held, while it has at most one hole;
            # from the low ace, the top place (slot 14) is the ace's second copy or a hole
            holes = 0
            window: list[Card] = []
            previous = low - 1
            at_two = -1  # where the 2 stands in the window
            for slot in present[first:]:
                card = slots[slot]
                if slot == HIGH_ACE and low == 1:
                    if top_ace is None:
                        break
                    card = top_ace
                holes += slot - previous - 1
                if holes > 1:
                    break
                previous = slot
                if slot == 2:
                    at_two = len(window)
                window.append(card)
                size = len(window)
                if size >= 3 and holes == 0:
                    add((window[:], None))
                    # a wild may also stand for a card the player holds: leave out an inner card
                    if firsts:
                        for skip in range(1, size - 1):
                            rest = window[:skip] + window[skip + 1:]
                            for wild in (beside_two if at_two >= 0 and skip != at_two else firsts):
                                add((rest + [wild], None))
                if size >= 2 and firsts:
                    for wild in (beside_two if at_two >= 0 else firsts):
                        add((window + [wild], None))
    if rules.groups_allowed:
        for rank, naturals in by_rank.items():
            if len(naturals) < 2 or (ranks is not None and rank not in ranks):
                continue
            for size in range(2, len(naturals) + 1):
                for subset in _distinct_combinations(naturals, size):
                    if size >= 3:
                        add((list(subset), rank))
                    for wild in firsts:
                        add(([*subset, wild], rank))
    return out


def _distinct_combinations(cards: list[Card], size: int) -> Iterable[tuple[Card, ...]]:
    """Combinations of ``size`` cards, one per distinct set of faces."""
    if size == len(cards):
        return (tuple(cards),)
    seen = set()
    found = []
    bit = FACE_BITS.__getitem__
    for combo in combinations(cards, size):
        key = sum(map(bit, combo))
        if key not in seen:
            seen.add(key)
            found.append(combo)
    return found


__all__ = ["MeldPlay", "Face", "FaceKey", "FACE_BITS", "candidate_melds", "meld_plays", "lay_downs", "attaches", "lay_down_candidates",
           "attach_candidates", "accepted_cards", "may_attach", "may_take_wild", "fits", "group_ranks",
           "reach_of", "run_reach",
           "lay_down_or_none", "attach_or_none"]
