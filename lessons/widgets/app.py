"""The whole tutorial on one page: the home page, every lesson and every tool, shown in place.

``app()`` is the one cell of ``tutorial/index.ipynb`` (Voilà, Binder, a hub, the static site). A
link of the app names a place after ``#`` (``#lesson/melds``, ``#lesson/melds/3``, ``#tool/referee``,
``#home``; see :mod:`.address`): the browser changes its address and its history without loading a
page, :class:`~.address.BrowserAddress` reports the new address, and the app swaps what it shows,
in the same kernel (or the same Pyodide). A reload or a shared link opens the place its address
names; Back and Forward move between the places visited. An address that names nothing shows the
home page with a short note.

Nothing is built twice: the home page is built at start, a lesson or a tool when first opened. The
last :data:`KEEP` pages left stay ready (going back to one is instant); an older one is released
(:mod:`.release`), and built again if the learner returns to it. The learner's choices and
progress are the kernel's shared keeper and preferences, so every page follows them at once.
The home page loads only what it shows: a lesson's widgets (its exercise views, the table, the
games behind them) are imported when the first lesson opens.
"""

from __future__ import annotations

import logging
import sys
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..curriculum import model
from ..learner.session import EXERCISE
from ..learner.store import shared_keeper
from .address import HOME_PLACE, AddressError, BrowserAddress, Place, parse_address
from .assigned import ASSIGNED_NOTEBOOK, assigned_page
from .home import TOOLS, HomePage, ToolPage
from .navigation import LessonPage, chosen_language, guarded_page, oops, use_app_links
from .release import Sweeper, release
from .settings import shared_preferences
from .style import NOTE, box, t

if TYPE_CHECKING:       # the lesson widget (its exercise views, the table, the bots' games) loads with the first lesson
    from .lesson import LessonWidget

__all__ = ["KEEP", "App", "app"]

KEEP = 3
"""How many pages left (lessons, tools) stay built besides the home page and the page shown."""
_log = logging.getLogger(__name__)


