"""The stars stand out from what is behind them (WCAG 1.4.11, non-text contrast: 3:1 at least).

An earned star and an empty one are read by their colour alone against white, a verdict's green
(the stars earned, in the verdict box), and the home page's background: issue 33 measured the old
gold at 1.97:1 on the green. The colours are read from the style sheets themselves.
"""

from __future__ import annotations

import re

import pytest

from lessons.widgets.home import STYLE as HOME_CSS
from lessons.widgets.style import BACKGROUND, GOOD, LESSON_CSS


def luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def colour_of(css: str, selector: str) -> str:
    found = re.search(re.escape(selector) + r"\s*\{[^}]*?\bcolor:\s*(#[0-9a-fA-F]{6})", css)
    assert found, f"no colour for {selector}"
    return found.group(1)


STARS = {   # where a star is drawn: its colour, and the backgrounds it is drawn on
    "lesson, earned": (colour_of(LESSON_CSS, ".bt-lesson .bt-stars"), ("#ffffff", BACKGROUND[GOOD])),
    "lesson, empty": (colour_of(LESSON_CSS, ".bt-lesson .bt-no-stars"), ("#ffffff", BACKGROUND[GOOD])),
    "home, earned": (colour_of(HOME_CSS, ".bt-home .bt-on"), ("#ffffff",)),
    "home, empty": (colour_of(HOME_CSS, ".bt-home .bt-off"), ("#ffffff",)),
}


def test_the_measure_is_right():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#e6a100", "#e8f5e9") == pytest.approx(1.97, abs=0.01)     # the old gold, as the audit said


@pytest.mark.parametrize("where", list(STARS))
def test_a_star_has_three_to_one_against_its_background(where):
    colour, backgrounds = STARS[where]
    for background in backgrounds:
        assert contrast(colour, background) >= 3.0, (where, colour, background, round(contrast(colour, background), 2))


def test_earned_and_empty_stars_differ():
    """An earned star is not the empty one's colour (they also differ in shape: ★ and ☆)."""
    assert STARS["lesson, earned"][0].lower() != STARS["lesson, empty"][0].lower()
