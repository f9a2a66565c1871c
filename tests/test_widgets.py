"""The lessons' widgets, driven through their traits and callbacks (no browser)."""

from __future__ import annotations

import pathlib

import pytest

import burraco_core as bc
from burraco_core.bots import GreedyBot
from burraco_core.session import HandSession
from lessons import Hand, MeldReferee, PlayTable, ScoreCalculator, Table, palette_cards
from lessons.widgets.referee import judge_attach, judge_meld
from tests.helpers import required

ROOT = pathlib.Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------- Hand
def test_hand_faces_carry_svg_code_and_spoken_label():
    hand = Hand("7H JK 10S'")
    assert [f["code"] for f in hand.faces] == ["7H", "JK", "10S'"]
    assert [f["label"] for f in hand.faces] == ["seven of hearts", "joker", "ten of spades"]
    assert all(f["svg"].lstrip().startswith("<svg") for f in hand.faces)


def test_hand_javascript_is_shipped_as_files():
    js = (ROOT / "lessons" / "widgets" / "hand.js").read_text()
    assert "export default" in js and "ArrowLeft" in js and "aria-selected" in js
    assert "import " not in js and "http" not in js      # nothing fetched from the internet
    assert "bh-selected" in (ROOT / "lessons" / "widgets" / "hand.css").read_text()
    assert "ArrowLeft" in str(Hand()._esm)                # the widget ships that file


def test_hand_selection_in_click_order_and_in_display_order():
    hand = Hand("5H 6H 7H")
    hand.selected = [2, 0]
    assert hand.selected_in_click_order == bc.parse_cards("7H 5H")
    assert hand.selected_cards == bc.parse_cards("5H 7H")
    hand.select("6H 9C")
    assert hand.selected == [1]
    hand.clear_selection()
    assert hand.selected_cards == ()


def test_hand_select_picks_distinct_copies():
    hand = Hand("9D 9D 9D'")
    hand.select("9D 9D")
    assert hand.selected == [0, 1]


def test_hand_select_takes_the_copy_shown_whichever_deck():
    """select("9H") selects the 9♥ shown even when it is the second deck's (issue 30: it selected nothing),
    the very card first when both are shown; a card not shown is still skipped."""
    hand = Hand("5C 9H' 7S")
    hand.select("9H")
    assert hand.selected_cards == bc.parse_cards("9H'")
    hand = Hand("9H' 9H 7S")
    hand.select("9H")
    assert hand.selected == [1]                                          # that very card, when shown
    hand.select("9H 9H 9H")
    assert sorted(hand.selected) == [0, 1]                               # each card once, then the other copy
    hand.select("9H' 8D")
    assert hand.selected == [0]
    hand.mark("9H")                                                      # marks stay on physical cards
    assert hand.marked == [1]


def test_hand_sort_keeps_the_selection():
    hand = Hand("KS 3H JK 2C AH 5S")
    hand.select("JK 3H")
    hand.sort_by_suit()
    assert [c.code for c in hand.cards] == ["5S", "KS", "AH", "3H", "2C", "JK"]
    assert {c.code for c in hand.selected_cards} == {"JK", "3H"}
    assert [f["code"] for f in hand.faces] == [c.code for c in hand.cards]
    hand.sort_by_rank()
    assert [c.code for c in hand.cards] == ["3H", "5S", "KS", "AH", "2C", "JK"]
    assert {c.code for c in hand.selected_cards} == {"JK", "3H"}


def test_hand_four_colour_and_face_down_redraw():
    hand = Hand("7D 7C")
    plain = [f["svg"] for f in hand.faces]
    hand.four_colour = True
    assert [f["svg"] for f in hand.faces] != plain
    hand.face_down = True
    assert [f["label"] for f in hand.faces] == ["face-down card, blue back"] * 2   # the back is seen, so said


def test_setting_cards_clears_selection():
    hand = Hand("7D 7C")
    hand.selected = [1]
    hand.cards = "8D 8C 8S"
    assert hand.selected == [] and len(hand.faces) == 3


def test_palette_has_54_distinct_faces():
    cards = palette_cards()
    assert len(cards) == 54 and len(set(cards)) == 54


# ------------------------------------------------------------------- Referee
def test_referee_typed_legal_meld_shows_kind_wild_and_points():
    ref = MeldReferee()
    ref.meld_text.value = "2H 5H 6H"
    html = ref.verdict.value
    assert "Legal meld" in html and "run of hearts" in html
    assert "stands for 4♥" in html
    assert "30 card points" in html
    assert "<svg" in html
    assert ref.result.legal is True


def test_referee_typed_illegal_meld_names_the_rule():
    ref = MeldReferee()
    ref.meld_text.value = "5H 6H JK 2C"
    html = ref.verdict.value
    assert "Not a legal meld" in html and "meld.one-wild" in html
    assert ref.result.rule == "meld.one-wild"


