"""Lesson 3 in headless Chromium: a whole turn at the play table (draw, a meld the engine refuses and
why, the meld laid down, the discard), the verdict; a why-not exercise answered; screenshots of both."""

from __future__ import annotations

import os
import tempfile

import pytest

import lessons
from lessons.widgets.navigation import notebook_name
from tests.browser.conftest import open_lesson, open_notebook
from tests.browser.support import wait_for_text

pytestmark = pytest.mark.browser

os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="burraco-tutor-data-"))


def card(page, code: str):
    return page.locator(f'.bt-exercise .bt-my-hand .bh-card[data-code="{code}"]').first


def hand_codes(page) -> list[str]:
    return page.locator(".bt-exercise .bt-my-hand .bh-card").evaluate_all(
        "cards => cards.map(c => c.dataset.code)")


def test_a_whole_turn_at_the_table_refusal_included(page, voila_url, shoot, console_errors):
    lesson = lessons.get_lesson("turn")
    assert lesson.number <= 3
    open_notebook(page, voila_url, f"{notebook_name(lesson)}.ipynb")
    root = page.locator(".bt-lesson")
    if not page.locator(".bt-start").count():        # resumed from an earlier run: back to the intro
        page.locator(".bt-strip-item").first.click()
        page.locator(".bt-back").click()
    page.locator(".bt-start").click()
    first = lesson.exercise("turn.whole-turn")
    assert lesson.exercises[0] is first
    wait_for_text(page, ".bt-prompt", first.prompt.text("en"))
    wait_for_text(page, ".bt-exercise .bt-table", "Your turn: draw")
    assert page.locator(".bt-exercise .bt-table .bt-pile svg").count() == 1

    page.locator(".bt-exercise .bt-button-draw").click()
    wait_for_text(page, ".bt-exercise .bt-message", "You drew")
    before = hand_codes(page)
    assert len(before) == 8
    # the hand uses the room it has (eight cards side by side at 1280 px), and a chosen card, lifted,
    # never hides the next one: its corner stays in sight and takes its own clicks
    spacing = page.locator(".bt-exercise .bt-my-hand .bh-card").evaluate_all(
        "cards => cards.slice(1).map((c, i) => c.getBoundingClientRect().left - cards[i].getBoundingClientRect().right)")
    assert min(spacing) >= -1, spacing
    for code in ("5H", "6H", "9C"):                   # not a meld: refused, in words, and nothing changes
        card(page, code).click()
    page.locator(".bt-exercise .bt-my-hand").scroll_into_view_if_needed()
    hidden = page.evaluate("""() => {
        const cards = [...document.querySelectorAll('.bt-exercise .bt-my-hand .bh-card')];
        return cards.filter((c, i) => c.classList.contains('bh-selected') && cards[i + 1]).some((c, i) => {
          const next = cards[cards.indexOf(c) + 1], box = next.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + 6, box.top + 20);
          return !hit || hit.closest('.bh-card') !== next; }); }""")
    assert not hidden
    size = page.viewport_size
    page.set_viewport_size({"width": 560, "height": size["height"]})     # a narrow window: now they overlap
    page.wait_for_function("""() => { const c = document.querySelectorAll('.bt-exercise .bt-my-hand .bh-card');
        return c[1].getBoundingClientRect().left < c[0].getBoundingClientRect().right - 1; }""", timeout=10_000)
    page.locator(".bt-exercise .bt-my-hand").scroll_into_view_if_needed()   # elementFromPoint sees the viewport only
    assert not page.evaluate("""() => {
        const cards = [...document.querySelectorAll('.bt-exercise .bt-my-hand .bh-card')];
        return cards.some((c, i) => c.classList.contains('bh-selected') && cards[i + 1] && (() => {
          const box = cards[i + 1].getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + 4, box.top + 20);
          return !hit || hit.closest('.bh-card') !== cards[i + 1]; })()); }""")
    page.set_viewport_size(size)
    page.locator(".bt-exercise .bt-button-meld").click()
    wait_for_text(page, ".bt-exercise .bt-message", "Not allowed")
    said = page.locator(".bt-exercise .bt-message").inner_text()
    assert "The rule:" in said and "meld.not-a-meld" not in said
    assert sorted(hand_codes(page)) == sorted(before)
    shoot(root, "turn-refusal")

    card(page, "9C").click()                          # unselect it, choose the 7♥ instead
    card(page, "7H").click()
    page.locator(".bt-exercise .bt-button-meld").click()
    wait_for_text(page, ".bt-exercise .bt-table", "Meld 1")
    wait_for_text(page, ".bt-exercise .bt-message", "You laid down")   # the refusal is gone
    card(page, "9C").click()
    page.locator(".bt-exercise .bt-button-discard").click()
    wait_for_text(page, ".bt-exercise .bt-message", "Your turn is over")
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
    wait_for_text(page, ".bt-exercise .bt-table", "the only card of the discard pile")
    wrong = next(c.label.text("en") for c in why.choices if c.key == "turn.draw-first")
    page.locator(".bt-choices label").filter(has_text=wrong).first.click()
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Something else stops this move")
    assert "only card of the discard pile" in page.locator(".bt-verdict").inner_text()
    shoot(root, "why-not-exercise")
    assert console_errors() == []


