"""Seeded exercise generators: every pupil a different, reproducible exercise of the same kind.

``generate(kind, seed, rules="classic", difficulty=1)`` deals cards at random (a
``random.Random`` seeded by kind, ruleset, difficulty and seed) and builds an
:class:`~lessons.curriculum.model.Exercise`. It never works a rule out: the verdict, the
solution and the wrong answers are what the engine says, asked through the exercise's
own ``check`` (the solution is the candidate it calls correct, the wrong answers the
candidates it refuses, each with the rule it names). The seed is in the exercise's id
(``gen.judge-meld.1234``) and in its prompt, so a teacher can check a pupil's sheet.

``rules`` is a built-in ruleset or any house variant (a ``Ruleset`` made with
``dataclasses.replace``): the exercise is then dealt, solved and checked under it
(``Exercise.house``), and its id names it by :func:`ruleset_tag` (``classic-3f2a9c1b``: the
id and a fingerprint of the fields it changes), so it differs from the built-in's. A kind
a variant cannot give raises :class:`KindUnavailable`, which says why in every language.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message

from ..checks import CurriculumError
from ..model import Exercise, ruleset_dict

DIFFICULTIES = (1, 2, 3)
_TRIES = 60

class GeneratorError(CurriculumError):
    """No exercise of this kind could be generated (an unknown kind, a bad seed or difficulty)."""


class KindUnavailable(GeneratorError):
    """This kind gives no exercise under these rules: ``reason`` (a Message) says why to a teacher,
    ``kind`` names it; ``str(err)`` is the English for a programmer."""

    def __init__(self, kind: str, rules: bc.Ruleset, reason: Message) -> None:
        super().__init__("generate", "rules", f"no {kind} exercise under {_said(rules.label)}: {reason.text('en')}")
        self.kind = kind
        self.rules = rules
        self.reason = reason

    @property
    def msg(self) -> Message:
        """What a teacher reads: the kind, the rules, and why (key ``gen.unavailable``)."""
        return Message("gen.unavailable", kind=kind_name(self.kind), rules=self.rules.label, reason=self.reason)


def _said(label: Message | str) -> str:
    return label.text("en") if isinstance(label, Message) else label


def kind_name(kind: str) -> Message | str:
    """A generated kind's name as a message (``worksheet.kind.<kind>``), or its id when it has none."""
    key = f"worksheet.kind.{kind}"
    return Message(key) if key in english() else kind


Generator = Callable[[random.Random, "Deal", bc.Ruleset, int, int], "Exercise | None"]
GENERATORS: dict[str, Generator] = {}
# The rules each kind exercises whatever the cards (the wrong answers add their own).
_KIND_TEACHES: dict[str, tuple[str, ...]] = {}


def generator(kind: str, teaches: Sequence[str] = ()) -> Callable[[Generator], Generator]:
    """Register ``fn(rng, deal, rules, difficulty, seed) -> Exercise | None`` as the generator of
    ``kind``; ``teaches`` are the rule ids its exercises exercise whatever the cards. A generator
    returns None when this deal gives no exercise (``generate`` then deals again)."""
    def register(fn: Generator) -> Generator:
        GENERATORS[kind] = fn
        _KIND_TEACHES[kind] = tuple(teaches)
        return fn
    return register


