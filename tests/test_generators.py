"""Generated exercises: reproducible, different per seed, and solvable as the engine says."""

from __future__ import annotations

import dataclasses

import pytest

import burraco_core as bc
from burraco_core.messages import Message, catalogue, placeholders
from lessons.curriculum import CurriculumError, Exercise, ruleset_dict
from lessons.curriculum.generators import GENERATED_KINDS, GeneratorError, exercises, generate, ruleset_tag

SEEDS = range(200)
RULESETS = tuple(bc.RULESETS)


def _solvable(ex: Exercise) -> None:
    verdict = ex.check(ex.solution)
    assert verdict.correct, (ex.id, ex.data, ex.solution, verdict.message("en"))
    assert verdict.message("en").startswith("Correct!")
    assert ex.wrong_answers
    for answer, rule in ex.wrong_answers:
        wrong = ex.check(answer)
        assert wrong.status == "incorrect", (ex.id, answer)
        assert wrong.rule == rule, (ex.id, answer, wrong.rule, rule)
        if rule is not None:
            # the rule in plain words, once (a refusal that says it already is not followed by "The rule: …")
            assert Message(f"rule.{rule}.summary").text("en").rstrip(".").casefold() in wrong.message("en").casefold()
    assert ex.teaches <= set(bc.RULE_IDS)


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("kind", GENERATED_KINDS)
def test_every_seed_gives_a_solvable_exercise(kind, rules):
    seen = set()
    for seed in SEEDS:
        ex = generate(kind, seed, rules)
        assert ex.kind == kind and ex.ruleset == rules
        assert str(seed) in ex.id and str(seed) in ex.prompt.text("en")
        _solvable(ex)
        seen.add(repr(sorted(ex.data.items())))
    # Different seeds give different exercises (a few may coincide by chance, not many).
    assert len(seen) >= 0.9 * len(SEEDS), (kind, rules, len(seen))


@pytest.mark.parametrize("kind", GENERATED_KINDS)
def test_the_same_seed_gives_the_same_exercise(kind):
    for seed in (0, 7, 1234):
        first, again = generate(kind, seed), generate(kind, seed)
        assert first == again and first.to_dict() == again.to_dict()
        assert first.prompt.text("en") == again.prompt.text("en")
    assert generate(kind, 1).to_dict() != generate(kind, 2).to_dict()


@pytest.mark.parametrize("difficulty", (2, 3))
@pytest.mark.parametrize("kind", GENERATED_KINDS)
def test_harder_exercises_are_solvable_too(kind, difficulty):
    for seed in range(40):
        ex = generate(kind, seed, "classic", difficulty)
        assert f"d{difficulty}" in ex.id
        _solvable(ex)


def test_the_seed_shows_and_the_exercise_round_trips():
    ex = generate("judge-meld", 1234)
    assert ex.id == "gen.judge-meld.1234"
    assert "1234" in ex.prompt.text("it") and "1234" in ex.prompt.text("es")
    back = Exercise.from_dict(ex.to_dict())
    assert back == ex and back.check(ex.solution).correct


def test_hints_are_plain_and_prompts_name_the_seed():
    for kind in GENERATED_KINDS:
        ex = generate(kind, 3)
        for hint in ex.hints:
            assert not placeholders(catalogue("en")[hint.key])
        assert "seed" in placeholders(catalogue("en")[ex.prompt.key])


def test_bad_requests_get_a_clear_error():
    for call in (lambda: generate("no-such-kind", 1), lambda: generate("build-meld", -1),
                 lambda: generate("build-meld", 1, difficulty=9), lambda: generate("build-meld", "x")):
        with pytest.raises(GeneratorError) as err:
            call()
        assert isinstance(err.value, bc.BurracoError)


def test_a_set_takes_the_kinds_in_turn():
    made = list(exercises(["attach", "stands-for"], 4, seed=10))
    assert [ex.kind for ex in made] == ["attach", "stands-for", "attach", "stands-for"]
    assert len({ex.id for ex in made}) == 4


@pytest.mark.parametrize("kind", GENERATED_KINDS)
def test_a_generated_exercise_round_trips_with_its_texts_params(kind):
    import json

    for seed, rules, difficulty in ((3, "classic", 1), (41, "italiano", 2), (2026, "pulito", 3)):
        ex = generate(kind, seed, rules, difficulty)
        d = ex.to_dict()
        assert json.loads(json.dumps(d)) == d                     # plain JSON: a file, a cell, a store
        back = Exercise.from_dict(json.loads(json.dumps(d)))
        assert back == ex and back.to_dict() == d
        assert back.prompt == ex.prompt and back.hints == ex.hints and back.explain == ex.explain
        assert back.prompt.params and back.prompt.params["seed"] == seed
        for lang in ("en", "it", "es"):
            assert back.prompt.text(lang) == ex.prompt.text(lang) and str(seed) in back.prompt.text(lang)
            assert [h.text(lang) for h in back.hints] == [h.text(lang) for h in ex.hints]
        assert back.check(ex.solution).message("es") == ex.check(ex.solution).message("es")
        assert back.under(rules).prompt == ex.prompt                  # under() reads the dict too


