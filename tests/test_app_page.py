"""The one-page app (no browser): addresses, the place shown, pages kept and released, bad addresses.

The browser's side (links, Back and Forward, the keyboard focus, the static site) is in
tests/browser/test_app_page.py and tests/browser/test_lite.py.
"""

from __future__ import annotations

import html
import json
import pathlib
import runpy
import shutil

import pytest

import burraco_core as bc
import lessons
import lessons.learner.store as store
import lessons.widgets.app as app_module
import lessons.widgets.navigation as nav
import lessons.widgets.settings as settings
from burraco_core.messages import Message
from lessons.learner.progress import Progress
from lessons.widgets.address import MAX_ADDRESS, AddressError, Place, parse_address
from lessons.widgets.app import KEEP, App, app
from lessons.widgets.home import TOOLS, HomePage, ToolPage
from lessons.widgets.navigation import LessonPage, notebook_name
from lessons.widgets.release import reach, release

ROOT = pathlib.Path(__file__).resolve().parents[1]
SIZES = {lesson.key: len(lesson.exercises) for lesson in lessons.LESSONS}
TOOL_KEYS = [tool.key for tool in TOOLS]
FIRST, SECOND = lessons.LESSONS[0], lessons.LESSONS[1]


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """A keeper with no file, fresh preferences, and notebook links again after each test."""
    monkeypatch.setattr(store, "_SHARED", store.ProgressKeeper(file_store=False))
    monkeypatch.setattr(settings, "_SHARED", None)
    monkeypatch.setattr(nav, "_APP_LINKS", False)
    return store._SHARED


@pytest.fixture
def shell():
    """The app, with what it tells the browser recorded in ``shell.told``."""
    page = App()
    page.address.loaded = True                    # as once the page is drawn
    page.told = []
    page.address.send = lambda message, buffers=None: page.told.append(message)
    return page


def browser_goes(shell: App, address: str) -> None:
    """What the page does after a link, Back or Forward: it sets the address it shows."""
    shell.address.address = address


# ------------------------------------------------------------------ addresses
@pytest.mark.parametrize(("text", "place"), [
    ("", Place("home")), ("home", Place("home")), ("#home", Place("home")),
    (f"lesson/{SECOND.key}", Place("lesson", SECOND.key)),
    (f"#lesson/{SECOND.key}/3", Place("lesson", SECOND.key, 3)),
    (f"lesson/{SECOND.key}/{len(SECOND.exercises)}", Place("lesson", SECOND.key, len(SECOND.exercises))),
    ("tool/referee", Place("tool", "referee")),
])
def test_an_address_names_a_place_and_back(text, place):
    assert parse_address(text, SIZES, TOOL_KEYS) == place
    assert parse_address(place.address, SIZES, TOOL_KEYS) == place


@pytest.mark.parametrize("text", [
    "lesson/nope", "tool/<script>", "tool/<script>alert(1)</script>", "lesson", "lesson/", "tool/",
    f"lesson/{SECOND.key}/0", f"lesson/{SECOND.key}/{len(SECOND.exercises) + 1}", f"lesson/{SECOND.key}/x",
    f"lesson/{SECOND.key}/3/4", f"Lesson/{SECOND.key}", f"lesson/{SECOND.key.upper()}", "tool/referee/1",
    "homepage", "lesson/../tool/referee", "x" * (MAX_ADDRESS + 1), "lesson/" + "a" * 150, "tool/référé",
])
def test_an_address_that_names_nothing_is_refused(text):
    with pytest.raises(AddressError) as caught:
        parse_address(text, SIZES, TOOL_KEYS)
    assert isinstance(caught.value, bc.BurracoError)
    assert caught.value.message("it") == Message("app.unknown-address").text("it")
    assert "<" not in caught.value.message("en")              # what was typed is never said back


# ------------------------------------------------------------------ the app
def test_the_app_opens_on_the_home_page_with_links_to_its_places(shell):
    assert isinstance(shell.home, HomePage) and shell.view.children == (shell.home,)
    body = shell.home.body.value
    for lesson in lessons.LESSONS:
        assert f'href="#lesson/{lesson.key}"' in body
    for tool in TOOLS:
        assert f'href="#tool/{tool.key}"' in body
    assert 'href="#lesson/' in body.split('class="bt-continue"')[1].split(">")[0]
    assert shell.pages == {}                                   # no lesson or tool built yet
    assert isinstance(app(), App)


