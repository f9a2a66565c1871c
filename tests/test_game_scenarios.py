"""Scripted hands: every way a hand ends and every refusal of docs/RULES.md sections 2, 5 and 6.

Positions are built with ``Game.setup`` so each test states exactly what is on the
table; the cards a test does not name go to the stock (shuffled with a fixed seed).
"""

import dataclasses
import json

import pytest

import burraco_core as bc
from tests.helpers import refused_move

BURRACO = "3S 4S 5S 6S 7S 8S 9S"  # clean, 45 points
DIRTY_BURRACO = "3D 4D 5D 6D 7D 8D JK=9D"  # dirty, 65 points


def lines(breakdown):
    return [(line.key, line.points) for line in breakdown.lines]


def ready_to_close(rules="classic", **overrides):
    """Side 0 has its pozzetto and a clean burraco; player 0 is about to draw."""
    args = dict(
        hands=["5C 6C", "KH KS"],
        melds=[[BURRACO], []],
        discard_pile="7C 8C",
        took_pozzetto=(True, False),
        turns_played=[1, 1],
    )
    args.update(overrides)
    return bc.Game.setup(rules, **args)


def last_card(rules="classic", card="8C", **overrides):
    """Player 0 holds one card after drawing and melding: discarding it empties the hand."""
    args = dict(hands=[card, "KH KS"], melds=[[BURRACO], []], discard_pile="QD",
                took_pozzetto=(True, False), turns_played=[1, 1], phase="play")
    args.update(overrides)
    return bc.Game.setup(rules, **args)


def arranged(rules, stock_size, untaken_pozzetti=2, discard_pile="", **kw):
    """A position whose stock holds exactly ``stock_size`` cards; the rest lie under the discard pile."""
    probe = bc.Game.setup(rules, discard_pile=discard_pile, **kw)
    rest = list(probe.stock) + [c for p in probe.pozzetti for c in p]
    pozzetti = [rest[stock_size + 11 * i: stock_size + 11 * (i + 1)] for i in range(untaken_pozzetti)]
    stock = rest[:stock_size]
    pile = rest[stock_size + 11 * untaken_pozzetti:] + list(probe.discard_pile)
    return bc.Game.setup(rules, stock=stock, pozzetti=pozzetti, discard_pile=pile, **kw)


# ---------------------------------------------------------------- closing
def test_close_by_discard_scores_every_line():
    game = ready_to_close()
    game.apply("take")
    game.apply("meld 5C 6C 7C")
    game.apply("discard 8C")
    assert game.is_over and game.result == bc.Result("closed", player=0, side=0)
    mine, theirs = game.score()
    assert lines(mine) == [("meld", 45), ("meld", 15), ("burraco", 200), ("closing", 100)]
    assert mine.total == 360
    assert lines(theirs) == [("in-hand", -20), ("no-pozzetto", -100)]
    assert theirs.total == -120


def test_close_with_a_dirty_burraco_in_classic():
    game = last_card(melds=[[DIRTY_BURRACO], []])
    game.apply("discard 8C")
    mine, _ = game.score()
    assert lines(mine) == [("meld", 65), ("burraco", 100), ("closing", 100)]


def test_close_refused_without_burraco_names_the_condition():
    # docs/RULES.md section 6: a side closes only with a burraco. Holding one card that may not be
    # discarded is a dead end no hand reaches (issue 13, correction 3): setup refuses it ...
    with pytest.raises(bc.GameFileError, match="dead end"):
        last_card(melds=[["3S 4S 5S"], []])
    # ... and the meld that would lead there is refused, naming the missing condition.
    game = ready_to_close(melds=[["3S 4S 5S"], []])
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "close.no-discard-left")
    assert err.params["reason"].key == "rule.close.needs-burraco" and "burraco" in str(err)


def test_close_refused_with_a_wild():
    # docs/RULES.md section 6: the last card is not a wild. In pulito the 2 may still go out on a meld.
    game = last_card("pulito", card="2H", melds=[[BURRACO, "5C 6C 7C"], []])
    refused_move(game, "discard 2H", "close.wild-discard")
    assert bc.Attach(1, "2H") in game.legal_actions()


