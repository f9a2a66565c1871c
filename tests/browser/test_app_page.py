"""The one-page app in Voilà: moving between places without loading a page, addresses that work on a
reload and with Back and Forward, the keyboard focus on the new place's heading, bad addresses, old
links, and no request to any other host.

The same walk in the static site (Pyodide, offline) is in test_lite.py.
"""

from __future__ import annotations

import pytest

import lessons
from lessons.widgets.navigation import notebook_name
from tests.browser.pages import (
    FIRST,
    VIEWS_GONE_KEPT,
    answer_first_exercise,
    open_first_exercise,
    solved_verdict,
    wait_ready,
)
from tests.browser.support import SCREENSHOTS

pytestmark = pytest.mark.browser

SECOND = lessons.LESSONS[1]
# True while the page loaded first is still the one shown: no page load since.
SAME_PAGE = "() => window.__btFirstPage === true && performance.getEntriesByType('navigation').length === 1"


def app_url(voila_url: str, address: str = "") -> str:
    return f"{voila_url}/voila/render/index.ipynb" + (f"#{address}" if address else "")


def heading_is(page, title: str, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "title => { const h = document.querySelector('.bt-app-view h1'); return h && h.innerText.includes(title); }",
        arg=title, timeout=timeout)


def lesson_shown(page, lesson, timeout: float = 30_000) -> None:
    heading_is(page, lesson.title("en"), timeout)
    page.wait_for_selector(".bt-app-view .bt-lesson .bt-strip-item", timeout=timeout)


def hash_of(page) -> str:
    return str(page.evaluate("() => window.location.hash"))


def test_home_lesson_next_tool_back_back_without_a_page_load(page, voila_url, shoot, console_errors):
    page.goto(app_url(voila_url), wait_until="domcontentloaded")
    wait_ready(page, "home")
    page.evaluate("() => { window.__btFirstPage = true; }")

    page.locator(f'.bt-lesson-row[data-lesson="{FIRST.key}"] a').click()
    lesson_shown(page, FIRST)
    assert hash_of(page) in (f"#lesson/{FIRST.key}", f"#lesson/{FIRST.key}/1")
    assert page.locator(".bt-home").count() == 0                  # the lesson in place of the home page
    open_first_exercise(page)
    assert hash_of(page) == f"#lesson/{FIRST.key}/1"              # the address follows the exercise
    answer_first_exercise(page)                                   # right at once: three stars
    solved_verdict(page)

    page.locator(".bt-nav-top .bt-nav-next").click()
    lesson_shown(page, SECOND)
    assert hash_of(page).startswith(f"#lesson/{SECOND.key}")
    page.locator(".bt-nav-top .bt-nav-home").click()
    wait_ready(page, "home")
    kept = page.evaluate(VIEWS_GONE_KEPT)     # what ipywidgets kept of the pages left before the app could stop it
    assert kept >= 0, "no widget manager found on the page"
    page.locator(".bt-tool-referee").click()
    page.wait_for_selector(".bt-app-view .bt-referee .bh-card svg")
    assert hash_of(page) == "#tool/referee"
    assert page.title().startswith("Meld referee")
    shoot(page.locator(".bt-app"), "app-tool")

    page.go_back()
    wait_ready(page, "home")
    # the referee and the home page drawn again: no more views of the pages left stay in the browser (issue 31,
    # address.js frees them; ipywidgets 8 kept every one, with its DOM, while its widget was open in Python)
    for _ in range(40):                       # a layout's view may still be on its way out
        now = page.evaluate(VIEWS_GONE_KEPT)
        if now <= kept:
            break
        page.wait_for_timeout(250)
    assert now <= kept, f"{now - kept} more views of pages left are held in the browser ({kept} before)"
    page.go_back()
    lesson_shown(page, SECOND)
    page.go_back()
    lesson_shown(page, FIRST)
    assert "★★★" in page.locator(".bt-strip-item").first.inner_text()      # kept as it was left
    page.go_forward()
    lesson_shown(page, SECOND)
    assert page.evaluate(SAME_PAGE), "a move loaded a page"

    page.goto(app_url(voila_url, f"lesson/{FIRST.key}/1"))          # the address typed (no load: same page)
    page.reload(wait_until="domcontentloaded")                          # then a reload: a new page, a new kernel
    assert not page.evaluate(SAME_PAGE)
    lesson_shown(page, FIRST, timeout=60_000)
    page.wait_for_selector(".bt-exercise .bt-number input")
    page.wait_for_function("() => document.querySelector('.bt-strip-item')?.innerText.includes('★★★')")
    assert page.locator(".bt-strip-item.bt-current").first.inner_text().startswith("1")
    assert page.locator(".bt-home").count() == 0
    shoot(page.locator(".bt-app"), "app-lesson-reloaded")
    assert console_errors() == []


