"""What the teacher set, for the pupil: the home page's "Set by your teacher" box, and the page to do it.

On a school's JupyterHub with the class service, the keeper's link brings the class's assignments
(``keeper.class_reply``). :func:`assigned_section` is a self-contained part the home page shows first:
each piece of work, its due date, how far the pupil is (counted from the pupil's own progress, so it
moves as they work) and a link to do it: a lesson's page, or ``assigned.ipynb`` for a worksheet or
practice, where :func:`assigned_page` shows it. Without a class service the box is empty and takes no
room. Nothing here decides what counts as done (:class:`~lessons.learner.classwork.Assignment` does).
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as w

from ..curriculum import model
from ..learner.classlink import ClassReply
from ..learner.classwork import Assignment, sheet_lesson
from ..learner.progress import Progress
from ..learner.store import shared_keeper
from .navigation import NAV_STYLE, chosen_language, guarded_page, href, nav_bar, notebook_name
from .style import LESSON_CSS, NOTE, TEACH_CSS, esc, t, verdict_box
from .ui import StatusLine, shielded
from .voice import PageVoice

__all__ = ["ASSIGNED_NOTEBOOK", "AssignedPage", "AssignedSection", "assigned_html", "assigned_page",
           "assigned_section"]

ASSIGNED_NOTEBOOK = "assigned"
_log = logging.getLogger(__name__)

STYLE = """<style>
.bt-assigned { border: 3px solid #0b4a8b; background: #eef3f8; border-radius: 12px; padding: 8px 16px;
  margin: 8px 0 12px; max-width: 1100px; font-size: 16px; line-height: 1.5; }