class Deal:
    """The two decks, shuffled by the seed; cards are taken out so no card appears too often."""

    def __init__(self, rng: random.Random, rules: bc.Ruleset) -> None:
        self.rng = rng
        self.pool = list(bc.full_deck(rules.jokers))
        rng.shuffle(self.pool)

    def take(self, rank: int, suit: str) -> bc.Card | None:
        for i, card in enumerate(self.pool):
            if card.rank == rank and card.suit == suit and not card.is_joker:
                return self.pool.pop(i)
        return None

    def natural(self) -> bc.Card:
        for i, card in enumerate(self.pool):
            if not card.is_wild:
                return self.pool.pop(i)
        raise GeneratorError("generator", "deal", "no natural card left")

    def wild(self) -> bc.Card | None:
        for i, card in enumerate(self.pool):
            if card.is_wild:
                return self.pool.pop(i)
        return None

    def any(self) -> bc.Card:
        return self.pool.pop()

    def run(self, length: int) -> list[bc.Card] | None:
        """``length`` cards of one suit with consecutive ranks, or None if the pool lacks one."""
        base = self.natural()
        low = self.rng.randint(3, max(3, 14 - length))
        cards = []
        for rank in range(low, low + length):
            card = self.take(rank if rank <= 13 else 1, base.suit)
            if card is None:
                return None
            cards.append(card)
        self.pool.append(base)
        return cards

    def group(self, size: int) -> list[bc.Card] | None:
        base = self.natural()
        cards = [base]
        for suit in self.rng.sample([s for s in "SHDC" if s != base.suit], 3):
            if len(cards) == size:
                break
            card = self.take(base.rank, suit)
            if card is not None:
                cards.append(card)
        return cards if len(cards) == size else None

    def meld_cards(self, length: int, groups: bool) -> list[bc.Card] | None:
        if groups and self.rng.random() < 0.35:
            return self.group(min(length, 4))
        return self.run(length)


def draft(kind: str, seed: int, rules: bc.Ruleset, difficulty: int, data: dict[str, Any],
           solution: Any, wrong: list[list[Any]], teaches: Sequence[str], checks: Any = None, *,
           probe: bool = False) -> Exercise:
    """The exercise as ``Exercise.from_dict`` reads it; ``checks``: the kind's default when None.
    A ``probe`` (its solution and wrong answers placeholders, to ask the engine which answers are
    right) is not proven solvable; every other draft is."""
    key = f"gen.{kind}"
    spec: dict[str, Any] = {     # the Ruleset itself: a house variant is kept as the exercise's ``house``
        "id": exercise_id(kind, seed, rules, difficulty), "kind": kind, "ruleset": rules,
        "prompt": f"{key}.prompt", "data": data, "solution": solution, "wrong_answers": wrong,
        "hints": [f"{key}.hint.1", f"{key}.hint.2"], "explain": f"{key}.explain",
        "teaches": sorted(set(teaches)),
    }
    if checks is not None:
        spec["checks"] = checks
    ex = Exercise.from_dict(spec, prove=not probe)
    return dataclasses.replace(ex, prompt=Message(f"{key}.prompt", seed=seed))


def settle(kind: str, seed: int, rules: bc.Ruleset, difficulty: int, data: dict[str, Any],
            solutions: Sequence[Any], wrongs: Sequence[Any], most_wrong: int = 2,
            teaches: Sequence[str] = (), distinct: bool = False, checks: Any = None) -> Exercise | None:
    """The exercise whose solution is the first candidate check() calls correct and whose wrong
    answers are candidates it calls incorrect (with the rule it names; ``distinct``: one answer per
    rule, for the kinds whose candidates are many); None if there is none. ``checks``: the
    exercise's goal (the kind's default check when None)."""
    probe = draft(kind, seed, rules, difficulty, data, solutions[0] if solutions else "?", [["?", None]],
                   _KIND_TEACHES[kind], checks, probe=True)
    solution = next((s for s in solutions if probe.check(s).correct), None)
    if solution is None:
        return None
    wrong: list[list[Any]] = []
    seen: set[str | None] = set()
    for answer in wrongs:
        if answer == solution or any(answer == w[0] for w in wrong):
            continue
        verdict = probe.check(answer)
        if verdict.status != "incorrect" or (distinct and verdict.rule in seen):
            continue
        wrong.append([answer, verdict.rule])
        seen.add(verdict.rule)
        if len(wrong) == most_wrong:
            break
    if not wrong:
        return None
    rules_taught = [*_KIND_TEACHES[kind], *teaches, *(w[1] for w in wrong if w[1] is not None)]
    return draft(kind, seed, rules, difficulty, data, solution, wrong, rules_taught, checks)






def english() -> Any:
    from burraco_core.messages import catalogue
    return catalogue("en")