def test_close_refused_before_opponents_have_played():
    # seed 000 section 9: each opponent has played a turn (pulito closes by melding too)
    game = ready_to_close("pulito", discard_pile="7C", turns_played=[1, 0])
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "close.opponents-not-played")
    assert err.params["players"] == (bc.messages.Message("player", number=2),)
    assert "player 2 has not played" in str(err)  # people count players from 1
    game = ready_to_close(turns_played=[1, 0])
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "close.no-discard-left")
    assert err.params["reason"].key == "rule.close.opponents-not-played" and "player 2" in str(err)


def test_four_players_every_opponent_must_have_played():
    game = ready_to_close(hands=["5C 6C", "KH", "QH", "JH"], turns_played=[1, 1, 1, 0])
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "close.no-discard-left")
    assert err.params["reason"].key == "rule.close.opponents-not-played"
    assert "player 4" in str(err)
    game = last_card(hands=["8C", "KH", "QH", "JH"], turns_played=[1, 1, 0, 1])
    game.apply("discard 8C")  # the partner (player 2) need not have played
    assert game.result.reason == "closed"


@pytest.mark.parametrize("melds, card, because", [
    ([["3S 4S 5S"], []], "8C", "close.needs-burraco"),
    ([[BURRACO], []], "JK", "close.wild-discard"),
])
def test_meld_that_would_strand_the_last_card_is_refused(melds, card, because):
    game = ready_to_close(melds=melds, discard_pile="7C " + card)
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "close.no-discard-left")
    assert err.params["reason"].key == "rule." + because
    assert ("Joker" if card == "JK" else str(bc.parse_card(card))) in str(err)     # a joker is said in words


def test_close_by_melding_the_last_card_refused_in_classic():
    game = ready_to_close(hands=["5C 6C", "KH KS"], discard_pile="7C")
    game.apply("take")
    refused_move(game, "meld 5C 6C 7C", "close.by-meld")


def test_pulito_closes_by_meld_with_a_clean_burraco():
    game = ready_to_close("pulito", hands=["5C 6C", "KH KS"], discard_pile="7C")
    game.apply("take")
    game.apply("meld 5C 6C 7C")
    assert game.result.reason == "closed"
    mine, theirs = game.score()
    assert lines(mine) == [("meld", 45), ("meld", 15), ("burraco", 200), ("closing", 100)]
    assert lines(theirs) == [("in-hand", -20), ("no-pozzetto", -100)]


def test_pulito_needs_a_clean_burraco():
    game = ready_to_close("pulito", melds=[["3D 4D 5D 6D 7D 8D 2S=9D"], []], discard_pile="7C")
    game.apply("take")
    refused_move(game, "meld 5C 6C 7C", "close.needs-clean-burraco")
    # one card left that would make a clean burraco: it may go out on the meld, not be discarded
    game = last_card("pulito", card="9S", melds=[["3D 4D 5D 6D 7D 8D 2S=9D", "3S 4S 5S 6S 7S 8S"], []])
    refused_move(game, "discard 9S", "close.needs-clean-burraco")
    assert game.legal_actions() == [bc.Attach(1, "9S")]


def test_pulito_royal_burraco_scores_500():
    royal = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    game = last_card("pulito", melds=[[royal], []])
    game.apply("discard 8C")
    mine, _ = game.score()
    assert lines(mine) == [("meld", 15 + 10 + 5 * 5 + 6 * 10), ("burraco", 500), ("closing", 100)]


def test_single_card_pile_cannot_be_rediscarded_to_close():
    game = ready_to_close(hands=["5C 6C 7C", "KH KS"], discard_pile="9H")
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "close.no-discard-left")
    assert err.params["reason"].key == "rule.discard.single-pile-card"
    assert "9♥" in str(err)


