"""The checks of the curriculum: small predicates over what the engine said.

An :class:`Attempt` holds what ``burraco_core`` answered to a learner's answer: the
meld it made, the refusal it gave, the game after the actions, the value it
computes. A check is a nested list in the lesson file, ``["all", ["legal"],
["is-run"]]``, compiled once by :func:`compile_check` through :data:`REGISTRY`
(an unknown name or a wrong argument fails when the lesson is read). A compiled
check returns None when it passes, else a :class:`Failure`: the message the
learner reads and the rule id it concerns. No predicate works a rule out: each
one reads a property the engine computed (``Meld.kind``, ``Meld.wild_is_free``,
``Meld.burraco``, ``Game.explain``...), in the spirit of lichess's ``assert.ts``.

Quantities (the deck's size, the stock's...) and card tests (is it wild? what is
it worth?) are registries of the same kind, used by the ``count`` and
``pick-cards`` exercises.

This module holds the registries, the compiler and the combinators; the leaf checks
register themselves from :mod:`.melds`, :mod:`.table`, :mod:`.numbers` and
:mod:`.scores`, which the package imports (so ``lessons.curriculum.checks`` has them all).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import burraco_core as bc
from burraco_core.actions import typed_refusal
from burraco_core.errors import shown
from burraco_core.messages import Message, catalogue


class CurriculumError(bc.BurracoError):
    """A lesson or exercise that cannot be used: names the place and the field at fault."""

    def __init__(self, where: str, field: str, problem: str) -> None:
        super().__init__(f"{where}: field {field!r}: {problem}")
        self.where = where
        self.field = field
        self.problem = problem


@dataclass(frozen=True)
class Failure:
    """Why a check failed: what the learner reads, the rule id it concerns (or None)."""

    msg: Message
    rule: str | None = None
    cards: tuple[bc.Card, ...] = ()


@dataclass(frozen=True)
class Attempt:
    """What the engine said about one answer (see the module docstring)."""

    answer: Any
    rules: bc.Ruleset
    meld: bc.Meld | None = None          # the meld the answer made or attached to; or the exercise's meld
    refusal: bc.IllegalMove | None = None  # the engine's refusal (of the answer, or of a judged meld)
    game: Any = None                     # the Game after the answer's actions
    expected: Any = None                 # what the engine says the answer should be (count, pick, judge...)
    cards: tuple[bc.Card, ...] = ()      # the cards the answer played or picked
    about: Message | None = None         # what the question asks, as feedback may say it ("worth 10 points")
    player: int | None = None            # the learner's seat, when the answer was played at a table
    before: Any = None                   # the Game before the answer's actions (a position played at a table)
    unit: str | None = None              # what a count counts ("cards", "points"): its feedback's words agree


Check = Callable[[Attempt], "Failure | None"]
Predicate = Callable[..., "Failure | None"]


@dataclass(frozen=True)
class _Entry:
    function: Predicate
    args: tuple[type, ...]     # the type of each argument, checked at load


REGISTRY: dict[str, _Entry] = {}


def predicate(name: str, *args: type) -> Callable[[Predicate], Predicate]:
    """Register a leaf check ``[name, arg...]``; ``args`` are the argument types."""

    def register(function: Predicate) -> Predicate:
        REGISTRY[name] = _Entry(function, args)
        return function

    return register


def compile_check(spec: Any, where: str = "exercise", field: str = "checks") -> Check:
    """A check from its nested-list form; raises CurriculumError naming what is wrong."""
    return _compile(spec, where, field, REGISTRY, "check")


def _compile(spec: Any, where: str, field: str, registry: dict[str, _Entry], what: str) -> Check:
    if not isinstance(spec, list) or not spec or not isinstance(spec[0], str):
        raise CurriculumError(where, field, f"a {what} is a list [name, arguments...], not {shown(spec)}")
    name, args = spec[0], spec[1:]
    if name in ("all", "any"):
        if not args:
            raise CurriculumError(where, field, f"[{shown(name)}] needs at least one {what} inside")
        parts = [_compile(a, where, field, registry, what) for a in args]
        return _all(parts) if name == "all" else _any(parts)
    if name == "not":
        if len(args) != 1:
            raise CurriculumError(where, field, f"['not', ...] takes exactly one {what}")
        inner_spec = args[0]
        inner = _compile(inner_spec, where, field, registry, what)
        if f"ex.check.not.{inner_spec[0]}" not in catalogue("en"):
            raise CurriculumError(where, field, f"['not', [{shown(inner_spec[0])}]] has no message "
                                  f"ex.check.not.{inner_spec[0]} to say what went wrong")
        return _not(inner, inner_spec[0])
    entry = registry.get(name)
    if entry is None:
        raise CurriculumError(where, field, f"unknown {what} {shown(name)}; known: {', '.join(sorted(registry))}")
    if len(args) != len(entry.args) or not all(_is(a, t) for a, t in zip(args, entry.args, strict=True)):
        wanted = ", ".join(t.__name__ for t in entry.args) or "no arguments"
        raise CurriculumError(where, field, f"{what} {shown(name)} takes {wanted}, not {shown(args)}")
    below = next((a for a, t in zip(args, entry.args, strict=True) if t is int and a < 0), None)
    if below is not None:       # sizes, counts, sides, players: ["size", -3] could never be met
        raise CurriculumError(where, field, f"{what} {shown(name)} counts from 0, so {below} can never be met")
    function = entry.function
    try:
        converted = tuple(_convert(a, t) for a, t in zip(args, entry.args, strict=True))
    except bc.BurracoError as err:
        raise CurriculumError(where, field, f"{what} {shown(name)}: {err}") from err
    return lambda attempt: function(attempt, *converted)


class CardArg(str):
    """An argument that is one card in notation (``"7H"``), read when the check is compiled."""


class MeldCode(str):
    """A meld's table code (``"5H 6H 2H=7H 8H"``), compared as the engine writes it."""


