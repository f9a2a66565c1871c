"""The teachers' pages: the class summary and the worksheet maker.

- :class:`ClassSummaryWidget`: upload the progress files pupils exported and see pupils x lessons
  with stars and the rules the class misses most (:mod:`.classroom`).
- :class:`WorksheetMaker`: choose kinds, number, seed, ruleset and difficulty and download the
  printable worksheet (:mod:`.worksheet`).

They decide no rule: the class summary and the engine do. A failure in a callback is logged and a
short message shown in the widget's status line (``ui.shielded``), never a traceback.
"""

from __future__ import annotations

import base64
import logging
import pathlib
from collections.abc import Iterable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import catalogue

from ..curriculum import model
from ..curriculum.generators import DIFFICULTIES, GENERATED_KINDS
from ..widgets.navigation import chosen_language
from ..widgets.style import BAD, GOOD, LESSON_CSS, NOTE, TEACH_CSS, failure_html, rule_summary, t, verdict_box
from ..widgets.style import esc_suits as esc
from ..widgets.ui import StatusLine, ruleset_picker, shielded
from .classroom import ClassSummary, load_class

__all__ = ["ClassSummaryWidget", "WorksheetMaker", "class_summary", "kind_label", "teacher_page"]

_log = logging.getLogger(__name__)




# -- the class summary ----------------------------------------------------------------------------

