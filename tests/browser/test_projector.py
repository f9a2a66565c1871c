"""Projector mode in Voilà: large cards on every page, and every layout wraps to the window.

Each page is opened once in projector mode (the saved preference, as a teacher left it) and
looked at in a window 1280 and 800 pixels wide and at 200% zoom (a 1280-pixel window at 200% is
a 640-pixel viewport drawn at two device pixels per CSS pixel): nothing scrolls sideways, the
document or any box inside it (Voilà's page scrolls in a box of its own), and no card picture
is outside the window or cut by a box that clips. Then projector mode is switched off on the
same page and the cards are smaller. Finally the switches and the cards are used with the
keyboard, with a high-contrast focus ring on each.

Screenshots (test-artifacts/screenshots/): projector.png (the lesson at 1280, as in the docs),
projector-800.png and projector-zoom.png (the same lesson 800 wide and at 200%),
projector-referee.png.
"""

from __future__ import annotations

import base64
import json

import pytest

import lessons
from lessons.widgets.navigation import notebook_name
from lessons.widgets.settings import Preferences
from tests.browser.support import ARTIFACTS, SCREENSHOTS

pytestmark = pytest.mark.browser

SETTINGS_KEY = Preferences().key
MELDS, PLAY = lessons.get_lesson("melds"), lessons.get_lesson("play")
# A lesson exercise with a meld on the table and a hand to pick from, and the guided hand.
EXERCISES = {
    "lesson": (next(i for i, exercise in enumerate(MELDS.exercises) if exercise.kind == "attach"),
               ".bt-exercise .bt-meld svg"),
    "guided-hand": (PLAY.exercises.index(PLAY.exercise("play.guided-hand")), ".bt-exercise .bt-play-table .bh-card svg"),
}
PAGES = {   # name: (notebook, what shows the page is drawn)
    "home": ("index", ".bt-home .bt-lesson-row"),
    "lesson": (notebook_name(MELDS), ".bt-lesson .bt-strip-item"),
    "guided-hand": (notebook_name(PLAY), ".bt-lesson .bt-strip-item"),
    "referee": ("referee", ".bt-referee .bh-card svg"),
    "score": ("score", ".bt-score"),
    "play": ("play", ".bt-play-table .bh-card svg"),
    "position-referee": ("position-referee", ".bt-position-referee .bh-card svg"),
    "variant-builder": ("variant-builder", ".bt-variant-builder"),
}
NO_CARDS = ("home", "score", "variant-builder")
WINDOWS = ((1280, 1), (800, 1), (640, 2))    # CSS pixels wide, device pixels per CSS pixel
# The screenshots taken on the way: page -> what each window's shot is called.
SHOTS = {"lesson": {800: "projector-800", 640: "projector-zoom"}}

# What is too wide: boxes that scroll or clip sideways, and card pictures outside the window
# or cut by a clipping box around them. Only the first few of each, to read in a failure.
LAYOUT_PROBLEMS = """
() => {
  const width = document.documentElement.clientWidth;
  const name = (e) => `${e.tagName.toLowerCase()}.${String(e.className).trim().split(/\\s+/).slice(-2).join('.')}`;
  const scrolling = [], clipped = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > root.clientWidth + 1) scrolling.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('svg') || e.closest('.bt-sr')) continue;
    const overflow = getComputedStyle(e).overflowX;
    if (overflow !== 'visible' && e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1)   // 1 px: for screen readers only
      scrolling.push(`${name(e)} (${overflow}): ${e.scrollWidth} > ${e.clientWidth}`);
  }
  for (const card of document.querySelectorAll('svg[role="img"], .bh-card svg')) {
    const box = card.getBoundingClientRect();
    if (box.width === 0) continue;
    const label = card.getAttribute('aria-label') || card.parentElement.getAttribute('aria-label');
    if (box.left < -1 || box.right > width + 1) {
      clipped.push(`${label}: ${Math.round(box.left)}..${Math.round(box.right)} outside 0..${width}`);
      continue;
    }
    for (let up = card.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowX === 'visible') continue;
      const around = up.getBoundingClientRect();
      if (box.left < around.left - 1 || box.right > around.right + 1) {
        clipped.push(`${label}: cut by ${name(up)}`);
        break;
      }
    }
  }
  return {scrolling: scrolling.slice(0, 6), clipped: clipped.slice(0, 6),
          cards: document.querySelectorAll('svg[role="img"], .bh-card svg').length};
}
"""
# The width of the widest card picture drawn one card wide (a hand's or a palette's card).
CARD_WIDTH = "() => Math.max(0, ...[...document.querySelectorAll('.bh-card svg')].map(s => s.getBoundingClientRect().width))"
TEXT_SIZE = "sel => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)"