def _is(value: Any, wanted: type) -> bool:
    if wanted is int:
        return type(value) is int
    if wanted in (str, CardArg, MeldCode):
        return isinstance(value, str)
    return isinstance(value, wanted)


def _convert(value: Any, wanted: type) -> Any:
    if wanted is CardArg:
        return bc.parse_card(value)
    if wanted is MeldCode:
        bc.parse_cards(value.replace("=", " "))   # every card readable
        return " ".join(value.upper().split())
    return value


def _all(parts: Sequence[Check]) -> Check:
    def check(attempt: Attempt) -> Failure | None:
        for part in parts:
            failure = part(attempt)
            if failure is not None:
                return failure
        return None

    return check


def _any(parts: Sequence[Check]) -> Check:
    def check(attempt: Attempt) -> Failure | None:
        first: Failure | None = None
        for part in parts:
            failure = part(attempt)
            if failure is None:
                return None
            first = first or failure
        return first

    return check


def _not(inner: Check, name: str) -> Check:
    def check(attempt: Attempt) -> Failure | None:
        if inner(attempt) is not None:
            return None
        return Failure(Message(f"ex.check.not.{name}", **meld_params(attempt)))

    return check


# -- what the messages may say about the attempt ------------------------------------------------

def meld_params(attempt: Attempt) -> dict[str, Any]:
    meld = attempt.meld
    if meld is None:
        return {"cards": attempt.cards, "count": len(attempt.cards)}
    return {"cards": meld.cards, "count": len(meld), "kind": meld.kind}


def no_meld(attempt: Attempt) -> Failure | None:
    if attempt.meld is None:
        if attempt.refusal is not None:
            return refusal_failure(attempt.refusal)
        return Failure(Message("ex.check.no-meld"))
    return None


# The texts that give a reason, then "The rule: …", and each one's twin for a reason that says the rule already.
RULE_SAID = {"ex.verdict.with-rule": None, "ex.verdict.refused": None,     # (the reason alone)
             "ex.check.judged.illegal": "ex.check.judged.illegal.rule-said",
             "ex.check.judged.other-rule": "ex.check.judged.other-rule.rule-said",
             "ex.check.why-not.refused": "ex.check.why-not.refused.rule-said",
             "ex.check.why-not.other-rule": "ex.check.why-not.other-rule.rule-said",
             "ex.check.predict.refused": "ex.check.predict.refused.rule-said",
             "ex.check.predict.other-rule": "ex.check.predict.other-rule.rule-said"}


_MARKS = re.compile("\x01[^\x02]*\x02|\x03")   # where nested texts begin and end, when the checks mark them


def repeats_rule(reason: str, summary: str) -> bool:
    """Whether a reason's words (one language) say the rule's summary already ("A rodada acabou: não se pode…"
    says "A rodada acabou."): the rule after it would only repeat it."""
    return _MARKS.sub("", summary).rstrip(".").casefold() in _MARKS.sub("", reason).casefold()


class RuleOnce(Message):
    """``key`` (one of :data:`RULE_SAID`): a reason, then "The rule: …"; or, in a language whose reason says the
    rule already, the reason alone in the same words around it. Decided for each language as it is drawn, so a
    translator may say the rule in a reason (or not) whatever the English does. Its params are ``reason`` and
    ``rule`` (the rule's summary, a Message), as the key's own."""

    __slots__ = ()

    def __init__(self, key: str, /, **params: Any) -> None:
        if key not in RULE_SAID or set(params) != {"reason", "rule"}:
            raise ValueError(f"RuleOnce takes a key of RULE_SAID and a reason and a rule, not {key!r} {sorted(params)}")
        super().__init__(key, **params)

    def in_language(self, lang: str) -> Message:
        """The message drawn in ``lang``: this key with the rule, or the reason without it."""
        reason, rule = self.params["reason"], self.params["rule"]
        if not repeats_rule(reason.text(lang), rule.text(lang)):
            return Message(self.key, reason=reason, rule=rule)
        said = RULE_SAID[self.key]
        return reason if said is None else Message(said, reason=reason)

    def text(self, lang: str = "en") -> str:
        return self.in_language(lang).text(lang)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return type(other) is RuleOnce and super().__eq__(other)

    __hash__ = Message.__hash__

    def __repr__(self) -> str:
        return "RuleOnce" + super().__repr__().removeprefix("Message")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rule_once, (self.key, self.params))


