"""The exercise kinds: what each one's data holds, how an answer is put to the engine.

A kind reads the exercise's ``data`` once, when the lesson is loaded (:meth:`Kind.prepare`
checks it and names the field at fault), and turns each answer into an
:class:`~lessons.checks.Attempt`: what ``burraco_core`` said about it. The exercise's
check then decides. A kind computes nothing about the rules itself: a meld is laid down
or attached by the engine, a position is built by ``Game.setup`` and played with
``Game.explain``/``Game.apply``, a number comes from ``full_deck`` or ``Game.new``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message

from .checks import (
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


KINDS: tuple[str, ...] = tuple(KIND_TABLE)

__all__ = ["Choice", "KINDS", "KIND_TABLE", "Kind", "Prepared", "Unreadable", "burraco_choices", "table_position"]
