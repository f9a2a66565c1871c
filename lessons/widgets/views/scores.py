"""The views of the scoring lessons (10-12): a hand counted line by line (or its total), victory points,
the match's verdict, another ruleset's verdict. They collect numbers and choices; the engine decides.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from burraco_core.messages import Message

from ...curriculum.kinds.base import whole_number
from ...curriculum.model import Exercise
from ..intro import victory_points_table
from ..style import NOTE, melds_row, move_text, t, verdict_box
from ..style import esc_suits as esc
from .base import VIEWS, AnswerView, number_box, rules_table, static_cards
from .cards import ChoiceView


def _numbers_answer(boxes: list[w.Text]) -> str:
    values = [b.value.strip() for b in boxes]
    if not any(values):
        return ""
    return " ".join(v or "?" for v in values)


class ScoreView(AnswerView):
    """Count a side's hand: its melds and cards left in hand, then a number per line (or the total)."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        extra = prepared.extra
        facts = extra["facts"]
        said = [t("widget.score.closed" if facts["closed"] else "widget.score.not-closed", lang)]
        if not facts["took_pozzetto"]:
            said.append(t("widget.score.not-took", lang))
        elif facts["pozzetto_unused"]:
            said.append(t("widget.score.unused", lang))
        else:
            said.append(t("widget.score.took", lang))
        parts: list[w.Widget] = [
            w.HTML(f"<b>{esc(t('widget.score.melds', lang))}</b>"      # no melds: said, not an empty heading
                   + (melds_row(prepared.melds, lang, numbered=False) if prepared.melds
                      else f' <span class="bt-no-melds">{esc(t("table.no-melds", lang))}</span>')),
            w.HTML(f"<b>{esc(t('widget.score.in-hand', lang))}</b>"
                   + ("" if prepared.hand else f" {esc(t('widget.score.none-in-hand', lang))}")),
        ]
        if prepared.hand:
            parts.append(static_cards(prepared.hand, lang))
        parts.append(w.HTML(f'<div class="bt-text bt-score-facts">{esc(" ".join(said))}</div>'))
        self.boxes: list[w.Text] = []
        if extra["mode"] == "total":
            self.boxes.append(number_box(t("widget.number-placeholder", lang)))
            parts.append(w.HBox([w.HTML(f"<b>{esc(t('widget.score.your-total', lang))}</b>&nbsp;"), self.boxes[0]],
                                layout=w.Layout(align_items="center")))
        else:
            rows = []
            for line in extra["breakdown"].lines:
                entry = number_box(t("widget.score.line-points", lang))
                self.boxes.append(entry)
                label = w.HTML(f'<span class="bt-score-label">{esc(line.text(lang))}</span>',
                               layout=w.Layout(width="34em"))
                rows.append(w.HBox([label, entry], layout=w.Layout(align_items="center")))
            lines = w.VBox(rows)
            lines.add_class("bt-score-lines")
            parts.append(lines)
        self.widget = w.VBox(parts)

    def answer(self) -> Any:
        if self.exercise.prepared.extra["mode"] == "total":
            value = self.boxes[0].value.strip()
            number = whole_number(value)   # ASCII digits: '²'.isdigit() is true, and int('²') fails
            return value if number is None else number
        return _numbers_answer(self.boxes)

    def fill(self, answer: Any) -> None:
        if self.exercise.prepared.extra["mode"] == "total":
            self.boxes[0].value = str(answer)
            return
        values = str(answer).replace(",", " ").split()
        for i, entry in enumerate(self.boxes):
            entry.value = values[i] if i < len(values) else ""


def _scores_table(scores: tuple[tuple[int, int], ...], totals: tuple[int, int] | None, lang: str) -> str:
    """Each hand's score and, unless ``totals`` is None (adding them is the question), the match points."""
    head = (f"<tr><td></td><th>{esc(t('widget.vp.side-0', lang))}</th>"      # an empty corner: no header
            f"<th>{esc(t('widget.vp.side-1', lang))}</th></tr>")
    rows = "".join(f"<tr><td>{esc(t('widget.vp.hand', lang, number=i + 1))}</td><td>{a}</td><td>{b}</td></tr>"
                   for i, (a, b) in enumerate(scores))
    total = "" if totals is None else (f"<tr><td><b>{esc(t('widget.vp.total', lang))}</b></td><td><b>{totals[0]}</b></td>"
                                       f"<td><b>{totals[1]}</b></td></tr>")
    return f'<table class="bt-summary bt-scores">{head}{rows}{total}</table>'


