"""The views of the kinds about cards and melds: count (a number box), pick-cards and build-meld (a hand
to choose from, the engine's arrangements to pick), attach (cards and a meld), and the choices of
judge-meld, stands-for, free-or-bound and spot-burraco.
"""

from __future__ import annotations

import functools
from typing import Any

import ipywidgets as w

import burraco_core as bc

from ...curriculum.kinds.base import whole_number
from ...curriculum.model import Exercise
from ..hand import Hand
from ..style import CARD_WIDTH, arrangement_text, meld_picture, melds_row, t
from ..style import esc_suits as esc
from .base import VIEWS, AnswerView, number_box, quietly, static_cards


class CountView(AnswerView):
    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        self.text = number_box(t("widget.number-placeholder", lang), width="18em",
                                description=t("widget.your-answer", lang), style={"description_width": "initial"})
        self.widget = w.HBox([self.text])

    def answer(self) -> Any:
        value = self.text.value.strip()
        number = whole_number(value)   # ASCII digits: '²'.isdigit() is true, and int('²') fails
        return value if number is None else number

    def fill(self, answer: Any) -> None:
        self.text.value = str(answer)


class CardsView(AnswerView):
    """Choose cards from a hand (pick-cards, build-meld); build-meld may offer arrangements."""

    def __init__(self, exercise: Exercise, lang: str, *, arrangements: bool = False) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        self.hand = Hand(prepared.hand, face_down=prepared.face_down, card_width=CARD_WIDTH,
                         overlap=0.0 if len(prepared.hand) <= 9 else 0.35,
                         label=t("widget.cards-label", lang), lang=lang)
        self.hand.add_class("bt-answer-hand")
        self.chosen = w.HTML()
        self.options = w.RadioButtons(options=[], layout=w.Layout(width="auto", display="none"))
        self.options_label = w.HTML(f"<b>{esc(t('widget.arrangement', lang))}</b>",
                                    layout=w.Layout(display="none"))
        self.arrangements = arrangements
        parts: list[w.Widget] = []
        if exercise.kind in ("build-meld", "attach", "position"):
            if prepared.opponent_melds:
                parts.append(w.HTML(f"<b>{esc(t('widget.their-melds', lang))}</b>"
                                    + melds_row(prepared.opponent_melds, lang, numbered=False)))
            if prepared.melds:
                parts.append(w.HTML(f"<h3 class='bt-part'>{esc(t('widget.your-melds', lang))}</h3>" + melds_row(prepared.melds, lang)))
            parts.append(w.HTML(f"<h3 class='bt-part'>{esc(t('widget.your-hand', lang))}</h3>"))
        parts += [self.hand, self.chosen, self.options_label, self.options]
        self.widget = w.VBox(parts)
        self.hand.observe(self._selection_changed, names="selected")
        self._selection_changed()

    def cards_text(self) -> str:
        return bc.format_cards(self.hand.selected_cards)

    @quietly
    def _selection_changed(self, change: object = None) -> None:
        picked = self.hand.selected_cards
        if not self.exercise.prepared.face_down:
            self.chosen.value = esc(t("widget.selected", self.lang, cards=picked) if picked
                                    else t("widget.selected-none", self.lang))
        self._offer(self._arrangements(picked) if self.arrangements and picked else ())

    def _arrangements(self, picked: tuple[bc.Card, ...]) -> tuple[bc.Meld, ...]:
        try:
            return bc.Meld.lay_down_options(picked, self.exercise.rules)
        except bc.BurracoError:
            return ()

    def _offer(self, options: tuple[bc.Meld, ...]) -> None:
        shown = "flex" if len(options) > 1 else "none"
        self.options.options = [(arrangement_text(m, self.lang), i) for i, m in enumerate(options)] if len(options) > 1 else []
        self.options.value = 0 if len(options) > 1 else None
        self.options.layout.display = shown
        self.options_label.layout.display = "block" if len(options) > 1 else "none"

    def _option(self) -> str:
        return f" #{self.options.value}" if self.options.value else ""

    def answer(self) -> Any:
        return self.cards_text() + (self._option() if self.hand.selected else "")

    def fill(self, answer: Any) -> None:
        text, _, option = str(answer).removeprefix("meld ").partition("#")
        self.hand.select(text)
        if option.strip():
            self.options.value = int(option)


class AttachView(CardsView):
    """Choose cards from the hand and the meld to attach them to; the engine's arrangements to pick from."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang, arrangements=True)
        melds = exercise.prepared.melds
        self.target = w.ToggleButtons(options=[(t("widget.meld-number", lang, number=i + 1), i)
                                               for i in range(len(melds))], value=0,
                                      style={"button_width": "auto"},
                                      layout=w.Layout(display="flex" if len(melds) > 1 else "none"))
        self.target.observe(self._selection_changed, names="value")
        self.widget.children = (*self.widget.children[:-2], self.target, *self.widget.children[-2:])

    def _arrangements(self, picked: tuple[bc.Card, ...]) -> tuple[bc.Meld, ...]:
        index = getattr(self, "target", None)
        meld = self.exercise.prepared.melds[index.value if index is not None else 0]
        try:
            return meld.attach_options(picked)
        except bc.BurracoError:
            return ()

    def answer(self) -> Any:
        if not self.hand.selected:
            return ""
        return f"attach {self.target.value} {self.cards_text()}{self._option()}"

    def fill(self, answer: Any) -> None:
        action = bc.parse_action(str(answer))
        assert isinstance(action, bc.Attach)
        self.target.value = action.meld
        self.hand.select(action.cards)
        if action.option:
            self.options.value = action.option


class ChoiceView(AnswerView):
    """Pick one answer: legal or a rule (judge-meld), a card, free or bound, a kind of burraco."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        parts: list[w.Widget] = []
        if exercise.kind == "judge-meld":
            if prepared.meld is not None:
                parts.append(w.HTML(f"<b>{esc(t('widget.the-meld', lang))}</b>" + meld_picture(prepared.meld, "", lang)))
                parts.append(w.HTML(f"<b>{esc(t('widget.to-attach', lang))}</b>"))
            parts.append(static_cards(prepared.cards, lang))
        elif prepared.meld is not None:
            # asked what the wild stands for, or which burraco it is: the picture must not say it
            plain = exercise.kind in ("stands-for", "spot-burraco")
            parts.append(w.HTML(meld_picture(prepared.meld, "", lang, plain=plain)))
        self.choice = w.RadioButtons(options=[(c.label.text(lang), c.key) for c in exercise.choices], value=None,
                                     layout=w.Layout(width="auto"))
        self.choice.add_class("bt-choices")
        parts.append(self.choice)
        self.widget = w.VBox(parts)

    def answer(self) -> Any:
        return self.choice.value

    def fill(self, answer: Any) -> None:
        self.choice.value = answer


VIEWS.update({"count": CountView, "pick-cards": CardsView,
              "build-meld": functools.partial(CardsView, arrangements=True), "attach": AttachView,
              "judge-meld": ChoiceView, "stands-for": ChoiceView, "free-or-bound": ChoiceView,
              "spot-burraco": ChoiceView})

__all__ = ["AttachView", "CardsView", "ChoiceView", "CountView"]