def test_texts_with_params_in_a_teachers_dict_and_old_dicts_read_as_before():
    import lessons

    old = lessons.get_lesson("melds").exercises[0]
    d = old.to_dict()
    assert isinstance(d["prompt"], str) and all(isinstance(h, str) for h in d["hints"])   # no params: keys
    goal = Message("gen.pick-cards.what.suit-value", suit="D", value=5)
    d["prompt"] = {"key": "gen.count.prompt", "params": {"seed": 9, "cards": {"cards": "4D' 5D 6D"}}}
    d["hints"] = [{"key": "gen.pick-cards.prompt", "params": {"seed": 1, "what": {"key": goal.key,
                                                                                    "params": {"suit": "D", "value": 5}}}},
                  {"key": "gen.pick-cards.prompt", "params": {"seed": 2, "what": {"key": "gen.pick-cards.what.wild"}}}]
    ex = Exercise.from_dict(d)
    assert ex.prompt == Message("gen.count.prompt", seed=9, cards=bc.parse_cards("4D' 5D 6D"))
    assert ex.hints[0] == Message("gen.pick-cards.prompt", seed=1, what=goal)
    assert ex.hints[1].params["what"] == Message("gen.pick-cards.what.wild")
    assert Exercise.from_dict(ex.to_dict()) == ex and ex.to_dict()["hints"] == d["hints"]
    assert ex.hints[0].text("en") == Message("gen.pick-cards.prompt", seed=1, what=goal).text("en")


@pytest.mark.parametrize(("text", "field"), [
    ({"key": "gen.count.prompt", "colour": "red"}, "prompt"),
    ({"key": "lesson.no.such.key", "params": {}}, "prompt"),
    ({"key": "gen.count.prompt", "params": {"seed": {"weird": 1}}}, "prompt.params.seed"),
    ({"key": "gen.count.prompt", "params": {"cards": {"cards": "4D 5X"}}}, "prompt.params.cards"),
    ({"key": "gen.count.prompt", "params": [1]}, "prompt"),
])
def test_a_malformed_text_with_params_names_the_field(text, field):
    import lessons
    from lessons.curriculum.checks import CurriculumError

    d = lessons.get_lesson("melds").exercises[0].to_dict()
    d["prompt"] = text
    with pytest.raises(CurriculumError) as caught:
        Exercise.from_dict(d)
    assert caught.value.field == field


# -- under a house ruleset -----------------------------------------------------------------------

HOUSES = {
    "no-groups": dataclasses.replace(bc.ruleset("classic"), groups_allowed=False),
    "clean-close": dataclasses.replace(bc.ruleset("classic"), name="Club", close_needs_clean=True, closing_bonus=150),
    "no-jokers": dataclasses.replace(bc.ruleset("italiano"), id="casa", name="A casa", jokers=0, joker_value=0),
}
# Nothing counts: no count exercise has a wrong answer (every slip adds 0).
NOTHING_COUNTS = dataclasses.replace(bc.ruleset("classic"), id="zero", name="Nothing counts", two_value=0,
                                     joker_value=0, ace_value=0, high_value=0, low_value=0, clean_bonus=0,
                                     dirty_bonus=0, closing_bonus=0, no_pozzetto_penalty=0)


@pytest.mark.parametrize("house", HOUSES, ids=list(HOUSES))
@pytest.mark.parametrize("kind", GENERATED_KINDS)
def test_every_kind_is_generated_solved_and_checked_under_a_house_ruleset(kind, house):
    import json

    rules = HOUSES[house]
    builtin = bc.RULESETS.get(rules.id, bc.ruleset("classic"))
    for seed, difficulty in ((0, 1), (1, 1), (2, 2), (3, 3)):
        ex = generate(kind, seed, rules, difficulty)
        assert ex.rules is rules and ex.house is rules and ex.ruleset == rules.id
        _solvable(ex)                          # every verdict asked of the engine under the house rules
        assert ex.id == f"gen.{kind}.{ruleset_tag(rules)}.d{difficulty}.{seed}"
        assert ex.id != generate(kind, seed, builtin, difficulty).id
        again = generate(kind, seed, rules, difficulty)
        assert again == ex and again.to_dict() == ex.to_dict()
        d = ex.to_dict()
        assert json.loads(json.dumps(d)) == d and d["ruleset"]["id"] == rules.id
        back = Exercise.from_dict(json.loads(json.dumps(d)))
        assert back == ex and back.house == rules and back.to_dict() == d and back.holds()


