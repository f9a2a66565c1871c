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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import burraco_core as bc
from burraco_core.cards import rank_code
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
        raise CurriculumError(where, field, f"a {what} is a list [name, arguments...], not {spec!r}")
    name, args = spec[0], spec[1:]
    if name in ("all", "any"):
        if not args:
            raise CurriculumError(where, field, f"[{name!r}] needs at least one {what} inside")
        parts = [_compile(a, where, field, registry, what) for a in args]
        return _all(parts) if name == "all" else _any(parts)
    if name == "not":
        if len(args) != 1:
            raise CurriculumError(where, field, f"['not', ...] takes exactly one {what}")
        inner_spec = args[0]
        inner = _compile(inner_spec, where, field, registry, what)
        if f"ex.check.not.{inner_spec[0]}" not in catalogue("en"):
            raise CurriculumError(where, field, f"['not', [{inner_spec[0]!r}]] has no message "
                                  f"ex.check.not.{inner_spec[0]} to say what went wrong")
        return _not(inner, inner_spec[0])
    entry = registry.get(name)
    if entry is None:
        raise CurriculumError(where, field, f"unknown {what} {name!r}; known: {', '.join(sorted(registry))}")
    if len(args) != len(entry.args) or not all(_is(a, t) for a, t in zip(args, entry.args, strict=True)):
        wanted = ", ".join(t.__name__ for t in entry.args) or "no arguments"
        raise CurriculumError(where, field, f"{what} {name!r} takes {wanted}, not {args!r}")
    function = entry.function
    try:
        converted = tuple(_convert(a, t) for a, t in zip(args, entry.args, strict=True))
    except bc.BurracoError as err:
        raise CurriculumError(where, field, f"{what} {name!r}: {err}") from err
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
        return Failure(Message(f"ex.check.not.{name}", **_meld_params(attempt)))

    return check


# -- what the messages may say about the attempt ------------------------------------------------

def _meld_params(attempt: Attempt) -> dict[str, Any]:
    meld = attempt.meld
    if meld is None:
        return {"cards": attempt.cards, "count": len(attempt.cards)}
    return {"cards": meld.cards, "count": len(meld), "kind": meld.kind}


def _no_meld(attempt: Attempt) -> Failure | None:
    if attempt.meld is None:
        if attempt.refusal is not None:
            return refusal_failure(attempt.refusal)
        return Failure(Message("ex.check.no-meld"))
    return None


def _naming(rule: str, reason: Message, cards: tuple[bc.Card, ...] = ()) -> Failure:
    """A failure that concerns a rule says the rule too, as a refusal does."""
    return Failure(Message("ex.verdict.with-rule", reason=reason, rule=Message(f"rule.{rule}.summary")), rule, cards)


def refusal_failure(err: bc.IllegalMove) -> Failure:
    """The engine's refusal, as the learner reads it: the specifics, then the rule."""
    return Failure(Message("ex.verdict.refused", reason=err.msg, rule=Message(f"rule.{err.rule}.summary")),
                   err.rule)


# -- the leaf checks -----------------------------------------------------------------------------

@predicate("legal")
def _legal(attempt: Attempt) -> Failure | None:
    if attempt.refusal is not None:
        return refusal_failure(attempt.refusal)
    return None


@predicate("refused", str)
def _refused(attempt: Attempt, rule: str) -> Failure | None:
    if attempt.refusal is not None and attempt.refusal.rule == rule:
        return None
    return Failure(Message("ex.check.refused", rule=Message(f"rule.{rule}.summary")), rule)


@predicate("is-run")
def _is_run(attempt: Attempt) -> Failure | None:
    if attempt.meld is not None and attempt.meld.kind == bc.RUN:
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.is-run", **_meld_params(attempt)))


@predicate("is-group")
def _is_group(attempt: Attempt) -> Failure | None:
    if attempt.meld is not None and attempt.meld.kind == bc.GROUP:
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.is-group", **_meld_params(attempt)))


@predicate("has-wild")
def _has_wild(attempt: Attempt) -> Failure | None:
    if attempt.meld is not None and attempt.meld.wild is not None:
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.has-wild", **_meld_params(attempt)))


@predicate("size-at-least", int)
def _size_at_least(attempt: Attempt, size: int) -> Failure | None:
    if attempt.meld is not None and len(attempt.meld) >= size:
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.size-at-least", size=size, **_meld_params(attempt)))


