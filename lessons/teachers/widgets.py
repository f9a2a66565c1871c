"""The widgets for practice and for a class: practise what I missed, the class summary, worksheets.

- :class:`PracticeWidget`: the generated exercises of a :class:`~lessons.learner.practice.PracticeSession`,
  one at a time, with the answer views the lessons use; which rule each practises and how many
  correct answers each rule still needs; the answers are kept with the learner's progress.
- :class:`ClassSummaryWidget`: upload the progress files pupils exported and see pupils x lessons
  with stars and the rules the class misses most (``lessons.classroom``).
- :class:`WorksheetMaker`: choose kinds, number, seed, ruleset and difficulty and download the
  printable worksheet (``lessons.worksheet``).

They decide no rule: the practice session, the class summary and the engine do. A failure in a
callback is logged and a short message shown in the widget's status line (``ui.shielded``), never a
traceback.
"""

from __future__ import annotations

import base64
import logging
import pathlib
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import Message, catalogue

from ..curriculum.generators import DIFFICULTIES, GENERATED_KINDS
from ..learner.practice import PracticeSession
from ..learner.progress import Progress
from ..widgets.lesson import (
    _STYLE,
    BAD,
    GOOD,
    NOTE,
    AnswerView,
    answer_view,
    box,
    esc,
    solution_box,
    stars_html,
    t,
)
from ..widgets.navigation import HOME, chosen_language, href, notebook_name
from ..widgets.ui import failure_html, ruleset_picker, shielded
from .classroom import ClassSummary, load_class

__all__ = ["ClassSummaryWidget", "PracticeWidget", "WorksheetMaker", "class_summary", "practice_link"]

_log = logging.getLogger(__name__)
PRACTICE_NOTEBOOK = "practice"

_TEACH_STYLE = """<style>
.bt-lesson .bt-rules-left td, .bt-lesson .bt-rules-left th { padding: 3px 14px 3px 0; text-align: left; vertical-align: top; }
.bt-lesson code { font-size: 0.9em; background: #eceff1; padding: 0 4px; border-radius: 4px; }
.bt-lesson .bt-class th, .bt-lesson .bt-class td { border: 1px solid #cfd8dc; padding: 4px 8px; text-align: center; }
.bt-lesson .bt-class th.bt-pupil, .bt-lesson .bt-class td.bt-pupil { text-align: left; font-weight: 600; }
.bt-lesson .bt-class td.bt-full { background: #e8f5e9; }
.bt-lesson .bt-class td.bt-some { background: #fff8e1; }
.bt-lesson .bt-class td.bt-none { color: #6b7580; }
.bt-lesson .bt-class-wrap { overflow-x: auto; max-width: 100%; }
.bt-lesson .bt-link-button { display: inline-block; background: #0b4a8b; color: #fff; font-weight: 700;
  padding: 8px 16px; border-radius: 10px; text-decoration: none; margin: 6px 8px 6px 0; }
.bt-lesson .bt-link-button:focus-visible { outline: 3px solid #e6a100; outline-offset: 2px; }
.bt-lesson h2 { font-size: 1.35em; margin: 16px 0 6px; }
</style>"""


class _StatusLine:
    """A teaching widget's ``status`` line is where a failure is told (see ``ui.shielded``)."""

    status: w.HTML

    def show_failure(self, html: str) -> None:
        self.status.value = html


def _rule_summary(rule: str, lang: str) -> str:
    return t(f"rule.{rule}.summary", lang)


def _link(name: str, text: str, css: str = "bt-link-button") -> str:
    return f'<a class="{css}" href="{esc(href(name))}">{esc(text)}</a>'


# -- practise what I missed ------------------------------------------------------------------------

