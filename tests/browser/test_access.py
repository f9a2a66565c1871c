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

from lessons.widgets.navigation import notebook_name
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
