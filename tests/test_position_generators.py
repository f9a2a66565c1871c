"""The generators of the kinds played on a table (lessons/curriculum/generators/positions.py), beyond the shared
solvability tests of tests/test_generators.py: the rules they teach vary with the seed and the
ruleset, every position is one Game.setup rebuilds, the truth is the engine's, and the consumers
(the worksheet, practice, the lesson widget) take them."""

from __future__ import annotations

import collections
import html
import re

import pytest

import burraco_core as bc
from burraco_core.messages import Message
from lessons.curriculum.generators import generate
from lessons.curriculum.generators.positions import TURN_RULES
from lessons.curriculum.guided import make_session, replay
from lessons.curriculum.kinds import guided_goals, refusal_rules
from lessons.learner.practice import PracticeSession
from lessons.teachers.worksheet import worksheet
from lessons.widgets.lesson import show

KINDS = ("position", "why-not", "pick-cards", "guided-hand")
RULESETS = tuple(bc.RULESETS)
SEEDS = range(80)


@pytest.fixture(scope="module")
def made():
    """Every kind, every ruleset, difficulty 1, seeds 0-79 (generated once for the module)."""
    return {(kind, rules): [generate(kind, seed, rules) for seed in SEEDS] for kind in KINDS for rules in RULESETS}


def _taught(exercises) -> collections.Counter[str]:
    return collections.Counter(rule for ex in exercises for rule in ex.teaches)


@pytest.mark.parametrize("rules", RULESETS)
def test_positions_teach_a_spread_of_turn_pozzetto_and_closing_rules(made, rules):
    for kind in ("position", "why-not"):
        taught = _taught(made[kind, rules])
        turn = {r for r in taught if r in TURN_RULES}
        assert len(turn) >= 8, (kind, rules, taught)
        # drawing, discarding, the pozzetto and closing each have their exercises
        for family in ("turn.", "discard.", "pozzetto.", "close."):
            assert any(r.startswith(family) for r in taught), (kind, rules, family, taught)
        # and no single rule is in nearly every exercise
        assert taught.most_common(1)[0][1] < 0.8 * len(SEEDS), (kind, rules, taught.most_common(3))


def test_the_rulesets_differences_show_in_what_is_taught(made):
    # pozzetto al volo: italiano refuses it, the other three allow it
    assert _taught(made["position", "italiano"])["pozzetto.no-al-volo"] > 0
    for rules in ("classic", "buraco", "pulito"):
        assert _taught(made["position", rules])["pozzetto.no-al-volo"] == 0
    # pulito closes with a clean burraco, and by melding; the others close by discarding
    assert _taught(made["position", "pulito"])["close.needs-clean-burraco"] > 0
    assert _taught(made["position", "classic"])["close.by-meld"] > 0
    assert _taught(made["position", "pulito"])["close.by-meld"] == 0


@pytest.mark.parametrize("rules", RULESETS)
def test_every_generated_position_round_trips_through_game_setup(made, rules):
    for kind in ("position", "why-not", "guided-hand"):
        for ex in made[kind, rules]:
            game = bc.Game.setup(rules, **ex.data["position"])
            again = bc.Game.setup(**game.position())
            assert again.position() == game.position(), ex.id
            assert again.legal_actions() == game.legal_actions(), ex.id


def test_pulito_positions_hold_no_joker(made):
    for kind in KINDS:
        for ex in made[kind, "pulito"]:
            assert "JK" not in repr(ex.data), ex.id


@pytest.mark.parametrize("rules", RULESETS)
def test_a_why_nots_solution_is_what_game_explain_says(made, rules):
    seen = collections.Counter()
    for ex in made["why-not", rules]:
        game = bc.Game.setup(rules, **ex.data["position"])
        said = refusal_rules(game.explain(ex.data["action"]))
        assert ex.solution in said and ex.solution in ex.data["choices"], ex.id
        assert sum(choice in said for choice in ex.data["choices"]) == 1, ex.id
        seen[ex.solution == "legal"] += 1
    assert seen[True] and seen[False]      # some moves are allowed, most are not


def test_a_positions_goal_is_said_in_its_prompt_in_every_language(made):
    for kind in KINDS:
        for ex in made[kind, "classic"][:20]:
            for lang in ("en", "it", "es"):
                text = ex.prompt.text(lang)
                assert str(ex.id.rsplit(".", 1)[-1]) in text and "{" not in text, (ex.id, lang, text)
    goals = {ex.prompt.params["goal"].key for ex in made["position", "classic"]}
    assert len(goals) >= 6, goals


@pytest.mark.parametrize("rules", RULESETS)
def test_a_guided_hands_goals_are_reached_by_its_solution_in_order(made, rules):
    for ex in made["guided-hand", rules][:30]:
        goals = guided_goals(ex.data, ex.id)
        assert len(goals) >= 2
        session = make_session(bc.ruleset(rules), ex.data["position"], goals)
        assert replay(session, ex.solution.split("; ")) is None
        assert session.goals_reached == len(goals), ex.id
        # one action fewer misses the last goal: every action of the solution is needed
        short = make_session(bc.ruleset(rules), ex.data["position"], goals)
        replay(short, ex.solution.split("; ")[:-1])
        assert short.goals_reached < len(goals), ex.id


