"""The lesson widget: the intro, then the exercises one at a time, the star strip, the summary.

A view over :class:`~lessons.learner.session.LessonSession`: it turns clicks into answers (plain
values, as ``Exercise.check`` takes them) and verdicts into pictures; it decides
nothing. Cards are :class:`~lessons.widgets.hand.Hand` widgets (mouse, or Tab, arrows and Space).
Every text comes from the catalogues. A failure inside a callback never reaches the
page as a traceback: it is logged and the learner reads a short message instead.

``show("melds")`` is all a notebook cell needs.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import logging
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg
from burraco_core.errors import shown
from burraco_core.messages import Message, catalogue

from ..curriculum import model
from ..curriculum.model import Exercise, Lesson, Verdict
from ..learner.progress import Progress
from ..learner.session import EXERCISE, INTRO, SUMMARY, LessonSession
from .intro import StoryView, intro_table, kept_html
from .stars import StarStrip
from .style import BAD, GOOD, LESSON_CSS, NOTE, meld_picture, solution_box, stars_html, t, verdict_box
from .style import esc_suits as esc
from .views import AnswerView, answer_view, static_cards
from .voice import PageVoice, spoken

_log = logging.getLogger(__name__)
_made = itertools.count(1)


# -- the lesson ----------------------------------------------------------------------------------

def guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run a callback; a failure is logged and shown as a friendly message, never as a traceback."""

    @functools.wraps(method)
    def run(self: LessonWidget, *args: Any, **kwargs: Any) -> Any:
        self.acted = True
        try:
            return method(self, *args, **kwargs)
        except Exception:
            _log.exception("the lesson widget failed in %s", method.__name__)
            self._report_error()
            return None

    return run


def learner_language(progress: Progress | None) -> str:
    """The learner's saved language when every text exists in it, else English."""
    lang = getattr(progress, "lang", None)
    return lang if lang in model.languages() else "en"


def language_names(current: str) -> list[tuple[str, str]]:
    """(name, code) of every language the lessons are complete in (and ``current``), each named in itself."""
    codes = list(model.languages())
    if current not in codes:
        codes.append(current)
    return [(t("language.name", code), code) for code in codes]


