"""Melds: runs and groups, wild cards, and moving wilds when attaching.

A run is kept as its suit, the *slot* of its first card and its cards in
table order. Slots number the places of a run: 1 is the low ace, 2 to 13
the ranks, 14 the high ace. Every check is arithmetic on slots: the
naturals fix their slots, the gaps are counted, and at most one wild
fills one gap or stands at an end. No search over wild placements.

Choices RULES.md leaves open, taken here (and in docs/rules-choices.md):

- A wild added at an end of a run goes to the low end unless the low end is
  slot 1 already taken (RULES.md section 3); the other end is offered by
  ``attach_options``/``lay_down_options``.
- A wild may stand for the second ace at the far end of a run (seed 000:
  "A-2-...-K-Comodín"; seed 001: "2 2 3 ... J Q K A"), but a wild *replaced*
  by the card it stood for may not move there: that is how the seeds' "a
  complete run's wild cannot be replaced" comes out (RULES.md section 4).
- A group is shown with its naturals sorted by suit and the wild last.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .cards import ACE, JOKER, SUIT_NAMES, SUIT_SYMBOLS, Card, parse_cards, rank_code
from .errors import IllegalMove, NotationError
from .rulesets import Ruleset, ruleset

RUN = "run"
GROUP = "group"
HIGH_ACE = 14

# When every reading of the cards fails, the error that explains most is shown.
_PRIORITY = {
    "card.no-jokers": 0, "card.too-many-copies": 1, "run.duplicate-rank": 2,
    "run.ace-to-ace": 3, "run.wrap-around": 4, "meld.one-wild": 5, "wild.bound": 6,
    "wild.nowhere-to-go": 7, "run.too-long": 8, "run.gap": 9,
}

CardsLike = str | Iterable[Card | str]
Failure = tuple[str, dict[str, Any]]
# An arrangement: (slot of the first card, cards in table order, index of the wild or None)
Arrangement = tuple[int, tuple[Card, ...], int | None]


def _fmt(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _slot_card(slot: int, suit: str) -> str:
    return rank_code(slot) + SUIT_SYMBOLS[suit]


def _as_cards(cards: CardsLike) -> tuple[Card, ...]:
    if isinstance(cards, tuple) and all(type(c) is Card for c in cards):
        return cards
    return parse_cards(cards)


def _check_deck(cards: tuple[Card, ...], rules: Ruleset) -> Failure | None:
    """Jokers allowed, and no more copies of a face than the two decks hold."""
    faces = [c.face for c in cards]
    if not rules.jokers and any(c.is_joker for c in cards):
        return ("card.no-jokers", {"ruleset": rules.name or rules.id,
                                   "cards": _fmt(c for c in cards if c.is_joker)})
    if len(set(faces)) == len(faces):
        return None
    counts: dict[tuple[int, str], int] = {}
    for card in cards:
        counts[card.face] = counts.get(card.face, 0) + 1
        limit = rules.jokers if card.is_joker else 2
        if counts[card.face] > limit:
            return ("card.too-many-copies", {"card": str(card), "limit": limit,
                                             "count": faces.count(card.face)})
    return None


def _arrange_run(
    suit: str,
    fixed: dict[int, Card],
    loose: list[Card],
    twos: list[Card],
    wilds: list[Card],
    pinned: tuple[Card, int] | None,
    released: tuple[Card, int] | None,
    rules: Ruleset,
) -> list[Arrangement] | Failure:
    """Every legal arrangement with the fewest wilds, canonical first; or why none is legal.

    ``fixed`` naturals keep their slots; ``loose`` naturals take the slot of
    their rank (an ace: 1 or 14); ``twos`` are 2s of the run's suit, which may
    stand in slot 2 as naturals or act as wilds; ``wilds`` act as wilds;
    ``pinned`` is a bound wild that must keep its slot; ``released`` is a
    wild that may be replaced, with its old slot: if a natural takes that
    slot, the wild may not move to stand for the second ace.
    """
    base = dict(fixed)
    aces: list[Card] = []
    for card in loose:
        if card.rank == ACE:
            aces.append(card)
        elif card.rank in base:
            return ("run.duplicate-rank", {"card": str(card)})
        else:
            base[card.rank] = card
    placements: list[dict[int, Card]] = []
    if not aces:
        placements.append(base)
    elif len(aces) == 1:
        for slot in (1, HIGH_ACE):
            if slot not in base:
                placements.append({**base, slot: aces[0]})
        if not placements:
            return ("run.duplicate-rank", {"card": str(aces[0])})
    elif len(aces) == 2 and 1 not in base and HIGH_ACE not in base:
        low_ace, high_ace = sorted(aces)
        placements.append({**base, 1: low_ace, HIGH_ACE: high_ace})
    else:
        return ("run.duplicate-rank", {"card": str(aces[0])})

    found: list[tuple[int, int, Arrangement]] = []
    failure: Failure | None = None
    for order, placed in enumerate(placements):
        if 1 in placed and HIGH_ACE in placed and not rules.ace_to_ace:
            failure = _worse(failure, ("run.ace-to-ace", {"cards": _fmt([placed[1], placed[HIGH_ACE]])}))
            continue
        readings: list[tuple[dict[int, Card], list[Card]]] = []
        if twos and 2 not in placed:
            readings.append(({**placed, 2: twos[0]}, wilds + twos[1:]))
        readings.append((placed, wilds + twos))
        for slots, free in readings:
            result = _place_wild(suit, slots, free, pinned, released)
            if isinstance(result, tuple):
                failure = _worse(failure, result)
                continue
            for arrangement in result:
                found.append((len(free) + (pinned is not None), order, arrangement))
    if not found:
        assert failure is not None
        return failure
    fewest = min(f[0] for f in found)
    return [a for w, _, a in found if w == fewest]


def _worse(current: Failure | None, new: Failure) -> Failure:
    if current is None or _PRIORITY[new[0]] < _PRIORITY[current[0]]:
        return new
    return current


def _place_wild(
    suit: str,
    slots: dict[int, Card],
    free: list[Card],
    pinned: tuple[Card, int] | None,
    released: tuple[Card, int] | None,
) -> list[Arrangement] | Failure:
    wild_count = len(free) + (pinned is not None)
    if wild_count > 1:
        wild_cards = ([pinned[0]] if pinned else []) + free
        return ("meld.one-wild", {"wilds": _and([str(c) for c in wild_cards])})
    low, high = min(slots), max(slots)
    gaps = [s for s in range(low, high + 1) if s not in slots]

    def build(wild: Card | None, wild_slot: int | None) -> Arrangement:
        first = min(low, wild_slot) if wild_slot is not None else low
        last = max(high, wild_slot) if wild_slot is not None else high
        cards = tuple(slots.get(s, wild) for s in range(first, last + 1))
        return (first, cards, None if wild_slot is None else wild_slot - first)  # type: ignore[return-value]

    if pinned is not None:
        wild, wild_slot = pinned
        if gaps == [wild_slot]:
            return [build(wild, wild_slot)]
        others = [s for s in gaps if s != wild_slot]
        if others:
            return ("wild.bound", {"wild": str(wild), "stands_for": _slot_card(wild_slot, suit)})
        # The bound wild's own slot was filled by a natural: the caller releases it instead.
        raise AssertionError("pinned wild without its gap")
    if not free:
        if not gaps:
            return [build(None, None)]
        return _gap_failure(suit, slots, gaps, 0)
    wild = free[0]
    if len(gaps) == 1:
        return [build(wild, gaps[0])]
    if gaps:
        return _gap_failure(suit, slots, gaps, 1)
    # A wild whose old slot a natural has taken was replaced: it may not move to the second ace.
    replaced = released is not None and wild is released[0] and released[1] in slots
    ends = []
    for end in (low - 1, high + 1):
        if not 1 <= end <= HIGH_ACE:
            continue
        second_ace = (end == 1 and HIGH_ACE in slots) or (end == HIGH_ACE and 1 in slots)
        if second_ace and replaced:
            continue
        ends.append(end)
    if not ends:
        if replaced:
            assert released is not None
            return ("wild.nowhere-to-go", {"wild": str(wild), "card": str(slots[released[1]])})
        return ("run.too-long", {"meld": _fmt(slots[s] for s in sorted(slots)), "cards": str(wild)})
    return [build(wild, end) for end in ends]


def _gap_failure(suit: str, slots: dict[int, Card], gaps: list[int], wilds: int) -> Failure:
    ranks = set(slots)
    cards = _fmt(slots[s] for s in sorted(slots))
    has_ace = any(c.rank == ACE for c in slots.values())
    if has_ace and (ranks & {12, 13}) and (ranks & {2, 3, 4}):
        return ("run.wrap-around", {"cards": cards})
    fill = "there is no wild to fill a gap" if wilds == 0 else "one wild can fill only one gap"
    return ("run.gap", {"cards": cards, "gaps": _and([_slot_card(s, suit) for s in gaps]),
                        "fill": fill})


class Meld:
    """A legal meld on the table: a run or a group, at most one wild.

    Build one with :meth:`lay_down` (or :meth:`parse` for an exact table
    arrangement); :meth:`attach` returns a new Meld and leaves this one as it
    was. Melds are immutable and hashable and remember their ruleset.
    """

    __slots__ = ("kind", "cards", "wild_index", "rules", "suit", "rank", "low")

    kind: str
    cards: tuple[Card, ...]
    wild_index: int | None
    rules: Ruleset
    suit: str
    rank: int
    low: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("build a Meld with Meld.lay_down(cards, rules) or Meld.parse(text, rules)")

    @classmethod
    def _make(cls, kind: str, cards: tuple[Card, ...], wild_index: int | None,
              rules: Ruleset, suit: str = "", rank: int = 0, low: int = 0) -> Meld:
        meld = object.__new__(cls)
        setter = object.__setattr__
        setter(meld, "kind", kind)
        setter(meld, "cards", cards)
        setter(meld, "wild_index", wild_index)
        setter(meld, "rules", rules)
        setter(meld, "suit", suit)
        setter(meld, "rank", rank)
        setter(meld, "low", low)
        return meld

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Meld is immutable: attach() returns a new Meld")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Meld.parse, (self.table_code, self.rules))

    # ---------------------------------------------------------------- building
    @classmethod
    def lay_down(cls, cards: CardsLike, rules: str | Ruleset) -> Meld:
        """The meld these cards make, arranged canonically; raises :class:`IllegalMove`."""
        return cls.lay_down_options(cards, rules)[0]

    @classmethod
    def lay_down_options(cls, cards: CardsLike, rules: str | Ruleset) -> tuple[Meld, ...]:
        """Every legal arrangement of these cards as a new meld, canonical first."""
        rules = ruleset(rules)
        cards = _as_cards(cards)
        if len(cards) < 3:
            raise IllegalMove("meld.too-few-cards", cards=_fmt(cards) or "nothing", count=len(cards))
        problem = _check_deck(cards, rules)
        if problem:
            raise IllegalMove(problem[0], **problem[1])
        naturals = [c for c in cards if not c.is_wild]
        if not naturals:
            # Only 2s and jokers: at most one 2 can be natural, so two or more act as wilds.
            raise IllegalMove("meld.only-wilds", cards=_fmt(cards))
        first = naturals[0]
        same_rank = all(c.rank == first.rank for c in naturals)
        same_suit = all(c.suit == first.suit for c in naturals)
        run_result: list[Arrangement] | Failure | None = None
        if same_suit:
            # sorted: of two copies of the suit's 2, the first deck's is the natural one
            twos = sorted(c for c in cards if c.rank == 2 and c.suit == first.suit)
            others = [c for c in cards if c.is_wild and not (c.rank == 2 and c.suit == first.suit)]
            run_result = _arrange_run(first.suit, {}, naturals, twos, others, None, None, rules)
            if isinstance(run_result, list):
                return tuple(cls._make(RUN, a[1], a[2], rules, suit=first.suit, low=a[0])
                             for a in run_result)
        if same_rank:
            group = cls._group(first.rank, naturals, [c for c in cards if c.is_wild], rules, cards)
            if isinstance(group, Meld):
                return (group,)
            if len(naturals) > 1 or run_result is None:
                raise IllegalMove(group[0], **group[1])
        if run_result is not None:
            assert not isinstance(run_result, list)
            raise IllegalMove(run_result[0], **run_result[1])
        raise IllegalMove("meld.not-a-meld", cards=_fmt(cards))

    @classmethod
    def _group(cls, rank: int, naturals: list[Card], wilds: list[Card], rules: Ruleset,
               cards: tuple[Card, ...]) -> Meld | Failure:
        if not rules.groups_allowed:
            return ("group.not-allowed", {"ruleset": rules.name or rules.id, "cards": _fmt(cards),
                                          "rank": rank_code(rank)})
        if len(wilds) > 1:
            return ("meld.one-wild", {"wilds": _and([str(c) for c in wilds])})
        ordered = tuple(sorted(naturals)) + tuple(wilds)
        return cls._make(GROUP, ordered, len(naturals) if wilds else None, rules, rank=rank)

    @classmethod
    def parse(cls, text: str, rules: str | Ruleset) -> Meld:
        """Read a meld from its table form, as :attr:`table_code` writes it.

        ``"5H 6H 2H=7H 8H"`` places the wild exactly, and a run without a wild
        written in one of its legal orders keeps it (``"2H 3H ... KH AH"``, the
        ace high); otherwise, without ``=``, the cards are laid down
        canonically, as by :meth:`lay_down`.
        """
        rules = ruleset(rules)
        tokens = [t for t in text.replace(",", " ").split() if t]
        plain = " ".join(t.split("=")[0] for t in tokens)
        wanted = " ".join(tokens)
        options = cls.lay_down_options(plain, rules)
        for meld in options:
            if meld.table_code.upper() == wanted.upper():
                return meld
        # the two copies of a card may stand the other way round (a 2 natural and its twin
        # wild, or the two aces of an ace-to-ace run)
        for meld in options:
            if meld.kind == RUN and meld.table_code.replace("'", "").upper() == wanted.replace("'", "").upper():
                return cls._make(meld.kind, parse_cards(plain), meld.wild_index, rules,
                                 suit=meld.suit, rank=meld.rank, low=meld.low)
        if "=" not in text:
            return options[0]
        legal = " or ".join(repr(m.table_code) for m in options)
        raise NotationError(f"{text!r} is not a legal arrangement of these cards; legal: {legal}", text)

    # --------------------------------------------------------------- attaching
    def attach(self, cards: CardsLike) -> Meld:
        """A new meld with these cards added, canonically arranged; raises :class:`IllegalMove`."""
        return self.attach_options(cards)[0]

    def attach_options(self, cards: CardsLike) -> tuple[Meld, ...]:
        """Every legal arrangement after attaching these cards, canonical first."""
        new = _as_cards(cards)
        if not new:
            raise IllegalMove("meld.empty-attach")
        rules = self.rules
        problem = _check_deck(self.cards + new, rules)
        if problem:
            raise IllegalMove(problem[0], **problem[1])
        if self.kind == GROUP:
            wrong = [c for c in new if not c.is_wild and c.rank != self.rank]
            if wrong:
                raise IllegalMove("group.wrong-rank", cards=_fmt(wrong), rank=rank_code(self.rank))
            naturals = [c for c in self.cards if not c.is_wild] + [c for c in new if not c.is_wild]
            wilds = [c for c in self.cards if c.is_wild] + [c for c in new if c.is_wild]
            group = self._group(self.rank, naturals, wilds, rules, self.cards + new)
            if isinstance(group, Meld):
                return (group,)
            raise IllegalMove(group[0], **group[1])
        return self._attach_run(new)

    def _attach_run(self, new: tuple[Card, ...]) -> tuple[Meld, ...]:
        suit, low, rules = self.suit, self.low, self.rules
        wrong = [c for c in new if not c.is_wild and c.suit != suit]
        if wrong:
            raise IllegalMove("run.mixed-suits", cards=_fmt(wrong), suit=SUIT_NAMES[suit])
        fixed = {low + i: c for i, c in enumerate(self.cards) if i != self.wild_index}
        loose = [c for c in new if not c.is_wild]
        twos = sorted(c for c in new if c.rank == 2 and c.suit == suit)
        wilds = [c for c in new if c.is_wild and not (c.rank == 2 and c.suit == suit)]
        pinned: tuple[Card, int] | None = None
        released: tuple[Card, int] | None = None
        if self.wild_index is not None:
            wild = self.cards[self.wild_index]
            wild_slot = low + self.wild_index
            bound = 0 < self.wild_index < len(self.cards) - 1
            # a wild standing for an ace (slot 1 or 14) may be replaced by an ace
            stood_for = ACE if wild_slot == HIGH_ACE else wild_slot
            replaced = any(c.rank == stood_for for c in loose) or (wild_slot == 2 and bool(twos))
            if bound and not replaced:
                pinned = (wild, wild_slot)
            else:
                if replaced:
                    released = (wild, wild_slot)
                (twos if wild.rank == 2 and wild.suit == suit else wilds).insert(0, wild)
        result = _arrange_run(suit, fixed, loose, twos, wilds, pinned, released, rules)
        if isinstance(result, tuple):
            raise IllegalMove(result[0], **result[1])
        return tuple(self._make(RUN, a[1], a[2], rules, suit=suit, low=a[0]) for a in result)

    # -------------------------------------------------------------- describing
    @property
    def wild(self) -> Card | None:
        """The card acting as wild, or None (a 2 in its natural slot is not a wild)."""
        return None if self.wild_index is None else self.cards[self.wild_index]

    @property
    def wild_stands_for(self) -> str | None:
        """What the wild stands for: ``"7♥"`` in a run, the rank (``"8"``) in a group."""
        if self.wild_index is None:
            return None
        if self.kind == GROUP:
            return rank_code(self.rank)
        return _slot_card(self.low + self.wild_index, self.suit)

    @property
    def wild_is_free(self) -> bool:
        """Whether the wild stands at an end of a run (so it may move when cards are attached)."""
        return self.kind == RUN and self.wild_index in (0, len(self.cards) - 1)

    @property
    def slots(self) -> tuple[int, ...]:
        """For a run, the slot of each card (1 low ace .. 13 king, 14 high ace)."""
        if self.kind == GROUP:
            return ()
        return tuple(range(self.low, self.low + len(self.cards)))

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(c for i, c in enumerate(self.cards) if i != self.wild_index)

    @property
    def burraco(self) -> str | None:
        """None, ``"clean"``, ``"semi-clean"``, ``"dirty"``, ``"royal"`` or ``"ace-to-ace"``."""
        size = len(self.cards)
        if size < 7:
            return None
        rules = self.rules
        if self.wild_index is None:
            if self.kind == RUN and rules.ace_to_ace_bonus is not None and size == 14:
                return "ace-to-ace"
            if self.kind == RUN and rules.royal_bonus is not None and size == 13:
                return "royal"
            return "clean"
        if rules.semi_clean_bonus is not None:
            # the longest stretch of naturals without the wild in it
            longest = size - 1 if self.kind == GROUP else max(self.wild_index, size - 1 - self.wild_index)
            if longest >= 7:
                return "semi-clean"
        return "dirty"

    @property
    def burraco_bonus(self) -> int:
        """The bonus this meld earns as a burraco under its ruleset (0 if none)."""
        kind = self.burraco
        rules = self.rules
        if kind is None:
            return 0
        bonus = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus,
                 "semi-clean": rules.semi_clean_bonus, "royal": rules.royal_bonus,
                 "ace-to-ace": rules.ace_to_ace_bonus}[kind]
        return bonus or 0

    def points(self) -> int:
        """Card points of this meld under its ruleset (burraco bonus not included)."""
        value = self.rules.card_value
        return sum(value(c) for c in self.cards)

    @property
    def table_code(self) -> str:
        """Cards in table order, the wild of a run written with what it stands for: ``2H=7H``."""
        if self.wild_index is None or self.kind == GROUP:
            return " ".join(c.code for c in self.cards)
        stands = rank_code(self.low + self.wild_index) + self.suit
        return " ".join(c.code + ("=" + stands if i == self.wild_index else "")
                        for i, c in enumerate(self.cards))

    def describe(self) -> str:
        """One sentence for people: ``"run of hearts 5♥ to 8♥, 2♥ standing for 7♥"``."""
        if self.kind == GROUP:
            text = f"group of {rank_code(self.rank)}s: {_fmt(self.cards)}"
        else:
            text = (f"run of {SUIT_NAMES[self.suit]}: {_fmt(self.cards)} "
                    f"({_slot_card(self.low, self.suit)} to "
                    f"{_slot_card(self.low + len(self.cards) - 1, self.suit)})")
        if self.wild_index is not None:
            text += f", {self.cards[self.wild_index]} standing for {self.wild_stands_for}"
        if self.burraco:
            text += f"; a {self.burraco} burraco"
        return text

    def __repr__(self) -> str:
        return f"Meld.parse({self.table_code!r}, {self.rules!r})"

    def __str__(self) -> str:
        return _fmt(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return (self.kind == other.kind and self.cards == other.cards
                and self.wild_index == other.wild_index and self.low == other.low
                and self.rules == other.rules)

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.wild_index, self.low, self.rules.id))

    def _repr_svg_(self) -> str:
        from .svg import meld_svg

        return meld_svg(self)


__all__ = ["Meld", "RUN", "GROUP", "HIGH_ACE", "JOKER"]