def _side_by_side(scores: str, table: str) -> str:
    """The hands' scores beside the victory-point table (under it in a narrow window), so the choices stay in view."""
    return f'<div style="display:flex;flex-wrap:wrap;gap:0 32px;align-items:flex-start">{scores}{table}</div>'


class VictoryPointsView(AnswerView):
    """Match points (or each hand's score) shown; two boxes for the victory points."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        extra = exercise.prepared.extra
        # each box labelled by its own text (a <label> of the box: axe "label"), side by side
        self.mine, self.theirs = (number_box(width="auto", description=t(f"widget.vp.answer-{side}", lang),
                                             style={"description_width": "initial"}) for side in (0, 1))
        for entry in (self.mine, self.theirs):      # the box keeps its 8em beside its label, under it when narrow
            entry.layout.max_width = "100%"
        self.widget = w.VBox([
            w.HTML(f'<div class="bt-text">{esc(t("widget.vp.hands", lang, count=extra["hands"]))}</div>'
                   + _side_by_side(_scores_table(extra["scores"], None if extra["scores"] else extra["points"], lang),
                                   victory_points_table(extra["hands"], lang))),   # the table the answer is read in
            w.HBox([self.mine, self.theirs], layout=w.Layout(align_items="center", flex_flow="row wrap",
                                                            grid_gap="4px 12px")),
        ])

    def answer(self) -> Any:
        a, b = self.mine.value.strip(), self.theirs.value.strip()
        return f"{a}-{b}" if a or b else ""

    def fill(self, answer: Any) -> None:
        a, _, b = str(answer).partition("-")
        self.mine.value, self.theirs.value = a.strip(), b.strip()


class MatchView(ChoiceView):
    """The hands of a game so far, and who has won (or whether it goes on)."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        extra = exercise.prepared.extra
        shown = _scores_table(extra["scores"], extra["totals"], lang)
        if extra.get("hands"):             # a match of set hands is decided on victory points: their table on screen
            shown = _side_by_side(shown, victory_points_table(extra["hands"], lang))
        self.widget.children = (w.HTML(shown), *self.widget.children)


class PredictView(ChoiceView):
    """The same cards or moves under the exercise's ruleset (the engine's verdict shown), then the other."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        extra = prepared.extra
        shown: list[w.Widget] = []
        if prepared.cards:
            shown.append(static_cards(prepared.cards, lang))
        else:
            if prepared.melds:
                shown.append(w.HTML(f"<h3 class='bt-part'>{esc(t('widget.your-melds', lang))}</h3>" + melds_row(prepared.melds, lang)))
            shown.append(w.HTML(f"<h3 class='bt-part'>{esc(t('widget.your-hand', lang))}</h3>"))
            shown.append(static_cards(prepared.hand, lang))
            moves = "; ".join(move_text(move.strip(), lang) for move in extra["play"].split(";") if move.strip())
            shown.append(w.HTML(f'<div class="bt-text">{esc(t("widget.predict.moves", lang, moves=moves))}</div>'))
        first = extra["first_verdict"]
        if extra["ask"] == "burraco":
            said = t("widget.predict.burraco", lang, kind=Message(f"ex.burraco.{first}"))
        elif first == "legal":
            said = t("widget.predict.legal", lang)
        else:
            said = t("widget.predict.refused", lang, rule=Message(f"rule.{first}.summary"))
        under = t("widget.predict.under", lang, rules=exercise.rules.label)
        shown.append(w.HTML(verdict_box(NOTE, f"{under} {said}", role="")))     # part of the exercise: no live region
        shown.append(w.HTML(f'<div class="bt-prompt">{esc(t("widget.predict.now", lang, rules=extra["other"].label))}</div>'))
        self.widget.children = (*shown, self.choice, rules_table(lang))     # the table the hints point to
        self.tables = frozenset({"variants"})


VIEWS.update({"count-score": ScoreView, "victory-points": VictoryPointsView, "match-verdict": MatchView,
              "predict-under-ruleset": PredictView})

__all__ = ["MatchView", "PredictView", "ScoreView", "VictoryPointsView"]
