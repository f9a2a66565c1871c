"""SVG pictures of cards and melds, in pure Python (placeholder until the drawing module lands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card
    from .melds import Meld


def card_svg(card: Card) -> str:
    raise NotImplementedError


def meld_svg(meld: Meld) -> str:
    raise NotImplementedError
