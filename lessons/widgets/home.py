"""The tutorial's home page and its tool pages: what a notebook of ``tutorial/`` shows.

``home()`` is the one cell of ``tutorial/index.ipynb``: what Burraco is, every lesson of
``model.all_lessons()`` with its star strip and a link to its notebook, a button to continue
where the learner stopped, the language (saved in the progress) and the ruleset the
tools open with (saved in the browser's preferences), and links to the tools.
``tool_page("referee")`` is the one cell of a tool notebook.

The progress comes from the shared :class:`~lessons.learner.store.ProgressKeeper`: the file, and
the browser's copy that the page sends once it is shown; a lesson saved in another tab
arrives through the browser too, so the stars are redrawn without a reload. Every text
is a catalogue key (``home.*``, ``nav.*``); nothing here decides a rule.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

import burraco_core as bc

from ..curriculum import model
from ..curriculum.model import Lesson
from ..learner.progress import Progress
from ..learner.store import shared_keeper
from .assigned import assigned_section
from .navigation import (
    NAV_STYLE,
    chosen_language,
    final_test_link,
    guarded_page,
    href,
    lesson_href,
    nav_bar,
    notebook_name,
)
from .settings import PreferencesPanel, ProgressPanel, RulesPicker, shared_preferences
from .style import NO_STAR, STAR, esc, t
from .voice import PageVoice

__all__ = ["TOOLS", "HomePage", "Tool", "continue_target", "home", "lesson_stars", "tool_page"]

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Tool:
    """A tool page of ``tutorial/``: its notebook name, and the function that builds its widget, named
    ``"module:function"`` (under ``lessons``) and imported only when the tool is opened, so the home page
    depends on no tool's module. The function takes ``(rules, lang)``: a ruleset id and a language."""

    key: str
    notebook: str
    builder: str

    def build(self, rules: str, lang: str = "en") -> w.Widget:
        module, _, function = self.builder.partition(":")
        return getattr(importlib.import_module(module, "lessons"), function)(rules, lang)


# The tools, in the order the home page lists them, each with a notebook of its own.
TOOLS: tuple[Tool, ...] = (
    Tool("referee", "referee", ".widgets.referee:referee_tool"),
    Tool("score", "score", ".widgets.score:score_tool"),
    Tool("play", "play", ".widgets.table:play_tool"),
    Tool("position-referee", "position-referee", ".widgets.position_referee:position_referee_tool"),
    Tool("variant-builder", "variant-builder", ".teachers.variant_builder:variant_builder_tool"),
    Tool("practice", "practice", ".widgets.practice:practice_tool"),
    Tool("final-test", "final-test", ".widgets.final_test:final_test_tool"),
    Tool("class-summary", "class-summary", ".teachers.widgets:teacher_page"),
)

STYLE = NAV_STYLE + """<style>
.bt-home { max-width: 1100px; font-size: 16px; line-height: 1.5; color: #1a1a1a; }
.bt-home h1 { font-size: 2em; margin: 6px 0 4px; }
.bt-home h2 { font-size: 1.35em; margin: 18px 0 6px; }
.bt-home .bt-about { font-size: 1.1em; max-width: 60em; margin: 4px 0 10px; }
.bt-home .bt-continue { display: inline-block; background: #0b4a8b; color: #fff; font-weight: 700;
  font-size: 1.15em; padding: 10px 18px; border-radius: 10px; text-decoration: none; margin: 6px 0; }
.bt-home .bt-continue:hover { background: #083766; }
.bt-home .bt-continue { max-width: 100%; box-sizing: border-box; overflow-wrap: anywhere; }
.bt-home .bt-continue:focus-visible, .bt-home a:focus-visible { outline: 3px solid #e6a100; outline-offset: 2px; }
.bt-home ol.bt-lessons { list-style: none; padding: 0; margin: 0; }
.bt-home .bt-lesson-row { display: grid; grid-template-columns: minmax(18em, 26em) 1fr; align-items: center;
  gap: 4px 16px; padding: 8px 10px; border-bottom: 1px solid #dde3ea; }
.bt-home .bt-lesson-row a { color: #0b4a8b; font-weight: 600; font-size: 1.1em; }
.bt-home .bt-lesson-row .bt-count { margin-left: 10px; }
.bt-home .bt-lesson-row .bt-n { color: #4d5a66; font-weight: 400; }
.bt-home .bt-strip { font-size: 1.05em; letter-spacing: 1px; }
.bt-home .bt-on { color: #8a5a00; }
.bt-home .bt-off { color: #6b7580; }
.bt-home .bt-count { color: #37474f; }
.bt-home ul.bt-tools { padding-left: 1.2em; }
.bt-home ul.bt-tools li { margin: 6px 0; }
.bt-home ul.bt-tools a { color: #0b4a8b; font-weight: 600; }
@media (max-width: 600px) {        /* a phone: a lesson's stars under its name, nothing runs off the right */
  .bt-home .bt-lesson-row { grid-template-columns: minmax(0, 1fr); }
}
.bt-home .bt-notice { border: 2px solid #37474f; background: #eceff1; border-radius: 10px; padding: 8px 12px; }
</style>"""


