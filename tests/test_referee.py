"""The referee's widgets under house rules, and never a traceback into the page.

Every widget is opened with a ruleset derived by ``dataclasses.replace`` and then used through
its traits and buttons: a verdict in the meld referee, a score in the calculator, a hand dealt at
the play table.
"""

from __future__ import annotations

import dataclasses

import pytest

import burraco_core as bc
import lessons.widgets.referee
from burraco_core.messages import Message
from lessons.widgets.referee import MeldReferee
from lessons.widgets.score import ScoreCalculator, SidePanel
from lessons.widgets.table import PlayTable
from lessons.widgets.ui import choose_ruleset

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

    monkeypatch.setattr(lessons.widgets.referee, "judge_meld", broken)
    ref.meld_text.value = "8S 8D 8C"             # no exception reaches the caller
    assert "Something went wrong on our side" in ref.verdict.value
    assert "boom" in caplog.text                 # the details are in the log


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_side_alone_is_counted_from_the_boxes_as_they_are_read(lang):
    panel = SidePanel("A", lang)
    panel.melds.value = "5H 6H 7H 8H 9H 10H JH\n7S 7D 7C"
    panel.in_hand.value = "KD 3C"
    panel.took_pozzetto.value = True
    side, problems = panel.read("classic")
    assert side is not None and problems == []
    for closed in (False, True):
        expected = bc.score_side(side.melds, "KD 3C", "classic", closed=closed, took_pozzetto=True)
        assert panel.count("classic", closed).breakdown == expected
    panel.in_hand.value = "KD 3X"                     # a card that cannot be read
    panel.melds.value = "5H 6H 9C"                    # and a meld that is not one
    side, problems = panel.read("classic")
    counted = panel.count("classic", closed=False)
    assert side is None and counted.breakdown is None and counted.problems == problems and len(problems) == 2


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


# ------------------------------------------------------------------ the palette (both copies, the jokers)
def test_palette_holds_both_copies_and_the_rulesets_jokers():
    from lessons.widgets.referee import every_card

    classic, pulito = every_card("classic"), every_card("pulito")
    assert len(classic) == 108 and len(set(classic)) == 106          # two of each joker copy
    assert sorted(classic) == sorted(bc.full_deck(4))
    assert len(pulito) == 104 and not any(card.is_joker for card in pulito)
    ref = MeldReferee(cards="7H 7H' JK")
    assert sorted(c.code for c in ref.palette.selected_cards) == sorted(["7H", "7H'", "JK"])
    ref.rules.value = "pulito"                                       # the jokers leave the palette
    assert len(ref.palette.cards) == 104
    assert sorted(c.code for c in ref.palette.selected_cards) == sorted(["7H", "7H'"])
    choose_ruleset(ref.rules, HOUSE)                                 # a house ruleset added to the picker
    assert ref.rules.value == HOUSE and len(ref.palette.cards) == 108
    assert _labels(ref.rules)[-1] == "Casa nostra (house rules)"


def test_palette_keeps_in_step_with_unreadable_text():
    ref = MeldReferee(cards="5H 6H")
    ref.meld_text.value = "5H 6H 7X 2C=4H"                            # cannot be read as a whole
    assert "Cannot read" in ref.verdict.value
    assert sorted(c.code for c in ref.palette.selected_cards) == ["2C", "5H", "6H"]
    ref.meld_text.value = "7X"
    assert ref.palette.selected_cards == ()
    ref.meld_text.value = "9S 9S"                                     # the same card twice: both copies
    assert sorted(c.code for c in ref.palette.selected_cards) == ["9S", "9S'"]


def test_palette_clicks_fill_the_text_with_either_copy():
    ref = MeldReferee()
    codes = [card.code for card in ref.palette.cards]
    ref.palette.selected = [codes.index("8D"), codes.index("8D'"), codes.index("8C")]
    assert ref.meld_text.value == "8D 8D' 8C"
    assert ref.result.legal is True


# ------------------------------------------------------------------ the position referee
from burraco_core.actions import typed_action  # noqa: E402
from lessons.widgets.position_referee import PositionReferee, read_position, rule_on  # noqa: E402

DISPUTE = dict(melds=("5H 6H 7H", "QS QD QC"), hand="8H 9S 9S' KD 4C", discard_pile="3D 9C",
               this_turn="took-pile", pile_card="KD")


def test_position_referee_settles_a_disputed_discard():
    ref = PositionReferee(**DISPUTE, move="discard KD")
    assert ref.game is not None and ref.ruling.legal is False
    assert ref.ruling.rule == "discard.single-pile-card"
    err = ref.game.explain("discard KD")
    assert err is not None and err.rule == ref.ruling.rule          # the engine's verdict, not the widget's
    page = ref.verdict.value
    assert "discard.single-pile-card" in page and err.summary in page
    assert err.message("en").split(":")[0] in page
    assert "<svg" in page                                           # the card concerned, drawn
    ref.move.value = "discard 4C"
    assert ref.ruling.legal is True and "Legal" in ref.verdict.value
    ref.move.value = "attach 1 8H"                                  # melds counted from 1, as labelled
    ref.ask.click()
    assert ref.ruling.legal is True


