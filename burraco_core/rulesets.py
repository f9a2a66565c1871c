"""Rulesets: every cell of the variant table (docs/RULES.md section 9) as a field.

A teacher derives a house-rule variant with ``dataclasses.replace``::

    house = dataclasses.replace(ruleset("classic"), id="house", pozzetto_al_volo=False)

Fields that contradict each other raise :class:`RulesetError` at once
instead of being silently fixed.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from types import MappingProxyType
from typing import Literal, get_type_hints

from .cards import ACE, JOKER, Card
from .errors import RulesetError, join_problems, shown
from .messages import Message

StockExhausted = Literal["hand-ends", "pozzetto-becomes-stock"]
GameLength = Literal["match", "one-hand", "target"]
SemiCleanWild = Literal["at-an-end", "anywhere"]


@dataclass(frozen=True)
class Ruleset:
    """One way of playing Burraco. Every field is documented; none is derived."""

    id: str
    """Short name used in saved games and reprs (``"classic"``)."""
    name: str = ""
    """Name shown to people."""
    jokers: int = 4
    """Jokers in the two decks (4, or 0 in ``pulito``)."""
    groups_allowed: bool = True
    """Whether groups of one rank may be melded (``pulito``: runs only)."""
    ace_to_ace: bool = False
    """Whether a run may hold both aces, A-2-...-K-A (only complete, 14 cards)."""
    run_fourteenth_place: bool = True
    """Whether a wild may stand for the second ace of a run, beyond the king or below the 2: 13 naturals and a
    wild, 14 cards (seed 000's A-2-...-K-wild; ``buraco``, seed 002: a run never holds two aces, not even a wild
    standing for one)."""
    complete_run_wild_locked: bool = False
    """Whether the wild of a complete run (all 13 ranks) is locked: the card it stands for may not replace it,
    which would move it to the 14th place (``italiano`` and ``pulito``, seeds 001 and 004). Meaningful only with
    ``run_fourteenth_place``: without a 14th place such a wild has nowhere to go anyway."""
    two_value: int = 20
    """Points of a 2, whatever role it plays."""
    joker_value: int = 30
    """Points of a joker."""
    ace_value: int = 15
    """Points of an ace."""
    high_value: int = 10
    """Points of an 8, 9, 10, J, Q or K."""
    low_value: int = 5
    """Points of a 3, 4, 5, 6 or 7."""
    clean_bonus: int = 200
    """Bonus for a clean burraco (no wild)."""
    dirty_bonus: int = 100
    """Bonus for a dirty burraco (with a wild)."""
    semi_clean_bonus: int | None = None
    """Bonus for a semi-clean burraco (a wild and 7 natural cards in a row); None: no such burraco."""
    semi_clean_wild: SemiCleanWild = "at-an-end"
    """Where a semi-clean run's wild stands: ``"at-an-end"`` of the run, after or before its 7 or more
    natural cards in a row (``italiano``, seed 001: "un comodín al principio o al final", 4 5 6 7 8 9
    10 2), or ``"anywhere"``, as long as 7 natural cards stand in a row (``buraco``, seed 002). A
    semi-clean group is a wild and 7 naturals either way. Meaningful only with ``semi_clean_bonus``."""
    royal_bonus: int | None = None
    """Bonus, instead of the clean one, for a clean run of all 13 ranks; None: no royal burraco."""
    ace_to_ace_bonus: int | None = None
    """Bonus, instead of the clean one, for a clean run A-2-...-K-A; None: no such burraco."""
    closing_bonus: int = 100
    """Points for the side that closes."""
    pozzetto_al_volo: bool = True
    """Whether a player may take the pozzetto by melding the last cards and play on at once."""
    close_needs_clean: bool = False
    """Whether closing needs a clean burraco (otherwise any burraco)."""
    close_by_meld: bool = False
    """Whether a player may close by melding the last card (otherwise only by a non-wild discard)."""
    stock_exhausted: StockExhausted = "hand-ends"
    """What happens when the stock runs out: the hand ends with 2 cards left, or a pozzetto becomes the stock."""
    unused_pozzetto_penalty: int = 0
    """Extra penalty when the side took its pozzetto but never played from it (its cards count too)."""
    no_pozzetto_penalty: int = 100
    """Penalty for a side that never took its pozzetto."""
    game_length: GameLength = "match"
    """How long a game is: several hands scored in match and victory points, one hand, or up to a target."""
    target_score: int | None = None
    """The score that ends a game when ``game_length`` is ``"target"`` (2005 in ``buraco``)."""
    open_discard_pile: bool = True
    """Whether every card of the discard pile is visible (False: "chiuso", only the top card)."""
    opponents_must_have_played: bool = True
    """Whether closing needs every opponent to have played at least one turn."""
    stalemate_limit: int | None = 12
    """After this many turns in a row that only take the discard pile, the hand is void; None: never."""

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            fields_named = tuple(dict.fromkeys(name for name, _ in problems))
            said = tuple(msg for _, msg in problems)
            raise RulesetError(Message("ruleset.inconsistent", ruleset=_label_of(self), problems=join_problems(said)),
                               fields=fields_named, problems=said)

    @property
    def label(self) -> Message | str:
        """The ruleset's name as a message parameter: for a built-in ruleset its catalogue name (key
        ``ruleset.<id>``, said in the reader's language); for a house variant its own ``name`` (or id)."""
        base = RULESETS.get(self.id)
        if base is not None and base.name == self.name:
            return Message(f"ruleset.{self.id}")
        return self.name or self.id

    @property
    def deck_size(self) -> int:
        """Cards in play: 104 naturals plus the jokers."""
        return 104 + self.jokers

    @cached_property
    def burraco_bonuses(self) -> dict[str, int]:
        """The bonus of each kind of burraco this ruleset scores (``clean``, ``dirty``, and ``semi-clean``,
        ``royal``, ``ace-to-ace`` where it has them). Made once (the bots ask it for every meld they weigh):
        read it, do not change it."""
        bonuses = {"clean": self.clean_bonus, "dirty": self.dirty_bonus, "semi-clean": self.semi_clean_bonus,
                   "royal": self.royal_bonus, "ace-to-ace": self.ace_to_ace_bonus}
        return {kind: bonus for kind, bonus in bonuses.items() if bonus is not None}

    def card_value(self, card: Card) -> int:
        """Points of a card in a meld (or against the side, when left in hand)."""
        rank = card.rank
        if rank == JOKER:
            return self.joker_value
        if rank == 2:
            return self.two_value
        if rank == ACE:
            return self.ace_value
        return self.high_value if rank >= 8 else self.low_value

    def __repr__(self) -> str:
        if RULESETS.get(self.id) == self:
            return f"ruleset({self.id!r})"
        base = RULESETS.get(self.id)
        if base is None:
            return _dataclass_repr(self)
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                   if getattr(self, f.name) != getattr(base, f.name)]
        return f"dataclasses.replace(ruleset({self.id!r}), {', '.join(changed)})"


