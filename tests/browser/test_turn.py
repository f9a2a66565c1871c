"""Lesson 7 in headless Chromium: a position exercise played by clicks (take the pile, lay down,
discard), the table it shows, the verdict; a why-not exercise answered; screenshots of both."""

from __future__ import annotations

import os
import tempfile

import pytest

import lessons
from tests.browser.conftest import open_notebook
from tests.browser.support import wait_for_text

pytestmark = pytest.mark.browser

os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="burraco-tutor-data-"))


def card(page, code: str):
    return page.locator(f'.bt-answer-hand .bh-card[data-code="{code}"]').first


def test_a_position_exercise_by_clicks(page, voila_url, shoot, console_errors):
    lesson = lessons.get_lesson("turn")
    open_notebook(page, voila_url, "07-turn.ipynb")
    root = page.locator(".bt-lesson")
    if not page.locator(".bt-start").count():        # resumed from an earlier run: back to the intro
        page.locator(".bt-strip-item").first.click()
        page.locator(".bt-back").click()
    page.locator(".bt-start").click()
    first = lesson.exercises[0]
    wait_for_text(page, ".bt-prompt", first.prompt.text("en"))
    table = page.locator(".bt-exercise .bt-table")
    wait_for_text(page, ".bt-exercise .bt-table", "Your turn: draw first.")
    facts = table.inner_text()
    assert "Stock: " in facts and "Your side's pozzetto: not taken yet" in facts
    assert table.locator(".bt-pile svg").count() == 1
    page.locator(".bt-act-take").click()
    wait_for_text(page, ".bt-moves", "Take the discard pile")
    card(page, "8S").wait_for()                       # the pile's cards are in the hand now
    for code in ("8D", "8C", "8S"):
        card(page, code).click()
    page.locator(".bt-act-meld").click()
    wait_for_text(page, ".bt-moves", "Lay down 8♦ 8♣ 8♠")
    wait_for_text(page, ".bt-exercise .bt-table", "Meld 1")
    card(page, "3C").click()
    page.locator(".bt-act-discard").click()
    wait_for_text(page, ".bt-exercise .bt-table", "Your turn is over")
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Correct!")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shoot(root, "position-exercise")

    # a why-not exercise: the table, the move asked about, the conditions to pick from
    why = lesson.exercise("turn.why-not-discard")
    number = [e.id for e in lesson.exercises].index(why.id) + 1
    page.locator(".bt-strip-item").nth(number - 1).click()
    wait_for_text(page, ".bt-prompt", why.prompt.text("en"))
    wait_for_text(page, ".bt-move-asked", "Discard K♠")
    wrong = next(c.label.text("en") for c in why.choices if c.key == "turn.draw-first")
    page.locator(".bt-choices label").filter(has_text=wrong).first.click()
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Something else stops this move")
    assert "only card of the discard pile" in page.locator(".bt-verdict").inner_text()
    shoot(root, "why-not-exercise")
    assert console_errors() == []
