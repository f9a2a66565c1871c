"""The kinds played at a table (lessons 7-9 and 13): position (play moves on a position), why-not (why
may this player not make this move?) and guided-hand (a whole hand, goal by goal). The truth is always
the engine's: ``Game.explain`` and ``Game.apply`` on a position built by ``Game.setup``, a
``HandSession`` for the guided hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import burraco_core as bc
from burraco_core.errors import shown
from burraco_core.messages import Message, catalogue

from ..checks import Attempt, CurriculumError, compile_check
from .base import (
    SEAT_NAMES,
    SEAT_NAMES_TO_START,
    Choice,
    Prepared,
    Unreadable,
    answer_choice,
    answer_moves,
    check_setup,
    kind,
    play_answer,
    reader,
    set_up,
    unreadable_action,
)


@reader("position")
def _read_position(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    return play_answer(prepared, rules, answer_moves(answer))


@kind("position", ("position",), (), ["legal"])
def _prepare_position(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    position = data["position"]
    if not isinstance(position, dict) or "hands" not in position:
        raise CurriculumError(where, "data.position", "keyword arguments of Game.setup, with at least 'hands'")
    check_setup(position, rules, where, "data.position")
    game = set_up(rules, position)
    hand = game.hands[game.current_player]
    side = game.side_of(game.current_player)
    return Prepared(hand=tuple(hand), melds=game.melds[side], opponent_melds=game.melds[1 - side],
                    position=dict(position))


ALLOWED = "legal"


def refusal_rules(err: bc.IllegalMove | None) -> tuple[str, ...]:
    """The rule of a refusal, then the rules it names as its reason (``close.no-discard-left`` says
    why the last card could not be discarded): each one is what the engine said, nothing worked out."""
    if err is None:
        return (ALLOWED,)
    rules = [err.rule]
    reason = err.params.get("reason")
    while isinstance(reason, Message) and reason.key.startswith("rule.") and reason.key[5:] in bc.RULE_IDS:
        rules.append(reason.key[5:])
        reason = reason.params.get("reason")
    return tuple(rules)


@reader("why-not")
def _read_why_not(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = answer_choice(prepared, answer)
    game = set_up(rules, prepared.position)
    action = bc.parse_action(prepared.action)
    refusal = game.explain(action)
    cards = tuple(getattr(action, "cards", ()) or ((action.card,) if hasattr(action, "card") else ()))
    offered = [c.key for c in prepared.choices]
    truth = next(rule for rule in refusal_rules(refusal) if rule in offered)
    return Attempt(answer=said, rules=rules, refusal=refusal, game=game, cards=cards, expected=truth)


@kind("why-not", ("position", "action", "choices"), (), ["refusal-right"])
def _prepare_why_not(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    prepared = _prepare_position({"position": data["position"]}, rules, where)
    text = data["action"]
    try:
        action = bc.parse_action(text) if isinstance(text, str) else None
    except bc.NotationError as err:
        raise CurriculumError(where, "data.action", f"not a move: {err}") from err
    if action is None:
        raise CurriculumError(where, "data.action", f"a move as text, such as 'discard 7H', not {shown(text)}")
    choices = data["choices"]
    if (not isinstance(choices, list) or len(choices) < 2
            or any(c != ALLOWED and c not in bc.RULE_IDS for c in choices)):
        raise CurriculumError(where, "data.choices",
                              f"at least two rule ids (burraco_core.RULE_IDS) or {shown(ALLOWED)}, not {shown(choices)}")
    refusal = set_up(rules, prepared.position).explain(action)
    truths = [rule for rule in refusal_rules(refusal) if rule in choices]
    if len(truths) != 1:
        raise CurriculumError(where, "data.choices", f"the engine's verdict on {shown(text)} is "
                              f"{shown(' because '.join(refusal_rules(refusal)))}: exactly one of these must be "
                              "among the choices")
    options = tuple(Choice(c, Message("ex.choice.allowed" if c == ALLOWED else f"rule.{c}.summary"))
                    for c in choices)
    return Prepared(hand=prepared.hand, melds=prepared.melds, opponent_melds=prepared.opponent_melds,
                    position=prepared.position, choices=options, action=str(action))


@reader("guided-hand")
def _read_guided(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    from ..guided import replay

    text = answer_moves(answer)
    actions = [part.strip() for part in text.split(";") if part.strip()]
    try:
        for action in actions:
            bc.parse_action(action)
    except bc.NotationError as err:
        raise Unreadable(unreadable_action(err)) from err
    session = prepared.extra["session"]()
    refusal = replay(session, actions)
    return Attempt(answer=text, rules=rules, refusal=refusal, game=session.game,
                   expected=(session.goals_reached, len(session.goals), session.goal))


def guided_goals(data: Mapping[str, Any], where: str) -> tuple[tuple[Message, Callable[[bc.Game], bool]], ...]:
    """The goals of a guided hand: each a catalogue key and a check (lessons/curriculum/checks/) on the game."""
    goals = data["goals"]
    if not isinstance(goals, list) or not goals:
        raise CurriculumError(where, "data.goals", "a list of {'text': KEY, 'check': CHECK}")
    out = []
    for i, goal in enumerate(goals):
        if not isinstance(goal, dict) or set(goal) != {"text", "check"}:
            raise CurriculumError(where, f"data.goals[{i}]", "{'text': KEY, 'check': CHECK}")
        key = goal["text"]
        if not isinstance(key, str) or key not in catalogue("en"):
            raise CurriculumError(where, f"data.goals[{i}].text", f"a catalogue key, not {shown(key)}")
        check = compile_check(goal["check"], where, f"data.goals[{i}].check")

        def holds(game: bc.Game, check: Any = check) -> bool:
            return check(Attempt(answer=None, rules=game.rules, game=game)) is None

        out.append((Message(key), holds))
    return tuple(out)


@kind("guided-hand", ("position", "goals"), (), ["all", ["legal"], ["goals-reached"]])
def _prepare_guided(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    from ..guided import make_session

    position = data["position"]
    if not isinstance(position, dict) or "hands" not in position:
        raise CurriculumError(where, "data.position", "keyword arguments of Game.setup, with at least 'hands'")
    check_setup(position, rules, where, "data.position")
    goals = guided_goals(data, where)
    frozen = dict(position)

    def session() -> Any:
        return make_session(rules, frozen, goals)

    game = set_up(rules, position)
    return Prepared(hand=tuple(game.hands[0]), position=frozen, extra={"session": session, "goals": goals})


# -- seat (lesson 1): where the players sit and in which order they play -----------------------
# The truth is the engine's: partners are the players of one side (Game.partners), the first
# player is the one a fresh deal gives the turn to, and the next player is whose turn it is once
# the learner's first turn is over.

SEAT_QUESTIONS = ("partner", "first", "next")


@reader("seat")
def _read_seat(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    return Attempt(answer=answer_choice(prepared, answer), rules=rules,
                   expected=(prepared.extra["ask"], prepared.extra["truth"]))


@kind("seat", ("ask",), ("players",), ["seat-right"])
def _prepare_seat(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    ask, players = data["ask"], data.get("players", 4)
    if ask not in SEAT_QUESTIONS:
        raise CurriculumError(where, "data.ask", f"one of {', '.join(SEAT_QUESTIONS)}, not {shown(ask)}")
    if players not in SEAT_NAMES or (ask == "partner" and players != 4):
        raise CurriculumError(where, "data.players", "2 or 4 (a partner only with 4)")
    game = bc.Game.new(rules, players, seed=0)
    if ask == "partner":
        truth = next(p for p in game.partners(game.side_of(0)) if p != 0)
    elif ask == "first":
        truth = game.current_player
    else:
        game.apply("draw")
        game.apply(bc.Discard(game.hands[0][-1]))
        truth = game.current_player
    # a choice answers the question "Who plays first?" as a sentence would: "The opponent on your left", "El rival a
    # tu izquierda" (the seat's name starting a sentence), not the table's label "Rival a tu izquierda" (issue 32)
    choices = tuple(Choice(str(p), Message(SEAT_NAMES_TO_START[players][p])) for p in range(players))
    return Prepared(choices=choices, extra={"truth": str(truth), "ask": ask, "players": players})
