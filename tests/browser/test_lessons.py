"""Lesson 2 end to end in headless Chromium: the intro, a wrong answer and its feedback, every
exercise solved by clicks (and the keyboard once), the summary; screenshots of the three."""

from __future__ import annotations

import os
import tempfile

import pytest

import burraco_core as bc
import lessons
from lessons.widgets.navigation import notebook_name
from tests.browser.conftest import open_notebook
from tests.browser.support import wait_for_text

pytestmark = pytest.mark.browser

# The Voilà server of this session keeps progress in a file: keep it out of the real home
# (read when the server starts, which is after every test module has been collected).
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="burraco-tutor-data-"))


def fits_the_window(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def answer_card(page, code: str):
    return page.locator(f'.bt-answer-hand .bh-card[data-code="{code}"]').first


def give(page, ex, answer) -> None:
    """Give an answer the way a learner does: click cards, or an answer among the choices."""
    if ex.kind in ("build-meld", "pick-cards"):
        for code in str(answer).split():
            answer_card(page, code).click()
    elif ex.kind == "attach":
        for code in str(answer).split()[2:]:
            answer_card(page, code).click()
    else:
        label = next(c.label.text("en") for c in ex.choices if c.key == answer)
        page.locator(".bt-choices label").filter(has_text=label).first.click()


def test_lesson_two_end_to_end(page, voila_url, shoot, console_errors):
    lesson = lessons.get_lesson("melds")
    open_notebook(page, voila_url, "02-melds.ipynb")
    root = page.locator(".bt-lesson")
    if not page.locator(".bt-start").count():       # resumed from an earlier run: back to the intro
        page.locator(".bt-strip-item").first.click()
        page.locator(".bt-back").click()
    page.locator(".bt-start").wait_for()
    wait_for_text(page, ".bt-intro", lesson.intro[1].caption.text("en"))
    assert page.locator(".bt-intro .bh-card svg").count() == 8
    assert fits_the_window(page)
    shoot(root, "lesson-intro")

    page.locator(".bt-start").click()
    first = lesson.exercises[0]
    wait_for_text(page, ".bt-prompt", first.prompt.text("en"))
    for code in ["5H", "6H", "9C"]:                 # a typical mistake first
        answer_card(page, code).click()
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "neither all of one rank")
    verdict = page.locator(".bt-verdict").inner_text()
    assert "5♥ 6♥ 9♣" in verdict and "The rule:" in verdict
    assert fits_the_window(page)
    shoot(root, "lesson-wrong-answer")
    answer_card(page, "9C").click()                 # unselect, and choose the 7♥ instead
    answer_card(page, "7H").click()
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Correct!")
    assert "★★☆" in page.locator(".bt-verdict").inner_text()

    for number, ex in enumerate(lesson.exercises[1:], 2):
        page.locator(".bt-next").click()
        wait_for_text(page, ".bt-exercise", f"Exercise {number} of {len(lesson.exercises)}")
        wait_for_text(page, ".bt-prompt", ex.prompt.text("en"))
        if number == 2:                              # the keyboard: Tab to the hand, arrows, Space
            answer_card(page, "8S").focus()
            page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Space")
            wait_for_text(page, ".bt-answer", "Chosen: 8♠ 8♦ 8♥")
        else:
            give(page, ex, ex.solution)
        page.locator(".bt-check").click()
        wait_for_text(page, ".bt-verdict", "Correct!")
        assert fits_the_window(page)

    page.locator(".bt-next").click()
    wait_for_text(page, ".bt-summary", "Lesson complete")
    summary = page.locator(".bt-summary").inner_text()
    assert "stars" in summary and summary.count("★") >= 3 * (len(lesson.exercises) - 1) + 2
    assert fits_the_window(page)
    shoot(root, "lesson-summary")
    assert console_errors() == []


def test_lessons_not_written_yet_say_so(page, voila_url):
    key = "burraco"
    page.goto(f"{voila_url}/voila/render/{notebook_name(lessons.get_lesson(key))}.ipynb",
              wait_until="domcontentloaded")
    if any(lesson.key == key for lesson in lessons.LESSONS):
        page.locator(".bt-lesson").wait_for(timeout=60_000)
    else:
        page.get_by_text("There is no lesson called").wait_for(timeout=60_000)
    assert "Traceback" not in page.content()