def test_pick_cards_asks_for_different_properties(made):
    for rules in RULESETS:
        tests = {repr(ex.data["pick"]) for ex in made["pick-cards", rules]}
        assert len(tests) >= 8, (rules, tests)
    harder = {repr(generate("pick-cards", seed, "classic", 3).data["pick"])[:6] for seed in range(30)}
    assert "['all'" in harder or "['any'" in harder


def test_practice_now_covers_turn_pozzetto_and_closing_rules():
    missed = ["turn.draw-first", "discard.single-pile-card", "pozzetto.hand-not-empty", "close.no-discard-left"]
    session = PracticeSession(missed, kinds=("position", "why-not"))
    answered = 0
    while not session.done:
        ex = session.next()
        assert ex is not None and set(ex.teaches) & set(session.pending)
        assert session.answer(ex.solution).correct
        answered += 1
        assert answered < 20
    assert not session.unpractisable and all(n >= 2 for n in session.correct.values())
    italiano = PracticeSession(["pozzetto.no-al-volo"], rules="italiano", kinds=("position", "why-not"))
    assert italiano.next() is not None


def test_a_worksheet_prints_positions_legibly_with_moves_in_words():
    page = worksheet(list(KINDS), 8, 5, "classic", "en")
    items = page.split('<li class="bt-exercise"')[1:]
    assert len(items) == 8
    for item in items[:2] + items[4:6]:       # the two positions and the two why-nots
        assert "Your hand:" in item and "Discard pile" in item and "Stock:" in item
        assert item.count("<svg") >= 3
    assert "The move:" in items[1]            # a why-not names the move asked about
    assert "Start your turn and lay down your first meld." in items[3]    # a guided hand's goals
    key = page.split('class="bt-key"')[1]
    assert re.search(r"(Draw from the stock|Take the discard pile|Lay down|Attach|Discard) ", key)
    assert "<svg" not in key
    assert "Mazo" in worksheet(["position"], 2, 5, "pulito", "es")


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", re.sub(r'<span class="bt-sr">.*?</span>', "", markup)))


def _shown(widget) -> str:
    """Every text the widget shows (its HTML children, depth first)."""
    value = getattr(widget, "value", None)
    own = _text(value) if isinstance(value, str) and "<" in value else ""
    return own + " ".join(_shown(child) for child in getattr(widget, "children", ()))


@pytest.mark.parametrize("kind", KINDS)
def test_the_lesson_widget_shows_and_checks_a_generated_exercise(kind):
    for rules in ("classic", "pulito"):
        ex = generate(kind, 5, rules)
        widget = show(ex)
        assert ex.prompt.text("en") in _shown(widget.body)      # the prompt, its seed and its goal
        answer, rule = ex.wrong_answers[0]
        widget.view.fill(answer)
        widget.check_button.click()
        assert "Correct!" not in _text(widget.verdict_html.value)
        assert ex.check(widget.view.answer()).rule == rule
        widget.view.fill(ex.solution)
        widget.check_button.click()
        assert "Correct!" in _text(widget.verdict_html.value), (ex.id, _text(widget.verdict_html.value))


def test_a_generated_exercise_round_trips_with_its_goal(made):
    from lessons.curriculum import Exercise

    for kind in KINDS:
        for ex in made[kind, "italiano"][:10]:
            back = Exercise.from_dict(ex.to_dict())
            assert back == ex and back.checks == ex.checks
            assert back.check(ex.solution).correct
            assert all(back.check(answer).rule == rule for answer, rule in ex.wrong_answers)


@pytest.mark.parametrize("rules", RULESETS)
def test_a_guided_hand_and_pozzetto_are_eleven_cards_holding_melds(made, rules):
    import random

    from lessons.curriculum.generators import Deal
    from lessons.curriculum.generators.positions import _eleven

    ruleset = bc.ruleset(rules)
    for seed in range(20):
        rng = random.Random(seed)
        deal = Deal(rng, ruleset)
        start = deal.run(4)
        assert start is not None
        cards = _eleven(deal, ruleset, start, (3, 3), melded=10)
        assert cards is not None and len(cards) == 11 and cards[:4] == start
        for meld in (cards[4:7], cards[7:10]):       # each length: a meld of its own
            assert bc.Meld.lay_down(tuple(meld), ruleset).kind in (bc.RUN, bc.GROUP)
    for ex in made["guided-hand", rules]:
        position = ex.data["position"]
        assert len(bc.parse_cards(position["hands"][0])) == 11
        assert len(bc.parse_cards(position["pozzetti"][0])) == 11


def test_a_why_nots_feedback_numbers_the_meld_as_the_move_and_the_table_do():
    """'Attach 10♥ to meld 3' is refused with 'no meld number 3' (the engine's index is 2), in every language."""
    found = 0
    for seed in range(60):
        ex = generate("why-not", seed, "classic", 2)
        if ex.solution != "attach.no-such-meld":
            continue
        index = int(ex.data["action"].split()[1])
        wrong = next(choice for choice in ex.data["choices"] if choice != ex.solution)
        for lang in ("en", "it", "es", "pt"):
            said = ex.check(wrong).message(lang)
            told = [Message("rule.attach.no-such-meld", meld=index + 1, count=n).text(lang) for n in range(index + 1)]
            assert any(text in said for text in told), (lang, said)        # the side holds at most `index` melds
        found += 1
    assert found >= 2
