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