def test_the_continue_button_names_the_exercise_where_the_learner_stopped(fresh):
    fresh.progress.resume = (SECOND.key, 2)
    page = App()
    assert f'class="bt-continue" role="button" href="#lesson/{SECOND.key}/3"' in page.home.body.value


def test_a_link_shows_its_place_in_the_same_page(shell):
    browser_goes(shell, f"lesson/{SECOND.key}")
    page = shell.view.children[0]
    assert isinstance(page, LessonPage) and page.key == SECOND.key
    assert shell.place == Place("lesson", SECOND.key)
    bars = page.top.value + page.bottom.value
    assert f'href="#lesson/{FIRST.key}"' in bars and 'href="#home"' in bars
    assert f'href="#lesson/{lessons.LESSONS[2].key}"' in bars
    assert ".ipynb" not in bars and ".html" not in bars
    told = shell.told[-1]
    assert told["kind"] == "shown" and told["focus"] is True
    assert SECOND.title("en") in told["title"] and told["marker"] in page._dom_classes
    assert '<h1 class="bt-title" tabindex="-1">' in page.lesson.header.value    # the heading the focus goes to

    browser_goes(shell, "tool/score")
    assert isinstance(shell.view.children[0], ToolPage) and shell.view.children[0].tool.key == "score"
    assert 'href="#home"' in shell.view.children[0].children[0].value
    browser_goes(shell, "home")
    assert shell.view.children == (shell.home,) and shell.told[-1]["focus"] is True


def test_the_work_a_teacher_set_is_a_place_of_the_app_and_its_links_stay_in_it(shell):
    """The home page's "Set by your teacher" links (a worksheet, practice) lead to #tool/assigned."""
    from lessons.widgets.assigned import AssignedPage

    assert nav.href("assigned") == "#tool/assigned"               # the app's links, as the app sets them
    browser_goes(shell, "tool/assigned")
    assert isinstance(shell.view.children[0], AssignedPage) and shell.place == Place("tool", "assigned")
    assert Message("assigned.title").text("en") in shell.told[-1]["title"]
    assert "no attribute" not in shell.view.children[0].status.value


def test_a_page_opened_on_an_address_leaves_the_focus_where_the_browser_puts_it(fresh):
    page = App()
    page.told = []
    page.address.send = lambda message, buffers=None: page.told.append(message)
    browser_goes(page, f"lesson/{FIRST.key}")     # reported as the page opens, before "loaded"
    assert page.told[-1]["focus"] is False and FIRST.title("en") in page.told[-1]["title"]
    page.address.loaded = True
    browser_goes(page, f"lesson/{SECOND.key}")    # a move
    assert page.told[-1]["focus"] is True


def test_a_page_opened_again_is_the_same_page_not_built_again(shell):
    browser_goes(shell, f"lesson/{FIRST.key}")
    first = shell.view.children[0]
    browser_goes(shell, f"lesson/{SECOND.key}")
    browser_goes(shell, "")                       # Back, twice: the browser's address is empty again
    browser_goes(shell, f"lesson/{FIRST.key}")
    assert shell.view.children[0] is first
    assert list(shell.pages) == [f"lesson/{SECOND.key}", f"lesson/{FIRST.key}"]     # the newest last


def test_an_exercise_address_opens_it_and_the_address_follows_the_learner(shell):
    browser_goes(shell, f"lesson/{SECOND.key}/3")
    lesson = shell.view.children[0].lesson
    assert lesson.session.phase == "exercise" and lesson.session.index == 2
    assert shell.address.address == f"lesson/{SECOND.key}/3"
    told = len(shell.told)
    lesson.next_button.click()                    # on to exercise 4: the address says so, in place
    assert shell.address.address == f"lesson/{SECOND.key}/4"
    assert shell.place == Place("lesson", SECOND.key, 4)
    assert len(shell.told) == told                # no new place: nothing to focus
    lesson.strip.buttons[0].click()
    assert shell.address.address == f"lesson/{SECOND.key}/1"
    browser_goes(shell, "tool/referee")
    lesson.strip.buttons[1].click()               # a page not shown does not write the address
    assert shell.address.address == "tool/referee"


