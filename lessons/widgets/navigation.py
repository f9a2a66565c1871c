"""Previous / next / home between the tutorial's pages, for every platform that shows them.

The lesson notebooks live side by side in ``tutorial/`` as ``NN-key.ipynb`` (``02-melds``)
next to ``index.ipynb`` (the home page), so every link is relative to the page showing it:

- Voilà: ``/voila/render/tutorial/02-melds.ipynb`` -> ``03-ace.ipynb`` (any base URL: Binder, a hub);
- JupyterLab and Notebook 7: ``/lab/tree/tutorial/02-melds.ipynb`` -> ``03-ace.ipynb`` opens it there;
- the static site: ``/voici/render/02-melds.html`` -> ``03-ace.html``.

Only the file suffix differs, and Python knows which platform it runs on (Pyodide is the
static site). A lesson notebook's one cell is ``lesson_page("melds")``: the lesson widget
between two navigation bars, in the language the learner chose on the home page.

Inside the one-page app (:mod:`.app`, the cell of ``index.ipynb``) every page is shown in the same
page, so the same links name places of the app instead (``03-ace`` is ``#lesson/ace``,
``index`` is ``#home``, a tool's notebook ``#tool/<its key>``): the browser keeps them in its history
without loading anything, and the app shows what they name. :func:`use_app_links` switches a
kernel to them (the app does, once).
"""

from __future__ import annotations

import logging
from typing import Any

import ipywidgets as w

from ..curriculum import model
from ..curriculum.model import Lesson
from ..learner.practice import rules_to_practise
from ..learner.progress import Progress
from ..learner.store import running_in_browser, shared_keeper
from .settings import shared_preferences
from .style import esc, t

__all__ = ["FINAL_TEST_NOTEBOOK", "HOME", "PRACTICE_NOTEBOOK", "app_links", "chosen_language", "final_test_link",
           "guarded_page", "href", "lesson_href",
           "lesson_page", "link_button", "nav_bar", "neighbours", "notebook_name", "oops", "page_suffix",
           "practice_link", "use_app_links"]

HOME = "index"
PRACTICE_NOTEBOOK = "practice"
FINAL_TEST_NOTEBOOK = "final-test"
_log = logging.getLogger(__name__)
_APP_LINKS = False      # this kernel shows the one-page app: links name its places

NAV_STYLE = """<style>
.bt-nav { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: center; justify-content: space-between;
  max-width: 1100px; margin: 6px 0; padding: 8px 12px; border-radius: 10px; background: #eef3f8;
  font-size: 16px; line-height: 1.4; }
.bt-nav a { color: #0b4a8b; font-weight: 600; text-decoration: none; padding: 6px 10px; border-radius: 8px;
  border: 2px solid transparent; }
.bt-nav a:hover { text-decoration: underline; }
.bt-nav a:focus-visible { outline: 3px solid #0b4a8b; outline-offset: 1px; }
.bt-nav .bt-nav-none { color: #4d5a66; padding: 6px 10px; }
/* ipywidgets' button colours with white text fall short of WCAG AA contrast: darker shades */
.jupyter-button.mod-primary, .widget-button.mod-primary { background-color: #0b4a8b; color: #fff; }
.jupyter-button.mod-success, .widget-button.mod-success { background-color: #1b5e20; color: #fff; }
.jupyter-button.mod-info, .widget-button.mod-info { background-color: #0b5563; color: #fff; }
.jupyter-button.mod-warning, .widget-button.mod-warning { background-color: #8a4b00; color: #fff; }
.jupyter-button.mod-danger, .widget-button.mod-danger { background-color: #b71c1c; color: #fff; }
.bt-oops { border: 3px solid #b71c1c; background: #ffebee; color: #7f0000; border-radius: 10px;
  padding: 10px 14px; font-size: 1.1em; max-width: 60em; }
</style>"""


def notebook_name(lesson: Lesson) -> str:
    """The lesson's notebook in ``tutorial/``, without suffix: ``02-melds``."""
    return f"{lesson.number:02d}-{lesson.key}"


