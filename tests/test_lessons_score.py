"""Lessons 10-13: counting a hand, the match, the variants, the guided hand.

The numbers the texts state are the engine's (checked here), the variant table is the
rulesets' fields, a wrong line of a count says which line and why, and the guided hand is
played to its end through the play table's own buttons inside the lesson widget.
"""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

import burraco_core as bc
import lessons
from burraco_core.messages import Message, catalogue
from lessons.curriculum.guided import PatientBot, human_actions, make_session
from lessons.curriculum.variants import differing_fields, value_message, variant_table


def text(key: str, **params) -> str:
    return Message(key, **params).text("en")


def ex(exercise_id: str):
    return lessons.get_lesson(exercise_id.split(".")[0]).exercise(exercise_id)


# -- the numbers the texts state are the engine's ------------------------------------------------

def test_scoring_intro_states_the_rulesets_values():
    from lessons.widgets.intro import intro_table

    classic = bc.ruleset("classic")
    values = [classic.card_value(bc.parse_card(c)) for c in ("JK", "2C", "AS", "8D", "KH", "3S", "7D")]
    assert values == [30, 20, 15, 10, 10, 5, 5]
    table = _text_of(intro_table("card-values", "en"))     # drawn from the ruleset, not written down
    for value in (30, 20, 15, 10, 5):
        assert f"{value} points" in table
    intro = text("lesson.scoring.intro.2")
    assert f"clean {classic.clean_bonus}, dirty {classic.dirty_bonus}" in intro
    assert f"{classic.closing_bonus} for closing" in intro
    assert f"{classic.no_pozzetto_penalty} if the side never took its pozzetto" in intro
    points = bc.Meld.parse("5H 6H 7H 8H 9H 10H JH", classic).points()
    assert f"= {points}" in text("lesson.scoring.intro.example")


def test_match_texts_state_the_engines_numbers():
    from lessons.widgets.intro import intro_table

    buraco = bc.ruleset("buraco")
    assert f"reaches {buraco.target_score}" in text("lesson.variants.intro.3")
    three = bc.VICTORY_POINT_TABLES[3]
    assert three[0] == (50, 10) and three[1] == (150, 11)
    table = _text_of(intro_table("victory-points", "en"))
    assert "0 to 50" in table and "10–10" in table and "55 to 150" in table and "11–9" in table
    stated = {"match.classic-draw": (1000, 1020)}
    for exercise_id, totals in stated.items():
        shown = ex(exercise_id).prepared.extra
        assert shown.get("totals", shown.get("points")) == totals, exercise_id
        hint = ex(exercise_id).hints[1].text("en")
        assert all(str(n) in hint for n in totals), hint
    assert bc.victory_points(1420, 1080, 3) == (13, 7) and bc.victory_points(905, 880, 3) == (10, 10)
    assert bc.victory_points(2300, 600, 3) == (20, 0)


def test_play_texts_state_the_engines_numbers():
    breakdown = ex("scoring.real-hand").prepared.extra["breakdown"]
    assert breakdown.meld_points == 180 and (breakdown.burraco_bonus, breakdown.closing_bonus) == (200, 100)
    losers = ex("scoring.no-pozzetto").prepared.extra["breakdown"]
    assert losers.pozzetto_penalty == -100 and "loses 100" in ex("scoring.no-pozzetto").hints[1].text("en")


# -- counting a hand line by line -------------------------------------------------------------------

def test_a_wrong_line_says_which_line_and_why():
    exercise = ex("scoring.closing")
    verdict = exercise.check("65 200 100")
    assert verdict.status == "incorrect"
    said = verdict.message("en")
    assert said.startswith("Dirty burraco (line 2): not 200.") and "depends on its kind" in said
    sign = ex("scoring.no-pozzetto").check("15 10 -100")
    assert "(line 2)" in sign.message("en") and "Mind the sign" in sign.message("en")
    assert sign.cards == bc.parse_cards("KD")          # the widget points at the cards in hand
    assert "3 lines" in exercise.check("65 100").message("en")
    assert exercise.check("65 x 100").status == "incorrect"