def test_the_home_page_out_of_sight_is_drawn_when_shown_again_not_at_every_check(shell, monkeypatch):
    # issue 31: each Check saves the progress, and redrawing the whole home page behind the lesson for it
    # kept a loaded server's kernels busy; the stars earned meanwhile are on it when it is shown again
    browser_goes(shell, f"lesson/{FIRST.key}/1")
    lesson = shell.view.children[0].lesson
    drawn = []
    draw = shell.home.draw
    monkeypatch.setattr(shell.home, "draw", lambda: (drawn.append(shell.place), draw()))
    before = shell.home.body.value
    lesson.view.fill(FIRST.exercises[0].solution)
    lesson.check_button.click()
    assert lesson.session.earned == 3 and drawn == []
    assert shell.home.body.value == before
    browser_goes(shell, "home")
    assert drawn == [Place("home")] and shell.view.children == (shell.home,)
    earned = html.escape(Message("home.stars", stars=3, max=3 * len(FIRST.exercises)).text("en"))
    assert earned not in before and earned in shell.home.body.value
    shell.keeper.set_resume(SECOND.key, 0)        # in sight: drawn at once, as before
    assert len(drawn) == 2


def test_a_lesson_opens_where_the_learner_stopped_and_the_address_says_so(shell, fresh):
    fresh.progress.resume = (SECOND.key, 1)
    browser_goes(shell, f"lesson/{SECOND.key}")
    assert shell.address.address == f"lesson/{SECOND.key}/2"


@pytest.mark.parametrize("bad", ["lesson/nope", "tool/<script>", "x" * 500, f"lesson/{SECOND.key}/99"])
def test_a_bad_address_shows_the_home_page_with_a_note_in_the_learners_language(shell, fresh, bad):
    browser_goes(shell, f"lesson/{FIRST.key}")
    kept = dict(shell.pages)
    fresh.set_lang("it")
    browser_goes(shell, bad)
    assert shell.view.children == (shell.home,) and shell.place == Place("home")
    assert Message("app.unknown-address").text("it") in html.unescape(shell.note.value)
    assert shell.note.layout.display == "block" and "<script>" not in shell.note.value
    assert "Traceback" not in shell.note.value
    assert shell.address.address == ""            # the address bar no longer shows the bad address
    assert shell.pages == kept                    # nothing else changed
    browser_goes(shell, f"lesson/{FIRST.key}")
    assert shell.note.layout.display == "none"    # the note goes with the next move