# ---------------------------------------------------------------- the pozzetto
def test_pozzetto_al_volo_then_play_on():
    game = bc.Game.setup("classic", hands=["5C 6C", "KH KS"], discard_pile="7C", turns_played=[0, 0])
    game.apply("take")
    game.apply("meld 5C 6C 7C")
    assert game.phase == "pozzetto" and game.hands[0] == ()
    refused_move(game, "discard 5C", "turn.take-pozzetto")
    assert game.legal_actions() == [bc.TakePozzetto()]
    game.apply("pozzetto")
    assert game.phase == "play" and len(game.hands[0]) == 11
    assert game.took_pozzetto == (True, False) and len(game.pozzetti) == 1
    game.apply(bc.Discard(game.hands[0][0]))
    assert game.current_player == 1 and game.phase == "draw"


def test_no_pozzetto_al_volo_in_italiano():
    game = bc.Game.setup("italiano", hands=["5C 6C", "KH KS"], discard_pile="7C")
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "pozzetto.no-al-volo")
    assert "al volo" in str(err)


def test_pozzetto_con_scarto_even_with_a_wild():
    game = bc.Game.setup("italiano", hands=["2D", "KH KS"], discard_pile="QD", phase="play")
    game.apply("discard 2D")  # a wild is a fine discard to go to pozzetto (not to close)
    assert game.took_pozzetto == (True, False)
    assert len(game.hands[0]) == 11 and game.current_player == 1


def test_one_pozzetto_per_side():
    # Side 0 already took its pozzetto: emptying the hand again is a closing attempt.
    game = ready_to_close(melds=[["3S 4S 5S"], []])
    assert len(game.pozzetti) == 1
    game.apply("take")
    err = refused_move(game, "meld 5C 6C 7C", "close.no-discard-left")
    assert err.params["reason"].key == "rule.close.needs-burraco"


def test_pulito_pozzetto_taken_but_not_played_costs_100():
    # Player 0 takes the last pozzetto by discarding; player 1 draws the last stock card and the
    # hand ends before player 0 plays again.
    game = arranged("pulito", 1, untaken_pozzetti=1, hands=["9D", "KH KS"], discard_pile="QD",
                    phase="play", took_pozzetto=(False, True), turns_played=[1, 1])
    game.apply("discard 9D")
    assert game.took_pozzetto == (True, True) and game.pozzetti == ()
    game.apply("draw")
    game.apply("discard KH")
    assert game.result == bc.Result("stock", player=1)
    side0, _ = game.score()
    assert lines(side0)[-1] == ("unused-pozzetto", -100)
    assert lines(side0)[-2][0] == "in-hand"


def test_classic_unplayed_pozzetto_counts_as_cards_only():
    game = arranged("classic", 3, untaken_pozzetti=1, hands=["9D", "KH KS"], discard_pile="QD",
                    phase="play", took_pozzetto=(False, True), turns_played=[1, 1])
    game.apply("discard 9D")
    game.apply("draw")
    game.apply("discard KH")
    side0, _ = game.score()
    keys = [k for k, _ in lines(side0)]
    assert "unused-pozzetto" not in keys and "no-pozzetto" not in keys
    assert side0.hand_penalty == -sum(game.rules.card_value(c) for c in game.hands[0])


def _finish_on_stock(game):
    """Both players draw and discard until the hand ends on the stock."""
    while not game.is_over:
        game.apply("draw")
        hand = game.hands[game.current_player]
        game.apply(bc.Discard(hand[-1]))
    assert game.result.reason == "stock"
    return game.score()


# ---------------------------------------------------------------- the stock
def test_classic_hand_ends_when_two_stock_cards_are_left():
    game = arranged("classic", 3, hands=["5C 6C", "KH KS"], turns_played=[3, 3], discard_pile="9D")
    top = game.stock[-1]
    game.apply("draw")
    assert len(game.stock) == 2
    game.apply(bc.Discard(top))
    assert game.is_over and game.result == bc.Result("stock", player=0)
    side0, side1 = game.score()
    assert ("closing", 100) not in lines(side0) + lines(side1)
    assert lines(side0) == [("in-hand", -10), ("no-pozzetto", -100)]
    assert lines(side1) == [("in-hand", -20), ("no-pozzetto", -100)]


