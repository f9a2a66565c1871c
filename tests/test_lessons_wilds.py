"""Lessons 5-7 (wild cards, moving wilds, burraco) and the variants lesson say what the rules specification says.

The generic content tests (tests/test_lessons.py) check every exercise against the engine;
these check that the lessons hold what the specification asks of them: the examples of the
wild-movement section of docs/RULES.md (section 4) agree with the engine, and the ones a
beginner needs are exercises of lesson 6 (the rest said in its intro); the corrections of
issue 13 are taught; lessons 1-7 together teach every rule of melds, wilds and burraco.
"""

from __future__ import annotations

import pytest

import burraco_core as bc
import lessons
from burraco_core import svg
from lessons.curriculum.coverage import INTERFACE_ONLY, meld_rules, untaught

WILDS, MOVING, BURRACO, VARIANTS = (lessons.get_lesson(key) for key in ("wilds", "moving-wilds", "burraco", "variants"))

# docs/RULES.md section 4, each example: the run on the table, the cards attached, what the
# engine must make of it (the run as it then lies, or the rule that refuses the attach), and whether
# lesson 6 practises it (True) or only its intro says it (False: a beginner meets the idea once).
WILD_MOVEMENT_EXAMPLES = [
    ("2H=4H 5H 6H", "8H", "5H 6H 2H=7H 8H", True),                       # seed 000: a free wild moves up
    ("2C=9H 10H JH", "KH", "10H JH 2C=QH KH", False),                    # seed 003: ... or jumps to the top
    ("6H JK=7H 8H", "10H", "wild.bound", True),                          # seed 000: a bound wild stays
    ("6H JK=7H 8H", "7H 10H", "6H 7H 8H JK=9H 10H", True),               # ... unless its card comes too
    ("QH 2C=KH AH", "10H", "wild.bound", False),                         # seed 003
    ("QH 2C=KH AH", "KH 10H", "10H 2C=JH QH KH AH", False),
    ("2H=3H 4H 5H", "3H", "2H 3H 4H 5H", True),                          # seed 001: the 2 goes home
    # a complete run: in classic the wild moves to the 14th place (seed 000; issue 28), beyond the king
    ("AH 2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH", "4H", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C=AH", True),
    ("2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "4H", "2C=AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False),
    ("2D 3D 4D", "6D", "3D 4D 2D=5D 6D", False),                         # art. 10: a natural 2 turns wild
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


@pytest.mark.parametrize(("before", "cards", "outcome", "practised"), WILD_MOVEMENT_EXAMPLES,
                         ids=[f"{b} + {c}" for b, c, _, _ in WILD_MOVEMENT_EXAMPLES])
def test_the_wild_movement_examples_agree_with_the_engine_and_lesson_6(before, cards, outcome, practised):
    refusal = outcome if outcome in bc.RULE_IDS else None
    meld = bc.Meld.parse(before, "classic")
    if refusal is not None:
        with pytest.raises(bc.IllegalMove) as caught:
            meld.attach(cards)
        assert caught.value.rule == refusal
    else:
        assert outcome in [m.table_code for m in meld.attach_options(cards)]
    found = [ex for ex in MOVING.exercises if _meld_of(ex) == before
             and any(c == cards and (r == refusal or refusal is None and r is None) for c, r in _attaches(ex))]
    assert bool(found) == practised, f"lesson 6 {'does not practise' if practised else 'practises'} {cards} on {before}"
    for ex in found:   # and the exercise's own verdicts agree with the specification
        if ex.kind == "attach":
            verdict = ex.check(f"attach 0 {cards}")
            assert verdict.rule == refusal and verdict.correct == (refusal is None)
            if refusal is None:
                assert ex.attempt(ex.solution).meld.table_code == outcome


def test_lesson_6_says_what_it_does_not_practise():
    intro = " ".join(block.text.text("en") for block in MOVING.intro if block.text is not None)
    assert "at the bottom of the run" in intro and "Some tables let the player choose" in intro   # seeds 002/003
    # the natural 2 that turns wild, with the very cards of the example
    assert "attach 6♦ to 2♦ 3♦ 4♦, and the 2♦ leaves its place to stand for 5♦" in intro
    after = bc.Meld.parse("2D 3D 4D", "classic").attach("6D")
    assert after.wild == bc.parse_card("2D") and after.wild_stands_for == "5♦"


def test_lessons_1_to_7_teach_every_rule_of_melds_wilds_and_burraco():
    first_seven = [lesson for lesson in lessons.LESSONS if lesson.number <= 7]
    assert [lesson.key for lesson in first_seven] == ["game", "melds", "turn", "ace", "wilds", "moving-wilds",
                                                      "burraco"]
    # what they leave out is pulito's (taught in the variants lesson) or said only by the tools' interface
    assert set(untaught(first_seven)) <= VARIANTS.teaches | set(INTERFACE_ONLY)
    ours = WILDS.teaches | MOVING.teaches | BURRACO.teaches
    for rule in ("wild.bound", "wild.nowhere-to-go", "meld.one-wild", "meld.only-wilds"):
        assert rule in ours and rule in meld_rules()
    # pulito's rules wait for the variants lesson: every exercise before it is under the classic rules
    assert {"run.too-long", "card.no-jokers"} <= VARIANTS.teaches
    assert all(ex.ruleset == "classic" for lesson in lessons.LESSONS if lesson.number < VARIANTS.number
               for ex in lesson.exercises)


def test_a_wild_goes_home_and_a_clean_burraco_turns_dirty():
    # the 2♥ standing for 3♥ drops into its own place when 3♥ is attached: no wild any more
    home = MOVING.exercise("moving-wilds.two-goes-home")
    before = bc.Meld.parse(home.data["melds"][0], home.rules)
    after = home.attempt(home.solution).meld
    assert before.wild == bc.parse_card("2H") and after.wild is None
    # lesson 7: a natural 2 in its place keeps a burraco clean; the same 2 as a wild makes it dirty
    assert BURRACO.exercise("burraco.natural-two-is-clean").solution == "clean"
    # ... and the attach that makes a clean burraco dirty (2♥ leaves home) is a wrong answer of "stay clean"
    stay = BURRACO.exercise("burraco.stay-clean")
    assert bc.Meld.parse(stay.data["melds"][0], stay.rules).burraco == "clean"
    assert stay.attempt("attach 0 10H").meld.burraco == "dirty"
    assert stay.check("attach 0 10H").status == "incorrect"
    assert stay.attempt(stay.solution).meld.burraco == "clean"


def _own_exercise(id_: str, kind: str, data: dict, solution, wrong, ruleset: str = "classic") -> lessons.Exercise:
    """An exercise lessons 11-12 asked before issue 30 made them shorter (its kind's feedback is still checked)."""
    own = {"text": {"en": "Asked in a test."}}
    return lessons.Exercise.from_dict({"id": id_, "kind": kind, "ruleset": ruleset, "prompt": own, "data": data,
                                       "solution": solution, "wrong_answers": wrong, "hints": [own, own],
                                       "explain": own, "teaches": []})


def test_semi_clean_depends_on_the_ruleset():
    # issue 13, correction 1: a wild inside the run is dirty in italiano and semi-clean in buraco
    # (lesson 12 asks one question a variant since issue 30: these are its former semi-clean questions)
    italiano = _own_exercise("test.semi-clean-italiano", "predict-under-ruleset",
                             {"other": "italiano", "ask": "burraco", "cards": "4S 5S 6S 7S 8S 9S 10S 2H"},
                             "semi-clean", [["dirty", None]])
    buraco = _own_exercise("test.semi-clean-buraco", "predict-under-ruleset",
                           {"other": "buraco", "ask": "burraco", "cards": "4S 5S 6S 7S 8S 9S 10S 2H QS"},
                           "semi-clean", [["dirty", None]], ruleset="italiano")
    assert italiano.data["other"] == "italiano" and buraco.data["other"] == "buraco"
    assert italiano.solution == buraco.solution == "semi-clean"
    for ex in (italiano, buraco):
        assert ex.check(ex.solution).correct
    assert bc.ruleset("italiano").semi_clean_wild != bc.ruleset("buraco").semi_clean_wild
    inside = "4S 5S 6S 7S 8S 9S 10S 2H=JS QS"       # the wild inside: semi-clean only in buraco
    assert bc.Meld.parse(inside, "buraco").burraco == "semi-clean"
    assert bc.Meld.parse(inside, "italiano").burraco == "dirty"
    # the semi-clean group, new in this course
    group = _own_exercise("test.semi-clean-group", "predict-under-ruleset",
                          {"other": "italiano", "ask": "burraco", "cards": "7H 7H' 7S 7S' 7D 7D' 7C 2C"},
                          "semi-clean", [["dirty", None]])
    assert group.solution == "semi-clean" and group.check("semi-clean").correct


def test_the_natural_two_example_of_rules_section_3():
    # docs/RULES.md section 3: A♥ 2♥ 3♥ 2♠ 5♥ is legal, the 2♥ in its place and the 2♠ the wild; the intro
    # shows it, and the exercise asks about a new case of the same rule (issue 30: not the intro's own example)
    assert any(block.meld is not None and block.meld.table_code == "AH 2H 3H 2S=4H 5H" for block in WILDS.intro)
    judged = WILDS.exercise("wilds.natural-two")
    assert judged.data["cards"] == "AC 2C 3C 4C 2D 6C"
    assert judged.solution == "legal" and judged.check("legal").correct
    assert bc.Meld.lay_down("AH 2H 3H 2S 5H", "classic").wild == bc.parse_card("2S")
    assert bc.Meld.lay_down("2H 2H 3H", "classic").wild is not None   # said in docs/RULES.md, checked here


def test_a_check_on_a_free_wild_names_the_rule_and_the_wild():
    ex = lessons.Exercise.from_dict({
        "id": "teacher.keep-the-wild-free", "kind": "attach",
        "prompt": "lesson.moving-wilds.free-wild-moves-up.prompt",
        "data": {"hand": "4H 8H 9C", "melds": ["5H 6H 2C=7H"]},
        "checks": ["all", ["legal"], ["wild-free"]],
        "solution": "attach 0 4H", "wrong_answers": [["attach 0 8H", "wild.bound"]],
        "hints": ["lesson.moving-wilds.free-wild-moves-up.hint.1", "lesson.moving-wilds.free-wild-moves-up.hint.2"],
        "explain": "lesson.moving-wilds.free-wild-moves-up.explain", "teaches": ["wild.bound"],
    })
    assert ex.check("attach 0 4H").correct
    bound = ex.check("attach 0 8H")           # 5♥ 6♥ 2♣(7♥) 8♥: the wild is now between two naturals
    assert bound.status == "incorrect" and bound.rule == "wild.bound"
    text = bound.message("en")
    assert "2♣" in text and bc.RULE_IDS["wild.bound"][0] in text


def test_the_intros_state_the_engines_facts():
    texts = {lesson.key: " ".join(m.text("en") for b in lesson.intro for m in (b.text, b.caption) if m is not None)
             for lesson in (WILDS, BURRACO, VARIANTS)}
    jokers = sum(card.is_joker for card in bc.full_deck())
    twos = sum(card.is_wild and not card.is_joker for card in bc.full_deck())
    assert f"The {jokers} jokers" in texts["wilds"] and f"the {twos} twos" in texts["wilds"]
    assert "a group holds at most nine cards" in texts["wilds"]
    classic, italiano = bc.ruleset("classic"), bc.ruleset("italiano")
    assert f"Bonus {classic.clean_bonus}." in texts["burraco"] and f"Bonus {classic.dirty_bonus}." in texts["burraco"]
    assert f"worth {italiano.semi_clean_bonus}" in texts["variants"]
    assert italiano.semi_clean_bonus == bc.ruleset("buraco").semi_clean_bonus
    assert classic.semi_clean_bonus is None and bc.ruleset("pulito").semi_clean_bonus is None
    # the marks at the table are said, and the pictures of the questions leave them out
    assert "its last card lies sideways when it is dirty, its last two when it is clean" in texts["burraco"]
    for ex in BURRACO.exercises:
        if ex.kind == "spot-burraco":
            assert "rotate(-90)" not in svg.meld_svg(bc.Meld.parse(ex.data["meld"], ex.rules), plain=True)