class PracticeWidget(_StatusLine, w.VBox):
    """Generated exercises on the rules the learner missed, until each is answered correctly twice.

    ``keeper``: the shared progress keeper (answers saved, the browser's copy followed); or
    ``progress``: a Progress to record into (nothing saved). ``rules``: a built-in ruleset id or a
    house Ruleset (the exercises are generated under it; a kind it cannot give is left out, and said);
    ``kinds``: the generated kinds to practise with (all of them by default).
    """

    def __init__(self, *, keeper: Any = None, progress: Progress | None = None, rules: str | bc.Ruleset = "classic",
                 lang: str | None = None, seed: int = 0, kinds: Iterable[str] = GENERATED_KINDS) -> None:
        self.keeper = keeper
        if keeper is not None:
            progress = keeper.progress
        self.progress = progress if progress is not None else Progress()
        self.fixed_lang = lang
        self.lang = lang or chosen_language(self.progress)
        self.rules = rules
        self.seed = seed
        self.practice_kinds = tuple(kinds)
        self.acted = False              # the learner answered or asked something here
        self._saving = False
        self.view: AnswerView | None = None
        self.status = w.HTML()
        self.status.add_class("bt-status")
        self.rules_html = w.HTML()
        self.rules_html.add_class("bt-practice-rules")
        self.body = w.VBox()
        self.check_button = self._button("widget.check", "bt-check", self._on_check, "success")
        self.hint_button = self._button("widget.hint", "bt-hint", self._on_hint)
        self.solution_button = self._button("widget.solution", "bt-solution", self._on_solution)
        self.next_button = self._button("practice.next", "bt-next", self._on_next, "primary")
        self.verdict_html = w.HTML()
        self.verdict_html.add_class("bt-verdict")
        self.hints_html = w.HTML()
        self.solution_html = w.HTML()
        self.end_html = w.HTML()
        self.end_html.add_class("bt-practice-end")
        children: list[w.Widget] = [w.HTML(_STYLE + _TEACH_STYLE), self.status, self.rules_html, self.body]
        if keeper is not None:
            children.append(keeper.widget)
        super().__init__(children, layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-lesson")
        self.add_class("bt-practice")
        self.session = self._new_session()
        self.number = 0
        self._draw()
        if keeper is not None:
            keeper.changed(self._progress_changed)

    def _button(self, key: str, css: str, handler: Callable[..., Any], style: str = "") -> w.Button:
        button = w.Button(description=t(key, self.lang), button_style=style, layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(handler)
        button.catalogue_key = key
        return button

    def _new_session(self) -> PracticeSession:
        return PracticeSession.from_progress(self.progress, rules=self.rules, seed=self.seed, kinds=self.practice_kinds)

    # ---------------------------------------------------------------- drawing
    def _draw(self) -> None:
        for button in (self.check_button, self.hint_button, self.solution_button, self.next_button):
            button.description = t(button.catalogue_key, self.lang)
        session = self.session
        if not session.wanted:
            self.rules_html.value = ""
            self.body.children = [w.HTML(box(NOTE, t("practice.nothing", self.lang), extra=self._lessons_links(),
                                             headline=t("practice.nothing.title", self.lang)))]
            return
        exercise = session.next()
        self._draw_rules()
        if exercise is None:
            self.body.children = [w.HTML(self._end_html())]
            return
        self.number += 0 if self.view is not None and self.view.exercise is exercise else 1
        self.body.children = [self._card(exercise)]

    def _draw_rules(self) -> None:
        session = self.session
        rows = []
        for rule in session.wanted:
            if rule in session.unpractisable:
                state = t("practice.rule.no-exercise", self.lang)
            elif session.needed_for(rule):
                state = t("practice.rule.needed", self.lang, count=session.needed_for(rule))
            else:
                state = "✓ " + t("practice.rule.done", self.lang)
            rows.append(f'<tr data-rule="{esc(rule)}" data-needed="{session.needed_for(rule)}">'
                        f"<td>{esc(_rule_summary(rule, self.lang))}</td><td><code>{esc(rule)}</code></td>"
                        f'<td class="bt-needed">{esc(state)}</td></tr>')
        left_out = "".join(f'<div class="bt-left-out" data-kind="{esc(kind)}">{box(NOTE, err.msg.text(self.lang))}</div>'
                           for kind, err in session.unavailable.items())
        self.rules_html.value = (f'<div class="bt-text">{esc(t("practice.about", self.lang, count=session.needed))}</div>'
                                 f'<table class="bt-rules-left"><tr><th>{esc(t("practice.col.rule", self.lang))}</th>'
                                 f'<th>{esc(t("practice.col.id", self.lang))}</th>'
                                 f'<th>{esc(t("practice.col.needed", self.lang))}</th></tr>{"".join(rows)}</table>'
                                 + left_out)

    def _card(self, exercise: Any) -> w.Widget:
        self.view = answer_view(exercise, self.lang)
        self.view.on_error = lambda: self.show_failure(failure_html(self.lang))
        for html_box in (self.verdict_html, self.hints_html, self.solution_html, self.end_html):
            html_box.value = ""
        self.check_button.disabled = self.hint_button.disabled = self.solution_button.disabled = False
        self.next_button.layout.display = "none"
        about = self.session.practising
        header = w.HTML(f'<div class="bt-sub">{esc(t("practice.exercise-number", self.lang, number=self.number))}</div>'
                        f'<div class="bt-practises">{esc(t("practice.practises", self.lang))}<ul style="margin:2px 0">'
                        + "".join(f'<li data-rule="{esc(r)}">{esc(_rule_summary(r, self.lang))}</li>' for r in about)
                        + "</ul></div>"
                        f'<div class="bt-prompt">{esc(exercise.prompt.text(self.lang))}</div>')
        buttons = w.HBox([self.check_button, self.hint_button, self.solution_button, self.next_button],
                         layout=w.Layout(flex_flow="row wrap", grid_gap="8px", margin="8px 0"))
        self.view.widget.add_class("bt-answer")
        card = w.VBox([header, self.view.widget, buttons, self.verdict_html, self.hints_html, self.solution_html,
                       self.end_html])
        card.add_class("bt-exercise")
        card.add_class(f"bt-kind-{exercise.kind}")
        return card

    def _end_html(self) -> str:
        session = self.session
        practised = [r for r in session.wanted if r not in session.unpractisable]
        parts = []
        if practised:
            parts.append(box(GOOD, t("practice.done", self.lang, count=len(practised)), extra=self._lessons_links(),
                             headline=t("practice.done.title", self.lang)))
        if session.unpractisable:
            parts.append(box(NOTE, t("practice.unpractisable", self.lang,
                                     rules=tuple(Message(f"rule.{r}.summary") for r in session.unpractisable)),
                             extra="" if practised else self._lessons_links()))
        return "".join(parts)

    def _lessons_links(self) -> str:
        import lessons

        first = lessons.LESSONS[0]
        return ('<div style="margin-top:8px">' + _link(HOME, t("practice.to-lessons", self.lang))
                + _link(notebook_name(first), t("practice.first-lesson", self.lang, number=first.number,
                                                 title=first.title(self.lang))) + "</div>")

    # ---------------------------------------------------------------- saving, listening
    def _save(self) -> None:
        if self.keeper is None:
            return
        self._saving = True
        try:
            self.keeper.save()
        finally:
            self._saving = False

    def _progress_changed(self, progress: Progress) -> None:
        if self._saving:
            return
        try:
            lang = self.fixed_lang or chosen_language(progress)
            if not self.acted:
                # the browser's copy arrives after the page is drawn: start again from it
                self.lang = lang
                self.session = self._new_session()
                self.view = None
                self.number = 0
                self._draw()
                return
            self.session.refresh()
            if lang != self.lang:
                self.lang = lang
                self._draw()
            else:
                self._draw_rules()
        except Exception:      # a listener must not break the keeper
            _log.exception("the practice could not be redrawn")

    # ---------------------------------------------------------------- buttons
    @shielded
    def _on_check(self, _button: object = None) -> None:
        assert self.view is not None
        self.acted = True
        self.status.value = ""
        verdict = self.session.answer(self.view.answer())
        if verdict.status == "correct":
            self._save()
            kept = self.session.earned
            self.verdict_html.value = box(GOOD, verdict.message(self.lang), extra=" " + stars_html(kept))
            self.check_button.disabled = True
            self.hint_button.disabled = self.solution_button.disabled = True
            self._draw_rules()
            if self.session.done:
                self.end_html.value = self._end_html()
            else:
                self.next_button.layout.display = "flex"
        elif verdict.status == "incorrect":
            self._save()
            self.verdict_html.value = box(BAD, verdict.message(self.lang), headline=t("widget.try-again", self.lang))
        else:
            self.verdict_html.value = box(NOTE, verdict.message(self.lang))

    @shielded
    def _on_hint(self, _button: object = None) -> None:
        self.acted = True
        if self.session.current is None:     # answered already: the next exercise's hints wait for it
            return
        self.session.hint()
        shown = self.session.hints
        count = len(self.session.current.hints) if self.session.current is not None else len(shown)
        items = "".join(f"<li><b>{esc(t('widget.hint-of', self.lang, number=i + 1, count=count))}</b> "
                        f"{esc(h.text(self.lang))}</li>" for i, h in enumerate(shown))
        more = "" if len(shown) < count else f"<div>{esc(t('widget.no-more-hints', self.lang))}</div>"
        self.hints_html.value = f'<ul class="bt-hints" aria-live="polite">{items}</ul>{more}'

    @shielded
    def _on_solution(self, _button: object = None) -> None:
        assert self.view is not None
        self.acted = True
        if self.session.current is None:
            return
        self.session.show_solution()
        self.solution_html.value = solution_box(self.view.solution_html(), self.lang,
                                                t("practice.solution-note", self.lang), "bt-solution-box")
        self.next_button.layout.display = "flex"

    @shielded
    def _on_next(self, _button: object = None) -> None:
        self.acted = True
        if self.session.current is not None:      # the solution was shown: another exercise
            self.session.skip()
        self.status.value = ""
        self._draw()


def practice_link(progress: Progress, lang: str) -> str:
    """The lesson page's "practise what I missed" button (a link to the practice page), or ""
    when nothing is left to practise."""
    from ..learner.practice import rules_to_practise

    rules = rules_to_practise(progress)
    if not rules:
        return ""
    return (f'<div class="bt-practice-link" style="margin:10px 0">'
            f'<a class="bt-continue bt-practice-button" role="button" href="{esc(href(PRACTICE_NOTEBOOK))}" '
            'style="display:inline-block;background:#0b4a8b;color:#fff;font-weight:700;font-size:1.1em;'
            'padding:8px 16px;border-radius:10px;text-decoration:none">'
            f'{esc(t("practice.button", lang, count=len(rules)))}</a></div>')


# -- the class summary ----------------------------------------------------------------------------

class ClassSummaryWidget(_StatusLine, w.VBox):
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
        about = w.HTML(f'{_STYLE}{_TEACH_STYLE}<div class="bt-text">{esc(t("class.about", self.lang))}</div>')
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
        import lessons

        lang = self.lang
        summary = self.summary
        self.problems.value = "".join(
            box(BAD, message.text(lang), role="alert") for _, message in sorted(summary.bad_files.items()))
        if not summary.pupils:
            self.table.value = f'<div class="bt-text bt-class-empty">{esc(t("class.empty", lang))}</div>'
            self.missed.value = ""
            return
        found = tuple(lessons.LESSONS)
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
            f'<tr data-rule="{esc(rule)}" data-pupils="{pupils}"><td>{esc(_rule_summary(rule, lang))}</td>'
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


class WorksheetMaker(_StatusLine, w.VBox):
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
        head = w.HTML(f'{_STYLE}{_TEACH_STYLE}<h2>{esc(t("worksheet.maker.title", lang))}</h2>'
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
            self.status.value = box(NOTE, t("worksheet.no-kind", self.lang), role="alert")
            return
        rules = self.rules.value      # a built-in's id, or the house Ruleset itself
        self.page, left_out = worksheet_page(kinds, self.number.value, self.seed.value, rules, self.lang,
                                             self.difficulty.value)
        # a kind these rules cannot give is left out, and the teacher told why
        notes = "".join(f'<div class="bt-left-out" data-kind="{esc(kind)}">{box(NOTE, err.msg.text(self.lang))}</div>'
                        for kind, err in left_out.items())
        if not self.page:
            self.result.value = ""
            self.status.value = box(NOTE, t("worksheet.none-left", self.lang, rules=bc.ruleset(rules).label),
                                    role="alert") + notes
            return
        data = base64.b64encode(self.page.encode("utf-8")).decode("ascii")
        name = f"burraco-worksheet-{self.seed.value}.html"
        self.result.value = (
            box(GOOD, t("worksheet.ready", self.lang, count=self.number.value, seed=self.seed.value),
                extra=f'<div style="margin-top:8px"><a class="bt-link-button bt-worksheet-download" download="{name}" '
                      f'href="data:text/html;charset=utf-8;base64,{data}">{esc(t("worksheet.download", self.lang))}</a></div>'
                      f'<div>{esc(t("worksheet.print-tip", self.lang))}</div>')) + notes


def teacher_page(rules: str = "classic", lang: str | None = None) -> w.Widget:
    """The class tool page's widgets: the class summary, then the worksheet maker (its ruleset last,
    so the tool page keeps it in step with the learner's saved choice)."""
    return w.VBox([ClassSummaryWidget(lang=lang), WorksheetMaker(rules, lang=lang)])