def test_lesson_two_in_italian(page, voila_url, shoot, console_errors):
    """The switch on the lesson turns it Italian at once, cards and all; a screenshot of a refusal in Italian."""
    lesson = lessons.get_lesson("melds")
    page.goto(f"{voila_url}/voila/render/02-melds.ipynb", wait_until="domcontentloaded")
    root = page.locator(".bt-lesson")
    switch = page.locator(".bt-language select")
    switch.wait_for(timeout=60_000)                 # (the lesson may open on its summary: no cards yet)
    switch.select_option(label="Italiano")
    try:
        wait_for_text(page, ".bt-title", lesson.title("it"))
        if not page.locator(".bt-start").count():   # resumed from an earlier run: back to the intro
            page.locator(".bt-strip-item").first.click()
            page.locator(".bt-back").click()
        wait_for_text(page, ".bt-intro", lesson.intro[1].caption.text("it"))
        labels = page.locator(".bt-intro .bh-card").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
        shown = bc.messages.card_name(lesson.intro[1].cards[0], "it")     # the intro's first card, in Italian
        assert shown in labels and not [label for label in labels if " of " in label]
        assert page.locator(".bt-start").inner_text() == "Inizia gli esercizi"
        page.locator(".bt-start").click()
        wait_for_text(page, ".bt-prompt", lesson.exercises[0].prompt.text("it"))
        for code in ["5H", "6H", "9C"]:
            answer_card(page, code).click()
        page.locator(".bt-check").click()
        wait_for_text(page, ".bt-verdict", "né tutte dello stesso valore")
        verdict = page.locator(".bt-verdict").inner_text()
        assert "5♥ 6♥ 9♣" in verdict and "La regola:" in verdict and "Non ancora" in verdict
        page.locator(".bt-hint").click()
        wait_for_text(page, ".bt-hints-box", lesson.exercises[0].hints[0].text("it"))
        assert fits_the_window(page)
        shoot(root, "lesson-it")
    finally:
        switch.select_option(label="English")                 # the session's later tests read the lessons in English
        wait_for_text(page, ".bt-title", lesson.title("en"))
    assert console_errors() == []


def _overlap(a: dict, b: dict) -> float:
    """The area two bounding boxes share (0 when they do not meet)."""
    width = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(width, 0) * max(height, 0)


def test_lesson_ten_keeps_the_card_values_and_a_burraco_hides_no_card(page, voila_url, shoot, console_errors):
    """Issue 30: once the intro is gone, the card values stay folded under a scoring exercise; a burraco's
    sideways cards cover no other card of the meld."""
    lesson = lessons.get_lesson("scoring")
    index, ex = next((i, e) for i, e in enumerate(lesson.exercises)
                     if any(meld.burraco for meld in e.prepared.melds))
    page.goto(f"{voila_url}/voila/render/{notebook_name(lesson)}.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".bt-lesson .bt-strip-item", timeout=60_000)   # its intro holds no hand: no .bh-card
    if page.locator(".bt-start").count():
        page.locator(".bt-start").click()
    page.locator(".bt-strip-item").nth(index).click()
    wait_for_text(page, ".bt-prompt", ex.prompt.text("en"))
    root = page.locator(".bt-lesson")
    fold = page.locator('.bt-exercise details.bt-kept[data-kept="card-values"]')
    assert fold.count() == 1
    assert not fold.evaluate("d => d.open")                          # folded until the learner asks
    assert not page.locator(".bt-exercise .bt-card-values").is_visible()
    fold.locator("summary").click()
    assert page.locator(".bt-exercise .bt-card-values").is_visible()
    assert "the suit does not matter" in fold.inner_text().lower()
    meld = page.locator(".bt-answer svg[data-burraco]").first
    meld.scroll_into_view_if_needed()
    cards = meld.locator("g.card")
    boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
    turned = [cards.nth(i).get_attribute("data-turned") == "true" for i in range(cards.count())]
    assert len(boxes) >= 7 and any(turned)
    for i, box in enumerate(boxes):
        assert box["width"] > 10 and box["height"] > 10
        if turned[i]:
            for j, other in enumerate(boxes):
                if j != i:
                    assert _overlap(box, other) < 1, (i, j, box, other)   # a sideways card covers no card
    shoot(root, "lesson-ten-kept-card-values")
    assert console_errors() == []
