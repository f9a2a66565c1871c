"""Practise what I missed: the generated exercises of a :class:`~lessons.learner.practice.PracticeSession`,
one at a time, with the answer views the lessons use; which rule each practises and how many correct
answers each rule still needs; the answers are kept with the learner's progress. (The lesson page's
"practise what I missed" button is ``navigation.practice_link``.)

It decides no rule: the practice session and the engine do. A failure in a callback is logged and a
short message shown in the widget's status line (``ui.shielded``), never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import Message

from ..curriculum import model
from ..curriculum.generators import GENERATED_KINDS
from ..learner.practice import PracticeSession
from ..learner.progress import Progress
from .following import FollowsTheRecord
from .navigation import HOME, chosen_language, link_button, notebook_name
from .style import (
    BAD,
    GOOD,
    LESSON_CSS,
    NOTE,
    TEACH_CSS,
    failure_html,
    rule_summary,
    solution_box,
    stars_html,
    t,
    verdict_box,
)
from .style import esc_suits as esc
from .ui import StatusLine, shielded
from .views import AnswerView, answer_view
from .voice import Speaks

__all__ = ["PracticeWidget", "practice_tool"]

_log = logging.getLogger(__name__)


# -- practise what I missed ------------------------------------------------------------------------

class PracticeWidget(Speaks, FollowsTheRecord, StatusLine, w.VBox):
    """Generated exercises on the rules the learner missed, until each is answered correctly twice.

    ``keeper``: the shared progress keeper (answers saved, the browser's copy followed); or
    ``progress``: a Progress to record into (nothing saved). ``rules``: a built-in ruleset id or a
    house Ruleset (the exercises are generated under it; a kind it cannot give is left out, and said);
    ``kinds``: the generated kinds to practise with (all of them by default). ``practise``: the rule ids
    to practise (the work a teacher set) instead of the learner's own missed rules. On a tool page the
    verdicts, hints, solutions and the end are said by the page's one live region (:meth:`speak_with`).
    """

    def __init__(self, *, keeper: Any = None, progress: Progress | None = None, rules: str | bc.Ruleset = "classic",
                 lang: str | None = None, seed: int = 0, kinds: Iterable[str] = GENERATED_KINDS,
                 practise: Iterable[str] | None = None) -> None:
        self.practise = None if practise is None else tuple(practise)
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
        children: list[w.Widget] = [w.HTML(LESSON_CSS + TEACH_CSS), self.status, self.rules_html, self.body]
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
        if self.practise is not None:
            return PracticeSession(self.practise, progress=self.progress, rules=self.rules, seed=self.seed,
                                   kinds=self.practice_kinds)
        return PracticeSession.from_progress(self.progress, rules=self.rules, seed=self.seed, kinds=self.practice_kinds)

    # ---------------------------------------------------------------- drawing
    def _draw(self) -> None:
        for button in (self.check_button, self.hint_button, self.solution_button, self.next_button):
            button.description = t(button.catalogue_key, self.lang)
        session = self.session
        if not session.wanted:
            self.rules_html.value = ""
            self.body.children = [w.HTML(verdict_box(NOTE, t("practice.nothing", self.lang), extra=self._lessons_links(),
                                             headline=t("practice.nothing.title", self.lang), role=self._role()))]
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
                        f"<td>{esc(rule_summary(rule, self.lang))}</td>"
                        f'<td class="bt-needed">{esc(state)}</td></tr>')
        left_out = "".join(f'<div class="bt-left-out" data-kind="{esc(kind)}">'
                           f'{verdict_box(NOTE, err.msg.text(self.lang), role=self._role())}</div>'
                           for kind, err in session.unavailable.items())
        self.rules_html.value = (f'<div class="bt-text">{esc(t("practice.about", self.lang, count=session.needed))}</div>'
                                 f'<table class="bt-rules-left"><tr><th>{esc(t("practice.col.rule", self.lang))}</th>'
                                 f'<th>{esc(t("practice.col.needed", self.lang))}</th></tr>{"".join(rows)}</table>'
                                 + left_out)

    def _card(self, exercise: Any) -> w.Widget:
        self.view = answer_view(exercise, self.lang)
        self.view.on_error = lambda: self.show_failure(failure_html(self.lang))
        self.view.speak_with(self.voice)        # a table's move report: said by the page's one live region
        for html_box in (self.verdict_html, self.hints_html, self.solution_html, self.end_html):
            html_box.value = ""
        self.check_button.disabled = self.hint_button.disabled = self.solution_button.disabled = False
        self.next_button.layout.display = "none"
        about = self.session.practising
        header = w.HTML(f'<div class="bt-sub">{esc(t("practice.exercise-number", self.lang, number=self.number))}</div>'
                        f'<div class="bt-practises">{esc(t("practice.practises", self.lang))}<ul style="margin:2px 0">'
                        + "".join(f'<li data-rule="{esc(r)}">{esc(rule_summary(r, self.lang))}</li>' for r in about)
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
            parts.append(verdict_box(GOOD, t("practice.done", self.lang, count=len(practised)), extra=self._lessons_links(),
                             headline=t("practice.done.title", self.lang), role=self._role()))
        if session.unpractisable:
            parts.append(verdict_box(NOTE, t("practice.unpractisable", self.lang,
                                     rules=tuple(Message(f"rule.{r}.summary") for r in session.unpractisable)),
                             extra="" if practised else self._lessons_links(), role=self._role()))
        return "".join(parts)

    def _lessons_links(self) -> str:
        first = model.all_lessons()[0]
        return ('<div style="margin-top:8px">' + link_button(HOME, t("practice.to-lessons", self.lang))
                + link_button(notebook_name(first), t("practice.first-lesson", self.lang, number=first.number,
                                                 title=first.title(self.lang))) + "</div>")

    # ---------------------------------------------------------------- saving, listening
    def _restart(self) -> None:
        # the browser's copy arrives after the page is drawn: start again from it
        self.session = self._new_session()
        self.view = None
        self.number = 0
        self._draw()

    def _follow(self, lang: str) -> None:
        self.session.refresh()
        if lang != self.lang:
            self.lang = lang
            self._draw()
        else:
            self._draw_rules()

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
            self.verdict_html.value = verdict_box(GOOD, verdict.message(self.lang), extra=" " + stars_html(kept),
                                                  role=self._role())
            self.check_button.disabled = True
            self.hint_button.disabled = self.solution_button.disabled = True
            self._draw_rules()
            if self.session.done:
                self.end_html.value = self._end_html()
            else:
                self.next_button.layout.display = "flex"
        elif verdict.status == "incorrect":
            self._save()
            self.verdict_html.value = verdict_box(BAD, verdict.message(self.lang), headline=t("widget.try-again", self.lang),
                                                  role=self._role())
        else:
            self.verdict_html.value = verdict_box(NOTE, verdict.message(self.lang), role=self._role())
        self._speak(self.verdict_html.value, self.end_html.value)     # the verdict (and the end, when it came)

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
        live = "" if self.voice is not None else ' aria-live="polite"'
        self.hints_html.value = f'<ul class="bt-hints"{live}>{items}</ul>{more}'
        self._speak(f"{items.rsplit('<li>', 1)[-1]} {more}")      # the new hint

    @shielded
    def _on_solution(self, _button: object = None) -> None:
        assert self.view is not None
        self.acted = True
        if self.session.current is None:
            return
        self.session.show_solution()
        self.solution_html.value = solution_box(self.view.solution_html(), self.lang,
                                                t("practice.solution-note", self.lang), "bt-solution-box")
        self._speak(self.solution_html.value)
        self.next_button.layout.display = "flex"

    @shielded
    def _on_next(self, _button: object = None) -> None:
        self.acted = True
        if self.session.current is not None:      # the solution was shown: another exercise
            self.session.skip()
        self.status.value = ""
        self._draw()

    def _draw_spoken(self) -> None:
        self._draw()        # the same exercise (the session keeps it until answered), its boxes without roles


def practice_tool(rules: str, lang: str = "en") -> w.Widget:
    """The practice page: the learner's own missed rules, the progress kept by the shared keeper."""
    from ..learner.store import shared_keeper

    return PracticeWidget(keeper=shared_keeper(), rules=rules, lang=lang)
