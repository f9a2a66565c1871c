"""The star strip over a lesson: a button per exercise with its stars (a click opens it), then the total.

Its buttons are made once; ``update`` only changes what differs, so a Check sends the page a few
small messages, not a new strip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from ..learner.session import Row
from .style import NO_STAR, STAR, t
from .style import esc_suits as esc


class StarStrip(w.HBox):
    """``count`` buttons (``on_jump(index)`` when one is clicked) and the total of stars."""

    def __init__(self, count: int, on_jump: Callable[[int], Any]) -> None:
        self.buttons: list[w.Button] = []
        for index in range(count):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("bt-strip-item")
            button.on_click(lambda _button, index=index: on_jump(index))
            self.buttons.append(button)
        self.total = w.HTML()
        super().__init__([*self.buttons, self.total], layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.add_class("bt-strip")

    def update(self, rows: Sequence[Row], current: int | None, total: int, most: int, lang: str) -> None:
        """Bring the strip up to date; traits set to what they already hold send nothing to the page."""
        for row, button in zip(rows, self.buttons, strict=True):
            button.description = f"{row.number} {STAR * row.stars}{NO_STAR * (3 - row.stars)}"
            button.tooltip = t("widget.exercise-of", lang, number=row.number, count=len(rows))
            if current == row.number - 1:
                button.add_class("bt-current")
                button.button_style = "info"
            else:
                button.remove_class("bt-current")
                button.button_style = ""
        self.total.value = (
            f'<span class="bt-total" aria-label="{esc(t("widget.star-strip", lang))}">'
            f'&nbsp;{esc(t("widget.stars-label", lang, stars=total, max=most))}</span>')


__all__ = ["StarStrip"]
