"""The tutorial as one app in Voilà: the home page, navigation between lessons, progress that
reaches the home page, the ruleset choice, the tool pages (cards, referee, score calculator),
and no traceback on any page.

The session's Voilà serves ``tutorial/`` with the repository's ``voila.json`` (its working
directory is the repository) and keeps progress in a temporary data folder; several tests
share it, so the progress tests compare before and after rather than expect a fresh start.
"""

from __future__ import annotations

import re

import nbformat
import pytest

import lessons
from burraco_core.messages import Message
from lessons.widgets.navigation import notebook_name
from tests.browser.pages import (
    FIRST,
    WRONG_ANSWER,
    answer_first_exercise,
    home_stars,
    open_first_exercise,
    solved_verdict,
    wait_home_stars,
    wait_ready,
)
from tests.browser.support import start_voila, stop, wait_for_text

pytestmark = pytest.mark.browser


def render(url: str, name: str) -> str:
    return f"{url}/voila/render/{name}.ipynb"


def open_page(page, url: str, name: str, what: str):
    page.goto(render(url, name), wait_until="domcontentloaded")
    wait_ready(page, what)
    return page


@pytest.fixture
def home(page, voila_url):
    return open_page(page, voila_url, "index", "home")


@pytest.fixture
def app(page, voila_url):
    """The meld referee's page (with a hand of cards to try), open and drawn."""
    return open_page(page, voila_url, "referee", "tool")


# ------------------------------------------------------------------ the home page
def test_home_page_lists_every_lesson_and_tool(home, shoot, console_errors):
    rows = home.locator(".bt-lesson-row")
    assert rows.count() == len(lessons.LESSONS)
    for i, lesson in enumerate(lessons.LESSONS):
        link = rows.nth(i).locator("a")
        assert lesson.title("en") in link.inner_text()
        assert link.get_attribute("href") == f"#lesson/{lesson.key}"        # a place of the one-page app
    text = home.locator(".bt-home").inner_text()
    assert "Burraco is a card game" in text
    for tool in ("Meld referee", "Score calculator", "Play a hand", "Position referee", "Variant builder",
                 "Practise what I missed", "Class summary and worksheets"):
        assert home.get_by_role("link", name=tool, exact=True).count() == 1   # lesson 13 is "A guided hand"
    options = home.locator(".bt-language select option")
    names = [Message("language.name").text(lang) for lang in lessons.languages()]
    assert [options.nth(i).inner_text() for i in range(options.count())] == names    # each in its own words
    assert home.locator(".bt-rules select option").count() == 4
    assert home.locator(".bt-continue").count() == 1
    assert home.locator(".bt-progress-panel").count() == 1
    assert "Traceback" not in text
    assert home.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shoot(home.locator(".bt-home"), "home")
    assert console_errors() == []


def _title_is(page, title: str) -> None:
    page.wait_for_function("t => document.querySelector('.bt-lesson .bt-title')?.innerText.includes(t)", arg=title)


def test_navigation_previous_next_home(home, shoot):
    first, second = lessons.LESSONS[0], lessons.LESSONS[1]
    home.locator(f'.bt-lesson-row[data-lesson="{first.key}"] a').click()
    home.wait_for_url(f"**/index.ipynb#lesson/{first.key}**")          # a place of the app, in the same page
    wait_ready(home, "lesson")
    _title_is(home, first.title("en"))
    assert home.locator(".bt-nav-top .bt-nav-prev").count() == 0        # the first lesson has none
    shoot(home.locator(".bt-nav-top"), "nav-first-lesson")
    home.locator(".bt-nav-top .bt-nav-next").click()
    home.wait_for_url(f"**/index.ipynb#lesson/{second.key}**")
    _title_is(home, second.title("en"))
    home.locator(".bt-nav-bottom .bt-nav-prev").click()
    home.wait_for_url(f"**/index.ipynb#lesson/{first.key}**")
    _title_is(home, first.title("en"))
    home.locator(".bt-nav-top .bt-nav-home").click()
    home.wait_for_url("**/index.ipynb#home")
    wait_ready(home, "home")
    last = lessons.LESSONS[-1]
    home.goto(home.url.replace("index.ipynb#home", f"{notebook_name(last)}.ipynb"))   # an old link: the app, there
    wait_ready(home, "lesson")
    _title_is(home, last.title("en"))
    assert home.locator(".bt-nav-top .bt-nav-end").get_attribute("href") == "#home"


