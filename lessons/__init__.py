"""Burraco Tutor's lessons: the curriculum as data, and the widgets that show it.

Four sub-packages, imports pointing one way (widgets -> curriculum -> burraco_core):
``curriculum`` (the lessons as data, exercise kinds, checks, generators: pure Python, no
ipywidgets), ``learner`` (progress, the stores, a lesson's session, practice), ``widgets``
(what a page shows) and ``teachers`` (class summary, worksheets, variant builder). The
widgets load on first use::

    import lessons
    lessons.LESSONS                 # every lesson, in order
    lessons.show("melds")           # the lesson widget, all a notebook cell needs
    lessons.app()                   # the whole tutorial on one page (tutorial/index.ipynb)
    from lessons import Hand        # a widget, imported when first asked for

Every rule is decided by burraco_core; the widgets only show and collect.
"""

from __future__ import annotations

import importlib
import pathlib
from typing import TYPE_CHECKING, Any

from burraco_core.messages import add_catalogue_dir

add_catalogue_dir(pathlib.Path(__file__).with_name("locale"))

from . import _old_paths  # noqa: E402

_old_paths.install()

from .curriculum import model  # noqa: E402
from .curriculum.checks import CurriculumError  # noqa: E402
from .curriculum.model import KINDS, Block, Exercise, Lesson, Verdict  # noqa: E402

# name -> module, imported when first asked for (the widget modules import ipywidgets)
_LAZY = {
    "Hand": "widgets.hand", "palette_cards": "widgets.hand",
    "MeldReferee": "widgets.referee",
    "ScoreCalculator": "widgets.score",
    "PlayTable": "widgets.table", "Table": "widgets.table",
    "LessonWidget": "widgets.lesson",
    "app": "widgets.app", "home": "widgets.home", "tool_page": "widgets.home", "lesson_page": "widgets.navigation",
    "PracticeWidget": "widgets.practice", "ClassSummaryWidget": "teachers.widgets", "WorksheetMaker": "teachers.widgets",
    "class_summary": "teachers.widgets",
    "PracticeSession": "learner.practice", "ClassSummary": "teachers.classroom", "load_class": "teachers.classroom",
    "generate": "curriculum.generators",
    "preferences": "widgets.settings",
}

__all__ = ["Block", "CurriculumError", "Exercise", "KINDS", "LESSONS", "Lesson", "Verdict",
           "get_lesson", "languages", "show",
           "Hand", "LessonWidget", "MeldReferee", "PlayTable", "ScoreCalculator", "Table", "palette_cards",
           "app", "home", "lesson_page", "preferences", "tool_page",
           "ClassSummary", "ClassSummaryWidget", "PracticeSession", "PracticeWidget", "WorksheetMaker",
           "class_summary", "generate", "load_class"]


def __getattr__(name: str) -> Any:
    if name == "LESSONS":
        value: Any = model.all_lessons()
    elif name in _LAZY:
        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    else:
        raise AttributeError(f"module 'lessons' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def get_lesson(key: str) -> Lesson:
    """The lesson with this key (``"melds"``); CurriculumError names the lessons there are."""
    for lesson in model.all_lessons():
        if lesson.key == key:
            return lesson
    keys = ", ".join(lesson.key for lesson in model.all_lessons())
    raise CurriculumError("lessons", "key", f"there is no lesson {key!r}; the lessons: {keys}")


def languages() -> tuple[str, ...]:
    """The languages every text of the engine and the lessons exists in, English first."""
    return model.languages()


def show(lesson: str | Lesson | Exercise, lang: str | None = None, *, rules: Any = None, **options: Any) -> Any:
    """The widget for a lesson (by key), a Lesson, or a single Exercise: all a notebook cell needs.

    ``lang`` (``"it"``, ``"es"``) is the language; without it, the learner's saved choice, else English.
    ``rules``: a built-in ruleset id or any ``Ruleset`` (a house variant made with
    ``dataclasses.replace`` or loaded by the variant builder): the exercises are checked by the
    engine under it; a lesson's exercises whose answers would change under it are left out (and
    said so). Rules that cannot be used give a short message, never a traceback.
    """
    from .widgets.lesson import show as _show

    if rules is not None and isinstance(lesson, (str, Lesson, Exercise)):   # anything else: _show says what it takes
        shown = _under(lesson, rules, lang)
        if not isinstance(shown, (Lesson, Exercise, str)):
            return shown
        lesson = shown
    return _show(lesson, lang=lang, **options)


def _under(lesson: str | Lesson | Exercise, rules: Any, lang: str | None) -> Any:
    """The lesson or exercise under ``rules``, or the widget saying why it cannot be shown so."""
    import logging

    import ipywidgets as w

    import burraco_core as bc
    from burraco_core.messages import Message

    from .widgets.style import BAD, NOTE, verdict_box

    said = lang or "en"
    try:
        ruleset = bc.ruleset(rules)
    except (bc.BurracoError, TypeError):
        logging.getLogger(__name__).warning("lessons.show: unusable rules %r", rules)
        return w.HTML(verdict_box(BAD, Message("widget.rules-unusable", name=str(rules)[:80], ids=tuple(bc.RULESETS)).text(said),
                          role="alert"))
    try:
        if isinstance(lesson, str):
            found = [each for each in model.all_lessons() if each.key == lesson]
            if not found:
                return lesson       # the lesson widget says which lessons there are
            target: Lesson | Exercise = found[0]
        else:
            target = lesson
        moved = target.under(ruleset)
    except CurriculumError as err:
        logging.getLogger(__name__).warning("lessons.show: not under %r: %s", ruleset, err)
        changed = err.field == "solution" or err.field.startswith("wrong_answers")    # set up, but proven otherwise
        key = "widget.rules-changes-answer" if changed else "widget.rules-cannot"
        return w.HTML(verdict_box(BAD, Message(key, rules=ruleset.label).text(said), role="alert"))
    if isinstance(moved, Lesson) and not moved.exercises:
        return w.HTML(verdict_box(NOTE, Message("widget.rules-nothing", rules=ruleset.label).text(said), role="status"))
    return moved


if TYPE_CHECKING:
    from .curriculum.generators import generate
    from .learner.practice import PracticeSession
    from .teachers.classroom import ClassSummary, load_class
    from .teachers.widgets import ClassSummaryWidget, WorksheetMaker, class_summary
    from .widgets.hand import Hand, palette_cards
    from .widgets.home import home, tool_page
    from .widgets.lesson import LessonWidget
    from .widgets.navigation import lesson_page
    from .widgets.practice import PracticeWidget
    from .widgets.referee import MeldReferee
    from .widgets.score import ScoreCalculator
    from .widgets.settings import preferences
    from .widgets.table import PlayTable, Table

    LESSONS: tuple[Lesson, ...]