def _label_of(rules: Ruleset) -> Message | str:
    """The ruleset's label for its own error (RULESETS does not exist yet while the built-ins are made)."""
    if not isinstance(rules.name, str) or not isinstance(rules.id, str):
        return _shown(rules.id)
    try:
        return rules.label
    except NameError:
        return rules.name or rules.id


def _field(name: str) -> Message:
    """A field of Ruleset in words, its code after them (``ruleset.field.<name>``)."""
    return Message(f"ruleset.field.{name}")


def _shown(value: object) -> str:
    """A value as a Python programmer writes it (notation, the same in every language), shortened."""
    return shown(value)


_FLAGS = ("groups_allowed", "ace_to_ace", "run_fourteenth_place", "complete_run_wild_locked", "pozzetto_al_volo", "close_needs_clean", "close_by_meld",
          "open_discard_pile", "opponents_must_have_played")
_CHOICES = {"semi_clean_wild": ("at-an-end", "anywhere"), "stock_exhausted": ("hand-ends", "pozzetto-becomes-stock"),
            "game_length": ("match", "one-hand", "target")}
# The fields that hold a whole number: name -> whether None is allowed too.
_NUMBERS = {name: hint is not int for name, hint in get_type_hints(Ruleset).items() if hint in (int, int | None)}

