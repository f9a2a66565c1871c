"""Cards and card notation.

A card is written as rank then suit: ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` for
10) and ``S H D C`` or ``♠ ♥ ♦ ♣``, in any case; a joker is ``JK``. Burraco is
played with two decks whose backs differ, so every card exists twice; the
copy from the second (red-backed) deck carries a trailing apostrophe:
``7H'``. Code that does not care which deck a card came from can ignore it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

from .errors import NotationError, is_whole, shorten, shown, wrong_type
from .messages import Message, card_name, use_cards

JOKER = 0
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
DECK_BACKS = ("blue", "red")

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_RANK_FROM_CODE = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_RANK_FROM_CODE.update({str(n): n for n in range(2, 11)})
# ASCII: ignoring case, Unicode would read the Kelvin sign as K and the long s (ſ) as S
_CARD_RE = re.compile(r"^(10|[2-9AJQKT])(.)('?)$", re.IGNORECASE | re.ASCII)
_SEPARATORS = re.compile(r"[\s,]+")


def rank_code(rank: int) -> str:
    """``1`` -> ``"A"``, ``10`` -> ``"10"``; ranks above 13 stand for the high ace."""
    if rank == JOKER:
        return "JK"
    if rank == 14:
        return "A"
    return RANK_CODES.get(rank, str(rank))


class Card:
    """One playing card: immutable, hashable, one shared instance per card.

    ``rank`` is 1 (ace) to 13 (king), or 0 for a joker; ``suit`` is one of
    ``"S" "H" "D" "C"`` ("" for a joker); ``deck`` is 0 or 1 (which of the
    two decks, told apart by the colour of the back).
    """

    __slots__ = ("rank", "suit", "deck", "is_wild", "is_joker", "code", "face", "_key")

    rank: int
    suit: str
    deck: int
    is_wild: bool
    is_joker: bool
    code: str
    face: tuple[int, str]
    """Rank and suit without the deck: the two copies of a card share it."""
    _key: tuple[int, int, int, int]

    _instances: dict[tuple[int, str, int], Card] = {}

    def __new__(cls, rank: int, suit: str = "", deck: int = 0) -> Card:
        key = (rank, suit, deck)
        card = cls._instances.get(key)
        if card is not None:
            return card
        if deck not in (0, 1):
            raise NotationError(f"deck must be 0 or 1, not {shown(deck)}", shown(deck))
        if rank == JOKER:
            if suit != "":
                raise NotationError(f"a joker has no suit, not {shown(suit)}", shown(suit))
        elif not (isinstance(rank, int) and 1 <= rank <= 13):
            raise NotationError(f"rank must be 1 to 13 (0 for a joker), not {shown(rank)}", shown(rank))
        elif suit not in SUITS:
            raise NotationError(f"suit must be one of S H D C, not {shown(suit)}", shown(suit))
        card = object.__new__(cls)
        code = ("JK" if rank == JOKER else rank_code(rank) + suit) + ("'" if deck else "")
        suit_order = SUITS.index(suit) if suit else 4
        for name, value in (
            ("rank", rank), ("suit", suit), ("deck", deck),
            ("is_wild", rank in (JOKER, 2)), ("is_joker", rank == JOKER),
            ("code", code), ("face", (rank, suit)), ("_key", (suit_order, rank or 99, deck, 0)),
        ):
            object.__setattr__(card, name, value)
        cls._instances[key] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.rank, self.suit, self.deck))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __repr__(self) -> str:
        return f"parse_card({self.code!r})"

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        return rank_code(self.rank) + SUIT_SYMBOLS[self.suit]

    def __lt__(self, other: Card) -> bool:
        return self._key < other._key

    @property
    def back(self) -> str:
        """The colour of the card's back: ``"blue"`` (first deck) or ``"red"``."""
        return DECK_BACKS[self.deck]

    @property
    def name(self) -> str:
        """Text alternative for screen readers, in English: ``"seven of hearts"``, ``"joker"``.

        In another language: ``messages.card_name(card, lang)``.
        """
        return card_name(self)

    def in_deck(self, deck: int) -> Card:
        """The same face from the given deck."""
        return Card(self.rank, self.suit, deck)

    def _repr_svg_(self) -> str:
        # lazy, one of the engine's two drawing imports (the other: melds.meld): svg draws cards and
        # imports this module; a notebook's picture of a card loads it, judging cards never does
        from .svg import card_svg

        return card_svg(self)


