"""Every table exercise fits a 1280x800 window (issue 30): the prompt, the hand and the Check button are
all in view when the exercise opens, without scrolling (before, the hand and Check began below the fold,
Check at 905 to 1344 px, and in about twenty exercises the prompt and Check could not be seen together).
One lesson page per lesson with a table exercise, each of its table exercises opened from the star strip.
Screenshot of the most crowded one: test-artifacts/screenshots/table-fits-<lesson>.png."""

from __future__ import annotations

import pytest

import lessons
from lessons.widgets.navigation import notebook_name
from tests.browser.conftest import open_lesson
from tests.browser.support import SCREENSHOTS

pytestmark = pytest.mark.browser

TABLE_KINDS = ("position", "why-not", "guided-hand")
TABLE_LESSONS = [lesson for lesson in lessons.LESSONS if any(ex.kind in TABLE_KINDS for ex in lesson.exercises)]
WINDOW = {"width": 1280, "height": 800}

# Where the prompt, the hand and Check are in the window (viewport pixels), and whether anything scrolled.
WHERE = """
() => {
  const box = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const r = element.getBoundingClientRect();
    return {top: Math.round(r.top), bottom: Math.round(r.bottom)};
  };
  const scrolled = [document.scrollingElement, ...document.querySelectorAll('*')]
    .filter((e) => e && e.scrollTop > 0).length;
  return {prompt: box('.bt-exercise .bt-prompt'),
          hand: box('.bt-exercise .bt-my-hand .bh-hand, .bt-exercise .bt-why-not-answer .bh-hand'),
          check: box('.bt-exercise .bt-check'), height: window.innerHeight, scrolled};
}
"""


def opened(page, exercise) -> None:
    """Wait until ``exercise``'s card is drawn: its prompt, its hand's cards and Check (a guided hand is
    dealt by the kernel first: slower on a loaded machine)."""
    page.wait_for_function(
        "said => { const c = document.querySelector('.bt-exercise');"
        " return c && c.querySelector('.bt-prompt')?.innerText.trim() === said"
        " && c.querySelector('.bh-hand .bh-card') && c.querySelector('.bt-check'); }",
        arg=" ".join(exercise.prompt.text("en").split()), timeout=90_000)


def test_the_lessons_with_a_table_are_the_ones_measured():
    assert {lesson.key for lesson in TABLE_LESSONS} >= {"turn", "pozzetto", "closing", "play"}


@pytest.mark.parametrize("lesson", TABLE_LESSONS, ids=[lesson.key for lesson in TABLE_LESSONS])
def test_each_table_exercise_shows_its_prompt_hand_and_check_in_a_1280x800_window(lesson, page, voila_url):
    page.set_viewport_size(WINDOW)
    open_lesson(page, voila_url, f"{notebook_name(lesson)}.ipynb")
    far: list[str] = []
    lowest = (0, -1)
    for number, exercise in enumerate(lesson.exercises, start=1):
        if exercise.kind not in TABLE_KINDS:
            continue
        page.locator(".bt-strip-item").nth(number - 1).click()
        opened(page, exercise)
        page.wait_for_timeout(400)
        where = page.evaluate(WHERE)
        for part in ("prompt", "hand", "check"):
            spot = where[part]
            if spot is None or spot["top"] < 0 or spot["bottom"] > where["height"]:
                far.append(f"{exercise.id}: {part} at {spot}")
        if where["scrolled"]:
            far.append(f"{exercise.id}: the page scrolled by itself")
        if where["check"] and where["check"]["bottom"] > lowest[0]:
            lowest = (where["check"]["bottom"], number)
    assert lowest[1] > 0, "no table exercise was measured"
    page.locator(".bt-strip-item").nth(lowest[1] - 1).click()
    opened(page, lesson.exercises[lowest[1] - 1])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"table-fits-{lesson.key}.png"))
    assert not far, far
