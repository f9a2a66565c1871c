"""The app's pages as widgets (no browser): links per platform, the home page, tools, languages."""

from __future__ import annotations

import json
import pathlib

import pytest

import lessons
import lessons.learner.store as store
import lessons.widgets.navigation as nav
import lessons.widgets.settings as settings
from burraco_core.messages import Message
from lessons.learner.progress import Progress
from lessons.widgets.home import TOOLS, HomePage, continue_target, home, lesson_stars, tool_page


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """A keeper with no file and fresh preferences for every test (the shared ones are per kernel)."""
    monkeypatch.setattr(store, "_SHARED", store.ProgressKeeper(file_store=False))
    monkeypatch.setattr(settings, "_SHARED", None)
    return store._SHARED


def test_links_are_relative_and_follow_the_platform(monkeypatch):
    first, second = lessons.LESSONS[0], lessons.LESSONS[1]
    assert nav.notebook_name(second) == f"02-{second.key}"
    assert nav.href("index") == "index.ipynb"                       # Voilà, JupyterLab, Notebook 7
    bar = nav.nav_bar(second.key)
    assert f'href="{nav.notebook_name(first)}.ipynb"' in bar and 'href="index.ipynb"' in bar
    monkeypatch.setattr(nav, "running_in_browser", lambda: True)    # the static site (Pyodide)
    assert nav.href("index") == "index.html"
    bar = nav.nav_bar(second.key)
    assert f'href="{nav.notebook_name(first)}.html"' in bar
    assert f'href="{nav.notebook_name(lessons.LESSONS[2])}.html"' in bar
    assert "/" not in bar.split('href="')[1].split('"')[0]          # never an absolute path


def test_every_lesson_has_its_notebook_with_navigation():
    """tutorial/NN-key.ipynb for every lesson, one cell calling lesson_page (so it has previous/next/home)."""
    import re

    import nbformat

    folder = pathlib.Path(__file__).resolve().parents[1] / "tutorial"
    for lesson in lessons.LESSONS:
        path = folder / f"{nav.notebook_name(lesson)}.ipynb"
        assert path.exists(), f"lesson {lesson.key} has no notebook {path.name}"
        cells = nbformat.read(path, as_version=4).cells
        assert len(cells) == 1, path.name
        assert re.fullmatch(rf'import lessons\s+lessons\.lesson_page\("{re.escape(lesson.key)}"\)\s*',
                            cells[0].source), f"{path.name}: its one cell should be lessons.lesson_page({lesson.key!r})"


def test_first_and_last_lessons_have_no_dead_links():
    assert nav.neighbours(lessons.LESSONS[0].key)[0] is None
    assert nav.neighbours(lessons.LESSONS[-1].key)[1] is None
    first = nav.nav_bar(lessons.LESSONS[0].key)
    assert "bt-nav-prev" not in first and "first lesson" in first
    last = nav.nav_bar(lessons.LESSONS[-1].key)
    # one link home, where the course ends ("Back to all lessons →"), not "All lessons" beside it as well
    assert 'class="bt-nav-next bt-nav-end bt-nav-home" href="index.ipynb"' in last
    assert last.count('href="index.ipynb"') == 1 and Message("nav.home").text() not in last, last
    for lesson in lessons.LESSONS[:-1]:
        bar = nav.nav_bar(lesson.key)
        assert bar.count('href="index.ipynb"') == 1 and Message("nav.home").text() in bar, bar


def test_continue_goes_to_the_resume_point_then_to_the_first_unsolved_lesson():
    found = tuple(lessons.LESSONS)
    progress = Progress()
    assert continue_target(progress, found) == (found[0], None)
    for exercise in found[0].exercises:
        progress.record(exercise.id, correct=True, hints=0, retries=0, solution_shown=False)
    assert continue_target(progress, found) == (found[1], None)
    progress.resume = (found[2].key, 3)
    assert continue_target(progress, found) == (found[2], 3)
    assert lesson_stars(found[0], progress) == (3,) * len(found[0].exercises)


def test_home_page_shows_stars_and_redraws_when_progress_arrives(fresh):
    page = home()
    assert isinstance(page, HomePage)
    first = lessons.LESSONS[0]
    assert f'data-lesson="{first.key}" data-stars="0"' in page.body.value
    assert "Start with lesson 1" in page.body.value
    other_tab = Progress()
    other_tab.record(first.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)
    other_tab.resume = (first.key, 1)
    fresh.widget.saved = other_tab.to_json()               # what the page sends: another tab's save
    assert f'data-lesson="{first.key}" data-stars="3"' in page.body.value
    assert "lesson 1, exercise 2" in page.body.value
    for tool in TOOLS:
        assert f'href="{tool.notebook}.ipynb"' in page.body.value


def test_language_choice_is_saved_in_the_progress(fresh, monkeypatch):
    monkeypatch.setattr(lessons.curriculum.model, "languages", lambda: ("en", "xx"))    # as when a second catalogue is complete
    page = HomePage()
    assert [value for _, value in page.language.options] == ["en", "xx"]
    page.language.value = "xx"
    assert fresh.progress.lang == "xx" and page.lang == "xx"
    lesson = nav.lesson_page(lessons.LESSONS[0].key)
    assert lesson.lang == "xx" and lesson.lesson.lang == "xx"    # the lesson opens in the learner's language
    fresh.set_lang("en")                                    # chosen again in another tab
    assert lesson.lang == "en" and page.lang == "en"        # the bars and the home page follow


def test_a_language_without_every_text_is_never_used(fresh):
    fresh.set_lang("zz")                                    # saved by a newer version, say
    assert HomePage().lang == "en"


@pytest.mark.parametrize("key", [tool.key for tool in TOOLS])
def test_a_tool_opens_in_the_learners_language_and_follows_it(fresh, key):
    fresh.set_lang("es")
    page = tool_page(key)
    assert page.lang == "es" and getattr(page.widget, "lang", "es") == "es"
    assert Message(f"home.tool.{key}").text("es") in page.children[0].value
    fresh.set_lang("it")                                    # the browser's copy, or another tab, says Italian
    assert page.lang == "it" and page.widget in page.children
    assert Message(f"home.tool.{key}").text("it") in page.children[0].value
    fresh.set_lang("en")


def test_ruleset_choice_is_kept_in_the_browser_preferences():
    page = HomePage()
    page.rules.value = "italiano"
    prefs = settings.shared_preferences()
    assert json.loads(prefs.value) == {"rules": "italiano"}
    tool = tool_page("score")
    assert tool.widget.rules.value == "italiano"            # a tool opens with the saved choice
    prefs.value = json.dumps({"rules": "buraco"})           # chosen in another tab
    assert tool.widget.rules.value == "buraco"
    tool.widget.rules.value = "pulito"                      # chosen on the tool's own page
    assert prefs.rules == "pulito"
    prefs.value = '{"rules": "no-such-rules"}'              # unknown values are ignored
    assert prefs.rules == "classic"


def test_errors_become_the_catalogue_apology(caplog):
    page = nav.lesson_page("no-such-lesson")                # the lesson widget's own message
    assert "no-such-lesson" in str(getattr(page.lesson, "value", ""))
    broken = tool_page("no-such-tool")
    assert 'class="bt-oops"' in broken.value and "Something went wrong" in broken.value
    assert "Traceback" not in broken.value
    assert any("no-such-tool" in record.getMessage() for record in caplog.records)   # details to the log
