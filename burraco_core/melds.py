"""Melds: runs and groups, wild cards, and moving wilds when attaching.

A run is kept as its suit, the *slot* of its first card and its cards in
table order. Slots number the places of a run: 1 is the low ace, 2 to 13
the ranks, 14 the high ace. Every check is arithmetic on slots: the
naturals fix their slots, the gaps are counted, and at most one wild
fills one gap or stands at an end. No search over wild placements: the
slots taken are a bit mask, so gaps and ends are integer operations, and
the common run (no ace, no 2 of its suit, at most one wild) takes a
shorter path. A refusal's message is formatted only for the refusal shown.

:meth:`Meld.is_legal` (and the first step of :meth:`Meld.lay_down`) goes further: each
card is one precomputed integer of counters and rank bits, their sum says at once whether
the cards make a meld, and the common melds are arranged from it directly. Attaching to
a group, or to a run whose wild is free and whose naturals are neither aces nor 2s, is
laying all the cards down, so it takes the same path. A refusal found this way works out
which rule to name only when asked. Nothing is memoised.

Choices the rules leave open (docs/RULES.md section 11), taken here (and in docs/rules-choices.md):

- A wild added at an end of a run goes to the low end unless the low end is
  slot 1 already taken (docs/RULES.md section 3); the other end is offered by
  ``attach_options``/``lay_down_options``.
- A wild may stand for the second ace at the far end of a run (seed 000:
  "A-2-...-K-Comodín"; seed 001: "2 2 3 ... J Q K A") where the ruleset has that
  14th place (``Ruleset.run_fourteenth_place``; not ``buraco``, seed 002). Where a
  complete run's wild is locked (``Ruleset.complete_run_wild_locked``: ``italiano``,
  ``pulito``), a wild *replaced* by the card it stood for may not move there: that is
  how the seeds' "a complete run's wild cannot be replaced" comes out; in ``classic``
  it moves there (docs/RULES.md section 4).
- A run with no wild may turn its natural 2 into its wild when cards are attached
  (the federation's code, art. 10), only when the 2 cannot keep its slot.
- A group is shown with its naturals sorted by suit and the wild last.
- Of two copies of the suit's 2 (or the two aces of an ace-to-ace run), the
  first deck's copy takes the natural (low) place when a meld is laid down.
- When a natural ace could stand low or high with as few wilds either way,
  the low ace comes first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Any, Literal

from .cards import ACE, JOKER, SUIT_SYMBOLS, Card, full_deck, parse_card, parse_cards, rank_code
from .errors import IllegalMove, NotationError, shorten, shown
from .messages import Message
from .rulesets import Ruleset, ruleset

MeldKind = Literal["run", "group"]
"""What a meld is: ``Meld.kind``."""
BurracoKind = Literal["clean", "semi-clean", "dirty", "royal", "ace-to-ace"]
"""What kind of burraco a meld is: ``Meld.burraco`` (None when the meld is not a burraco)."""
RUN: MeldKind = "run"
GROUP: MeldKind = "group"
HIGH_ACE = 14
BURRACO_MIN_CARDS = 7
"""A meld of this many cards or more is a burraco (docs/RULES.md, "Words")."""

# When every reading of the cards fails, the error that explains most is shown.
_PRIORITY = {
    "card.no-jokers": 0, "card.too-many-copies": 1, "run.duplicate-rank": 2,
    "run.ace-to-ace": 3, "run.wrap-around": 4, "meld.one-wild": 5, "wild.bound": 6,
    "wild.nowhere-to-go": 4, "run.too-long": 8, "run.gap": 9, "run.no-fourteenth-place": 3,
    "wild.complete-run-locked": 4,  # a replaced wild with no place tells more than a 2 read as a second wild
}

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

# Display text of every place of a run: (slot, suit) -> "7♥" (slot 14 is the high ace).
_SLOT_TEXT: dict[tuple[int, str], str] = {
    (slot, suit): rank_code(slot) + symbol for slot in range(1, 15) for suit, symbol in SUIT_SYMBOLS.items()}


def _fmt(cards: Iterable[Card]) -> str:
    return " ".join([str(c) for c in cards])


def _slot_card(slot: int, suit: str) -> Card:
    """The card a place of a run stands for (slot 14: the ace), as a message parameter."""
    return Card(ACE if slot == HIGH_ACE else slot, suit)


def _refuse(failure: Failure) -> IllegalMove:
    return IllegalMove(failure[0], **failure[1]())


def _arrange_other_run(cards: tuple[Card, ...], total: int, span: int = 13) -> Arrangement:
    """The canonical arrangement of a legal run with an ace or a 2 of its suit (``_OTHER_RUN``).

    The order of preference is :func:`_arrange_run`'s: a 2 of the suit in its natural
    slot first (the fewest wilds), the ace low before high, the wild in the one gap,
    else at the low end, else at the high end.
    """
    suit_index = _SINGLE_SUIT[total >> _SUITS_AT & 0xFFFF]
    suit = _SUIT_OF_FIELD[suit_index]
    wilds = total >> _WILDS_AT & 15
    aces_count = total >> 4 & 15
    slots = total >> _SLOTS_AT & ~7
    placements: tuple[int, ...]
    if aces_count == 1:
        placements = (slots | _LOW_ACE, slots | _HIGH_ACE_BIT)
    elif aces_count:
        placements = (slots | _LOW_ACE | _HIGH_ACE_BIT,)
    else:
        placements = (slots,)
    readings = (1, 0) if total >> _TWOS_AT + 4 * suit_index & 15 else (0,)
    chosen = next((placed | _TWO_SLOT * natural, natural) for natural in readings for placed in placements
                  if _run_fits(placed | _TWO_SLOT * natural, wilds - natural, span))
    taken, natural_two = chosen
    table: Table = [None] * 15
    aces: list[Card] = []
    twos: list[Card] = []
    wild_cards: list[Card] = []
    for card in cards:
        rank = card.rank
        if card.is_wild:
            (twos if rank == 2 and card.suit == suit else wild_cards).append(card)
        elif rank == ACE:
            aces.append(card)
        else:
            table[rank] = card
    if len(aces) == 2:
        aces.sort(key=_card_order)
        table[1], table[HIGH_ACE] = aces
    elif aces:
        table[1 if taken & _LOW_ACE else HIGH_ACE] = aces[0]
    if twos:
        twos.sort(key=_card_order)
        if natural_two:
            table[2] = twos.pop(0)
        wild_cards += twos
    low = (taken & -taken).bit_length() - 1
    high = taken.bit_length() - 1
    if not wild_cards:
        return (low, tuple(table[low:high + 1]), None)  # type: ignore[arg-type]
    holes = ((1 << high + 1) - (1 << low)) & ~taken
    wild_slot = holes.bit_length() - 1 if holes else (low - 1 if low > 1 else high + 1)
    return _build(table, low, high, wild_cards[0], wild_slot)


class _Refusal(IllegalMove):
    """A move refused by the fast verdict: which rule it breaks, and the message's parameters,
    are worked out the first time someone asks (``err.rule``, ``str(err)``) by ``explain``,
    the general path that raises the full refusal. So a refusal the caller only catches
    costs no more than the verdict."""

    def __init__(self, explain: Callable[[], object]) -> None:
        ValueError.__init__(self)
        self._explain = explain
        self._found: IllegalMove | None = None

    def _why(self) -> IllegalMove:
        found = self._found
        if found is None:
            try:
                self._explain()
            except IllegalMove as err:
                found = self._found = err
            else:  # pragma: no cover - the exhaustive sweeps hold the two verdicts together
                raise AssertionError("the fast verdict refused a legal move")
        return found

    @property
    def rule(self) -> str:  # type: ignore[override]
        return self._why().rule

    @property
    def params(self) -> dict[str, Any]:  # type: ignore[override]
        return self._why().params

    @property
    def args(self) -> tuple[Any, ...]:  # type: ignore[override]
        return (self.rule,)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_refusal, (self.rule, self.params))


def _rebuild_refusal(rule: str, params: dict[str, Any]) -> IllegalMove:
    return IllegalMove(rule, **params)


def _as_cards(cards: CardsLike) -> tuple[Card, ...]:
    if type(cards) is tuple:
        for card in cards:
            if type(card) is not Card:
                break
        else:
            return cards
    return parse_cards(cards)


def _check_deck(cards: tuple[Card, ...], rules: Ruleset) -> Failure | None:
    """Jokers allowed, and no more copies of a face than the two decks hold."""
    jokers = rules.jokers
    if not jokers:
        for card in cards:
            if card.is_joker:
                return ("card.no-jokers", lambda: {"ruleset": rules.label,
                                                   "cards": tuple([c for c in cards if c.is_joker])})
    if jokers != 1 and len(set(cards)) == len(cards):
        # Each face exists as two Card objects (one per deck): with no card given twice,
        # no face is there more than twice, and 2 jokers are within any limit but 1.
        return None
    faces = [c.face for c in cards]
    if len(set(faces)) == len(faces):
        return None
    counts: dict[tuple[int, str], int] = {}
    for card in cards:
        face = card.face
        count = counts[face] = counts.get(face, 0) + 1
        limit = rules.jokers if card.is_joker else 2
        if count > limit:
            return ("card.too-many-copies", lambda card=card, limit=limit, face=face: {
                "card": card, "limit": limit, "count": faces.count(face)})
    return None


def check_deck(cards: Iterable[Card], rules: Ruleset) -> None:
    """Refuse cards a ruleset's two decks cannot hold: a joker where there are none, or a card
    given more times than it exists (``IllegalMove`` ``card.no-jokers``, ``card.too-many-copies``)."""
    problem = _check_deck(tuple(cards), rules)
    if problem is not None:
        raise _refuse(problem)


# A run being arranged is a table of 15 places (index = slot, 1..14; 0 unused) and a
# bit mask of the slots taken (bit n = slot n): the checks are then integer arithmetic.
Table = list[Card | None]
_ALL_ACES = 1 << 1 | 1 << HIGH_ACE
_QUEEN_KING = 1 << 12 | 1 << 13
_TWO_TO_FOUR = 1 << 2 | 1 << 3 | 1 << 4


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


def _aces_failure(low_ace: Card, high_ace: Card) -> Failure:
    return ("run.ace-to-ace", lambda: {"cards": (low_ace, high_ace)})


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


def _taken(table: Table) -> list[Card]:
    """The cards of a table in slot order (a table holds exactly the cards of its mask)."""
    return list(filter(None, table))


def _gap_failure(suit: str, table: Table, mask: int, low: int, high: int, wilds: int) -> Failure:
    if mask & _ALL_ACES and mask & _QUEEN_KING and mask & _TWO_TO_FOUR:
        return ("run.wrap-around", lambda: {"cards": tuple(_taken(table))})
    return ("run.gap", _GapParams(suit, table, mask, low, high, wilds))


class _GapParams:
    """The parameters of a ``run.gap`` refusal, built when asked; ``weight`` ranks two readings
    of the same cards that both leave gaps: fewer missing cards first, then more wilds (the
    reading with the 2 of the suit as the wild), so that 2♥=4♥ 5♥ 6♥ + 9♥ is told as 5♥ 6♥ 9♥
    missing 7♥ and 8♥ with one wild, not as 2♥ 5♥ 6♥ 9♥ missing four cards with none."""

    __slots__ = ("suit", "table", "mask", "low", "high", "wilds", "weight")

    def __init__(self, suit: str, table: Table, mask: int, low: int, high: int, wilds: int) -> None:
        self.suit, self.table, self.mask, self.low, self.high, self.wilds = suit, table, mask, low, high, wilds
        self.weight = (high - low + 1 - mask.bit_count()) * 16 - wilds

    def __call__(self) -> dict[str, Any]:
        mask, suit = self.mask, self.suit
        return {"cards": tuple(_taken(self.table)), "wilds": self.wilds,
                "gaps": tuple([_slot_card(s, suit) for s in range(self.low, self.high + 1) if not mask >> s & 1])}


def _weight(failure: Failure) -> int:
    """How badly a reading fails, among readings refused by the same rule (0 but for gaps)."""
    params = failure[1]
    return params.weight if type(params) is _GapParams else 0


# --------------------------------------------------------------- the fast verdict
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


class Meld:
    """A legal meld on the table: a run or a group, at most one wild.

    Build one with :meth:`lay_down` (or :meth:`parse` for an exact table
    arrangement); :meth:`attach` returns a new Meld and leaves this one as it
    was. Melds are immutable and hashable and remember their ruleset.
    """

    __slots__ = ("kind", "cards", "wild_index", "rules", "suit", "rank", "low")

    kind: MeldKind
    cards: tuple[Card, ...]
    wild_index: int | None
    rules: Ruleset
    suit: str
    rank: int
    low: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("build a Meld with Meld.lay_down(cards, rules) or Meld.parse(text, rules)")

    @classmethod
    def _make(cls, kind: MeldKind, cards: tuple[Card, ...], wild_index: int | None,
              rules: Ruleset, suit: str = "", rank: int = 0, low: int = 0) -> Meld:
        meld = _new_meld(cls)
        _set_kind(meld, kind)
        _set_cards(meld, cards)
        _set_wild_index(meld, wild_index)
        _set_rules(meld, rules)
        _set_suit(meld, suit)
        _set_rank(meld, rank)
        _set_low(meld, low)
        return meld

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Meld is immutable: attach() returns a new Meld")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Meld.parse, (self.table_code, self.rules))

    # ---------------------------------------------------------------- building
    @staticmethod
    def is_legal(cards: CardsLike, rules: str | Ruleset) -> bool:
        """Whether these cards make a new meld: the verdict of :meth:`lay_down` alone, without
        building the meld or a refusal (the fastest check; nothing is remembered between calls)."""
        cards, total, rules = _totalled(cards, rules)
        return _judge(total, len(cards), rules) != _ILLEGAL

    @staticmethod
    def laid_with_wild(cards: CardsLike, rules: str | Ruleset) -> bool | None:
        """None where :meth:`is_legal` says no; else whether the meld :meth:`lay_down` makes has a
        wild standing for another card (its ``wild_index`` is not None), told without building it
        where the fast verdict arranges the meld by arithmetic (a caller scoring many candidate
        lay-downs wants only this)."""
        cards, total, rules = _totalled(cards, rules)
        verdict = _judge(total, len(cards), rules)
        if verdict == _ILLEGAL:
            return None
        if verdict == _OTHER_RUN:
            return _arrange_other_run(cards, total, 13 if rules.run_fourteenth_place else 12)[2] is not None
        return bool(total >> _WILDS_AT & 15)  # a group's or a simple run's wild always stands for a card

    @classmethod
    def lay_down(cls, cards: CardsLike, rules: str | Ruleset) -> Meld:
        """The meld these cards make, arranged canonically; raises :class:`IllegalMove`.

        The verdict comes first (:meth:`is_legal`'s arithmetic); the common melds are then
        arranged directly, and a refusal works out which rule it names only when asked.
        """
        cards, total, rules = _totalled(cards, rules)
        verdict = _judge(total, len(cards), rules)
        if verdict == _ILLEGAL:
            raise _Refusal(lambda: cls._lay_down(cards, rules, False))
        return _judged_meld(cards, total, verdict, rules)

    @classmethod
    def lay_down_options(cls, cards: CardsLike, rules: str | Ruleset) -> tuple[Meld, ...]:
        """Every legal arrangement of these cards as a new meld, canonical first."""
        return cls._lay_down(cards, rules, True)

    @classmethod
    def _lay_down(cls, cards: CardsLike, rules: str | Ruleset, every: bool) -> tuple[Meld, ...]:
        """The canonical arrangement (``every``: all legal arrangements) or the refusal."""
        if type(rules) is not Ruleset:
            rules = ruleset(rules)
        cards = _as_cards(cards)
        if len(cards) < 3:
            raise IllegalMove("meld.too-few-cards", cards=cards, count=len(cards))
        if rules.jokers < 2 or len(set(cards)) != len(cards):  # else _check_deck has nothing to find
            problem = _check_deck(cards, rules)
            if problem is not None:
                raise _refuse(problem)
        naturals = [c for c in cards if not c.is_wild]
        if not naturals:
            # Only 2s and jokers: at most one 2 can be natural, so two or more act as wilds.
            raise IllegalMove("meld.only-wilds", cards=cards)
        first = naturals[0]
        rank, suit = first.rank, first.suit
        same_rank = same_suit = True
        for card in naturals:
            if card.rank != rank:
                same_rank = False
            if card.suit != suit:
                same_suit = False
        run_result: list[Arrangement] | Failure | None = None
        if same_suit:
            twos: list[Card] = []
            others: list[Card] = []
            if len(naturals) == len(cards):
                run_result = _simple_run(suit, naturals, None)
            else:
                for card in cards:
                    if card.is_wild:
                        (twos if card.rank == 2 and card.suit == suit else others).append(card)
                if len(twos) > 1:
                    # of two copies of the suit's 2, the first deck's is the natural one
                    twos.sort(key=_card_order)
                elif len(twos) + len(others) == 1:
                    run_result = _simple_run(suit, naturals, (twos or others)[0])
            if run_result is None:
                run_result = _arrange_run(suit, [None] * 15, 0, naturals, twos, others, None, None, rules)
            if type(run_result) is list:
                make = cls._make
                if not every:
                    first_found = run_result[0]
                    return (make(RUN, first_found[1], first_found[2], rules, suit, 0, first_found[0]),)
                return tuple([make(RUN, a[1], a[2], rules, suit, 0, a[0]) for a in run_result])
        if same_rank:
            group = cls._group(rank, naturals, [c for c in cards if c.is_wild], rules, cards)
            if isinstance(group, Meld):
                return (group,)
            if len(naturals) > 1 or run_result is None:
                raise _refuse(group)
        if run_result is not None:
            raise _refuse(run_result)  # type: ignore[arg-type]
        raise IllegalMove("meld.not-a-meld", cards=cards)

    @classmethod
    def _group(cls, rank: int, naturals: list[Card], wilds: list[Card], rules: Ruleset,
               cards: tuple[Card, ...]) -> Meld | Failure:
        if not rules.groups_allowed:
            return ("group.not-allowed", lambda: {"ruleset": rules.label, "cards": cards, "rank": rank})
        if len(wilds) > 1:
            return ("meld.one-wild", lambda: {"wilds": tuple(wilds)})
        if wilds:
            return cls._make(GROUP, (*sorted(naturals, key=_card_order), *wilds), len(naturals), rules, "", rank)
        return cls._make(GROUP, tuple(sorted(naturals, key=_card_order)), None, rules, "", rank)

    @classmethod
    def parse(cls, text: str, rules: str | Ruleset) -> Meld:
        """Read a meld from its table form, as :attr:`table_code` writes it.

        ``"5H 6H 2H=7H 8H"`` places the wild exactly, and a run without a wild
        written in one of its legal orders keeps it (``"2H 3H ... KH AH"``, the
        ace high); otherwise, without ``=``, the cards are laid down
        canonically, as by :meth:`lay_down`.
        """
        if not isinstance(text, str):
            raise NotationError(Message("notation.not-a-meld", value=shown(text)), shown(text))
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
        # A wild may stay where a new meld would not put it (a 2 of the suit kept as a wild
        # by attaching around it): any arrangement that obeys the rules is read as written.
        marked = [i for i, t in enumerate(tokens) if "=" in t]
        if len(marked) == 1:
            stands = parse_card(tokens[marked[0]].split("=", 1)[1])
            written = cls._written_run(parse_cards(plain), marked[0], stands, rules)
            if written is not None:
                return written
        raise NotationError(Message("notation.arrangement", text=shorten(text),
                                    legal=tuple([m.table_code for m in options])), text)

    @classmethod
    def _written_run(cls, cards: tuple[Card, ...], index: int, stands: Card, rules: Ruleset) -> Meld | None:
        """The run exactly as written, its wild at ``index`` standing for ``stands``; None if illegal."""
        if len(cards) < 3 or not cards[index].is_wild or stands.is_joker or _check_deck(cards, rules):
            return None
        suit = stands.suit
        slot = stands.rank if stands.rank != ACE else (1 if index == 0 else HIGH_ACE)
        low = slot - index
        high = low + len(cards) - 1
        if low < 1 or high > HIGH_ACE:
            return None
        for i, card in enumerate(cards):
            if i != index and (card.suit != suit or card.rank != (ACE if low + i == HIGH_ACE else low + i)):
                return None
        if low == 1 and high == HIGH_ACE and not rules.ace_to_ace and 0 < index < len(cards) - 1:
            return None  # both aces natural
        return cls._make(RUN, cards, index, rules, suit, 0, low)

    # --------------------------------------------------------------- attaching
    def attach(self, cards: CardsLike) -> Meld:
        """A new meld with these cards added, canonically arranged; raises :class:`IllegalMove`."""
        new = _as_cards(cards)
        if new and self._attach_is_lay_down(new):
            # the fast verdict decides, the general path explains a refusal
            whole = self.cards + new
            total = sum(map(_PACKED.__getitem__, whole))
            verdict = _judge(total, len(whole), self.rules)
            if verdict == _ILLEGAL:
                raise _Refusal(lambda: self._attach(new, False))
            return _judged_meld(whole, total, verdict, self.rules)
        return self._attach(new, False)[0]

    def try_attach(self, cards: CardsLike) -> Meld | None:
        """:meth:`attach`'s meld, or None where it refuses: no refusal is built where the fast
        verdict decides (a caller weighing many attaches wants the melds, not the reasons)."""
        new = _as_cards(cards)
        if new and self._attach_is_lay_down(new):
            whole = self.cards + new
            total = sum(map(_PACKED.__getitem__, whole))
            verdict = _judge(total, len(whole), self.rules)
            return None if verdict == _ILLEGAL else _judged_meld(whole, total, verdict, self.rules)
        try:
            return self._attach(new, False)[0]
        except IllegalMove:
            return None

    def can_attach(self, cards: CardsLike) -> bool:
        """Whether :meth:`attach` takes these cards: its verdict alone, without building the
        meld or a refusal where the fast verdict decides (nothing is remembered between calls)."""
        new = _as_cards(cards)
        if new and self._attach_is_lay_down(new):
            whole = self.cards + new
            return _judge(sum(map(_PACKED.__getitem__, whole)), len(whole), self.rules) != _ILLEGAL
        try:
            self._attach(new, False)
        except IllegalMove:
            return False
        return True

    def _attach_is_lay_down(self, new: tuple[Card, ...]) -> bool:
        """Whether attaching ``new`` gives the meld all the cards make when laid down anew.

        True for a group, and for a run whose naturals keep their slots in every reading of
        the cards (docs/RULES.md sections 3 and 4: a free wild goes where it is needed, a bound wild stays
        in the one gap there is unless the card it stands for comes): no ace and no 2 of the
        suit among the naturals, or an ace at one end with the other end too far away for the
        ace to be read at the other end. Not with a 2 of the run's suit as its wild: laid down
        anew it could take its natural place, where a bound one may not move and a free one
        at an end would carry an ace from one end to the other; nor where a replaced wild
        could move to stand for the second ace (a run reaching both ends).
        """
        if self.kind == GROUP:
            return True
        wild_index, size, suit = self.wild_index, len(self.cards), self.suit
        if wild_index is not None and self.cards[wild_index].face == (2, suit):
            return False  # laid down anew it could take its natural place (and move an ace end)
        first = self.low + (wild_index == 0)  # the slots of the first and the last natural
        last = self.low + size - 1 - (wild_index == size - 1)
        if first >= 3 and last <= 13:
            for card in new:  # noqa: SIM110 - a loop: all() over a generator builds a function each call
                if card.rank == ACE:
                    return False
            return True
        if last == HIGH_ACE and first >= 4:
            lowest, highest = 4, 13
        elif first == 1 and last <= 11:
            lowest, highest = 3, 11
        else:
            return False
        for card in new:
            rank = card.rank
            if rank == ACE or (rank == 2 and card.suit == suit):
                return False
            if not card.is_wild and card.suit == suit and not lowest <= rank <= highest:
                return False
        return True

    def attach_options(self, cards: CardsLike) -> tuple[Meld, ...]:
        """Every legal arrangement after attaching these cards, canonical first."""
        return self._attach(cards, True)

    def _attach(self, cards: CardsLike, every: bool) -> tuple[Meld, ...]:
        """The canonical result (``every``: all legal results) or the refusal."""
        new = _as_cards(cards)
        if not new:
            raise IllegalMove("meld.empty-attach")
        rules = self.rules
        problem = _check_deck(self.cards + new, rules)
        if problem is not None:
            raise _refuse(problem)
        if self.kind == GROUP:
            wrong = [c for c in new if not c.is_wild and c.rank != self.rank]
            if wrong:
                raise IllegalMove("group.wrong-rank", cards=tuple(wrong), rank=self.rank)
            naturals = [c for c in self.cards if not c.is_wild] + [c for c in new if not c.is_wild]
            wilds = [c for c in self.cards if c.is_wild] + [c for c in new if c.is_wild]
            group = self._group(self.rank, naturals, wilds, rules, self.cards + new)
            if isinstance(group, Meld):
                return (group,)
            raise _refuse(group)
        return self._attach_run(new, every)

    def _attach_run(self, new: tuple[Card, ...], every: bool) -> tuple[Meld, ...]:
        suit, low, rules = self.suit, self.low, self.rules
        wrong = [c for c in new if not c.is_wild and c.suit != suit]
        if wrong:
            raise IllegalMove("run.mixed-suits", cards=tuple(wrong), suit=suit)
        wild_index = self.wild_index
        size = len(self.cards)
        table: Table = [None] * 15
        table[low:low + size] = self.cards
        mask = ((1 << size) - 1) << low
        if wild_index is not None:
            table[low + wild_index] = None
            mask &= ~(1 << (low + wild_index))
        loose = [c for c in new if not c.is_wild]
        if len(loose) == len(new):
            twos: list[Card] = []
            wilds: list[Card] = []
        else:
            twos = sorted([c for c in new if c.rank == 2 and c.suit == suit], key=_card_order)
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
        natural_two = table[2] if wild_index is None and mask & 4 else None
        result = _arrange_run(suit, table[:] if natural_two else table, mask, loose, twos, wilds,
                              pinned, released, rules)
        if type(result) is not list and natural_two is not None:
            # The federation's code, art. 10 (docs/RULES.md section 4): a run with no wild may turn its natural
            # 2 into its one wild when cards are attached, so 2♦ 3♦ 4♦ + 6♦ gives 3♦ 4♦ 2♦(5♦) 6♦,
            # as laying the four cards down does. Tried only when the 2 cannot stay (the fewest
            # wilds first); when that fails too, the first refusal is the one that explains, unless
            # both break the same rule and the turned reading misses fewer cards (2♦ 3♦ 4♦ + 8♦:
            # 5♦ 6♦ 7♦ are missing either way, and the 2 could be the one wild).
            table[2] = None
            turned = _arrange_run(suit, table, mask & ~4, loose, sorted([natural_two, *twos], key=_card_order),
                                  wilds, None, None, rules)
            if type(turned) is list or (turned[0] == result[0]
                                        and _weight(turned) < _weight(result)):  # type: ignore[arg-type]
                result = turned
        if type(result) is not list:
            raise _refuse(result)  # type: ignore[arg-type]
        make = self._make
        if not every:
            first = result[0]
            return (make(RUN, first[1], first[2], rules, suit, 0, first[0]),)
        return tuple([make(RUN, a[1], a[2], rules, suit, 0, a[0]) for a in result])

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
        return _SLOT_TEXT[self.low + self.wild_index, self.suit]

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
    def burraco(self) -> BurracoKind | None:
        """None, ``"clean"``, ``"semi-clean"``, ``"dirty"``, ``"royal"`` or ``"ace-to-ace"``."""
        size = len(self.cards)
        if size < BURRACO_MIN_CARDS:
            return None
        rules = self.rules
        if self.wild_index is None:
            if self.kind == RUN and rules.ace_to_ace_bonus is not None and size == 14:
                return "ace-to-ace"
            if self.kind == RUN and rules.royal_bonus is not None and size == 13:
                return "royal"
            return "clean"
        if rules.semi_clean_bonus is not None:
            # docs/RULES.md section 7: a group needs 7 naturals; a run 7 naturals in a row, its wild at an end of
            # the run (italiano, seed 001) or anywhere beside them (buraco, seed 002)
            if self.kind == GROUP or rules.semi_clean_wild == "anywhere":
                longest = size - 1 if self.kind == GROUP else max(self.wild_index, size - 1 - self.wild_index)
            else:
                longest = size - 1 if self.wild_index in (0, size - 1) else 0
            if longest >= 7:
                return "semi-clean"
        return "dirty"

    @property
    def burraco_bonus(self) -> int:
        """The bonus this meld earns as a burraco under its ruleset (0 if none)."""
        kind = self.burraco
        return 0 if kind is None else self.rules.burraco_bonuses.get(kind, 0)

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

    def describe(self) -> Message:
        """The meld for people, as a message: ``str()`` gives ``"run of hearts: 5♥ 6♥ 2♥ 8♥ (5♥ to
        8♥), 2♥ standing for 7♥"``; ``.text(lang)`` another language."""
        cards = self.cards
        if self.kind == GROUP:
            text = Message("meld.group", rank=self.rank, cards=cards)
            if self.wild_index is not None:
                text = Message("meld.group-wild", meld=text, wild=cards[self.wild_index], rank=self.rank)
        else:
            low, suit = self.low, self.suit
            text = Message("meld.run", suit=suit, cards=cards, first=_slot_card(low, suit),
                           last=_slot_card(low + len(cards) - 1, suit))
            if self.wild_index is not None:
                text = Message("meld.run-wild", meld=text, wild=cards[self.wild_index],
                               stands_for=_slot_card(low + self.wild_index, suit))
        kind = self.burraco
        if kind:
            text = Message("meld.burraco", meld=text, kind=kind)
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
                and (self.rules is other.rules or self.rules == other.rules))

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.wild_index, self.low, self.rules.id))

    def _repr_svg_(self) -> str:
        from .svg import meld_svg

        return meld_svg(self)


