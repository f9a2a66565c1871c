"""The position referee in Voilà: the disputed move of its notebook is settled on the page, and
a move typed in the browser is judged again; a screenshot of the verdict."""

from __future__ import annotations

import pytest

from tests.browser.conftest import open_notebook
from tests.browser.support import wait_for_text

pytestmark = pytest.mark.browser


def test_position_referee_settles_a_disputed_move(page, voila_url, shoot, console_errors):
    open_notebook(page, voila_url, "position-referee.ipynb")
    root = page.locator(".bt-position-referee")
    wait_for_text(page, ".bt-verdict", "Not allowed: discard KD")
    assert "discard.single-pile-card" in page.locator(".bt-verdict").inner_text()
    assert page.locator(".bt-verdict svg").count() >= 1                # the card concerned
    assert page.locator(".bt-table-view svg").count() >= 1             # the table as typed
    shoot(root, "position-referee")
    move = page.locator(".bt-position-move input")
    move.fill("discard 4C")
    move.press("Enter")
    page.locator(".bt-position-ask").click()
    wait_for_text(page, ".bt-verdict", "Legal: discard 4C")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_variant_builder_shows_a_contradiction_and_the_differences(page, voila_url, shoot, console_errors):
    page.goto(f"{voila_url}/voila/render/variant-builder.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".bt-variant-builder", timeout=60_000)
    page.locator(".bt-field-closing_bonus input").fill("300")
    page.locator(".bt-field-closing_bonus input").press("Enter")
    wait_for_text(page, ".bt-variant-differences", "closing_bonus")
    page.locator(".bt-field-ace_to_ace_bonus input").fill("1000")
    page.locator(".bt-field-ace_to_ace_bonus input").press("Enter")
    wait_for_text(page, ".bt-variant-status", "ace_to_ace_bonus needs ace_to_ace=True")
    shoot(page.locator(".bt-variant-builder"), "variant-builder")