def page_suffix() -> str:
    """``.html`` in the static site (voici renders each notebook as a page), ``.ipynb`` elsewhere."""
    return ".html" if running_in_browser() else ".ipynb"


def use_app_links(on: bool = True) -> None:
    """From now on, links in this kernel name the app's places (``#lesson/melds``), not notebooks."""
    global _APP_LINKS
    _APP_LINKS = on


def app_links() -> bool:
    """True when this kernel shows the one-page app (see :func:`use_app_links`)."""
    return _APP_LINKS


def href(name: str) -> str:
    """The relative link from one tutorial page to the page of notebook ``name`` (``index``, ``02-melds``);
    in the app, the place it shows (``#home``, ``#lesson/melds``; a tool's notebook is named by its key)."""
    if not _APP_LINKS:
        return f"{name}{page_suffix()}"
    if name == HOME:
        return "#home"
    for lesson in _lessons():
        if notebook_name(lesson) == name:
            return f"#lesson/{lesson.key}"
    return f"#tool/{name}"


def lesson_href(lesson: Lesson, exercise: int | None = None) -> str:
    """The link to a lesson; in the app, to its exercise ``exercise`` (counted from 0) when one is given.
    (A notebook has no address for an exercise: the lesson opens where the learner stopped.)"""
    if _APP_LINKS and exercise is not None:
        return f"#lesson/{lesson.key}/{exercise + 1}"
    return href(notebook_name(lesson))


def link_button(name: str, text: str, css: str = "bt-link-button") -> str:
    """A link styled as a button (``style.TEACH_CSS``) to the page of notebook ``name``."""
    return f'<a class="{css}" href="{esc(href(name))}">{esc(text)}</a>'


def _lessons() -> tuple[Lesson, ...]:
    return tuple(model.all_lessons())


def neighbours(key: str) -> tuple[Lesson | None, Lesson | None]:
    """The lessons before and after lesson ``key`` (None at either end)."""
    found = _lessons()
    keys = [lesson.key for lesson in found]
    i = keys.index(key)
    return (found[i - 1] if i > 0 else None, found[i + 1] if i + 1 < len(found) else None)


def chosen_language(progress: Any = None) -> str:
    """The learner's language: the one saved in the progress when every text exists in it, else English."""
    lang = getattr(progress, "lang", None)
    return lang if lang in model.languages() else "en"


def nav_bar(key: str | None, lang: str = "en", *, where: str = "top") -> str:
    """The bar of links (home, previous, next) around lesson ``key``, or on a tool page (key None)."""
    home = f'<a class="bt-nav-home" href="{esc(href(HOME))}">{esc(t("nav.home", lang))}</a>'
    if key is None or key not in {lesson.key for lesson in _lessons()}:
        links = [home]
    else:
        before, after = neighbours(key)
        prev = (f'<a class="bt-nav-prev" rel="prev" href="{esc(href(notebook_name(before)))}">'
                f'{esc(t("nav.previous", lang, number=before.number, title=before.title(lang)))}</a>'
                if before else f'<span class="bt-nav-none">{esc(t("nav.first", lang))}</span>')
        nxt = (f'<a class="bt-nav-next" rel="next" href="{esc(href(notebook_name(after)))}">'
               f'{esc(t("nav.next", lang, number=after.number, title=after.title(lang)))}</a>'
               if after else f'<a class="bt-nav-next bt-nav-end bt-nav-home" href="{esc(href(HOME))}">'
                             f'{esc(t("nav.last", lang))}</a>')
        # the last lesson's way on is the way home, "Back to all lessons →": it is that bar's one home link
        links = [prev, home, nxt] if after else [prev, nxt]
    label = esc(t("nav.label-top" if where == "top" else "nav.label-bottom", lang))
    return f'<nav class="bt-nav bt-nav-{where}" aria-label="{label}">{"".join(links)}</nav>'


