"""Positions both ways (issue 7 section 3) and no dead positions (issue 13, correction 3).

``Game.setup(**game.position())`` rebuilds every position reached by random and greedy
play in all four rulesets; mid-turn facts (the pile taken, a one-card pile and its twin,
a meld already made, a pozzetto to play next turn) survive the trip; an action's cards
name a face and a copy, and ``explain``, ``apply`` and ``legal_actions`` agree on what
that means; every position ``Game.setup`` accepts is over or has a legal action.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burraco_core as bc
from burraco_core.actions import Attach, Discard, LayDown, TakePile
from burraco_core.bots import GreedyBot, RandomBot
from burraco_core.savefile import SET_UP, checksum
from tests.helpers import refused_move

TABLES = [(rules, players) for rules in bc.RULESETS for players in (2, 4)]
BURRACO = "3S 4S 5S 6S 7S 8S 9S"


def state(game: bc.Game) -> dict:
    """Everything a saved game holds but the history (and the checksum over it)."""
    body = json.loads(game.to_json())
    for name in ("history", "checksum"):
        body.pop(name)
    return body


def positions(rules: str, players: int, seed: int, every: int = 3):
    """Copies of the game at every ``every``-th action of one hand (random or greedy play)."""
    game = bc.Game.new(rules, players, seed=seed)
    maker = RandomBot if seed % 2 else GreedyBot
    bots = [maker(seed * 10 + p) for p in range(players)]
    count = 0
    while True:
        if count % every == 0 or game.is_over:
            yield game.copy()
        if game.is_over:
            return
        game.apply(bots[game.current_player].choose(game))
        count += 1


def face_key(action) -> tuple:
    if isinstance(action, Discard):
        return ("discard", action.card.face)
    if isinstance(action, (LayDown, Attach)):
        where = action.meld if isinstance(action, Attach) else None
        return (type(action).__name__, where, tuple(sorted(c.face for c in action.cards)), action.option)
    return (str(action),)


def twin_of(action):
    """The same action naming the other copy of every card (a joker stays a joker)."""
    def other(card: bc.Card) -> bc.Card:
        return card if card.is_joker else card.in_deck(1 - card.deck)

    if isinstance(action, Discard):
        return Discard(other(action.card))
    if isinstance(action, LayDown):
        return LayDown(tuple(other(c) for c in action.cards), action.option)
    if isinstance(action, Attach):
        return Attach(action.meld, tuple(other(c) for c in action.cards), action.option)
    return action


# ---------------------------------------------------------------- the round trip
@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_setup_rebuilds_every_position_of_played_hands(rules, players):
    checked = 0
    for seed in range(6):
        for game in positions(rules, players, seed):
            args = game.position()
            again = bc.Game.setup(**args)
            assert state(again) == state(game), (seed, args)
            assert again.position() == args
            assert [face_key(a) for a in again.legal_actions()] == [face_key(a) for a in game.legal_actions()]
            checked += 1
    assert checked > 250  # 8 tables: thousands of positions in all


def test_positions_are_short_and_pasteable():
    game = bc.Game.setup("italiano", hands=["5C 6C 7C 9H", "KH KS"], discard_pile="QD")
    args = game.position()
    assert args["rules"] == "italiano" and args["hands"] == ["5C 6C 7C 9H", "KH KS"]
    assert set(args) == {"rules", "hands", "melds", "discard_pile", "pozzetti", "stock"}
    assert eval(repr(args), {"Result": bc.Result}) == args  # plain values a teacher can paste
    game.apply("take")
    game.apply("meld 5C 6C 7C")
    assert game.position()["phase"] == "play"
    assert game.position()["pile_card"] == "QD" and game.position()["melded"] is True
    stock = len(game.stock)
    assert repr(game) == f"<Game italiano, 2 players, player 0 to play (took the pile, melded), stock {stock}, pile 0>"
    assert len(repr(bc.Game.new("classic", seed=1))) < 80


def test_a_finished_hand_round_trips_with_its_result():
    game = bc.Game.setup("classic", hands=["8C", "KH KS"], melds=[[BURRACO], []], discard_pile="QD",
                         took_pozzetto=(True, False), turns_played=[1, 1], phase="play")
    game.apply("discard 8C")
    args = game.position()
    assert args["result"] == bc.Result("closed", player=0, side=0) and args["phase"] == "over"
    assert state(bc.Game.setup(**args)) == state(game)
    assert repr(game) == "<Game classic, 2 players, over: Result('closed', player=0, side=0)>"
    with pytest.raises(bc.GameFileError, match="result"):
        bc.Game.setup(**dict(args, result=bc.Result("closed", player=1, side=0)))


# ---------------------------------------------------------------- mid-turn keywords
def test_one_card_pile_taken_without_its_twin():
    # docs/RULES.md section 2: the single card taken may not be discarded in the same turn
    game = bc.Game.setup("classic", hands=["9H 5C 6C", "KH KS"], phase="play", pile_card="9H")
    assert game.took_pile and game.pile_pick == (bc.parse_card("9H"), False)
    refused_move(game, "discard 9H", "discard.single-pile-card")
    assert Discard("5C") in game.legal_actions()


def test_one_card_pile_taken_holding_its_twin():
    game = bc.Game.setup("classic", hands=["9H 9H 5C", "KH KS"], phase="play", pile_card="9H'", held_twin=True)
    assert game.explain("discard 9H") is None and game.explain("discard 9H'") is None


def test_pile_taken_and_nothing_melded_counts_as_trading():
    # docs/rules-choices.md, stalemate: the 12th trading turn in a row makes the hand void
    game = bc.Game.setup("classic", hands=["9H 5C 6C", "KH KS"], discard_pile="", phase="play",
                         took_pile=True, trading_turns=11)
    game.apply("discard 5C")
    assert game.result == bc.Result("void", player=0)
    game = bc.Game.setup("classic", hands=["9H 5C 6C", "KH KS"], phase="play", took_pile=True,
                         melded=True, trading_turns=11)
    game.apply("discard 5C")
    assert not game.is_over and game.trading_turns == 0
    with pytest.raises(bc.GameFileError, match="void"):
        bc.Game.setup("classic", hands=["9H 5C 6C", "KH KS"], phase="play", trading_turns=12)


def test_pozzetto_taken_by_discarding_is_played_next_turn():
    # docs/RULES.md sections 5 and 7: pulito counts a pozzetto taken but never played
    hand = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"
    game = bc.Game.setup("pulito", hands=[hand, "KH KS"], current=1, took_pozzetto=(True, False),
                         pozzetto_next_turn=[0], turns_played=[1, 1])
    assert game.pozzetto_unplayed == (True, False)
    assert game.position()["pozzetto_next_turn"] == (0,)
    with pytest.raises(bc.GameFileError, match="pozzetto"):
        bc.Game.setup("pulito", hands=[hand, "KH KS"], current=1, pozzetto_next_turn=[0])
    with pytest.raises(bc.GameFileError, match="no longer waiting"):
        bc.Game.setup("pulito", hands=[hand, "KH KS"], phase="play", took_pozzetto=(True, False),
                      pozzetto_next_turn=[0])


def test_melded_last_cards_and_picking_up_the_pozzetto():
    game = bc.Game.setup("classic", hands=["", "KH KS"], melds=[[BURRACO], []], phase="pozzetto")
    assert game.melded and game.legal_actions() == [bc.TakePozzetto()]
    assert "melded" not in game.position()
    with pytest.raises(bc.GameFileError, match="melded"):
        bc.Game.setup("classic", hands=["", "KH KS"], phase="pozzetto", melded=False)


@pytest.mark.parametrize("changes, message", [
    (dict(took_pile=True), "to draw"),
    (dict(pile_card="9H"), "to draw"),
    (dict(melded=True), "to draw"),
    (dict(phase="play", took_pile=False, pile_card="9H"), "took the pile"),
    (dict(phase="play", held_twin=True), "pile_card"),
    (dict(phase="play", took_pile="yes"), "True or False"),
    (dict(pozzetto_next_turn=[5]), "player numbers"),
    (dict(trading_turns=-1), "0 or more"),
    (dict(phase="over", result={"reason": "stock"}), "Result"),
])
def test_mid_turn_facts_that_contradict_each_other_are_refused(changes, message):
    with pytest.raises(bc.GameFileError, match=message):
        bc.Game.setup("classic", hands=["9H 5C 6C", "KH KS"], **changes)


# ---------------------------------------------------------------- an action's cards: a face and a copy
@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_explain_apply_and_legal_actions_agree_on_copies(rules, players):
    for seed in range(3):
        for game in positions(rules, players, 100 + seed, every=4):
            legal = game.legal_actions()
            keys = [face_key(a) for a in legal]
            assert len(set(keys)) == len(keys), "one action per distinct choice"
            hand = game.hands[game.current_player]
            for action in legal:
                twin = twin_of(action)
                # naming the other copy is the same choice: legal too, and the same move
                assert game.explain(twin) is None, (action, twin)
                played, other = game.copy(), game.copy()
                played.apply(action)
                other.apply(twin)
                cards = getattr(action, "cards", (getattr(action, "card", None),))
                held_once = all(c is None or sum(h.face == c.face for h in hand) == 1 for c in cards)
                if held_once:  # the engine takes the copy the player holds
                    assert state(other) == state(played)
                else:
                    assert played.position().keys() == other.position().keys()
                    assert [sorted(c.face for c in h) for h in played.hands] == \
                           [sorted(c.face for c in h) for h in other.hands]


def test_the_engine_takes_the_copy_held():
    game = bc.Game.setup("classic", hands=["7H' 5C 6C", "KH KS"], phase="play")
    assert Discard("7H") in [twin_of(a) for a in game.legal_actions()]
    assert game.explain("discard 7H") is None
    game.apply("discard 7H")
    assert game.discard_pile[-1].code == "7H'"


# ---------------------------------------------------------------- no dead positions
def test_draw_phase_with_nothing_to_draw_is_refused():
    # issue 13, correction 3: classic, stock empty, discard pile empty
    probe = bc.Game.setup("classic", hands=["5C 6C", "KH KS"])
    rest = list(probe.stock) + [c for p in probe.pozzetti for c in p]
    everything = ["5C 6C " + bc.format_cards(rest), "KH KS"]  # every card in a hand, none to draw
    for rules in ("classic", "italiano"):  # italiano: no pozzetto left to become the stock (docs/RULES.md section 5)
        with pytest.raises(bc.GameFileError, match="dead end"):
            bc.Game.setup(rules, hands=everything, stock="", pozzetti=[], took_pozzetto=(True, True))
    # the last two cards of the stock are never drawn, but the pile may be taken (docs/RULES.md section 6)
    game = bc.Game.setup("classic", hands=["5C 6C", "KH KS"], stock=rest[:2], pozzetti=[], discard_pile=rest[2:],
                         took_pozzetto=(True, True))
    assert game.legal_actions() == [TakePile()]
    refused_move(game, "draw", "draw.last-two")


def test_a_last_card_that_cannot_go_is_a_dead_end():
    # docs/RULES.md section 6: one card left, no burraco, the pozzetto taken: nothing may be played
    with pytest.raises(bc.GameFileError, match="dead end"):
        bc.Game.setup("classic", hands=["8C", "KH KS"], melds=[["3S 4S 5S"], []], phase="play",
                      took_pozzetto=(True, False), turns_played=[1, 1])


def _mutated(rng: random.Random, game: bc.Game) -> dict:
    """A position from play with its table and turn facts shuffled about: often one no hand reaches."""
    args = game.position()
    args.pop("result", None)
    args["phase"] = rng.choice(("draw", "draw", "play", "play", "pozzetto", "over"))
    loose = [c for c in bc.parse_cards(args["stock"] + " " + args["discard_pile"])]
    rng.shuffle(loose)
    cut = rng.choice([0, 1, 2, 3, len(loose) // 2, len(loose)])
    args["stock"], args["discard_pile"] = loose[:cut], loose[cut:]
    hands = list(args["hands"])
    player = rng.randrange(len(hands))
    cards = bc.parse_cards(hands[player])
    keep = rng.choice([0, 1, 2, len(cards)])
    args["discard_pile"] = list(args["discard_pile"]) + list(cards[keep:])
    hands[player] = cards[:keep]
    args["hands"] = hands
    args["current"] = player
    mid_turn = args["phase"] != "draw" or rng.random() < 0.1  # now and then a contradiction
    for name in ("took_pile", "melded"):
        args[name] = mid_turn and rng.random() < 0.3
    args["trading_turns"] = rng.choice((0, 0, 3, 11, 12))
    if mid_turn and cards and rng.random() < 0.3:
        args["pile_card"], args["held_twin"], args["took_pile"] = cards[0].code, rng.random() < 0.5, True
    else:
        args.pop("pile_card", None)
        args.pop("held_twin", None)
    return args


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 40), stop=st.integers(0, 400),
       mutation=st.integers(0, 2**32))
def test_every_position_setup_accepts_is_over_or_has_a_legal_action(table, seed, stop, mutation):
    rules, players = table
    game = bc.Game.new(rules, players, seed=seed)
    bots = [GreedyBot(seed + p) for p in range(players)]
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(game))
    args = _mutated(random.Random(mutation), game)
    try:
        built = bc.Game.setup(**args)
    except bc.GameFileError:
        return
    assert built.is_over or built.legal_actions()


def test_a_house_ruleset_travels_with_the_position():
    import dataclasses

    house = dataclasses.replace(bc.ruleset("classic"), id="house", pozzetto_al_volo=False)
    game = bc.Game.setup(house, hands=["5C 6C 7C 9H", "KH KS"], discard_pile="QD")
    args = game.position()
    assert args["rules"] == house
    assert state(bc.Game.setup(**args)) == state(game)
    assert bc.Game.from_json(game.to_json()).rules == house


def test_importing_the_engine_loads_no_game():
    # burraco_core stays fast to import: Result and PHASES come without the game and its search
    import subprocess
    import sys

    code = ("import sys, burraco_core as bc; bc.Result('stock', player=0); bc.PHASES; "
            "print(sorted(m for m in sys.modules if m.startswith('burraco_core.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for module in ("game", "search", "position", "savefile", "bots", "actions"):
        assert f"burraco_core.{module}'" not in out, out
    assert "burraco_core.state'" in out


# ---------------------------------------------------------------- saved positions set up by hand (issue 20)
def test_a_position_set_up_by_hand_and_played_saves_and_loads_exactly():
    game = bc.Game.setup("italiano", hands=["5C 6C 7C 9H", "KH KS"], discard_pile="QD", seed=3)
    game.apply("take")
    game.apply("meld 5C 6C 7C")
    text = game.to_json()
    # its moves start from no deal: the file says so, and loading does not replay them from deal 3
    assert json.loads(text)["history"] == [SET_UP, "take", "meld 5C 6C 7C"]
    again = bc.Game.from_json(text)
    assert again.to_json() == text and again.history == game.history == ("take", "meld 5C 6C 7C")
    assert state(again) == state(game) and again.position() == game.position()
    # played on, and saved again, it keeps saying so
    again.apply("discard 9H")
    assert bc.Game.from_json(again.to_json()).history == ("take", "meld 5C 6C 7C", "discard 9H")


def test_a_position_set_up_by_hand_claims_a_deal_only_if_its_moves_come_from_one():
    # without the note, moves from a set-up position would be replayed from the deal of its seed (0):
    # this is what a set-up game saved with moves by an earlier version looks like, refused
    game = bc.Game.setup("classic", hands=["5C 6C 7C 9H", "KH KS"], discard_pile="QD")
    game.apply("take")
    body = json.loads(game.to_json())
    body["history"] = body["history"][1:]
    body.pop("checksum")
    body["checksum"] = checksum(body)
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.from_json(json.dumps(body, ensure_ascii=False, indent=1))
    assert refused.value.msg.key in ("file.not-from-deal", "file.move-refused")


def test_a_hand_without_a_deal_number_saves_its_moves_without_the_note():
    for game in (bc.Game.new("classic", 2, seed=None), bc.Game.setup("classic", hands=["5C 6C 7C 9H", "KH KS"],
                                                                     seed=None)):
        game.apply("draw")
        text = game.to_json()
        assert json.loads(text)["history"] == ["draw"]     # no seed: no deal to replay, nothing to note
        assert bc.Game.from_json(text).to_json() == text


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_positions_of_played_hands_rebuilt_and_played_on_still_load(rules, players):
    for game in positions(rules, players, seed=3, every=40):
        if game.is_over:
            continue
        rebuilt = bc.Game.setup(**game.position())
        rebuilt.apply(GreedyBot(1).choose(rebuilt))
        text = rebuilt.to_json()
        assert bc.Game.from_json(text).to_json() == text