@predicate("size", int)
def _size(attempt: Attempt, size: int) -> Failure | None:
    if attempt.meld is not None and len(attempt.meld) == size:
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.size", size=size, **_meld_params(attempt)))


@predicate("meld-is", MeldCode)
def _meld_is(attempt: Attempt, code: str) -> Failure | None:
    meld = attempt.meld
    if meld is not None and _same_code(meld.table_code, code):
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.meld-is", **_meld_params(attempt)))


def _same_code(engine: str, wanted: str) -> bool:
    # the deck of a card (the apostrophe) does not matter to the arrangement
    return engine.upper().replace("'", "") == wanted.upper().replace("'", "")


@predicate("stands-for", str)
def _stands_for(attempt: Attempt, card: str) -> Failure | None:
    meld = attempt.meld
    if meld is not None and meld.wild is not None and _stands_for_matches(meld, card):
        return None
    if meld is not None and meld.wild is None:
        return Failure(Message("ex.check.has-wild", **_meld_params(attempt)))
    failure = _no_meld(attempt)
    if failure is not None or meld is None:
        return failure
    return Failure(Message("ex.check.stands-for-goal", wild=meld.wild, stands_for=meld.wild_stands_for,
                           **_meld_params(attempt)), cards=(meld.wild,) if meld.wild else ())


def _stands_for_matches(meld: bc.Meld, answer: str) -> bool:
    """Whether ``answer`` (a card ``"7H"``, or a rank ``"8"`` for a group) is what the engine says."""
    said = meld.wild_stands_for
    if meld.kind == bc.GROUP:
        return answer.strip().upper() in (said, rank_code(meld.rank))
    try:
        return str(bc.parse_card(answer)) == said
    except bc.NotationError:
        return False


@predicate("wild-free")
def _wild_free(attempt: Attempt) -> Failure | None:
    meld = attempt.meld
    if meld is not None and meld.wild is not None and meld.wild_is_free:
        return None
    if meld is not None and meld.wild is None:
        return Failure(Message("ex.check.has-wild", **_meld_params(attempt)))
    return _no_meld(attempt) or _naming("wild.bound", Message("ex.check.wild-free", wild=meld.wild,  # type: ignore[union-attr]
                                                              **_meld_params(attempt)))


@predicate("wild-bound")
def _wild_bound(attempt: Attempt) -> Failure | None:
    meld = attempt.meld
    if meld is not None and meld.wild is not None and not meld.wild_is_free and meld.kind == bc.RUN:
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.wild-bound", **_meld_params(attempt)))


@predicate("burraco", str)
def _burraco(attempt: Attempt, kind: str) -> Failure | None:
    meld = attempt.meld
    if meld is not None and (meld.burraco or "none") == kind:
        return None
    return _no_meld(attempt) or Failure(Message("ex.check.burraco", wanted=Message(f"ex.burraco.{kind}"),
                                                **_meld_params(attempt)))


def _game(attempt: Attempt) -> Any:
    return attempt.game


@predicate("side-meld", int, int, MeldCode)
def _side_meld(attempt: Attempt, side: int, index: int, code: str) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None:
        melds = game.melds[side]
        if index < len(melds) and _same_code(melds[index].table_code, code):
            return None
    return Failure(Message("ex.check.side-meld", number=index + 1))


@predicate("side-melds", int, int)
def _side_melds(attempt: Attempt, side: int, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.melds[side]) == count:
        return None
    return Failure(Message("ex.check.side-melds", count=count))


@predicate("phase", str)
def _phase(attempt: Attempt, phase: str) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and game.phase == phase:
        return None
    return Failure(Message(f"ex.check.phase.{phase}"))