def test_last_two_stock_cards_are_never_drawn():
    game = arranged("buraco", 2, hands=["5C 6C", "KH KS"], discard_pile="9D")
    err = refused_move(game, "draw", "draw.last-two")
    assert "2 cards" in str(err)
    assert game.legal_actions() == [bc.TakePile()]


def test_italiano_pozzetto_becomes_the_stock_then_hand_ends():
    game = arranged("italiano", 1, hands=["5C 6C", "KH KS"], discard_pile="9D")
    game.apply("draw")
    game.apply("discard 5C")
    assert not game.is_over and len(game.stock) == 0 and len(game.pozzetti) == 2
    game.apply("draw")  # the first pozzetto becomes the stock
    assert len(game.pozzetti) == 1 and len(game.stock) == 10
    game.apply(bc.Discard(game.hands[1][-1]))
    side0, side1 = _finish_on_stock(game)
    assert game.pozzetti == ()
    assert ("no-pozzetto", -100) in lines(side0) and ("no-pozzetto", -100) in lines(side1)


# ---------------------------------------------------------------- turn order and refusals
def test_turn_order_refusals():
    game = bc.Game.new("classic", players=4, seed=3)
    refused_move(game, "discard " + game.hands[0][0].code, "turn.draw-first")
    refused_move(game, bc.LayDown(game.hands[0][:3]), "turn.draw-first")
    game.apply("draw")
    refused_move(game, "draw", "turn.already-drawn")
    refused_move(game, "take", "turn.already-drawn")
    refused_move(game, "pozzetto", "pozzetto.hand-not-empty")
    other = game.hands[1][0]
    if other.face not in {c.face for c in game.hands[0]}:
        refused_move(game, bc.Discard(other), "hand.not-held")
    refused_move(game, bc.Attach(0, game.hands[0][:1]), "attach.no-such-meld")


def test_whole_discard_pile_is_taken():
    game = bc.Game.setup("classic", hands=["5C 6C", "KH KS"], discard_pile="9D 10D JD")
    game.apply("take")
    assert game.discard_pile == () and len(game.hands[0]) == 5


def test_single_card_pile_allowed_when_the_twin_was_held():
    game = bc.Game.setup("classic", hands=["9H 6C", "KH KS"], discard_pile="9H")
    game.apply("take")
    assert sorted(c.deck for c in game.hands[0] if c.face == (9, "H")) == [0, 1]
    game.apply("discard 9H")
    assert game.current_player == 1


def test_single_card_pile_refused_without_the_twin():
    game = bc.Game.setup("classic", hands=["8H 6C", "KH KS"], discard_pile="9H")
    game.apply("take")
    refused_move(game, "discard 9H", "discard.single-pile-card")
    assert bc.Discard(bc.parse_card("9H")) not in game.legal_actions()


def test_no_second_group_of_the_same_rank():
    game = bc.Game.setup("classic", hands=["8H 8D 8C 8S 4C", "KH KS"], melds=[["8H 8D JK"], []],
                         discard_pile="4D")
    game.apply("take")
    err = refused_move(game, "meld 8C 8S 8H", "side.second-group")
    assert "attach" in str(err)
    game.apply("attach 0 8C 8S")
    assert len(game.melds[0][0]) == 5


def test_a_second_group_says_a_card_held_twice_once():
    """Issue 32: the refusal named a card laid down from each deck twice ("o 8♥, o 8♥"); it says both at once."""
    game = bc.Game.setup("classic", hands=["8H 8H 8C QH QH QC 4C", "KH KS"], melds=[["8S 8D JK", "QS QD QC"], []],
                         discard_pile="4D")
    game.apply("take")
    said = {"en": "attach both 8♥ and 8♣ to it", "it": "attaccaci i due 8♥ e l'8♣", "es": "añade los dos 8♥ y el 8♣",
            "pt": "adicione os dois 8♥ e o 8♣"}
    err = refused_move(game, "meld 8H 8H' 8C", "side.second-group")
    for lang, words in said.items():
        assert words in err.message(lang), err.message(lang)
    queens = refused_move(game, "meld QH QH' QC", "side.second-group")     # a feminine name: le due, las dos, as duas
    assert [queens.message(lang).split(": ")[-1] for lang in ("it", "es", "pt")] == [
        "attaccaci le due Q♥ e la Q♣.", "añade las dos Q♥ y la Q♣ a ese trío.", "adicione as duas Q♥ e a Q♣ a essa trinca."]