def parse_card(text: str | Card) -> Card:
    """Read one card: ``"10H"``, ``"th"``, ``"7♥"``, ``"JK"``, ``"QS'"`` (second deck)."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise NotationError(Message("notation.not-a-card", value=shown(text)), shown(text))
    token = text.strip()
    upper = token.upper()
    if upper in ("JK", "JK'", "JOKER", "JOKER'"):
        return Card(JOKER, "", 1 if upper.endswith("'") else 0)
    match = _CARD_RE.match(token)
    if not match:
        raise NotationError(Message("notation.card", token=shorten(token)), token)
    rank_text, suit_text, prime = match.groups()
    suit = _SYMBOL_TO_SUIT.get(suit_text) or (suit_text.upper() if suit_text.isascii() else suit_text)
    if suit not in SUITS:
        raise NotationError(Message("notation.suit", token=shorten(token), suit=suit_text), token)
    return Card(_RANK_FROM_CODE[rank_text.upper()], suit, 1 if prime else 0)


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read cards separated by spaces and/or commas: ``"5H, 6H 2C"``.

    A list of cards (or of card codes) is accepted too, so every function
    taking cards can be called with either.
    """
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
        return tuple(parse_card(t) for t in tokens)
    if type(text) is tuple:  # already cards, as the engine passes them (legal_actions builds hundreds)
        for card in text:
            if type(card) is not Card:
                break
        else:
            return text
    if isinstance(text, (bytes, bytearray, memoryview)):
        # bytes would be read one number at a time ("not 53"): say that text is wanted
        raise NotationError(Message("notation.bytes", value=shown(text)), shown(text))
    try:
        items = list(text)
    except TypeError:
        raise NotationError(Message("notation.not-cards", value=shown(text)), shown(text)) from None
    return tuple(parse_card(c) for c in items)


def format_cards(cards: Iterable[Card], pretty: bool = False) -> str:
    """The inverse of :func:`parse_cards` (``pretty`` uses suit symbols)."""
    return " ".join(map(str if pretty else _code, cards))


def full_deck(jokers: int = 4) -> tuple[Card, ...]:
    """Both decks in a fixed order: 104 natural cards plus the jokers (half per deck)."""
    if not is_whole(jokers):
        raise wrong_type("full_deck", "jokers", "a whole number", jokers)
    deck = _DECKS.get(jokers)
    if deck is None:  # (every deal asks for one: the tuple is made once per number of jokers)
        cards = [Card(rank, suit, deck) for deck in (0, 1) for suit in SUITS for rank in range(1, 14)]
        cards += [Card(JOKER, "", i % 2) for i in range(jokers)]
        deck = tuple(cards)
        if type(jokers) is int and 0 <= jokers <= 8:
            _DECKS[jokers] = deck
    return deck


_DECKS: dict[int, tuple[Card, ...]] = {}
_code = attrgetter("code")


class Cards(tuple[Card, ...]):
    """A row of cards (a hand, the discard pile): a tuple that draws itself in a notebook.

    ``Cards("5H 6H JK")`` reads notation; it compares equal to the plain tuple.
    """

    __slots__ = ()

    def __new__(cls, cards: str | Iterable[Card | str] = ()) -> Cards:
        return tuple.__new__(cls, parse_cards(cards))

    @classmethod
    def _of(cls, cards: Iterable[Card]) -> Cards:
        """Wrap cards already read, without checking them again (for the engine's views)."""
        return tuple.__new__(cls, cards)

    def __repr__(self) -> str:
        return f"Cards({format_cards(self)!r})"

    def __str__(self) -> str:
        return format_cards(self, pretty=True)

    @property
    def names(self) -> str:
        """Text alternative: ``"five of hearts, joker"``."""
        return ", ".join(card.name for card in self) or "no cards"

    def _repr_svg_(self) -> str:
        # lazy: the drawing import of Card._repr_svg_, for a hand
        from .svg import hand_svg

        return hand_svg(self)


def _card_or_none(text: str) -> Card | None:
    try:
        return parse_card(text)
    except (NotationError, ValueError, TypeError):
        return None


use_cards(Card, _card_or_none)   # messages shows a card parameter by its face and reads card codes