def _judged_meld(cards: tuple[Card, ...], total: int, verdict: int, rules: Ruleset) -> Meld:
    """The canonical meld of cards the fast verdict (``_judge``) found legal."""
    if verdict == _SIMPLE_RUN:
        # naturals by rank, the wild (if any) last; it fills the one gap, or goes to the low end
        ordered = sorted(cards, key=_RUN_KEY.__getitem__)
        slots = total >> _SLOTS_AT
        low = (slots & -slots).bit_length() - 1
        suit = ordered[0].suit
        if not total >> _WILDS_AT & 15:
            return _make(RUN, tuple(ordered), None, rules, suit, 0, low)
        wild = ordered.pop()
        hole = ((1 << slots.bit_length()) - (1 << low)) & ~slots
        if hole:
            at = hole.bit_length() - 1 - low
            return _make(RUN, (*ordered[:at], wild, *ordered[at:]), at, rules, suit, 0, low)
        return _make(RUN, (wild, *ordered), 0, rules, suit, 0, low - 1)
    if verdict == _GROUP:
        group = tuple(sorted(cards, key=_GROUP_KEY.__getitem__))
        wild_index = len(group) - 1 if total >> _WILDS_AT & 15 else None
        return _make(GROUP, group, wild_index, rules, "", group[0].rank)
    low, arranged, wild_index = _arrange_other_run(cards, total, 13 if rules.run_fourteenth_place else 12)
    suit = _SUIT_OF_FIELD[_SINGLE_SUIT[total >> _SUITS_AT & 0xFFFF]]
    return _make(RUN, arranged, wild_index, rules, suit, 0, low)


# Building a Meld goes past its __setattr__ (which refuses every change) through the
# slot descriptors themselves: the fastest way to fill an immutable object.
_new_meld = object.__new__
_set_kind = Meld.__dict__["kind"].__set__
_set_cards = Meld.__dict__["cards"].__set__
_set_wild_index = Meld.__dict__["wild_index"].__set__
_set_rules = Meld.__dict__["rules"].__set__
_set_suit = Meld.__dict__["suit"].__set__
_set_rank = Meld.__dict__["rank"].__set__
_set_low = Meld.__dict__["low"].__set__
_make = Meld._make

__all__ = ["Meld", "MeldKind", "BurracoKind", "RUN", "GROUP", "HIGH_ACE", "JOKER", "check_deck"]