# The largest each number may be: a house ruleset of 10**100 points a card would reach the bots' sums and
# floats, a target score no game reaches would make a match endless.
MAX_POINTS = 10_000
_MOST = {**{name: MAX_POINTS for name in _NUMBERS if name.endswith(("_value", "_bonus", "_penalty"))},
         "target_score": 100_000, "stalemate_limit": 1_000}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _problems(rules: Ruleset) -> list[tuple[str, Message]]:
    """(field, what is wrong with it) for every field that is malformed or contradicts another."""
    problems: list[tuple[str, Message]] = []
    if not rules.id or not isinstance(rules.id, str):
        problems.append(("id", Message("ruleset.problem.id", value=_shown(rules.id))))
    if not isinstance(rules.name, str):
        problems.append(("name", Message("ruleset.problem.name", value=_shown(rules.name))))
    numbers_wrong = set()   # a number field given something else is said once, as that
    for f in fields(rules):
        value = getattr(rules, f.name)
        if f.name in _NUMBERS and not (_whole(value) or value is None and _NUMBERS[f.name]):
            numbers_wrong.add(f.name)
            problems.append((f.name, Message("ruleset.problem.whole-number", field=_field(f.name),
                                             value=_shown(value))))
        elif f.name.endswith(("_value", "_bonus", "_penalty")) and value is not None and value < 0:
            problems.append((f.name, Message("ruleset.problem.points", field=_field(f.name), value=_shown(value))))
        elif f.name in _MOST and value is not None and value > _MOST[f.name]:
            problems.append((f.name, Message("ruleset.problem.too-big", field=_field(f.name), most=_MOST[f.name],
                                             value=_shown(value))))
        elif f.name in _FLAGS and not isinstance(value, bool):
            problems.append((f.name, Message("ruleset.problem.flag", field=_field(f.name), value=_shown(value))))
        elif f.name in _CHOICES and value not in _CHOICES[f.name]:
            problems.append((f.name, Message(f"ruleset.problem.{f.name.replace('_', '-')}", field=_field(f.name),
                                             value=_shown(value))))
    if "jokers" not in numbers_wrong and not 0 <= rules.jokers <= 4:
        problems.append(("jokers", Message("ruleset.problem.jokers", field=_field("jokers"),
                                           value=_shown(rules.jokers))))
    if rules.ace_to_ace_bonus is not None and not rules.ace_to_ace:
        problems.append(("ace_to_ace_bonus", Message("ruleset.problem.ace-to-ace-bonus",
                                                     field=_field("ace_to_ace_bonus"))))
    if "target_score" not in numbers_wrong:
        if rules.game_length == "target" and (rules.target_score is None or rules.target_score <= 0):
            problems.append(("target_score", Message("ruleset.problem.target-needed", field=_field("target_score"),
                                                     value=_shown(rules.target_score))))
        if rules.game_length != "target" and rules.target_score is not None:
            problems.append(("target_score", Message("ruleset.problem.target-unused",
                                                     field=_field("target_score"))))
    limit = rules.stalemate_limit
    if "stalemate_limit" not in numbers_wrong and limit is not None and limit < 2:
        problems.append(("stalemate_limit", Message("ruleset.problem.stalemate", field=_field("stalemate_limit"),
                                                    value=_shown(limit))))
    return problems


def _dataclass_repr(rules: Ruleset) -> str:
    return "Ruleset(" + ", ".join(f"{f.name}={getattr(rules, f.name)!r}" for f in fields(rules)) + ")"


_BUILTIN = (
    Ruleset(
        id="classic",
        name="Classic Italian Burraco",
    ),
    Ruleset(
        id="italiano",
        name="Burraco italiano (online)",
        complete_run_wild_locked=True,
        semi_clean_bonus=150,
        pozzetto_al_volo=False,
        stock_exhausted="pozzetto-becomes-stock",
        game_length="one-hand",
    ),
    Ruleset(
        id="buraco",
        name="Buraco (to 2005)",
        run_fourteenth_place=False,
        semi_clean_bonus=150,
        semi_clean_wild="anywhere",
        game_length="target",
        target_score=2005,
    ),
    Ruleset(
        id="pulito",
        name="Burraco pulito",
        jokers=0,
        groups_allowed=False,
        ace_to_ace=True,
        complete_run_wild_locked=True,
        two_value=10,
        royal_bonus=500,
        ace_to_ace_bonus=1000,
        close_needs_clean=True,
        close_by_meld=True,
        stock_exhausted="pozzetto-becomes-stock",
        unused_pozzetto_penalty=100,
        game_length="one-hand",
    ),
)

RULESETS: MappingProxyType[str, Ruleset] = MappingProxyType({r.id: r for r in _BUILTIN})
"""The four built-in rulesets by id."""


def ruleset(rules: str | Ruleset) -> Ruleset:
    """The built-in ruleset with this id (a Ruleset is returned as it is)."""
    if isinstance(rules, Ruleset):
        return rules
    try:
        return RULESETS[rules]
    except (KeyError, TypeError):
        raise RulesetError(Message("ruleset.unknown", value=_shown(rules), known=tuple(RULESETS))) from None


__all__ = ["Ruleset", "RULESETS", "ruleset"]
