"""The exercise kinds: what each one's data holds, how an answer is put to the engine.

A kind reads the exercise's ``data`` once, when the lesson is loaded (:meth:`Kind.prepare`
checks it and names the field at fault), and turns each answer into an
:class:`~lessons.curriculum.checks.Attempt`: what ``burraco_core`` said about it. The exercise's
check then decides. A kind computes nothing about the rules itself: a meld is laid down
or attached by the engine, a position is built by ``Game.setup`` and played with
``Game.explain``/``Game.apply``, a number comes from ``full_deck`` or ``Game.new``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message, catalogue

from ..checks.base import (
    Attempt,
    CurriculumError,
    compile_card_test,
    compile_quantity,
)


class Unreadable(Exception):
    """An answer the kind cannot put to the engine (not a number, not one of the choices...)."""

    def __init__(self, msg: Message) -> None:
        super().__init__(msg.key)
        self.msg = msg


@dataclass(frozen=True)
class Choice:
    """One answer the learner may pick: its key (the answer) and its label."""

    key: str
    label: Message


@dataclass(frozen=True)
class Prepared:
    """An exercise's data, read and checked once: what the kind and the widget use."""

    hand: tuple[bc.Card, ...] = ()
    melds: tuple[bc.Meld, ...] = ()            # your side's melds (build-meld, attach)
    opponent_melds: tuple[bc.Meld, ...] = ()
    meld: bc.Meld | None = None                # the meld asked about (judge: the meld attached to)
    cards: tuple[bc.Card, ...] = ()            # judge-meld: the cards laid down (or attached)
    position: Mapping[str, Any] = field(default_factory=dict)   # Game.setup keyword arguments
    choices: tuple[Choice, ...] = ()
    value: Callable[[bc.Ruleset], int] | None = None           # count
    pick: Callable[[bc.Card, bc.Ruleset], bool] | None = None  # pick-cards
    face_down: bool = False                                    # pick-cards: show the backs
    action: str = ""                                           # why-not: the move asked about
    extra: Mapping[str, Any] = field(default_factory=dict)     # what a kind keeps besides (score, match, ...)


@dataclass(frozen=True)
class Kind:
    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...]
    default_check: tuple[Any, ...]
    prepare: Callable[[Mapping[str, Any], bc.Ruleset, str], Prepared]
    read: Callable[[Prepared, bc.Ruleset, Any], Attempt]


KIND_TABLE: dict[str, Kind] = {}


def _kind(name: str, required: tuple[str, ...], optional: tuple[str, ...], default_check: list[Any]
          ) -> Callable[[Callable[..., Prepared]], Callable[..., Prepared]]:
    def register(prepare: Callable[..., Prepared]) -> Callable[..., Prepared]:
        reader = READERS[name]
        KIND_TABLE[name] = Kind(name, required, optional, tuple(default_check), prepare, reader)
        return prepare

    return register


READERS: dict[str, Callable[[Prepared, bc.Ruleset, Any], Attempt]] = {}


def _reader(name: str) -> Callable[[Callable[..., Attempt]], Callable[..., Attempt]]:
    def register(read: Callable[..., Attempt]) -> Callable[..., Attempt]:
        READERS[name] = read
        return read

    return register


# -- helpers for preparing data ----------------------------------------------------------------

def _cards(data: Mapping[str, Any], name: str, where: str, rules: bc.Ruleset) -> tuple[bc.Card, ...]:
    value = data[name]
    if not isinstance(value, str):
        raise CurriculumError(where, f"data.{name}", f"cards are written as text such as '5H 6H 7H', not {value!r}")
    try:
        return bc.parse_cards(value)
    except bc.NotationError as err:
        raise CurriculumError(where, f"data.{name}", str(err)) from err


def _meld(code: Any, where: str, name: str, rules: bc.Ruleset) -> bc.Meld:
    if not isinstance(code, str):
        raise CurriculumError(where, name, f"a meld is written as its table code, such as '5H 6H 2H=7H', not {code!r}")
    try:
        return bc.Meld.parse(code, rules)
    except bc.BurracoError as err:
        raise CurriculumError(where, name, f"the engine refuses the meld {code!r}: {err}") from err


