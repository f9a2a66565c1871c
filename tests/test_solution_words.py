"""A solution shown on request is written as the learner reads cards, never in the engine's notation: a joker is
"Joker"/"Jolly", not "JK" (lesson 5's "JK 7♥ 8♥"), and no card code such as "7H" is left (issues 32, 33)."""

from __future__ import annotations

import re

import pytest

import burraco_core as bc
import lessons
from lessons.widgets.style import arrangement_text
from lessons.widgets.views.base import answer_text

NOTATION = re.compile(r"\bJK\b|\b(?:10|[2-9AJQK])[HDCS]\b")


@pytest.mark.parametrize("lang", ["en", "it", "es", "pt"])
def test_every_solution_is_shown_in_words(lang):
    shown = {ex.id: answer_text(ex, ex.solution, lang)
             for lesson in lessons.LESSONS for ex in lesson.exercises}
    notation = {ex_id: said for ex_id, said in shown.items() if NOTATION.search(said)}
    assert not notation, notation
    joker = bc.messages.translate("card.joker.short", lang)
    assert shown["wilds.joker-in-a-run"].startswith(joker), shown["wilds.joker-in-a-run"]


@pytest.mark.parametrize("lang", ["en", "it", "es", "pt"])
def test_a_group_with_a_joker_lies_in_words(lang):
    meld = bc.Meld.lay_down(bc.parse_cards("7H 7C JK"), bc.RULESETS["classic"])
    said = arrangement_text(meld, lang)
    assert not NOTATION.search(said) and bc.messages.translate("card.joker.short", lang) in said, said