class ClassSummaryWidget(StatusLine, w.VBox):
    """Upload the progress files pupils exported; see pupils x lessons with stars and the rules missed most."""

    def __init__(self, paths: Iterable[str | pathlib.Path] = (), *, lang: str | None = None) -> None:
        from ..learner.store import shared_keeper

        self.lang = lang or chosen_language(shared_keeper().progress)
        self.summary = ClassSummary()
        self.status = w.HTML()
        self.upload = w.FileUpload(accept=".json,application/json", multiple=True,
                                   description=t("class.upload", self.lang), layout=w.Layout(width="auto"))
        self.upload.add_class("bt-class-upload")
        self.clear_button = w.Button(description=t("class.clear", self.lang), layout=w.Layout(width="auto"))
        self.clear_button.add_class("bt-class-clear")
        self.problems = w.HTML()
        self.problems.add_class("bt-class-problems")
        self.table = w.HTML()
        self.table.add_class("bt-class-table")
        self.missed = w.HTML()
        self.missed.add_class("bt-class-missed")
        self.upload.observe(self._uploaded, names=["value"])
        self.clear_button.on_click(self._clear)
        controls = w.HBox([self.upload, self.clear_button], layout=w.Layout(flex_flow="row wrap", grid_gap="8px"))
        about = w.HTML(f'{LESSON_CSS}{TEACH_CSS}<div class="bt-text">{esc(t("class.about", self.lang))}</div>')
        super().__init__([about, controls, self.status, self.problems, self.table, self.missed],
                         layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-lesson")
        self.add_class("bt-class-summary")
        if paths:
            self.summary = load_class(paths)
        self._draw()

    def add_files(self, files: Iterable[tuple[str, bytes | str]]) -> None:
        """Add pupils' files as (file name, content); a file that is not progress is named, the others count."""
        for name, content in files:
            self.summary.add(name, content)
        self._draw()

    @shielded
    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        self.add_files((str(f["name"]), bytes(f["content"])) for f in files)
        self.upload.value = ()        # the same files may be chosen again

    @shielded
    def _clear(self, _button: object = None) -> None:
        self.summary = ClassSummary()
        self._draw()

    def _draw(self) -> None:
        lang = self.lang
        summary = self.summary
        self.problems.value = "".join(
            verdict_box(BAD, message.text(lang), role="alert") for _, message in sorted(summary.bad_files.items()))
        if not summary.pupils:
            self.table.value = f'<div class="bt-text bt-class-empty">{esc(t("class.empty", lang))}</div>'
            self.missed.value = ""
            return
        found = tuple(model.all_lessons())
        stars = summary.stars(found)
        head = "".join(f'<th title="{esc(lesson.title(lang))}" scope="col">{lesson.number}</th>' for lesson in found)
        rows = []
        for pupil, by_lesson in stars.items():
            cells = []
            for lesson in found:
                got, most = by_lesson[lesson.key], 3 * len(lesson.exercises)
                css = "bt-full" if got == most else "bt-some" if got else "bt-none"
                spoken = t("class.cell", lang, pupil=pupil, number=lesson.number, stars=got, max=most)
                cells.append(f'<td class="{css}" data-lesson="{esc(lesson.key)}" data-stars="{got}" '
                             f'title="{esc(spoken)}" aria-label="{esc(spoken)}">{"★ " if got else ""}{got}</td>')
            total = sum(by_lesson.values())
            rows.append(f'<tr data-pupil="{esc(pupil)}"><td class="bt-pupil">{esc(pupil)}</td>{"".join(cells)}'
                        f"<td><b>{total}</b></td></tr>")
        legend = "".join(f"<li>{lesson.number}: {esc(lesson.title(lang))}</li>" for lesson in found)
        self.table.value = (
            f'<h2>{esc(t("class.table-title", lang, count=len(stars)))}</h2>'
            f'<div class="bt-class-wrap"><table class="bt-class" style="border-collapse:collapse">'
            f'<tr><th class="bt-pupil" scope="col">{esc(t("class.col.pupil", lang))}</th>{head}'
            f'<th scope="col">{esc(t("class.col.total", lang))}</th></tr>{"".join(rows)}</table></div>'
            f'<details><summary>{esc(t("class.legend", lang))}</summary>'
            f'<ol style="columns:2;list-style:none;padding-left:0">{legend}</ol></details>')
        missed = summary.missed_by()
        if not missed:
            self.missed.value = f'<h2>{esc(t("class.missed-title", lang))}</h2><div class="bt-text">{esc(t("class.none-missed", lang))}</div>'
            return
        lines = "".join(
            f'<tr data-rule="{esc(rule)}" data-pupils="{pupils}"><td>{esc(rule_summary(rule, lang))}</td>'
            f"<td><code>{esc(rule)}</code></td>"
            f"<td>{esc(t('class.pupils-of', lang, count=pupils, total=len(summary.pupils)))}</td>"
            f"<td>{esc(t('class.misses', lang, count=misses))}</td></tr>"
            for rule, pupils, misses in missed[:12])
        self.missed.value = (f'<h2>{esc(t("class.missed-title", lang))}</h2>'
                             f'<table class="bt-rules-left"><tr><th>{esc(t("practice.col.rule", lang))}</th>'
                             f'<th>{esc(t("practice.col.id", lang))}</th><th>{esc(t("class.col.pupils", lang))}</th>'
                             f'<th>{esc(t("class.col.misses", lang))}</th></tr>{lines}</table>')


def class_summary(paths: Iterable[str | pathlib.Path] | str | pathlib.Path = (), lang: str | None = None) -> w.Widget:
    """The class summary widget, filled from these exported progress files (a folder: its ``*.json``)."""
    if isinstance(paths, (str, pathlib.Path)):
        paths = [paths]
    try:
        return ClassSummaryWidget(paths, lang=lang)
    except Exception:
        _log.exception("the class summary could not be shown")
        return w.HTML(failure_html(lang or "en"))


# -- worksheets -----------------------------------------------------------------------------------

def kind_label(kind: str, lang: str) -> str:
    """A kind's name in ``lang`` (``worksheet.kind.<kind>``); a kind added without one shows its id."""
    key = f"worksheet.kind.{kind}"
    return t(key, lang) if key in catalogue("en") else kind


class WorksheetMaker(StatusLine, w.VBox):
    """Choose kinds, number, seed, ruleset and difficulty; get the printable worksheet to download."""

    def __init__(self, rules: str | bc.Ruleset = "classic", *, lang: str | None = None,
                 kinds: Iterable[str] | None = None) -> None:
        from ..learner.store import shared_keeper

        self.lang = lang or chosen_language(shared_keeper().progress)
        lang = self.lang
        chosen = set(kinds) if kinds is not None else {"judge-meld", "stands-for", "attach"}
        self.kinds = {kind: w.Checkbox(value=kind in chosen, description=kind_label(kind, lang), indent=False,
                                       layout=w.Layout(width="auto", margin="0 16px 0 0"))
                      for kind in GENERATED_KINDS}
        self.number = w.BoundedIntText(value=6, min=1, max=40, description=t("worksheet.number", lang),
                                       style={"description_width": "initial"}, layout=w.Layout(width="12em"))
        self.seed = w.BoundedIntText(value=1, min=0, max=10**9, description=t("worksheet.seed", lang),
                                     style={"description_width": "initial"}, layout=w.Layout(width="14em"))
        self.difficulty = w.Dropdown(options=[(t("worksheet.difficulty.level", lang, level=d), d) for d in DIFFICULTIES],
                                     value=1, description=t("worksheet.difficulty", lang),
                                     style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        # a house variant is offered as it is (the exercises are generated under it); an unknown id: classic
        if not isinstance(rules, bc.Ruleset) and rules not in bc.RULESETS:
            rules = "classic"
        self.rules = ruleset_picker(rules, t("referee.rules", lang), lang)
        self.make_button = w.Button(description=t("worksheet.make", lang), button_style="primary",
                                    layout=w.Layout(width="auto"))
        self.make_button.add_class("bt-worksheet-make")
        self.make_button.on_click(self._make)
        self.status = w.HTML()
        self.result = w.HTML()
        self.result.add_class("bt-worksheet-result")
        self.page = ""
        boxes = w.HBox(list(self.kinds.values()), layout=w.Layout(flex_flow="row wrap"))
        settings = w.HBox([self.number, self.seed, self.difficulty, self.rules],
                          layout=w.Layout(flex_flow="row wrap", grid_gap="8px 16px", align_items="center"))
        head = w.HTML(f'{LESSON_CSS}{TEACH_CSS}<h2>{esc(t("worksheet.maker.title", lang))}</h2>'
                      f'<div class="bt-text">{esc(t("worksheet.maker.about", lang))}</div>'
                      f'<b>{esc(t("worksheet.kinds", lang))}</b>')
        super().__init__([head, boxes, settings, w.HBox([self.make_button]), self.status, self.result],
                         layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-lesson")
        self.add_class("bt-worksheet-maker")

    def chosen_kinds(self) -> list[str]:
        return [kind for kind, checkbox in self.kinds.items() if checkbox.value]

    @shielded
    def _make(self, _button: object = None) -> None:
        from .worksheet import worksheet_page

        self.status.value = ""
        kinds = self.chosen_kinds()
        if not kinds:
            self.result.value = ""
            self.status.value = verdict_box(NOTE, t("worksheet.no-kind", self.lang), role="alert")
            return
        rules = self.rules.value      # a built-in's id, or the house Ruleset itself
        self.page, left_out = worksheet_page(kinds, self.number.value, self.seed.value, rules, self.lang,
                                             self.difficulty.value)
        # a kind these rules cannot give is left out, and the teacher told why
        notes = "".join(f'<div class="bt-left-out" data-kind="{esc(kind)}">{verdict_box(NOTE, err.msg.text(self.lang))}</div>'
                        for kind, err in left_out.items())
        if not self.page:
            self.result.value = ""
            self.status.value = verdict_box(NOTE, t("worksheet.none-left", self.lang, rules=bc.ruleset(rules).label),
                                    role="alert") + notes
            return
        data = base64.b64encode(self.page.encode("utf-8")).decode("ascii")
        name = f"burraco-worksheet-{self.seed.value}.html"
        self.result.value = (
            verdict_box(GOOD, t("worksheet.ready", self.lang, count=self.number.value, seed=self.seed.value),
                extra=f'<div style="margin-top:8px"><a class="bt-link-button bt-worksheet-download" download="{name}" '
                      f'href="data:text/html;charset=utf-8;base64,{data}">{esc(t("worksheet.download", self.lang))}</a></div>'
                      f'<div>{esc(t("worksheet.print-tip", self.lang))}</div>')) + notes


def teacher_page(rules: str = "classic", lang: str | None = None) -> w.Widget:
    """The class tool page's widgets: the class summary, then the worksheet maker (its ruleset last,
    so the tool page keeps it in step with the learner's saved choice)."""
    return w.VBox([ClassSummaryWidget(lang=lang), WorksheetMaker(rules, lang=lang)])