def _melds(data: Mapping[str, Any], name: str, where: str, rules: bc.Ruleset) -> tuple[bc.Meld, ...]:
    codes = data.get(name, [])
    if not isinstance(codes, list):
        raise CurriculumError(where, f"data.{name}", f"a list of table codes, not {codes!r}")
    return tuple(_meld(code, where, f"data.{name}[{i}]", rules) for i, code in enumerate(codes))


def _asked_meld(data: Mapping[str, Any], where: str, rules: bc.Ruleset) -> bc.Meld:
    """The meld an exercise asks about: ``meld`` (a table code) or ``cards`` (laid down canonically)."""
    if ("meld" in data) == ("cards" in data):
        raise CurriculumError(where, "data", "give either 'meld' (a table code) or 'cards', not both or neither")
    if "meld" in data:
        return _meld(data["meld"], where, "data.meld", rules)
    try:
        return bc.Meld.lay_down(_cards(data, "cards", where, rules), rules)
    except bc.IllegalMove as err:
        raise CurriculumError(where, "data.cards", f"the engine refuses these cards as a meld: {err}") from err


def _setup(position: Mapping[str, Any], rules: bc.Ruleset, where: str, name: str) -> None:
    """Build the position once, so that a position no hand can reach fails at load."""
    try:
        bc.Game.setup(rules, **position)
    except TypeError as err:
        raise CurriculumError(where, name, f"not a keyword of Game.setup: {err}") from err
    except bc.BurracoError as err:
        raise CurriculumError(where, name, f"Game.setup refuses the position: {err}") from err


def table_position(prepared_hand: str, melds: list[str], opponent_melds: list[str]) -> dict[str, Any]:
    """The position of build-meld and attach: your hand and melds, drawn already, the rest in the stock."""
    return {"hands": [prepared_hand, ""], "melds": [list(melds), list(opponent_melds)], "phase": "play"}


def _text(answer: Any) -> str:
    if not isinstance(answer, str):
        raise Unreadable(Message("ex.verdict.not-text"))
    return answer.strip()


def _choice(prepared: Prepared, answer: Any) -> str:
    keys = [c.key for c in prepared.choices]
    if answer not in keys:
        raise Unreadable(Message("ex.verdict.not-a-choice"))
    return str(answer)


def _play(prepared: Prepared, rules: bc.Ruleset, text: str) -> Attempt:
    """Play the answer's actions on the exercise's position, as the engine allows them."""
    try:
        actions = [bc.parse_action(part) for part in text.split(";") if part.strip()]
    except bc.NotationError as err:
        raise Unreadable(Message("ex.verdict.unreadable-action", problem=str(err.token))) from err
    if not actions:
        raise Unreadable(Message("ex.verdict.not-text"))
    game = bc.Game.setup(rules, **prepared.position)
    meld: bc.Meld | None = None
    cards: tuple[bc.Card, ...] = ()
    played = []
    for action in actions:
        cards = tuple(getattr(action, "cards", ()) or ((action.card,) if hasattr(action, "card") else ()))
        refusal = game.explain(action)
        if refusal is not None:
            return Attempt(answer=text, rules=rules, meld=meld, refusal=refusal, game=game, cards=cards)
        side = game.side_of(game.current_player)
        game.apply(action)
        played.append(str(action))
        if isinstance(action, bc.LayDown):
            meld = game.melds[side][-1]
        elif isinstance(action, bc.Attach):
            meld = game.melds[side][action.meld]
    return Attempt(answer="; ".join(played), rules=rules, meld=meld, game=game, cards=cards)


# -- count --------------------------------------------------------------------------------------

