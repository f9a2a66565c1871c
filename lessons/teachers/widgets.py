"""The teachers' pages: the class summary and the worksheet maker.

- :class:`ClassSummaryWidget`: upload the progress files pupils exported and see pupils x lessons
  with stars and the rules the class misses most (:mod:`.classroom`).
- :class:`WorksheetMaker`: choose kinds, number, seed, ruleset and difficulty and download the
  printable worksheet (:mod:`.worksheet`).

They decide no rule: the class summary and the engine do. A failure in a callback is logged and a
short message shown in the widget's status line (``ui.shielded``), never a traceback.

On the tool page both speak through the page's one live region (``voice.PageVoice``, :meth:`speak_with`):
their message boxes have no live role of their own then (a live region inserted with its text already in
it is often not read) and what they say is put in the voice. Alone in a notebook, each box is one itself.

A live page and its kernel watch each other: a hidden ``Play`` widget ticks in the browser while the
page is open (the feed stops asking when the ticks stop, so a dead tab's kernel goes idle and is
culled), and the "Live" line says to reload the page when no answer redrew it for a while (a hub or
kernel that went away leaves a page that would otherwise look live and frozen).
"""

from __future__ import annotations

import base64
import logging
import pathlib
import time
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import Message, catalogue

from ..curriculum.generators import DIFFICULTIES, GENERATED_KINDS
from ..learner.classwork import Sheet
from ..widgets.navigation import chosen_language
from ..widgets.style import BAD, GOOD, LESSON_CSS, NOTE, TEACH_CSS, failure_html, t, verdict_box
from ..widgets.style import esc_suits as esc
from ..widgets.ui import StatusLine, ruleset_picker, shielded
from ..widgets.voice import PageVoice, Speaks
from .assign import AssignPanel
from .class_html import missed_html, stars_html, stuck_html
from .classroom import ClassSummary, load_class
from .live import ClassFeed, LiveClass, class_feed

HEARTBEAT = 10.0            # seconds between two ticks of an open page
SILENT = 40                 # seconds without a redraw after which the page says to reload (answers: every 5 s)
_STALE_CSS = ("<style>@keyframes bt-stale{to{visibility:visible;max-height:12em}}"
              ".bt-stale{visibility:hidden;max-height:0;overflow:hidden;"
              f"animation:bt-stale 0s linear {SILENT}s forwards}}</style>")

__all__ = ["ClassSummaryWidget", "TeacherPage", "WorksheetMaker", "class_summary", "kind_label", "teacher_page"]

_log = logging.getLogger(__name__)




# -- the class summary ----------------------------------------------------------------------------

