"""Refusals: which rule a meld breaks and the message's parameters, built only for the refusal shown.

A reading of the cards that fails returns a :data:`~.base.Failure` (the rule id and a function that
builds the parameters); of several, the most telling is chosen by ``_PRIORITY`` and ``_weight``.
``_Refusal`` is the fast verdict's refusal, which asks the general path which rule to name only
when someone reads it. ``check_deck`` refuses cards the two decks cannot hold.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import Card
from ..errors import IllegalMove
from ..rulesets import Ruleset
from .base import HIGH_ACE, Failure, Table, _slot_card

# When every reading of the cards fails, the error that explains most is shown.
_PRIORITY = {
    "card.no-jokers": 0, "card.too-many-copies": 1, "run.duplicate-rank": 2,
    "run.ace-to-ace": 3, "run.wrap-around": 4, "meld.one-wild": 5, "wild.bound": 6,
    "wild.nowhere-to-go": 4, "run.too-long": 8, "run.gap": 9, "run.no-fourteenth-place": 3,
    "wild.complete-run-locked": 4,  # a replaced wild with no place tells more than a 2 read as a second wild
}


def _refuse(failure: Failure) -> IllegalMove:
    return IllegalMove(failure[0], **failure[1]())


class _Refusal(IllegalMove):
    """A move refused by the fast verdict: which rule it breaks, and the message's parameters,
    are worked out the first time someone asks (``err.rule``, ``str(err)``) by the general path
    that raises the full refusal: ``_Refusal(explain, *arguments)`` calls ``explain(*arguments)``
    then. So a refusal the caller only catches costs no more than the verdict: it is built by
    ``BaseException``'s own ``__init__`` (no Python frame, no closure), which keeps the explaining
    call in the exception's C-level arguments (``args`` itself says the rule, as for any refusal)."""

    __init__ = BaseException.__init__
    _found: IllegalMove | None = None

    def _why(self) -> IllegalMove:
        found = self._found
        if found is None:
            explain, *arguments = _raised_with(self)
            try:
                explain(*arguments)
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


# The arguments an exception was built with, past _Refusal's own ``args``.
_raised_with = BaseException.__dict__["args"].__get__


def _rebuild_refusal(rule: str, params: dict[str, Any]) -> IllegalMove:
    return IllegalMove(rule, **params)


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


_ALL_ACES = 1 << 1 | 1 << HIGH_ACE
_QUEEN_KING = 1 << 12 | 1 << 13
_TWO_TO_FOUR = 1 << 2 | 1 << 3 | 1 << 4


def _aces_failure(low_ace: Card, high_ace: Card) -> Failure:
    return ("run.ace-to-ace", lambda: {"cards": (low_ace, high_ace)})


def _taken(table: Table) -> list[Card]:
    """The cards of a table in slot order (a table holds exactly the cards of its mask)."""
    return list(filter(None, table))


def _round_the_corner(cards: list[Card]) -> tuple[Card, ...]:
    """The cards in the order they would lie turning the corner (Q K A 2 3, K A 3), not ace-low
    (A 2 3 Q K), which would hide the corner the refusal is about: start after the widest gap."""
    ranks = sorted({card.rank for card in cards})
    gaps = [((ranks[(i + 1) % len(ranks)] - rank) % 13, ranks[(i + 1) % len(ranks)]) for i, rank in enumerate(ranks)]
    start = max(gaps)[1]
    return tuple(sorted(cards, key=lambda card: (card.rank - start) % 13))


def _gap_failure(suit: str, table: Table, mask: int, low: int, high: int, wilds: int) -> Failure:
    if mask & _ALL_ACES and mask & _QUEEN_KING and mask & _TWO_TO_FOUR:
        return ("run.wrap-around", lambda: {"cards": _round_the_corner(_taken(table))})
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