def oops(lang: str = "en") -> w.HTML:
    """What a page shows instead of a traceback: a short apology from the catalogue (details go to the log).
    It replaces the whole page, voice included: its own ``role="alert"`` is what says it (issue 33)."""
    return w.HTML(f'{NAV_STYLE}<div class="bt-oops" role="alert">{esc(t("app.error", lang))}</div>')


def guarded_page(build: Any, what: str) -> Any:
    """``build()``, or the friendly message when it fails; the traceback goes to the log only."""
    try:
        return build()
    except Exception:
        _log.exception("the page %s could not be built", what)
        return oops()


def practice_link(progress: Progress, lang: str) -> str:
    """The lesson page's "practise what I missed" button (a link to the practice page), or ""
    when nothing is left to practise."""
    rules = rules_to_practise(progress)
    if not rules:
        return ""
    return (f'<div class="bt-practice-link" style="margin:10px 0">'
            f'<a class="bt-continue bt-practice-button" role="button" href="{esc(href(PRACTICE_NOTEBOOK))}" '
            'style="display:inline-block;background:#0b4a8b;color:#fff;font-weight:700;font-size:1.1em;'
            'padding:8px 16px;border-radius:10px;text-decoration:none">'
            f'{esc(t("practice.button", lang, count=len(rules)))}</a></div>')

def final_test_link(lang: str, key: str = "nav.final-test") -> str:
    """The last lesson's "take the final test" button (a link to the final test's page); ``key``: its words."""
    return (f'<div class="bt-final-link" style="margin:10px 0">'
            f'<a class="bt-final-button" role="button" href="{esc(href(FINAL_TEST_NOTEBOOK))}" '
            'style="display:inline-block;background:#0b4a8b;color:#fff;font-weight:700;font-size:1.1em;'
            'padding:8px 16px;border-radius:10px;text-decoration:none">'
            f'{esc(t(key, lang))}</a></div>')


class LessonPage(w.VBox):
    """A lesson between two navigation bars; the bars follow the learner's language as the lesson does."""

    def __init__(self, key: str, lang: str | None = None) -> None:
        self.key = key
        self.keeper = shared_keeper()
        self.fixed_lang = lang
        self.lang = lang or chosen_language(self.keeper.progress)
        # Without a language, the lesson widget follows Progress.lang itself (and has its own switch).
        from .lesson import show

        self.lesson = show(key, lang=lang, keeper=self.keeper)
        self.top = w.HTML()
        self.bottom = w.HTML()
        self.practice = w.HTML()        # "practise what I missed", once a rule was got wrong
        # the preferences on the page: projector mode and the four-colour deck reach the lesson
        super().__init__([self.top, self.lesson, self.practice, self.bottom, self.keeper.widget,
                          shared_preferences()])
        self.add_class("bt-lesson-page")
        self._draw_bars()
        self.keeper.changed(self._progress_changed)

    def _draw_bars(self) -> None:
        self.top.value = NAV_STYLE + nav_bar(self.key, self.lang, where="top")
        self.bottom.value = nav_bar(self.key, self.lang, where="bottom")
        button = ""
        if self.keeper.progress.missed_rules():       # the practice module loads only when it has work
            button = practice_link(self.keeper.progress, self.lang)
        if self.key == _lessons()[-1].key:             # after the last lesson: the final test
            button += final_test_link(self.lang)
        self.practice.value = button                   # one assignment: nothing is sent when it is the same

    def _progress_changed(self, progress: Any) -> None:
        try:
            lang = self.fixed_lang or chosen_language(progress)
            if lang != self.lang:
                self.lang = lang
            self._draw_bars()         # the practice button appears once a rule was got wrong
        except Exception:      # a listener must not break the keeper
            _log.exception("the lesson page could not be redrawn")


def lesson_page(key: str, lang: str | None = None) -> w.Widget:
    """All a lesson notebook's cell needs: navigation, the lesson widget (``lessons.show``), navigation."""
    return guarded_page(lambda: LessonPage(key, lang), f"of lesson {key!r}")
