"""The referee's widgets under house rules, and never a traceback into the page.

Every widget is opened with a ruleset derived by ``dataclasses.replace`` and then used through
its traits and buttons: a verdict in the meld referee, a score in the calculator, a hand dealt at
the play table.
"""

from __future__ import annotations

import dataclasses

import pytest

import burraco_core as bc
import lessons.referee
from lessons.referee import MeldReferee
from lessons.score import ScoreCalculator
from lessons.table import PlayTable

# A house variant: no groups, a larger closing bonus, a penalty for an unplayed pozzetto.
HOUSE = dataclasses.replace(bc.ruleset("classic"), name="Casa nostra", groups_allowed=False,
                            closing_bonus=300, unused_pozzetto_penalty=50)
SAME_NAME = dataclasses.replace(bc.ruleset("classic"), pozzetto_al_volo=False)   # still called "classic"


def _labels(picker: object) -> list[str]:
    return [label for label, _ in picker.options]   # type: ignore[attr-defined]


def test_referee_takes_a_house_ruleset_and_judges_by_it():
    ref = MeldReferee(rules=HOUSE, cards="7S 7D 7C")
    assert ref.rules.value == HOUSE
    assert "Casa nostra (house rules)" in _labels(ref.rules)
    assert len(ref.rules.options) == len(bc.RULESETS) + 1
    assert ref.result.legal is False and ref.result.rule == "group.not-allowed"
    ref.rules.value = "classic"                  # back to a built-in: the group is legal again
    assert ref.result.legal is True
    ref.rules.value = HOUSE
    assert ref.result.rule == "group.not-allowed" and "group.not-allowed" in ref.verdict.value
    ref.meld_text.value = "5H 6H 7H"
    assert ref.result.legal is True


def test_a_variant_keeping_a_builtin_name_is_told_apart():
    ref = MeldReferee(rules=SAME_NAME)
    labels = _labels(ref.rules)
    assert labels[0] == "Classic Italian Burraco"
    assert labels[-1] == "Classic Italian Burraco (house rules)"
    assert ref.rules.value == SAME_NAME


def test_builtin_ruleset_objects_are_the_builtin_entries():
    ref = MeldReferee(rules=bc.ruleset("pulito"))
    assert ref.rules.value == "pulito" and len(ref.rules.options) == len(bc.RULESETS)


@pytest.mark.parametrize("bad", ["nonsense", 42, None])
def test_unknown_rules_give_a_warning_not_a_traceback(bad):
    for widget in (MeldReferee(rules=bad, cards="7S 7D 7C"), ScoreCalculator(rules=bad)):
        assert widget.rules.value == "classic"
        assert "There is no ruleset called" in widget.warning.value
        assert "classic, italiano, buraco and pulito" in widget.warning.value
    assert MeldReferee().warning.value == ""


def test_a_failure_inside_the_referee_is_told_in_words(monkeypatch, caplog):
    ref = MeldReferee(cards="7S 7D 7C")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(lessons.referee, "judge_meld", broken)
    ref.meld_text.value = "8S 8D 8C"             # no exception reaches the caller
    assert "Something went wrong on our side" in ref.verdict.value
    assert "boom" in caplog.text                 # the details are in the log


def test_score_calculator_counts_under_house_rules():
    calc = ScoreCalculator(rules=HOUSE)
    assert calc.rules.value == HOUSE and "Casa nostra (house rules)" in _labels(calc.rules)
    a, b = calc.sides["A"], calc.sides["B"]
    a.melds.value = "5H 6H 7H 8H 9H 10H JH"
    a.in_hand.value = ""
    b.melds.value = "7S 7D 7C"                   # a group: refused by these house rules
    calc.closed_by.value = "A"
    assert calc.results["B"].total is None
    assert any("group.not-allowed" in problem for problem in calc.results["B"].problems)
    b.melds.value = "3C 4C 5C"
    b.in_hand.value = "KD"
    expected_a = bc.score_side([bc.Meld.parse("5H 6H 7H 8H 9H 10H JH", HOUSE)], "", HOUSE,
                               closed=True, took_pozzetto=True)
    assert calc.results["A"].breakdown == expected_a
    assert calc.results["A"].total == 55 + 200 + 300   # card points, clean burraco, the house closing bonus
    calc.add_hand.click()
    assert calc.hands == [calc.current_totals()]
    calc.rules.value = "classic"                 # the built-in bonus
    assert calc.results["A"].total == 55 + 200 + 100


def test_a_hand_played_under_house_rules_is_loaded_with_them():
    game = bc.play_hand(bc.Game.new(HOUSE, players=2, seed=5), [bc.GreedyBot(i) for i in range(2)])
    calc = ScoreCalculator()
    calc.load_game(game)
    assert calc.rules.value == HOUSE
    a, b = game.score()
    assert calc.current_totals() == (a.total, b.total)


def test_play_table_deals_under_house_rules():
    table = PlayTable(rules=HOUSE, players=2, seed=9, pace=0)
    assert table.game.rules == HOUSE and table.rules.value == HOUSE
    assert "Casa nostra (house rules)" in _labels(table.rules)
    table.seed.value = "12"
    table.new_hand.click()                      # a new hand keeps the house rules
    assert table.game.rules == HOUSE and table.session.deal == 12
    table.rules.value = "pulito"
    table.new_hand.click()
    assert table.game.rules == bc.ruleset("pulito")
    table.rules.value = HOUSE
    table.new_hand.click()
    assert table.game.rules == HOUSE
    assert len(table.hand.cards) == 11
