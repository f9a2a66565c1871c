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
    "meld.no-such-arrangement": (
        "A play may choose only among the legal arrangements of its cards.",
        "There is no arrangement #{option}: these cards can be arranged in {count} way(s), numbered from 0.",
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
    # a hand: turns, the discard pile, the pozzetto, closing (burraco_core.game)
    "turn.over": ("The hand is over.", "The hand is over: no more moves can be made."),
    "turn.draw-first": (
        "A turn starts by drawing: the top card of the stock or the whole discard pile.",
        "Draw first: take the top card of the stock or the whole discard pile.",
    ),
    "turn.already-drawn": (
        "A player draws once per turn.",
        "You have already drawn this turn: now lay down, attach, or discard to end your turn.",
    ),
    "turn.take-pozzetto": (
        "A player who melds the last cards picks up the pozzetto before going on.",
        "You have no cards left: pick up your pozzetto to go on.",
    ),
    "draw.last-two": (
        "The last two cards of the stock are never drawn.",
        "Only {count} cards are left in the stock, and the last two are never drawn: take the discard pile.",
    ),
    "draw.stock-empty": ("The stock is empty.", "The stock is empty: take the discard pile."),
    "pile.empty": ("The discard pile is empty.", "The discard pile is empty: draw from the stock."),
    "hand.not-held": ("A player can only play cards in hand.", "You do not hold {cards}."),
    "attach.no-such-meld": (
        "Cards are attached only to a meld of your own side.",
        "Your side has no meld number {meld}: it has {count} meld(s).",
    ),
    "side.second-group": (
        "A side may own only one group of each rank.",
        "Your side already has a group of {rank}s: attach {cards} to it instead.",
    ),
    "discard.single-pile-card": (
        "After taking a one-card discard pile you may not discard that card in the same turn, "
        "unless you already held the identical card.",
        "You took {card} as the only card of the discard pile: you may not discard it this turn.",
    ),
    "pozzetto.hand-not-empty": (
        "A player picks up the pozzetto only on running out of cards.",
        "You still hold {count} card(s): you pick up your pozzetto only when your hand is empty.",
    ),
    "pozzetto.no-al-volo": (
        "In this ruleset the pozzetto is taken only by discarding the last card.",
        "{ruleset} has no pozzetto al volo: keep a card to discard.",
    ),
    "close.needs-burraco": (
        "A side closes only when it has a burraco (a meld of 7 cards or more).",
        "Your side has no burraco yet, so you cannot run out of cards: keep a card.",
    ),
    "close.needs-clean-burraco": (
        "In this ruleset a side closes only with a clean burraco.",
        "Your side has no clean burraco yet, so you cannot run out of cards: keep a card.",
    ),
    "close.wild-discard": (
        "A player cannot close by discarding a wild card.",
        "You cannot close by discarding {card}: the last card must not be a wild.",
    ),
    "close.by-meld": (
        "In this ruleset a player closes only by discarding the last card.",
        "{ruleset} closes only by discarding: keep a card to discard.",
    ),
    "close.opponents-not-played": (
        "A side cannot close before every opponent has played a turn.",
        "You cannot close yet: {players} has not played a turn.",
    ),
    "close.no-discard-left": (
        "A turn must be able to end with a discard.",
        "After this you would hold only {card}, which you could not discard: {reason}",
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
