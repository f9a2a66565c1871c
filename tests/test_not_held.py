"""A move with cards partly held names only the cards not held (issue 28): "You do not hold 8♠", not
"You do not hold 8♦ 8♣ 8♠" when only 8♠ is missing. Two decks: naming 8♠ twice while holding one 8♠
leaves one 8♠ not held. Through Game.explain and Game.apply, for lay-downs, attaches and discards, in
the lessons that refuse such a move (lesson 3's take-the-pile, lesson 13's guided hand).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burraco_core as bc
import lessons
from burraco_core.actions import Attach, Discard, LayDown
from burraco_core.cards import full_deck

LANGUAGES = ("en", "it", "es", "pt")


def _faces(cards: tuple[bc.Card, ...] | list[bc.Card]) -> Counter[tuple[int, str]]:
    return Counter(card.face for card in cards)


def _refusal(game: bc.Game, action: bc.Action) -> bc.IllegalMove:
    err = game.explain(action)
    assert err is not None
    with pytest.raises(bc.IllegalMove) as raised:
        game.apply(action)
    assert raised.value.rule == err.rule and raised.value.msg == err.msg
    return err


@st.composite
def partly_held(draw: st.DrawFn) -> tuple[str, list[bc.Card], list[bc.Card]]:
    """A ruleset, a hand of 4 to 14 cards dealt from its decks, and 1 to 8 cards named, some held and
    some not (each of the naming's cards is a card of the decks; a face may be named twice)."""
    rules = draw(st.sampled_from(sorted(bc.RULESETS)))
    deck = list(full_deck(bc.ruleset(rules).jokers))
    order = draw(st.permutations(range(len(deck))))
    size = draw(st.integers(4, 14))
    hand = [deck[i] for i in order[:size]]
    others = [deck[i] for i in order[size:size + 30]]
    named = draw(st.lists(st.sampled_from(hand), max_size=5)) + draw(st.lists(st.sampled_from(others), min_size=1,
                                                                                max_size=4))
    return rules, hand, draw(st.permutations(named))


def _game(rules: str, hand: list[bc.Card], melds: tuple[str, ...] = ()) -> bc.Game:
    return bc.Game.setup(rules, hands=[bc.format_cards(tuple(hand)), ""], melds=[melds, ()], phase="play",
                         turns_played=[2, 2])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partly_held())
def test_a_lay_down_names_exactly_the_cards_not_held(case: tuple[str, list[bc.Card], list[bc.Card]]) -> None:
    rules, hand, named = case
    game = _game(rules, hand)
    missing = _faces(named) - _faces(game.hands[0])
    if not missing:
        return
    err = _refusal(game, LayDown(tuple(named)))
    assert err.rule == "hand.not-held"
    assert _faces(err.params["cards"]) == missing
    for lang in LANGUAGES:     # the text names those cards and no other
        text = err.msg.text(lang)
        assert sum(text.count(suit) for suit in "♠♥♦♣") == sum(1 for c in err.params["cards"] if not c.is_joker)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partly_held())
def test_an_attach_names_exactly_the_cards_not_held(case: tuple[str, list[bc.Card], list[bc.Card]]) -> None:
    rules, hand, named = case
    run = ("5H", "6H", "7H")     # on the table: kept out of the hand and of the cards named
    held = [c for c in hand if c.code.rstrip("'") not in run]
    if len(held) < 3:
        return
    game = _game(rules, held, (" ".join(run),))
    named = [c for c in named if c.code.rstrip("'") not in run]
    missing = _faces(named) - _faces(game.hands[0])
    if not missing:
        return
    err = _refusal(game, Attach(0, tuple(named)))
    assert err.rule == "hand.not-held"
    assert _faces(err.params["cards"]) == missing


def test_the_eights_of_lesson_3() -> None:
    """Holding 8♦ 8♣ and not 8♠: only 8♠ is named; holding one 8♠ and naming two: one 8♠."""
    game = _game("classic", list(bc.parse_cards("8D 8C 3H 4H 5C")))
    err = _refusal(game, LayDown("8D 8C 8S"))
    assert err.rule == "hand.not-held" and err.msg.text("en") == "You do not hold 8♠."
    assert err.msg.text("it") == "Non hai in mano l'8♠."
    game = _game("classic", list(bc.parse_cards("8S 8C 3H 4H 5C")))
    err = _refusal(game, LayDown("8S 8S 8C"))
    assert err.msg.text("en") == "You do not hold 8♠."
    err = _refusal(game, Discard("9C"))
    assert err.msg.text("en") == "You do not hold 9♣."


@pytest.mark.parametrize(("exercise", "answer"), [("turn.take-the-pile", "draw; meld 8D 8C 8S"),
                                                  ("play.guided-hand", "draw; meld 5H 6H 7H 8H 9H 10H JH")])
def test_the_lessons_name_only_the_missing_cards(exercise: str, answer: str) -> None:
    ex = lessons.get_lesson(exercise.split(".")[0]).exercise(exercise)
    verdict = ex.check(answer)
    assert verdict.rule == "hand.not-held"
    refusal = verdict.msg.params["reason"]
    named = refusal.params["cards"]
    assert len(named) == 1 and len(answer.split("meld ")[1].split()) > 1
    assert verdict.msg.text("en").startswith(f"You do not hold {named[0]}.")