class LessonWidget(w.VBox):
    """One lesson: intro, exercises with Check / Hint / Solution / Next, star strip, summary.

    ``lang`` is the language it speaks; without it, the learner's (``Progress.lang``), else English.
    The language switch on the lesson changes it at once and remembers it with the progress.
    """

    def __init__(self, lesson: Lesson, *, lang: str | None = None, keeper: Any = None, store: Any = None,
                 progress: Progress | None = None) -> None:
        self.lesson = lesson
        self._labelled: list[tuple[w.Button, str]] = []
        self.keeper = keeper
        self.store = store
        if keeper is not None:
            progress = keeper.progress
        elif store is not None:
            progress = store.load()
        self._verdict_pending = False
        self._save_waiting = False
        self.session = LessonSession(lesson, progress if progress is not None else Progress(),
                                     on_change=self._save)
        self._saved_text = self.session.progress.to_json()
        self.fixed_lang = lang
        self.lang = lang or learner_language(self.session.progress)
        names = language_names(self.lang)
        self.language = w.Dropdown(options=names, value=self.lang, description=t("widget.language", self.lang),
                                   style={"description_width": "initial"},
                                   layout=w.Layout(width="auto", display="flex" if len(names) > 1 else "none"))
        self.language.add_class("bt-language")
        self._switching = False
        self.language.observe(self._on_language, names="value")
        self.status = w.HTML()
        self.status.add_class("bt-status")
        self.voice = PageVoice(self.lang)      # <html lang>, the one live region, the focus after a step
        self.marker = f"bt-lesson-{next(_made)}"
        self._step = 0
        self.header = w.HTML()
        self.strip = StarStrip(len(lesson.exercises), self._on_jump)
        self.body = w.VBox()
        self.view: AnswerView | None = None
        self.acted = False          # the learner clicked something in this widget
        self.check_button = self._button("widget.check", "bt-check", self._on_check, "success")
        self.hint_button = self._button("widget.hint", "bt-hint", self._on_hint)
        self.solution_button = self._button("widget.solution", "bt-solution", self._on_solution)
        self.next_button = self._button("widget.next", "bt-next", self._on_next, "primary")
        self.back_button = self._button("widget.back", "bt-back", self._on_back)
        self.start_button = self._button("widget.start", "bt-start", self._on_start, "primary")
        self.intro_button = self._button("widget.intro", "bt-intro-again", self._on_intro)
        self.restart_button = self._button("widget.restart", "bt-restart", self._on_restart, "primary")
        self.verdict_html = w.HTML()
        self.verdict_html.add_class("bt-verdict")
        self.hints_html = w.HTML()
        self.hints_html.add_class("bt-hints-box")
        self.solution_html = w.HTML(layout=w.Layout(display="none"))
        self.solution_html.add_class("bt-solution-box")
        top = w.HBox([self.header, self.language],
                     layout=w.Layout(justify_content="space-between", align_items="flex-start", width="100%"))
        children: list[w.Widget] = [w.HTML(LESSON_CSS), self.voice, top, self.strip, self.status, self.body]
        if keeper is not None:
            children.append(keeper.widget)
            keeper.changed(self._progress_changed)
        self._on_moved: list[Callable[[LessonWidget], Any]] = []
        self._on_answered: list[Callable[[str], Any]] = []
        super().__init__(children, layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-lesson")
        self.add_class(self.marker)
        self._render()

    def on_moved(self, callback: Callable[[LessonWidget], Any]) -> None:
        """Call ``callback(self)`` whenever the lesson shows another step (intro, an exercise, the summary):
        the app puts the exercise in the browser's address."""
        self._on_moved.append(callback)

    def on_answered(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(css_class)`` when a Check, a hint or the solution drew the box of that class
        (``bt-verdict``, ``bt-hints-box``, ``bt-solution-box``): the app scrolls it into view."""
        self._on_answered.append(callback)

    def _answered(self, box: str) -> None:
        for callback in list(self._on_answered):
            callback(box)

    def go_to(self, index: int) -> None:
        """Open exercise ``index`` (from 0), as a click on its star does; the one already open stays as it is."""
        if self.session.phase == EXERCISE and self.session.index == index:
            return
        self._leave(index)

    def _report_error(self) -> None:
        self.status.value = verdict_box(BAD, t("widget.error", self.lang), role="alert")

    def _button(self, key: str, css: str, handler: Callable[..., Any], style: str = "") -> w.Button:
        button = w.Button(description=t(key, self.lang), button_style=style, layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(handler)
        self._labelled.append((button, key))
        return button

    # ---------------------------------------------------------------- saving
    def _save(self, session: LessonSession) -> None:
        """Keep the progress (file, browser), unless it is what was kept last; while a verdict is
        being shown the save waits until the verdict is on its way to the page."""
        if self._verdict_pending:
            self._save_waiting = True
            return
        text = session.progress.to_json()
        if text == self._saved_text:
            return          # a hint, a repeated check, an answer not given: nothing new to keep
        try:
            if self.keeper is not None:
                self.keeper.save()
            elif self.store is not None:
                self.store.save(session.progress)
            self._saved_text = text
        except bc.BurracoError:
            _log.exception("progress not saved")
            self.status.value = verdict_box(BAD, t("widget.error", self.lang), role="alert")

    @contextlib.contextmanager
    def _verdict_first(self) -> Iterator[None]:
        """Send the verdict before writing the progress (a file write waits for the disk)."""
        self._verdict_pending = True
        try:
            yield
        finally:
            self._verdict_pending = False
            if self._save_waiting:
                self._save_waiting = False
                self._save(self.session)

    def _progress_changed(self, progress: Progress) -> None:
        """The progress changed (a save here, or the browser's copy arriving after the page was drawn).

        Stars and notices are updated in place. The browser's resume point and language are
        followed only where nothing can be lost: on the intro, or on an exercise not yet
        answered, and only until the learner acts here. The exercise the learner works on is
        never rebuilt under them (a click on the old one would be lost).
        """
        try:
            problem = getattr(self.keeper, "problem", None)
            notice = problem.text(self.lang) if problem is not None else ""
            shown = verdict_box(NOTE, notice, role="") if notice else ""    # said by the page's voice, once
            if shown != self.status.value:
                self.status.value = shown
                if notice:
                    self.voice.say(notice)
            wanted = self.fixed_lang or learner_language(progress)
            if self.acted:
                self._render_strip()
            elif self.session.phase == INTRO:
                moved = self.session.follow_resume()
                if wanted != self.lang:
                    self._speak(wanted)             # redraws everything: the intro holds nothing to lose
                elif moved:
                    self._render()
                else:
                    self._render_strip()
            elif wanted != self.lang and self._untouched():
                self._speak(wanted)
            else:
                self._render_strip()
        except Exception:   # a listener must not break the keeper
            _log.exception("star strip not redrawn")

    def _untouched(self) -> bool:
        """The exercise on screen has no answer begun (redrawing it loses nothing)."""
        try:
            return self.view is None or self.view.answer() in (None, "")
        except Exception:
            return False

    # ---------------------------------------------------------------- drawing
    def _render(self) -> None:
        session = self.session
        lesson = self.lesson
        house = getattr(lesson, "house", None)
        under = (f'<div class="bt-sub bt-rules-name">{esc(t("widget.rules-house", self.lang, rules=house.label))}'
                 + (f' {esc(t("widget.rules-left-out", self.lang, count=len(lesson.left_out)))}' if lesson.left_out else "")
                 + "</div>") if house is not None else ""
        number = (f'<div class="bt-sub">{esc(t("widget.lesson-number", self.lang, number=lesson.number))}</div>'
                  if lesson.number else "")      # a single exercise (lessons.show(exercise)) is in no lesson
        # a real heading: the app moves the keyboard focus to it when the lesson opens
        self.header.value = (f'{number}<h1 class="bt-title" tabindex="-1">{esc(lesson.title(self.lang))}</h1>'
                             f"{under}")
        self._render_strip()
        self._step += 1
        if session.phase == INTRO:
            self.body.children = self._intro()
        elif session.phase == EXERCISE:
            self.body.children = self._exercise()
        else:
            self.body.children = self._summary()
        for callback in list(self._on_moved):
            callback(self)

    def _render_strip(self) -> None:
        session = self.session
        self.strip.update(session.rows(), session.index, session.total, session.max_stars, self.lang)

    def _intro(self) -> list[w.Widget]:
        parts: list[w.Widget] = []
        for block in self.lesson.intro:
            if block.table is not None:
                parts.append(w.HTML(intro_table(block.table, self.lang)))
            if block.story is not None:
                parts.append(StoryView(block.story, self.lang, self.voice))     # its captions said by the page
            if block.text is not None:
                parts.append(w.HTML(f'<div class="bt-text">{esc(block.text.text(self.lang))}</div>'))
                continue
            if block.meld is not None:
                parts.append(w.HTML(meld_picture(block.meld, "", self.lang)))
            elif block.cards:
                parts.append(static_cards(block.cards, self.lang, block.face_down))
            if block.caption is not None:
                parts.append(w.HTML(f'<div class="bt-caption">{esc(block.caption.text(self.lang))}</div>'))
        intro = w.VBox(parts)
        intro.add_class("bt-intro")
        return [intro, w.HBox([self.start_button])]

    def _exercise(self) -> list[w.Widget]:
        session = self.session
        exercise = session.exercise
        assert exercise is not None
        self.view = answer_view(exercise, self.lang)
        self.view.on_error = self._report_error
        self.view.speak_with(self.voice)        # a table's move report: said by the page's one live region
        self.verdict_html.value = ""
        self.hints_html.value = ""
        self.solution_html.value = ""
        self.solution_html.layout.display = "none"
        self.next_button.description = t("widget.finish" if session.index == session.count - 1 else "widget.next",
                                         self.lang)
        counter = w.HTML(f'<div class="bt-sub">{esc(t("widget.exercise-of", self.lang, number=session.index + 1, count=session.count))}</div>')
        prompt = w.HTML(f'<h2 class="bt-prompt" tabindex="-1" data-step="{self._step}">'
                        f'{esc(exercise.prompt.text(self.lang))}</h2>')
        prompt.add_class("bt-prompt-box")
        buttons = w.HBox([self.check_button, self.hint_button, self.solution_button, self.back_button,
                          self.next_button], layout=w.Layout(flex_flow="row wrap", grid_gap="8px", margin="8px 0"))
        self.view.widget.add_class("bt-answer")
        card = w.VBox([counter, prompt, self.view.widget, *self._kept(), buttons, self.verdict_html,
                       self.hints_html, self.solution_html])
        card.add_class("bt-exercise")
        card.add_class(f"bt-kind-{exercise.kind}")
        return [card]

    def _kept(self) -> list[w.Widget]:
        """The intro's blocks the lesson keeps (``"keep": true``), folded under the exercise: the facts it
        needs stay one click away once the intro is gone. A table the exercise's view draws already is
        not drawn twice."""
        drawn: frozenset[str] = getattr(self.view, "tables", frozenset())
        folds = "".join(kept_html(block, self.lang) for block in self.lesson.intro
                        if block.keep and block.table not in drawn)
        if not folds:
            return []
        kept = w.HTML(folds)
        kept.add_class("bt-kept-box")
        return [kept]

    def _summary(self) -> list[w.Widget]:
        session = self.session
        rows = "".join(
            f"<tr><td>{esc(row.number)}. {esc(row.exercise.prompt.text(self.lang))}</td>"
            f'<td aria-label="{esc(t("widget.summary.exercise", self.lang, number=row.number, stars=row.stars))}">'
            f"{stars_html(row.stars)}</td></tr>"
            for row in session.rows())
        perfect = session.total == session.max_stars
        html_text = (
            f'<div class="bt-summary">'
            f'<h2 class="bt-title" tabindex="-1" data-step="{self._step}">'
            f'{esc(t("widget.summary.title", self.lang, title=self.lesson.title(self.lang)))}</h2>'
            f'<div class="bt-text bt-summary-stars">{esc(t("widget.summary.stars", self.lang, stars=session.total, max=session.max_stars))}'
            f' {esc(t("widget.summary.all" if perfect else "widget.summary.more", self.lang))}</div>'
            f"<table>{rows}</table>"
            f'<div class="bt-text">{esc(self.lesson.summary.text(self.lang))}</div></div>')
        self.voice.say(spoken(html_text.split("<table>")[0]))
        return [w.HTML(html_text), w.HBox([self.restart_button, self.intro_button],
                                          layout=w.Layout(grid_gap="8px"))]

    def show_verdict(self, verdict: Verdict) -> None:
        if verdict.status == "correct":
            earned = self.session.earned or 0
            kept = "" if self.session.recorded else f'<div class="bt-stars-kept">{esc(t("widget.stars-kept", self.lang))}</div>'
            self.verdict_html.value = verdict_box(GOOD, verdict.message(self.lang), extra=" " + stars_html(earned) + kept,
                                          role="", label=t("widget.summary.stars", self.lang, stars=earned, max=3))
            # (said as "Hai ottenuto 2 stelle su 3.": the summary table's "1. 2 stelle" was heard out of its table)
        elif verdict.status == "incorrect":
            retry = self.view.retry_note() if self.view is not None else ""
            extra = self._pointing_at(verdict) + (f'<div class="bt-retry">{esc(retry)}</div>' if retry else "")
            self.verdict_html.value = verdict_box(BAD, verdict.message(self.lang), extra=extra, role="",
                                          headline=t("widget.try-again", self.lang))
        else:
            self.verdict_html.value = verdict_box(NOTE, verdict.message(self.lang), role="")
        self.voice.say(spoken(self.verdict_html.value))      # the page's one live region reads it

    def _focus_step(self) -> None:
        """After a step the learner took, the keyboard focus goes to the new step's heading (the exercise's
        prompt, the summary's title, the lesson's title over the intro), never to the page's body."""
        if self.session.phase == INTRO:
            self.voice.focus(f".{self.marker} h1.bt-title")
        else:
            self.voice.focus(f'.{self.marker} h2[data-step="{self._step}"]')

    def _pointing_at(self, verdict: Verdict) -> str:
        """Small pictures of the cards the verdict is about (face down ones stay face down)."""
        if not verdict.cards or self.session.exercise is None or self.session.exercise.prepared.face_down:
            return ""
        faces = "".join(svg.card_svg(card, width=44, lang=self.lang) for card in verdict.cards)
        return f'<div class="bt-involved" style="display:flex;gap:4px;margin-top:6px">{faces}</div>'

    # ---------------------------------------------------------------- buttons
    def _on_language(self, change: Any) -> None:
        lang = change["new"] if isinstance(change, dict) else change.new
        if lang and lang != self.lang and not self._switching:
            self._language_chosen(lang)

    @guarded
    def _language_chosen(self, lang: str) -> None:
        """The learner switched the language: say everything in it, and remember it with the progress."""
        self.session.progress.lang = lang
        self._save(self.session)
        self._speak(lang)

    def _speak(self, lang: str) -> None:
        """Say everything in ``lang`` from now on (the switch shows it too)."""
        self.lang = lang
        self.voice.lang = lang
        for button, key in self._labelled:
            button.description = t(key, lang)
        self._switching = True          # redrawing the switch is not the learner choosing
        try:
            self.language.options = language_names(lang)
            self.language.value = lang
        finally:
            self._switching = False
        self.language.description = t("widget.language", lang)
        self._render()

    @guarded
    def _on_start(self, button: object = None) -> None:
        if self.session.phase != INTRO:
            return          # a click on an intro already gone (the page followed the resume point)
        self.status.value = ""
        self.session.start()
        self._render()
        self._focus_step()

    @guarded
    def _on_intro(self, button: object = None) -> None:
        if self.session.phase != SUMMARY:
            return          # the summary's button, clicked as the page left the summary
        self.session.intro()
        self._render()
        self._focus_step()

    @guarded
    def _on_restart(self, button: object = None) -> None:
        if self.session.phase != SUMMARY:
            return
        self.session.go(0)
        self._render()
        self._focus_step()

    @guarded
    def _on_jump(self, index: int, button: object = None) -> None:
        if index == self.session.index:
            return          # the exercise already open: keep it as it is (a redraw would lose its state)
        self._leave(index)
        self._focus_step()

    def _leave(self, index: int) -> None:
        """Go to exercise ``index``: what is on screen is hidden first, at once, then the exercise built (a
        table takes a moment: meanwhile a fast keyboard user pressed the old exercise's Draw); shown again
        if the new one could not be built."""
        old = self.body.children
        for part in old:
            part.layout.display = "none"
        try:
            self.session.go(index)
            self._render()
        except Exception:
            if self.body.children == old:
                for part in old:
                    part.layout.display = None
            raise

    @guarded
    def _on_check(self, button: object = None) -> None:
        assert self.view is not None
        with self._verdict_first():
            verdict = self.session.check(self.view.answer())
            self.show_verdict(verdict)
            self._render_strip()        # only the exercise's stars and the total change
        self._answered("bt-verdict")

    @guarded
    def _on_hint(self, button: object = None) -> None:
        self.session.hint()
        session = self.session
        exercise = session.exercise
        assert exercise is not None
        items = "".join(f"<li><b>{esc(t('widget.hint-of', self.lang, number=i + 1, count=len(exercise.hints)))}</b> "
                        f"{esc(h.text(self.lang))}</li>" for i, h in enumerate(session.hints))
        more = "" if session.hints_shown < len(exercise.hints) else f"<div>{esc(t('widget.no-more-hints', self.lang))}</div>"
        self.hints_html.value = f'<ul class="bt-hints">{items}</ul>{more}'
        self.voice.say(spoken(f"{items.rsplit('<li>', 1)[-1]} {more}"))
        self._answered("bt-hints-box")

    @guarded
    def _on_solution(self, button: object = None) -> None:
        assert self.view is not None
        self.session.show_solution()
        note = "" if self.session.earned is not None else t("widget.solution-note", self.lang)
        self.solution_html.value = solution_box(self.view.solution_html(), self.lang, note)
        self.solution_html.layout.display = "block"
        self.voice.say(spoken(self.solution_html.value))
        self._answered("bt-solution-box")

    @guarded
    def _on_next(self, button: object = None) -> None:
        self.session.next()
        self._render()
        self._focus_step()

    @guarded
    def _on_back(self, button: object = None) -> None:
        self.session.back()
        self._render()
        self._focus_step()


def _refusal(lesson: object, lang: object, options: dict[str, Any]) -> w.HTML | None:
    """The message for a call ``show`` cannot use (a programmer's mistake, said in words), or None."""
    said = lang if isinstance(lang, str) and catalogue(lang) else "en"
    if lang is not None and not isinstance(lang, str):
        msg = Message("widget.show-lang", given=shown(lang), langs=model.languages())
    elif not isinstance(lesson, (str, Lesson, Exercise)):
        msg = Message("widget.show-what", given=shown(lesson))
    elif set(options) - {"keeper", "store", "progress"}:
        unknown = sorted(set(options) - {"keeper", "store", "progress"})[0]
        msg = Message("widget.show-option", name=shown(unknown), options=SHOW_OPTIONS)
    else:
        return None
    _log.info("lessons.show: %s", msg.text("en"))
    return w.HTML(verdict_box(BAD, msg.text(said), role="alert"))


def missing_lesson(key: str, lang: str) -> w.HTML:
    keys = ", ".join(lesson.key for lesson in model.all_lessons())
    return w.HTML(verdict_box(NOTE, t("widget.missing-lesson", lang, key=key, keys=keys)))


def single_lesson(exercise: Exercise) -> Lesson:
    """A one-exercise lesson around a teacher's exercise (``show(Exercise.from_dict(...))``)."""
    return Lesson(key=exercise.id.split(".")[0], number=0, ruleset=exercise.ruleset,
                  title_msg=Message("widget.single-exercise", id=exercise.id),
                  intro=(), summary=exercise.explain, exercises=(exercise,), house=exercise.house)


SHOW_OPTIONS = ("lang", "rules", "keeper", "store", "progress")
"""What ``lessons.show`` takes besides the lesson (``rules`` is read by ``lessons.show`` itself)."""


def show(lesson: str | Lesson | Exercise, lang: str | None = None, **options: Any) -> w.Widget:
    """The widget of a lesson (by key), or of one exercise; a missing lesson gives a clear message.

    ``lang`` (``"it"``, ``"es"``): the language; without it, the learner's saved choice, else English
    (a language with no texts at all is said once, in the log, and shown in English). A call it
    cannot use (not a lesson, a language that is not text, an unknown option) gets a message
    saying what it takes, never a traceback.
    """
    refusal = _refusal(lesson, lang, options)
    if refusal is not None:
        return refusal
    if lang is not None and not catalogue(lang):
        _log.warning("lessons.show: no texts in %s: shown in English (the languages: %s)", shown(lang),
                     ", ".join(model.languages()))
        lang = "en"
    try:
        if isinstance(lesson, Exercise):
            if not {"keeper", "store", "progress"} & set(options):
                options["progress"] = Progress()     # a teacher's exercise: nothing to keep
            widget = LessonWidget(single_lesson(lesson), lang=lang, **options)
            widget.session.start()
            widget._render()
            return widget
        if isinstance(lesson, str):
            found = [each for each in model.all_lessons() if each.key == lesson]
            if not found:
                return missing_lesson(lesson, lang or "en")
            lesson = found[0]
        if "keeper" not in options and "store" not in options and "progress" not in options:
            from ..learner.store import shared_keeper

            options["keeper"] = shared_keeper()
        return LessonWidget(lesson, lang=lang, **options)
    except Exception:
        _log.exception("the lesson %r could not be shown", lesson)
        return w.HTML(verdict_box(BAD, t("widget.error", lang or "en"), role="alert"))


__all__ = ["SHOW_OPTIONS", "LessonWidget", "intro_table", "language_names", "learner_language", "missing_lesson", "show", "single_lesson"]