@predicate("took-pozzetto", int)
def _took_pozzetto(attempt: Attempt, side: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and game.took_pozzetto[side]:
        return None
    return Failure(Message("ex.check.took-pozzetto"))


@predicate("hand-size", int, int)
def _hand_size(attempt: Attempt, player: int, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.hands[player]) == count:
        return None
    return Failure(Message("ex.check.hand-size", count=count))


@predicate("answer", str)
def _answer(attempt: Attempt, value: str) -> Failure | None:
    if attempt.answer == value:
        return None
    return Failure(Message("ex.check.answer"))


# -- the kinds' own checks: the answer is what the engine says -------------------------------------

@predicate("count-right")
def _count_right(attempt: Attempt) -> Failure | None:
    if attempt.answer == attempt.expected:
        return None
    direction = "more" if attempt.answer < attempt.expected else "fewer"
    return Failure(Message("ex.check.count-right", answer=attempt.answer, direction=direction))


@predicate("picked-right")
def _picked_right(attempt: Attempt) -> Failure | None:
    picked = list(attempt.cards)
    wanted = list(attempt.expected)
    extra = []
    for card in picked:
        if card in wanted:
            wanted.remove(card)
        else:
            extra.append(card)
    if not extra and not wanted:
        return None
    if extra:
        return Failure(Message("ex.check.picked.extra", cards=tuple(extra), count=len(extra)), cards=tuple(extra))
    return Failure(Message("ex.check.picked.missing", count=len(wanted)))


@predicate("judged-right")
def _judged_right(attempt: Attempt) -> Failure | None:
    if attempt.answer == attempt.expected:
        return None
    err = attempt.refusal
    if err is not None:
        key = "ex.check.judged.illegal" if attempt.answer == "legal" else "ex.check.judged.other-rule"
        return Failure(Message(key, reason=err.msg, rule=Message(f"rule.{err.rule}.summary")), err.rule)
    meld = attempt.meld
    assert meld is not None
    return Failure(Message("ex.check.judged.legal", cards=meld.cards, kind=meld.kind,
                           named=Message(f"rule.{attempt.answer}.summary")), attempt.answer)


@predicate("stands-for-right")
def _stands_for_right(attempt: Attempt) -> Failure | None:
    meld = attempt.meld
    assert meld is not None and meld.wild is not None
    if _stands_for_matches(meld, str(attempt.answer)):
        return None
    key = "ex.check.stands-for.group" if meld.kind == bc.GROUP else "ex.check.stands-for"
    return Failure(Message(key, wild=meld.wild, **_meld_params(attempt)), cards=(meld.wild,))


@predicate("free-or-bound-right")
def _free_or_bound_right(attempt: Attempt) -> Failure | None:
    if attempt.answer == attempt.expected:
        return None
    meld = attempt.meld
    assert meld is not None and meld.wild is not None
    return _naming("wild.bound", Message(f"ex.check.free-or-bound.{attempt.expected}", wild=meld.wild),
                   cards=(meld.wild,))


@predicate("burraco-right")
def _burraco_right(attempt: Attempt) -> Failure | None:
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    meld = attempt.meld
    assert meld is not None
    if truth == "not-yet":
        key = "ex.check.burraco.too-short"
    elif said == "not-yet":
        key = "ex.check.burraco.long-enough"
    elif meld.wild is not None and said in ("clean", "royal", "ace-to-ace"):
        key = "ex.check.burraco.has-wild"
    elif meld.wild is None:
        key = "ex.check.burraco.no-wild"
    elif truth == "semi-clean":
        key = "ex.check.burraco.semi-clean"
    elif said == "semi-clean":
        key = "ex.check.burraco.not-semi-clean"
    else:
        key = "ex.check.burraco.other"
    cards = (meld.wild,) if meld.wild is not None else ()
    return Failure(Message(key, wild=meld.wild or "", count=len(meld), said=Message(f"ex.burraco.{said}"),
                           where=attempt.rules.semi_clean_wild), cards=cards)


# -- the table after a turn's moves, and why a move is refused (lessons 7-9) ------------------------

@predicate("result", str)
def _result(attempt: Attempt, reason: str) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and game.result is not None and game.result.reason == reason:
        return None
    return Failure(Message(f"ex.check.result.{reason}"))


@predicate("pile-size", int)
def _pile_size(attempt: Attempt, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.discard_pile) == count:
        return None
    return Failure(Message("ex.check.pile-size", count=count))


@predicate("stock-size", int)
def _stock_size_after(attempt: Attempt, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.stock) == count:
        return None
    return Failure(Message("ex.check.stock-size", count=count))


@predicate("refusal-right")
def _refusal_right(attempt: Attempt) -> Failure | None:
    """why-not: the condition picked is the rule of the engine's refusal (or it is allowed)."""
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    err = attempt.refusal
    if err is None:          # the engine allows the move; the learner named a rule
        return Failure(Message("ex.check.why-not.allowed", named=Message(f"rule.{said}.summary")), said,
                       attempt.cards)
    key = "ex.check.why-not.refused" if said == "legal" else "ex.check.why-not.other-rule"
    return Failure(Message(key, reason=err.msg, rule=Message(f"rule.{truth}.summary")), truth, attempt.cards)


# -- quantities: numbers the engine gives ------------------------------------------------------------

Quantity = Callable[[bc.Ruleset], int]
QUANTITIES: dict[str, _Entry] = {}


def quantity(name: str, *args: type) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def register(function: Callable[..., Any]) -> Callable[..., Any]:
        QUANTITIES[name] = _Entry(function, args)
        return function

    return register


def compile_quantity(spec: Any, where: str, field: str) -> Callable[[bc.Ruleset], int]:
    """A quantity ``[name, arg...]`` as a function of the ruleset; CurriculumError if unknown."""
    if not isinstance(spec, list) or not spec or spec[0] in ("all", "any", "not"):
        raise CurriculumError(where, field, f"a quantity is a list [name, arguments...], not {spec!r}")
    return _compile(spec, where, field, QUANTITIES, "quantity")  # type: ignore[return-value]


def _deal(rules: bc.Ruleset, players: int) -> Any:
    if players not in (2, 4):
        raise CurriculumError("quantity", "players", f"Burraco is played by 2 or 4 players, not {players}")
    return bc.Game.new(rules, players, seed=0)


@quantity("deck-size")
def _deck_size(rules: bc.Ruleset) -> int:
    return len(bc.full_deck(rules.jokers))


@quantity("wilds")
def _wilds(rules: bc.Ruleset) -> int:
    return sum(card.is_wild for card in bc.full_deck(rules.jokers))


@quantity("jokers")
def _jokers(rules: bc.Ruleset) -> int:
    return sum(card.is_joker for card in bc.full_deck(rules.jokers))


@quantity("twos")
def _twos(rules: bc.Ruleset) -> int:
    return sum(card.rank == 2 for card in bc.full_deck(rules.jokers))


@quantity("copies", CardArg)
def _copies(rules: bc.Ruleset, card: bc.Card) -> int:
    return sum(c.face == card.face for c in bc.full_deck(rules.jokers))


@quantity("backs")
def _backs(rules: bc.Ruleset) -> int:
    return len({card.deck for card in bc.full_deck(rules.jokers)})


@quantity("hand-size", int)
def _hand_size_dealt(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).hands[0])


