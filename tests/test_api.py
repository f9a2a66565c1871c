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


def test_hands_draw_themselves_and_read_back():
    game = bc.Game.new("classic", players=2, seed=4)
    hand = game.hands[0]
    assert isinstance(hand, bc.Cards) and hand == tuple(hand)
    assert eval(repr(hand), {"Cards": bc.Cards}) == hand
    svg = hand._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="card"') == len(hand)
    assert bc.Cards("5H JK").names == "five of hearts, joker"
    assert str(bc.Cards("5H JK")) == "5♥ JK"


def test_meld_and_card_draw_themselves():
    meld = bc.Meld.lay_down("2H 5H 6H", "classic")
    assert "<svg" in meld._repr_svg_() and "<svg" in bc.parse_card("7H")._repr_svg_()


def test_meld_and_burraco_kinds_are_literal_types():
    # Meld.kind and Meld.burraco take their values from bc.MeldKind and bc.BurracoKind (Literal
    # types, for the type checker), and every value those types allow is one the engine gives
    import typing

    assert typing.get_args(bc.MeldKind) == (bc.RUN, bc.GROUP)
    rules = bc.ruleset("classic")
    melds = [("classic", "3H 4H 5H 6H 7H 8H 9H"), ("classic", "3H 4H 5H 2S=6H 7H 8H 9H"),
             ("italiano", "3H 4H 5H 6H 7H 8H 9H 2S=10H"),
             ("pulito", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
             ("pulito", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'")]
    found = [bc.Meld.parse(text, rules_id).burraco for rules_id, text in melds]
    assert found == ["clean", "dirty", "semi-clean", "royal", "ace-to-ace"]
    assert set(found) == set(typing.get_args(bc.BurracoKind))
    assert bc.Meld.parse("7H 7S 7D", rules).kind == "group" and bc.Meld.parse("3H 4H 5H", rules).burraco is None
