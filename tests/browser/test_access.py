"""Accessibility: an axe-core audit of the app's pages, and a lesson done with the keyboard alone.

axe-core (npm, pinned in scripts/node_tools.sh, installed into build/node/) is injected
into the page once it is drawn; no violation of impact "critical" or "serious" may be
found on the home page, a lesson's exercise, the meld referee or the play table. Then
lesson 1's first exercise is opened, answered and checked with Tab, typing and Enter only.
"""

from __future__ import annotations

import json
import subprocess

import pytest

import lessons
from lessons.widgets.navigation import notebook_name
from lessons.widgets.style import t
from tests.browser.pages import FIRST, FIRST_ANSWER, wait_ready
from tests.browser.support import ARTIFACTS, ROOT

pytestmark = pytest.mark.browser

AXE = ROOT / "build" / "node" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("critical", "serious")
# What each audited page is, and what shows it is drawn.
PAGES = {
    "home": ("index", ".bt-home .bt-lesson-row"),
    "lesson": (notebook_name(FIRST), ".bt-lesson .bt-strip-item"),
    "referee": ("referee", ".bt-referee .bh-card svg"),
    "play": ("play", ".bt-play-table .bh-card svg"),
}


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        subprocess.run(["bash", "scripts/node_tools.sh"], cwd=ROOT, check=True, timeout=600)
    return AXE.read_text()


def audit(page, axe_source: str) -> list[dict]:
    page.add_script_tag(content=axe_source)
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [v for v in result["violations"] if v.get("impact") in SERIOUS]


