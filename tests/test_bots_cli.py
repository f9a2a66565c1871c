"""Bots, hints, matches and the command line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import burraco_core as bc
from burraco_core.__main__ import main
from burraco_core.actions import Discard, Draw, LayDown, TakePile, TakePozzetto
from burraco_core.bots import may_attach

ROOT = Path(__file__).resolve().parent.parent
TABLES = [(rules, players) for rules in bc.RULESETS for players in (2, 4)]


# ----------------------------------------------------------------- bots


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_bots_always_choose_legal_actions(rules, players):
    for seed in range(2):
        game = bc.Game.new(rules, players, seed=seed)
        bots = [(bc.GreedyBot if (p + seed) % 2 else bc.RandomBot)(seed * 10 + p) for p in range(players)]
        while not game.is_over:
            action = bots[game.current_player].choose(game)
            assert game.explain(action) is None, action
            game.apply(action)


def test_greedy_bot_choices_are_among_legal_actions():
    game = bc.Game.new("classic", 4, seed=3)
    bots = [bc.GreedyBot(p) for p in range(4)]
    while not game.is_over:
        action = bots[game.current_player].choose(game)
        if isinstance(action, (Draw, TakePile, TakePozzetto, Discard)):
            faces = {(type(a), getattr(a, "card", None) and a.card.face) for a in game.legal_actions()}
            assert (type(action), getattr(action, "card", None) and action.card.face) in faces
        game.apply(action)


def test_bots_are_reproducible_with_a_seed():
    histories = []
    for _ in range(2):
        game = bc.play_hand(bc.Game.new("italiano", 2, seed=11), [bc.GreedyBot(1), bc.RandomBot(2)])
        histories.append(game.history)
    assert histories[0] == histories[1]


def test_greedy_beats_random_on_average():
    margin = 0
    for seed in range(20):
        greedy_side = seed % 2  # each bot plays first half of the time
        bots = [bc.GreedyBot(seed) if p == greedy_side else bc.RandomBot(seed) for p in range(2)]
        game = bc.play_hand(bc.Game.new("classic", 2, seed=seed), bots)
        scores = game.score()
        margin += scores[greedy_side].total - scores[1 - greedy_side].total
    assert margin / 20 > 100


def test_greedy_takes_a_pile_that_makes_a_meld_and_lays_it_down():
    game = bc.Game.setup("classic", hands=["5H 6H 9C 9D KS QS 4C", "3S 4S 8D 10C JH AH 7C"],
                         discard_pile="JD 7H")
    bot = bc.GreedyBot(0)
    assert bot.choose(game) == TakePile()
    game.apply(TakePile())
    action = bot.choose(game)
    assert isinstance(action, LayDown)
    assert {c.face for c in action.cards} >= {(5, "H"), (6, "H"), (7, "H")}


def test_greedy_draws_when_the_pile_gives_nothing():
    game = bc.Game.setup("classic", hands=["5H 6H 9C 9D KS QS 4C", "3S 4S 8D 10C JH AH 7C"],
                         discard_pile="JD 3C")
    assert bc.GreedyBot(0).choose(game) == Draw()


def test_greedy_keeps_wilds_and_avoids_feeding_opponents():
    game = bc.Game.setup(
        "classic", hands=["JK 9C KD 4S", "3S 4D 8D 10C JH AH 7C"], melds=[[], ["9S 9H 9D"]],
        phase="play", turns_played=[3, 3],
    )
    action = bc.GreedyBot(0).choose(game)
    assert action in (Discard("KD"), Discard("4S"))


def test_greedy_closes_when_it_may():
    game = bc.Game.setup(
        "classic", hands=["8H 3C", "3S 4D 8D 10C JH AH 7C"],
        melds=[["AH' 2H 3H 4H 5H 6H 7H"], []], took_pozzetto=(True, False),
        phase="play", turns_played=[5, 5],
    )
    bot = bc.GreedyBot(0)
    assert bot.choose(game) == bc.Attach(0, "8H")
    game.apply(bot.choose(game))
    assert bot.choose(game) == Discard("3C")
    game.apply(Discard("3C"))
    assert game.result.reason == "closed" and game.result.side == 0


def test_may_attach_never_rejects_a_card_that_attaches():
    rules = bc.ruleset("classic")
    melds = [bc.Meld.lay_down(text, rules) for text in
             ("5H 6H 7H", "2C 5H 6H", "6H JK 8H", "QS KS AS", "AD 2D 3D", "9C 9D 9S JK", "3H 4H 5H 6H 7H 8H 9H")]
    for meld in melds:
        for card in bc.full_deck(4):
            try:
                meld.attach((card,))
            except bc.IllegalMove:
                continue
            assert may_attach(meld, card), (meld, card)


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_quick_attach_tests_never_reject_a_card_that_attaches(rules_id):
    # may_attach, may_take_wild, accepted_cards and attach_candidates only save asking the meld
    # rules: over thousands of melds (laid down at random, then grown), none turns down a card
    # Meld.attach takes, wilds included (a meld whose wild stands for a card takes another wild
    # only in a run where one of the two is the run's 2)
    import random

    from burraco_core.search import accepted_cards, attach_candidates, may_take_wild
    from tests.test_meld_exhaustive import _random_attempt

    rng = random.Random(f"quick attach {rules_id}")
    rules = bc.ruleset(rules_id)
    deck = bc.full_deck(rules.jokers)
    faces = list({c.face: c for c in deck}.values())
    melds, taken_wilds, refused_wilds = [], 0, 0
    while len(melds) < 600:
        try:
            meld = bc.Meld.lay_down(_random_attempt(rng, rules_id), rules)
        except bc.IllegalMove:
            continue
        for _ in range(rng.randint(0, 3)):  # grown by a few attaches
            grown = meld.try_attach((rng.choice(faces),))
            meld = grown if grown is not None else meld
        melds.append(meld)
    for meld in melds:
        taken = [card for card in faces if meld.can_attach((card,))]
        passed = accepted_cards(meld, faces)
        listed = [card for _, _, card in attach_candidates(faces, [meld])]
        for card in taken:
            assert may_attach(meld, card), (meld.table_code, card)
            assert card in passed and card in listed, (meld.table_code, card)
            if card.is_wild and meld.wild_index is not None:
                taken_wilds += 1
        refused_wilds += sum(1 for c in faces if c.is_wild and not may_take_wild(meld, c))
    assert refused_wilds > 100  # the wild test does leave cards out ...
    assert taken_wilds > 0  # ... and lets through the run's 2 beside a wild


def test_play_hand_needs_one_bot_per_player():
    with pytest.raises(ValueError):
        bc.play_hand(bc.Game.new("classic", 4, seed=0), [bc.RandomBot(0)])


# ----------------------------------------------------------------- hints


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_hints_are_legal_and_explained(rules, players):
    game = bc.Game.new(rules, players, seed=21)
    bots = [bc.GreedyBot(p) for p in range(players)]
    seen = 0
    while not game.is_over:
        found = bc.hints(game)
        assert 1 <= len(found) <= 3
        assert len({str(h.action) for h in found}) == len(found)
        for hint in found:
            assert isinstance(hint, bc.Hint)
            assert game.explain(hint.action) is None, hint
            reason = str(hint.reason)
            assert reason and reason[0].isupper() and reason.endswith(".")
            assert "\n" not in reason
        assert len(bc.hints(game, 1)) == 1
        seen += 1
        game.apply(bots[game.current_player].choose(game))
    assert bc.hints(game) == []
    assert seen > 20


def test_hint_names_the_new_meld_and_its_points():
    game = bc.Game.setup("classic", hands=["5H 6H 7H KS 9C", "3S 4S 8D 10C JH AH 7C"], phase="play")
    best = bc.hints(game)[0]
    assert best.action == LayDown("5H 6H 7H")
    assert str(best.reason) == "Lay down 5♥ 6♥ 7♥: a new run of hearts (+15 points)."


def test_hint_for_a_burraco():
    game = bc.Game.setup("classic", hands=["9H KS 4C", "3S 4S 8D 10C JH AH 7C"],
                         melds=[["3H 4H 5H 6H 7H 8H"], []], phase="play")
    best = bc.hints(game)[0]
    assert best.action == bc.Attach(0, "9H")
    assert "clean burraco" in str(best.reason) and "+210 points" in str(best.reason)


# ----------------------------------------------------------------- matches


def test_buraco_ends_when_a_side_reaches_2005():
    match = bc.Match("buraco", players=4)
    match.record_score(1000, 500)
    match.record_score(900, 600)
    assert not match.is_over and match.winner is None
    match.record_score(200, 300)
    assert match.totals == (2100, 1400)
    assert match.is_over and match.winner == 0
    with pytest.raises(bc.BurracoError):
        match.next_game()


def test_buraco_both_sides_over_the_target_higher_total_wins():
    match = bc.Match("buraco")
    match.record_score(1500, 1500)
    match.record_score(600, 700)
    assert match.is_over and match.winner == 1
    tie = bc.Match("buraco")
    tie.record_score(2005, 2005)
    assert tie.is_over and tie.winner is None


def test_buraco_played_out_by_greedy_bots():
    match = bc.Match("buraco", players=2, seed=4)
    match.play([bc.GreedyBot(0), bc.GreedyBot(1)])
    assert match.is_over
    assert max(match.totals) >= 2005
    before_last = [sum(s[i] for s in match.hand_scores[:-1]) for i in (0, 1)]
    assert max(before_last) < 2005
    assert match.winner == (0 if match.totals[0] > match.totals[1] else 1)
    assert len(match.results) == match.hands_played


def test_one_hand_games_and_a_tie_to_the_side_that_started():
    for rules in ("italiano", "pulito"):
        match = bc.Match(rules)
        assert not match.is_over
        match.record_score(350, 350)
        assert match.is_over and match.winner == 0
        with pytest.raises(bc.BurracoError):
            match.record_score(10, 0)
    lost = bc.Match("italiano")
    lost.record_score(100, 250)
    assert lost.winner == 1


def test_one_hand_game_with_a_real_hand():
    match = bc.Match("pulito", players=2, seed=9)
    game = match.next_game()
    bc.play_hand(game, [bc.GreedyBot(0), bc.GreedyBot(1)])
    scores = match.record(game)
    assert scores == tuple(b.total for b in game.score())
    assert match.is_over and match.winner in (0, 1)


def test_classic_match_converts_to_victory_points():
    match = bc.Match("classic")
    assert match.hands == 3
    match.record_score(1000, 400)
    match.record_score(300, 500)
    assert match.victory_points is None
    match.record_score(200, 100)
    assert match.totals == (1500, 1000)
    assert match.is_over
    assert match.victory_points == bc.victory_points(1500, 1000, hands=3) == (14, 6)
    assert match.winner == 0
    four = bc.Match("classic", hands=4)
    for _ in range(4):
        four.record_score(100, 100)
    assert four.victory_points == (10, 10) and four.winner is None
    with pytest.raises(bc.BurracoError):
        bc.Match("classic", hands=5)


def test_void_hands_count_nothing():
    game = bc.Game.new("classic", 2, seed=3)
    while not game.is_over:  # both players only trade discards
        game.apply(TakePile())
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Discard)))
    assert game.result.reason == "void"
    match = bc.Match("classic", players=2)
    assert match.record(game) == (0, 0)
    assert match.results == ["void"]
    assert match.record_score(500, 300, reason="void") == (0, 0)


def test_hands_are_dealt_from_seeds_derived_per_hand():
    one, two = bc.Match("classic", seed=5), bc.Match("classic", seed=5)
    assert one.next_game().to_json() == two.next_game().to_json()
    seeds = {one.hand_seed(n) for n in range(4)}
    assert len(seeds) == 4
    assert bc.Match("classic", seed=6).hand_seed(0) != one.hand_seed(0)


def test_a_match_refuses_unfinished_or_foreign_hands():
    match = bc.Match("classic", players=4)
    with pytest.raises(bc.BurracoError):
        match.record(match.next_game())
    other = bc.play_hand(bc.Game.new("italiano", 4, seed=1), [bc.GreedyBot(p) for p in range(4)])
    with pytest.raises(bc.BurracoError):
        match.record(other)


# ----------------------------------------------------------------- command line


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "burraco_core", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", timeout=120, cwd=ROOT, env=env)


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_simulate_prints_the_figures(bot):
    done = run_cli("simulate", "--ruleset", "classic", "--players", "4", "--hands", "5", "--bot", bot,
                   "--seed", "1")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "hands per second:" in out
    assert "average score: side 0" in out and "side 1" in out
    line = next(row for row in out.splitlines() if row.startswith("hands ended:"))
    counts = [int(word.strip(",")) for word in line.split()[3::2]]
    assert sum(counts) == 5


def test_play_from_scripted_input():
    seed = 12
    hand = bc.Game.new("classic", 2, seed=seed).hands[0]
    script = ["help", "hint", "meld 2X", "discard AS"]
    for card in hand[:4]:  # draw, then throw away a card held from the start
        script += ["draw", "show", f"discard {card.code}"]
    script.append("quit")
    done = run_cli("play", "--players", "2", "--seed", str(seed), stdin="\n".join(script) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Commands" in out
    assert out.count("You drew ") >= 3 and "from the stock." in out
    assert out.count("You discarded") >= 3
    assert "Not allowed:" in out
    assert "Player 2 " in out   # the bot, player number 1, as people count
    assert "Your hand (" in out and "hint:" in out
    assert out.rstrip().endswith("You left the game.")


def test_play_ends_cleanly_at_end_of_input():
    done = run_cli("play", "--players", "4", "--seed", "2", stdin="draw\n")
    assert done.returncode == 0, done.stderr
    assert "you left the game" in done.stdout


class HintReader(io.StringIO):
    """Types the first hint every time it is asked: plays a whole hand through the terminal."""

    def __init__(self) -> None:
        super().__init__()
        self.terminal = None

    def readline(self, *args) -> str:
        from burraco_core.actions import typed

        return typed(bc.hints(self.terminal.game, 1)[0].action) + "\n"      # as a player types it


def test_play_a_whole_hand_through_the_terminal(monkeypatch):
    from burraco_core import __main__ as cli

    reader = HintReader()
    made = []
    original = cli.Terminal.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        reader.terminal = self
        made.append(self)

    monkeypatch.setattr(cli.Terminal, "__init__", init)
    out = io.StringIO()
    assert main(["play", "--ruleset", "pulito", "--players", "4", "--seed", "3"], stdin=reader, stdout=out) == 0
    text = out.getvalue()
    assert made[0].game.is_over
    assert "Total" in text and "Side 1 (you):" in text and "Side 2:" in text


def test_the_terminal_counts_melds_from_1_as_it_lists_them():
    from burraco_core.actions import typed, typed_action

    assert typed_action("attach 1 8H") == bc.Attach(0, "8H")             # the engine counts from 0
    assert typed(bc.Attach(0, "8H'", 1)) == "attach 1 8H #1"
    assert typed_action(typed(bc.Attach(2, "JK"))) == bc.Attach(2, "JK")
    assert typed_action("meld 5H 6H 7H") == bc.parse_action("meld 5H 6H 7H")
    game = bc.Game.setup("classic", hands=[["5H", "6H", "7H", "8H", "KS"], ["4C", "9D", "JS", "2C", "QD"]],
                         phase="play")
    out = io.StringIO()
    script = io.StringIO("meld 5H 6H 7H\nattach 2 8H\nattach 1 8H\nquit\n")
    from burraco_core.__main__ import Terminal
    from burraco_core.session import HandSession

    Terminal(HandSession(game, {1: bc.GreedyBot()}, 0), script, out).run()
    said = out.getvalue()
    assert "  1: 5♥ 6♥ 7♥" in said                                            # the table lists meld 1
    assert "no meld number 2: it has 1 meld." in said                        # the number typed
    assert "attached 8♥" in said


class _DiscardsFirst:
    """A bot that always plays its first card as a discard, legal or not."""

    def choose(self, game):
        if game.phase == "draw":
            return bc.Draw()
        return bc.Discard(game.hand_of(game.current_player)[0])


def test_play_hand_raises_a_refused_move_and_keeps_the_game_as_it_was():
    class DiscardsBeforeDrawing:  # the engine refuses its first move
        def choose(self, game):
            return bc.Discard(game.hand_of(game.current_player)[0])

    import gc

    game = bc.Game.new("classic", 2, seed=4)
    before = game.position()
    with pytest.raises(bc.IllegalMove) as refused:
        bc.play_hand(game, [DiscardsBeforeDrawing(), DiscardsBeforeDrawing()])
    assert refused.value.rule == "turn.draw-first"
    assert game.position() == before and game.history == ()
    assert gc.isenabled()  # the collector paused for the hand runs again


def test_play_hand_gives_up_after_max_actions():
    game = bc.Game.new("classic", 2, seed=4)
    with pytest.raises(bc.BurracoError, match="did not end within 6 actions"):
        bc.play_hand(game, [_DiscardsFirst(), _DiscardsFirst()], max_actions=6)
    assert game.history_size == 6 and not game.is_over
    # enough actions: the same bots play on to the end (the stock runs out)
    finished = bc.play_hand(bc.Game.new("classic", 2, seed=4), [bc.GreedyBot(0), bc.GreedyBot(1)])
    assert finished.is_over and finished.history_size < bc.bots.MAX_ACTIONS


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_pile_pre_check_and_early_exit_agree_with_the_full_search(rules_id):
    # the draw decision's shortcuts (the pile pre-check, the search that stops at the first play
    # worth taking) give the full search's answer: at every draw of greedy hands, the pre-check says
    # no only when the pile opens no play at all, and _pile_opens says yes exactly when a play it
    # opens scores more than _WORTH_TAKING
    from burraco_core import bots as B

    said_no = opened = 0
    for seed in range(12):
        for players in (2, 4):
            game = bc.Game.new(rules_id, players, seed=seed)
            bots = [bc.GreedyBot(seed * 10 + p) for p in range(players)]
            while not game.is_over:
                if game.phase == "draw" and game.discard_pile:
                    ctx = B._Context(game)
                    pile = ctx.pile if game.rules.open_discard_pile else ctx.pile[-1:]
                    plays = B._meld_plays(ctx, [*ctx.hand, *pile], frozenset(pile))
                    if B._with_pile(game, ctx) is None:
                        said_no += 1
                        assert not plays, (game.position(), plays[0].cards)
                    worth = any(p.score > B._WORTH_TAKING for p in plays)
                    assert B._pile_opens(game, ctx) == worth, game.position()
                    opened += worth
                game.apply(bots[game.current_player].choose(game))
    assert said_no > 20 and opened > 20
