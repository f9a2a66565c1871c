"""Scoring a hand (docs/RULES.md section 7) and victory points (section 8).

Each line of a breakdown says what it counts as a :class:`~burraco_core.messages.Message`
(keys ``score.*``), so it can be shown in any language: ``line.text("it")``;
``line.label`` is the English text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, format_cards, parse_cards
from .errors import BurracoError, IllegalMove, RulesetError, is_whole, shown, wrong_type
from .melds import Meld, check_deck
from .messages import DEFAULT_LANGUAGE, Message
from .rulesets import Ruleset, ruleset


@dataclass(frozen=True)
class ScoreLine:
    """One line of the count: what it is for, the points (negative for a penalty), the cards concerned."""

    key: str
    """Stable id of the kind of line: ``meld``, ``burraco``, ``closing``, ``in-hand``,
    ``no-pozzetto``, ``unused-pozzetto``, ``void``."""
    message: Message
    """What the line counts, in words (key ``score.<kind>``)."""
    points: int
    cards: tuple[Card, ...] = ()
    """The cards the line is about, shown beside it (a burraco's cards, the cards left in hand)."""

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What the line counts, in the given language."""
        return self.message.text(lang)

    @property
    def label(self) -> str:
        """What the line counts, in English."""
        return self.message.text(DEFAULT_LANGUAGE)

    @property
    def detail(self) -> str:
        """The cards concerned, as faces (``"K♥ 3♣"``; empty when there are none)."""
        return format_cards(self.cards, pretty=True)


@dataclass(frozen=True)
class ScoreBreakdown:
    """A side's score for one hand, line by line."""

    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def sum_of(self, key: str) -> int:
        """Points of every line of one kind (``"meld"``, ``"burraco"``, ...)."""
        return sum(line.points for line in self.lines if line.key == key)

    @property
    def meld_points(self) -> int:
        return self.sum_of("meld")

    @property
    def burraco_bonus(self) -> int:
        return self.sum_of("burraco")

    @property
    def closing_bonus(self) -> int:
        return self.sum_of("closing")

    @property
    def hand_penalty(self) -> int:
        return self.sum_of("in-hand")

    @property
    def pozzetto_penalty(self) -> int:
        return self.sum_of("no-pozzetto") + self.sum_of("unused-pozzetto")

    def as_text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The breakdown as a small table, for a terminal or a dispute at the table."""
        labels = [line.text(lang) for line in self.lines]
        total = TOTAL.text(lang)
        width = max((len(label) for label in (*labels, total)), default=5)
        rows = [f"{label:<{width}}  {line.points:>+6}  {line.detail}".rstrip()
                for label, line in zip(labels, self.lines, strict=True)]
        rows.append(f"{total:<{width}}  {self.total:>+6}")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.as_text()


TOTAL = Message("score.total")
"""The word of a breakdown's last row."""
VOID_LINE = ScoreLine("void", Message("score.void"), 0)
"""The one line of each side's breakdown when a hand is void."""


def _melds(melds: object, where: str) -> tuple[Meld, ...]:
    """The melds given, each a Meld; a TypeError names the argument otherwise (a meld's text, say)."""
    found = tuple(melds) if isinstance(melds, Iterable) and not isinstance(melds, (str, bytes)) else None
    if found is None or not all(isinstance(meld, Meld) for meld in found):
        raise wrong_type(where, "melds", "a list of Meld objects (bc.Meld.lay_down, bc.Meld.parse)", melds)
    return found


def score_side(
    melds: Iterable[Meld],
    in_hand: str | Iterable[Card | str],
    rules: str | Ruleset,
    *,
    closed: bool,
    took_pozzetto: bool,
    pozzetto_unused: bool = False,
) -> ScoreBreakdown:
    """Count one side's hand.

    ``in_hand`` is every card left in the hands of the side's players,
    including a pozzetto taken but not yet played. ``pozzetto_unused`` says
    the side took its pozzetto but never played from it (``pulito`` adds a
    penalty for that on top of the cards).
    """
    rules = ruleset(rules)
    hand = parse_cards(in_hand)
    melds = _melds(melds, "score_side")
    for meld in melds:
        if meld.rules != rules:
            raise RulesetError(Message("ruleset.meld-of-another", cards=meld.cards,
                                          meld_rules=meld.rules.label, rules=rules.label))
    # the side's cards together cannot hold more copies of a card than the two decks
    check_deck(tuple(c for m in melds for c in m.cards) + hand, rules)
    lines: list[ScoreLine] = []
    for meld in melds:
        lines.append(ScoreLine("meld", Message("score.meld", kind=meld.kind, cards=meld.cards), meld.points()))
    for meld in melds:
        if meld.burraco:
            lines.append(ScoreLine("burraco", Message("score.burraco", kind=meld.burraco), meld.burraco_bonus,
                                   meld.cards))
    if closed:
        lines.append(ScoreLine("closing", Message("score.closing"), rules.closing_bonus))
    if hand:
        lines.append(ScoreLine("in-hand", Message("score.in-hand", count=len(hand)),
                               -sum(rules.card_value(c) for c in hand), hand))
    if not took_pozzetto:
        lines.append(ScoreLine("no-pozzetto", Message("score.no-pozzetto"), -rules.no_pozzetto_penalty))
    elif pozzetto_unused and rules.unused_pozzetto_penalty:
        lines.append(ScoreLine("unused-pozzetto", Message("score.unused-pozzetto"),
                               -rules.unused_pozzetto_penalty))
    return ScoreBreakdown(tuple(lines))


@dataclass(frozen=True)
class SideCount:
    """What one side has at the end of a hand, as counted at the table (see :func:`score_hand`)."""

    melds: tuple[Meld, ...]
    in_hand: str | tuple[Card, ...] = ()
    """Every card left in the side's players' hands (a pozzetto taken but unplayed included)."""
    took_pozzetto: bool = True
    pozzetto_unused: bool = False


def score_hand(
    sides: Sequence[SideCount],
    rules: str | Ruleset,
    *,
    closed_by: int | None = None,
) -> tuple[ScoreBreakdown, ScoreBreakdown]:
    """Count a whole hand for both sides at once (side 0, side 1), checking what one side's count
    cannot see: the two sides' cards together against the decks (``card.too-many-copies``,
    ``card.no-jokers``), and that the side credited with closing (``closed_by``) could close: it has
    a burraco (a clean one when the ruleset asks for it) and took its pozzetto, unless the ruleset
    turns the pozzetti into the stock (``score.closed-without-burraco``, ``score.closed-without-clean-burraco``,
    ``score.closed-without-pozzetto``). A refusal is an :class:`IllegalMove`, as at the table.
    """
    rules = ruleset(rules)
    if not isinstance(sides, Sequence) or not all(isinstance(side, SideCount) for side in sides):
        raise wrong_type("score_hand", "sides", "a SideCount for each of the two sides", sides)
    if len(sides) != 2:
        raise BurracoError(f"a hand is counted for two sides, not {len(sides)}")
    if closed_by not in (None, 0, 1):
        raise BurracoError(f"closed_by is 0, 1 or None, not {shown(closed_by)}")
    hands = [parse_cards(side.in_hand) for side in sides]
    for side in sides:
        for meld in _melds(side.melds, "SideCount"):
            if meld.rules != rules:
                raise RulesetError(Message("ruleset.meld-of-another", cards=meld.cards,
                                          meld_rules=meld.rules.label, rules=rules.label))
    check_deck(tuple(c for side, hand in zip(sides, hands, strict=True)
                     for c in (*(c for m in side.melds for c in m.cards), *hand)), rules)
    if closed_by is not None:
        closer = sides[closed_by]
        if rules.close_needs_clean:
            if not any(m.burraco and m.wild is None for m in closer.melds):
                raise IllegalMove("score.closed-without-clean-burraco")
        elif not any(m.burraco for m in closer.melds):
            raise IllegalMove("score.closed-without-burraco")
        # where a pozzetto may become the stock, a side may close with its pozzetto gone that way
        if not closer.took_pozzetto and rules.stock_exhausted == "hand-ends":
            raise IllegalMove("score.closed-without-pozzetto")
    first, second = (
        score_side(side.melds, hand, rules, closed=closed_by == index, took_pozzetto=side.took_pozzetto,
                   pozzetto_unused=side.pozzetto_unused)
        for index, (side, hand) in enumerate(zip(sides, hands, strict=True))
    )
    return first, second


# Victory points: docs/RULES.md section 8, as published by Italian tournament sites
# quoting the FIBUR code. Each row: highest match-point difference of the band,
# winner's VP (the loser gets 20 minus it). Above the last row: 20-0.
VICTORY_POINT_TABLES: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15), (800, 16),
        (1000, 17), (1250, 18), (1500, 19)),
    4: ((100, 10), (300, 11), (500, 12), (700, 13), (900, 14), (1100, 15), (1300, 16),
        (1500, 17), (1700, 18), (2000, 19)),
}
VICTORY_POINT_SOURCE = (
    "docs/RULES.md section 8: tables published by Italian tournament sites quoting the "
    "FIBUR 'Codice di Gara'; scores are multiples of 5, so the bands have no gaps."
)


def victory_points(match_points_a: int, match_points_b: int, hands: int = 3) -> tuple[int, int]:
    """Convert two sides' match totals into victory points on the 20-0 scale."""
    for name, points in (("match_points_a", match_points_a), ("match_points_b", match_points_b)):
        if not is_whole(points):
            raise wrong_type("victory_points", name, "a whole number of points", points)
    table = VICTORY_POINT_TABLES.get(hands) if is_whole(hands) else None
    if table is None:
        raise BurracoError(f"victory points are tabled for 3 or 4 hands, not {shown(hands)}")
    difference = abs(match_points_a - match_points_b)
    winner = 20
    for upper, vp in table:
        if difference <= upper:
            winner = vp
            break
    return (winner, 20 - winner) if match_points_a >= match_points_b else (20 - winner, winner)