def test_a_house_rulesets_id_part_is_a_stable_fingerprint_of_what_it_changes():
    classic = bc.ruleset("classic")
    no_groups = HOUSES["no-groups"]
    # the same in every process (a SHA-256, not Python's hash()): pupils' progress files keep these ids
    assert ruleset_tag(no_groups) == "classic-99d4bfad"
    assert ruleset_dict(no_groups) == {"id": "classic", "groups_allowed": False}
    assert ruleset_tag(dataclasses.replace(classic, groups_allowed=False)) == ruleset_tag(no_groups)
    # any field changed, the name included, gives another id; none changed is the built-in itself
    tags = {ruleset_tag(dataclasses.replace(classic, **change)) for change in (
        {"groups_allowed": False}, {"closing_bonus": 150}, {"closing_bonus": 200}, {"name": "Club"},
        {"id": "club"}, {"id": "Club"}, {"close_needs_clean": True})}
    assert len(tags) == 7 and not tags & set(bc.RULESETS)
    assert ruleset_tag(dataclasses.replace(classic, closing_bonus=100)) == "classic"
    assert generate("attach", 5, dataclasses.replace(classic, closing_bonus=100)) == generate("attach", 5)
    assert ruleset_tag(dataclasses.replace(classic, id="Our Club!")).startswith("our-club-")
    # built-in rulesets keep their ids
    assert generate("attach", 5).id == "gen.attach.5"
    assert generate("attach", 5, bc.ruleset("pulito"), 2).id == "gen.attach.pulito.d2.5"
    assert generate("attach", 5, "classic", 3).id == "gen.attach.classic.d3.5"


def test_a_house_ruleset_with_a_built_in_id_is_no_longer_taken_for_the_built_in():
    rules = HOUSES["no-groups"]
    made = [generate("build-meld", seed, rules) for seed in range(6)]
    assert all(ex.house is rules for ex in made)
    # checked under these rules, not the built-in classic ones, which would call a group a meld
    group = "7H 7S 7D"
    judged = Exercise.from_dict({**made[0].to_dict(), "data": {"hand": f"{group} 9C 10C JC KS"},
                                 "solution": "9C 10C JC", "wrong_answers": [[group, "group.not-allowed"]]})
    assert judged.house == rules and judged.check(group).rule == "group.not-allowed"
    with pytest.raises(CurriculumError) as caught:       # the built-in calls the group a meld: no wrong answer
        judged.under("classic")
    assert caught.value.field == "wrong_answers[0]" and "correct" in caught.value.problem


def test_a_kind_a_house_ruleset_cannot_give_is_refused_saying_why():
    from lessons.curriculum.generators import KindUnavailable

    for kind in ("count", "count-score"):
        with pytest.raises(GeneratorError) as caught:
            generate(kind, 1, NOTHING_COUNTS)
        err = caught.value
        assert isinstance(err, KindUnavailable) and err.kind == kind and err.rules is NOTHING_COUNTS
        assert kind in str(err) and "Nothing counts" in str(err)
        for lang in ("en", "it", "es"):
            said = err.msg.text(lang)
            assert "Nothing counts" in said and Message(f"worksheet.kind.{kind}").text(lang) in said
    assert generate("judge-meld", 1, NOTHING_COUNTS).house is NOTHING_COUNTS     # the other kinds are given
    with pytest.raises(GeneratorError):
        generate("attach", 1, "no-such-rules")


def test_a_house_ruleset_in_an_exercise_dict_is_read_or_refused_by_field():
    from lessons.curriculum import ruleset_from_dict
    from lessons.curriculum.checks import CurriculumError

    assert ruleset_from_dict({"id": "classic", "jokers": 0}) == dataclasses.replace(bc.ruleset("classic"), jokers=0)
    assert ruleset_from_dict({"id": "casa", "jokers": 0}) == bc.Ruleset(id="casa", jokers=0)
    assert ruleset_from_dict({"id": "pulito"}) is bc.ruleset("pulito")
    for bad, field in (({"id": "classic", "colour": "red"}, "ruleset.colour"), ({"jokers": 0}, "ruleset.id"),
                       ({"id": "classic", "jokers": 9}, "ruleset"), ("no-such-rules", "ruleset")):
        with pytest.raises(CurriculumError) as caught:
            Exercise.from_dict({**generate("attach", 2).to_dict(), "ruleset": bad})
        assert caught.value.field == field