def test_a_page_that_cannot_be_built_shows_the_apology(shell, fresh, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(app_module, "LessonPage", broken)
    fresh.set_lang("es")
    browser_goes(shell, f"lesson/{FIRST.key}")
    shown = shell.view.children[0]
    assert Message("app.error").text("es") in html.unescape(shown.value)
    assert "secret detail" not in shown.value and "Traceback" not in shown.value
    assert shell.pages == {}                      # the apology is not kept: the next visit tries again
    assert any(record.exc_info and "secret detail" in str(record.exc_info[1]) for record in caplog.records)


# ------------------------------------------------------------------ pages kept, pages released
def test_pages_left_beyond_the_few_kept_are_released(shell, fresh):
    listeners = len(fresh._callbacks)
    keys = [lesson.key for lesson in lessons.LESSONS[:KEEP + 3]]
    browser_goes(shell, f"lesson/{keys[0]}")
    oldest = shell.view.children[0]
    oldest_widgets = [thing for thing in reach([oldest]).values() if hasattr(thing, "comm")]
    for key in keys[1:]:
        browser_goes(shell, f"lesson/{key}")
    assert len(shell.pages) == KEEP + 1           # those kept, and the one shown
    assert f"lesson/{keys[0]}" not in shell.pages
    closed = [widget for widget in oldest_widgets if widget.comm is None]
    still_shown = set(reach([shell]))             # the keeper's and the preferences' widgets, and their layouts
    assert {id(widget) for widget in oldest_widgets if widget.comm is not None} <= still_shown
    assert len(closed) > 50                       # its buttons, texts, layouts and styles
    # its listeners went with it: the keeper calls those of the pages kept only
    assert len(fresh._callbacks) <= listeners + 3 * (KEEP + 1) + 1
    fresh.record(FIRST.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)   # no error
    browser_goes(shell, f"lesson/{keys[0]}")      # built again, and it works
    again = shell.view.children[0]
    assert again is not oldest and again.lesson.strip.buttons[0].comm is not None
    assert "★★★" in again.lesson.strip.buttons[0].description
    assert shell.home.comm is not None and fresh.widget.comm is not None    # the home page and the keeper stay


def test_answer_views_a_lesson_dropped_are_closed_at_the_next_move_and_nothing_else(shell):
    import ipywidgets as w

    another_cell = w.Button(description="a teacher's own widget")     # never shown by the app
    browser_goes(shell, f"lesson/{SECOND.key}/1")
    lesson = shell.view.children[0].lesson
    first_view = lesson.view
    first_parts = [thing for thing in reach([first_view]).values() if isinstance(thing, w.Widget)]
    for index in range(1, len(SECOND.exercises)):
        lesson.go_to(index)                       # each draws a new answer view, the one before dropped
    assert all(part.comm is not None for part in first_parts)
    browser_goes(shell, "home")
    assert first_parts and all(part.comm is None for part in first_parts)
    assert lesson.view.widget.comm is not None and lesson.check_button.comm is not None    # the page is kept
    assert another_cell.comm is not None
    browser_goes(shell, f"lesson/{SECOND.key}")
    assert lesson.session.index == len(SECOND.exercises) - 1 and lesson.view.widget in reach([shell]).values()


def test_a_walk_through_the_course_leaves_no_widget_behind(shell):
    """Every lesson opened from the home page and left, twice: the second walk keeps exactly as many
    widgets as the first (the home page and the pages kept), and no widget closed stays in memory."""
    import gc

    import anywidget
    import ipywidgets as w
    from anywidget._file_contents import FileContents

    def walk() -> tuple[int, int]:
        for lesson in lessons.LESSONS:
            browser_goes(shell, f"lesson/{lesson.key}")
            browser_goes(shell, "home")
        gc.collect()
        alive = [thing for thing in gc.get_objects() if isinstance(thing, w.Widget)]
        return sum(thing.comm is not None for thing in alive), sum(thing.comm is None for thing in alive)

    browser_goes(shell, "home")
    open_first, closed_first = walk()
    open_second, closed_second = walk()
    assert (open_second, closed_second) == (open_first, closed_first)    # nothing grows from one walk to the next
    # anywidget keeps every instance of a class whose _esm or _css is a file's path (its hot reload)
    kinds = [kind for kind in _subclasses(anywidget.AnyWidget) if kind.__module__.startswith("lessons.")]
    assert kinds and not [kind for kind in kinds for key in ("_esm", "_css")
                          if isinstance(vars(kind).get(key), FileContents)]


def _subclasses(kind: type) -> list[type]:
    found = []
    for sub in kind.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def test_release_leaves_shared_widgets_alone():
    keeper = store.shared_keeper()
    kept = LessonPage(FIRST.key)
    gone = LessonPage(SECOND.key)
    closed = release(gone, keep=[kept], listeners=[keeper, settings.shared_preferences()])
    assert closed > 50 and gone.lesson.check_button.comm is None
    assert kept.lesson.check_button.comm is not None and keeper.widget.comm is not None
    assert settings.shared_preferences().comm is not None
    assert not any(getattr(callback, "__self__", None) in (gone, gone.lesson) for callback in keeper._callbacks)
    assert any(getattr(callback, "__self__", None) is kept for callback in keeper._callbacks)


def test_a_listener_belongs_to_its_object_or_its_closure():
    owner, other = object(), object()

    class Thing:
        def method(self, _progress: Progress) -> None: ...

    thing = Thing()
    assert store.belongs_to(thing.method, {id(thing)})
    assert store.belongs_to(lambda progress: (owner, progress), {id(owner)})
    assert not store.belongs_to(lambda progress: (other, progress), {id(owner)})
    assert not store.belongs_to(print, {id(owner)})


def test_language_chosen_on_the_home_page_reaches_the_pages_kept(shell, fresh, monkeypatch):
    monkeypatch.setattr(lessons.curriculum.model, "languages", lambda: ("en", "it"))
    browser_goes(shell, f"lesson/{SECOND.key}")
    browser_goes(shell, "tool/referee")
    browser_goes(shell, "home")
    shell.home.language.value = "it"
    lesson_page = shell.pages[f"lesson/{SECOND.key}"]
    assert lesson_page.lang == "it" and lesson_page.lesson.lang == "it"
    assert shell.pages["tool/referee"].lang == "it"
    browser_goes(shell, "tool/referee")
    assert Message("home.tool.referee").text("it") in shell.told[-1]["title"]


# ------------------------------------------------------------------ the notebooks
def _load_voila_config(path: pathlib.Path = ROOT / "voila.py") -> dict:
    class Config:
        def __getattr__(self, name):
            value = Config()
            object.__setattr__(self, name, value)
            return value

    return runpy.run_path(str(path), init_globals={"get_config": Config})


def _assemble():
    return runpy.run_path(str(ROOT / "lite" / "assemble.py"))


def test_the_home_notebook_is_the_app_and_every_other_notebook_opens_it_at_its_place():
    import nbformat

    voila_address = _load_voila_config()["app_address"]
    lite_address = _assemble()["app_address"]
    folder = ROOT / "tutorial"
    index = nbformat.read(folder / "index.ipynb", as_version=4)
    assert [cell.source.strip() for cell in index.cells] == ["import lessons\nlessons.app()"]
    assert voila_address(index) is None and lite_address(json.loads((folder / "index.ipynb").read_text())) is None
    expected = {notebook_name(lesson): f"lesson/{lesson.key}" for lesson in lessons.LESSONS}
    expected.update({tool.notebook: f"tool/{tool.key}" for tool in TOOLS})
    for name, address in expected.items():
        notebook = nbformat.read(folder / f"{name}.ipynb", as_version=4)
        assert voila_address(notebook) == address, name
        assert lite_address(json.loads((folder / f"{name}.ipynb").read_text())) == address, name
        assert parse_address(address, SIZES, TOOL_KEYS).page == address
    teacher = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import lessons\nlessons.show('melds')")])
    assert voila_address(teacher) is None


def test_the_static_sites_window_title_is_in_the_learners_language_while_it_loads():
    """Issue 32: the notebook's title is English ("Burraco Tutor"), and the static site takes tens of seconds to
    draw the app, which then puts the place's title in the window in the learner's language. The loading screen
    says the app's name in the language saved in the learner's record from the first moment."""
    screen = _assemble()["loading_screen"](ROOT / "lite" / "loading.html",
                                           sorted((ROOT / "lessons" / "locale").glob("*.txt")))
    texts = json.loads(screen.split("const catalogues = ", 1)[1].split(";\n", 1)[0])
    for lang in ("en", "it", "es", "pt"):
        assert texts[lang]["home.title"] == Message("home.title").text(lang)
    assert texts["it"]["home.title"] == "Il tutor del Burraco"
    script = screen.split("<script>", 1)[1]
    assert script.index('document.title = say("home.title");') < script.index("setInterval")   # before any wait
    assert script.index("document.documentElement.lang = lang;") < script.index("setInterval")  # the page's language


# The lesson notebooks of the course before it was rebuilt (issue 21), and the lesson each became:
# their links (bookmarks, a teacher's worksheet) open the app at that lesson.
OLD_NOTEBOOKS = {"01-deck": "game", "03-ace": "ace", "04-wilds": "wilds", "05-moving-wilds": "moving-wilds",
                 "06-burraco": "burraco", "07-turn": "turn"}


def test_the_notebooks_of_the_course_before_still_open_their_lesson():
    voila_address = _load_voila_config()["app_address"]
    lite_address = _assemble()["app_address"]
    folder = ROOT / "tutorial"
    current = {f"{notebook_name(lesson)}.ipynb" for lesson in lessons.LESSONS}
    for name, key in OLD_NOTEBOOKS.items():
        assert f"{name}.ipynb" not in current          # a name no lesson has now
        notebook = json.loads((folder / f"{name}.ipynb").read_text(encoding="utf-8"))
        assert voila_address(notebook) == lite_address(notebook) == f"lesson/{key}", name
        lessons.get_lesson(key)
    lesson_like = {path.name for path in folder.glob("[0-9][0-9]-*.ipynb")}
    assert lesson_like == current | {f"{name}.ipynb" for name in OLD_NOTEBOOKS}   # nothing else, nothing stale


def test_voila_sends_an_old_lesson_link_to_the_app_before_any_kernel_starts(monkeypatch, tmp_path):
    import nbformat

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))             # no learner's progress here: the app as it is
    hook = _load_voila_config()["prelaunch"]

    class Handler:
        redirected = None
        xsrf_token = "token"
        contents_manager = type("Contents", (), {"root_dir": str(ROOT)})

        def redirect(self, url):
            self.redirected = url

    notebook = nbformat.read(ROOT / "tutorial" / f"{notebook_name(SECOND)}.ipynb", as_version=4)
    handler = Handler()
    from tornado.web import Finish

    with pytest.raises(Finish):
        hook(handler, notebook=notebook, cwd="tutorial")
    assert handler.redirected == f"index.ipynb#lesson/{SECOND.key}"
    handler = Handler()
    assert hook(handler, notebook=notebook, cwd="tests") is None and handler.redirected is None   # no app there
    home = nbformat.read(ROOT / "tutorial" / "index.ipynb", as_version=4)
    handler = Handler()
    sent = hook(handler, notebook=home, cwd="tutorial")                # the app itself: sent, not redirected
    assert handler.redirected is None and sent.metadata.title == "Burraco Tutor"
    monkeypatch.setenv("BURRACO_SEPARATE_PAGES", "1")              # the old path, for the benchmarks
    assert hook(handler, notebook=notebook, cwd="tutorial") is None and handler.redirected is None


