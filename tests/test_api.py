"""The public names other parts of the project rely on."""

import dataclasses

import pytest

import burraco_core as bc


def test_rulesets_by_id():
    assert set(bc.RULESETS) == {"classic", "italiano", "buraco", "pulito"}
    assert bc.ruleset("pulito").jokers == 0


def test_unknown_ruleset_lists_known_ids():
    with pytest.raises(ValueError) as info:
        bc.ruleset("canasta")
    for known in bc.RULESETS:
        assert known in str(info.value)


def test_house_variant_by_replace_and_inconsistent_one_refused():
    house = dataclasses.replace(bc.ruleset("classic"), id="house", pozzetto_al_volo=False)
    assert not house.pozzetto_al_volo
    with pytest.raises(bc.RulesetError):
        dataclasses.replace(bc.ruleset("classic"), ace_to_ace_bonus=1000)
    with pytest.raises(bc.RulesetError):
        dataclasses.replace(bc.ruleset("classic"), game_length="target")
