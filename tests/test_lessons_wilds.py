"""Lessons 4-6 (wild cards, moving wilds, burraco) say what the rules specification says.

The generic content tests (tests/test_lessons.py) check every exercise against the engine;
these check that the lessons hold what the issue asks of them: every example of the
wild-movement section of docs/RULES.md (section 4) is an exercise of lesson 5, the lessons
teach the corrections of issue 13, and lessons 1-6 together teach every rule of melds,
wilds and burraco.
"""

from __future__ import annotations

import pytest

import burraco_core as bc
import lessons
from burraco_core import svg
from lessons.curriculum.coverage import meld_rules, untaught

WILDS, MOVING, BURRACO = (lessons.get_lesson(key) for key in ("wilds", "moving-wilds", "burraco"))

# docs/RULES.md section 4, each example: the run on the table, the cards attached, and what the
# engine must make of it (the run as it then lies, or the rule that refuses the attach).
WILD_MOVEMENT_EXAMPLES = [
    ("2H=4H 5H 6H", "8H", "5H 6H 2H=7H 8H"),                       # seed 000: a free wild moves up
    ("2C=9H 10H JH", "KH", "10H JH 2C=QH KH"),                     # seed 003: ... or jumps to the top
    ("6H JK=7H 8H", "10H", "wild.bound"),                          # seed 000: a bound wild stays
    ("6H JK=7H 8H", "7H 10H", "6H 7H 8H JK=9H 10H"),               # ... unless its card comes too
    ("QH 2C=KH AH", "10H", "wild.bound"),                          # seed 003
    ("QH 2C=KH AH", "KH 10H", "10H 2C=JH QH KH AH"),
    ("2H=3H 4H 5H", "3H", "2H 3H 4H 5H"),                          # seed 001: the 2 goes home
    ("2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "4H", "wild.nowhere-to-go"),  # a complete run
    ("2D 3D 4D", "6D", "3D 4D 2D=5D 6D"),                          # art. 10: a natural 2 turns wild
]


def _attaches(ex: lessons.Exercise) -> list[tuple[str, str | None]]:
    """The attaches an exercise plays or judges: (cards, rule the exercise expects or None)."""
    if ex.kind == "judge-meld" and "attach" in ex.data:
        return [(ex.data["attach"], None if ex.solution == "legal" else ex.solution)]
    if ex.kind == "attach":
        plays = [(ex.solution, None), *ex.wrong_answers]
        return [(" ".join(answer.split()[2:]), rule) for answer, rule in plays]
    return []


def _meld_of(ex: lessons.Exercise) -> str | None:
    if ex.kind == "attach":
        return ex.data["melds"][0]
    return ex.data.get("meld")


@pytest.mark.parametrize(("before", "cards", "outcome"), WILD_MOVEMENT_EXAMPLES,
                         ids=[f"{b} + {c}" for b, c, _ in WILD_MOVEMENT_EXAMPLES])
def test_every_wild_movement_example_is_an_exercise_of_lesson_5(before, cards, outcome):
    refusal = outcome if outcome in bc.RULE_IDS else None
    found = [ex for ex in MOVING.exercises if _meld_of(ex) == before
             and any(c == cards and (r == refusal or refusal is None and r is None) for c, r in _attaches(ex))]
    assert found, f"no exercise of lesson 5 attaches {cards} to {before}"
    meld = bc.Meld.parse(before, "classic")
    if refusal is not None:
        with pytest.raises(bc.IllegalMove) as caught:
            meld.attach(cards)
        assert caught.value.rule == refusal
    else:
        assert outcome in [m.table_code for m in meld.attach_options(cards)]
    for ex in found:   # and the exercise's own verdicts agree with the specification
        if ex.kind == "attach":
            verdict = ex.check(f"attach 0 {cards}")
            assert verdict.rule == refusal and verdict.correct == (refusal is None)
            if refusal is None:
                assert ex.attempt(ex.solution).meld.table_code == outcome


def test_lessons_1_to_6_teach_every_rule_of_melds_wilds_and_burraco():
    first_six = [lesson for lesson in lessons.LESSONS if lesson.number <= 6]
    assert [lesson.number for lesson in first_six] == [1, 2, 3, 4, 5, 6]
    assert untaught(first_six) == ()
    ours = WILDS.teaches | MOVING.teaches | BURRACO.teaches
    for rule in ("wild.bound", "wild.nowhere-to-go", "meld.one-wild", "meld.only-wilds", "run.too-long",
                 "card.no-jokers"):
        assert rule in ours and rule in meld_rules()


def test_a_clean_run_turns_dirty_and_a_dirty_burraco_clean():
    # issue 13, correction 2: the natural 2 leaves its place to be the wild when 6♦ is attached
    turned = MOVING.exercise("moving-wilds.natural-two-turns-wild")
    before = bc.Meld.parse(turned.data["melds"][0], turned.rules)
    after = turned.attempt(turned.solution).meld
    assert before.wild is None and after.wild == bc.parse_card("2D") and after.wild_stands_for == "5♦"
    # lesson 6: one attach at the table makes the dirty burraco clean
    position = BURRACO.exercise("burraco.dirty-to-clean")
    game = bc.Game.setup(position.rules, **position.data["position"])
    assert game.melds[0][0].burraco == "dirty"
    game.apply(position.solution)
    assert game.melds[0][0].burraco == "clean"
    # ... and the attach that makes a clean burraco dirty is a wrong answer of "stay clean"
    stay = BURRACO.exercise("burraco.stay-clean")
    assert stay.attempt("attach 0 10H").meld.burraco == "dirty"
    assert stay.check("attach 0 10H").status == "incorrect"


def test_semi_clean_depends_on_the_ruleset():
    # issue 13, correction 1: the same cards are dirty in italiano and semi-clean in buraco
    inside = {ex.ruleset: ex for ex in BURRACO.exercises if ex.data.get("meld") == "3H 4H 5H 6H 7H 8H 9H JK=10H JH"}
    assert set(inside) == {"italiano", "buraco"}
    assert inside["italiano"].solution == "dirty" and inside["buraco"].solution == "semi-clean"
    assert all(ex.check(ex.solution).correct for ex in inside.values())
    assert bc.ruleset("italiano").semi_clean_wild != bc.ruleset("buraco").semi_clean_wild
    wrong = inside["italiano"].check("semi-clean")
    assert "end" in wrong.message("en")     # the feedback says why: in italiano the wild stands at an end


def test_the_natural_two_examples_of_rules_section_3():
    # docs/RULES.md section 3: A♥ 2♥ 3♥ 2♠ 5♥ is legal; 2♥ 2♥ 3♥ is legal
    judged = {ex.data.get("cards"): ex for ex in WILDS.exercises if ex.kind == "judge-meld"}
    for cards in ("AH 2H 3H 2S 5H", "2H 2H 3H"):
        assert judged[cards].solution == "legal" and judged[cards].check("legal").correct
        assert bc.Meld.lay_down(cards, "classic").wild is not None


def test_a_check_on_a_free_wild_names_the_rule_and_the_wild():
    ex = lessons.Exercise.from_dict({
        "id": "teacher.keep-the-wild-free", "kind": "attach",
        "prompt": "lesson.moving-wilds.free-wild-moves-up.prompt",
        "data": {"hand": "4H 8H 9C", "melds": ["5H 6H 2C=7H"]},
        "checks": ["all", ["legal"], ["wild-free"]],
        "solution": "attach 0 4H", "wrong_answers": [["attach 0 8H", "wild.bound"]],
        "hints": ["lesson.moving-wilds.free-wild-moves-up.hint.1", "lesson.moving-wilds.free-wild-moves-up.hint.2"],
        "explain": "lesson.moving-wilds.free-or-bound-end.explain", "teaches": ["wild.bound"],
    })
    assert ex.check("attach 0 4H").correct
    bound = ex.check("attach 0 8H")           # 5♥ 6♥ 2♣(7♥) 8♥: the wild is now between two naturals
    assert bound.status == "incorrect" and bound.rule == "wild.bound"
    text = bound.message("en")
    assert "2♣" in text and bc.RULE_IDS["wild.bound"][0] in text


def test_the_intros_state_the_engines_facts():
    texts = {lesson.key: " ".join(m.text("en") for b in lesson.intro for m in (b.text, b.caption) if m is not None)
             for lesson in (WILDS, BURRACO)}
    wilds = sum(card.is_wild for card in bc.full_deck())
    assert f"There are {wilds} of them" in texts["wilds"] and wilds == 12
    classic, italiano, buraco = (bc.ruleset(r) for r in ("classic", "italiano", "buraco"))
    assert f"bonus {classic.clean_bonus}" in texts["burraco"].lower()
    assert f"bonus {classic.dirty_bonus}" in texts["burraco"].lower()
    assert italiano.semi_clean_bonus == buraco.semi_clean_bonus
    assert f"bonus {italiano.semi_clean_bonus}" in texts["burraco"]
    assert classic.semi_clean_bonus is None and bc.ruleset("pulito").semi_clean_bonus is None
    # the marks at the table, as the pictures draw them: two cards sideways when clean, one when dirty
    turned = {}
    for block in BURRACO.intro:
        if block.meld is not None:
            turned[block.meld.burraco] = svg.meld_svg(block.meld).count("rotate(-90)")
    assert turned == {"clean": 2, "dirty": 1}
    assert "last two cards are turned sideways" in texts["burraco"]
    assert "Only its last card is turned sideways" in texts["burraco"]