def test_progress_in_a_lesson_shows_on_the_home_page(browser, voila_url, shoot):
    """Two tabs: the home page stays open while the lesson is done in the other, then is reloaded."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        home = open_page(context.new_page(), voila_url, "index", "home")
        before = home_stars(home, FIRST.key)
        lesson = open_page(context.new_page(), voila_url, notebook_name(FIRST), "lesson")
        open_first_exercise(lesson)
        verdict = answer_first_exercise(lesson, WRONG_ANSWER)
        assert "✓" not in verdict and "Correct" not in verdict
        answer_first_exercise(lesson)
        solved_verdict(lesson)
        shoot(lesson.locator(".bt-lesson-page"), "lesson-solved")
        # the open home page hears of it through the browser's storage, with no reload
        wait_home_stars(home, FIRST.key, max(before, 2))
        assert "exercise 1" in home.locator(".bt-continue").inner_text()
        home.reload(wait_until="domcontentloaded")                       # a new kernel
        wait_ready(home, "home")
        wait_home_stars(home, FIRST.key, max(before, 2))
        shoot(home.locator(".bt-home"), "home-with-stars")
    finally:
        context.close()


STORED_RULES = "() => (localStorage.getItem('burraco-tutor-settings') || '').includes('italiano')"
# A page's stored choice reaches its tools through the page's kernel once the page is drawn: on a
# loaded machine that takes as long as a page may take to be drawn (wait_ready's 60 s).
KERNEL_ANSWER_MS = 60_000


def test_the_ruleset_choice_reaches_the_tools(browser, voila_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        home = open_page(context.new_page(), voila_url, "index", "home")
        home.locator(".bt-rules select").select_option(label="Burraco italiano (online)")
        assert home.evaluate(STORED_RULES)            # kept by the browser at once, before Python hears of it
        score = open_page(context.new_page(), voila_url, "score", "tool")
        score.wait_for_function("() => document.querySelector('.bt-score select').value !== ''")
        select = score.locator(".bt-score select").first
        score.wait_for_function("el => el.selectedOptions[0].text.includes('italiano')", arg=select.element_handle(),
                                timeout=KERNEL_ANSWER_MS)
        home.reload(wait_until="domcontentloaded")
        wait_ready(home, "home")
        home.wait_for_function("() => document.querySelector('.bt-rules select').selectedOptions[0].text"
                               ".includes('italiano')", timeout=KERNEL_ANSWER_MS)
    finally:
        context.close()


def test_the_ruleset_choice_survives_a_kernel_that_does_not_answer(browser, voila_url):
    """The home page's kernel hears nothing of the choice (its messages held back, as a kernel busy on
    a loaded machine would leave them), and the learner goes straight to a tool: the tool still opens
    under the rules chosen, since the browser kept the choice itself."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened: list = []
    deaf: set = set()
    held: list = []

    def through(ws) -> None:
        server = ws.connect_to_server()
        opened.append(ws)
        ws.on_message(lambda message: held.append(message) if ws in deaf else server.send(message))
        server.on_message(ws.send)

    try:
        home = context.new_page()
        home.route_web_socket("**/channels**", through)
        open_page(home, voila_url, "index", "home")
        assert opened, "the home page talks to its kernel over a web socket"
        deaf.update(opened)                  # from now on the home page's kernel hears nothing
        home.locator(".bt-rules select").select_option(label="Burraco italiano (online)")
        assert home.evaluate(STORED_RULES)
        home.goto(render(voila_url, "score"), wait_until="domcontentloaded")      # the link, at once
        wait_ready(home, "tool")
        select = home.locator(".bt-score select").first
        home.wait_for_function("el => el.selectedOptions[0].text.includes('italiano')", arg=select.element_handle(),
                               timeout=KERNEL_ANSWER_MS)
        assert held, "the home page's kernel was not asked anything while it was deaf"
    finally:
        context.close()