def test_voila_titles_the_app_s_window_in_the_learner_s_saved_language(monkeypatch, tmp_path):
    """Issue 32: in Voilà the window said "Burraco Tutor" (the notebook's title) until the app drew and named the
    place in the learner's language. The page is now sent with the app's name in the language of the learner's
    progress file, the one the lessons write (as the static site's loading screen does), and with its loading
    screen's texts in that language (the template burraco-tutor shows them in place of Voilà's English); no file,
    or one that is not progress: English."""
    import nbformat

    from lessons.learner.filestore import FileStore, default_path

    def loading(lang):
        return {"lang": lang, "starting": Message("lite.loading.title").text(lang),
                "running": Message("lite.loading.page").text(lang)}

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    config = _load_voila_config()
    assert pathlib.Path(config["progress_path"]()) == default_path()          # the file the lessons write
    index = ROOT / "tutorial" / "index.ipynb"
    sent = config["titled"](nbformat.read(index, as_version=4))               # no progress yet: English
    assert sent.metadata.title == "Burraco Tutor" and sent.metadata.burraco_tutor_loading == loading("en")

    class Handler:
        xsrf_token = "token"
        contents_manager = type("Contents", (), {"root_dir": str(ROOT)})

    progress = Progress()
    for lang in ("it", "es", "pt", "en"):
        progress.lang = lang
        FileStore().save(progress, merge=False)
        sent = config["prelaunch"](Handler(), notebook=nbformat.read(index, as_version=4), cwd="tutorial")
        assert sent.metadata.title == Message("home.title").text(lang), lang
        assert sent.metadata.burraco_tutor_loading == loading(lang), lang
    assert Message("home.title").text("it") == "Il tutor del Burraco"
    assert loading("it")["starting"] != loading("en")["starting"] != loading("es")["starting"]
    teacher = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import lessons\nlessons.show('melds')")])
    progress.lang = "it"
    FileStore().save(progress, merge=False)
    assert config["titled"](teacher) is None                                 # a teacher's own notebook keeps its name
    for junk in ("not json", "[1, 2]", '{"lang": "../../etc/passwd"}', '{"lang": "xx"}', '{"lang": 3}'):
        default_path().write_text(junk, encoding="utf-8")
        sent = config["titled"](nbformat.read(index, as_version=4))
        assert sent.metadata.title == "Burraco Tutor" and sent.metadata.burraco_tutor_loading == loading("en"), junk
    # On a hub voila.py is copied into the environment's etc/jupyter (docs/classroom.md), away from the clone:
    # the catalogues are found in the installed package, which the server does not import for it.
    (tmp_path / "etc").mkdir()
    shutil.copy(ROOT / "voila.py", tmp_path / "etc" / "voila.py")
    progress.lang = "pt"
    FileStore().save(progress, merge=False)
    sent = _load_voila_config(tmp_path / "etc" / "voila.py")["titled"](nbformat.read(index, as_version=4))
    assert sent.metadata.title == Message("home.title").text("pt") and sent.metadata.burraco_tutor_loading == loading("pt")