class ClassSummaryWidget(Speaks, StatusLine, w.VBox):
    """Pupils x lessons with stars, the rules missed most and, live from a class service, who is stuck
    and the work set; or from the progress files pupils exported and the teacher uploads.

    ``feed``: a :class:`~lessons.teachers.live.ClassFeed` (True: the hub's class service when this
    server was given one; None: files only). Live answers redraw the page by themselves.
    """

    def __init__(self, paths: Iterable[str | pathlib.Path] = (), *, lang: str | None = None,
                 feed: ClassFeed | None | bool = True, sheet: Callable[[int], Sheet] | None = None) -> None:
        from ..learner.store import shared_keeper

        self.lang = lang or chosen_language(shared_keeper().progress)
        self.summary = ClassSummary()          # the uploaded files
        self.live: LiveClass | None = None
        self._answers = 0
        # the "Live" line: colour, text, its live role alone, HTML before the box, HTML in it
        self._line: tuple[str, str, str, str, str] | None = None
        self._say_live = True       # the next answer's "Live: …" is said (the first, or the first after a problem)
        self.feed: ClassFeed | None = class_feed() if feed is True else feed or None
        self.status = w.HTML()
        self.live_status = w.HTML()
        self.live_status.add_class("bt-class-live")
        self.upload = w.FileUpload(accept=".json,application/json", multiple=True,
                                   description=t("class.upload", self.lang), tooltip=t("class.upload", self.lang),
                                   layout=w.Layout(width="auto"))
        self.upload.add_class("bt-class-upload")
        self.clear_button = w.Button(description=t("class.clear", self.lang), layout=w.Layout(width="auto"))
        self.clear_button.add_class("bt-class-clear")
        self.problems = w.HTML()
        self.problems.add_class("bt-class-problems")
        self.table = w.HTML()
        self.table.add_class("bt-class-table")
        self.stuck = w.HTML()
        self.stuck.add_class("bt-class-stuck")
        self.missed = w.HTML()
        self.missed.add_class("bt-class-missed")
        self.upload.observe(self._uploaded, names=["value"])
        self.clear_button.on_click(self._clear)
        controls = w.HBox([self.upload, self.clear_button], layout=w.Layout(flex_flow="row wrap", grid_gap="8px"))
        about = w.HTML(f'{LESSON_CSS}{TEACH_CSS}<div class="bt-text">'
                       f'{esc(t("class.live.about" if self.feed else "class.about", self.lang))}</div>')
        tables: list[w.Widget] = [self.status, self.problems, self.table, self.stuck, self.missed]
        self.work: AssignPanel | None = None
        self.beat: w.Play | None = None
        if self.feed is None:       # files only: the upload first, as before
            parts: list[w.Widget] = [about, controls, *tables]
        else:                       # live: the class first, the work set, then the upload for pupils elsewhere
            self.work = AssignPanel(self.feed, self.lang, sheet=sheet)
            self.work.layout.display = "none"        # shown once the service says this is a teacher
            self.beat = w.Play(value=0, min=0, max=10**9, step=1, interval=int(HEARTBEAT * 1000), repeat=True,
                               playing=False, show_repeat=False, layout=w.Layout(display="none"))
            self.beat.observe(self._heartbeat, names=["value"])
            self._beaten = 0.0
            parts = [about, self.live_status, *tables, self.work, controls, self.beat]
        super().__init__(parts, layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-lesson")
        self.add_class("bt-class-summary")
        if paths:
            self.summary = load_class(paths)
        self._draw()
        if self.feed is not None:
            self._show_line(NOTE, t("class.live.connecting", self.lang))
            self.feed.on_class(self._live_arrived)
            self.feed.on_state(self._live_state)
            self.feed.start()

    def add_files(self, files: Iterable[tuple[str, bytes | str]]) -> None:
        """Add pupils' files as (file name, content); a file that is not progress is named, the others count
        (and the files not counted said by the page's voice)."""
        before = set(self.summary.bad_files)
        for name, content in files:
            self.summary.add(name, content)
        self._draw()
        self._speak(*(self._problem(message) for name, message in sorted(self.summary.bad_files.items())
                      if name not in before))

    def speak_with(self, voice: PageVoice | None) -> None:
        """Say all the page says through ``voice``, the work panel's answers too."""
        super().speak_with(voice)
        if self.work is not None:
            self.work.speak_with(voice)

    def _draw_spoken(self) -> None:
        self._draw_line()
        self._draw()

    def _show_line(self, colour: str, text: str, role: str = "status", before: str = "", extra: str = "") -> None:
        self._line = (colour, text, role, before, extra)
        self._draw_line()

    def _draw_line(self) -> None:
        if self._line is not None:
            colour, text, role, before, extra = self._line
            self.live_status.value = before + verdict_box(colour, text, role=self._role(role), extra=extra)

    def _problem(self, message: Message) -> str:
        return verdict_box(BAD, message.text(self.lang), role=self._role("alert"))

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

    def _heartbeat(self, _change: object = None) -> None:
        self._beaten = time.monotonic()
        if self.feed is not None:
            self.feed.alive()

    def _start_beating(self) -> None:
        """Ask the browser's Play to tick: its loop starts on a change of ``playing`` to True, so a page
        that was not drawn yet when it was set is asked again at the next answer until the ticks arrive."""
        if self.beat is not None and time.monotonic() - self._beaten > 2 * HEARTBEAT:
            self.beat.playing = False
            self.beat.playing = True

    @shielded
    def _live_arrived(self, live: LiveClass) -> None:
        self.live = live
        self._answers += 1
        clock = time.strftime("%H:%M:%S", time.localtime(live.now or time.time()))
        count = len(live.summary.pupils) + len(live.summary.unreadable)
        # redrawn at every answer: a page no answer reaches any more (kernel or hub gone) says so by itself.
        # It keeps role="alert" with a voice too: the browser alone shows it (a CSS timer) when the kernel that
        # would say it may be gone; an alert that becomes visible is announced.
        stale = f'<div class="bt-stale" role="alert">{esc(t("class.live.stale", self.lang))}</div>'
        # the answer's number makes every redraw a new value, so the page's timer starts again each time
        text = t("class.live.updated", self.lang, count=count, time=clock)
        self._show_line(GOOD, text, before=f'<span data-answer="{self._answers}"></span>' + _STALE_CSS, extra=stale)
        if self._say_live:          # said once, not at every answer (every 5 s)
            self._say_live = False
            self._speak(esc(text))
        if self.work is not None:
            self.work.layout.display = None
            self.work.show(live)
        self._start_beating()
        self._draw()

    @shielded
    def _live_state(self, state: str) -> None:
        if state in ("refused", "waiting", "expired", "paused"):
            self._show_line(NOTE if state in ("waiting", "paused") else BAD, t(f"class.live.{state}", self.lang), "alert")
            self._speak(self.live_status.value)
            self._say_live = True       # live again: said
        if state == "refused" and self.work is not None:
            self.work.layout.display = "none"       # not a teacher: nothing to set
        elif state == "failed" and self.work is not None:
            self.work.failed()

    def shown(self) -> ClassSummary:
        """The class on the page: the live class and the uploaded files together (a pupil in both: the
        best of both copies)."""
        if self.live is None:
            return self.summary
        live = self.live.summary
        both = ClassSummary(dict(live.pupils), dict(self.summary.bad_files), dict(live.activity), dict(live.seen),
                            dict(live.unreadable))
        for name, progress in self.summary.pupils.items():
            both.pupils[name] = both.pupils[name].merge(progress, keep_all=True) if name in both.pupils else progress
        return both

    def _draw(self) -> None:
        lang = self.lang
        summary = self.shown()
        self.problems.value = "".join(self._problem(message) for _, message in sorted(summary.bad_files.items()))
        self.table.value = stars_html(summary, lang)
        self.stuck.value = stuck_html(summary, self.live.now if self.live else time.time(), lang)
        self.missed.value = missed_html(summary, lang)


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


class WorksheetMaker(Speaks, StatusLine, w.VBox):
    """Choose kinds, number, seed, ruleset and difficulty; get the printable worksheet to download. What
    Make answers is said by the page's one live region once the page gives it one (:meth:`speak_with`)."""

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
        self.left_out: dict[str, Any] = {}      # kind -> why these rules cannot give it (a BurracoError)
        self.made: tuple[str, int, int, Message | str] | None = None     # what Make drew: how it went, count, seed, rules' name
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

    def sheet(self, number: int) -> Sheet:
        """Sheet ``number`` with the kinds, count and difficulty chosen here (a class's sheets are under a
        built-in ruleset: a house variant gives the classic rules)."""
        rules = self.rules.value if isinstance(self.rules.value, str) else "classic"
        return Sheet(number, tuple(self.chosen_kinds()) or Sheet.kinds, self.number.value, self.difficulty.value, rules)

    @shielded
    def _make(self, _button: object = None) -> None:
        from .worksheet import worksheet_page

        self.status.value = ""
        kinds = self.chosen_kinds()
        rules = self.rules.value      # a built-in's id, or the house Ruleset itself
        count, seed = self.number.value, self.seed.value
        if kinds:
            self.page, self.left_out = worksheet_page(kinds, count, seed, rules, self.lang, self.difficulty.value)
        else:
            self.page, self.left_out = "", {}
        how = "ready" if self.page else "none-left" if kinds else "no-kind"
        self.made = (how, count, seed, bc.ruleset(rules).label)
        self._draw_spoken()
        self._speak(self.status.value, self.result.value)

    def _draw_spoken(self) -> None:
        """What Make answered (:attr:`made`), its boxes live regions only without the page's voice."""
        if self.made is None:
            return
        how, count, seed, label = self.made
        lang = self.lang
        # a kind these rules cannot give is left out, and the teacher told why
        notes = "".join(f'<div class="bt-left-out" data-kind="{esc(kind)}">'
                        f'{verdict_box(NOTE, err.msg.text(lang), role=self._role())}</div>'
                        for kind, err in self.left_out.items())
        if how != "ready":
            self.result.value = ""
            text = t("worksheet.no-kind", lang) if how == "no-kind" else t("worksheet.none-left", lang, rules=label)
            self.status.value = verdict_box(NOTE, text, role=self._role("alert")) + notes
            return
        data = base64.b64encode(self.page.encode("utf-8")).decode("ascii")
        name = f"burraco-worksheet-{seed}.html"
        self.result.value = (
            verdict_box(GOOD, t("worksheet.ready", lang, count=count, seed=seed), role=self._role(),
                extra=f'<div style="margin-top:8px"><a class="bt-link-button bt-worksheet-download" download="{name}" '
                      f'href="data:text/html;charset=utf-8;base64,{data}">{esc(t("worksheet.download", lang))}</a></div>'
                      f'<div>{esc(t("worksheet.print-tip", lang))}</div>')) + notes


def teacher_page(rules: str = "classic", lang: str | None = None) -> w.Widget:
    """The class tool page's widgets: the class summary (live on a hub with the class service), then
    the worksheet maker (its ruleset last, so the tool page keeps it in step with the learner's saved
    choice). A worksheet set for the class is the maker's, with the kinds, count and difficulty chosen there."""
    maker = WorksheetMaker(rules, lang=lang)
    return TeacherPage([ClassSummaryWidget(lang=lang, sheet=maker.sheet), maker])


class TeacherPage(w.VBox):
    """The class summary over the worksheet maker; both say what they say by the page's voice."""

    def speak_with(self, voice: PageVoice | None) -> None:
        for part in self.children:
            if isinstance(part, Speaks):
                part.speak_with(voice)