.bt-assigned h2 { font-size: 1.35em; margin: 4px 0 6px; color: #0b4a8b; }
.bt-assigned ul { list-style: none; padding: 0; margin: 0; }
.bt-assigned li { padding: 6px 0; border-top: 1px solid #cfd8dc; display: flex; flex-wrap: wrap; gap: 4px 14px;
  align-items: baseline; }
.bt-assigned li:first-child { border-top: none; }
.bt-assigned a { color: #0b4a8b; font-weight: 700; }
.bt-assigned a:focus-visible { outline: 3px solid #e6a100; outline-offset: 2px; }
.bt-assigned .bt-due { color: #37474f; }
.bt-assigned .bt-done { color: #1b5e20; font-weight: 700; }
.bt-assigned .bt-steps { color: #37474f; }
</style>"""


def _link(assignment: Assignment) -> str:
    """Where the pupil does this: the first lesson not yet solved, or the assigned page."""
    if assignment.kind == "lessons":
        by_key = {lesson.key: lesson for lesson in model.all_lessons()}
        found = [by_key[key] for key in assignment.lessons if key in by_key]
        if len(found) == 1:
            return href(notebook_name(found[0]))
    return href(ASSIGNED_NOTEBOOK)


def assigned_html(reply: ClassReply | None, progress: Progress, lang: str) -> str:
    """The "Set by your teacher" box: each assignment, its due date, the pupil's steps; "" without any."""
    if reply is None or not reply.assignments:
        return ""
    items = []
    for assignment in reply.assignments:
        done, of = assignment.steps(progress)
        due = assignment.due_message()
        state = (f'<span class="bt-done">✓ {esc(t("assigned.done", lang))}</span>' if done >= of else
                 f'<span class="bt-steps">{esc(t("assigned.steps", lang, done=done, count=of))}</span>')
        items.append(
            f'<li class="bt-assignment" data-id="{assignment.id}" data-kind="{esc(assignment.kind)}" '
            f'data-done="{int(done >= of)}"><a href="{esc(_link(assignment))}">{esc(assignment.label().text(lang))}</a>'
            f'{"<span class=bt-due>" + esc(due.text(lang)) + "</span>" if due else ""}{state}</li>')
    return (f'{STYLE}<section class="bt-assigned" aria-labelledby="bt-assigned-title">'
            f'<h2 id="bt-assigned-title">{esc(t("assigned.title", lang))}</h2><ul>{"".join(items)}</ul></section>')


class AssignedSection(w.HTML):
    """The home page's "Set by your teacher" box, redrawn when the keeper hears from the class service
    or the progress changes; empty (no room taken) without assignments."""

    def __init__(self, keeper: Any, lang: str) -> None:
        super().__init__()
        self.keeper = keeper
        self.lang = lang
        self.add_class("bt-assigned-box")
        self.redraw()
        keeper.changed(self._changed)

    def redraw(self, lang: str | None = None) -> None:
        self.lang = lang or self.lang
        self.value = assigned_html(self.keeper.class_reply, self.keeper.progress, self.lang)

    def _changed(self, _progress: Any = None) -> None:
        try:
            self.redraw(chosen_language(self.keeper.progress))
        except Exception:      # a listener must not break the keeper
            _log.exception("the work set could not be shown")


def assigned_section(keeper: Any = None, lang: str | None = None) -> AssignedSection:
    """The "Set by your teacher" box for the home page (the shared keeper's assignments)."""
    keeper = keeper if keeper is not None else shared_keeper()
    return AssignedSection(keeper, lang or chosen_language(keeper.progress))


class AssignedPage(StatusLine, w.VBox):
    """The work set, each with a button that shows it here: a worksheet's exercises, or practice on
    the rules set; lessons link to their pages. Its ``voice`` (``voice.PageVoice``) is what a tool's page
    has: ``<html lang>``, the main landmark, the one live region the practice speaks through, the focus kept
    off ``<body>`` (a worksheet is a lesson's widget: it brings its own)."""

    def __init__(self, keeper: Any = None, lang: str | None = None) -> None:
        self.keeper = keeper if keeper is not None else shared_keeper()
        self.lang = lang or chosen_language(self.keeper.progress)
        self.status = w.HTML()
        self.list = w.VBox()
        self.work = w.VBox()
        self.work.add_class("bt-assigned-work")
        self.shown: int | None = None
        self.voice = PageVoice(self.lang)
        head = w.HTML(f'{NAV_STYLE}{LESSON_CSS}{TEACH_CSS}{STYLE}{nav_bar(None, self.lang)}'
                      f'<h1 style="font-size:1.8em;margin:8px 0">{esc(t("assigned.title", self.lang))}</h1>')
        super().__init__([head, self.voice, self.status, self.list, self.work, self.keeper.widget],
                         layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-assigned-page")
        self._draw()
        self.keeper.changed(self._changed)

    def _draw(self) -> None:
        reply = self.keeper.class_reply
        if reply is None:
            # what the page is about, not an answer to the pupil: no live region (the page's voice is the one)
            self.list.children = [w.HTML(verdict_box(NOTE, t("assigned.waiting" if self.keeper.link else "assigned.no-class",
                                                             self.lang), role=""))]
            return
        if not reply.assignments:
            self.list.children = [w.HTML(verdict_box(NOTE, t("assigned.none", self.lang), role=""))]
            return
        rows: list[w.Widget] = [w.HTML(assigned_html(reply, self.keeper.progress, self.lang))]
        for assignment in reply.assignments:
            if assignment.kind == "lessons":
                continue
            button = w.Button(description=t("assigned.do", self.lang, work=assignment.label().text(self.lang)),
                              button_style="primary", layout=w.Layout(width="auto"))
            button.add_class("bt-do-work")
            button.on_click(lambda _b, a=assignment: self.show(a))
            rows.append(button)
        self.list.children = rows

    @shielded
    def show(self, assignment: Assignment) -> None:
        """Show this worksheet or practice below the list."""
        from ..widgets.lesson import show as show_lesson
        from .practice import PracticeWidget

        self.shown = assignment.id
        if assignment.kind == "worksheet" and assignment.sheet is not None:
            widget = show_lesson(sheet_lesson(assignment.sheet), lang=self.lang)
        else:
            widget = PracticeWidget(keeper=self.keeper, practise=assignment.rules, lang=self.lang)
            widget.speak_with(self.voice)       # its verdicts, hints and end: said by the page's one live region
        self.work.children = [widget]

    def _changed(self, _progress: Any = None) -> None:
        try:
            if self.keeper.class_reply is not None and self.shown is None:
                self._draw()
            elif self.keeper.class_reply is not None:
                self.list.children[0].value = assigned_html(self.keeper.class_reply, self.keeper.progress, self.lang) \
                    if self.list.children and isinstance(self.list.children[0], w.HTML) else ""
        except Exception:      # a listener must not break the keeper
            _log.exception("the work set could not be redrawn")


def assigned_page(lang: str | None = None) -> w.Widget:
    """All the one cell of ``tutorial/assigned.ipynb`` needs."""
    return guarded_page(lambda: AssignedPage(lang=lang), "of the work set")

