"""The kinds about cards and melds: count, pick-cards, build-meld, attach, judge-meld, stands-for,
free-or-bound, spot-burraco. Each reads its data once (``prepare``) and puts an answer to the engine
(``read``): a meld laid down or attached by ``Meld``, a number from ``full_deck`` or ``Game.new``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import burraco_core as bc
from burraco_core.errors import shown
from burraco_core.messages import Message, catalogue

from ..checks import QUANTITY_UNITS, Attempt, CurriculumError, compile_card_test, compile_quantity
from .base import (
    Choice,
    Prepared,
    Unreadable,
    answer_cards,
    answer_choice,
    answer_moves,
    asked_meld,
    check_setup,
    kind,
    play_answer,
    read_cards,
    read_meld,
    read_melds,
    reader,
    table_position,
    unreadable_action,
    unreadable_cards,
    whole_number,
)


@reader("count")
def _read_count(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    number = whole_number(answer)
    if number is None:
        raise Unreadable(Message("ex.verdict.not-a-number"))
    assert prepared.value is not None
    return Attempt(answer=number, rules=rules, expected=prepared.value(rules), about=prepared.extra.get("about"),
                   unit=prepared.extra.get("unit"))


def _about(prefix: str, spec: Any) -> Message | None:
    """What a quantity or a card test asks, for feedback: ``ex.count.how.<name>`` / ``ex.pick.what.<name>``
    with its argument (a card, a number of players or points, a meld's cards, a kind of burraco)."""
    if not isinstance(spec, list) or not spec or spec[0] in ("all", "any", "not"):
        return None
    name, args = spec[0], spec[1:]
    params: dict[str, Any] = {}
    for arg in args:
        if isinstance(arg, int):
            params["number"] = arg
        elif isinstance(arg, str) and name == "burraco-bonus":
            params["kind"] = Message(f"ex.burraco.{arg}")
        elif isinstance(arg, str) and name == "meld-points":
            params["cards"] = bc.Meld.parse(arg, bc.ruleset("classic")).cards     # read at load: a legal meld
        elif isinstance(arg, str):
            try:
                params["card"] = bc.parse_card(arg)
            except bc.NotationError:
                params["text"] = arg
    key = f"{prefix}.{name}"
    return Message(key, **params) if key in catalogue("en") else None


@kind("count", ("quantity",), (), ["count-right"])
def _prepare_count(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    value = compile_quantity(data["quantity"], where, "data.quantity")
    try:
        value(rules)
    except bc.BurracoError as err:
        raise CurriculumError(where, "data.quantity", str(err)) from err
    return Prepared(value=value, extra={"about": _about("ex.count.how", data["quantity"]),
                                        "unit": QUANTITY_UNITS.get(data["quantity"][0])})


@reader("pick-cards")
def _read_pick(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    try:
        picked = bc.parse_cards(answer_cards(answer))
    except bc.NotationError as err:
        raise Unreadable(unreadable_cards(err)) from err
    left = list(prepared.hand)
    for card in picked:
        if card not in left:
            raise Unreadable(Message("ex.verdict.not-shown", card=card))
        left.remove(card)
    assert prepared.pick is not None
    wanted = tuple(c for c in prepared.hand if prepared.pick(c, rules))
    return Attempt(answer=bc.format_cards(picked), rules=rules, expected=wanted, cards=picked,
                   about=prepared.extra.get("about"))


@kind("pick-cards", ("hand", "pick"), ("face_down",), ["picked-right"])
def _prepare_pick(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    face_down = data.get("face_down", False)
    if not isinstance(face_down, bool):
        raise CurriculumError(where, "data.face_down", "true or false")
    return Prepared(hand=read_cards(data, "hand", where, rules), face_down=face_down,
                    pick=compile_card_test(data["pick"], where, "data.pick"),
                    extra={"about": _about("ex.pick.what", data["pick"])})


@reader("build-meld")
def _read_build(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    text = answer_cards(answer)
    if not text:
        raise Unreadable(Message("ex.verdict.not-text"))
    if ";" in text:
        raise Unreadable(Message("ex.verdict.not-a-meld-action"))
    return play_answer(prepared, rules, text if text.lower().startswith("meld ") else f"meld {text}")


@kind("build-meld", ("hand",), ("melds", "opponent_melds"), ["legal"])
def _prepare_build(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    return _prepare_table(data, rules, where)


def _prepare_table(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    hand = read_cards(data, "hand", where, rules)
    melds = read_melds(data, "melds", where, rules)
    opponent = read_melds(data, "opponent_melds", where, rules)
    position = table_position(data["hand"], list(data.get("melds", [])), list(data.get("opponent_melds", [])))
    check_setup(position, rules, where, "data")
    return Prepared(hand=hand, melds=melds, opponent_melds=opponent, position=position)


@reader("attach")
def _read_attach(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    text = answer_moves(answer)
    try:
        action = bc.parse_action(text)
    except bc.NotationError as err:
        raise Unreadable(unreadable_action(err)) from err
    if not isinstance(action, bc.Attach) or ";" in text:
        raise Unreadable(Message("ex.verdict.not-an-attach"))
    return play_answer(prepared, rules, text)


@kind("attach", ("hand", "melds"), ("opponent_melds",), ["legal"])
def _prepare_attach(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    prepared = _prepare_table(data, rules, where)
    if not prepared.melds:
        raise CurriculumError(where, "data.melds", "an attach exercise needs a meld of your side on the table")
    return prepared


@reader("judge-meld")
def _read_judge(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = answer_choice(prepared, answer)
    try:
        if prepared.meld is not None:
            meld = prepared.meld.attach(prepared.cards)
        else:
            meld = bc.Meld.lay_down(prepared.cards, rules)
    except bc.IllegalMove as err:
        return Attempt(answer=said, rules=rules, refusal=err, expected=err.rule, cards=prepared.cards)
    return Attempt(answer=said, rules=rules, meld=meld, expected="legal", cards=prepared.cards)


@kind("judge-meld", ("choices",), ("cards", "meld", "attach"), ["judged-right"])
def _prepare_judge(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    choices = data["choices"]
    if not isinstance(choices, list) or not choices or any(c not in bc.RULE_IDS for c in choices):
        raise CurriculumError(where, "data.choices", f"a list of rule ids (burraco_core.RULE_IDS), not {shown(choices)}")
    # a judge's question is asked yes or no ("Can you attach…?", "Is it legal?"): its legal choice says yes
    yes = "ex.choice.legal.attach" if "attach" in data else "ex.choice.legal.yes"
    options = (Choice("legal", Message(yes)), *(Choice(rule, Message(f"rule.{rule}.summary")) for rule in choices))
    if "attach" in data:
        if "meld" not in data or "cards" in data:
            raise CurriculumError(where, "data", "to judge an attach give 'meld' (on the table) and 'attach'")
        return Prepared(meld=read_meld(data["meld"], where, "data.meld", rules),
                        cards=read_cards(data, "attach", where, rules), choices=options)
    if "cards" not in data:
        raise CurriculumError(where, "data.cards", "the cards to judge as a new meld (or 'meld' and 'attach')")
    return Prepared(cards=read_cards(data, "cards", where, rules), choices=options)


@reader("stands-for")
def _read_stands_for(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = answer_cards(answer)
    if prepared.choices and said not in [c.key for c in prepared.choices]:
        raise Unreadable(Message("ex.verdict.not-a-choice"))
    return Attempt(answer=said, rules=rules, meld=prepared.meld, expected=prepared.meld and prepared.meld.wild_stands_for)


@kind("stands-for", (), ("meld", "cards", "choices"), ["stands-for-right"])
def _prepare_stands_for(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    meld = _wild_meld(data, where, rules)
    choices = data.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
        raise CurriculumError(where, "data.choices", f"a list of cards ('7H') or ranks ('8'), not {shown(choices)}")
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
    meld = asked_meld(data, where, rules)
    if meld.wild is None:
        raise CurriculumError(where, "data", f"the meld {shown(meld.table_code)} has no wild card to ask about")
    return meld


@reader("free-or-bound")
def _read_free_or_bound(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = answer_choice(prepared, answer)
    meld = prepared.meld
    assert meld is not None
    return Attempt(answer=said, rules=rules, meld=meld, expected="free" if meld.wild_is_free else "bound")


@kind("free-or-bound", (), ("meld", "cards"), ["free-or-bound-right"])
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


@reader("spot-burraco")
def _read_burraco(prepared: Prepared, rules: bc.Ruleset, answer: Any) -> Attempt:
    said = answer_choice(prepared, answer)
    meld = prepared.meld
    assert meld is not None
    return Attempt(answer=said, rules=rules, meld=meld, expected=meld.burraco or "not-yet")


@kind("spot-burraco", (), ("meld", "cards"), ["burraco-right"])
def _prepare_burraco(data: Mapping[str, Any], rules: bc.Ruleset, where: str) -> Prepared:
    meld = asked_meld(data, where, rules)
    return Prepared(meld=meld, choices=tuple(Choice(k, Message(f"ex.burraco.{k}")) for k in burraco_choices(rules)))
