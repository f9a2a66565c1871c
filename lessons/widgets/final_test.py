"""The final test: twenty questions the course never showed, on every family of rules it taught, with the
score and the rules to look at again at the end (``PracticeSession.final_test``: the questions, the
answers recorded, the score kept in the learner's record and so sent to the class like any progress).

The page shows one question at a time with the answer views the lessons use, and how far the test is
("Question 3 of 20", a bar); Check keeps the answer and goes on (a test: no hint, no solution, no verdict
until the end). The end says the score and the rules missed in words (the catalogue's rule summaries, and
the kind of question where a wrong answer broke no rule), never a rule id. It decides no rule: the
session and the engine do; a failure in a callback shows a short message, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import Message

from ..curriculum.generators import kind_name
from ..learner.practice import PracticeSession
from ..learner.progress import Progress
from .following import FollowsTheRecord
from .navigation import FINAL_TEST_NOTEBOOK, HOME, PRACTICE_NOTEBOOK, chosen_language, link_button
from .style import GOOD, LESSON_CSS, NOTE, TEACH_CSS, WARN, failure_html, rule_summary, t, verdict_box
from .style import esc_suits as esc
from .ui import StatusLine, shielded
from .views import AnswerView, answer_view
from .voice import Speaks

__all__ = ["FINAL_TEST_NOTEBOOK", "FinalTestWidget", "final_test_tool", "last_score_text", "unnumbered"]

_MARK = "\u2060\u2061\u2060"      # stands for the generator's number while the prompt is put in words


def unnumbered(prompt: Message, lang: str) -> str:
    """A generated exercise's prompt without the generator's number before it ("Exercise 5001: pick..."
    becomes "Pick..."): the number is the worksheets' and the teachers' reference; in a test it would be a
    number the learner has to read past (the page says "Question 3 of 20" already)."""
    if "seed" not in prompt.params:
        return prompt.text(lang)
    text = Message(prompt.key, **{**prompt.params, "seed": _MARK}).text(lang)
    head, mark, rest = text.partition(_MARK)
    if not mark or len(head) > 24:          # the number is not a label in front: only the number goes
        return text.replace(_MARK, "").replace("  ", " ").strip()
    rest = rest.lstrip(" :.\u2013\u2014-")
    first = next((i for i, char in enumerate(rest) if char.isalpha()), None)
    return rest if first is None else rest[:first] + rest[first].upper() + rest[first + 1:]


def last_score_text(progress: Progress, lang: str) -> str:
    """"Your last final test: 17 of 20." or "" when the learner never took one."""
    final = progress.final_test
    return "" if final is None else t("final.last", lang, score=final.score, total=final.total)


class FinalTestWidget(Speaks, FollowsTheRecord, StatusLine, w.VBox):
    """The final test, one question at a time. ``keeper``: the shared progress keeper (answers saved, the
    browser's copy followed); or ``progress``: a Progress to record into (nothing saved). ``rules``: the
    ruleset the questions are dealt under; ``seed``: the test's (None: the test in progress kept in the
    record, resumed where it stopped, else a fresh one). On a tool page how far the test is, a question
    not answered and the score are said by the page's one live region (:meth:`speak_with`)."""

    def __init__(self, *, keeper: Any = None, progress: Progress | None = None, rules: str | bc.Ruleset = "classic",
                 lang: str | None = None, seed: int | None = None) -> None:
        self.keeper = keeper
        if keeper is not None:
            progress = keeper.progress
        self.progress = progress if progress is not None else Progress()
        self.fixed_lang = lang
        self.lang = lang or chosen_language(self.progress)
        self.rules = rules
        self.seed = seed
        self.acted = False              # the learner answered here
        self._saving = False
        self.view: AnswerView | None = None
        self.status = w.HTML()
        self.status.add_class("bt-status")
        self.about_html = w.HTML()
        self.about_html.add_class("bt-final-about")
        self.count_html = w.HTML()
        self.count_html.add_class("bt-final-count")
        self.body = w.VBox()
        self.check_button = self._button("widget.check", "bt-check", self._on_check, "success")
        self.again_button = self._button("final.again", "bt-final-again", self._on_again, "primary")
        self.verdict_html = w.HTML()
        self.verdict_html.add_class("bt-verdict")
        children: list[w.Widget] = [w.HTML(LESSON_CSS + TEACH_CSS), self.status, self.about_html, self.count_html,
                                    self.body]
        if keeper is not None:
            children.append(keeper.widget)
        super().__init__(children, layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-lesson")
        self.add_class("bt-final-test")
        self.session = self._new_session()
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
        seed, self.seed = self.seed, None       # a given seed makes the first test only; "again" is a fresh one
        if seed is None:
            resumed = PracticeSession.resume_final(self.progress, rules=self.rules)    # a reload mid-test
            if resumed is not None:
                return resumed
        return PracticeSession.final_test(self.progress, rules=self.rules, seed=seed)

    # ---------------------------------------------------------------- drawing
    def _draw(self) -> None:
        for button in (self.check_button, self.again_button):
            button.description = t(button.catalogue_key, self.lang)
        session = self.session
        last = last_score_text(self.progress, self.lang) if not session.history else ""
        self.about_html.value = (f'<div class="bt-text">{esc(t("final.about", self.lang, total=len(session.questions)))}'
                                 f'{" " + esc(last) if last else ""}</div>')
        self._draw_count()
        exercise = session.next()
        if exercise is None:
            self.view = None
            end = self._end_html()
            self.body.children = [w.HTML(end), self.again_button]
            self._speak(end)        # the score and the rules to look at again
            return
        self.body.children = [self._card(exercise)]
        self._speak(self.count_html.value)      # "3 of 20 answered": the answer was kept

    def _draw_count(self) -> None:
        answered, total = len(self.session.history), len(self.session.questions)
        said = t("final.answered", self.lang, answered=answered, total=total)
        live = "" if self.voice is not None else ' aria-live="polite"'     # with a voice, the voice says it
        self.count_html.value = (
            f'<div class="bt-final-progress" data-answered="{answered}" data-total="{total}">'
            f'<progress max="{total}" value="{answered}" aria-label="{esc(said)}" style="width:16em"></progress> '
            f'<span class="bt-final-answered"{live}>{esc(said)}</span></div>')

    def _card(self, exercise: Any) -> w.Widget:
        self.view = answer_view(exercise, self.lang)
        self.view.on_error = lambda: self.show_failure(failure_html(self.lang))
        self.view.speak_with(self.voice)        # a table's move report: said by the page's one live region
        self.verdict_html.value = ""
        self.check_button.disabled = False
        number = len(self.session.history) + 1
        header = w.HTML(f'<div class="bt-sub bt-final-question" data-number="{number}">'
                        f'{esc(t("final.question", self.lang, number=number, total=len(self.session.questions)))}</div>'
                        f'<div class="bt-prompt">{esc(unnumbered(exercise.prompt, self.lang))}</div>')
        self.view.widget.add_class("bt-answer")
        card = w.VBox([header, self.view.widget, w.HBox([self.check_button], layout=w.Layout(margin="8px 0")),
                       self.verdict_html])
        card.add_class("bt-exercise")
        card.add_class(f"bt-kind-{exercise.kind}")
        return card

    def _end_html(self) -> str:
        session, lang = self.session, self.lang
        total = len(session.questions)
        title = t("final.score", lang, score=session.score, total=total)
        rules = session.missed_rules()
        kinds = session.missed_kinds()
        parts = [f'<div class="bt-final-score" data-score="{session.score}" data-total="{total}">']
        if not rules and not kinds:
            parts.append(verdict_box(GOOD, t("final.all-right", lang), headline=title, role=self._role()))
        else:
            items = "".join(f'<li class="bt-final-rule">{esc(rule_summary(rule, lang))}</li>' for rule in rules)
            items += "".join(f'<li class="bt-final-kind">{esc(t("final.kind", lang, kind=kind_name(kind)))}</li>'
                             for kind in kinds)
            colour = GOOD if session.score * 2 >= total else WARN
            parts.append(verdict_box(colour, t("final.missed", lang), headline=title, role=self._role(),
                                     extra=f'<ul class="bt-final-missed" style="color:#1a1a1a">{items}</ul>'))
        links = [link_button(HOME, t("practice.to-lessons", lang))]
        if rules:
            links.insert(0, link_button(PRACTICE_NOTEBOOK, t("final.practise", lang)))
        parts.append(f'<div style="margin-top:8px">{"".join(links)}</div></div>')
        return "".join(parts)

    # ---------------------------------------------------------------- following the record
    def _restart(self) -> None:
        # the browser's copy arrives after the page is drawn: the test in progress it holds, if any
        self.session = self._new_session()
        self._draw()

    def _follow(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._draw()

    # ---------------------------------------------------------------- buttons
    @shielded
    def _on_check(self, _button: object = None) -> None:
        if self.view is None or self.session.current is None:
            return
        self.acted = True
        self.status.value = ""
        verdict = self.session.answer(self.view.answer())
        if verdict.status == "not-attempted":
            self.verdict_html.value = verdict_box(NOTE, verdict.message(self.lang), role=self._role())
            self._speak(self.verdict_html.value)
            return
        self._save()
        self._draw()        # the next question, or the score (a test says nothing of one answer)

    @shielded
    def _on_again(self, _button: object = None) -> None:
        self.session = self._new_session()
        self.status.value = ""
        self._draw()


    def _draw_spoken(self) -> None:
        self._draw()


def final_test_tool(rules: str, lang: str = "en") -> w.Widget:
    """The final test's page: questions under the learner's ruleset, the progress kept by the shared keeper."""
    from ..learner.store import shared_keeper

    return FinalTestWidget(keeper=shared_keeper(), rules=rules, lang=lang)