def test_referee_palette_clicks_update_text_and_verdict():
    ref = MeldReferee()
    palette = ref.palette
    codes = [c.code for c in palette.cards]
    palette.selected = [codes.index("7S")]
    assert ref.meld_text.value == "7S"
    assert "at least 3 cards" in ref.verdict.value
    palette.selected = [codes.index("7S"), codes.index("7D"), codes.index("JK")]
    assert ref.meld_text.value == "7S 7D JK"
    assert "Legal meld" in ref.verdict.value and "group of sevens" in ref.verdict.value


def test_referee_typed_text_is_shown_in_the_palette():
    ref = MeldReferee()
    ref.meld_text.value = "QH KH AH"
    assert {c.code for c in ref.palette.selected_cards} == {"QH", "KH", "AH"}
    ref.meld_text.value = "QH KH AH'"   # second-deck copy: not in the palette, the text stays
    assert ref.meld_text.value == "QH KH AH'"
    assert "Legal meld" in ref.verdict.value


def test_referee_ruleset_changes_the_verdict():
    ref = MeldReferee(cards="7S 7D 7C")
    assert ref.result.legal is True
    ref.rules.value = "pulito"
    assert ref.result.rule == "group.not-allowed"
    assert "group.not-allowed" in ref.verdict.value


def test_referee_unreadable_text():
    ref = MeldReferee(cards="7X 8H")
    assert "Cannot read" in ref.verdict.value and ref.result.legal is None


def test_referee_attach_shows_arrangements():
    ref = MeldReferee(cards="2H 5H 6H")
    ref.attach_text.value = "8H"
    html = ref.attach_verdict.value
    assert "Can attach" in html and "5H 6H 2H=7H 8H" in html
    ref.attach_text.value = "10H"
    assert "Cannot attach" in ref.attach_verdict.value
    assert "run.gap" in ref.attach_verdict.value


def test_referee_attach_bound_wild_refusal_and_palette_target():
    ref = MeldReferee(cards="6H JK 8H")
    ref.target.value = "attach"
    codes = [c.code for c in ref.palette.cards]
    ref.palette.selected = [codes.index("10H")]
    assert ref.attach_text.value == "10H"
    assert ref.meld_text.value == "6H JK 8H"
    assert "wild.bound" in ref.attach_verdict.value
    ref.palette.selected = [codes.index("10H"), codes.index("7H")]
    assert "Can attach" in ref.attach_verdict.value
    assert ref.attach_result.meld.table_code == "6H 7H 8H JK=9H 10H"


def test_referee_several_arrangements_are_listed():
    verdict = judge_attach(bc.Meld.lay_down("5H 6H 7H", "classic"), "JK")
    assert verdict.legal and len(verdict.melds) == 2
    assert "2 ways" in verdict.html


def test_referee_clear_button():
    ref = MeldReferee(cards="5H 6H 7H", attach="8H")
    ref.clear.click()
    assert ref.meld_text.value == "" and ref.attach_text.value == "" and ref.palette.selected == []
    assert "Pick cards" in ref.verdict.value


def test_referee_four_colours_redraws_palette():
    ref = MeldReferee(cards="5D 6D 7D")
    diamond = [f["code"] for f in ref.palette.faces].index("7D")
    before_face, before_verdict = ref.palette.faces[diamond]["svg"], ref.verdict.value
    ref.four_colour.value = True
    assert ref.palette.four_colour
    assert ref.palette.faces[diamond]["svg"] != before_face
    assert ref.verdict.value != before_verdict and "Legal meld" in ref.verdict.value


def test_judge_meld_table_form_and_burraco():
    verdict = judge_meld("3S 4S 5S 6S 7S 8S 9S", "classic")
    assert verdict.legal and "clean burraco" in verdict.html and "+200" in verdict.html
    placed = judge_meld("2C=4H 5H 6H", "classic")
    assert placed.legal and placed.meld.table_code == "2C=4H 5H 6H"


def test_referee_words_are_the_engines():
    verdict = judge_meld("2H 5H 6H", "classic")
    assert str(verdict.meld.describe()) in verdict.html          # "run of hearts: ... standing for 4♥"
    attach = judge_attach(verdict.meld, "8H")
    assert all(str(option.describe()) in attach.html for option in attach.melds)
    assert "3 of the 7 cards a burraco needs" in verdict.html


# ------------------------------------------------------------ Score calculator
def _fill(calc: ScoreCalculator, side: str, melds: str, hand: str = "", took: bool = True) -> None:
    panel = calc.sides[side]
    panel.melds.value = melds
    panel.in_hand.value = hand
    panel.took_pozzetto.value = took