def lesson_stars(lesson: Lesson, progress: Progress) -> tuple[int, ...]:
    """The best stars kept for each exercise of a lesson, in order."""
    return tuple(progress.stars(exercise.id) for exercise in lesson.exercises)


def continue_target(progress: Progress, found: tuple[Lesson, ...]) -> tuple[Lesson, int | None] | None:
    """Where "continue" leads: the resume point, else the first lesson with an exercise unsolved.

    Returns (lesson, exercise index or None for its start), or None when everything is solved (the course
    is finished, wherever the resume point says the learner stopped).
    """
    if found and all(progress.solved(exercise.id) for lesson in found for exercise in lesson.exercises):
        return None
    resume = progress.resume
    if resume is not None:
        for lesson in found:
            if lesson.key == resume[0]:
                return lesson, resume[1] if resume[1] < len(lesson.exercises) else None
    for lesson in found:
        if not all(progress.solved(exercise.id) for exercise in lesson.exercises):
            return lesson, None
    return None


def _strip_html(stars: tuple[int, ...], lang: str) -> str:
    marks = " ".join(f'<span class="bt-on">{STAR * n}</span><span class="bt-off">{NO_STAR * (3 - n)}</span>'
                     for n in stars)
    total = t("home.stars", lang, stars=sum(stars), max=3 * len(stars))
    return (f'<span><span class="bt-strip" aria-hidden="true">{marks}</span>'
            f'<span class="bt-count">{esc(total)}</span></span>')


def _final_html(progress: Progress, lang: str) -> str:
    """The final test: what it is, the last score when there is one, and the button to take it."""
    final = progress.final_test
    last = "" if final is None else " " + t("final.last", lang, score=final.score, total=final.total)
    return (f'<h2>{esc(t("home.final", lang))}</h2><p class="bt-final-home">{esc(t("home.final.about", lang) + last)}</p>'
            + final_test_link(lang, "home.final.start"))


