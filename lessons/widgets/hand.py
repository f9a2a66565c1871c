"""Hand: cards drawn as SVG that the learner selects by mouse or keyboard.

One small anywidget; its JavaScript (``hand.js``) and style (``hand.css``)
ship beside this file. Python sends the drawing of every card
(``faces``: code, SVG, spoken label) and reads back ``selected``, the
indices of the chosen cards in click order::

    hand = Hand("5H 6H 2C 7H JK QS")
    hand.selected = [0, 1]
    hand.selected_cards        # (parse_card('5H'), parse_card('6H'))

Sorting is done here, in Python; the browser only draws and collects clicks.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterable
from functools import lru_cache

import traitlets

import burraco_core as bc
from burraco_core import svg
from burraco_core.messages import Message

from ..learner.scripted import ScriptedWidget

_HERE = pathlib.Path(__file__).parent
_SUIT_ORDER = {suit: i for i, suit in enumerate(("S", "H", "D", "C", ""))}


@lru_cache(maxsize=4096)
def _face_svg(card: bc.Card, width: int, four_colour: bool, face_down: bool, lang: str = "en") -> str:
    if face_down:
        return svg.back_svg(card.deck, width=width, lang=lang)
    return svg.card_svg(card, width=width, four_colour=four_colour, lang=lang)


def by_suit(card: bc.Card) -> tuple[int, int, int]:
    """Sort key: suits in turn (spades, hearts, diamonds, clubs), ace low, jokers last."""
    return (_SUIT_ORDER[card.suit], card.rank or 99, card.deck)


def by_rank(card: bc.Card) -> tuple[int, int, int]:
    """Sort key: 3 up to king, then aces, then 2s, then jokers; suits in turn within a rank."""
    rank = {1: 14, 2: 15, 0: 16}.get(card.rank, card.rank)
    return (rank, _SUIT_ORDER[card.suit], card.deck)


def to_cards(cards: str | Iterable[bc.Card | str] | None) -> tuple[bc.Card, ...]:
    """Cards from notation text or any iterable of cards or codes."""
    if cards is None:
        return ()
    return bc.parse_cards(cards)


class Hand(ScriptedWidget):
    """A row of cards (or a grid, with ``columns``) with a synced selection.

    ``selected`` holds indices into :attr:`cards` in the order they were
    clicked. ``marked`` holds indices of cards drawn with a mark (the card just
    drawn, say: ``mark(cards)``), told to a screen reader as ``marked_label``.
    ``four_colour`` redraws the faces with four suit colours;
    ``face_down`` shows the backs (an opponent's hand); ``selectable=False``
    makes a picture that does not react to clicks. ``lang`` is the language a
    screen reader says the cards in (``sette di cuori``).
    """

    # the file's text, not its path: anywidget ties every instance of a class given a path to that file for good
    # (its hot-reload signal), so not one of them, nor the page it belongs to, could ever be collected
    _esm = (_HERE / "hand.js").read_text(encoding="utf-8")
    _css = (_HERE / "hand.css").read_text(encoding="utf-8")

    faces = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True, echo_update=False)   # the page's own choice: not echoed
    # Counts the times the cards changed place (new cards, a sort): a selection the page sends
    # for an older arrangement names other cards than the learner saw, so it is not taken.
    arrangement = traitlets.Int(0).tag(sync=True)
    marked = traitlets.List(traitlets.Int()).tag(sync=True)
    marked_label = traitlets.Unicode("just drawn").tag(sync=True)
    selectable = traitlets.Bool(True).tag(sync=True)
    overlap = traitlets.Float(0.45).tag(sync=True)
    columns = traitlets.Int(0).tag(sync=True)
    card_width = traitlets.Int(72).tag(sync=True)
    label = traitlets.Unicode("Cards").tag(sync=True)
    empty_text = traitlets.Unicode("No cards").tag(sync=True)
    four_colour = traitlets.Bool(False)
    face_down = traitlets.Bool(False)
    lang = traitlets.Unicode("en")

    def __init__(self, cards: str | Iterable[bc.Card | str] | None = None, **kwargs: object) -> None:
        lang = str(kwargs.get("lang", "en"))
        for name, key in (("label", "hand.label"), ("empty_text", "hand.empty"), ("marked_label", "hand.marked")):
            kwargs.setdefault(name, Message(key).text(lang))    # what a screen reader says, in the hand's language
        super().__init__(**kwargs)
        self._cards: tuple[bc.Card, ...] = ()
        self.cards = to_cards(cards)
        self.observe(self._redraw, names=["four_colour", "face_down", "card_width", "lang"])
        self.on_msg(self._from_page)

    # ------------------------------------------------------------------ cards
    @property
    def cards(self) -> tuple[bc.Card, ...]:
        """The cards shown, in display order. Setting them clears the selection."""
        return self._cards

    @cards.setter
    def cards(self, cards: str | Iterable[bc.Card | str]) -> None:
        self._cards = to_cards(cards)
        with self.hold_sync():
            self.selected = []
            self.marked = []
            self.arrangement += 1
            self._redraw()

    def _redraw(self, change: object = None) -> None:
        width, four, down, lang = self.card_width, self.four_colour, self.face_down, self.lang
        self.faces = [
            {
                "code": "back" if down else card.code,
                "svg": _face_svg(card, width, four, down, lang),
                "label": svg.card_label(card, face_down=down).text(lang),
            }
            for card in self._cards
        ]

    # -------------------------------------------------------------- selection
    def _from_page(self, _widget: object, content: object, _buffers: object) -> None:
        """A click or key in the page chose cards: ``{"selected": [...], "arrangement": n}``.

        The page sends its selection as a message of its own rather than as a synced trait:
        ipywidgets holds a widget's next update back until Python has handled the one before,
        so a button clicked just after a card could reach Python first and act on the older
        selection (on a busy server, a meld laid down without its last card).
        """
        if not isinstance(content, dict) or not isinstance(content.get("selected"), list):
            return
        if content.get("arrangement") != self.arrangement:
            self.send_state("selected")     # chosen among cards no longer there: show the selection that counts
            return
        chosen: list[int] = []
        for index in content["selected"]:
            if type(index) is int and 0 <= index < len(self._cards) and index not in chosen:
                chosen.append(index)
        self.set_state({"selected": chosen})   # as from the page: not sent back to it

    @property
    def selected_cards(self) -> tuple[bc.Card, ...]:
        """The selected cards, in display order."""
        return tuple(self._cards[i] for i in sorted(set(self.selected)) if 0 <= i < len(self._cards))

    @property
    def selected_in_click_order(self) -> tuple[bc.Card, ...]:
        return tuple(self._cards[i] for i in self.selected if 0 <= i < len(self._cards))

    def select(self, cards: str | Iterable[bc.Card | str]) -> None:
        """Select these cards as a learner clicks them: each card shown once, that very card (``9H'``, the
        second deck's) if it is shown and free, else a copy of it from the other deck (``select("9H")`` selects
        the 9♥ shown, whichever deck it is from); cards not shown at all are skipped."""
        self.selected = self._indices(cards, either_copy=True)

    def clear_selection(self) -> None:
        self.selected = []

    # ---------------------------------------------------------------- marking
    @property
    def marked_cards(self) -> tuple[bc.Card, ...]:
        """The marked cards, in display order."""
        return tuple(self._cards[i] for i in sorted(set(self.marked)) if 0 <= i < len(self._cards))

    def mark(self, cards: str | Iterable[bc.Card | str]) -> None:
        """Mark these physical cards (each once; cards not shown are skipped); ``mark(())`` clears the marks."""
        self.marked = self._indices(cards)

    def _indices(self, cards: str | Iterable[bc.Card | str], either_copy: bool = False) -> list[int]:
        """Where these cards are shown: each physical card once; ``either_copy``: else the other deck's copy of
        it (the same face), the first free one in display order."""
        chosen: list[int] = []
        for card in to_cards(cards):
            free = [i for i, shown in enumerate(self._cards) if i not in chosen]
            found = next((i for i in free if self._cards[i] is card), None)
            if found is None and either_copy:
                found = next((i for i in free if self._cards[i].face == card.face), None)
            if found is not None:
                chosen.append(found)
        return chosen

    # ---------------------------------------------------------------- sorting
    def sort_by_suit(self) -> None:
        """Reorder by suit (spades, hearts, diamonds, clubs), keeping the selection."""
        self._reorder(by_suit)

    def sort_by_rank(self) -> None:
        """Reorder by rank (3 to king, aces, then wilds), keeping the selection."""
        self._reorder(by_rank)

    def _reorder(self, key: object) -> None:
        order = sorted(range(len(self._cards)), key=lambda i: key(self._cards[i]))  # type: ignore[operator]
        new_index = {old: new for new, old in enumerate(order)}
        chosen = [new_index[i] for i in self.selected if i in new_index]
        marked = [new_index[i] for i in self.marked if i in new_index]
        self._cards = tuple(self._cards[i] for i in order)
        with self.hold_sync():
            self.arrangement += 1
            self._redraw()
            self.selected = chosen
            self.marked = marked


def palette_cards(jokers: int = 2) -> tuple[bc.Card, ...]:
    """One of each face from the first deck, suit by suit from ace to king, then jokers."""
    faces = [bc.Card(rank, suit) for suit in ("S", "H", "D", "C") for rank in range(1, 14)]
    faces += [bc.Card(bc.JOKER, "", i % 2) for i in range(jokers)]
    return tuple(faces)


__all__ = ["Hand", "by_rank", "by_suit", "palette_cards", "to_cards"]
