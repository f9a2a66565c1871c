"""The variant builder: fields with their docstrings, the differences table, contradictions refused
in the engine's words, save and load as JSON, and the variant used in every tool."""

from __future__ import annotations

import dataclasses
import json

import pytest

import burraco_core as bc
from lessons.teachers.variant_builder import (
    VariantBuilder,
    differences,
    field_docs,
    read_variant,
    variant_json,
)
from lessons.widgets.position_referee import PositionReferee
from lessons.widgets.referee import MeldReferee
from lessons.widgets.score import ScoreCalculator
from lessons.widgets.table import PlayTable


def test_every_field_has_a_control_explained_by_its_docstring():
    builder = VariantBuilder()
    docs = field_docs()
    for field in dataclasses.fields(bc.Ruleset):
        if field.name in ("id", "name"):
            continue
        assert field.name in builder.controls
        assert docs[field.name], field.name
    assert "Jokers in the two decks" in docs["jokers"]
    assert builder.ruleset == bc.ruleset("classic")                  # nothing changed yet


def test_changing_fields_builds_the_variant_and_its_differences():
    builder = VariantBuilder()
    builder.name.value = "Casa nostra"
    builder.controls["groups_allowed"].value = False
    builder.controls["closing_bonus"].value = "300"
    rules = builder.ruleset
    assert rules == dataclasses.replace(bc.ruleset("classic"), name="Casa nostra", groups_allowed=False,
                                        closing_bonus=300)
    rows = {name: (mine, theirs) for name, mine, theirs in differences(rules)}
    assert rows["closing_bonus"] == (300, (100, 100, 100, 100))
    assert rows["groups_allowed"] == (False, (True, True, True, False))
    assert "bt-variant-table" in builder.table.value and "closing_bonus" in builder.table.value
    assert "Casa nostra" in builder.status.value
    builder.base.value = "pulito"                                    # a new start: pulito's fields
    assert builder.ruleset == bc.ruleset("pulito") and builder.controls["jokers"].value == "0"


def test_contradictions_are_refused_in_the_engines_words():
    builder = VariantBuilder()
    builder.controls["ace_to_ace_bonus"].value = "1000"             # without ace_to_ace
    assert builder.ruleset is None
    with pytest.raises(bc.RulesetError) as refused:
        builder.build()
    assert "contradict each other" in builder.status.value
    assert "(ace_to_ace_bonus) needs runs from ace to ace to be allowed (ace_to_ace=True)" in builder.status.value
    builder.controls["ace_to_ace"].value = True
    assert builder.ruleset is not None and builder.ruleset.ace_to_ace_bonus == 1000
    builder.controls["jokers"].value = "many"
    assert builder.ruleset is None and "whole number" in builder.status.value
    assert str(refused.value)


def test_save_and_load_as_json():
    rules = dataclasses.replace(bc.ruleset("italiano"), name="Da Nino", closing_bonus=150, target_score=None)
    text = variant_json(rules)
    data = json.loads(text)
    assert data["base"] == "italiano" and data["changes"] == {"name": "Da Nino", "closing_bonus": 150}
    assert read_variant(text) == rules
    builder = VariantBuilder()
    builder.json.value = text
    builder.load.click()
    assert builder.ruleset == rules and builder.base.value == "italiano" and builder.name.value == "Da Nino"
    assert json.loads(builder.json.value) == data and "download=" in builder.download.value
    for bad in ("{", '{"format": "other"}', json.dumps({**data, "changes": {"wings": 2}}),
                json.dumps({**data, "changes": {"jokers": 9}})):
        builder.json.value = bad
        builder.load.click()
        assert "not a saved variant" in builder.status.value
        assert builder.ruleset == rules                             # the controls are unchanged


@pytest.mark.parametrize("tool", ["referee", "score", "play", "position"])
def test_the_variant_is_used_in_every_tool(tool):
    builder = VariantBuilder(name="Casa nostra")
    builder.controls["groups_allowed"].value = False
    builder.use_in.value = tool
    (widget,) = builder.tool.children
    kind = {"referee": MeldReferee, "score": ScoreCalculator, "play": PlayTable, "position": PositionReferee}[tool]
    assert isinstance(widget, kind)
    assert widget.rules.value == builder.ruleset
    builder.controls["closing_bonus"].value = "250"                  # a change reaches the tool shown
    (widget,) = builder.tool.children
    assert widget.rules.value == builder.ruleset and builder.ruleset.closing_bonus == 250
