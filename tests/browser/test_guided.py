"""Lessons 10 and 13 in headless Chromium: a hand counted line by line, and the guided hand
played to its end by clicks on the play table inside the lesson (screenshots of both)."""

from __future__ import annotations

import json
import os
import tempfile

import pytest

import burraco_core as bc
import lessons
from lessons.learner.progress import Progress
from lessons.learner.store import DEFAULT_KEY
from tests.browser.conftest import open_lesson
from tests.browser.support import wait_for_text

pytestmark = pytest.mark.browser

os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="burraco-tutor-data-"))

SAID = "() => Number(document.querySelector('.bt-play-table .bt-message [data-said]')?.dataset.said || 0)"


def fits_the_window(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def to_exercise(page, number: int, count: int) -> None:
    """From wherever the lesson resumed: the intro, Start, then the exercise wanted (by the strip)."""
    if page.locator(".bt-start").count():
        page.locator(".bt-start").click()
    page.locator(".bt-strip-item").nth(number - 1).click()
    wait_for_text(page, ".bt-exercise", f"Exercise {number} of {count}")


def test_count_a_real_hand_line_by_line(page, voila_url, shoot, console_errors):
    lesson = lessons.get_lesson("scoring")
    number = next(i for i, ex in enumerate(lesson.exercises, 1) if ex.id == "scoring.real-hand")
    exercise = lesson.exercises[number - 1]
    open_lesson(page, voila_url, "10-scoring.ipynb")
    to_exercise(page, number, len(lesson.exercises))
    boxes = page.locator(".bt-score-lines input")
    lines = exercise.prepared.extra["breakdown"].lines
    assert boxes.count() == len(lines)
    values = exercise.solution.split()
    wrong = list(values)
    wrong[5] = "100"                                 # the clean burraco counted as dirty
    for box, value in zip(boxes.all(), wrong, strict=True):
        box.fill(value)
        box.press("Tab")
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Clean burraco (line 6): not 100.")
    assert "depends on its kind" in page.locator(".bt-verdict").inner_text()
    assert fits_the_window(page)
    shoot(page.locator(".bt-lesson"), "score-exercise")
    boxes.nth(5).fill(values[5])
    boxes.nth(5).press("Tab")
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Correct!")
    assert not console_errors()


def click_and_wait(page, button) -> str:
    said = page.evaluate(SAID)
    button.click()
    page.wait_for_function(f"({SAID})() > {said}", timeout=15_000)
    return page.locator(".bt-play-table .bt-message").inner_text()


def refused(page) -> bool:
    """The table's message is a refusal ('✗ Not allowed' and the rule, said by the page's live region)."""
    return page.locator(".bt-play-table .bt-message .bt-refused").count() > 0


def select_and_press_at_once(page, codes: list[str], button: str) -> str:
    """A quick learner: the first card clicked, then, once the button wakes up, the other cards and
    the button in one go, faster than the kernel answers a click. ipywidgets holds a widget's next
    update back until the kernel has handled the one before, so a selection sent as a synced trait
    reached Python after the button's click: the meld was judged without its last cards."""
    select(page, codes[:1])
    page.wait_for_function(f"!document.querySelector('.bt-play-table .bt-button-{button}').disabled", timeout=10_000)
    said = page.evaluate(SAID)
    page.evaluate("""([codes, button]) => {
        for (const code of codes)
          document.querySelector(`.bt-my-hand .bh-card[data-code^="${code}"]:not(.bh-selected)`).click();
        document.querySelector(`.bt-play-table .bt-button-${button}`).click();
      }""", [codes[1:], button])
    page.wait_for_function(f"({SAID})() > {said}", timeout=15_000)
    return page.locator(".bt-play-table .bt-message").inner_text()


def select(page, codes: list[str]) -> None:
    """Click these cards in the hand (by face: the deck a card came from does not matter)."""
    for n, code in enumerate(codes, 1):
        card = page.locator(f'.bt-my-hand .bh-card[data-code^="{code}"]:not(.bh-selected)').first
        card.click()
        page.wait_for_function(f"document.querySelectorAll('.bt-my-hand .bh-selected').length == {n}",
                               timeout=5_000)


def test_guided_hand_played_by_clicks(page, voila_url, shoot, console_errors):
    lesson = lessons.get_lesson("play")
    exercise = lesson.exercise("play.guided-hand")
    # The browser already holds progress (a star elsewhere in this lesson, the resume point on the
    # guided hand): its copy reaches the kernel just after the page is drawn, as on Binder.
    stored = Progress()
    stored.record(lesson.exercises[1].id, correct=True, hints=0, retries=0, solution_shown=False)
    stored.resume = ("play", 0)
    page.add_init_script(f"localStorage.setItem({json.dumps(DEFAULT_KEY)}, {json.dumps(stored.to_json())})")
    open_lesson(page, voila_url, "13-play.ipynb")
    wait_for_text(page, ".bt-strip", "2 ★★★")          # the browser's copy arrived and was merged...
    page.wait_for_selector(".bt-exercise")             # ...and the lesson followed it to an exercise
    page.locator(".bt-strip-item").nth(0).click()      # the guided hand (if not open already)
    wait_for_text(page, ".bt-exercise", f"Exercise 1 of {len(lesson.exercises)}")
    wait_for_text(page, ".bt-guided-goal", "Goal 1 of 3")
    assert page.get_by_text("Goal 1 of 3").filter(visible=True).count() == 1     # said once, above the table
    # from now on the exercise must stay the one drawn: count every lesson body or table drawn anew
    page.evaluate("""() => { window.__redraws = 0;
      new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes)
        if (node.nodeType === 1 && (node.matches('.bt-exercise, .bt-play-table')
                                    || node.querySelector('.bt-exercise, .bt-play-table'))) window.__redraws++; })
      .observe(document.body, {subtree: true, childList: true}); }""")
    table = page.locator(".bt-play-table")
    button = {name: table.locator(f".bt-button-{name}") for name in ("draw", "meld", "attach", "discard", "pozzetto")}
    assert table.locator(".bt-button-meld").is_disabled()      # nothing to lay down before drawing
    assert fits_the_window(page)
    for action in exercise.solution.split("; "):
        words = action.split()
        for _ in range(page.locator(".bt-my-hand .bh-selected").count()):
            page.locator(".bt-my-hand .bh-selected").first.click()
        if action == "meld 5H 6H 7H 8H 9H 10H":
            said = select_and_press_at_once(page, words[1:], "meld")
            assert "You laid down 5♥ 6♥ 7♥ 8♥ 9♥ 10♥" in said, said      # every card the page showed selected
        else:
            if words[0] == "attach":
                table.locator("select").last.select_option(index=int(words[1]))
                select(page, words[2:])
            elif len(words) > 1:
                select(page, words[1:])
            said = click_and_wait(page, button[words[0]])
        assert not refused(page), (action, said)
        if action == "meld 3C 3D 3H":
            wait_for_text(page, ".bt-guided-goal", "Goal 3 of 3")
            shoot(page.locator(".bt-lesson"), "guided-hand")
    wait_for_text(page, ".bt-guided-goal", "Every goal reached")
    assert page.evaluate("window.__redraws") == 0        # no click landed on a table drawn over
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Correct!")
    assert fits_the_window(page)
    assert bc.RULE_IDS and not console_errors()
