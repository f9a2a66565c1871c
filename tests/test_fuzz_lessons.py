"""Every entry of the lessons that reads outside text (but the learner's progress and the class
service, fuzzed by their own tests), fuzzed: only the project's own errors escape.

A teacher's exercise and lesson files (``Exercise.from_dict``, ``Lesson.from_dict``, an exercise's
ruleset), variant files (``read_variant`` and the variant builder that loads them), the preferences
the browser hands back (``Preferences``: its JSON text comes from ``localStorage``), the address
(``parse_address``), the number boxes of the answer views and the referees' typed cards, melds and
moves, and a generated exercise's id (``parse_generated_id``) are fed random text and near-valid
inputs: a valid dict or file with one value changed to another type, a huge number, lists nested
thousands deep, digits of another script. Each is read, or refused with a
:class:`burraco_core.BurracoError` said in every language; nothing else escapes, and a refusal
leaves the state as it was. The strategies are shared with ``test_fuzz_parsers.py``.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import pathlib
import tempfile

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import burraco_core as bc
import lessons.widgets.settings as settings
from lessons.curriculum.checks import CurriculumError
from lessons.curriculum.generators import GENERATED_KINDS, generate
from lessons.curriculum.model import Exercise, Lesson, all_lessons, load, ruleset_from_dict
from lessons.learner.practice import parse_generated_id
from lessons.teachers.variant_builder import VariantBuilder, read_variant, variant_json
from lessons.widgets.address import HOME_PLACE, AddressError, parse_address
from lessons.widgets.position_referee import read_position, rule_on
from lessons.widgets.referee import judge_meld
from lessons.widgets.score import read_melds
from lessons.widgets.views import answer_view
from tests.test_fuzz_parsers import (
    FEW,
    FUZZ,
    LOOKALIKES,
    _path_into,
    json_value,
    mutate_tokens,
    notation,
    odd_value,
    said,
)

LESSONS = all_lessons()
EXERCISES = [ex.to_dict() for lesson in LESSONS for ex in lesson.exercises]
EXERCISES += [generate(kind, 5).to_dict() for kind in GENERATED_KINDS]
LESSON_FILES = [lesson.to_dict() for lesson in LESSONS]


def near_valid(body: object, data: st.DataObject) -> object:
    """A copy of a valid JSON body with one value somewhere in it changed, removed or made odd."""
    body = copy.deepcopy(body)
    where = _path_into(body, data)
    if where is None:
        return body
    node, key = where
    how = data.draw(st.sampled_from(["value", "odd", "delete", "string", "wrap"]))
    if how == "delete" and isinstance(node, dict):
        del node[key]
    elif how == "string" and isinstance(node[key], str):
        node[key] = mutate_tokens(node[key], data)
    elif how == "wrap":
        node[key] = [node[key]]              # the right value, in a list (goal_rule as a list)
    elif how == "odd":
        node[key] = data.draw(odd_value)
    else:
        node[key] = data.draw(json_value)
    return body


def as_json(body: object) -> str:
    """JSON text of a body (one json.dumps cannot write, a 5,000-digit int or an object, is not drawn)."""
    try:
        return json.dumps(body)
    except (TypeError, ValueError, RecursionError):
        assume(False)
        raise


# ---------------------------------------------------------------- a teacher's exercises and lessons

@FUZZ
@given(st.data())
def test_a_teachers_exercise_is_read_or_refused_by_field(data):
    d = data.draw(st.one_of(st.sampled_from(EXERCISES).map(lambda valid: near_valid(valid, data)),
                            odd_value, notation))
    ruleset = data.draw(st.one_of(st.just("classic"), st.sampled_from(list(bc.RULESETS)), odd_value))
    try:
        ex = Exercise.from_dict(d, ruleset=ruleset)
    except bc.BurracoError as err:
        said(err)
        return
    assert Exercise.from_dict(ex.to_dict()) == ex
    answer = data.draw(st.one_of(notation, odd_value, st.just(ex.solution)))
    ex.check(answer).message("pt")


def test_a_field_of_the_wrong_shape_is_named():
    valid = EXERCISES[0]
    for field, value in (("goal_rule", ["meld.not-a-meld"]), ("goal_rule", {"a": 1}), ("teaches", [["x"]]),
                         ("wrong_answers", [["5H", ["meld.not-a-meld"]]]), ("hints", "x"), ("ruleset", ["classic"]),
                         ("ruleset", {"id": "house", "joker_value": 10**100}), ("solution", 10**5000),
                         ("data", {"hand": 10**5000})):
        with pytest.raises(CurriculumError) as refused:
            Exercise.from_dict({**valid, field: value})
        said(refused.value)
        assert refused.value.field.startswith(field), (field, refused.value.field)


@FEW
@given(st.data())
def test_a_teachers_lesson_file_is_read_or_refused_by_field(data):
    d = near_valid(data.draw(st.sampled_from(LESSON_FILES)), data)
    try:
        lesson = Lesson.from_dict(d)
    except bc.BurracoError as err:
        said(err)
        return
    assert Lesson.from_dict(lesson.to_dict()).key == lesson.key


@FUZZ
@given(st.one_of(odd_value, notation, st.dictionaries(st.sampled_from(["id", "name", "jokers", "joker_value",
                                                                     "target_score", "game_length", "x"]),
                                                    st.one_of(json_value, odd_value), max_size=4)))
def test_an_exercises_ruleset_is_read_or_refused(value):
    try:
        rules = ruleset_from_dict(value)
    except bc.BurracoError as err:
        said(err)
        return
    assert isinstance(rules, bc.Ruleset)


# ---------------------------------------------------------------- variant files

HOUSE = dataclasses.replace(bc.ruleset("classic"), id="house", name="House", joker_value=50)
VARIANTS = [variant_json(bc.ruleset(name)) for name in bc.RULESETS]
VARIANTS += [variant_json(HOUSE), variant_json(dataclasses.replace(bc.ruleset("buraco"), close_by_meld=True))]


@FUZZ
@given(st.data())
def test_a_variant_file_is_read_or_refused_in_words(data):
    text = data.draw(st.one_of(
        st.sampled_from(VARIANTS).map(lambda t: as_json(near_valid(json.loads(t), data))),
        notation, st.sampled_from(["[" * 100_000, "{" * 5000, '{"version": ' + "9" * 5000 + "}"]),
        st.just(json.dumps({"format": "burraco-variant", "version": 1, "base": "nope", "changes": {}})),
    ))
    try:
        rules = read_variant(text)
    except bc.RulesetError as err:
        said(err)
        return
    assert read_variant(variant_json(rules)) == rules


def test_a_variant_file_naming_no_ruleset_is_refused_by_name():
    for base in ("nope", None, 3, ["classic"]):
        with pytest.raises(bc.RulesetError) as refused:
            read_variant(json.dumps({"format": "burraco-variant", "version": 1, "base": base, "changes": {}}))
        said(refused.value)
        assert "classic" in refused.value.message("en")
    # a house ruleset's own file names itself as its base and gives every field: it is read
    assert read_variant(variant_json(HOUSE)) == HOUSE
    for junk in (None, 42, ["x"]):
        with pytest.raises(bc.RulesetError):
            read_variant(junk)  # type: ignore[arg-type]


BUILDER: dict[str, VariantBuilder] = {}


@FEW
@given(st.one_of(notation, st.sampled_from(VARIANTS).map(lambda t: t.replace("50", "1" + "0" * 120))))
def test_the_variant_builder_loads_a_file_or_says_why(text):
    if "builder" not in BUILDER:   # one builder: each takes a while to draw
        BUILDER["builder"] = VariantBuilder()
    builder = BUILDER["builder"]
    before = builder.ruleset
    rules = builder.load_json(text)
    if rules is None:
        assert builder.ruleset == before
        assert "bt-" in builder.status.value


# ---------------------------------------------------------------- the browser's copy of the preferences

PREFS = [json.dumps({"rules": "italiano", "projector": True, "four_colour": False}), json.dumps({"rules": "classic"})]


@FUZZ
@given(st.data())
def test_the_preferences_the_browser_hands_back_are_read_or_left_aside(data):
    text = data.draw(st.one_of(
        st.sampled_from(PREFS).map(lambda t: as_json(near_valid(json.loads(t), data))),
        notation, st.sampled_from(["[" * 100_000 + "]" * 100_000, '{"rules": ' * 3000 + "1" + "}" * 3000,
                                   '{"projector": ' + "9" * 5000 + "}", "NaN", '{"rules": "pulito"}'])))
    p = settings.Preferences(key="burraco-tutor-settings-fuzz")
    p.value = text
    assert p.rules in bc.RULESETS
    assert p.projector in (True, False) and p.four_colour in (True, False)
    chosen = data.draw(st.one_of(st.sampled_from(list(bc.RULESETS)), odd_value, notation))
    before = p.value
    try:
        p.rules = chosen
    except bc.RulesetError as err:
        said(err)
        assert p.value == before
    else:
        assert p.rules == chosen


# ---------------------------------------------------------------- the address

SIZES = {lesson.key: len(lesson.exercises) for lesson in LESSONS}
TOOLS = ("referee", "table", "variants")
ADDRESSES = ["", "home", "#home", "lesson/melds", "#lesson/melds/3", "tool/referee", "lesson/game/1"]


@FUZZ
@given(st.data())
def test_an_address_names_a_place_or_is_refused(data):
    address = data.draw(st.one_of(
        notation, odd_value,
        st.sampled_from(ADDRESSES).map(lambda a: a.replace("/", " ")).map(lambda a: mutate_tokens(a, data))
        .map(lambda a: a.replace(" ", "/")),
        st.sampled_from(LOOKALIKES + ["0003", "9" * 5000, "0"]).map(lambda d: f"#lesson/melds/{d}")))
    try:
        place = parse_address(address, SIZES, TOOLS)
    except AddressError as err:
        said(err)
        return
    assert parse_address(place.address, SIZES, TOOLS) == place
    assert place == HOME_PLACE or place.address in str(address) or place.exercise is not None


# ---------------------------------------------------------------- the answer boxes of the views

NUMBER_KINDS = [kind for kind in ("count", "count-score") if kind in GENERATED_KINDS]


@FEW
@given(st.sampled_from(NUMBER_KINDS), st.integers(1, 40),
       st.one_of(notation, st.sampled_from(LOOKALIKES + ["9" * 5000, "-0", "+7", " 12 "])))
def test_a_number_typed_in_an_answer_box_is_read_or_said_to_be_no_number(kind, seed, typed):
    exercise = generate(kind, seed)
    view = answer_view(exercise, "en")
    boxes = getattr(view, "boxes", None) or [view.text]
    for box in boxes:
        box.value = typed
    answer = view.answer()
    assert not isinstance(answer, int) or typed.strip().lstrip("+-").isascii()
    exercise.check(answer).message("es")


# ---------------------------------------------------------------- the referees' typed cards, melds and moves

@FEW
@given(st.data())
def test_the_referees_read_typed_cards_melds_and_moves_or_say_why(data):
    rules = data.draw(st.sampled_from(list(bc.RULESETS)))
    meld_text = data.draw(st.one_of(notation, st.sampled_from(["5H 6H 2C=7H", "7S 7H JK", "5H 6H 7H"])
                                    .map(lambda m: mutate_tokens(m, data))))
    judge_meld(meld_text, rules, lang="it")
    read_melds(meld_text + "\n" + data.draw(notation), rules, lang="es")
    hand = data.draw(st.one_of(notation, st.just("5H 6H 7H 9C QS KD").map(lambda h: mutate_tokens(h, data))))
    try:
        game = read_position(rules, hand=hand, melds=(data.draw(notation), ""), discard_pile=data.draw(notation),
                             this_turn=data.draw(st.sampled_from(["not-drawn", "drawn", "took-pile"])),
                             pile_card=data.draw(notation))
    except bc.BurracoError as err:
        said(err)
        return
    before = game.to_json()
    move = data.draw(st.one_of(notation, st.sampled_from(["draw", "attach ٣ 8H", "attach 0 5H", "meld 5H 6H 7H"])
                               .map(lambda m: mutate_tokens(m, data))))
    ruling = rule_on(game, move, lang="pt")
    assert ruling.html
    assert game.to_json() == before


# ---------------------------------------------------------------- a generated exercise's id

@FUZZ
@given(st.data())
def test_a_generated_exercises_id_is_read_or_is_no_generated_id(data):
    valid = data.draw(st.sampled_from([ex["id"] for ex in EXERCISES if ex["id"].startswith("gen.")]))
    text = data.draw(st.one_of(
        st.just(valid).map(lambda i: i.replace(".", " ")).map(lambda i: mutate_tokens(i, data)).map(
            lambda i: i.replace(" ", ".")),
        st.sampled_from(LOOKALIKES + ["9" * 5000, "9" * 41]).map(lambda d: valid.rsplit(".", 1)[0] + "." + d),
        notation))
    parsed = parse_generated_id(text)
    if parsed is not None:
        assert text.isascii() and str(parsed[1]) in text


@FEW
@given(st.data())
def test_a_teachers_lesson_file_on_disk_is_read_or_refused(data):
    text = data.draw(st.one_of(
        st.sampled_from(LESSON_FILES).map(lambda valid: as_json(near_valid(valid, data))),
        notation, st.sampled_from(["[" * 100_000, '{"number": ' + "9" * 5000 + "}", "\ufeff{}"])))
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "99-fuzz.json"
        path.write_text(text, encoding="utf-8")
        try:
            lesson = load(path)
        except bc.BurracoError as err:
            said(err)
            return
        assert Lesson.from_dict(lesson.to_dict()).key == lesson.key