def test_attach_only_to_own_side():
    game = bc.Game.setup("classic", hands=["9S 4C 4D", "KH KS"], melds=[[], [BURRACO]],
                         discard_pile="4H")
    game.apply("take")
    refused_move(game, "attach 0 9S", "attach.no-such-meld")


def test_stalemate_voids_the_hand():
    rules = dataclasses.replace(bc.ruleset("classic"), id="house", stalemate_limit=4)
    game = bc.Game.setup(rules, hands=["5C 9D", "KH 9S"], discard_pile="QD")
    for _ in range(4):
        game.apply("take")
        hand = game.hands[game.current_player]
        pick = [c for c in hand if c.face != (12, "D")] if game.current_player == 0 else list(hand)
        playable = [c for c in pick if game.explain(bc.Discard(c)) is None]
        game.apply(bc.Discard(playable[0]))
    assert game.is_over and game.result.reason == "void"
    assert all(b.total == 0 for b in game.score())


def test_over_means_no_more_moves():
    game = ready_to_close()
    game.apply("take")
    game.apply("meld 5C 6C 7C")
    game.apply("discard 8C")
    refused_move(game, "draw", "turn.over")
    assert game.legal_actions() == []


def test_score_before_the_end_is_an_error():
    with pytest.raises(bc.BurracoError):
        bc.Game.new(seed=1).score()


# ---------------------------------------------------------------- positions and saved games
def test_setup_checks_card_conservation():
    with pytest.raises(bc.GameFileError, match="more times"):
        bc.Game.setup("classic", hands=["5C 5C 5C", "KH"])
    with pytest.raises(bc.GameFileError, match="without jokers"):
        bc.Game.setup("pulito", hands=["JK 5C", "KH"])
    with pytest.raises(bc.GameFileError, match="missing"):
        bc.Game.setup("classic", hands=["5C", "KH"], stock="2C", pozzetti=["", ""])


def test_saved_game_round_trip_and_corruption():
    game = bc.Game.new("buraco", players=4, seed=11)
    game.apply("draw")
    text = game.to_json()
    again = bc.Game.from_json(text)
    assert again.to_json() == text
    assert again.legal_actions() == game.legal_actions()
    with pytest.raises(bc.GameFileError, match="not JSON"):
        bc.Game.from_json(text[:-10])
    body = json.loads(text)
    body["hands"][0] = body["hands"][0].replace(body["hands"][0].split()[0], "JK")
    with pytest.raises(bc.GameFileError, match="changed"):
        bc.Game.from_json(json.dumps(body))
    with pytest.raises(bc.GameFileError):
        bc.Game.from_json('{"format": "something else"}')
    with pytest.raises(bc.GameFileError):
        bc.Game.from_json("[1, 2]")


def test_tampered_file_with_a_fixed_checksum_is_still_refused():
    from burraco_core.savefile import checksum as _checksum

    game = bc.Game.new("classic", players=2, seed=5)
    body = json.loads(game.to_json())
    first = body["hands"][0].split()[0]
    body["hands"][1] += " " + first  # the same card twice
    body.pop("checksum")
    body["checksum"] = _checksum(body)
    with pytest.raises(bc.GameFileError, match="more times"):
        bc.Game.from_json(json.dumps(body, ensure_ascii=False, indent=1))


def test_actions_text_round_trip():
    for text in ["draw", "take", "pozzetto", "meld 5H 6H 7H", "meld 5H 6H JK #1", "attach 2 8H 9H",
                 "discard 7H'"]:
        assert str(bc.parse_action(text)) == text
    with pytest.raises(bc.NotationError):
        bc.parse_action("fold")


