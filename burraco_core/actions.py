"""Actions a player takes in a turn: small immutable values with a text form.

=================  ==========================  =====================================
action             text                        meaning
=================  ==========================  =====================================
``Draw()``         ``draw``                    take the top card of the stock
``TakePile()``     ``take``                    take the whole discard pile
``LayDown(cards)`` ``meld 5H 6H 7H``           lay down a new meld (``#1``: the
                                               second legal arrangement)
``Attach(i, c)``   ``attach 0 8H``             attach cards to your side's meld i
``Discard(card)``  ``discard 7H``              discard, ending the turn
``TakePozzetto()`` ``pozzetto``                pick up the pozzetto after melding
                                               your last cards ("al volo")
=================  ==========================  =====================================

``parse_action(str(action)) == action`` for every action.

What a person types differs in one thing: a person counts melds from 1, as a table lists them
(``attach 1 8H`` is the engine's ``attach 0 8H``). :func:`typed_action` reads such a line,
:func:`typed` writes an action so, :func:`typed_refusal` says a refusal with its meld number as
typed; files, exercises and programs keep the engine's notation.

An action's cards name a face and a copy: ``7H`` is the first deck's seven of hearts,
``7H'`` the second deck's. The two copies are the same card at the table, so when the
player holds only the other copy the engine plays that one (``Game.apply``, ``explain``);
holding both, it plays the copy named. ``Game.legal_actions()`` lists one action per
distinct choice: one per set of faces (and, for an attach, per meld), in the canonical
arrangement (``#0``); ``Meld.lay_down_options`` / ``attach_options`` give the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card, format_cards, parse_card, parse_cards
from .errors import IllegalMove, NotationError, shorten, shown, wrong_type
from .messages import Message


class _Action:
    """Actions print as the call that reads them back: ``parse_action('meld 5H 6H 7H')``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, repr=False)
class Draw(_Action):
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, repr=False)
class TakePile(_Action):
    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, repr=False)
class TakePozzetto(_Action):
    def __str__(self) -> str:
        return "pozzetto"


@dataclass(frozen=True, repr=False)
class LayDown(_Action):
    cards: tuple[Card, ...]
    option: int = 0
    """Which legal arrangement (0: the canonical one; see ``Meld.lay_down_options``)."""

    def __init__(self, cards: str | tuple[Card, ...] | list[Card], option: int = 0) -> None:
        object.__setattr__(self, "cards", parse_cards(cards))
        object.__setattr__(self, "option", option)

    def __str__(self) -> str:
        return f"meld {format_cards(self.cards)}" + (f" #{self.option}" if self.option else "")


@dataclass(frozen=True, repr=False)
class Attach(_Action):
    meld: int
    """Index of the meld among the acting side's melds (``game.melds[side]``)."""
    cards: tuple[Card, ...]
    option: int = 0

    def __init__(self, meld: int, cards: str | tuple[Card, ...] | list[Card], option: int = 0) -> None:
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "cards", parse_cards(cards))
        object.__setattr__(self, "option", option)

    def __str__(self) -> str:
        return f"attach {self.meld} {format_cards(self.cards)}" + (f" #{self.option}" if self.option else "")


@dataclass(frozen=True, repr=False)
class Discard(_Action):
    card: Card

    def __init__(self, card: str | Card) -> None:
        object.__setattr__(self, "card", parse_card(card))

    def __str__(self) -> str:
        return f"discard {self.card.code}"


Action = Draw | TakePile | TakePozzetto | LayDown | Attach | Discard


NUMBER_DIGITS = 6
"""A meld or arrangement number a move names has at most this many digits."""
_NUMBER = re.compile(rf"[0-9]{{1,{NUMBER_DIGITS}}}")   # ASCII digits: int() would also take '٣', '３' and '1_0'


def _number(word: str, text: str) -> int:
    """A meld number as written in a move: ASCII digits only, and not too many."""
    if not _NUMBER.fullmatch(word):
        raise NotationError(Message("notation.number", token=shorten(word), text=shorten(text),
                                    digits=NUMBER_DIGITS), word)
    return int(word)


def _option(words: list[str], text: str) -> tuple[list[str], int]:
    if words and words[-1].startswith("#"):
        if not _NUMBER.fullmatch(words[-1][1:]):
            raise NotationError(Message("notation.option", text=shorten(text), option=shorten(words[-1])),
                                words[-1])
        return words[:-1], int(words[-1][1:])
    return words, 0


def parse_action(text: str | Action) -> Action:
    """Read an action from its text form (see the module docstring)."""
    if isinstance(text, (Draw, TakePile, TakePozzetto, LayDown, Attach, Discard)):
        return text
    if not isinstance(text, str):
        raise NotationError(Message("notation.not-an-action", value=shown(text)), shown(text))
    words = str(text).replace(",", " ").split()
    if not words:
        raise NotationError(Message("notation.empty-action"), text)
    verb, rest = words[0].lower(), words[1:]
    if not rest and verb in ("draw", "take", "pozzetto"):
        return Draw() if verb == "draw" else TakePile() if verb == "take" else TakePozzetto()
    if verb == "meld" and rest:
        rest, option = _option(rest, text)
        return LayDown(" ".join(rest), option)
    if verb == "attach" and len(rest) >= 2 and (rest[0].isdigit() or rest[0].isnumeric()):
        number = _number(rest[0], text)   # digits of any script are refused by name, not read as cards
        cards, option = _option(rest[1:], text)
        return Attach(number, " ".join(cards), option)
    if verb == "discard" and len(rest) == 1:
        return Discard(rest[0])
    raise NotationError(Message("notation.action", text=shorten(text)), text)


# ------------------------------------------------------------ as a person types them

def typed(action: Action) -> str:
    """An action as a player types it: melds counted from 1; which deck a card comes from does not matter."""
    if isinstance(action, Attach):
        action = Attach(action.meld + 1, action.cards, action.option)
    return str(action).replace("'", "")


def typed_action(line: str) -> Action:
    """What a player typed, as the engine's action (its melds counted from 0). NotationError if unreadable."""
    action = parse_action(line)
    if isinstance(action, Attach):
        return Attach(action.meld - 1, action.cards, action.option)
    return action


def typed_refusal(err: IllegalMove) -> Message:
    """The engine's refusal, its meld numbered as the player typed it (from 1)."""
    if not isinstance(err, IllegalMove):
        raise wrong_type("typed_refusal", "err", "an IllegalMove", err)
    if err.rule == "attach.no-such-meld":
        return Message(err.msg.key, **{**err.params, "meld": err.params["meld"] + 1})
    return err.msg