def _rule_once(key: str, params: dict[str, Any]) -> RuleOnce:
    return RuleOnce(key, **params)


def with_rule(key: str, reason: Message, rule: str) -> Message:
    """``reason``, then "The rule: …" (``key``, one of :data:`RULE_SAID`), unless the reason says the rule already
    in the language it is read in ("A new meld has at least 3 cards; 5♥ and 6♥ are only 2 cards. The rule: A new
    meld has at least 3 cards." says it twice): then the reason alone, in the same words around it (:class:`RuleOnce`)."""
    return RuleOnce(key, reason=reason, rule=Message(f"rule.{rule}.summary"))


def naming(rule: str, reason: Message, cards: tuple[bc.Card, ...] = ()) -> Failure:
    """A failure that concerns a rule says the rule too, as a refusal does."""
    return Failure(with_rule("ex.verdict.with-rule", reason, rule), rule, cards)


def refusal_failure(err: bc.IllegalMove) -> Failure:
    """The engine's refusal, as the learner reads it: the specifics, then the rule (where they do not say it)."""
    return Failure(with_rule("ex.verdict.refused", typed_refusal(err), err.rule), err.rule)


# -- quantities and card tests: registries of their own (the leaves are in numbers.py) ----------------

Quantity = Callable[[bc.Ruleset], int]
QUANTITIES: dict[str, _Entry] = {}
QUANTITY_UNITS: dict[str, str] = {}   # what a quantity counts: "cards", "points" or "other" (decks, pozzetti)


def quantity(name: str, *args: type, unit: str = "cards") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a quantity; ``unit`` is what it counts, so that count's feedback says it in the words (and the
    gender) of that noun: "le carte sono di più" / "i punti sono di più"."""
    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        QUANTITIES[name] = _Entry(function, args)
        QUANTITY_UNITS[name] = unit
        return function

    return register


def compile_quantity(spec: Any, where: str, field: str) -> Callable[[bc.Ruleset], int]:
    """A quantity ``[name, arg...]`` as a function of the ruleset; CurriculumError if unknown."""
    if not isinstance(spec, list) or not spec or spec[0] in ("all", "any", "not"):
        raise CurriculumError(where, field, f"a quantity is a list [name, arguments...], not {shown(spec)}")
    return _compile(spec, where, field, QUANTITIES, "quantity")  # type: ignore[return-value]


CARD_TESTS: dict[str, _Entry] = {}
CardTest = Callable[[bc.Card, bc.Ruleset], bool]


def card_test(name: str, *args: type) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    def register(function: Callable[..., bool]) -> Callable[..., bool]:
        CARD_TESTS[name] = _Entry(function, args)  # type: ignore[arg-type]
        return function

    return register


def compile_card_test(spec: Any, where: str, field: str) -> CardTest:
    """A card test ``["wild"]``, ``["value", 10]``, combined with all/any/not."""
    if not isinstance(spec, list) or not spec or not isinstance(spec[0], str):
        raise CurriculumError(where, field, f"a card test is a list [name, arguments...], not {shown(spec)}")
    name, args = spec[0], spec[1:]
    if name in ("all", "any", "not"):
        if not args or (name == "not" and len(args) != 1):
            raise CurriculumError(where, field, f"[{shown(name)}, ...] needs card tests inside")
        parts = [compile_card_test(a, where, field) for a in args]
        if name == "all":
            return lambda card, rules: all(p(card, rules) for p in parts)
        if name == "any":
            return lambda card, rules: any(p(card, rules) for p in parts)
        return lambda card, rules: not parts[0](card, rules)
    entry = CARD_TESTS.get(name)
    if entry is None:
        raise CurriculumError(where, field, f"unknown card test {shown(name)}; known: {', '.join(sorted(CARD_TESTS))}")
    if len(args) != len(entry.args) or not all(_is(a, t) for a, t in zip(args, entry.args, strict=True)):
        raise CurriculumError(where, field, f"card test {shown(name)} takes {len(entry.args)} argument(s), not {shown(args)}")
    if any(t is int and a < 0 for a, t in zip(args, entry.args, strict=True)):
        raise CurriculumError(where, field, f"card test {shown(name)} counts from 0: no card has {shown(args)}")
    function = entry.function
    return lambda card, rules: bool(function(card, rules, *args))


__all__ = ["CARD_TESTS", "QUANTITIES", "REGISTRY", "Attempt", "CardArg", "CardTest", "Check", "CurriculumError",
           "Failure", "MeldCode", "Predicate", "Quantity", "card_test", "compile_card_test", "compile_check",
           "compile_quantity", "meld_params", "naming", "no_meld", "predicate", "quantity", "refusal_failure"]
