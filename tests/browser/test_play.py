"""Playing a whole hand in the browser, with clicks only, against the engine's bots."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SAID = "() => Number(document.querySelector('.bt-play-table .bt-message [data-said]')?.dataset.said || 0)"


def click_and_wait(page, button) -> str:
    """Click a PlayTable button and wait for the answer from the kernel; return the message text."""
    said = page.evaluate(SAID)
    button.click()
    page.wait_for_function(f"({SAID})() > {said}", timeout=15_000)
    return page.locator(".bt-play-table .bt-message").inner_text()


# The table's status line, and whether the hand's final score is shown.
STATUS = "() => document.querySelector('.bt-play-table .bt-status')?.innerText ?? ''"
OVER = "() => Boolean(document.querySelector('.bt-play-table .bt-final-score')?.innerText.trim())"


def wait_for_status_change(page, before: str) -> None:
    """Wait until the status line no longer reads ``before`` (or the hand is over)."""
    page.wait_for_function(f"(before) => ({STATUS})() !== before || ({OVER})()", arg=before, timeout=15_000)


def wait_for_my_turn(page) -> None:
    """Wait until it is the learner's turn again, or the hand is over."""
    page.wait_for_function(f"() => ({STATUS})().startsWith('Your turn') || ({OVER})()", timeout=15_000)


def test_play_a_hand_to_the_end(app, shoot):
    table = app.locator(".bt-play-table")
    table.scroll_into_view_if_needed()
    button = {name: table.locator("button", has_text=name).first
              for name in ("Draw", "Take pile", "Discard selected", "Hint", "Take pozzetto")}
    status = table.locator(".bt-status")
    hand = table.locator(".bt-my-hand .bh-card")
    refusals = 0
    for turn in range(300):
        if table.locator(".bt-final-score").inner_text().strip():
            break
        text = status.inner_text()
        if text.startswith("Your turn: draw"):
            if turn == 0:
                message = click_and_wait(app, button["Hint"])
                assert "Hints" in message
            message = click_and_wait(app, button["Draw"])
            if "Not allowed" in message:          # the last two stock cards are never drawn
                message = click_and_wait(app, button["Take pile"])
            if "Not allowed" not in message:
                wait_for_status_change(app, text)
        elif text.startswith("Your turn: lay down"):
            if turn < 3:
                shoot(table, "play-table")
            for index in range(hand.count()):     # discard the first card the rules accept
                hand.nth(index).click()
                app.wait_for_function(
                    "document.querySelectorAll('.bt-my-hand .bh-selected').length == 1", timeout=5_000)
                message = click_and_wait(app, button["Discard selected"])
                if "Not allowed" not in message:
                    wait_for_status_change(app, text)
                    break
                refusals += 1
                assert "Rule " in message         # every refusal names its rule
                hand.nth(index).click()
                app.wait_for_function(
                    "document.querySelectorAll('.bt-my-hand .bh-selected').length == 0", timeout=5_000)
        elif text.startswith("Your turn: all the cards"):
            if "Not allowed" not in click_and_wait(app, button["Take pozzetto"]):
                wait_for_status_change(app, text)
        else:
            wait_for_my_turn(app)
    final = table.locator(".bt-final-score")
    final.get_by_text("End of the hand").wait_for()
    assert "Hand total" in final.inner_text()
    assert "The hand is over" in status.inner_text()
    shoot(table, "play-table-end")


def test_refusal_appears_beside_the_cards(app, shoot):
    table = app.locator(".bt-play-table")
    table.scroll_into_view_if_needed()
    table.locator(".bt-my-hand .bh-card").first.click()
    message = click_and_wait(app, table.locator("button", has_text="Lay down selected"))
    assert "Not allowed" in message and "turn.draw-first" in message
    shoot(table, "play-table-refusal")