@quantity("pozzetti", int)
def _pozzetti(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).pozzetti)


@quantity("pozzetto-size", int)
def _pozzetto_size(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).pozzetti[0])


@quantity("first-discard", int)
def _first_discard(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).discard_pile)


@quantity("stock-size", int)
def _stock_size(rules: bc.Ruleset, players: int) -> int:
    return len(_deal(rules, players).stock)


@quantity("card-value", CardArg)
def _card_value(rules: bc.Ruleset, card: bc.Card) -> int:
    return rules.card_value(card)


@quantity("meld-points", MeldCode)
def _meld_points(rules: bc.Ruleset, code: str) -> int:
    return bc.Meld.parse(code, rules).points()


@quantity("burraco-bonus", str)
def _burraco_bonus(rules: bc.Ruleset, kind: str) -> int:
    value = {"clean": rules.clean_bonus, "dirty": rules.dirty_bonus, "semi-clean": rules.semi_clean_bonus,
             "royal": rules.royal_bonus, "ace-to-ace": rules.ace_to_ace_bonus}.get(kind)
    if value is None:
        raise CurriculumError("quantity", "burraco-bonus", f"{rules.id} has no {kind!r} burraco")
    return value


# -- card tests: properties the engine gives a card --------------------------------------------------

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
        raise CurriculumError(where, field, f"a card test is a list [name, arguments...], not {spec!r}")
    name, args = spec[0], spec[1:]
    if name in ("all", "any", "not"):
        if not args or (name == "not" and len(args) != 1):
            raise CurriculumError(where, field, f"[{name!r}, ...] needs card tests inside")
        parts = [compile_card_test(a, where, field) for a in args]
        if name == "all":
            return lambda card, rules: all(p(card, rules) for p in parts)
        if name == "any":
            return lambda card, rules: any(p(card, rules) for p in parts)
        return lambda card, rules: not parts[0](card, rules)
    entry = CARD_TESTS.get(name)
    if entry is None:
        raise CurriculumError(where, field, f"unknown card test {name!r}; known: {', '.join(sorted(CARD_TESTS))}")
    if len(args) != len(entry.args) or not all(_is(a, t) for a, t in zip(args, entry.args, strict=True)):
        raise CurriculumError(where, field, f"card test {name!r} takes {len(entry.args)} argument(s), not {args!r}")
    function = entry.function
    return lambda card, rules: bool(function(card, rules, *args))


