"""Playing a whole hand in the browser, with clicks only, against the engine's bots.

The computer players' moves come one at a time (the first round at the table's own pace,
then "all at once" to keep the test short); buttons that can do nothing are disabled; the
card just drawn is marked. A table with long melds is drawn at 1280 px for a screenshot.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def no_hand_kept() -> None:
    """Drop the hand an earlier test left in the server's record (the table keeps it there: issue 30), so that
    each test starts from a fresh deal. The server keeps the record in this process's XDG_DATA_HOME."""
    from lessons.learner.filestore import FileStore

    store = FileStore()
    progress = store.load()
    if progress.hand is not None:
        progress.hand = None
        store.save(progress)


@pytest.fixture
def app(page, voila_url):
    """The play-a-hand page, open and drawn, on a fresh deal."""
    no_hand_kept()
    page.goto(f"{voila_url}/voila/render/play.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".bt-play-table .bh-card svg", timeout=60_000)
    return page

SAID = "() => Number(document.querySelector('.bt-play-table .bt-message [data-said]')?.dataset.said || 0)"
LOG_LINES = "() => document.querySelectorAll('.bt-play-table .bt-log-line').length"


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
    page.wait_for_function(f"(before) => ({STATUS})() !== before || ({OVER})()", arg=before, timeout=30_000)


def wait_for_my_turn(page) -> None:
    """Wait until it is the learner's turn again, or the hand is over."""
    page.wait_for_function(f"() => ({STATUS})().startsWith('Your turn') || ({OVER})()", timeout=60_000)


def buttons(table) -> dict:
    return {name: table.locator("button", has_text=name).first
            for name in ("Draw", "Take pile", "Lay down selected", "Attach selected", "Discard selected", "Hint",
                         "Take pozzetto", "Undo", "New hand")}


def select_one(page, hand, index: int, selected: int) -> None:
    hand.nth(index).click()
    page.wait_for_function(f"document.querySelectorAll('.bt-my-hand .bh-selected').length == {selected}",
                           timeout=5_000)


def first_round_one_move_at_a_time(page, table, shoot) -> None:
    """Draw (the card is marked, Draw is disabled), discard, then watch the computer moves come one by one."""
    button = buttons(table)
    assert button["Draw"].is_enabled() and button["Take pile"].is_enabled()
    assert button["Discard selected"].is_disabled() and button["Lay down selected"].is_disabled()
    assert button["Take pozzetto"].is_disabled() and button["Undo"].is_disabled()
    message = click_and_wait(page, button["Draw"])
    assert "You drew" in message
    page.wait_for_function("document.querySelectorAll('.bt-my-hand .bh-marked').length == 1", timeout=10_000)
    marked = table.locator(".bt-my-hand .bh-marked")
    assert "just drawn" in marked.get_attribute("aria-label")
    page.wait_for_function("() => [...document.querySelectorAll('.bt-play-table button')]"
                           ".find(b => b.innerText.includes('Draw')).disabled", timeout=10_000)
    assert button["Take pile"].is_disabled() and button["Undo"].is_enabled()
    shoot(table, "play-table-drawn")
    hand = table.locator(".bt-my-hand .bh-card")
    for index in range(hand.count()):     # discard the first card the rules accept
        select_one(page, hand, index, 1)
        message = click_and_wait(page, button["Discard selected"])
        if "Not allowed" not in message:
            break
        select_one(page, hand, index, 0)
    # the computer players' moves: one at a time, the current one highlighted
    steps = []
    highlighted = 0
    for _ in range(4):
        if page.locator(".bt-play-table .bt-now-move").count():
            highlighted += 1
            assert page.locator(".bt-play-table .bt-log-current").count() == 1
            assert button["Draw"].is_disabled() and button["Hint"].is_disabled()
            if highlighted == 1:
                shoot(table, "play-table-computer-move")
        if page.evaluate(STATUS).startswith("Your turn"):
            break
        count = page.evaluate(LOG_LINES)
        page.wait_for_function(f"() => ({LOG_LINES})() > {count} || ({STATUS})().startsWith('Your turn')",
                               timeout=15_000)
        steps.append(page.evaluate(LOG_LINES) - count)    # read at once: the next move is a second away
    assert highlighted >= 2, steps
    assert steps and all(step == 1 for step in steps), steps   # one move at a time
    # the rest at once
    table.locator("select").filter(has_text="all at once").select_option(label="all at once")
    wait_for_my_turn(page)


def test_play_a_hand_to_the_end(app, shoot):
    table = app.locator(".bt-play-table")
    table.scroll_into_view_if_needed()
    assert "deal " in table.locator(".bt-about").inner_text()
    first_round_one_move_at_a_time(app, table, shoot)
    button = buttons(table)
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
                select_one(app, hand, index, 1)
                message = click_and_wait(app, button["Discard selected"])
                if "Not allowed" not in message:
                    wait_for_status_change(app, text)
                    break
                refusals += 1
                assert "Rule " in message         # every refusal names its rule
                select_one(app, hand, index, 0)
        elif text.startswith("Your turn: all the cards"):
            if "Not allowed" not in click_and_wait(app, button["Take pozzetto"]):
                wait_for_status_change(app, text)
        else:
            wait_for_my_turn(app)
    final = table.locator(".bt-final-score")
    final.get_by_text("End of the hand").wait_for()
    assert "Hand total" in final.inner_text()
    assert "The hand is over" in status.inner_text()
    for name in ("Draw", "Take pile", "Lay down selected", "Attach selected", "Discard selected", "Hint",
                 "Take pozzetto", "Undo"):       # a finished hand is finished: Undo no longer reopens it (issue 30)
        assert button[name].is_disabled(), name
    assert button["New hand"].is_enabled()
    log = table.locator(".bt-log-scroll")
    assert log.evaluate("node => node.scrollHeight > node.clientHeight")   # the whole log, scrolling
    shoot(table, "play-table-end")


def test_refusal_appears_beside_the_cards(app, shoot):
    table = app.locator(".bt-play-table")
    table.scroll_into_view_if_needed()
    button = buttons(table)
    assert button["Lay down selected"].is_disabled()      # nothing selected, and not before drawing
    click_and_wait(app, button["Draw"])
    select_one(app, table.locator(".bt-my-hand .bh-card"), 0, 1)
    message = click_and_wait(app, button["Lay down selected"])
    assert "Not allowed" in message and "A new meld needs at least 3 cards" in message
    assert "meld.too-few-cards" not in message                  # the rule in words, never its id
    shoot(table, "play-table-refusal")


def test_new_hand_deals_a_new_deal(app):
    table = app.locator(".bt-play-table")
    table.scroll_into_view_if_needed()
    about = table.locator(".bt-about")
    first = about.inner_text()
    message = click_and_wait(app, table.locator("button", has_text="New hand"))
    assert "A new hand is dealt (deal " in message
    app.wait_for_function("(before) => document.querySelector('.bt-play-table .bt-about').innerText !== before",
                          arg=first, timeout=10_000)
    table.locator("input[type=text]").fill("7")
    message = click_and_wait(app, table.locator("button", has_text="New hand"))
    assert "(deal 7)" in message


def test_long_melds_stay_readable_at_1280_px(browser, tmp_path, shoot):
    """Melds of 10 to 14 cards (runs with a wild, burracos lying sideways) drawn by the table at 1280 px."""
    import burraco_core as bc
    from lessons.widgets.table import Table

    game = bc.Game.setup(
        "classic", hands=["5H' 6H' 7H' 8D'", "10D' JD' 4H' QD'", "4S' 4D' 5D' 6D'", "KH' KD' KS 3D'"],
        melds=[["3S 4S 5S 6S 2C 8S 9S 10S JS QS", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "9C 9H 9S JK"],
               ["3H 4H 5H 6H 7H 8H 9H' 10H JH QH KH AH", "2C' 3C 4C 5C 6C 7C 8C 9C' 10C JC QC KC AC",
                "7S 7D' 7C' 2S"]],
        seed=1)
    html = Table(game).render(game)
    page_file = tmp_path / "table.html"
    page_file.write_text(f"<!doctype html><meta charset='utf-8'><body style='margin:8px;font-family:sans-serif'>"
                         f"<div class='bt-table' style='max-width:1264px'>{html}</div></body>", encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280      # fits 1280 px
        melds = page.locator(".bt-meld")
        assert melds.count() == 6
        for i in range(melds.count()):
            box = melds.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1280
        # every card of the 10-card run is drawn, a step apart wide enough for its corner index
        cards = page.locator(".bt-side-0 .bt-meld").first.locator("g.card")
        assert cards.count() == 10
        xs = [cards.nth(i).bounding_box()["x"] for i in range(10)]
        assert all(b - a >= 18 for a, b in zip(xs, xs[1:], strict=False)), xs
        shoot(page.locator(".bt-table"), "table-long-melds")
    finally:
        context.close()


def test_a_reload_shows_the_same_hand(app):
    """Issue 30: a reload dealt another hand without a word; the hand in progress is the learner's record's now."""
    table = app.locator(".bt-play-table")
    deal = table.locator(".bt-about").inner_text()
    assert "You drew" in click_and_wait(app, buttons(table)["Draw"])
    cards = "() => [...document.querySelectorAll('.bt-my-hand .bh-card')].map(c => c.getAttribute('aria-label'))"
    hand = app.evaluate(cards)
    assert len(hand) == 12
    app.reload(wait_until="domcontentloaded")
    app.wait_for_selector(".bt-play-table .bh-card svg", timeout=60_000)
    table = app.locator(".bt-play-table")
    table.locator(".bt-message", has_text="Your hand in progress is back").wait_for(timeout=15_000)
    assert table.locator(".bt-about").inner_text() == deal
    assert app.evaluate(cards) == hand                          # the same cards, the one just drawn marked
    assert buttons(table)["Draw"].is_disabled() and buttons(table)["Undo"].is_enabled()
    table.locator(".bt-button-new-hand").click()               # a hand in progress: it asks first
    table.locator(".bt-new-hand-ask", has_text="Abandon the hand in progress?").wait_for(timeout=10_000)
    assert table.locator(".bt-about").inner_text() == deal
    message = click_and_wait(app, table.locator(".bt-button-deal-anyway"))
    assert "A new hand is dealt" in message                     # what later tests of the server find: a fresh deal
