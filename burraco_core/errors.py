"""The error family of burraco_core and the table of rule ids.

Every refusal raises :class:`IllegalMove` with a stable ``rule`` id from
:data:`RULE_IDS`. The message is built from a template and keyword
parameters that stay available on the exception (``err.params``), so a
lesson can translate the sentence by rule id without parsing English.
"""

from __future__ import annotations

from typing import Any

# rule id -> (what the rule says, message template). The template is filled
# with the exception's params; card lists are passed already formatted.
RULE_IDS: dict[str, tuple[str, str]] = {
    # cards and decks
    "card.no-jokers": (
        "This ruleset plays without jokers.",
        "{ruleset} is played without jokers, so {cards} cannot be used.",
    ),
    "card.too-many-copies": (
        "Each card exists twice (two decks); jokers four times.",
        "There are only {limit} of {card} in the two decks, but {count} were given.",
    ),
    # melds in general
    "meld.too-few-cards": (
        "A new meld needs at least 3 cards.",
        "A new meld needs at least 3 cards; {cards} is only {count}.",
    ),
    "meld.only-wilds": (
        "A meld cannot consist only of wild cards.",
        "{cards} are all wild cards: a meld needs natural cards.",
    ),
    "meld.one-wild": (
        "A meld holds at most one wild card (a 2 in its natural place is not a wild).",
        "A meld may hold only one wild card, but {wilds} would each act as a wild.",
    ),
    "meld.not-a-meld": (
        "A meld is a run (one suit, consecutive ranks) or a group (one rank).",
        "{cards} are neither all of one rank (a group) nor all of one suit (a run).",
    ),
    "meld.empty-attach": (
        "Attach at least one card.",
        "Choose at least one card to attach.",
    ),
    # groups
    "group.not-allowed": (
        "This ruleset allows runs only.",
        "{ruleset} allows runs only, so {cards} (a group of {rank}) cannot be laid down.",
    ),
    "group.wrong-rank": (
        "Every natural card of a group has the group's rank.",
        "{cards} cannot join the group of {rank}s: every natural card of a group has the group's rank.",
    ),
    # runs
    "run.mixed-suits": (
        "Every natural card of a run has the run's suit.",
        "{cards} cannot join a run of {suit}: every natural card of a run has the run's suit.",
    ),
    "run.duplicate-rank": (
        "A run holds each rank once.",
        "A run holds each rank once, but {card} would be there twice.",
    ),
    "run.ace-to-ace": (
        "Only 'pulito' allows a run from ace to ace.",
        "Both aces in one run ({cards}) are allowed only from ace to ace in a ruleset that permits it.",
    ),
    "run.wrap-around": (
        "The ace is low (A-2-3) or high (Q-K-A); a run cannot turn the corner (K-A-2).",
        "{cards} would turn the corner at the ace: a run goes A-2-3 or Q-K-A, never K-A-2.",
    ),
    "run.gap": (
        "A run's ranks are consecutive; one wild may fill one gap.",
        "{cards} leave {gaps} missing in the run, and {fill}.",
    ),
    "run.too-long": (
        "A run has at most 14 places (A to K and one more ace); there is no place left.",
        "The run {meld} already fills every place from ace to ace: {cards} has nowhere to go.",
    ),
    # moving wilds
    "wild.bound": (
        "A wild between two naturals moves only when the card it stands for is attached in the same play.",
        "{wild} stands for {stands_for} between two natural cards: it can move only if you attach {stands_for} in the same play.",
    ),
    "wild.nowhere-to-go": (
        "When a run is complete, its wild cannot be replaced: it would have nowhere to go.",
        "{wild} cannot be replaced by {card}: the run would leave it nowhere to stand.",
    ),
}


class BurracoError(ValueError):
    """Base of every error raised by burraco_core."""


class NotationError(BurracoError):
    """A card, list of cards or other notation could not be read."""

    def __init__(self, message: str, token: str) -> None:
        super().__init__(message)
        self.token = token


class RulesetError(BurracoError):
    """A ruleset was asked for by an unknown id, or its fields contradict each other."""


class IllegalMove(BurracoError):
    """A move that the rules forbid.

    ``rule`` is a stable id from :data:`RULE_IDS`; ``params`` holds the
    values used in the message (already formatted for display), so the
    sentence can be rebuilt in another language.
    """

    def __init__(self, rule: str, **params: Any) -> None:
        if rule not in RULE_IDS:
            raise KeyError(f"unknown rule id {rule!r}")
        self.rule = rule
        self.params = params
        super().__init__(RULE_IDS[rule][1].format(**params))

    @property
    def summary(self) -> str:
        """The rule itself, in one sentence, without the specifics of this move."""
        return RULE_IDS[self.rule][0]

    def __repr__(self) -> str:
        return f"IllegalMove({self.rule!r}, {str(self)!r})"


def register_rules(rules: dict[str, tuple[str, str]]) -> None:
    """Add rule ids from another module of the engine (for example the game rules)."""
    clash = set(rules) & set(RULE_IDS)
    if clash:
        raise KeyError(f"rule ids defined twice: {sorted(clash)}")
    RULE_IDS.update(rules)