def _shown(markup: str) -> str:
    import html as html_module
    import re

    return " ".join(html_module.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_position_referee_counts_melds_from_1_as_the_table_labels_them(lang):
    ref = PositionReferee(**{**DISPUTE, "this_turn": "drew"}, move="attach 1 8H", lang=lang)
    label = Message("table.meld.caption", number=1, burraco=Message("empty")).text(lang)
    assert label in _shown(ref.table.view.value)                   # "Meld 1" is the side's 5♥ 6♥ 7♥
    assert ref.game.melds[0][0].table_code == "5H 6H 7H"
    assert ref.ruling.legal is True and "attach 1 8H" in _shown(ref.verdict.value)
    after = ref.game.copy()
    after.apply(typed_action("attach 1 8H"))
    assert after.melds[0][0].table_code == "5H 6H 7H 8H"           # it went to that meld
    for typed_move, said in (("attach 0 8H", 0), ("attach 2 8H", 2)):
        ref.move.value = typed_move                                # no meld 0; no second meld either
        shown = _shown(ref.verdict.value)
        assert ref.ruling.legal is False and ref.ruling.rule == "attach.no-such-meld"
        reason = Message("rule.attach.no-such-meld", meld=said, count=1).text(lang)
        assert reason in shown and typed_move in shown and "-1" not in shown and "Traceback" not in shown
        assert ref.ruling.error is not None and ref.ruling.error.params["meld"] == said - 1   # the engine's own


def test_position_referee_says_it_in_italian():
    ref = PositionReferee(**DISPUTE, move="discard KD", lang="it")
    err = ref.game.explain("discard KD")
    assert err.message("it") in ref.verdict.value.replace("&#x27;", "'")
    summary = err.summary_in("it")              # after "La regola:" the sentence goes on in lower case (issue 32)
    assert f"La regola: {summary[0].lower()}{summary[1:]}" in ref.verdict.value.replace("&#x27;", "'")
    assert "Non ammessa" in ref.verdict.value


def test_position_referee_follows_the_turn():
    ref = PositionReferee(**DISPUTE, move="discard 4C")
    ref.this_turn.value = "not-drawn"                              # must draw first
    assert ref.ruling.legal is False and ref.ruling.rule == ref.game.explain("discard 4C").rule
    ref.move.value = "take"
    assert ref.ruling.legal is True
    ref.this_turn.value = "drew"
    ref.move.value = "meld QH KH AH"                               # not in the hand
    assert ref.ruling.legal is False and ref.ruling.rule == ref.game.explain("meld QH KH AH").rule


@pytest.mark.parametrize("move", ["draw", "take", "discard 8H", "attach 1 8H", "attach 2 KD", "meld 9S 9S' 9C",
                                  "attach 1 4C", "attach 0 8H", "meld 8H 9S KD"])
def test_rule_on_is_explain(move):
    for this_turn in ("not-drawn", "drew", "took-pile"):
        game = read_position("classic", **{**DISPUTE, "this_turn": this_turn})
        err = game.explain(typed_action(move))                    # the move as a person types it
        ruling = rule_on(game, move)
        assert ruling.legal is (err is None) and ruling.rule == (err.rule if err else None)


def test_position_referee_under_house_rules():
    ref = PositionReferee(HOUSE, hand="7S 7D 7C 4H", this_turn="drew", move="meld 7S 7D 7C")
    assert ref.rules.value == HOUSE and ref.ruling.rule == "group.not-allowed"
    ref.rules.value = "classic"
    assert ref.ruling.legal is True


def test_an_impossible_table_is_explained_in_words():
    ref = PositionReferee(hand="5H 5H 8C", melds=("5H 6H 7H", ""), move="discard 8C")   # three 5♥
    assert ref.game is None and ref.ruling.legal is None
    assert "cannot happen in a hand" in ref.position_box.value
    with pytest.raises(bc.GameFileError) as refused:
        read_position("classic", hand="5H 5H 8C", melds=("5H 6H 7H", ""))
    import html as html_module

    assert str(refused.value) in html_module.unescape(ref.position_box.value)
    assert "Fix the table first" in ref.verdict.value
    ref.hand.value = "5H 8C 9C"                                    # fixed: judged again
    assert ref.game is not None and ref.ruling.legal is False


def test_position_referee_unreadable_cards_and_the_palette():
    ref = PositionReferee(hand="8H 9X KD")
    assert ref.game is None and "cannot be read" in ref.position_box.value
    assert sorted(c.code for c in ref.palette.selected_cards) == ["8H", "KD"]
    codes = [card.code for card in ref.palette.cards]
    ref.palette.selected = [codes.index("8H"), codes.index("9H"), codes.index("10H"), codes.index("KD'")]
    assert ref.hand.value == "8H 9H 10H KD'"
    ref.this_turn.value = "drew"
    ref.move.value = "meld 8H 9H 10H"
    assert ref.ruling.legal is True


def test_position_referee_empty_and_failing(monkeypatch, caplog):
    ref = PositionReferee()
    assert "Type the hand" in ref.position_box.value and ref.game is None
    ref = PositionReferee(**DISPUTE, players=4, move="discard 4C")
    assert ref.game.players == 4 and ref.ruling.legal is True

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("kaput")

    import lessons.widgets.position_referee as module

    monkeypatch.setattr(module, "rule_on", broken)
    ref.move.value = "discard 8H"
    assert "Something went wrong on our side" in ref.verdict.value and "kaput" in caplog.text


# ------------------------------------------------------------------ a whole hand counted at once
def _side(melds: str, rules: str | bc.Ruleset = "classic", hand: str = "", took: bool = True) -> bc.SideCount:
    return bc.SideCount(tuple(bc.Meld.parse(line, rules) for line in melds.split(";") if line.strip()), hand, took)


def test_score_hand_is_score_side_for_each_side():
    a = _side("3S 4S 5S 6S 7S 8S 9S; 7H 7D JK")
    b = _side("QH KH AH", hand="9C 2D", took=False)
    counted = bc.score_hand([a, b], "classic", closed_by=0)
    assert counted == (bc.score_side(a.melds, "", "classic", closed=True, took_pozzetto=True),
                       bc.score_side(b.melds, "9C 2D", "classic", closed=False, took_pozzetto=False))
    assert bc.score_hand([a, b], "classic")[0].closing_bonus == 0


def test_score_hand_checks_both_sides_cards_against_the_decks():
    a, b = _side("5H 6H 7H"), _side("5H 5S 5D", hand="5H")          # three 5♥ across the sides
    for side in (a, b):                                              # each side alone is fine
        bc.score_side(side.melds, side.in_hand, "classic", closed=False, took_pozzetto=True)
    with pytest.raises(bc.IllegalMove) as refused:
        bc.score_hand([a, b], "classic")
    assert refused.value.rule == "card.too-many-copies" and "5♥" in refused.value.message("en")


@pytest.mark.parametrize("rules, melds, took, rule", [
    ("classic", "5H 6H 7H", True, "score.closed-without-burraco"),
    ("pulito", "2D=8H 9H 10H JH QH KH AH", True, "score.closed-without-clean-burraco"),
    ("classic", "5H 6H 7H 8H 9H 10H JH", False, "score.closed-without-pozzetto"),
])
def test_score_hand_refuses_an_impossible_closing(rules, melds, took, rule):
    with pytest.raises(bc.IllegalMove) as refused:
        bc.score_hand([_side(melds, rules, took=took), _side("", rules)], rules, closed_by=0)
    err = refused.value
    assert err.rule == rule and err.summary and err.message("it") != err.message("en")
    bc.score_hand([_side(melds, rules, took=took), _side("", rules)], rules, closed_by=None)   # no closing: fine


def test_a_pozzetto_turned_stock_lets_a_side_close_without_it():
    rules = "italiano"                                               # pozzetto-becomes-stock
    counted = bc.score_hand([_side("5H 6H 7H 8H 9H 10H JH", rules, took=False), _side("", rules)], rules,
                            closed_by=0)
    assert counted[0].closing_bonus == 100 and counted[0].pozzetto_penalty == -100


def test_score_calculator_refuses_what_score_hand_refuses():
    calc = ScoreCalculator()
    calc.sides["A"].melds.value = "5H 6H 7H"
    calc.sides["B"].melds.value = "5H 5S 5D"
    calc.sides["B"].in_hand.value = "5H"
    assert calc.refusal is not None and calc.refusal.rule == "card.too-many-copies"
    assert "card.too-many-copies" in calc.hand_total.value and calc.add_hand.disabled
    calc.sides["B"].in_hand.value = "KD"
    assert calc.refusal is None and calc.current_totals() is not None
    calc.closed_by.value = "A"                                       # A has no burraco
    assert calc.refusal.rule == "score.closed-without-burraco"
    assert "cannot be counted" in calc.hand_total.value and calc.current_totals() is None
    calc.sides["A"].melds.value = "5H 6H 7H 8H 9H 10H JH"
    assert calc.refusal is None and calc.results["A"].breakdown.closing_bonus == 100
    calc.sides["A"].took_pozzetto.value = False
    assert calc.refusal.rule == "score.closed-without-pozzetto"
    calc.sides["A"].took_pozzetto.value = True
    calc.sides["B"].melds.value = "5H 5X"                            # B cannot be read: A waits for it
    assert calc.results["A"].total is None and "other side" in calc.sides["A"].breakdown.value