@_reader("count")
def _read_count(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    if isinstance(answer, str) and answer.strip().lstrip("-").isdigit():
        answer = int(answer.strip())
    if type(answer) is not int:
        raise Unreadable(Message("ex.verdict.not-a-number"))
    assert prepared.value is not None
    return Attempt(answer=answer, rules=rules, expected=prepared.value(rules))


@_kind("count", ("quantity",), (), ["count-right"])
def _prepare_count(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    value = compile_quantity(data["quantity"], where, "data.quantity")
    try:
        value(rules)
    except bc.BurracoError as err:
        raise CurriculumError(where, "data.quantity", str(err)) from err
    return Prepared(value=value)


# -- pick-cards -----------------------------------------------------------------------------------

@_reader("pick-cards")
def _read_pick(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    try:
        picked = bc.parse_cards(_text(answer))
    except bc.NotationError as err:
        raise Unreadable(Message("ex.verdict.unreadable-cards", problem=str(err.token))) from err
    left = list(prepared.hand)
    for card in picked:
        if card not in left:
            raise Unreadable(Message("ex.verdict.not-shown", card=card))
        left.remove(card)
    assert prepared.pick is not None
    wanted = tuple(c for c in prepared.hand if prepared.pick(c, rules))
    return Attempt(answer=bc.format_cards(picked), rules=rules, expected=wanted, cards=picked)


@_kind("pick-cards", ("hand", "pick"), ("face_down",), ["picked-right"])
def _prepare_pick(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    face_down = data.get("face_down", False)
    if not isinstance(face_down, bool):
        raise CurriculumError(where, "data.face_down", "true or false")
    return Prepared(hand=_cards(data, "hand", where, rules), face_down=face_down,
                    pick=compile_card_test(data["pick"], where, "data.pick"))


# -- build-meld, attach, position ------------------------------------------------------------------

@_reader("build-meld")
def _read_build(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    text = _text(answer)
    if not text:
        raise Unreadable(Message("ex.verdict.not-text"))
    if ";" in text:
        raise Unreadable(Message("ex.verdict.not-a-meld-action"))
    return _play(prepared, rules, text if text.lower().startswith("meld ") else f"meld {text}")


@_kind("build-meld", ("hand",), ("melds", "opponent_melds"), ["legal"])
def _prepare_build(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    return _prepare_table(data, rules, where)


def _prepare_table(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    hand = _cards(data, "hand", where, rules)
    melds = _melds(data, "melds", where, rules)
    opponent = _melds(data, "opponent_melds", where, rules)
    position = table_position(data["hand"], list(data.get("melds", [])), list(data.get("opponent_melds", [])))
    _setup(position, rules, where, "data")
    return Prepared(hand=hand, melds=melds, opponent_melds=opponent, position=position)


@_reader("attach")
def _read_attach(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    text = _text(answer)
    try:
        action = bc.parse_action(text)
    except bc.NotationError as err:
        raise Unreadable(Message("ex.verdict.unreadable-action", problem=str(err.token))) from err
    if not isinstance(action, bc.Attach) or ";" in text:
        raise Unreadable(Message("ex.verdict.not-an-attach"))
    return _play(prepared, rules, text)


@_kind("attach", ("hand", "melds"), ("opponent_melds",), ["legal"])
def _prepare_attach(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    prepared = _prepare_table(data, rules, where)
    if not prepared.melds:
        raise CurriculumError(where, "data.melds", "an attach exercise needs a meld of your side on the table")
    return prepared


@_reader("position")
def _read_position(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    return _play(prepared, rules, _text(answer))


@_kind("position", ("position",), (), ["legal"])
def _prepare_position(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    position = data["position"]
    if not isinstance(position, dict) or "hands" not in position:
        raise CurriculumError(where, "data.position", "keyword arguments of Game.setup, with at least 'hands'")
    _setup(position, rules, where, "data.position")
    game = bc.Game.setup(rules, **position)
    hand = game.hands[game.current_player]
    side = game.side_of(game.current_player)
    return Prepared(hand=tuple(hand), melds=game.melds[side], opponent_melds=game.melds[1 - side],
                    position=dict(position))


# -- judge-meld -----------------------------------------------------------------------------------

@_reader("judge-meld")
def _read_judge(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = _choice(prepared, answer)
    try:
        if prepared.meld is not None:
            meld = prepared.meld.attach(prepared.cards)
        else:
            meld = bc.Meld.lay_down(prepared.cards, rules)
    except bc.IllegalMove as err:
        return Attempt(answer=said, rules=rules, refusal=err, expected=err.rule, cards=prepared.cards)
    return Attempt(answer=said, rules=rules, meld=meld, expected="legal", cards=prepared.cards)


@_kind("judge-meld", ("choices",), ("cards", "meld", "attach"), ["judged-right"])
def _prepare_judge(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    choices = data["choices"]
    if not isinstance(choices, list) or not choices or any(c not in bc.RULE_IDS for c in choices):
        raise CurriculumError(where, "data.choices", f"a list of rule ids (burraco_core.RULE_IDS), not {choices!r}")
    options = (Choice("legal", Message("ex.choice.legal")),
               *(Choice(rule, Message(f"rule.{rule}.summary")) for rule in choices))
    if "attach" in data:
        if "meld" not in data or "cards" in data:
            raise CurriculumError(where, "data", "to judge an attach give 'meld' (on the table) and 'attach'")
        return Prepared(meld=_meld(data["meld"], where, "data.meld", rules),
                        cards=_cards(data, "attach", where, rules), choices=options)
    if "cards" not in data:
        raise CurriculumError(where, "data.cards", "the cards to judge as a new meld (or 'meld' and 'attach')")
    return Prepared(cards=_cards(data, "cards", where, rules), choices=options)


# -- stands-for, free-or-bound, spot-burraco ----------------------------------------------------------

@_reader("stands-for")
def _read_stands_for(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = _text(answer)
    if prepared.choices and said not in [c.key for c in prepared.choices]:
        raise Unreadable(Message("ex.verdict.not-a-choice"))
    return Attempt(answer=said, rules=rules, meld=prepared.meld, expected=prepared.meld and prepared.meld.wild_stands_for)


@_kind("stands-for", (), ("meld", "cards", "choices"), ["stands-for-right"])
def _prepare_stands_for(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    meld = _wild_meld(data, where, rules)
    choices = data.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise CurriculumError(where, "data.choices", f"a list of cards ('7H') or ranks ('8'), not {choices!r}")
    options = []
    for code in choices:
        if meld.kind == bc.GROUP:
            options.append(Choice(code, Message("ex.choice.text", text=code)))
            continue
        try:
            options.append(Choice(code, Message("ex.choice.card", card=bc.parse_card(code))))
        except bc.NotationError as err:
            raise CurriculumError(where, "data.choices", str(err)) from err
    return Prepared(meld=meld, choices=tuple(options))


def _wild_meld(data: Mapping[str, Any], where: str, rules: bc.Ruleset) -> bc.Meld:
    meld = _asked_meld(data, where, rules)
    if meld.wild is None:
        raise CurriculumError(where, "data", f"the meld {meld.table_code!r} has no wild card to ask about")
    return meld


@_reader("free-or-bound")
def _read_free_or_bound(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = _choice(prepared, answer)
    meld = prepared.meld
    assert meld is not None
    return Attempt(answer=said, rules=rules, meld=meld, expected="free" if meld.wild_is_free else "bound")


@_kind("free-or-bound", (), ("meld", "cards"), ["free-or-bound-right"])
def _prepare_free_or_bound(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    meld = _wild_meld(data, where, rules)
    if meld.kind != bc.RUN:
        raise CurriculumError(where, "data", "free or bound is asked of a run's wild (a group's wild never moves)")
    return Prepared(meld=meld, choices=(Choice("free", Message("ex.choice.free")),
                                        Choice("bound", Message("ex.choice.bound"))))


def burraco_choices(rules: bc.Ruleset) -> tuple[str, ...]:
    """The kinds of burraco a ruleset knows, as the answers of spot-burraco."""
    kinds = ["not-yet", "clean", "dirty"]
    if rules.semi_clean_bonus is not None:
        kinds.append("semi-clean")
    if rules.royal_bonus is not None:
        kinds.append("royal")
    if rules.ace_to_ace_bonus is not None:
        kinds.append("ace-to-ace")
    return tuple(kinds)


@_reader("spot-burraco")
def _read_burraco(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = _choice(prepared, answer)
    meld = prepared.meld
    assert meld is not None
    return Attempt(answer=said, rules=rules, meld=meld, expected=meld.burraco or "not-yet")


@_kind("spot-burraco", (), ("meld", "cards"), ["burraco-right"])
def _prepare_burraco(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    meld = _asked_meld(data, where, rules)
    return Prepared(meld=meld, choices=tuple(Choice(k, Message(f"ex.burraco.{k}")) for k in burraco_choices(rules)))


# -- why-not (lessons 7-9): why may this player not make this move? ---------------------------------
# The learner picks the missing condition among rule summaries (or "it is allowed"); the truth
# is Game.explain's refusal of the move in the position, never worked out here.

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


@_reader("why-not")
def _read_why_not(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = _choice(prepared, answer)
    game = bc.Game.setup(rules, **prepared.position)
    action = bc.parse_action(prepared.action)
    refusal = game.explain(action)
    cards = tuple(getattr(action, "cards", ()) or ((action.card,) if hasattr(action, "card") else ()))
    offered = [c.key for c in prepared.choices]
    truth = next(rule for rule in refusal_rules(refusal) if rule in offered)
    return Attempt(answer=said, rules=rules, refusal=refusal, game=game, cards=cards, expected=truth)


@_kind("why-not", ("position", "action", "choices"), (), ["refusal-right"])
def _prepare_why_not(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    prepared = _prepare_position({"position": data["position"]}, rules, where)
    text = data["action"]
    try:
        action = bc.parse_action(text) if isinstance(text, str) else None
    except bc.NotationError as err:
        raise CurriculumError(where, "data.action", f"not a move: {err}") from err
    if action is None:
        raise CurriculumError(where, "data.action", f"a move as text, such as 'discard 7H', not {text!r}")
    choices = data["choices"]
    if (not isinstance(choices, list) or len(choices) < 2
            or any(c != ALLOWED and c not in bc.RULE_IDS for c in choices)):
        raise CurriculumError(where, "data.choices",
                              f"at least two rule ids (burraco_core.RULE_IDS) or {ALLOWED!r}, not {choices!r}")
    refusal = bc.Game.setup(rules, **prepared.position).explain(action)
    truths = [rule for rule in refusal_rules(refusal) if rule in choices]
    if len(truths) != 1:
        raise CurriculumError(where, "data.choices", f"the engine's verdict on {text!r} is "
                              f"{' because '.join(refusal_rules(refusal))!r}: exactly one of these must be "
                              "among the choices")
    options = tuple(Choice(c, Message("ex.choice.allowed" if c == ALLOWED else f"rule.{c}.summary"))
                    for c in choices)
    return Prepared(hand=prepared.hand, melds=prepared.melds, opponent_melds=prepared.opponent_melds,
                    position=prepared.position, choices=options, action=str(action))
# == score helper's kinds: count-score, victory-points, match-verdict, predict-under-ruleset,
# == guided-hand (lessons 10-13). Each asks the engine: score_side / Game.score, victory_points and
# == Match, the same cards or position under two rulesets, a HandSession with goals.

def _flag(data: Mapping[str, Any], name: str, where: str, default: bool = False) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise CurriculumError(where, name, "true or false")
    return value


def _finished_game(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> bc.Game:
    """A hand played to its end: a position of Game.setup and the learner's actions (patient opponents)."""
    from ..guided import make_session, replay

    position = data["position"]
    if not isinstance(position, dict):
        raise CurriculumError(where, "data.position", "keyword arguments of Game.setup")
    _setup(position, rules, where, "data.position")
    play = data.get("play", "")
    if not isinstance(play, str):
        raise CurriculumError(where, "data.play", "the learner's actions joined by '; '")
    session = make_session(rules, position)
    refusal = replay(session, [a for a in play.split(";") if a.strip()])
    if refusal is not None:
        raise CurriculumError(where, "data.play", f"the engine refuses an action: {refusal}")
    if not session.game.is_over:
        raise CurriculumError(where, "data.play", "the hand is not over after these actions")
    return session.game


def score_of(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> tuple[Any, tuple[bc.Meld, ...],
                                                                               tuple[bc.Card, ...], dict[str, bool]]:
    """The engine's breakdown of the side the exercise counts, its melds, its cards in hand and the facts."""
    if ("count" in data) == ("position" in data):
        raise CurriculumError(where, "data", "give either 'count' (a side's melds and hand) or 'position' and 'play'")
    if "count" in data:
        side = data["count"]
        if not isinstance(side, dict) or set(side) - {"melds", "in_hand", "closed", "took_pozzetto",
                                                      "pozzetto_unused"}:
            raise CurriculumError(where, "data.count", "melds, in_hand, closed, took_pozzetto, pozzetto_unused")
        melds = _melds(side, "melds", where, rules)
        hand = _cards(side, "in_hand", where, rules) if side.get("in_hand") else ()
        facts = {"closed": _flag(side, "closed", where), "took_pozzetto": _flag(side, "took_pozzetto", where, True),
                 "pozzetto_unused": _flag(side, "pozzetto_unused", where)}
        try:
            breakdown = bc.score_side(melds, hand, rules, **facts)
        except bc.BurracoError as err:
            raise CurriculumError(where, "data.count", str(err)) from err
        return breakdown, melds, hand, facts
    game = _finished_game(data, rules, where)
    number = data.get("side", 0)
    if number not in (0, 1):
        raise CurriculumError(where, "data.side", "0 (your side) or 1")
    result = game.result
    facts = {"closed": bool(result and result.closed and result.side == number),
             "took_pozzetto": game.took_pozzetto[number], "pozzetto_unused": game.pozzetto_unplayed[number]}
    hand = tuple(c for p in game.partners(number) for c in game.hands[p])
    return game.score()[number], game.melds[number], hand, facts


def closing_claim(melds: tuple[bc.Meld, ...], hand: tuple[bc.Card, ...], facts: Mapping[str, bool],
                  rules: bc.Ruleset) -> tuple[Any, bc.IllegalMove | None]:
    """The side's count with the closing credited the other way (the engine's breakdown), and the
    engine's refusal of that claim when the side cannot have closed (no burraco, no pozzetto...):
    a learner who gives a side the closing bonus it cannot have is told the rule."""
    claimed = bc.score_side(melds, hand, rules, closed=not facts["closed"], took_pozzetto=facts["took_pozzetto"],
                            pozzetto_unused=facts["pozzetto_unused"])
    if facts["closed"]:
        return claimed, None
    side = bc.SideCount(melds, hand, took_pozzetto=facts["took_pozzetto"], pozzetto_unused=facts["pozzetto_unused"])
    try:
        bc.score_hand((side, bc.SideCount(())), rules, closed_by=0)
    except bc.IllegalMove as err:
        return claimed, err
    return claimed, None


def _numbers(text: str) -> list[int]:
    parts = text.replace(",", " ").replace(";", " ").split()
    if not parts or not all(p.lstrip("+-").isdigit() for p in parts):
        raise Unreadable(Message("ex.verdict.not-numbers"))
    return [int(p) for p in parts]


@_reader("count-score")
def _read_count_score(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    breakdown = prepared.extra["breakdown"]
    claimed, refusal = prepared.extra["claim"]
    if prepared.extra["mode"] == "total":
        if isinstance(answer, str) and answer.strip().lstrip("+-").isdigit():
            answer = int(answer.strip())
        if type(answer) is not int:
            raise Unreadable(Message("ex.verdict.not-a-number"))
        said: Any = answer
        as_claimed = answer == claimed.total != breakdown.total
    else:
        said = _numbers(_text(str(answer) if type(answer) is int else answer))
        as_claimed = said == [line.points for line in claimed.lines]
    # counted as if the closing went the other way: the engine's refusal of that claim, if any
    return Attempt(answer=said, rules=rules, expected=breakdown, refusal=refusal if as_claimed else None)


@_kind("count-score", (), ("count", "position", "play", "side", "mode"), ["score-right"])
def _prepare_count_score(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    mode = data.get("mode", "lines")
    if mode not in ("lines", "total"):
        raise CurriculumError(where, "data.mode", "'lines' (fill in each line) or 'total'")
    breakdown, melds, hand, facts = score_of(data, rules, where)
    return Prepared(hand=hand, melds=melds, extra={"breakdown": breakdown, "mode": mode, "facts": facts,
                                                   "claim": closing_claim(melds, hand, facts, rules)})


def _vp_text(answer: Any) -> tuple[int, int]:
    text = _text(answer).replace("–", "-").replace(" ", "")
    left, dash, right = text.partition("-")
    if not dash or not left.isdigit() or not right.isdigit():
        raise Unreadable(Message("ex.verdict.not-vp"))
    return int(left), int(right)


@_reader("victory-points")
def _read_victory_points(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    return Attempt(answer=_vp_text(answer), rules=rules, expected=prepared.extra["vp"])


def match_of(data: Mapping[str, Any], rules: bc.Ruleset, where: str, hands: int | None) -> bc.Match:
    """A Match of the exercise's ruleset with the hands' scores recorded (the engine adds them up)."""
    scores = data.get("scores")
    if (not isinstance(scores, list) or not scores
            or not all(isinstance(s, list) and len(s) == 2 and all(type(x) is int for x in s) for s in scores)):
        raise CurriculumError(where, "data.scores", "a list of [side 0, side 1] hand scores")
    try:
        match = bc.Match(rules, players=4, hands=hands)
        for a, b in scores:
            match.record_score(a, b)
    except bc.BurracoError as err:
        raise CurriculumError(where, "data.scores", str(err)) from err
    return match


@_kind("victory-points", ("hands",), ("match_points", "scores"), ["vp-right"])
def _prepare_victory_points(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    hands = data["hands"]
    if hands not in bc.VICTORY_POINT_TABLES:
        raise CurriculumError(where, "data.hands", f"victory points are tabled for {sorted(bc.VICTORY_POINT_TABLES)} hands")
    if ("match_points" in data) == ("scores" in data):
        raise CurriculumError(where, "data", "give either 'match_points' [side 0, side 1] or the hands' 'scores'")
    if "scores" in data:
        match = match_of(data, bc.ruleset("classic"), where, hands)
        if not match.is_over:
            raise CurriculumError(where, "data.scores", f"a match of {hands} hands needs {hands} scores")
        points = match.totals
        scores = tuple(tuple(s) for s in match.hand_scores)
    else:
        mp = data["match_points"]
        if not isinstance(mp, list) or len(mp) != 2 or not all(type(x) is int for x in mp):
            raise CurriculumError(where, "data.match_points", "[side 0, side 1]")
        points, scores = (mp[0], mp[1]), ()
    return Prepared(extra={"vp": bc.victory_points(points[0], points[1], hands), "points": points,
                           "scores": scores, "hands": hands})


MATCH_ANSWERS = ("not-over", "side-0", "side-1", "draw")


@_reader("match-verdict")
def _read_match_verdict(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    return Attempt(answer=_choice(prepared, answer), rules=rules, expected=prepared.extra["verdict"])


@_kind("match-verdict", ("scores",), ("hands",), ["match-right"])
def _prepare_match_verdict(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    hands = data.get("hands")
    match = match_of(data, rules, where, hands)
    verdict = "not-over" if not match.is_over else "draw" if match.winner is None else f"side-{match.winner}"
    return Prepared(choices=tuple(Choice(k, Message(f"ex.choice.match.{k}")) for k in MATCH_ANSWERS),
                    extra={"verdict": verdict, "totals": match.totals, "scores": tuple(match.hand_scores),
                           "vp": match.victory_points})


def _verdict_under(data: Mapping[str, Any], rules: bc.Ruleset, ask: str, where: str
                   ) -> tuple[str, bc.IllegalMove | None, bc.Meld | None]:
    """What the engine says under one ruleset: ``legal`` or the rule id (ask ``verdict``), or the burraco kind."""
    if "cards" in data:
        cards = _cards(data, "cards", where, rules)
        try:
            meld = bc.Meld.lay_down(cards, rules)
        except bc.IllegalMove as err:
            if ask == "burraco":
                raise CurriculumError(where, "data.cards", f"{rules.id} refuses the meld: {err}") from err
            return err.rule, err, None
        return ("legal" if ask == "verdict" else meld.burraco or "not-yet"), None, meld
    position = data["position"]
    _setup(position, rules, where, "data.position")
    game = bc.Game.setup(rules, **position)
    for text in str(data.get("play", "")).split(";"):
        if not text.strip():
            continue
        refusal = game.explain(text)
        if refusal is not None:
            return refusal.rule, refusal, None
        game.apply(text)
    return "legal", None, None


@_reader("predict-under-ruleset")
def _read_predict(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    extra = prepared.extra
    return Attempt(answer=_choice(prepared, answer), rules=rules, expected=extra["other_verdict"],
                   refusal=extra["other_refusal"], meld=extra["other_meld"], cards=prepared.cards)


@_kind("predict-under-ruleset", ("other",), ("cards", "position", "play", "ask", "choices"), ["predicted-right"])
def _prepare_predict(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    try:
        other = bc.ruleset(data["other"])
    except bc.BurracoError as err:
        raise CurriculumError(where, "data.other", str(err)) from err
    if other == rules:
        raise CurriculumError(where, "data.other", "another ruleset than the exercise's")
    ask = data.get("ask", "verdict")
    if ask not in ("verdict", "burraco"):
        raise CurriculumError(where, "data.ask", "'verdict' (legal or which rule) or 'burraco' (which kind)")
    if ("cards" in data) == ("position" in data):
        raise CurriculumError(where, "data", "give either 'cards' (a meld to lay down) or 'position' and 'play'")
    if ask == "burraco" and "cards" not in data:
        raise CurriculumError(where, "data.cards", "a burraco is asked of cards laid down")
    first, first_refusal, first_meld = _verdict_under(data, rules, ask, where)
    verdict, refusal, meld = _verdict_under(data, other, ask, where)
    if ask == "verdict":
        rule_ids = data.get("choices", [])
        if not isinstance(rule_ids, list) or any(c not in bc.RULE_IDS for c in rule_ids):
            raise CurriculumError(where, "data.choices", "a list of rule ids (burraco_core.RULE_IDS)")
        choices = (Choice("legal", Message("ex.choice.legal")),
                   *(Choice(r, Message(f"rule.{r}.summary")) for r in rule_ids))
    else:
        choices = tuple(Choice(k, Message(f"ex.burraco.{k}")) for k in burraco_choices(other))
    if verdict not in [c.key for c in choices]:
        raise CurriculumError(where, "data.choices", f"the engine's verdict under {other.id}, {verdict!r}, "
                              "is not among the choices")
    cards = tuple(bc.parse_cards(data["cards"])) if "cards" in data else ()
    position = dict(data["position"]) if "position" in data else {}
    hand: tuple[bc.Card, ...] = ()
    melds: tuple[bc.Meld, ...] = ()
    if position:
        game = bc.Game.setup(rules, **position)
        hand = tuple(game.hands[game.current_player])
        melds = game.melds[game.side_of(game.current_player)]
    return Prepared(cards=cards, hand=hand, melds=melds, position=position, choices=choices,
                    extra={"other": other, "ask": ask, "first_verdict": first, "first_refusal": first_refusal,
                           "first_meld": first_meld, "other_verdict": verdict, "other_refusal": refusal,
                           "other_meld": meld, "play": str(data.get("play", ""))})


@_reader("guided-hand")
def _read_guided(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    from ..guided import replay

    text = _text(answer)
    actions = [part.strip() for part in text.split(";") if part.strip()]
    try:
        for action in actions:
            bc.parse_action(action)
    except bc.NotationError as err:
        raise Unreadable(Message("ex.verdict.unreadable-action", problem=str(err.token))) from err
    session = prepared.extra["session"]()
    refusal = replay(session, actions)
    return Attempt(answer=text, rules=rules, refusal=refusal, game=session.game,
                   expected=(session.goals_reached, len(session.goals), session.goal))


def guided_goals(data: Mapping[str, Any], where: str) -> tuple[tuple[Message, Callable[[bc.Game], bool]], ...]:
    """The goals of a guided hand: each a catalogue key and a check (lessons/checks.py) on the game."""
    from ..checks.base import compile_check

    goals = data["goals"]
    if not isinstance(goals, list) or not goals:
        raise CurriculumError(where, "data.goals", "a list of {'text': KEY, 'check': CHECK}")
    out = []
    for i, goal in enumerate(goals):
        if not isinstance(goal, dict) or set(goal) != {"text", "check"}:
            raise CurriculumError(where, f"data.goals[{i}]", "{'text': KEY, 'check': CHECK}")
        key = goal["text"]
        if not isinstance(key, str) or key not in catalogue("en"):
            raise CurriculumError(where, f"data.goals[{i}].text", f"a catalogue key, not {key!r}")
        check = compile_check(goal["check"], where, f"data.goals[{i}].check")

        def holds(game: bc.Game, check: Any = check) -> bool:
            return check(Attempt(answer=None, rules=game.rules, game=game)) is None

        out.append((Message(key), holds))
    return tuple(out)


@_kind("guided-hand", ("position", "goals"), (), ["all", ["legal"], ["goals-reached"]])
def _prepare_guided(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    from ..guided import make_session

    position = data["position"]
    if not isinstance(position, dict) or "hands" not in position:
        raise CurriculumError(where, "data.position", "keyword arguments of Game.setup, with at least 'hands'")
    _setup(position, rules, where, "data.position")
    goals = guided_goals(data, where)
    frozen = dict(position)

    def session() -> Any:
        return make_session(rules, frozen, goals)

    game = bc.Game.setup(rules, **position)
    return Prepared(hand=tuple(game.hands[0]), position=frozen, extra={"session": session, "goals": goals})

# == end of the score helper's kinds


KINDS: tuple[str, ...] = tuple(KIND_TABLE)

__all__ = ["Choice", "KINDS", "KIND_TABLE", "Kind", "Prepared", "Unreadable", "burraco_choices", "table_position"]