def test_four_players_partner_turn_does_not_count_as_using_the_pozzetto():
    # Player 0 takes the last pozzetto by discarding; players 1, 2 and 3 play; the stock runs out
    # before player 0 plays again, so side 0 never used it.
    game = arranged("pulito", 3, untaken_pozzetti=1, hands=["9D", "KH KS", "QH QS", "JH JS"],
                    discard_pile="QD", phase="play", took_pozzetto=(False, True), turns_played=[1, 1, 1, 1])
    game.apply("discard 9D")
    for player in (1, 2, 3):
        assert game.current_player == player
        game.apply("draw")
        game.apply(bc.Discard(game.hands[player][0]))
    assert game.result == bc.Result("stock", player=3)
    side0, side1 = game.score()
    assert lines(side0)[-1] == ("unused-pozzetto", -100)
    assert "unused-pozzetto" not in [k for k, _ in lines(side1)]


# ---------------------------------------------------------------- more closing paths
def test_buraco_close_scores_a_semi_clean_burraco():
    semi_clean = "4H 5H 6H 7H 8H 9H 10H 2S=JH"  # seven naturals in a row and a wild: 150 in buraco
    game = last_card("buraco", melds=[[semi_clean], []])
    game.apply("discard 8C")
    mine, theirs = game.score()
    assert lines(mine) == [("meld", 5 * 4 + 10 * 3 + 20), ("burraco", 150), ("closing", 100)]
    assert lines(theirs) == [("in-hand", -20), ("no-pozzetto", -100)]
    assert game.score()[0].total == 320


def test_same_burraco_is_dirty_in_classic():
    semi_clean = "4H 5H 6H 7H 8H 9H 10H 2S=JH"
    game = last_card("classic", melds=[[semi_clean], []])
    game.apply("discard 8C")
    assert ("burraco", 100) in lines(game.score()[0])


def test_italiano_pozzetto_con_scarto_is_played_next_turn_then_closing():
    game = bc.Game.setup("italiano", hands=["9D", "KH KS QS"], melds=[[BURRACO], []],
                         discard_pile="QD", phase="play", turns_played=[1, 1])
    game.apply("discard 9D")
    assert len(game.hands[0]) == 11 and game.took_pozzetto == (True, False)
    assert game.current_player == 1  # the pozzetto is played from player 0's next turn
    game.apply("draw")
    game.apply("discard KH")
    assert game.current_player == 0 and game.phase == "draw"
    # later in the hand: one card left, the side has its pozzetto and a burraco
    game = last_card("italiano", melds=[[BURRACO, "3H 4H 5H 6H 7H 8H 9H 10H 2C=JH"], []])
    game.apply("discard 8C")
    assert game.result == bc.Result("closed", player=0, side=0)
    mine, _ = game.score()
    assert lines(mine) == [("meld", 45), ("meld", 5 * 5 + 10 * 3 + 20), ("burraco", 200),
                           ("burraco", 150), ("closing", 100)]


def test_stranded_card_that_can_still_be_attached_is_allowed():
    # The single pile card 8♠ cannot be discarded, but it can join the side's group of 8s,
    # which empties the hand and takes the pozzetto al volo.
    game = bc.Game.setup("classic", hands=["5C 6C 7C", "KH KS"], melds=[["8H 8D 8C"], []],
                         discard_pile="8S")
    game.apply("take")
    game.apply("meld 5C 6C 7C")
    game.apply("attach 0 8S")
    assert game.phase == "pozzetto"


def test_pulito_last_card_attached_to_close():
    game = bc.Game.setup("pulito", hands=["10S 2C", "KH KS"], melds=[["3S 4S 5S 6S 7S 8S 9S", "3C 4C 5C"], []],
                         discard_pile="QD", took_pozzetto=(True, False), turns_played=[1, 1], phase="play")
    game.apply("attach 0 10S")
    assert bc.Attach(1, "2C") in game.legal_actions()
    game.apply("attach 1 2C")
    assert game.result.reason == "closed"


def test_wrong_arrangement_number_is_a_refusal():
    game = bc.Game.setup("classic", hands=["5C 6C JK 9D", "KH KS"], phase="play")
    err = refused_move(game, "meld 5C 6C JK #5", "meld.no-such-arrangement")
    assert "#5" in str(err)
    game.apply("meld 5C 6C JK #1")
    assert game.melds[0][0].table_code == "5C 6C JK=7C"