def test_score_calculator_counts_each_side_line_by_line():
    calc = ScoreCalculator()
    _fill(calc, "A", "3S 4S 5S 6S 7S 8S 9S\n7H 7D JK", "")
    _fill(calc, "B", "QH KH AH", "9C 2D", took=False)
    calc.closed_by.value = "A"
    a = calc.results["A"].breakdown
    b = calc.results["B"].breakdown
    expected_a = bc.score_side([bc.Meld.parse("3S 4S 5S 6S 7S 8S 9S", "classic"),
                                bc.Meld.parse("7H 7D JK", "classic")], "", "classic",
                               closed=True, took_pozzetto=True)
    assert a == expected_a and a.total == 45 + 200 + 40 + 100
    assert b.total == 35 - 30 - 100
    html_a = calc.sides["A"].breakdown.value
    assert "Clean burraco" in html_a and "Closing" in html_a and "+385" in html_a
    assert "Pozzetto never taken" in calc.sides["B"].breakdown.value
    assert "+385" in calc.hand_total.value and "-95" in calc.hand_total.value


def test_score_calculator_reports_bad_lines_and_blocks_adding():
    calc = ScoreCalculator()
    _fill(calc, "A", "5H 6H JK 2C\n7S 7D 7C", "")
    assert calc.results["A"].breakdown is None
    assert "Meld line 1" in calc.sides["A"].breakdown.value
    assert "meld.one-wild" in calc.sides["A"].breakdown.value
    assert calc.add_hand.disabled
    calc.add_hand.click()
    assert calc.hands == []


def test_score_calculator_match_totals_and_victory_points():
    calc = ScoreCalculator()
    _fill(calc, "A", "3S 4S 5S 6S 7S 8S 9S")
    _fill(calc, "B", "QH KH AH")
    calc.closed_by.value = "A"
    calc.add_hand.click()                      # A 360, B 35
    _fill(calc, "A", "7H 7D 7C")
    _fill(calc, "B", "8S 9S 10S JS QS KS AS JK", "4D")   # B closes: it needs a burraco
    calc.closed_by.value = "B"
    calc.add_hand.click()
    assert len(calc.hands) == 2
    total_a, total_b = calc.match_totals
    assert total_a == sum(h[0] for h in calc.hands) and total_b == sum(h[1] for h in calc.hands)
    assert calc.victory == bc.victory_points(total_a, total_b, hands=3)
    assert "Victory points" in calc.match.value and "after 2 of 3 hands" in calc.match.value
    calc.hands_in_match.value = 4
    assert calc.victory == bc.victory_points(total_a, total_b, hands=4)
    calc.remove_hand.click()
    assert len(calc.hands) == 1
    calc.new_match.click()
    assert calc.hands == [] and "No hand" in calc.match.value


def test_score_calculator_table_form_and_pulito_unused_pozzetto():
    calc = ScoreCalculator(rules="pulito")
    _fill(calc, "A", "2C=4H 5H 6H", "")
    calc.sides["A"].pozzetto_unused.value = True
    assert calc.results["A"].breakdown.pozzetto_penalty == -100
    assert "Pozzetto taken but not played" in calc.sides["A"].breakdown.value


def test_score_calculator_side_names_follow_into_closer_choice():
    calc = ScoreCalculator()
    calc.sides["A"].name.value = "Anna & Bruno"
    assert ("Anna & Bruno", "A") in calc.closed_by.options
    assert calc.closed_by.value == "none"


def _finished(rules: str, players: int, seed: int) -> bc.Game:
    game = bc.Game.new(rules, players=players, seed=seed)
    return bc.play_hand(game, [bc.GreedyBot(i) for i in range(players)])