@pytest.mark.parametrize("name", list(PAGES))
def test_no_serious_accessibility_violation(name, page, voila_url, axe_source):
    notebook, ready = PAGES[name]
    page.goto(f"{voila_url}/voila/render/{notebook}.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=60_000)
    if name == "lesson":
        page.locator(".bt-strip-item").first.click()          # an exercise, with its answer controls
        page.wait_for_selector(".bt-exercise")
    page.wait_for_timeout(500)
    found = audit(page, axe_source)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"axe-{name}.json").write_text(json.dumps(found, indent=1))
    summary = [f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes'][:3]]}" for v in found]
    assert summary == [], "\n".join(summary)


def focus_with_tab(page, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector`` (or is inside it)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("sel => !!document.activeElement?.closest(sel)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_lesson_exercise_with_the_keyboard_alone(page, voila_url, shoot):
    page.goto(f"{voila_url}/voila/render/{notebook_name(FIRST)}.ipynb", wait_until="domcontentloaded")
    wait_ready(page, "lesson")
    page.wait_for_timeout(500)
    focus_with_tab(page, ".bt-strip-item")                   # exercise 1 in the star strip
    page.keyboard.press("Enter")
    # Exercise 1 is open: drawn by the Enter, or already open where the session's saved progress
    # (another test's visit) left the lesson, and then Enter on it rightly changes nothing.
    page.wait_for_function("() => document.querySelector('.bt-strip-item')?.classList.contains('bt-current')"
                           " && document.querySelector('.bt-exercise .bt-number input')")
    page.wait_for_timeout(300)
    focus_with_tab(page, ".bt-number")
    page.keyboard.type(FIRST_ANSWER)       # quickly, and straight on to Check: the box sends its answer as it is left
    focus_with_tab(page, ".bt-check")
    page.keyboard.press("Enter")
    try:
        page.wait_for_function("() => document.querySelector('.bt-verdict')?.innerText.includes('Correct')",
                               timeout=30_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "keyboard-failure.png"))
        raise
    shoot(page.locator(".bt-lesson-page"), "keyboard-lesson")


WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# The rules issue 33 fixed on a lesson page: none of them may find anything, whatever its impact.
FIXED_RULES = ("region", "landmark-one-main", "html-has-lang", "html-lang-valid", "valid-lang", "label",
               "select-name", "heading-order", "page-has-heading-one", "aria-allowed-attr", "empty-heading")


def full_audit(page, axe_source: str) -> list[dict]:
    """Every violation axe finds with the WCAG 2.2 AA and best-practice tags, whatever its impact."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    result = page.evaluate("async tags => await axe.run(document, {runOnly: {type: 'tag', values: tags},"
                           " resultTypes: ['violations']})", WCAG_TAGS)
    return result["violations"]


def focus_is_not_on_body(page, where: str) -> str:
    """Wait until the focus has settled off <body> (it moves once the new step is drawn); its tag and class."""
    try:
        page.wait_for_function("() => document.activeElement && document.activeElement !== document.body",
                               timeout=10_000)
    except Exception:
        raise AssertionError(f"the focus fell to <body> after {where}") from None
    page.wait_for_timeout(200)          # settled: not moved to <body> a moment later
    return page.evaluate("() => { const e = document.activeElement; return e === document.body ? 'BODY' :"
                         " e.tagName + '.' + e.className; }")


def test_language_live_region_and_focus_after_an_action(page, voila_url, axe_source):
    page.goto(f"{voila_url}/voila/render/{notebook_name(FIRST)}.ipynb", wait_until="domcontentloaded")
    wait_ready(page, "lesson")
    page.locator(".bt-strip-item").first.click()
    page.wait_for_selector(".bt-exercise .bt-number input")
    assert page.evaluate("() => document.querySelectorAll('.bt-live[role=status][aria-live=polite]').length") == 1
    page.evaluate("() => { window.__btLive = document.querySelector('.bt-live'); }")
    # two verdicts: the one live region stays, its text changes; no verdict brings a region of its own
    box = page.locator(".bt-exercise .bt-number input")
    box.fill("100")
    page.locator(".bt-check").click()
    page.wait_for_function("() => window.__btLive.textContent.trim().length > 0")
    first = page.evaluate("() => window.__btLive.textContent")
    box.fill(FIRST_ANSWER)
    page.locator(".bt-check").click()
    page.wait_for_function("first => window.__btLive.textContent.trim() && window.__btLive.textContent !== first",
                           arg=first)
    assert page.evaluate("() => document.querySelector('.bt-live') === window.__btLive && window.__btLive.isConnected")
    assert page.evaluate("() => document.querySelectorAll('.bt-lesson [role=status]').length") == 1
    assert "Correct" in page.evaluate("() => window.__btLive.textContent")
    # Next, with the keyboard: the focus goes to the new exercise's prompt, not to <body>
    page.locator(".bt-next").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.bt-strip-item:nth-child(2)').classList.contains('bt-current')")
    focus_is_not_on_body(page, "Next")
    try:        # and it lands on the new exercise's prompt, once that is drawn
        page.wait_for_function("() => document.activeElement?.matches('.bt-exercise h2.bt-prompt')", timeout=10_000)
    except Exception:
        where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
        raise AssertionError(f"after Next the focus is on {where}, not the prompt") from None
    page.wait_for_function("() => [...document.querySelectorAll('.bt-strip-item')]"
                           ".map(b => b.getAttribute('aria-current')).join() === ',step' + ','.repeat("
                           "document.querySelectorAll('.bt-strip-item').length - 2)")     # the star strip says which
    # axe on the exercise after a verdict: none of the rules fixed for issue 33
    found = [v for v in full_audit(page, axe_source) if v["id"] in FIXED_RULES]
    assert [(v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found] == []
    # the page speaks Italian once the learner chooses it
    page.locator(".bt-language select").select_option(label=t("language.name", "it"))
    page.wait_for_function("() => document.documentElement.lang === 'it'", timeout=15_000)
    page.locator(".bt-language select").select_option(label=t("language.name", "en"))            # the shared record back to English
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=15_000)


def test_focus_after_draw_at_the_table(page, voila_url):
    lesson = lessons.get_lesson("turn")
    page.goto(f"{voila_url}/voila/render/{notebook_name(lesson)}.ipynb", wait_until="domcontentloaded")
    wait_ready(page, "lesson")
    page.locator(".bt-strip-item").first.click()
    draw = page.locator(".bt-exercise .bt-button-draw")
    draw.wait_for()
    if draw.is_disabled():                      # an earlier visit drew already: this exercise afresh
        page.locator(".bt-strip-item").nth(1).click()
        page.locator(".bt-strip-item").first.click()
        page.wait_for_function("() => !document.querySelector('.bt-exercise .bt-button-draw')?.disabled")
    draw.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.bt-exercise .bt-button-draw')?.disabled")
    where = focus_is_not_on_body(page, "Draw")
    assert "bt-button-draw" not in where, where