def test_a_count_is_the_engines_breakdown():
    exercise = ex("scoring.real-hand")
    game = make_session(exercise.rules, exercise.data["position"])
    for action in exercise.data["play"].split("; "):
        game.play(action)
        game.run_bots()
    lines = game.game.score()[0].lines
    assert exercise.solution == " ".join(str(line.points) for line in lines)
    guided = ex("play.guided-hand")      # lesson 13 deals the learner this hand, at four, and it is played the same
    assert exercise.data["play"] == guided.solution
    assert exercise.data["position"]["hands"][0] == guided.data["position"]["hands"][0]
    assert exercise.data["position"]["pozzetti"][0] == guided.data["position"]["pozzetti"][0]


# -- the variant table is the rulesets' own ---------------------------------------------------------

def test_variant_table_is_built_from_the_ruleset_fields():
    names = [f.name for f in dataclasses.fields(bc.Ruleset)]
    rulesets = list(bc.RULESETS.values())
    differing = differing_fields()
    for name in names:
        values = {repr(getattr(r, name)) for r in rulesets}
        if name not in ("id", "name", "semi_clean_wild") and len(values) > 1:
            assert name in differing
        if name in differing:
            assert f"variants.field.{name}" in catalogue("en"), name
    header, rows = variant_table("en")
    assert header[1:] == tuple(r.label.text("en") for r in rulesets)
    assert len(rows) == len(differing)
    pulito = rows[differing.index("jokers")]
    assert pulito[-1] == str(bc.ruleset("pulito").jokers) == "0"
    volo = rows[differing.index("pozzetto_al_volo")]
    assert volo[1:] == tuple(value_message(r.pozzetto_al_volo).text("en") for r in rulesets) == ("yes", "no", "yes", "yes")
    assert "2005" in rows[differing.index("target_score")]


def test_a_house_value_changes_the_table(monkeypatch):
    house = dataclasses.replace(bc.ruleset("classic"), closing_bonus=150)
    monkeypatch.setattr("lessons.curriculum.variants.builtins", lambda: (house, *list(bc.RULESETS.values())[1:]))
    assert "closing_bonus" in differing_fields()


def test_predicted_verdicts_are_the_engines():
    group = ex("variants.group-in-pulito")
    assert group.prepared.extra["first_verdict"] == "legal"
    wrong = group.check("legal")
    assert wrong.rule == "group.not-allowed" and "runs only" in wrong.message("en")
    assert ex("variants.no-al-volo").check("legal").rule == "pozzetto.no-al-volo"
    assert ex("variants.no-fourteenth-place").prepared.extra["first_verdict"] == "legal"


# -- the guided hand -----------------------------------------------------------------------------

def test_patient_bot_draws_and_discards_what_it_drew():
    exercise = ex("play.guided-hand")
    game = bc.Game.setup(exercise.rules, **exercise.data["position"])
    game.apply("draw")
    game.apply("discard 9C") if game.explain("discard 9C") is None else None
    bot = PatientBot()
    assert isinstance(bot.choose(game), (bc.Draw, bc.Discard))


def test_guided_hand_goals_come_one_at_a_time():
    exercise = ex("play.guided-hand")
    session = exercise.prepared.extra["session"]()
    goals = [g.message.key for g in session.goals]
    assert goals == ["lesson.play.goal.meld", "lesson.play.goal.pozzetto", "lesson.play.goal.close"]
    reached = []
    for action in exercise.solution.split("; "):
        session.play(action)
        session.run_bots()
        reached.append(session.goals_reached)
    assert reached[0] == 0 and reached[1] == 1 and reached[4] == 2 and reached[-1] == 3
    assert session.is_over and human_actions(session) == exercise.solution.split("; ")
    game = session.game                   # four players, as at the Play table: the opponents meld, the partner does not
    assert game.players == 4 and len(game.melds[1]) >= 2 and len(game.hands[2]) == 11
    assert len(game.hands[1]) >= 2 and len(game.hands[3]) >= 2 and not game.took_pozzetto[1]
    assert exercise.check("draw; meld 5H 6H 7H 8H 9H 10H").message("en").startswith("Not there yet: 1 of 3")