@pytest.mark.parametrize("rules", sorted(bc.RULESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_score_calculator_load_game_shows_the_games_own_score(rules, players):
    calc = ScoreCalculator(rules="classic" if rules != "classic" else "pulito")
    for seed in range(4):
        game = _finished(rules, players, seed)
        calc.load_game(game)
        a, b = game.score()
        assert calc.rules.value == rules
        assert calc.current_totals() == (a.total, b.total)
        assert (calc.results["A"].breakdown, calc.results["B"].breakdown) == (a, b)
        assert f"{a.total:+d}" in calc.hand_total.value and f"{b.total:+d}" in calc.hand_total.value
        melds = calc.sides["A"].melds.value.splitlines()
        assert melds == [m.table_code for m in game.melds[0]]
        in_hand = bc.parse_cards(calc.sides["B"].in_hand.value)
        assert sorted(in_hand) == sorted(c for p in game.partners(1) for c in game.hands[p])
        result = game.result
        assert calc.closed_by.value == ("AB"[result.side] if result.reason == "closed" else "none")


@pytest.mark.parametrize(("players", "seed", "key"), [(4, 21, "unused-pozzetto"), (2, 26, "no-pozzetto"),
                                                      (2, 2, "in-hand")])
def test_score_calculator_load_game_pulito_pozzetto_and_stock_endings(players, seed, key):
    game = _finished("pulito", players, seed)
    scores = game.score()
    assert any(line.key == key for side in scores for line in side.lines)   # the case this seed gives
    calc = ScoreCalculator()
    calc.load_game(game)
    assert calc.current_totals() == (scores[0].total, scores[1].total)
    for index, side in enumerate("AB"):
        panel = calc.sides[side]
        assert panel.took_pozzetto.value == game.took_pozzetto[index]
        assert panel.pozzetto_unused.value == any(line.key == "unused-pozzetto" for line in scores[index].lines)
    calc.add_hand.click()
    assert calc.hands == [(scores[0].total, scores[1].total)]


def test_score_calculator_load_game_refuses_a_hand_not_over():
    calc = ScoreCalculator()
    calc.sides["A"].melds.value = "7H 7D 7C"
    with pytest.raises(ValueError, match="not over"):
        calc.load_game(bc.Game.new("classic", players=2, seed=1))
    assert calc.sides["A"].melds.value == "7H 7D 7C"


# ---------------------------------------------------------------- Play table
BUTTONS = {bc.Draw: "draw", bc.TakePile: "take_pile", bc.TakePozzetto: "pozzetto", bc.LayDown: "lay_down",
           bc.Attach: "attach", bc.Discard: "discard"}


def press(table: PlayTable, action: bc.Action) -> None:
    """Play an action the way a learner does: select the cards, press the button (which must be enabled)."""
    if isinstance(action, bc.LayDown):
        table.hand.select(action.cards)
    elif isinstance(action, bc.Attach):
        table.attach_to.value = action.meld
        table.hand.select(action.cards)
    elif isinstance(action, bc.Discard):
        table.hand.select([action.card])
    button = getattr(table, BUTTONS[type(action)])
    assert not button.disabled, f"{button.description} is disabled for {action}"
    button.click()


class Steps:
    """A scheduler for tests: keeps the calls the table asks for, and makes them when told."""

    def __init__(self) -> None:
        self.pending: list[tuple[float, object]] = []

    def __call__(self, delay, callback):
        entry = (delay, callback)
        self.pending.append(entry)
        return lambda: entry in self.pending and self.pending.remove(entry)

    def run_one(self) -> float:
        delay, callback = self.pending.pop(0)
        callback()
        return delay


MOVES = ("draw", "take_pile", "pozzetto", "lay_down", "attach", "discard", "hint")


@pytest.mark.parametrize(("rules", "players", "seed"), [("classic", 4, 3), ("classic", 2, 7), ("pulito", 2, 1),
                                                        ("italiano", 4, 5)])
def test_play_a_whole_hand_through_the_buttons(rules, players, seed):
    table = PlayTable(rules=rules, players=players, seed=seed, pace=0)
    assert f"deal {seed}" in table.table.view.value
    learner = GreedyBot(1234)
    kinds = set()
    for _ in range(400):
        if table.game.is_over:
            break
        action = learner.choose(table.game)
        before = len(table.events)
        press(table, action)
        assert "Not allowed" not in table.message.value, table.message.value
        assert table.events[before].startswith("You ")
        kinds.add(type(action).__name__)
        if isinstance(action, bc.Draw) and not table.game.is_over:
            drawn = table.session.events[before].cards
            assert table.hand.marked_cards == drawn and len(drawn) == 1     # the card just drawn is marked
            assert table.draw.disabled and table.take_pile.disabled           # nothing more to draw
    assert table.game.is_over
    assert {"Draw", "Discard", "LayDown"} <= kinds
    assert "The hand is over" in table.message.value and table.events[-1] in table.message.value.replace("&#x27;", "'")
    html = table.final.value
    assert "End of the hand" in html and "Hand total" in html
    mine, theirs = table.game.score()
    assert f"Your side {mine.total:+d}" in html and f"the other side {theirs.total:+d}" in html
    assert "The hand is over" in table.table.view.value
    assert all(getattr(table, name).disabled for name in MOVES)            # nothing to play any more
    assert table.undo.disabled and not table.new_hand.disabled              # a finished hand is not taken back
    table.draw.click()
    assert "deal a new hand" in table.message.value
    # the whole log is kept, the latest first, in a scrolling box
    log = table.story.value
    assert log.count('class="bt-log-line') == len(table.events) and "overflow-y:auto" in log
    assert log.index(table.events[-1].replace("'", "&#x27;")) < log.index(table.events[0].replace("'", "&#x27;"))
    if players == 4:   # whose meld: the partner's attaches are to "your side's meld"
        for event in table.session.events:
            if event.player == 2 and isinstance(event.action, bc.Attach):
                assert "Your partner attached" in event.text() and "your side's meld" in event.text()


def test_the_move_buttons_go_when_the_hand_is_over():
    """After "The hand is over" Draw, Discard and the other moves are not shown (issue 30: they stayed, greyed);
    Undo is disabled: it took the closing move back and the hand went on (issue 30, a learner's three hands)."""
    table = PlayTable(rules="classic", players=2, seed=7, pace=0)
    shown = ("draw", "take_pile", "pozzetto", "lay_down", "attach", "attach_to", "discard")
    assert all(getattr(table, name).layout.display != "none" for name in shown)
    learner = GreedyBot(1234)
    for _ in range(400):
        if table.game.is_over:
            break
        press(table, learner.choose(table.game))
    assert table.game.is_over and "The hand is over" in table.table.view.value
    assert [name for name in shown if getattr(table, name).layout.display != "none"] == []
    assert table.undo.disabled and table.hint.disabled
    assert table.again.layout.display == "none"                         # the Play page deals a new hand instead
    events, final = list(table.events), table.final.value
    table.take_back()                                                   # as a page clicked before it was redrawn
    assert table.game.is_over and table.events == events and table.final.value == final
    assert "deal a new hand" in table.message.value and table.undo.disabled


def test_the_one_pile_card_is_said_while_it_is_held():
    """"You took K♦, the only card of the discard pile, this turn" is said while K♦ may not be discarded, and no
    more once it is laid down (issue 30: it stayed, true and of no use any more)."""
    from lessons.curriculum.guided import make_session
    position = {"hands": ["KS KC 5H 9C 3D", "4S 5S 6S 7S 8S"], "discard_pile": "KD"}
    table = PlayTable(session=make_session(bc.ruleset("classic"), position), pace=0, settings=False)
    said = "You took K♦, the only card of the discard pile, this turn"
    table.take_pile.click()
    assert said in table.table.view.value
    table.hand.select("KS KC KD")
    table.lay_down.click()
    assert "You laid down" in table.message.value, table.message.value
    assert said not in table.table.view.value and said not in table.message.value
    assert "Your turn" in table.table.view.value                         # the rest of the status stays


def test_play_table_shows_refusals_with_the_rule():
    table = PlayTable(players=2, seed=7, pace=0)
    assert table.discard.disabled and table.lay_down.disabled and not table.draw.disabled
    table.hand.selected = [0]
    table.discard.click()
    draw_first = bc.messages.Message("rule.turn.draw-first.summary").text("en")
    assert "Not allowed" in table.message.value and draw_first in table.message.value
    assert "turn.draw-first" not in table.message.value                  # no rule ids on a learner's page
    table.draw.click()
    assert "You drew " in table.message.value and " from the stock." in table.message.value
    table.draw.click()
    assert bc.messages.Message("rule.turn.already-drawn.summary").text("en") in table.message.value
    table.hand.selected = [0, 1]
    table.discard.click()
    assert "Select one card" in table.message.value
    table.hand.selected = [0]
    assert not table.lay_down.disabled and table.attach.disabled       # no meld of the side to attach to
    table.lay_down.click()
    too_few = bc.messages.Message("rule.meld.too-few-cards.summary").text("en").rstrip(".")
    assert table.message.value.count(too_few) == 1, table.message.value      # said by the reason, not again
    table.attach.click()
    assert "no meld yet" in table.message.value
    table.hand.selected = []
    assert table.lay_down.disabled and table.discard.disabled          # nothing selected: nothing to play


def test_play_table_undo_restores_the_learners_turn():
    table = PlayTable(players=4, seed=11, pace=0)
    start_hand = table.game.hands[0]
    assert table.undo.disabled
    table.draw.click()
    assert len(table.game.hands[0]) == 12 and not table.undo.disabled
    table.hand.selected = [0]
    table.discard.click()
    assert table.game.current_player == 0 or table.game.is_over      # the bots have played
    table.undo.click()
    assert table.game.phase == "play" and len(table.game.hands[0]) == 12
    assert "Undone: You discarded" in table.message.value
    table.undo.click()
    assert table.game.hands[0] == start_hand and table.game.phase == "draw"
    assert table.events == [] and table.undo.disabled
    table.undo.click()
    assert "Nothing to undo" in table.message.value


def test_play_table_hint_sort_and_new_hand():
    table = PlayTable(players=2, seed=7, pace=0)
    table.hint.click()
    assert "Hints" in table.message.value and "Draw from the stock" in table.message.value
    table.sort_rank.click()
    assert list(table.hand.cards) == sorted(table.hand.cards, key=lambda c: ({1: 14, 2: 15, 0: 16}.get(c.rank, c.rank)))
    table.player_count.value = 4
    table.rules.value = "pulito"
    table.new_hand.click()
    assert table.game.players == 4 and table.game.rules.id == "pulito"
    assert "Opponent on your right" in table.table.view.value and "A new hand is dealt" in table.message.value


def test_new_hand_is_a_new_deal_unless_a_number_is_typed():
    table = PlayTable(players=2, pace=0)
    deals = {table.session.deal}
    for _ in range(4):
        table.new_hand.click()
        deal = table.session.deal
        assert f"deal {deal}" in table.message.value and f"deal {deal}" in table.table.view.value
        deals.add(deal)
    assert len(deals) >= 4                                   # five random deals: at most one repeat
    table.seed.value = "7"
    table.new_hand.click()
    assert table.session.deal == 7 and table.game.to_json() == bc.Game.new("classic", 2, seed=7).to_json()
    table.new_hand.click()
    assert table.session.deal == 7                           # the number typed deals that deal again
    table.seed.value = "seven"
    table.new_hand.click()
    assert "not &#x27;seven&#x27;" in table.message.value and table.session.deal == 7


def test_computer_moves_are_shown_one_at_a_time_and_highlighted():
    steps = Steps()
    table = PlayTable(players=4, seed=11, pace=1.0, scheduler=steps)
    table.draw.click()
    assert steps.pending == []                               # the learner's own turn goes on: nothing to wait for
    table.hand.selected = [0]
    table.discard.click()
    assert len(table.events) == 3                            # draw, discard, and one computer move shown
    first = table.session.events[-1]
    assert table.current is first and not first.human
    assert 'bt-log-current' in table.story.value and first.text().split(" ")[0] in table.now.value
    assert all(getattr(table, name).disabled for name in MOVES)   # not the learner's turn
    assert not table.undo.disabled
    assert len(steps.pending) == 1 and steps.pending[0][0] == 1.0
    shown = [first]
    while steps.pending:
        count = len(table.events)
        steps.run_one()
        if table.current is not None:
            assert len(table.events) == count + 1            # one move a step
            shown.append(table.current)
            assert table.story.value.count("bt-log-current") == 1
        if len(shown) == 3 and table.speed.value == 1.0:
            table.speed.value = 0.25                         # "faster": the next move comes sooner
            assert len(steps.pending) == 1 and steps.pending[0][0] == 0.25
    assert table.current is None and table.now.value == "" and "bt-log-current" not in table.story.value
    assert table.game.current_player == 0 and not table.draw.disabled and not table.hint.disabled
    assert [e.index for e in shown] == list(range(2, len(table.events)))
    lit = [e for e in shown if e.meld is not None]
    for event in lit[:1]:                                    # a meld move rings its meld on the table
        steps2 = Steps()
        again = PlayTable(players=4, seed=11, pace=1.0, scheduler=steps2)
        again.draw.click()
        again.hand.selected = [0]
        again.discard.click()
        while again.current is None or again.current.index != event.index:
            steps2.run_one()
        assert "bt-meld bt-lit" in again.table.view.value


def test_all_at_once_shows_the_remaining_computer_moves_now():
    steps = Steps()
    table = PlayTable(players=4, seed=11, pace=1.0, scheduler=steps)
    table.draw.click()
    table.hand.selected = [0]
    table.discard.click()
    assert table.busy and len(table.events) == 3
    table.speed.value = 0.0
    assert not table.busy and steps.pending == [] and table.game.current_player == 0
    table.draw.click()
    table.hand.selected = [0]
    table.discard.click()
    assert not table.busy and steps.pending == []            # from now on at once


def test_undo_or_a_new_hand_while_the_computer_players_move_drops_their_pending_moves():
    steps = Steps()
    table = PlayTable(players=4, seed=11, pace=1.0, scheduler=steps)
    table.draw.click()
    table.hand.selected = [0]
    table.discard.click()
    assert table.busy and len(steps.pending) == 1
    table.undo.click()
    assert steps.pending == [] and not table.busy and table.game.phase == "play"
    table.hand.selected = [0]
    table.discard.click()
    stale = steps.pending[0][1]
    table.new_hand.click()
    table.deal_anyway.click()                                # a hand in progress: New hand asks first
    stale()                                                  # a step asked for before the new hand does nothing
    assert table.events == [] and table.game.current_player == 0


def test_the_default_scheduler_paces_the_moves_on_a_running_event_loop():
    import asyncio

    async def play() -> list[int]:
        table = PlayTable(players=4, seed=11, pace=0.01)
        table.draw.click()
        table.hand.selected = [0]
        seen: list[int] = []
        table.story.observe(lambda change: seen.append(len(table.session.events)), names="value")
        table.discard.click()
        assert table.busy and len(table.events) == 3      # the first computer move, the others to come
        for _ in range(1000):
            if not table.busy:
                break
            await asyncio.sleep(0.005)
        assert not table.busy and table.game.current_player == 0
        return seen

    # A thread of its own: Playwright's sync API (the browser tests, earlier in a full run) leaves
    # an event loop running in the main thread, where asyncio.run() refuses to start.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        seen = pool.submit(asyncio.run, play()).result()
    assert seen[-1] > 5
    assert all(b - a <= 1 for a, b in zip(seen, seen[1:], strict=False))  # the log grew one move at a time


class RefusedBot:
    """A computer player whose every move the rules refuse: a one-card meld before drawing."""

    def choose(self, game: bc.Game) -> bc.Action:
        return bc.LayDown(game.hands[game.current_player][:1])


def test_play_table_stops_the_bots_when_the_engine_refuses_their_move():
    table = PlayTable(players=2, seed=7, pace=0)
    table.session.bots[1] = RefusedBot()
    table.draw.click()
    before = table.game.copy()
    for index in range(len(table.hand.cards)):   # discard the first card the rules accept
        table.hand.selected = [index]
        table.discard.click()
        if table.stopped is not None:
            break
    assert table.game.current_player == 1 and table.game.phase == "draw"     # nothing played in its place
    assert len(table.game.history) == len(before.history) + 1                 # only the learner's discard
    message = table.message.value
    draw_first = bc.messages.Message("rule.turn.draw-first.summary").text("en")
    assert "The computer players have stopped" in message and draw_first in message
    said = table.stopped.message("en")
    assert "refuse" in table.events[-1] and said in table.events[-1]
    assert said in table.story.value and "turn.draw-first" not in table.story.value   # words, no rule id
    table.draw.click()                                                        # the learner cannot play on
    assert "have stopped" in table.message.value and table.game.current_player == 1
    table.undo.click()
    assert table.stopped is None and table.game.current_player == 0 and table.game.phase == "play"
    table.new_hand.click()
    table.deal_anyway.click()                                                 # it asks first: a hand in progress
    assert table.stopped is None and "A new hand is dealt" in table.message.value


def test_every_label_of_the_play_table_comes_from_the_catalogue(tmp_path, monkeypatch):
    """In a made-up language 'xx' (every English text between ⟪ ⟫) no label of the table is left in English."""
    import re

    from burraco_core import messages

    english = messages.catalogue("en")
    (tmp_path / "xx.txt").write_text("\n".join(f"{key} = ⟪{text}⟫" for key, text in english.items()) + "\n",
                                     encoding="utf-8")
    monkeypatch.setattr(messages, "_DIRS", [*messages._DIRS, tmp_path])
    messages._CATALOGUES.clear()
    try:
        table = PlayTable(players=4, seed=3, pace=0, lang="xx")
        table.draw.click()
        controls = [table.draw, table.take_pile, table.lay_down, table.attach, table.discard, table.pozzetto,
                    table.hint, table.undo, table.sort_suit, table.sort_rank, table.new_hand, table.count_it]
        for button in controls:
            assert "⟪" in button.description and "⟪" in button.tooltip, button.description
        for widget in (table.player_count, table.seed, table.speed, table.attach_to, table.four_colour):
            assert "⟪" in widget.description, widget.description
        assert all("⟪" in label for label, _ in table.speed.options + table.player_count.options)
        assert "⟪" in table.seed.placeholder and "⟪" in table.hand.label and "⟪" in table.hand.marked_label
        view = table.table.view.value
        texts = [t.strip() for t in re.sub(r"<svg.*?</svg>", "", view, flags=re.S).split("<") if ">" in t]
        shown = [t.split(">", 1)[1].strip() for t in texts]
        assert [t for t in shown if t and "⟪" not in t and not t.startswith("⟫")] == []
        assert "⟪" in table.message.value and "⟪" in table.story.value
    finally:
        messages._CATALOGUES.clear()


def test_a_failing_computer_player_is_said_not_swallowed_by_the_event_loop():
    class Broken:
        def choose(self, game: bc.Game) -> bc.Action:
            raise RuntimeError("a bug in a bot")

    table = PlayTable(players=2, seed=7, pace=1.0, scheduler=Steps())
    table.session.bots[1] = Broken()
    table.draw.click()
    table.hand.selected = [0]
    table.discard.click()
    assert "Something went wrong" in table.message.value and table.current is None


def _finished_session(rules: str, players: int, seed: int) -> HandSession:
    return HandSession(_finished(rules, players, seed), {p: GreedyBot(p) for p in range(1, players)})


def test_play_table_counts_the_finished_hand_in_the_score_calculator():
    table = PlayTable(players=4, seed=3, pace=0)
    assert table.count_it.layout.display == "none"
    table.count_in_calculator()
    assert "not over" in table.message.value and table.calculator is None
    table.use(_finished_session("classic", 4, 3))
    assert table.count_it.layout.display != "none"
    table.count_it.click()
    calc = table.calculator
    assert isinstance(calc, ScoreCalculator) and list(table.calculator_box.children) == [calc]
    mine, theirs = table.game.score()
    assert calc.current_totals() == (mine.total, theirs.total)
    assert calc.name("A") == "Your side" and "Counted in the score calculator" in table.message.value
    mine_html = table.final.value
    assert f"Your side {mine.total:+d}" in mine_html
    other = ScoreCalculator()
    linked = PlayTable(players=2, seed=5, calculator=other, pace=0)
    linked.use(_finished_session("classic", 2, 5))
    assert linked.count_in_calculator() is other and linked.calculator_box.children == ()
    assert other.current_totals() == tuple(s.total for s in linked.game.score())
    with pytest.raises(bc.BurracoError):
        linked.use(HandSession.new("classic", 2, deal=1, human=1))


def test_a_guided_hand_shows_its_goal_and_says_when_it_is_reached():
    from burraco_core.messages import Message
    from burraco_core.session import Goal

    goals = [Goal(Message("table.draw.tooltip"), lambda game: game.phase == "play"),
             Goal(Message("table.discard.tooltip"), lambda game: game.turns_played[0] >= 1)]
    session = HandSession(bc.Game.new("classic", 2, seed=4), {1: GreedyBot(1)}, goals=goals)
    table = PlayTable(session=session, pace=0)
    assert "Goal 1 of 2: Take the top card of the stock" in table.goal.value
    table.draw.click()
    assert "Goal 2 of 2: Discard the selected card" in table.goal.value
    assert "Goal reached: Take the top card of the stock" in table.story.value
    table.hand.selected = [0]
    table.discard.click()
    assert "Every goal reached" in table.goal.value
    assert PlayTable(players=2, seed=1, pace=0).goal.value == ""


def test_table_draws_a_long_meld_with_every_card_and_rings_the_one_just_played():
    game = bc.Game.setup("classic", hands=["5H 6H 7H", "8C 9C 10C"],
                         melds=[["3S 4S 5S 6S 2C 8S 9S 10S JS QS"], ["AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"]])
    table = Table(game)
    html = table.view.value
    assert 'data-cards="10"' in html and 'data-cards="13"' in html
    for code in ("3S", "4S", "5S", "6S", "2C", "8S", "9S", "10S", "JS", "QS"):
        assert f'data-card="{code}"' in html
    assert "stands for a seven of spades" in html or "7♠" in html or "seven of spades" in html
    table.show(game, highlight=(0, 0))
    assert table.view.value.count("bt-meld bt-lit") == 1


def test_table_closed_discard_pile_shows_only_the_top_card():
    import dataclasses

    closed = dataclasses.replace(bc.ruleset("classic"), open_discard_pile=False)
    game = bc.Game.setup(closed, hands=["5H 6H 7H", "8C 9C 10C"], discard_pile="3S 4D KC", seed=1)
    html = Table(game).view.value
    assert "only the top one shows" in html and "king of clubs" in html and "three of spades" not in html
    open_game = bc.Game.setup("classic", hands=["5H 6H 7H", "8C 9C 10C"], discard_pile="3S 4D KC", seed=1)
    assert "three of spades" in Table(open_game).view.value


def test_table_shows_melds_of_both_sides_and_counts():
    game = bc.Game.setup("classic", hands=["5H 6H 7H", "8C 9C 10C"], melds=[["QS QD QC"], ["4D 5D 6D 7D 8D 9D 10D"]],
                         seed=2)
    html = Table(game).view.value
    assert "Your melds: 1 meld" in html and "Your opponent&#x27;s melds: 1 meld" in html
    assert "clean burraco" in html and "Stock: " in html and "Opponent: 3 cards" in html
    assert "Pozzetti left: 2" in html and "Your turn: draw" in html


# ------------------------------------------------------------------ Notebook
@pytest.mark.notebook
@pytest.mark.parametrize("name", ["index", "referee", "score", "play"])
def test_app_notebooks_run_headless(name, tmp_path, monkeypatch):
    """The home page and the tool pages: one thin cell each, one widget, no error."""
    nbclient = required("nbclient")
    nbformat = required("nbformat")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))      # the kernel keeps progress here
    path = ROOT / "tutorial" / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert len(nb.cells) == 1
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True,
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    views = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    texts = " ".join(str(m.get("state", {}).get("value", "")) for m in state.values())
    assert 'class="bt-oops"' not in texts                 # built, not the apology
