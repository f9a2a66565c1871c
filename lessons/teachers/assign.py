"""Setting work for the class, on the teacher's page when a class service is there: lessons, a worksheet
by its number, or practice on the rules the class misses most, with a due date; and the work set, with
who has done it. Sent through the :class:`~lessons.teachers.live.ClassFeed` (in the background).

It decides nothing: what counts as done is :class:`~lessons.learner.classwork.Assignment`'s.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import burraco_core as bc

from ..curriculum import model
from ..learner.classwork import Assignment, ClassworkError, Sheet
from ..widgets.style import BAD, GOOD, NOTE, t, verdict_box
from ..widgets.style import esc_suits as esc
from ..widgets.ui import StatusLine, shielded
from ..widgets.voice import Speaks
from .class_html import assignment_label, rule_text, work_html
from .live import ClassFeed, LiveClass

__all__ = ["PRACTICE_RULES", "AssignPanel"]

PRACTICE_RULES = 3          # the class's most-missed rules a practice assignment takes
_log = logging.getLogger(__name__)


class AssignPanel(Speaks, StatusLine, w.VBox):
    """Choose what to set and a due date, set it; below, the work set and who has done it. What the panel
    answers (sent, removed, refused) is said by the page's one live region once the page gives it one
    (:meth:`speak_with`); alone in a notebook its status box is a live region itself."""

    def __init__(self, feed: ClassFeed, lang: str, *, sheet: Callable[[int], Sheet] | None = None) -> None:
        self.feed = feed
        self.lang = lang
        self.make_sheet = sheet or (lambda number: Sheet(number))
        self.live: LiveClass | None = None
        self.told: tuple[str, str, str] | None = None       # the status shown: colour, text, its live role alone
        self.kind = w.ToggleButtons(options=[(t(f"class.set.kind.{k}", lang), k) for k in ("lessons", "worksheet", "practice")],
                                    value="lessons", style={"button_width": "auto"})
        self.kind.add_class("bt-set-kind")
        self.lessons = w.SelectMultiple(
            options=[(t("classwork.lesson", lang, number=lesson.number, title=lesson.title(lang)), lesson.key)
                     for lesson in model.all_lessons()],
            rows=6, description=t("class.set.lessons", lang), style={"description_width": "initial"},
            layout=w.Layout(width="32em"))
        self.lessons.add_class("bt-set-lessons")
        self.sheet_number = w.BoundedIntText(value=1, min=0, max=10**9, description=t("worksheet.seed", lang),
                                             style={"description_width": "initial"}, layout=w.Layout(width="16em"))
        self.sheet_number.add_class("bt-set-sheet")
        self.practice = w.HTML()
        self.practice.add_class("bt-set-practice")
        self.due = w.DatePicker(description=t("class.set.due", lang), style={"description_width": "initial"})
        self.due.add_class("bt-set-due")
        self.set_button = w.Button(description=t("class.set.button", lang), button_style="primary",
                                   layout=w.Layout(width="auto"))
        self.set_button.add_class("bt-set-work")
        self.set_button.on_click(self._set)
        self.remove_choice = w.Dropdown(description=t("class.set.remove-which", lang),
                                        style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.remove_button = w.Button(description=t("class.set.remove", lang), layout=w.Layout(width="auto"))
        self.remove_button.add_class("bt-remove-work")
        self.remove_button.on_click(self._remove)
        self.status = w.HTML()
        self.status.add_class("bt-set-status")
        self.list = w.HTML()
        self.list.add_class("bt-work-set")
        self.choice = w.VBox([self.lessons])
        self.remove_row = w.HBox([self.remove_choice, self.remove_button],
                                 layout=w.Layout(flex_flow="row wrap", grid_gap="8px", display="none"))
        self.kind.observe(self._kind_chosen, names="value")
        head = w.HTML(f'<h2>{esc(t("class.work.title", lang))}</h2><div class="bt-text">{esc(t("class.set.about", lang))}</div>')
        super().__init__([head, self.kind, self.choice, w.HBox([self.due, self.set_button],
                                                               layout=w.Layout(flex_flow="row wrap", grid_gap="8px")),
                          self.status, self.list, self.remove_row])
        self.add_class("bt-assign")
        self._draw_list()

    # ---------------------------------------------------------------- what is chosen
    def chosen(self) -> Assignment:
        """The assignment the controls describe; ClassworkError when it is not one (no lesson chosen...)."""
        due = self.due.value.isoformat() if isinstance(self.due.value, datetime.date) else None
        kind = self.kind.value
        if kind == "lessons":
            return Assignment.from_body({"kind": kind, "lessons": list(self.lessons.value), "due": due})
        if kind == "worksheet":
            return Assignment.from_body({"kind": kind, "sheet": self.make_sheet(int(self.sheet_number.value)).to_body(),
                                         "due": due})
        return Assignment.from_body({"kind": kind, "rules": list(self.practice_rules()), "due": due})

    def practice_rules(self) -> tuple[str, ...]:
        """The rules most pupils of the class missed (at most ``PRACTICE_RULES``)."""
        if self.live is None:
            return ()
        # a rule this version does not know (a newer version's, or made up) cannot be practised
        known = [rule for rule, _, _ in self.live.summary.believable().missed_by() if rule in bc.RULE_IDS]
        return tuple(known[:PRACTICE_RULES])

    # ---------------------------------------------------------------- showing
    def show(self, live: LiveClass) -> None:
        """A new answer from the service: the work set and who has done it, the rules to practise."""
        self.live = live
        self._draw_practice()
        self._draw_list()

    def failed(self) -> None:
        """The service did not take the work: a refusal said as one (not a teacher, a log-in the hub
        no longer knows, too fast), a choice it could not read as such, silence as silence."""
        error = self.feed.error
        key = error.key if error is not None else ""
        if key == "service.teachers-only" or key == "service.not-a-user":
            text = t("class.set.not-teacher", self.lang)
        elif key == "service.not-identified" or (error is not None and error.status == 401):
            text = t("class.live.expired", self.lang)
        elif key == "service.too-fast":
            text = t("class.set.too-fast", self.lang)
        elif key.startswith("classwork."):
            text = t("class.set.refused", self.lang)
        else:
            text = t("class.live.waiting", self.lang)
        self._tell(BAD, text, "alert")

    def _draw_practice(self) -> None:
        rules = self.practice_rules()
        if not rules:
            self.practice.value = f'<div class="bt-text">{esc(t("class.set.no-rules", self.lang))}</div>'
            return
        items = "".join(f'<li data-rule="{esc(r)}">{esc(rule_text(r, self.lang))}</li>' for r in rules)
        self.practice.value = f'<div class="bt-text">{esc(t("class.set.practice-these", self.lang))}</div><ul>{items}</ul>'

    def _draw_list(self) -> None:
        live = self.live
        if live is None:
            self.list.value = ""
            self.remove_choice.options = []
            self.remove_row.layout.display = "none"
            return
        pupils = sorted({*live.summary.pupils, *live.summary.unreadable})
        self.list.value = work_html([(a, live.steps.get(a.id, {})) for a in live.assignments], pupils, self.lang)
        chosen = self.remove_choice.value
        self.remove_choice.options = [(assignment_label(a, self.lang), a.id) for a in live.assignments]
        ids = [a.id for a in live.assignments]
        self.remove_choice.value = chosen if chosen in ids else (ids[-1] if ids else None)   # the latest by default
        self.remove_row.layout.display = "flex" if ids else "none"

    def _tell(self, colour: str, text: str, role: str = "status") -> None:
        """Show ``text`` in the status box and say it by the page's voice (the box then has no live role)."""
        self.told = (colour, text, role)
        self._draw_spoken()
        self._speak(self.status.value)

    def _draw_spoken(self) -> None:
        if self.told is not None:
            colour, text, role = self.told
            self.status.value = verdict_box(colour, text, role=self._role(role))

    # ---------------------------------------------------------------- events
    @shielded
    def _kind_chosen(self, change: dict[str, Any]) -> None:
        self.told = None
        self.status.value = ""
        self.choice.children = {"lessons": [self.lessons], "worksheet": [self.sheet_number],
                                "practice": [self.practice]}[change["new"]]
        self._draw_practice()

    @shielded
    def _set(self, _button: object = None) -> None:
        try:
            assignment = self.chosen()
        except ClassworkError:
            key = {"lessons": "class.set.choose-lessons", "practice": "class.set.no-rules"}.get(self.kind.value,
                                                                                              "class.set.refused")
            self._tell(NOTE, t(key, self.lang), "alert")
            return
        self.feed.set_work(assignment)
        self._tell(GOOD, t("class.set.sent", self.lang, work=assignment_label(assignment, self.lang)))
        self.lessons.value = ()

    @shielded
    def _remove(self, _button: object = None) -> None:
        if self.remove_choice.value is None:
            return
        self.feed.take_away(int(self.remove_choice.value))
        self._tell(NOTE, t("class.set.removed", self.lang))