def test_the_focus_lands_on_the_new_lessons_heading(page, voila_url, shoot):
    page.goto(app_url(voila_url, f"lesson/{FIRST.key}"), wait_until="domcontentloaded")
    lesson_shown(page, FIRST, timeout=60_000)
    page.locator(".bt-nav-bottom .bt-nav-next").click()            # from the foot of the page
    lesson_shown(page, SECOND)
    page.wait_for_function("() => document.activeElement?.tagName === 'H1'")
    focused = page.evaluate("() => ({tag: document.activeElement.tagName, text: document.activeElement.innerText,"
                            " top: document.activeElement.getBoundingClientRect().top})")
    assert focused["tag"] == "H1" and focused["text"] == SECOND.title("en")
    assert 0 <= focused["top"] < 900                               # scrolled into view
    assert page.title().startswith(f"Lesson {SECOND.number}: {SECOND.title('en')}")
    page.keyboard.press("Tab")                                     # Tab goes on from the heading
    after = page.evaluate("() => { const h = document.querySelector('.bt-app-view h1');"
                          " return !!(h.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING); }")
    assert after
    shoot(page.locator(".bt-app-view"), "app-focus-on-heading")


@pytest.mark.parametrize("address", ["lesson/nope", "tool/<script>alert(1)</script>", f"lesson/{FIRST.key}/99"])
def test_a_bad_address_shows_the_home_page_with_a_note(page, voila_url, shoot, address):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(app_url(voila_url, address), wait_until="domcontentloaded")
    wait_ready(page, "home")
    page.wait_for_selector(".bt-app-note .bt-box")
    note = page.locator(".bt-app-note").inner_text()
    assert "There is no page at that address" in note and "script" not in note
    assert page.locator(".bt-home").is_visible()
    assert hash_of(page) == ""                                     # the bad address is gone from the bar
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and dialogs == []
    if address.startswith("tool/"):
        shoot(page.locator(".bt-app"), "app-bad-address")
    page.locator(f'.bt-lesson-row[data-lesson="{FIRST.key}"] a').click()
    lesson_shown(page, FIRST)
    assert page.locator(".bt-app-note .bt-box").count() == 0       # the note goes with the next move


def test_an_old_lesson_link_opens_the_app_at_that_lesson(page, voila_url):
    page.goto(f"{voila_url}/voila/render/{notebook_name(SECOND)}.ipynb", wait_until="domcontentloaded")
    lesson_shown(page, SECOND, timeout=60_000)
    assert page.url.endswith(f"/index.ipynb#lesson/{SECOND.key}") or f"#lesson/{SECOND.key}/" in page.url
    page.goto(f"{voila_url}/voila/render/score.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".bt-app-view .bt-score", timeout=60_000)
    assert page.url.endswith("/index.ipynb#tool/score")


def test_no_request_leaves_the_server(browser, voila_url):
    """Voilà's own template would fetch an icon font from a CDN; the tutorial's template does not."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    try:
        page = context.new_page()
        page.goto(app_url(voila_url), wait_until="domcontentloaded")
        wait_ready(page, "home")
        page.locator(f'.bt-lesson-row[data-lesson="{FIRST.key}"] a').click()
        lesson_shown(page, FIRST)
        page.wait_for_timeout(500)
    finally:
        context.close()
    outside = sorted({url for url in requests if not url.startswith((voila_url + "/", "data:", "blob:"))})
    assert outside == [], f"requests to other hosts: {outside}"


def test_a_verdict_under_a_tall_table_is_scrolled_into_view(page, voila_url):
    """At 1280x800 a why-not question's table fills the window: after Check the verdict was drawn below
    its edge and a learner who did not scroll saw no feedback."""
    lesson = lessons.get_lesson("closing")
    ex = lesson.exercise("closing.opponents")
    number = [each.id for each in lesson.exercises].index(ex.id) + 1
    page.set_viewport_size({"width": 1280, "height": 800})
    try:
        page.goto(app_url(voila_url, f"lesson/{lesson.key}/{number}"), wait_until="domcontentloaded")
        page.wait_for_selector(".bt-app-view .bt-choices", timeout=60_000)
        wrong = next(choice for choice in ex.choices if choice.key != ex.to_dict()["solution"])
        page.locator(".bt-app-view .bt-choices label").filter(has_text=wrong.label.text("en")).first.click()
        page.locator(".bt-app-view .bt-check").click()
        page.wait_for_function(
            "() => { const v = document.querySelector('.bt-app-view .bt-verdict');"
            " if (!v || !v.innerText.trim()) return false; const r = v.getBoundingClientRect();"
            " return r.top >= 0 && r.bottom <= window.innerHeight + 1; }", timeout=10_000)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "verdict-in-view.png"))      # the window as the learner sees it
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
