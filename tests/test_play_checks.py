"""Lesson 13's check of a safe discard judged against the whole open pile (issue 30).

Whoever takes the pile takes every card of it: a learner playing three hands alone discarded a 9♦ that
fitted none of the opponents' melds and made no meld with the card under it, and the next player took the
pile, whose 8♦ lay three cards down, and laid 8♦ 9♦ 10♦. The check called that discard safe.
"""

from __future__ import annotations

import dataclasses

import burraco_core as bc
import lessons
from lessons.curriculum.checks.play import melds_with, shown_under


def _exercise(pile: str) -> lessons.Exercise:
    return lessons.Exercise.from_dict({
        "id": "teacher.safe-discard", "kind": "position", "prompt": "lesson.play.safe-discard.prompt",
        "data": {"position": {"hands": ["9D KC 4H", "3S 5S 7S 9S JS KS AS"],
                              "melds": [["QS QH QC"], ["6H 7H 8H"]],
                              "discard_pile": pile, "phase": "play", "turns_played": [3, 3]}},
        "checks": ["all", ["legal"], ["safe-discard"]],
        "solution": "discard KC", "wrong_answers": [["discard 9D", None]],
        "hints": ["lesson.play.safe-discard.hint.1", "lesson.play.safe-discard.hint.2"],
        "explain": "lesson.play.safe-discard.explain", "teaches": [],
    })


def test_a_discard_that_melds_with_a_card_deep_in_the_open_pile_is_not_safe():
    ex = _exercise("8D 3C 10S 5C")          # the 8♦ three cards under the 9♦ once it is discarded
    said = ex.check("discard 9D")
    assert said.status == "incorrect"
    assert "Not safe: 9♦ makes a meld with the 8♦ in the pile" in said.message("en"), said.message("en")
    assert ex.check("discard KC").status == "correct"        # K♣ meets no pile card, and no meld of theirs
    assert ex.check("discard 4H").status == "correct"        # 4♥ next to 3♣ and 5♣: not of one suit, no meld


def test_the_nearest_card_is_named_and_a_wild_in_the_pile_spoils_every_discard():
    ex = _exercise("8D 3C 10D 5C")
    assert "with the 10♦ in the pile" in ex.check("discard 9D").message("en")     # the nearest of 8♦ and 10♦
    # whoever takes a pile holding a wild has it for any card and a neighbour of theirs: no discard is safe
    # then (an exercise with a 2 in its open pile has no safe discard: Exercise.from_dict's proof refuses it)
    wild = bc.parse_card("2C")
    assert all(melds_with(card, wild, bc.ruleset("classic")) for card in bc.parse_cards("9D KC 4H 3S AS"))


def test_a_closed_pile_shows_only_the_card_the_discard_covers():
    closed = dataclasses.replace(bc.ruleset("classic"), open_discard_pile=False)
    game = bc.Game.setup(closed, hands=["9D KC 4H", "3S 5S 7S 9S JS KS AS"], melds=[["QS QH QC"], ["6H 7H 8H"]],
                         discard_pile="8D 3C 10S 5C", phase="play", turns_played=[3, 3])
    game.apply(bc.Discard(bc.parse_card("9D")))
    assert shown_under(game) == [bc.parse_card("5C")]
    opened = bc.Game.setup("classic", hands=["9D KC 4H", "3S 5S 7S 9S JS KS AS"], melds=[["QS QH QC"], ["6H 7H 8H"]],
                           discard_pile="8D 3C 10S 5C", phase="play", turns_played=[3, 3])
    opened.apply(bc.Discard(bc.parse_card("9D")))
    assert shown_under(opened) == list(bc.parse_cards("5C 10S 3C 8D"))      # all of it, the nearest first