def ruleset_tag(rules: str | bc.Ruleset) -> str:
    """The ruleset's part of a generated exercise's id and seed: a built-in's id (``classic``); for a
    house variant its id (lowercase, ``-`` for other characters) and the first 8 hex digits of the
    SHA-256 of :func:`~lessons.curriculum.model.ruleset_dict` (its id and the fields it changes), so it is
    the same in every process and differs from the built-in's, and from any other variant's."""
    if isinstance(rules, str):
        return rules
    if bc.RULESETS.get(rules.id) == rules:
        return rules.id
    said = json.dumps(ruleset_dict(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    slug = re.sub(r"[^a-z0-9]+", "-", rules.id.lower()).strip("-") or "house"
    return f"{slug}-{hashlib.sha256(said.encode('ascii')).hexdigest()[:8]}"


def exercise_id(kind: str, seed: int, rules: str | bc.Ruleset = "classic", difficulty: int = 1) -> str:
    """``gen.<kind>.<seed>``; the ruleset (:func:`ruleset_tag`) and difficulty are added when they are
    not the default: ``gen.attach.pulito.d2.7``, ``gen.attach.classic-3f2a9c1b.d1.7`` (a house variant)."""
    tag = ruleset_tag(rules)
    extra = "" if (tag, difficulty) == ("classic", 1) else f"{tag}.d{difficulty}."
    return f"gen.{kind}.{extra}{seed}"


def generate(kind: str, seed: int, rules: str | bc.Ruleset = "classic", difficulty: int = 1) -> Exercise:
    """A reproducible exercise of ``kind`` for ``seed`` (the same seed gives the same exercise), under
    ``rules``: a built-in id or any Ruleset (a house variant: dealt, solved and checked under it).
    :class:`KindUnavailable` when the kind gives no exercise under these rules."""
    if kind not in GENERATORS:
        raise GeneratorError("generate", "kind", f"{kind!r} has no generator; known: {', '.join(GENERATORS)}")
    if type(seed) is not int or seed < 0:
        raise GeneratorError("generate", "seed", f"a whole number 0 or more, not {seed!r}")
    if difficulty not in DIFFICULTIES:
        raise GeneratorError("generate", "difficulty", f"one of {DIFFICULTIES}, not {difficulty!r}")
    try:
        ruleset = bc.ruleset(rules)
    except (bc.RulesetError, TypeError) as err:
        raise GeneratorError("generate", "rules", str(err)) from err
    # str seeds are hashed by SHA-512: the same in every process (a built-in's tag is its id, as before)
    rng = random.Random(f"{kind}:{ruleset_tag(ruleset)}:{difficulty}:{seed}")
    for _ in range(_TRIES):
        ex = GENERATORS[kind](rng, Deal(rng, ruleset), ruleset, difficulty, seed)
        if ex is not None:
            return ex
    # Every built-in ruleset gives every seed (tests/test_generators.py); a house variant may make the
    # kind pointless (no card worth anything: nothing to count), which no deal can mend.
    if ruleset_tag(ruleset) not in bc.RULESETS:
        raise KindUnavailable(kind, ruleset, Message("gen.unavailable.no-deal", tries=_TRIES))
    raise GeneratorError("generate", "seed", f"no {kind} exercise found for seed {seed}")


def exercises(kinds: str | Sequence[str], n: int, seed: int, rules: str | bc.Ruleset = "classic",
              difficulty: int = 1) -> Iterator[Exercise]:
    """``n`` exercises, the kinds taken in turn, seeds ``seed``, ``seed + 1``..."""
    kinds = (kinds,) if isinstance(kinds, str) else tuple(kinds)
    for i in range(n):
        yield generate(kinds[i % len(kinds)], seed + i, rules, difficulty)


__all__ = ["DIFFICULTIES", "GENERATORS", "Deal", "GeneratorError", "KindUnavailable", "draft", "generator", "settle",
           "exercise_id", "exercises", "generate", "kind_name", "ruleset_tag"]