def open_in_projector_mode(page, voila_url: str, name: str) -> None:
    page.add_init_script(f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, "
                         f"{json.dumps(json.dumps({'projector': True}))})")
    notebook, ready = PAGES[name]
    page.goto(f"{voila_url}/voila/render/{notebook}.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=60_000)
    if name in EXERCISES:
        index, drawn = EXERCISES[name]
        page.locator(".bt-strip-item").nth(index).click()
        page.wait_for_selector(drawn, timeout=30_000)
    page.wait_for_function("() => document.documentElement.classList.contains('bt-projector')")
    page.wait_for_timeout(300)


def look_at(page, width: int, scale: int, shot: str | None = None, what: str = "body") -> dict:
    """The layout problems in a window ``width`` CSS pixels wide at ``scale`` device pixels each;
    ``shot``: also save a screenshot of ``what`` under that name (the window made as tall as it)."""
    cdp = page.context.new_cdp_session(page)

    def window(height: int) -> None:
        cdp.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})

    window(900)
    page.wait_for_function("([w, s]) => document.documentElement.clientWidth <= w && devicePixelRatio === s",
                           arg=[width, scale])
    page.wait_for_timeout(250)           # the widgets' own layout (Lumino) follows the resize
    found: dict = page.evaluate(LAYOUT_PROBLEMS)
    if shot:
        # Taken here, not by Playwright (which would put its own 1280-pixel window back first);
        # the window as tall as the page, since Chromium paints only what is inside it.
        target = page.locator(what).first
        box = target.bounding_box() or {"y": 0, "height": 900}
        window(max(900, int(box["y"] + box["height"]) + 40))
        page.wait_for_timeout(250)
        box = target.bounding_box()
        clip = {name: box[name] for name in ("x", "y", "width", "height")} | {"scale": 1}
        picture = cdp.send("Page.captureScreenshot", {"format": "png", "clip": clip})
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / f"{shot}.png").write_bytes(base64.b64decode(picture["data"]))
    cdp.detach()
    return found


@pytest.mark.parametrize("name", list(PAGES))
def test_projector_mode_fits_every_window(name, page, voila_url, shoot):
    open_in_projector_mode(page, voila_url, name)
    problems = {}
    what = ".bt-lesson" if name in EXERCISES else "[class*='bt-tool-page-']"
    for width, scale in WINDOWS:
        found = look_at(page, width, scale, SHOTS.get(name, {}).get(width), what)
        if name not in NO_CARDS:
            assert found["cards"] > 0
        if found["scrolling"] or found["clipped"]:
            problems[f"{width} px x{scale}"] = found
            page.screenshot(path=str(ARTIFACTS / f"projector-{name}-{width}.png"))
    assert problems == {}, json.dumps(problems, indent=1)
    look_at(page, 1280, 1)
    if name in ("lesson", "referee"):
        shoot(page.locator(what).first, "projector" if name == "lesson" else "projector-referee")
    big_text = page.evaluate(TEXT_SIZE, "h1, .bt-title, .bt-prompt")
    big_card = page.evaluate(CARD_WIDTH)
    switch = page.locator(".bt-projector-switch input")
    if switch.count():                       # a tool page's own switch, as a teacher would use it
        switch.first.uncheck()
    else:                                    # a lesson page follows the saved choice only
        page.evaluate("() => document.documentElement.classList.remove('bt-projector')")
    page.wait_for_function("() => !document.documentElement.classList.contains('bt-projector')")
    page.wait_for_timeout(200)
    assert page.evaluate(TEXT_SIZE, "h1, .bt-title, .bt-prompt") < big_text
    if name not in NO_CARDS:
        small_card = page.evaluate(CARD_WIDTH)
        assert big_card >= 1.4 * small_card > 0, (big_card, small_card)
    if switch.count():
        saved = page.evaluate("key => JSON.parse(localStorage.getItem(key))", SETTINGS_KEY)
        assert saved["projector"] is False              # remembered for the next page


FOCUS_RING = """() => { const s = getComputedStyle(document.activeElement);
  return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, s.boxShadow]; }"""


def assert_ringed(page) -> None:
    style, width, colour, shadow = page.evaluate(FOCUS_RING)
    assert style == "solid" and width >= 3 and colour == "rgb(11, 12, 12)", (style, width, colour)
    assert "rgb(255, 191, 0)" in shadow                   # the amber halo around the black ring


def test_the_switches_and_cards_by_keyboard_with_a_focus_ring(page, voila_url, shoot):
    page.goto(f"{voila_url}/voila/render/referee.ipynb", wait_until="domcontentloaded")
    page.wait_for_selector(".bt-referee .bh-card svg", timeout=60_000)
    page.wait_for_timeout(300)
    for _ in range(40):                                   # Tab to the four-colour switch
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement?.closest('.bt-four-colour-switch')"):
            break
    else:
        raise AssertionError("Tab never reached the four-colour switch")
    assert_ringed(page)
    page.keyboard.press("Space")
    page.wait_for_function("() => document.documentElement.classList.contains('bt-four-colour')")
    # Every diamond of the palette is drawn blue now, and the referee's own switch agrees.
    ink = page.evaluate("() => getComputedStyle(document.querySelector("
                        "'.bt-referee .bh-card[data-code=\"7D\"] [data-ink=\"D\"]')).color")
    assert ink == "rgb(21, 96, 189)"
    page.wait_for_function("() => document.querySelector('.bt-referee .widget-checkbox input').checked")
    for _ in range(40):                                   # on to the palette's cards
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement?.closest('.bt-referee .bh-card')"):
            break
    else:
        raise AssertionError("Tab never reached a card")
    assert_ringed(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")                          # the second card joins the meld text
    page.wait_for_function("() => document.querySelector('.bt-referee .bh-card[aria-selected=\"true\"]')")
    page.keyboard.press("ArrowDown")                      # one row down: the same rank of the next row
    code = page.evaluate("() => document.activeElement.dataset.code")
    assert code == "2S'"                                  # row 2: the second copy of the spades
    shoot(page.locator(".bt-tool-page-referee"), "four-colour-keyboard")