def test_the_attach_menu_follows_the_cards_lesson_9(page, voila_url, console_errors):
    """Issue 30: the "to" menu was already on the clean burraco, and the joker attached there made it dirty
    unsaid. Now a card that fits one meld chooses it; the joker (it fits both) asks which; the burraco chosen,
    a warning says it would turn dirty; following the hint (the joker onto 3♥ 4♥ 5♥, discard 6♥) is correct."""
    lesson = lessons.get_lesson("closing")
    ex = lesson.exercise("closing.last-discard")
    open_lesson(page, voila_url, f"{notebook_name(lesson)}.ipynb")
    page.locator(".bt-strip-item").nth([e.id for e in lesson.exercises].index(ex.id)).click()
    wait_for_text(page, ".bt-prompt", ex.prompt.text("en"))
    chosen = "() => document.querySelector('.bt-exercise .bt-attach-to select').selectedIndex"
    card(page, "6H").click()                          # fits 3♥ 4♥ 5♥ only: chosen for it
    page.wait_for_function(f"() => ({chosen})() === 0", timeout=10_000)
    card(page, "6H").click()
    card(page, "JK").click()                          # fits both melds: asked, nothing chosen
    wait_for_text(page, ".bt-exercise .bt-attach-note", "Which meld?")
    assert page.evaluate(chosen) == -1
    menu = page.locator(".bt-exercise .bt-attach-to select")
    menu.select_option(index=1)                       # the burraco: said before the move
    wait_for_text(page, ".bt-exercise .bt-attach-note", "would become a dirty burraco")
    # a menu change made while the menu's last one is unanswered is held back by the page until the kernel
    # answers (the widgets' message throttle), a click goes at once: Attach is pressed once the page shows
    # what a person would see, the hint's meld in the menu, no warning, the button live
    page.wait_for_function(f"() => ({chosen})() === 1", timeout=10_000)
    menu.select_option(index=0)                       # the hint's meld
    page.wait_for_function(
        f"() => ({chosen})() === 0 && !document.querySelector('.bt-exercise .bt-attach-note').innerText.trim()"
        " && !document.querySelector('.bt-exercise .bt-button-attach').disabled", timeout=10_000)
    page.locator(".bt-exercise .bt-button-attach").click()
    wait_for_text(page, ".bt-exercise .bt-message", "✓")
    assert hand_codes(page) == ["6H"]
    # as a person would: the table after the attach (nothing chosen, Discard off), then 6♥ chosen and Discard
    # on (the kernel's answer to the choice: on a busy machine a click on a Discard still live from before the
    # attach could go before it)
    discard_off = "() => document.querySelector('.bt-exercise .bt-button-discard').disabled"
    page.wait_for_function(discard_off, timeout=15_000)
    card(page, "6H").click()
    page.wait_for_function(f"() => !({discard_off})()", timeout=15_000)
    page.locator(".bt-exercise .bt-button-discard").click()
    # (it said "✓" before: the attach's own line, still there when the check ran fast, gone when it did not)
    wait_for_text(page, ".bt-exercise .bt-message", "You discarded 6♥. The hand is closed.", timeout=30_000)
    page.locator(".bt-check").click()
    wait_for_text(page, ".bt-verdict", "Correct!")
    assert "★★★" in page.locator(".bt-verdict").inner_text()
    assert console_errors() == []