class HomePage(w.VBox):
    """The home page; redrawn whenever the progress or the preferences change.

    In the app, a home page out of sight (``showing(False)``: a lesson or a tool is shown) is redrawn
    when it is shown again, not at every change: a learner's Check saves the progress, and redrawing
    the whole page behind the lesson for each one kept the kernel busy for nothing (issue 31). Its
    ``voice`` (``voice.PageVoice``) is what a lesson's page has: ``<html lang>``, the one live region (an
    import's, a reset's and a language switch's result said in it), the focus kept off ``<body>``.
    """

    def __init__(self, lang: str | None = None) -> None:
        self.keeper = shared_keeper()
        self.preferences = shared_preferences()
        self.fixed_lang = lang
        self.lang = lang or chosen_language(self.keeper.progress)
        self.header = w.HTML()
        self.language = w.Dropdown(layout=w.Layout(width="auto"), style={"description_width": "initial"})
        self.language.add_class("bt-language")
        self.rules = RulesPicker(self.preferences, layout=w.Layout(width="auto"))    # kept by the browser at once
        self.rules.add_class("bt-rules")
        self.body = w.HTML()
        self.notice = w.HTML()
        self.hidden = False         # out of sight in the app: changes are drawn when it is shown again
        self._stale = False         # something changed while it was out of sight
        self.progress_title = w.HTML()
        self.voice = PageVoice(self.lang)      # <html lang>, the one live region, the focus kept off <body>
        self.panel = ProgressPanel(self.keeper, self.lang, self.voice)
        self.panel_box = w.VBox([self.panel])
        self._drawing = False
        self.languages = tuple(model.languages())
        self.display_choices = PreferencesPanel(self.preferences, self.lang)
        controls = w.HBox([self.language, self.rules, self.display_choices],
                          layout=w.Layout(flex_flow="row wrap", grid_gap="8px 24px", align_items="center"))
        self.assigned = assigned_section(self.keeper, self.lang)     # "Set by your teacher" first (on a hub)
        super().__init__([self.header, self.voice, controls, self.notice, self.assigned, self.body, self.progress_title,
                          self.panel_box, self.keeper.widget])
        self.add_class("bt-home")
        self.draw()
        self.language.observe(self._language_chosen, names="value")
        self.rules.observe(self._rules_chosen, names="value")
        self.keeper.changed(self._changed)
        self.preferences.on_change(self._changed)

    # ---------------------------------------------------------------- drawing
    def draw(self) -> None:
        lang = self.lang
        progress = self.keeper.progress
        self.voice.lang = lang
        self._drawing = True
        try:
            self.header.value = (f'{STYLE}<h1 class="bt-home-title">{esc(t("home.title", lang))}</h1>'
                                 f'<p class="bt-about">{esc(t("home.about", lang))}</p>')
            self.language.description = t("widget.language", lang)
            self.language.options = [(t("language.name", code), code) for code in self.languages]
            self.language.value = lang if lang in self.languages else self.languages[0]
            self.rules.description = t("home.rules", lang)
            self.rules.options = [(t(f"ruleset.{rid}", lang), rid) for rid in bc.RULESETS]
            self.rules.value = self.preferences.rules
            if self.display_choices.lang != lang:
                self.display_choices.relabel(lang)
        finally:
            self._drawing = False
        self.body.value = self._body(progress)
        self.progress_title.value = f'<h2 style="font-size:1.35em;margin:18px 0 6px">{esc(t("home.progress", lang))}</h2>'
        if self.panel.lang != lang:
            self.panel = ProgressPanel(self.keeper, lang, self.voice)
            self.panel_box.children = (self.panel,)

    def _body(self, progress: Progress) -> str:
        lang = self.lang
        found = tuple(model.all_lessons())
        target = continue_target(progress, found)
        if target is None:      # the course is finished: on to the Play table
            play = next(tool for tool in TOOLS if tool.key == "play")
            button = (f'<p class="bt-all-done">{esc(t("home.all-done", lang))}</p>'
                      f'<a class="bt-continue bt-play-on" role="button" href="{esc(href(play.notebook))}">'
                      f'{esc(t("home.play-on", lang))}</a>')
        else:
            lesson, index = target
            if index is not None:
                label = t("home.continue-at", lang, number=lesson.number, title=lesson.title(lang), exercise=index + 1)
            elif progress.exercise_ids():
                label = t("home.continue-lesson", lang, number=lesson.number, title=lesson.title(lang))
            else:
                label = t("home.start", lang, number=lesson.number, title=lesson.title(lang))
            button = (f'<a class="bt-continue" role="button" href="{esc(lesson_href(lesson, index))}">'
                      f"{esc(label)}</a>")
        rows = []
        for lesson in found:
            stars = lesson_stars(lesson, progress)
            spoken = t("home.lesson-stars", lang, number=lesson.number, title=lesson.title(lang),
                       stars=sum(stars), max=3 * len(stars))
            rows.append(
                f'<li class="bt-lesson-row" data-lesson="{esc(lesson.key)}" data-stars="{sum(stars)}">'
                f'<a href="{esc(href(notebook_name(lesson)))}" aria-label="{esc(spoken)}">'
                f'<span class="bt-n">{esc(t("home.lesson-number", lang, number=lesson.number))}</span> '
                f"{esc(lesson.title(lang))}</a>{_strip_html(stars, lang)}</li>")
        tools = "".join(
            f'<li><a class="bt-tool-{esc(tool.key)}" href="{esc(href(tool.notebook))}">'
            f'{esc(t(f"home.tool.{tool.key}", lang))}</a>: {esc(t(f"home.tool.{tool.key}.about", lang))}</li>'
            for tool in TOOLS)
        total = sum(progress.stars(ex.id) for lesson in found for ex in lesson.exercises)
        most = 3 * sum(len(lesson.exercises) for lesson in found)
        return (f"{button}"
                f'<h2>{esc(t("home.lessons", lang))}</h2>'
                f'<p class="bt-total">{esc(t("home.total", lang, stars=total, max=most))}</p>'
                f'<ol class="bt-lessons">{"".join(rows)}</ol>{_final_html(progress, lang)}'
                f'<h2>{esc(t("home.tools", lang))}</h2>'
                f'<p>{esc(t("home.tools.about", lang))}</p><ul class="bt-tools">{tools}</ul>')

    # ---------------------------------------------------------------- events
    def _changed(self, _: Any = None) -> None:
        if self.hidden:
            self._stale = True         # drawn when the app shows the page again
            return
        try:
            if self.fixed_lang is None:
                self.lang = chosen_language(self.keeper.progress)
            self.draw()
        except Exception:      # a listener must not break the keeper
            _log.exception("the home page could not be redrawn")

    def showing(self, shown: bool) -> None:
        """The app shows this page (True) or another (False); shown again, it draws what changed meanwhile."""
        self.hidden = not shown
        if shown and self._stale:
            self._stale = False
            self._changed()

    def _language_chosen(self, change: dict[str, Any]) -> None:
        if self._drawing or change["new"] == self.lang or change["new"] is None:
            return
        try:
            self.lang = change["new"]
            self.fixed_lang = None
            self.keeper.set_lang(self.lang)      # saved; the keeper's listeners redraw the page
            self.draw()
            self.voice.say(f'{t("home.title", self.lang)}. {t("home.about", self.lang)}')    # the page, in its new language
        except Exception:
            _log.exception("the language could not be changed")
            self.notice.value = oops_html(self.lang)

    def _rules_chosen(self, change: dict[str, Any]) -> None:
        if self._drawing or change["new"] is None:
            return
        try:
            self.preferences.rules = change["new"]
        except Exception:
            _log.exception("the ruleset could not be saved")
            self.notice.value = oops_html(self.lang)


