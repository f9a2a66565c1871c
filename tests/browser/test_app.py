"""The demo notebook in a real browser: cards drawn, clicks select, the referee answers."""

from __future__ import annotations

import pytest

from tests.browser.support import wait_for_text

pytestmark = pytest.mark.browser


def test_cards_render_as_svg(app, shoot, console_errors):
    hand = app.locator(".bh-hand").first
    cards = hand.locator(".bh-card")
    assert cards.count() == 11
    assert hand.locator("svg").count() == 11
    assert cards.first.get_attribute("aria-label") == "five of hearts"
    assert hand.get_attribute("role") == "listbox"
    palette = app.locator(".bt-palette .bh-card")
    assert palette.count() == 54
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
    wait_for_text(app, ".bt-verdict", "✓ Legal meld")     # the notebook starts with 2H 5H 6H
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
        palette.locator(f'.bh-card[data-code="{code}"]').click()
    wait_for_text(app, ".bt-verdict", "✓ Legal meld")
    assert "group of sevens" in verdict.inner_text()
    assert app.locator(".bt-meld-text input").input_value() == "7S 7D JK"
    palette.locator('.bh-card[data-code="2C"]').click()
    wait_for_text(app, ".bt-verdict", "✗ Not a legal meld")
    assert "meld.one-wild" in verdict.inner_text()
    shoot(app.locator(".bt-referee"), "referee-palette")


def test_score_calculator_counts(app, shoot):
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
