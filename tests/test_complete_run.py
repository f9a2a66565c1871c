"""The complete run, ruleset by ruleset (issue 28; docs/RULES.md sections 3, 4 and 9).

Two fields of the ruleset answer two questions the seeds answer per ruleset:

- ``run_fourteenth_place``: may a wild stand for the second ace (13 naturals and a wild, 14 cards)?
  classic yes (seed 000, "A-2-3-…-K-Comodín"), italiano yes (seed 001, "2 2 3 … J Q K A"), buraco no
  (seed 002, "en la misma secuencia no puede haber dos Ases"), pulito yes (seed 004, ace to ace);
- ``complete_run_wild_locked``: may the wild of a complete run (all 13 ranks) be replaced? classic yes
  (seed 000 has no ban: the wild moves to the 14th place), italiano and pulito no (seeds 001 and 004:
  "no se podrá reemplazar el comodín"), buraco: no 14th place, so the wild has nowhere to go.

Every position goes through ``Meld.lay_down``, ``Meld.attach`` (and ``can_attach``/``try_attach``),
``Game.apply`` and ``Game.explain``, with the rule id and the words of each refusal in four languages.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burraco_core as bc
import lessons
from burraco_core.messages import Message, catalogue
from lessons.curriculum.model import CONTENT_DIR
from lessons.curriculum.variants import variant_table
from lessons.teachers.variant_builder import VariantBuilder, differences, read_variant, variant_json
from tests.helpers import refused, refused_move

RULESET_IDS = ("classic", "italiano", "buraco", "pulito")
LANGS = ("en", "it", "es", "pt")

# the issue's run (the ace high, 2♣ bound inside) and lesson 6's (the ace low)
ACE_HIGH = "2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
ACE_LOW = "AH 2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH"
# what classic makes of each with 4♥: the freed 2♣ moves to the 14th place
MOVED = {ACE_HIGH: "2C=AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
         ACE_LOW: "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C=AH"}
# 13 naturals and a wild standing for the second ace, laid down at once
WILD_ACE = ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "2C 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")

# the words each refusal says, in each language (besides the cards it names)
WORDS = {
    "wild.complete-run-locked": {"en": "the wild of a complete run is locked",
                                 "it": "la matta di una scala completa non si può più sostituire",
                                 "es": "el comodín de una escalera completa ya no se puede reemplazar",
                                 "pt": "o coringa de uma sequência completa não pode mais ser trocado"},
    "wild.nowhere-to-go": {"en": "nowhere to stand", "it": "non avrebbe più posto",
                           "es": "no le quedaría ningún lugar", "pt": "não teria mais lugar"},
    "run.no-fourteenth-place": {"en": "a run never holds two aces", "it": "una scala non ha mai due assi",
                                "es": "una escalera nunca tiene dos ases", "pt": "uma sequência nunca tem dois ases"},
}
ATTACH_REFUSAL = {"italiano": "wild.complete-run-locked", "pulito": "wild.complete-run-locked",
                  "buraco": "wild.nowhere-to-go"}


def _says(err: bc.IllegalMove, rule: str, *cards: str) -> None:
    """The refusal names the rule and says it, with these cards, in every language; never the false
    "nowhere to stand" where the ruleset has a 14th place."""
    assert err.rule == rule, f"expected {rule}, got {err.rule}: {err}"
    for lang in LANGS:
        text = err.message(lang)
        # the rule's words in the refusal, or in the rule every page shows beside it ("La regla: …"): a
        # refusal that names the ruleset and the cards leaves the rule to it, not to say it twice (issue 32)
        assert WORDS[rule][lang] in f"{text} {err.summary_in(lang)}", (lang, text)
        for card in cards:
            assert card in text, (lang, card, text)
        assert err.summary_in(lang) and "{" not in text
    if rule != "wild.nowhere-to-go":
        assert WORDS["wild.nowhere-to-go"]["en"] not in str(err)


# ----------------------------------------------------------------- the two fields

def test_the_fields_hold_the_seeds_answers():
    fourteenth = {r: bc.RULESETS[r].run_fourteenth_place for r in RULESET_IDS}
    locked = {r: bc.RULESETS[r].complete_run_wild_locked for r in RULESET_IDS}
    assert fourteenth == {"classic": True, "italiano": True, "buraco": False, "pulito": True}
    assert locked == {"classic": False, "italiano": True, "buraco": False, "pulito": True}
    # the defaults are classic's: a house ruleset made before the fields existed plays as it did in classic
    house = bc.Ruleset(id="house")
    assert house.run_fourteenth_place and not house.complete_run_wild_locked


@pytest.mark.parametrize("field", ["run_fourteenth_place", "complete_run_wild_locked"])
@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_bad_value_is_refused_with_the_project_s_error(field, value):
    with pytest.raises(bc.RulesetError) as info:
        dataclasses.replace(bc.ruleset("classic"), **{field: value})
    assert info.value.fields == (field,)
    for lang in LANGS:
        assert field in info.value.message(lang) and "True" in info.value.message(lang)


def test_variant_files_read_and_write_the_fields():
    house = dataclasses.replace(bc.ruleset("italiano"), name="No lock", complete_run_wild_locked=False)
    text = variant_json(house)
    assert json.loads(text)["changes"] == {"name": "No lock", "complete_run_wild_locked": False}
    assert read_variant(text) == house
    strict = dataclasses.replace(bc.ruleset("classic"), name="Two aces never", run_fourteenth_place=False)
    assert read_variant(variant_json(strict)) == strict
    # a file written before the fields existed: the base ruleset's values
    old = {"format": "burraco-variant", "version": 1, "base": "buraco", "changes": {"name": "Old"}}
    assert read_variant(json.dumps(old)).run_fourteenth_place is False
    old["base"] = "pulito"
    assert read_variant(json.dumps(old)).complete_run_wild_locked is True
    # a bad value in a file: the engine's RulesetError, naming the field
    old["changes"] = {"run_fourteenth_place": "no"}
    with pytest.raises(bc.RulesetError) as info:
        read_variant(json.dumps(old))
    assert info.value.fields == ("run_fourteenth_place",)


def test_a_saved_game_keeps_the_fields():
    house = dataclasses.replace(bc.ruleset("classic"), id="house", complete_run_wild_locked=True)
    game = bc.Game.setup(house, hands=["4H 9C KS", "3S 5S 6S 8D 9D JC KH 7C 7D AS 4D"],
                         melds=[[ACE_LOW], []], phase="play")
    again = bc.Game.from_json(game.to_json())
    assert again.rules == house
    refused_move(again, "attach 0 4H", "wild.complete-run-locked", "4♥", "2♣")


@pytest.mark.parametrize("lang", LANGS)
def test_the_variant_builder_and_the_variants_table_show_both_fields(lang):
    builder = VariantBuilder(lang=lang)
    for field in ("run_fourteenth_place", "complete_run_wild_locked"):
        assert field in builder.controls and isinstance(builder.controls[field].value, bool)
    builder.base.value = "italiano"
    builder.controls["complete_run_wild_locked"].value = False
    built = builder.build()
    assert built.complete_run_wild_locked is False and built.run_fourteenth_place is True
    assert "complete_run_wild_locked" in [name for name, _, _ in differences(built)]
    _, rows = variant_table(lang)
    cells = {row[0]: row[1:] for row in rows}
    label = Message("variants.field.run_fourteenth_place").text(lang)
    locked = Message("variants.field.complete_run_wild_locked").text(lang)
    yes, no = (Message(f"lesson.variants.value.{v}").text(lang) for v in ("yes", "no"))
    dash = Message("lesson.variants.value.none").text(lang)
    assert cells[label] == (yes, yes, no, yes)
    assert cells[locked] == (no, yes, dash, yes)   # buraco: no 14th place, so nothing to lock


# ----------------------------------------------------------------- the positions

@pytest.mark.parametrize("rules", RULESET_IDS)
@pytest.mark.parametrize("code", [ACE_HIGH, ACE_LOW])
def test_attaching_the_card_a_complete_run_s_wild_stands_for(rules, code):
    meld = bc.Meld.parse(code, rules)
    assert len(meld) == 13 and meld.wild_stands_for == "4♥" and not meld.wild_is_free
    if rules == "classic":
        after = meld.attach("4H")
        assert after.table_code == MOVED[code] and len(after) == 14
        assert meld.can_attach("4H") and meld.try_attach("4H") == after
        assert after in bc.Meld.lay_down_options(after.cards, rules)   # the 14-card run lay_down accepts
        return
    rule = ATTACH_REFUSAL[rules]
    with refused(rule, "4♥", "2♣") as info:
        meld.attach("4H")
    _says(info.value, rule, "4♥", "2♣")
    assert not meld.can_attach("4H") and meld.try_attach("4H") is None
    with pytest.raises(bc.IllegalMove) as every:
        meld.attach_options("4H")
    assert every.value.rule == rule


@pytest.mark.parametrize("rules", RULESET_IDS)
@pytest.mark.parametrize("code", [ACE_HIGH, ACE_LOW])
def test_the_game_agrees_with_the_meld(rules, code):
    game = bc.Game.setup(rules, hands=["4H 9C KS", "3S 5S 6S 8D 9D JC KH 7C 7D AS 4D"], melds=[[code], []],
                         phase="play")
    listed = "attach 0 4H" in [str(action) for action in game.legal_actions()]
    assert listed == (rules == "classic")   # the move search (legal_actions, the bots, the hints) agrees
    if rules == "classic":
        assert game.explain("attach 0 4H") is None
        game.apply("attach 0 4H")
        assert game.melds[0][0].table_code.replace("'", "") == MOVED[code]   # (whichever copy of K♥ it holds)
        assert game.hands[0] == tuple(bc.parse_cards("9C KS"))
        return
    rule = ATTACH_REFUSAL[rules]
    _says(refused_move(game, "attach 0 4H", rule, "4♥", "2♣"), rule, "4♥", "2♣")


@pytest.mark.parametrize("rules", RULESET_IDS)
@pytest.mark.parametrize("cards", WILD_ACE)
def test_laying_down_a_wild_for_the_second_ace(rules, cards):
    if rules == "pulito" and "JK" in cards:
        with refused("card.no-jokers"):
            bc.Meld.lay_down(cards, rules)
        return
    if bc.RULESETS[rules].run_fourteenth_place:
        meld = bc.Meld.lay_down(cards, rules)
        assert len(meld) == 14 and meld.wild_stands_for == "A♥" and bc.Meld.is_legal(cards, rules)
        return
    wild = "JK" if "JK" in cards else "2♣"
    with refused("run.no-fourteenth-place", wild, "A♥") as info:
        bc.Meld.lay_down(cards, rules)
    _says(info.value, "run.no-fourteenth-place", "A♥")
    assert not bc.Meld.is_legal(cards, rules) and bc.Meld.laid_with_wild(cards, rules) is None
    # the game says the same
    game = bc.Game.setup(rules, hands=[cards + " 9C", "3S 5S 6S 8D 9D JC KS 7C 7D AS 4D"], phase="play")
    refused_move(game, "meld " + cards, "run.no-fourteenth-place", "A♥")


def test_buraco_refuses_the_second_ace_however_it_comes():
    # the natural ace attached to a run whose wild stands for the other ace, and the wild attached to A..K
    low_wild = bc.Meld.lay_down("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C", "buraco")
    assert low_wild.table_code.startswith("2C=AH 2H")
    with refused("run.no-fourteenth-place", "2♣", "A♥"):
        low_wild.attach("AH")
    clean = bc.Meld.lay_down("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "buraco")
    with refused("run.no-fourteenth-place", "Joker", "A♥"):
        clean.attach("JK")
    # 12 naturals and a wild, the wild at the free end below: still legal (one ace)
    assert len(bc.Meld.lay_down("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "buraco")) == 13


def test_a_locked_wild_stays_locked_when_the_same_play_completes_the_run():
    # docs/rules-choices.md: italiano's lock forbids the replaced wild the 14th place, whether the run was
    # complete before the play or the play completes it; classic moves the wild there
    run = bc.Meld.parse("2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH", "italiano")
    with refused("wild.complete-run-locked", "4♥", "2♣"):
        run.attach("4H AH")
    alone = run.attach("AH")   # the ace alone is fine: the wild is not replaced
    assert len(alone) == 13 and alone.wild_stands_for == "4♥"
    classic = bc.Meld.parse("2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH", "classic")
    assert len(classic.attach("4H AH")) == 14


def test_a_run_from_ace_to_ace_leaves_a_replaced_wild_truly_nowhere():
    # pulito's 14 places all taken by naturals: "nowhere to stand" is true there, and said
    full = bc.Meld.parse("AH 2H 3H 2C=4H 5H 6H 7H 8H 9H 10H JH QH KH", "pulito").attach("AH'")
    assert len(full) == 14 and full.wild_stands_for == "4♥"
    with refused("wild.nowhere-to-go", "2♣", "4♥"):
        full.attach("4H")


# ----------------------------------------------------------------- the property

@st.composite
def complete_runs(draw):
    """A run of all 13 ranks (the ace low or high) whose wild is bound inside: its table code and the
    card the wild stands for."""
    suit = draw(st.sampled_from("SHDC"))
    low = draw(st.sampled_from((1, 2)))                # slots 1..13 (ace low) or 2..14 (ace high)
    slots = list(range(low, low + 13))
    wild_at = draw(st.integers(1, 11))                 # never an end: bound
    slot = slots[wild_at]
    others = [s for s in "SHDC" if s != suit]
    wilds = ["JK", *(f"2{s}" for s in others)]
    if slot != 2:
        wilds.append(f"2{suit}'")                       # the suit's other 2, the natural one in its place
    wild = draw(st.sampled_from(wilds))
    decks = draw(st.lists(st.sampled_from(("", "'")), min_size=13, max_size=13))

    def code(s: int) -> str:
        return bc.Card(1 if s == 14 else s, suit).code

    cards = [code(s) + decks[i] if i != wild_at else f"{wild}={code(s)}" for i, s in enumerate(slots)]
    if wild == f"2{suit}'" and low <= 2:
        cards[slots.index(2)] = f"2{suit}"                # the first deck's 2 natural, the second the wild
    stands_for = code(slot) + ("'" if decks[wild_at] == "" else "")
    return " ".join(cards), stands_for


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_runs())
def test_classic_moves_a_complete_run_s_wild_to_the_14th_place(run):
    code, card = run
    meld = bc.Meld.parse(code, "classic")
    assert len(meld) == 13 and not meld.wild_is_free
    after = meld.attach(card)
    # the 14-card run lay_down accepts: every rank, and the wild beyond the king or below the 2 as the other ace
    assert len(after) == 14 and after.wild is meld.wild and after.wild_is_free
    assert after.wild_stands_for == "A" + after.suit.translate(str.maketrans("SHDC", "♠♥♦♣"))
    assert bc.Meld.is_legal(after.cards, "classic")
    assert after in bc.Meld.lay_down_options(after.cards, "classic")
    assert meld.try_attach(card) == after and meld.can_attach(card)
    # the rulesets that lock the wild, or have no 14th place, refuse the same attach, each for its reason
    for rules, rule in ATTACH_REFUSAL.items():
        if "JK" in code and not bc.RULESETS[rules].jokers:
            continue
        locked = bc.Meld.parse(code, rules)
        with pytest.raises(bc.IllegalMove) as info:
            locked.attach(card)
        assert info.value.rule == rule, (rules, code, str(info.value))


# ----------------------------------------------------------------- the lessons

def test_lesson_6_teaches_the_14th_place_and_lesson_12_the_ban():
    exercise = next(ex for ex in lessons.get_lesson("moving-wilds").exercises if ex.id == "moving-wilds.complete-run")
    assert exercise.ruleset == "classic" and exercise.solution == "legal"
    assert exercise.attempt("legal").meld.table_code == MOVED[ACE_LOW]
    assert exercise.check("wild.nowhere-to-go").correct is False
    variants = lessons.get_lesson("variants")
    assert {"wild.complete-run-locked", "run.no-fourteenth-place"} <= variants.teaches
    intro = json.loads((CONTENT_DIR / "12-variants.json").read_text(encoding="utf-8"))["intro"]
    assert {"text": "lesson.variants.intro.5"} in intro
    for lang in LANGS:
        text = Message("lesson.variants.intro.5").text(lang)
        assert "italiano" in text.lower() and "pulito" in text.lower() and "14" in text
        assert "wild." not in text and "=" not in text and "run_" not in text   # no rule id, no engine notation


@pytest.mark.parametrize("lang", LANGS)
def test_the_14th_place_is_said_before_lesson_6_asks_it(lang: str) -> None:
    # lesson 6's complete-run exercise is answerable from its own intro (issue 30: no exercise tests
    # what was not taught), and lesson 4 no longer says a run is longest from the ace to the king
    said = [block.text.text(lang) for block in lessons.get_lesson("moving-wilds").intro if block.text is not None]
    assert any("14" in text and "13" in text for text in said)
    ace = Message("lesson.ace.intro.3").text(lang)
    natural = {"en": "ordinary", "it": "naturali", "es": "naturales", "pt": "naturais"}[lang]
    assert natural in ace


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_12_s_refusal_is_not_a_sentence_nested_after_a_colon(lang):
    # "Under the other rules, no. Under Buraco (to 2005) a run…", not "…, no: Under Buraco…" (a whole
    # sentence with its capital after a colon); the rule's own label ("The rule: …") is the catalogue's way
    label = {"en": "The rule:", "it": "La regola:", "es": "La regla:", "pt": "A regra:"}[lang]
    for exercise_id in ("variants.no-fourteenth-place",):
        said = lessons.get_lesson("variants").exercise(exercise_id).check("legal").message(lang)
        before_the_rule = said.split(label)[0]
        assert not re.search(r":\s+(?!Joker\b)[A-ZÀ-Ý]", before_the_rule), said   # a card is named as on the table


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_predicted_for_the_wrong_reason_is_told_it_is_refused(lang):
    # a learner who chose italiano's locked wild was right that buraco refuses the run: not told "no", but
    # "another reason"
    exercise = lessons.get_lesson("variants").exercise("variants.no-fourteenth-place")
    other_reason = exercise.check("wild.complete-run-locked").message(lang)
    refused_legal = exercise.check("legal").message(lang)
    assert other_reason != refused_legal
    assert {"en": "another reason", "it": "un altro motivo", "es": "otro motivo", "pt": "outro motivo"}[lang] in other_reason
    assert exercise.check("wild.complete-run-locked").rule == "run.no-fourteenth-place"


def test_italian_keeps_bloccata_for_the_wild_between_two_naturals() -> None:
    # docs/glossary-it.md: a complete run's wild "non si può più sostituire"; "bloccata" is the bound wild of lesson 6
    for key in ("lesson.variants.intro.5", "variants.field.complete_run_wild_locked",
                "rule.wild.complete-run-locked", "rule.wild.complete-run-locked.summary"):
        assert "blocc" not in catalogue("it")[key], key