@card_test("wild")
def _card_wild(card: bc.Card, rules: bc.Ruleset) -> bool:
    return card.is_wild


@card_test("joker")
def _card_joker(card: bc.Card, rules: bc.Ruleset) -> bool:
    return card.is_joker


@card_test("two")
def _card_two(card: bc.Card, rules: bc.Ruleset) -> bool:
    return card.rank == 2


@card_test("natural")
def _card_natural(card: bc.Card, rules: bc.Ruleset) -> bool:
    return not card.is_wild


@card_test("value", int)
def _card_value_is(card: bc.Card, rules: bc.Ruleset, value: int) -> bool:
    return rules.card_value(card) == value


@card_test("deck", int)
def _card_deck(card: bc.Card, rules: bc.Ruleset, deck: int) -> bool:
    return card.deck == deck


@card_test("suit", str)
def _card_suit(card: bc.Card, rules: bc.Ruleset, suit: str) -> bool:
    return card.suit == suit.upper()


@card_test("rank", int)
def _card_rank(card: bc.Card, rules: bc.Ruleset, rank: int) -> bool:
    return card.rank == rank


__all__ = ["Attempt", "CARD_TESTS", "Check", "CurriculumError", "Failure", "QUANTITIES", "REGISTRY",
           "compile_card_test", "compile_check", "compile_quantity", "refusal_failure"]


# == score helper's checks (lessons 10-13): counting a hand, victory points, the match, another
# == ruleset's verdict, a guided hand's goals. Each compares the answer with what the engine said.

@predicate("score-right")
def _score_right(attempt: Attempt) -> Failure | None:
    breakdown = attempt.expected
    said = attempt.answer
    if attempt.refusal is not None:   # the closing credited to a side the engine says cannot have closed
        return refusal_failure(attempt.refusal)
    if isinstance(said, int):
        if said == breakdown.total:
            return None
        direction = "more" if said < breakdown.total else "fewer"
        return Failure(Message("ex.check.score.total", answer=said, direction=direction))
    lines = breakdown.lines
    if len(said) != len(lines):
        return Failure(Message("ex.check.score.lines", count=len(lines), given=len(said)))
    for number, (value, line) in enumerate(zip(said, lines, strict=True), 1):
        if value == line.points:
            continue
        if value == -line.points:
            why = Message("ex.check.score.sign" if line.points < 0 else "ex.check.score.plus")
        else:
            cards = line.cards or line.message.params.get("cards", ())   # a meld line names its cards in its text
            why = Message(f"ex.check.score.why.{line.key}", cards=cards, count=len(cards))
        return Failure(Message("ex.check.score.line", number=number, label=line.message, answer=value, why=why),
                       cards=line.cards)
    return None


@predicate("vp-right")
def _vp_right(attempt: Attempt) -> Failure | None:
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    if sum(said) != 20:
        return Failure(Message("ex.check.vp.sum", total=sum(said)))
    direction = "more" if said[0] < truth[0] else "fewer"
    return Failure(Message("ex.check.vp.band", answer=f"{said[0]}-{said[1]}", direction=direction))


@predicate("match-right")
def _match_right(attempt: Attempt) -> Failure | None:
    if attempt.answer == attempt.expected:
        return None
    return Failure(Message(f"ex.check.match.{attempt.expected}", rules=attempt.rules.label,
                           target=attempt.rules.target_score or 0))


@predicate("predicted-right")
def _predicted_right(attempt: Attempt) -> Failure | None:
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    err = attempt.refusal
    if err is not None:      # the other ruleset refuses it: say why, with the rule
        return Failure(Message("ex.check.predict.refused", reason=err.msg, rule=Message(f"rule.{err.rule}.summary")),
                       err.rule)
    if truth == "legal":
        return Failure(Message("ex.check.predict.legal", named=Message(f"rule.{said}.summary")), said)
    return Failure(Message("ex.check.predict.burraco", said=Message(f"ex.burraco.{said}")))


@predicate("goals-reached")
def _goals_reached(attempt: Attempt) -> Failure | None:
    reached, total, goal = attempt.expected
    if reached >= total:
        return None
    return Failure(Message("ex.check.goals", reached=reached, count=total, goal=goal.message))


@predicate("side-melds-at-least", int, int)
def _side_melds_at_least(attempt: Attempt, side: int, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.melds[side]) >= count:
        return None
    return Failure(Message("ex.check.side-melds", count=count))

# == end of the score helper's checks