class App(w.VBox):
    """The app page: the browser's address, a note line, the place shown, the shared keeper and preferences.

    ``go(address)`` shows the place an address names (the browser's address calls it); ``place`` is
    the place shown, ``pages`` the pages kept (by ``place.page``, the oldest first).
    """

    def __init__(self, lang: str | None = None) -> None:
        use_app_links()
        self.keeper = shared_keeper()
        self.preferences = shared_preferences()
        self.fixed_lang = lang
        self.address = BrowserAddress()
        self.note = w.HTML(layout=w.Layout(display="none"))
        self.note.add_class("bt-app-note")
        self.home = HomePage(lang)
        self.view = w.VBox([self.home])
        self.view.add_class("bt-app-view")
        self.place: Place = HOME_PLACE
        self.shown: w.Widget = self.home
        self.pages: OrderedDict[str, w.Widget] = OrderedDict()
        self._visits = 0
        self._marker = ""
        self.sweeper = Sweeper()
        super().__init__([self.address, self.note, self.view, self.keeper.widget, self.preferences])
        self.add_class("bt-app")
        self.address.on_move(self.go)
        self.address.lang = self.lang
        self.keeper.changed(self._progress_changed)

    @property
    def lang(self) -> str:
        return self.fixed_lang or chosen_language(self.keeper.progress)

    # ---------------------------------------------------------------- moving
    def go(self, address: str) -> None:
        """Show the place ``address`` names; one that names nothing shows the home page and a note."""
        try:
            try:
                place = parse_address(address, _lesson_sizes(), [*(tool.key for tool in TOOLS), ASSIGNED_NOTEBOOK])
            except AddressError as err:
                _log.info("no place at the address %r", err.address)
                self._show(HOME_PLACE)
                self.address.replace("")
                self._say(err.message(self.lang))
                return
            self._show(place)
        except Exception:       # never a traceback on the page: the apology, and the details in the log
            _log.exception("the place %r could not be shown", address)
            self._say_html(oops(self.lang).value)

    def _show(self, place: Place) -> None:
        self._say("")
        page = self.home if place.kind == "home" else self._page(place)
        lesson = _lesson_widget(page)
        if place.exercise is not None and lesson is not None:
            lesson.go_to(place.exercise - 1)
        moved = page is not self.shown
        self.place = place
        self.home.showing(page is self.home)      # drawn before it is shown: the stars earned meanwhile
        if moved:
            self.view.children = (page,)
            self.shown = page
        self._mark(page)
        # the focus moves with the learner, not when the page opens on an address (the browser reports it
        # before it says it has loaded)
        # (a deep link to an exercise takes the focus too: it is where the learner asked to be)
        self.address.lang = self.lang
        self.address.shown(self._title(place), self._marker,
                           focus=(moved and self.address.loaded) or place.exercise is not None)
        if lesson is not None:
            self._follow(lesson)
        self._release_old()
        self._sweep()
        self.sweeper.remember(page)

    def _page(self, place: Place) -> w.Widget:
        """The page of a lesson or a tool: the one kept, else a new one (kept from now on)."""
        page = self.pages.pop(place.page, None)
        if page is None:
            try:
                page = self._build(place)
            except Exception:      # the apology in the learner's language; the details go to the log
                _log.exception("the page %s could not be built", place.page)
                page = oops(self.lang)
        if not isinstance(page, w.HTML):           # the apology is not worth keeping
            self.pages[place.page] = page          # the newest last
        return page

    def _build(self, place: Place) -> w.Widget:
        if place.kind == "lesson":
            page = LessonPage(place.key, self.fixed_lang)
            lesson = _lesson_widget(page)
            if lesson is not None:
                lesson.on_moved(lambda widget: self._lesson_moved(page, widget))
                lesson.on_answered(lambda box: self.address.reveal(f".{self._marker} .{box}" if self._marker else f".{box}"))
            return page
        if place.key == ASSIGNED_NOTEBOOK:      # the work a teacher set (a hub's class service): not on the tool list
            return assigned_page(self.fixed_lang)
        tool = next(tool for tool in TOOLS if tool.key == place.key)
        return ToolPage(tool)

    def _mark(self, page: w.Widget) -> None:
        """A class no other visit had, on the page shown: the browser finds its heading by it."""
        if self._marker:
            for each in (self.home, *self.pages.values()):
                each.remove_class(self._marker)
        self._visits += 1
        self._marker = f"bt-visit-{self._visits}"
        page.add_class(self._marker)

    def _lesson_moved(self, page: w.Widget, lesson: LessonWidget) -> None:
        """A lesson drew another step: a new answer view to remember, and the address to follow."""
        self.sweeper.remember(page)
        if page is self.shown:
            self._follow(lesson)

    def _follow(self, lesson: LessonWidget) -> None:
        """Put the exercise the lesson shows in the browser's address (in place: no history entry)."""
        session = lesson.session
        exercise = session.index + 1 if session.phase == EXERCISE else None
        self.place = Place("lesson", lesson.lesson.key, exercise)
        if self.address.address != self.place.address:
            self.address.replace(self.place.address)

    def _sweep(self) -> None:
        """Close what the pages shown so far dropped (a lesson's earlier answer views, a page released)."""
        try:
            self.sweeper.sweep(keep=[self], listeners=[self.keeper, self.preferences])
        except Exception:
            _log.exception("the widgets left behind could not be closed")

    def _release_old(self) -> None:
        while len(self.pages) > KEEP + (self.shown is not self.home):
            key, page = next(iter(self.pages.items()))
            if page is self.shown:
                break
            del self.pages[key]
            try:
                release(page, keep=[self], listeners=[self.keeper, self.preferences])
            except Exception:
                _log.exception("the page %s could not be released", key)

    def _progress_changed(self, progress: Any) -> None:
        """The learner switched the language: the page's ``lang`` and the window's title follow at once."""
        try:
            if self.address.lang != self.lang:
                self.address.lang = self.lang
                self.address.shown(self._title(self.place), self._marker, focus=False)
        except Exception:       # a listener must not break the keeper
            _log.exception("the page's language could not follow")

    # ---------------------------------------------------------------- saying
    def _title(self, place: Place) -> str:
        lang = self.lang
        name = t("home.title", lang)
        if place.kind == "lesson":
            lesson = next(each for each in model.all_lessons() if each.key == place.key)
            page = t("app.lesson-title", lang, number=lesson.number, title=lesson.title(lang))
        elif place.kind == "tool":
            page = t("assigned.title" if place.key == ASSIGNED_NOTEBOOK else f"home.tool.{place.key}", lang)
        else:
            return name
        return t("app.title", lang, page=page, app=name)

    def _say(self, text: str) -> None:
        self._say_html(box(NOTE, text, big=False) if text else "")

    def _say_html(self, html: str) -> None:
        self.note.value = html
        self.note.layout.display = "block" if html else "none"


def _lesson_sizes() -> dict[str, int]:
    return {lesson.key: len(lesson.exercises) for lesson in model.all_lessons()}


def _lesson_widget(page: Any) -> LessonWidget | None:
    lesson = getattr(page, "lesson", None)
    module = sys.modules.get(f"{__package__}.lesson")     # not loaded yet: no page is a lesson
    return lesson if module is not None and isinstance(lesson, module.LessonWidget) else None


def app(lang: str | None = None) -> w.Widget:
    """The whole tutorial on one page: all the one cell of ``tutorial/index.ipynb`` needs."""
    return guarded_page(lambda: App(lang), "of the app")
