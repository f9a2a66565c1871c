"""The hand session (burraco_core.session): one driver for a hand, tested without any widget.

The random-play properties of whole hands hold through the session's own API: cards are
conserved after every event, a refusal changes nothing, every hand ends, and an undo puts the
game back exactly (``to_json()``), over a few hundred seeded hands in all four rulesets.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import burraco_core as bc
from burraco_core.actions import Attach, Discard, Draw, LayDown, TakePile, TakePozzetto
from burraco_core.bots import GreedyBot, RandomBot
from burraco_core.cards import full_deck
from burraco_core.messages import Message
from burraco_core.session import Event, Goal, HandSession, SessionError, new_deal_number

RULESETS = list(bc.RULESETS)


def all_cards(game: bc.Game) -> Counter:
    cards: list[bc.Card] = [c for hand in game.hands for c in hand]
    cards += game.stock
    cards += game.discard_pile
    cards += [c for packet in game.pozzetti for c in packet]
    cards += [c for side in game.melds for meld in side for c in meld.cards]
    return Counter(cards)


def assert_conserved(game: bc.Game) -> None:
    assert all_cards(game) == Counter(full_deck(game.rules.jokers)), "a physical card is missing or twice"


def random_illegal(game: bc.Game, rng: random.Random) -> bc.Action:
    """An action picked at random from a few shapes, legal or not (most are refused)."""
    deck = full_deck(game.rules.jokers)
    hand = list(game.hands[game.current_player])
    choice = rng.randrange(6)
    if choice == 0:
        return Draw()
    if choice == 1:
        return TakePile()
    if choice == 2:
        return TakePozzetto()
    if choice == 3:
        return LayDown(tuple(rng.sample(hand, min(len(hand), rng.randrange(1, 5)))) or (rng.choice(deck),))
    if choice == 4:
        return Attach(rng.randrange(4), (rng.choice(hand) if hand and rng.random() < 0.7 else rng.choice(deck),))
    return Discard(rng.choice(hand) if hand and rng.random() < 0.5 else rng.choice(deck))


def play_random_hand(rules: str, players: int, deal: int, *, undo_rate: float = 0.08) -> HandSession:
    """A hand where the human plays random legal moves, tries random (mostly illegal) ones and undoes
    now and then; every property is checked after every event."""
    rng = random.Random(deal)
    bots = {p: (GreedyBot if (p + deal) % 2 else RandomBot)(deal * 10 + p) for p in range(1, players)}
    session = HandSession(bc.Game.new(rules, players, seed=deal), bots, human=0)
    undos = 0
    for _ in range(3000):
        if session.is_over:
            break
        game = session.game
        if session.waiting == "computer":
            events = len(session.events)
            event = session.step()
            assert isinstance(event, Event) and event.kind == "move" and not event.human
            assert session.events[-1] is event and event.index == events
            assert_conserved(session.game)
            continue
        assert session.waiting == "human"
        before = game.to_json()
        events = session.events
        # a random action: refused ones change nothing at all
        attempt = random_illegal(game, rng)
        refusal = game.explain(attempt)
        if refusal is not None:
            with pytest.raises(bc.IllegalMove) as info:
                session.play(attempt)
            assert info.value.rule == refusal.rule
            assert session.game.to_json() == before and session.events == events
        # undo now and then: the game before the human's last action comes back exactly
        if session.can_undo and rng.random() < undo_rate and undos < 40:
            target = session._snapshots[-1].game.to_json()
            undone = session.undo()
            assert undone is not None and undone.human
            assert session.game.to_json() == target
            assert_conserved(session.game)
            undos += 1
            continue
        action = rng.choice(session.game.legal_actions())
        event = session.play(action)
        assert event.human and event.player == 0 and event.action == action and event.kind == "move"
        assert event.message.key.startswith("narrate.")
        assert_conserved(session.game)
    assert session.is_over, "the hand does not end"
    assert session.step() is None and session.hints() == [] and session.moves() == frozenset()
    assert all(e.index == i for i, e in enumerate(session.events))
    return session


@pytest.mark.parametrize("rules", RULESETS)
def test_random_hands_through_the_session_keep_every_property(rules):
    ended = Counter()
    for deal in range(10):
        for players in (2, 4):
            session = play_random_hand(rules, players, 1000 + deal)
            ended[session.game.result.reason] += 1
    assert sum(ended.values()) == 20


@pytest.mark.parametrize("rules", RULESETS)
def test_many_computer_only_hands_end_and_conserve_cards(rules):
    for deal in range(30):
        players = 2 if deal % 2 else 4
        bots = [(RandomBot if (deal + p) % 3 else GreedyBot)(deal * 10 + p) for p in range(players)]
        session = HandSession(bc.Game.new(rules, players, seed=deal), bots, human=None)
        while (event := session.step()) is not None:
            assert event.kind == "move" and not event.human
            assert_conserved(session.game)
        assert session.is_over and session.waiting == "over"
        assert len(session.events) == len(session.game.history)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS)
def test_a_long_sweep_of_random_hands(rules):
    for deal in range(120):
        play_random_hand(rules, 2 + 2 * (deal % 2), 50_000 + deal, undo_rate=0.15)


def test_undo_restores_the_game_and_the_bots_random_state_so_the_hand_replays():
    session = HandSession.new("classic", 4, deal=11)
    start = session.game.to_json()
    first = session.play("draw")
    card = session.game.hands[0][0]
    session.play(Discard(card))
    answers = [str(e) for e in session.run_bots()]
    assert len(answers) >= 6 and session.waiting == "human"
    after = session.game.to_json()
    undone = session.undo()
    assert undone is not None and undone.action == Discard(card)
    assert session.waiting == "human" and session.game.phase == "play"
    session.play(Discard(card))
    assert [str(e) for e in session.run_bots()] == answers      # the same answers: the hand replays
    assert session.game.to_json() == after
    assert [e.action for e in session.undo_turn()] == [Draw(), Discard(card)]
    assert session.game.to_json() == start and session.events == () and not session.can_undo
    assert session.undo() is None and session.undo_turn() == []
    assert len(first.cards) == 1 and first.message == Message("narrate.you.draw", card=first.cards[0])


def test_the_human_cannot_play_out_of_turn_and_a_refusal_changes_nothing():
    session = HandSession.new("classic", 2, deal=5)
    session.play("draw")
    session.play(Discard(session.game.hands[0][-1]))
    assert session.waiting == "computer"
    with pytest.raises(SessionError) as info:
        session.play("draw")
    assert str(info.value) == "Not your turn yet: Player 2 is playing."
    assert info.value.msg == Message("session.not-your-turn", who=Message("who.player", player=1))
    session.run_bots()
    before = session.game.to_json()
    with pytest.raises(bc.IllegalMove) as refused:
        session.play(LayDown(session.game.hands[0][:1]))
    assert refused.value.rule == "turn.draw-first" and session.game.to_json() == before
    with pytest.raises(bc.NotationError):
        session.play("meld 2X")
    assert session.game.to_json() == before


def test_events_carry_the_player_the_action_and_the_cards_the_viewer_may_see():
    game = bc.Game.setup("classic", hands=["5H 6H 7H KS 9C 9D", "3S 4S 8D 10C JH AH 7C", "QC QD QS 4D",
                                           "5C 6C 8C 2S"], discard_pile="JD", seed=3)
    session = HandSession(game, {p: GreedyBot(p) for p in (1, 2, 3)}, human=0)
    drawn = session.play("draw")
    assert drawn.cards and drawn.cards[0] in session.game.hands[0] and session.just_drawn() == drawn.cards
    assert drawn.message.key == "narrate.you.draw"
    laid = session.play("meld 5H 6H 7H")
    assert laid.meld == (0, 0) and [c.code for c in laid.cards] == ["5H", "6H", "7H"]
    assert session.moves() == frozenset({"meld", "attach", "discard"})
    gone = session.play("discard KS")
    assert gone.cards == (bc.parse_card("KS"),) and session.just_drawn() == ()
    first = session.step()
    assert first is not None and first.player == 1 and not first.human
    assert first.message.key.startswith("narrate.") and "who" in first.message.params
    if isinstance(first.action, Draw):
        assert first.cards == ()                      # another player's drawn card stays hidden
    session.run_bots()
    partner_melds = [e for e in session.events if e.player == 2 and e.meld is not None]
    for event in partner_melds:
        assert event.meld[0] == 0                     # the partner's melds are the human's side's


def test_new_deals_differ_unless_a_number_is_given():
    numbers = {new_deal_number() for _ in range(20)}
    assert len(numbers) >= 18
    one, two = HandSession.new("classic", 2), HandSession.new("classic", 2)
    assert one.deal != two.deal or one.deal is None
    again = HandSession.new("classic", 2, deal=one.deal)
    assert again.game.to_json() == one.game.to_json() and again.deal == one.deal
    assert repr(again).startswith("<HandSession classic, 2 players, deal ")
    assert HandSession(bc.Game.setup("classic", hands=["5H 6H 7H", "8C 9C 10C"], seed=None), [None, RandomBot(1)]).deal is None


def test_a_refused_computer_move_stops_the_computer_players():
    class Refused:
        def choose(self, game: bc.Game) -> bc.Action:
            return bc.LayDown(game.hands[game.current_player][:1])

    session = HandSession.new("classic", 2, deal=7, bots={1: Refused()})
    session.play("draw")
    session.play(Discard(session.game.hands[0][0]))
    event = session.step()
    assert event is not None and event.kind == "refused" and event.refusal.rule == "turn.draw-first"
    assert "which the rules refuse" in str(event) and "turn.draw-first" in str(event)
    assert session.waiting == "stopped" and session.step() is None and session.run_bots() == []
    with pytest.raises(SessionError):
        session.play("draw")
    session.undo()
    assert session.waiting == "human" and session.stopped is None and session.events[-1].human


def test_goals_come_one_at_a_time_and_an_undo_takes_them_back():
    goals = [Goal(Message("empty"), lambda game: game.phase == "play"),
             Goal(Message("empty"), lambda game: bool(game.melds[0]), done=Message("narrate.then.closed"))]
    game = bc.Game.setup("classic", hands=["5H 6H 7H KS 9C", "3S 4S 8D 10C JH AH 7C"], seed=1)
    session = HandSession(game, [None, GreedyBot(1)], goals=goals)
    assert session.goal is goals[0] and session.goals_reached == 0
    session.play("draw")
    assert session.goal is goals[1] and session.events[-1].kind == "goal"
    assert session.events[-1].message.key == "session.goal-reached"
    session.play("meld 5H 6H 7H")
    assert session.goal is None and session.goals_reached == 2
    assert session.events[-1].message == Message("narrate.then.closed")
    session.undo()
    assert session.goal is goals[1] and [e.kind for e in session.events] == ["move", "goal"]


def test_hints_and_moves_only_on_the_humans_turn():
    session = HandSession.new("italiano", 4, deal=2)
    assert session.moves() == frozenset({"draw", "take"})
    assert session.hints(2) and all(session.explain(h.action) is None for h in session.hints(2))
    session.play("draw")
    assert session.moves() == frozenset({"meld", "discard"})
    session.play(session.hints(3)[-1].action if isinstance(session.hints(3)[-1].action, Discard)
                 else Discard(session.game.hands[0][0]))
    if session.waiting == "computer":
        assert session.hints() == [] and session.moves() == frozenset()


def test_bad_seats_are_refused():
    game = bc.Game.new("classic", 4, seed=1)
    with pytest.raises(bc.BurracoError):
        HandSession(game, {1: RandomBot(1)})
    with pytest.raises(bc.BurracoError):
        HandSession(game, [RandomBot(0)])
    with pytest.raises(bc.BurracoError):
        HandSession(game, {p: RandomBot(p) for p in range(1, 4)}, human=4)
    with pytest.raises(bc.BurracoError):
        HandSession(game, {p: RandomBot(p) for p in range(1, 4)}, names=["A"])