def _text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def select(hand, codes) -> None:
    """Click these cards in the hand, by face (the deck a card came from does not matter)."""
    faces = [bc.parse_card(code).face for code in codes]
    chosen = []
    for face in faces:
        chosen.append(next(i for i, card in enumerate(hand.cards) if card.face == face and i not in chosen))
    hand.selected = chosen


def exercise_rule(lesson, answer):
    return lesson.exercises[0].check(answer).rule


def test_guided_hand_played_to_its_end_by_the_tables_buttons():
    from lessons.learner.progress import Progress
    from lessons.widgets.lesson import LessonWidget
    from lessons.widgets.views import GuidedView

    lesson = lessons.get_lesson("play")
    widget = LessonWidget(lesson, progress=Progress())
    widget.start_button.click()
    view = widget.view
    assert isinstance(view, GuidedView)
    table = view.table
    assert "Goal 1 of 3" in _text_of(view.goal_html.value)
    assert table.children[0].layout.display == "none"       # no new deals inside the lesson
    table.hand.select("5H 6H 7H")
    table.lay_down.click()                                   # nothing drawn yet: the referee says why
    assert "draw" in _text_of(table.message.value).lower()
    assert exercise_rule(lesson, view.answer()) == "turn.draw-first"
    buttons = {"draw": table.draw, "meld": table.lay_down, "pozzetto": table.pozzetto, "discard": table.discard,
               "attach": table.attach}
    for action in lesson.exercises[0].solution.split("; "):
        words = action.split()
        if words[0] == "attach":
            table.attach_to.value = int(words[1])
            select(table.hand, words[2:])
        elif len(words) > 1:
            select(table.hand, words[1:])
        buttons[words[0]].click()
        assert "refused" not in _text_of(table.message.value).lower(), (action, table.message.value)
    assert table.session.is_over
    assert "Every goal reached" in _text_of(view.goal_html.value)
    assert lesson.exercises[0].check(view.answer()).correct      # the same hand, cards as the engine holds them
    widget.check_button.click()
    shown = _text_of(widget.verdict_html.value)
    assert "Correct!" in shown and widget.session.earned == 3     # a refused move at the table is not a wrong Check


@pytest.mark.parametrize("exercise_id", ["scoring.closing", "match.vp-three", "variants.no-al-volo", "match.classic-draw"])
def test_score_views_collect_what_check_reads(exercise_id):
    from lessons.widgets.lesson import answer_view

    exercise = ex(exercise_id)
    view = answer_view(exercise, "en")
    assert exercise.check(view.answer()).status == "not-attempted"
    view.fill(exercise.solution)
    assert exercise.check(view.answer()).correct


# -- the whole curriculum ----------------------------------------------------------------------

def test_thirteen_lessons():
    assert len(lessons.LESSONS) == 13
    assert [lesson.number for lesson in lessons.LESSONS] == list(range(1, 14))
    assert [lesson.key for lesson in lessons.LESSONS][9:] == ["scoring", "match", "variants", "play"]


def test_every_rule_of_the_engine_is_taught_over_lessons_1_to_13():
    from lessons.curriculum.coverage import INTERFACE_ONLY, all_untaught

    assert len(INTERFACE_ONLY) <= 6 and set(INTERFACE_ONLY) <= set(bc.RULE_IDS)
    taught = frozenset().union(*(lesson.teaches for lesson in lessons.LESSONS))
    assert not set(INTERFACE_ONLY) & taught, "a rule some exercise teaches is not interface-only"
    assert all_untaught(lessons.LESSONS) == (), "taught by no exercise of lessons 1-13"