def test_no_traceback_reaches_a_page(tmp_path, browser):
    """An error in our code shows the catalogue's apology; one outside it, Voilà's short notice only."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import lessons\nlessons.lesson_page('no-such-lesson')"),
                nbformat.v4.new_code_cell("raise ValueError('secret detail 1234')")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "broken.ipynb")
    process, url = start_voila(tmp_path)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}/voila/render/broken.ipynb", wait_until="domcontentloaded")
        page.wait_for_selector(".bt-oops, .bt-box", timeout=60_000)
        page.wait_for_timeout(500)
        text = page.locator("body").inner_text()
        assert "There is no lesson called" in text or "Something went wrong" in text
        assert "Traceback" not in text and "secret detail" not in text and "ValueError" not in text
    finally:
        context.close()
        stop(process)


# ------------------------------------------------------------------ the tools (moved from the demo page)
def test_cards_render_as_svg(app, shoot, console_errors):
    hand = app.locator(".bh-hand").first
    cards = hand.locator(".bh-card")
    assert cards.count() == 11
    assert hand.locator("svg").count() == 11
    assert cards.first.get_attribute("aria-label") == "five of hearts"
    assert hand.get_attribute("role") == "listbox"
    palette = app.locator(".bt-palette .bh-card")
    assert palette.count() == 108          # both copies of every card and the four jokers
    assert app.locator(".bt-nav .bt-nav-home").get_attribute("href") == "#home"
    shoot(app.locator(".bh-hand-host").first, "hand")
    assert console_errors() == []


def test_click_selects_and_unselects_a_card(app, shoot):
    card = app.locator(".bh-hand").first.locator(".bh-card").nth(2)
    card.click()
    app.wait_for_function("document.querySelectorAll('.bh-hand')[0].querySelectorAll('.bh-selected').length == 1")
    assert card.get_attribute("aria-selected") == "true"
    app.locator(".bh-hand").first.locator(".bh-card").nth(4).click()
    shoot(app.locator(".bh-hand-host").first, "hand-selected")
    card.click()
    app.wait_for_function("!document.querySelectorAll('.bh-hand')[0].querySelectorAll('.bh-card')[2]"
                          ".classList.contains('bh-selected')")
    assert card.get_attribute("aria-selected") == "false"


def test_keyboard_moves_and_toggles(app, shoot):
    first = app.locator(".bh-hand").first.locator(".bh-card").first
    first.focus()
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowRight")
    app.keyboard.press("Space")
    third = app.locator(".bh-hand").first.locator(".bh-card").nth(2)
    app.wait_for_function("document.querySelectorAll('.bh-hand')[0].querySelectorAll('.bh-card')[2]"
                          ".getAttribute('aria-selected') == 'true'")
    assert third.evaluate("node => node === document.activeElement")
    shoot(app.locator(".bh-hand-host").first, "hand-keyboard")
    app.keyboard.press("Enter")
    app.wait_for_function("document.querySelectorAll('.bh-hand')[0].querySelectorAll('.bh-card')[2]"
                          ".getAttribute('aria-selected') == 'false'")


def test_referee_verdict_after_typing(app, shoot):
    verdict = app.locator(".bt-verdict")
    wait_for_text(app, ".bt-verdict", "✓ Legal meld")     # the page starts with 2H 5H 6H
    assert "stands for 4♥" in verdict.inner_text()
    attach = app.locator(".bt-attach-verdict")
    assert "Can attach" in attach.inner_text()
    shoot(app.locator(".bt-referee"), "referee-legal")
    box = app.locator(".bt-meld-text input")
    box.fill("5H 6H JK 2C")
    wait_for_text(app, ".bt-verdict", "✗ Not a legal meld")
    assert "meld.one-wild" in verdict.inner_text()
    shoot(app.locator(".bt-referee"), "referee-illegal")


def test_referee_verdict_after_clicking_palette(app, shoot):
    app.locator(".bt-referee button", has_text="Clear").click()
    verdict = app.locator(".bt-verdict")
    wait_for_text(app, ".bt-verdict", "Pick cards")
    palette = app.locator(".bt-palette")
    for code in ("7S", "7D", "JK"):
        palette.locator(f'.bh-card[data-code="{code}"]').first.click()     # the first copy
    wait_for_text(app, ".bt-verdict", "✓ Legal meld")
    assert "group of sevens" in verdict.inner_text()
    assert app.locator(".bt-meld-text input").input_value() == "7S 7D JK"
    palette.locator('.bh-card[data-code="2C"]').click()
    wait_for_text(app, ".bt-verdict", "✗ Not a legal meld")
    assert "meld.one-wild" in verdict.inner_text()
    shoot(app.locator(".bt-referee"), "referee-palette")


def test_score_calculator_counts(page, voila_url, shoot):
    app = open_page(page, voila_url, "score", "tool")
    score = app.locator(".bt-score")
    melds = score.locator("textarea").first
    melds.fill("3S 4S 5S 6S 7S 8S 9S\n7H 7D JK")
    melds.blur()
    score.get_by_text("Clean burraco").first.wait_for()
    score.locator("label", has_text="North-South").click()
    app.wait_for_function("document.querySelector('.bt-hand-total').innerText.includes('+385')")
    score.locator("button", has_text="Add hand to the match").click()
    score.locator(".bt-match").get_by_text("Victory points").wait_for()
    shoot(score, "score-calculator")


def test_the_final_test_opens_from_the_home_page_and_counts_an_answer(home, console_errors):
    """Issue 30: the home page's button opens the final test in the app; one question answered (its first is
    a choice), the count of answers moves on and the second question is shown."""
    home.locator(".bt-home .bt-final-button").click()
    home.wait_for_selector(".bt-final-test .bt-exercise", timeout=60_000)
    assert home.evaluate("location.hash") == "#tool/final-test"
    assert home.locator(".bt-final-progress").get_attribute("data-answered") == "0"
    assert "Question 1 of 20" in home.locator(".bt-final-question").inner_text()
    assert home.locator(".bt-final-test .bt-hint, .bt-final-test .bt-solution").count() == 0      # a test
    home.locator(".bt-final-test .bt-answer input[type=radio]").first.check()
    home.locator(".bt-final-test .bt-check").click()
    home.wait_for_selector('.bt-final-progress[data-answered="1"]', timeout=30_000)
    wait_for_text(home, ".bt-final-test .bt-final-question", "Question 2 of 20")
    assert "Answered: 1 of 20" in home.locator(".bt-final-answered").inner_text()
    assert not re.search(r"Exercise \d+", home.locator(".bt-final-test .bt-prompt").inner_text())   # no seed shown
    second = home.locator(".bt-final-test .bt-prompt").inner_text()
    home.reload(wait_until="domcontentloaded")                # a reload mid-test: the same test, where it stopped
    home.wait_for_selector('.bt-final-test .bt-final-progress[data-answered="1"]', timeout=90_000)
    wait_for_text(home, ".bt-final-test .bt-final-question", "Question 2 of 20")
    assert home.locator(".bt-final-test .bt-prompt").inner_text() == second
    assert "Traceback" not in home.locator(".bt-app").inner_text()
    assert console_errors() == []