@pytest.mark.parametrize("changes, message", [
    (dict(phase="over"), "result"),
    (dict(phase="play", hands=["", "KH KS"]), "no cards"),
    (dict(took_pozzetto=(True, True), pozzetti=None), "pozzetti are left"),
    (dict(melds=[["8H 8D 8C", "8S 8H' 8D'"], []]), "two groups"),
    (dict(phase="pozzetto"), "pozzetto"),
])
def test_positions_no_hand_can_reach_are_refused(changes, message):
    base = dict(hands=["5C 6C", "KH KS"], discard_pile="QD")
    base.update(changes)
    if base.get("pozzetti", 0) is None:
        probe = bc.Game.setup("classic", **{k: v for k, v in base.items() if k not in ("took_pozzetto", "pozzetti")})
        base["pozzetti"] = list(probe.pozzetti)
        base["stock"] = list(probe.stock)
    with pytest.raises(bc.GameFileError, match=message):
        bc.Game.setup("classic", **base)


@pytest.mark.parametrize("changes", [
    dict(took_pozzetto=(True,)), dict(current="0"), dict(current=5), dict(turns_played=[-1, 0]),
])
def test_setup_arguments_are_checked(changes):
    with pytest.raises(bc.GameFileError):
        bc.Game.setup("classic", hands=["5C 6C", "KH KS"], **changes)


@pytest.mark.parametrize("edit", [
    lambda b: b.update(phase="over"),
    lambda b: b.update(result={"reason": "closed", "side": 7}, phase="over"),
    lambda b: b.update(turns_played=[-1, 0]),
    lambda b: b.update(took_pozzetto=[True, True]),
    lambda b: b.update(hands=["", b["hands"][1]], stock=b["stock"] + " " + b["hands"][0]),
])
def test_saved_game_that_no_hand_can_reach_is_refused(edit):
    from burraco_core.savefile import checksum as _checksum

    game = bc.Game.new("classic", players=2, seed=5)
    body = json.loads(game.to_json())
    edit(body)
    body.pop("checksum")
    body["checksum"] = _checksum(body)
    with pytest.raises(bc.GameFileError):
        bc.Game.from_json(json.dumps(body, ensure_ascii=False, indent=1))


def test_deeply_nested_file_is_a_clear_error():
    with pytest.raises(bc.GameFileError):
        bc.Game.from_json("[" * 100000 + "]" * 100000)


# ---------------------------------------------------------------- saved games of earlier versions
FIXTURES = sorted((__import__("pathlib").Path(__file__).parent / "fixtures").glob("saved-v1-*.json"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_games_saved_before_typed_results_still_load(path):
    # written by the engine of commit 5c58a48, when game.result was a dict
    text = path.read_text(encoding="utf-8")
    game = bc.Game.from_json(text)
    body = json.loads(text)
    # saved again, it is the same game; ruleset fields added since (semi_clean_wild) are written too
    again = json.loads(game.to_json())
    assert set(again["ruleset"]) >= set(body["ruleset"])
    again["ruleset"] = {k: v for k, v in again["ruleset"].items() if k in body["ruleset"]}
    assert {k: v for k, v in again.items() if k != "checksum"} == {k: v for k, v in body.items() if k != "checksum"}
    assert bc.Game.from_json(game.to_json()).to_json() == game.to_json()
    if body["result"] is None:
        assert game.result is None and not game.is_over
    else:
        assert isinstance(game.result, bc.Result) and game.result.to_dict() == body["result"]
        assert game.is_over and game.result.reason == path.stem.rsplit("-", 1)[-1]
    assert bc.Game.setup(**game.position()).position() == game.position()


def test_fixtures_cover_every_ending_and_a_mid_turn_game():
    names = {p.stem for p in FIXTURES}
    assert {"saved-v1-classic-closed", "saved-v1-classic-stock", "saved-v1-classic-void",
            "saved-v1-italiano-mid-turn"} <= names
