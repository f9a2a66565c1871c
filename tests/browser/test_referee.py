"""The position referee in Voilà: the disputed move of its notebook is settled on the page, and
a move typed in the browser is judged again; a screenshot of the verdict."""

from __future__ import annotations

import pytest

import burraco_core as bc
import lessons
from burraco_core.messages import Message
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
    wait_for_text(page, ".bt-variant-status", "ace_to_ace=True")        # the engine names the field
    shoot(page.locator(".bt-variant-builder"), "variant-builder")


@pytest.mark.parametrize(("lang", "seven_of_hearts"), [("es", "siete de corazones"), ("it", "sette di cuori"),
                                                       ("pt", "sete de copas")])
def test_a_refusal_in_another_language(page, voila_url, shoot, console_errors, lang, seven_of_hearts):
    """The learner switches a lesson to Spanish (Italian, Portuguese); a wrong answer there, then an illegal meld in the
    meld referee (which opens in the learner's language), are refused in that language with the rule's summary."""
    try:
        bc.Meld.lay_down_options("5H 6H 9C", "classic")
    except bc.IllegalMove as err:
        refused = err
    summary, message = refused.summary_in(lang), refused.message(lang)
    page.goto(f"{voila_url}/voila/render/02-melds.ipynb", wait_until="domcontentloaded")
    switch = page.locator(".bt-language select")
    switch.wait_for(timeout=60_000)
    switch.select_option(label=Message("language.name").text(lang))   # saved with the progress: the tools follow it
    try:
        wait_for_text(page, ".bt-title", lessons.get_lesson("melds").title(lang))
        if not page.locator(".bt-start").count():     # the lesson done by an earlier test opens on its summary
            page.locator(".bt-strip-item").first.click()
            page.locator(".bt-back").click()
        start = page.locator(".bt-start")
        start.wait_for()
        start.click()
        page.locator(".bt-check").wait_for()
        for code in ["5H", "6H", "9C"]:
            page.locator(f'.bt-answer-hand .bh-card[data-code="{code}"]').first.click()
        page.locator(".bt-check").click()
        wait_for_text(page, ".bt-verdict", summary[1:])   # after "La regola:" its first letter is lower case
        shoot(page.locator(".bt-lesson"), f"lesson-wrong-answer-{lang}")
        open_notebook(page, voila_url, "referee.ipynb")
        wait_for_text(page, ".bt-referee", Message("referee.notation").text(lang)[:30])
        meld = page.locator(".bt-meld-text input")
        meld.fill("5H 6H 9C")
        meld.press("Enter")
        wait_for_text(page, ".bt-verdict", summary[1:])   # after "La regola:" its first letter is lower case
        verdict = page.locator(".bt-verdict").inner_text()
        assert message in verdict and Message("referee.meld.illegal").text(lang) in verdict
        assert "meld.not-a-meld" in verdict and "Not a legal meld" not in verdict and "Rule" not in verdict
        labels = page.locator(".bt-palette .bh-card").evaluate_all("cards => cards.map(c => c.getAttribute('aria-label'))")
        assert seven_of_hearts in labels and not [label for label in labels if " of " in label]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        shoot(page.locator(".bt-referee-inputs"), f"refusal-{lang}")
    finally:
        page.goto(f"{voila_url}/voila/render/02-melds.ipynb", wait_until="domcontentloaded")
        switch = page.locator(".bt-language select")
        switch.wait_for(timeout=60_000)
        switch.select_option(label="English")                # the session's later tests read English
        wait_for_text(page, ".bt-title", lessons.get_lesson("melds").title("en"))
    assert console_errors() == []
