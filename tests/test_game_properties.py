"""Properties of whole hands, checked over many random-bot and greedy-bot hands.

Every ruleset, both table sizes: card conservation after every action, every
listed action accepted, refusals change nothing, hands end, saved games
round-trip exactly, and ``explain`` agrees with ``legal_actions``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burraco_core as bc
from burraco_core.actions import Attach, Discard, Draw, LayDown, TakePile, TakePozzetto
from burraco_core.bots import GreedyBot, RandomBot, play_hand
from burraco_core.cards import full_deck

RULESETS = list(bc.RULESETS)
TABLES = [(rules, players) for rules in RULESETS for players in (2, 4)]
MAX_ACTIONS = 3000


def all_cards(game: bc.Game) -> Counter:
    cards: list[bc.Card] = []
    for hand in game.hands:
        cards += hand
    cards += game.stock
    cards += game.discard_pile
    for packet in game.pozzetti:
        cards += packet
    for side in game.melds:
        for meld in side:
            cards += meld.cards
    return Counter(cards)


def assert_conserved(game: bc.Game) -> None:
    counts = all_cards(game)
    assert sum(counts.values()) == game.rules.deck_size
    assert counts == Counter(full_deck(game.rules.jokers)), "a physical card is missing or twice"


def key(action) -> tuple:
    """An action by faces, so the two copies of a card count as the same play."""
    if isinstance(action, Discard):
        return ("discard", action.card.face)
    if isinstance(action, Attach):
        return ("attach", action.meld, tuple(sorted(c.face for c in action.cards)), action.option)
    if isinstance(action, LayDown):
        return ("meld", tuple(sorted(c.face for c in action.cards)), action.option)
    return (str(action),)


def bots_for(kind: str, players: int, seed: int):
    if kind == "random":
        return [RandomBot(seed * 10 + p) for p in range(players)]
    if kind == "greedy":
        return [GreedyBot(seed * 10 + p) for p in range(players)]
    return [(GreedyBot if p % 2 == 0 else RandomBot)(seed * 10 + p) for p in range(players)]


def single_card_probes(game: bc.Game) -> list:
    """Every draw, every discard and every single-card attach one could try now."""
    side = game.side_of(game.current_player)
    probes: list = [Draw(), TakePile(), TakePozzetto()]
    faces = {c.face: c for c in game.hands[game.current_player]}
    for card in faces.values():
        probes.append(Discard(card))
        for index in range(len(game.melds[side]) + 1):  # one index past the end: no such meld
            probes.append(Attach(index, (card,)))
    return probes


def check_position(game: bc.Game, rng: random.Random) -> None:
    """The expensive checks, at a sample of positions."""
    legal = game.legal_actions()
    legal_keys = {key(a) for a in legal}
    assert len(legal_keys) == len(legal), "an action is listed twice"
    before = game.to_json()
    for action in legal:
        assert game.explain(action) is None, action
        trial = game.copy()
        trial.apply(action)
        assert_conserved(trial)
    assert game.to_json() == before, "trying actions on copies changed the game"
    # explain(a) is None exactly when a is listed, for draws, discards and single-card attaches
    for action in single_card_probes(game):
        assert (game.explain(action) is None) == (key(action) in legal_keys), action
    # every listed lay-down is a canonical arrangement of a legal meld
    for action in legal:
        if isinstance(action, LayDown):
            assert action.option == 0
    # refused actions: cards from other hands, wrong phase, nonsense; nothing changes
    others = [c for p, hand in enumerate(game.hands) if p != game.current_player for c in hand]
    mine = {c.face for c in game.hands[game.current_player]}
    strangers = [c for c in others if c.face not in mine]
    attempts: list = ["draw", "take", "pozzetto", "meld", "attach x 5H", "discard", "fold", ""]
    for card in rng.sample(strangers, min(4, len(strangers))):
        attempts += [Discard(card), Attach(0, (card,))]
        if len(game.hands[game.current_player]) >= 2:
            attempts.append(LayDown((card,) + tuple(game.hands[game.current_player][:2])))
    for attempt in attempts:
        try:
            problem = game.explain(attempt)
        except bc.BurracoError:
            problem = "unreadable"
        if problem is None:
            continue
        with pytest.raises(bc.BurracoError):
            game.apply(attempt)
        assert game.to_json() == before, f"refused {attempt!r} changed the game"
    # saved games round-trip exactly
    restored = bc.Game.from_json(before)
    assert restored.to_json() == before
    assert {key(a) for a in restored.legal_actions()} == legal_keys


@pytest.mark.parametrize(("rules", "players"), TABLES)
@pytest.mark.parametrize("kind", ["random", "greedy", "mixed"])
def test_whole_hands_keep_every_property(rules, players, kind):
    for seed in range(2):
        game = bc.Game.new(rules, players, seed=seed)
        bots = bots_for(kind, players, seed)
        rng = random.Random(seed)
        steps = 0
        while not game.is_over:
            assert steps < MAX_ACTIONS, "the hand does not end"
            if rng.random() < 0.15:
                check_position(game, rng)
            action = bots[game.current_player].choose(game)
            game.apply(action)
            assert_conserved(game)
            steps += 1
        assert game.legal_actions() == []
        assert game.result is not None and game.result.reason in ("closed", "stock", "void")
        side0, side1 = game.score()
        if game.result.reason == "void":
            assert side0.total == side1.total == 0
        if game.result.reason == "closed":
            closer = game.result.side
            assert (side0, side1)[closer].closing_bonus == game.rules.closing_bonus
        assert bc.Game.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("rules", RULESETS)
def test_many_hands_end_in_bounded_time(rules):
    endings = Counter()
    for seed in range(6):
        for players in (2, 4):
            for kind in ("random", "greedy"):
                game = play_hand(bc.Game.new(rules, players, seed=100 + seed), bots_for(kind, players, seed),
                                 max_actions=MAX_ACTIONS)
                assert game.is_over
                endings[game.result.reason] += 1
                assert_conserved(game)
    assert endings["closed"] > 0


def brute_force_lay_downs(game: bc.Game) -> set:
    """Every set of cards from the hand that may be laid down now (canonical arrangement)."""
    hand = game.hands[game.current_player]
    found = set()
    for size in range(3, len(hand) + 1):
        for combo in itertools.combinations(hand, size):
            faces = tuple(sorted(c.face for c in combo))
            if ("meld", faces, 0) in found:
                continue
            if game.explain(LayDown(combo)) is None:
                found.add(("meld", faces, 0))
    return found


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_legal_actions_list_every_lay_down_of_small_hands(rules, players):
    checked = 0
    for seed in range(12):
        game = bc.Game.new(rules, players, seed=200 + seed)
        bots = bots_for("greedy", players, seed)
        while not game.is_over and checked < 6 * (seed + 1):
            if game.phase == "play" and 3 <= len(game.hands[game.current_player]) <= 10:
                listed = {key(a) for a in game.legal_actions() if isinstance(a, LayDown)}
                assert listed == brute_force_lay_downs(game)
                checked += 1
            game.apply(bots[game.current_player].choose(game))
    assert checked >= 10


ACTION_WORDS = ["draw", "take", "pozzetto", "meld", "attach", "discard", "pass", "attach 9", "meld #2"]
CARD_CODES = [c.code for c in full_deck(4)] + ["2X", "11H", "JK'", ""]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    table=st.sampled_from(TABLES),
    stop=st.integers(0, 120),
    texts=st.lists(
        st.tuples(st.sampled_from(ACTION_WORDS), st.lists(st.sampled_from(CARD_CODES), max_size=4)),
        min_size=1, max_size=12,
    ),
)
def test_refused_text_actions_change_nothing(seed, table, stop, texts):
    rules, players = table
    game = bc.Game.new(rules, players, seed=seed)
    bots = bots_for("mixed", players, seed)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(game))
    saved = game.to_json()
    for verb, cards in texts:
        text = " ".join([verb, *cards])
        try:
            problem = game.explain(text)
        except bc.BurracoError:
            problem = "unreadable"
        if problem is None:
            trial = game.copy()
            trial.apply(text)
            assert_conserved(trial)
            continue
        with pytest.raises(bc.BurracoError):
            game.apply(text)
        assert game.to_json() == saved
    assert bc.Game.from_json(saved).to_json() == saved


def test_wrong_phase_actions_are_refused_without_change():
    game = bc.Game.new("classic", 4, seed=7)
    card = game.hands[0][0]
    saved = game.to_json()
    for action in (Discard(card), LayDown(game.hands[0][:3]), Attach(0, (card,)), TakePozzetto()):
        assert game.explain(action) is not None
        with pytest.raises(bc.IllegalMove):
            game.apply(action)
        assert game.to_json() == saved
    game.apply(Draw())
    saved = game.to_json()
    for action in (Draw(), TakePile(), TakePozzetto()):
        with pytest.raises(bc.IllegalMove):
            game.apply(action)
        assert game.to_json() == saved


def test_round_trips_at_random_points():
    rng = random.Random(5)
    for rules, players in TABLES:
        game = bc.Game.new(rules, players, seed=rng.randrange(10_000))
        bots = bots_for("mixed", players, 3)
        while not game.is_over:
            if rng.random() < 0.1:
                text = game.to_json()
                restored = bc.Game.from_json(text)
                assert restored.to_json() == text
                # the restored game goes on exactly like the original
                twin_bot = GreedyBot(1)
                original_bot = GreedyBot(1)
                a = original_bot.choose(game)
                b = twin_bot.choose(restored)
                assert a == b
            game.apply(bots[game.current_player].choose(game))


def test_lay_downs_where_a_wild_stands_for_a_card_in_hand():
    game = bc.Game.setup("classic", hands=["QH KH AH 2S 5C 6C 7C JK 9D", "3S 4S 8D 10C JH AC 7D"], phase="play")
    listed = {key(a) for a in game.legal_actions()}
    for text in ("QH 2S AH", "5C JK 7C", "QH KH AH", "QH KH AH JK"):
        action = LayDown(text)
        assert game.explain(action) is None
        assert key(action) in listed, text


def test_ace_to_ace_lay_down_is_listed_in_pulito():
    run = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'"
    game = bc.Game.setup("pulito", hands=[run + " 9C 9D", "3S 4S 8D 10C JC AC 7D"], phase="play")
    assert key(LayDown(run)) in {key(a) for a in game.legal_actions()}
    assert game.explain(LayDown(run)) is None
    classic = bc.Game.setup("classic", hands=[run + " 9C 9D", "3S 4S 8D 10C JC AC 7D"], phase="play")
    assert key(LayDown(run)) not in {key(a) for a in classic.legal_actions()}


@pytest.mark.slow
@pytest.mark.parametrize("rules, players", TABLES)
def test_thousands_of_hands_conserve_cards_and_end(rules, players):
    """250 hands per table (2,000 in all), random, greedy and mixed bots: after every action
    all the cards are there once, and every hand ends with a score."""
    endings: Counter = Counter()
    for seed in range(250):
        game = bc.Game.new(rules, players=players, seed=10_000 + seed)
        bots = bots_for(("random", "greedy", "mixed")[seed % 3], players, seed)
        for _ in range(MAX_ACTIONS):
            if game.is_over:
                break
            game.apply(bots[game.current_player].choose(game))
            assert_conserved(game)
        assert game.is_over, f"hand {seed} of {rules} did not end"
        endings[game.result.reason] += 1
        assert all(isinstance(side.total, int) for side in game.score())
    assert sum(endings.values()) == 250