def oops_html(lang: str) -> str:
    return f'<div class="bt-oops" role="alert">{esc(t("app.error", lang))}</div>'


def home(lang: str | None = None) -> w.Widget:
    """The home page: all the one cell of ``tutorial/index.ipynb`` needs."""
    return guarded_page(lambda: HomePage(lang), "home")


class ToolPage(w.VBox):
    """A tool between a link home and the preferences: its ruleset is the learner's saved choice. Its
    ``voice`` gives it what a lesson's page has: ``<html lang>``, one live region (every tool speaks
    through it), the focus kept off ``<body>``, the main landmark and the toggle buttons' pressed state."""

    def __init__(self, tool: Tool) -> None:
        self.tool = tool
        self.keeper = shared_keeper()
        self.preferences = shared_preferences()
        super().__init__()
        self.add_class(f"bt-tool-page-{tool.key}")
        self.voice = PageVoice()
        self._build(chosen_language(self.keeper.progress))
        self.preferences.on_change(self._preferences_arrived)
        self.keeper.changed(self._progress_changed)

    def _build(self, lang: str) -> None:
        """The tool in ``lang`` under its title (built again when the learner's language changes)."""
        self.lang = lang
        tool = self.tool
        self.widget = tool.build(self.preferences.rules, lang)
        self.voice.lang = lang
        speak_with = self._part("speak_with")      # every tool: what it says, said by the page's one live region
        if speak_with is not None:
            speak_with(self.voice)
        title = w.HTML(f'{NAV_STYLE}{nav_bar(None, lang)}<h1 style="font-size:1.8em;margin:8px 0">'
                       f'{esc(t(f"home.tool.{tool.key}", lang))}</h1><p style="font-size:1.05em;max-width:60em">'
                       f'{esc(t(f"home.tool.{tool.key}.help", lang))}</p>')
        panel = getattr(self, "display_choices", None)
        if panel is None:
            self.display_choices = PreferencesPanel(self.preferences, lang)
        else:
            panel.relabel(lang)
        self.children = [title, self.voice, self.display_choices, self.widget, self.keeper.widget]
        picker = self._picker()
        if picker is not None:
            picker.observe(self._picked, names="value")
        # A tool's own four-colour switch is the page's preference (shown on every card by the page); the
        # page's display choices already offer it, so the tool's copy is hidden here (one control, one name).
        four = self._four_colour()
        if four is not None:
            four.layout.display = "none"
            four.value = self.preferences.four_colour
            four.observe(lambda change: setattr(self.preferences, "four_colour", change["new"]), names="value")

    def _part(self, name: str) -> Any:
        """The tool's control ``name`` (on the tool, or on the last widget of a tool's box)."""
        part = getattr(self.widget, name, None)
        if part is None and self.widget.children:
            part = getattr(self.widget.children[-1], name, None)
        return part

    def _progress_changed(self, progress: Progress) -> None:
        # The browser's copy of the progress (with the learner's language) arrives after the page is drawn.
        try:
            lang = chosen_language(progress)
            if lang != self.lang:
                self._build(lang)
        except Exception:      # a listener must not break the keeper
            _log.exception("the tool page could not be redrawn")

    def _picker(self) -> w.Dropdown | None:
        rules = self._part("rules")
        return rules if isinstance(rules, w.Dropdown) else None

    def _four_colour(self) -> w.Checkbox | None:
        four = self._part("four_colour")
        return four if isinstance(four, w.Checkbox) else None

    def _preferences_arrived(self, preferences: Any) -> None:
        picker = self._picker()
        if picker is not None and picker.value != preferences.rules:
            picker.value = preferences.rules
        four = self._four_colour()
        if four is not None and four.value != preferences.four_colour:
            four.value = preferences.four_colour

    def _picked(self, change: dict[str, Any]) -> None:
        try:
            if change["new"] in bc.RULESETS:
                self.preferences.rules = change["new"]
        except Exception:
            _log.exception("the ruleset could not be saved")


def tool_page(key: str) -> w.Widget:
    """All a tool notebook's cell needs: ``tool_page("referee")`` (see TOOLS)."""
    def build() -> ToolPage:
        for tool in TOOLS:
            if tool.key == key:
                return ToolPage(tool)
        raise bc.BurracoError(f"no tool {key!r}")

    return guarded_page(build, f"of the tool {key!r}")
