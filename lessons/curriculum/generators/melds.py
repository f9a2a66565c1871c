"""Seeded generators for the meld kinds: build-meld, judge-meld, attach, stands-for, free-or-bound,
spot-burraco. Each deals cards with a :class:`~.base.Deal` and proposes candidate answers; which is
right, and which rule each wrong one breaks, is what the exercise's own check says (``settle``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import burraco_core as bc

from ..coverage import meld_rules
from ..kinds import burraco_choices
from ..model import Exercise
from .base import Deal, draft, english, generator, settle

_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K", **{r: str(r) for r in range(2, 11)}}


def _code(cards: Sequence[bc.Card]) -> str:
    return bc.format_cards(tuple(cards))


@generator("build-meld", teaches=("meld.not-a-meld",))
def _build_meld(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    planted = deal.meld_cards(2 + difficulty, rules.groups_allowed)
    if planted is None:
        return None
    hand = planted + [deal.any() for _ in range(3 + difficulty)]
    rng.shuffle(hand)
    combos = list(itertools.combinations(hand, 3))
    rng.shuffle(combos)
    wrongs = [_code(c) for c in combos[:12]]
    return settle("build-meld", seed, rules, difficulty, {"hand": _code(hand)},
                   [_code(planted), *(_code(c) for c in combos)], wrongs, distinct=True)


@generator("judge-meld")
def _judge_meld(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    cards = deal.meld_cards(2 + difficulty, rules.groups_allowed)
    if cards is None:
        return None
    spoil = rng.random()
    if spoil < 0.3:
        cards[rng.randrange(len(cards))] = deal.any()
    elif spoil < 0.55:
        wild = deal.wild()
        if wild is not None:
            cards[rng.randrange(len(cards))] = wild
    elif spoil < 0.7:
        cards.pop(rng.randrange(1, len(cards) - 1) if len(cards) > 3 else 0)
    elif spoil < 0.8:
        wild = deal.wild()
        if wild is not None:
            cards.append(wild)
    rng.shuffle(cards)
    try:
        bc.Meld.lay_down(tuple(cards), rules)
        truth = "legal"
    except bc.IllegalMove as err:   # the engine's verdict; the choices must hold it
        truth = err.rule
    others = [r for r in meld_rules() if r != truth and f"rule.{r}.summary" in english()]
    rng.shuffle(others)
    choices = ([truth] if truth != "legal" else []) + others[:1 + difficulty]
    rng.shuffle(choices)
    answers = ["legal", *choices]
    return settle("judge-meld", seed, rules, difficulty, {"cards": _code(cards), "choices": choices},
                   answers, answers, most_wrong=len(answers) - 1,
                   teaches=[truth] if truth != "legal" else [])


@generator("attach")
def _attach(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    planted = deal.meld_cards(2 + difficulty, rules.groups_allowed)
    if planted is None:
        return None
    try:
        meld = bc.Meld.lay_down(tuple(planted), rules)
    except bc.IllegalMove:
        return None
    # Cards near the meld (the neighbours of its ends, its rank) make the wrong answers tempting.
    hand: list[bc.Card] = []
    for card in (deal.take(min(planted[-1].rank + 1, 13), planted[0].suit),
                 deal.take(max(planted[0].rank - 1, 1), planted[0].suit),
                 deal.take(planted[0].rank, rng.choice("SHDC"))):
        if card is not None:
            hand.append(card)
    hand += [deal.any() for _ in range(5 + difficulty - len(hand))]
    rng.shuffle(hand)
    answers = [f"attach 0 {_code([c])}" for c in hand]
    return settle("attach", seed, rules, difficulty, {"hand": _code(hand), "melds": [meld.table_code]},
                   answers, answers, distinct=True)


def _wild_run(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int,
              inside: bool | None) -> bc.Meld | None:
    cards = deal.run(3 + difficulty)
    wild = deal.wild()
    if cards is None or wild is None:
        return None
    if inside is None:
        inside = rng.random() < 0.5
    at = rng.randrange(1, len(cards) - 1) if inside else rng.choice((0, len(cards) - 1))
    cards[at] = wild
    try:
        meld = bc.Meld.lay_down(tuple(cards), rules)
    except bc.IllegalMove:
        return None
    return meld if meld.wild is not None and meld.kind == bc.RUN else None


@generator("stands-for", teaches=("run.gap",))
def _stands_for(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    meld = _wild_run(rng, deal, rules, difficulty, inside=True)
    if meld is None or meld.wild_stands_for is None:
        return None
    # Which card it stands for is the engine's: ask the check about every card of the suit.
    every = [_RANKS[rank] + meld.suit for rank in range(1, 14)]
    probe = draft("stands-for", seed, rules, difficulty, {"meld": meld.table_code}, every[0], [["?", None]], (),
                  probe=True)
    truth = next((code for code in every if probe.check(code).correct), None)
    if truth is None:
        return None
    at = every.index(truth)
    near = [every[i] for i in (at - 1, at + 1, at - 2, at + 2) if 0 <= i < len(every)]
    choices = [truth, *near[:1 + difficulty]]
    rng.shuffle(choices)
    return settle("stands-for", seed, rules, difficulty, {"meld": meld.table_code, "choices": choices},
                   choices, choices, most_wrong=len(choices) - 1)


@generator("free-or-bound", teaches=("wild.bound",))
def _free_or_bound(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    meld = _wild_run(rng, deal, rules, difficulty, inside=None)
    if meld is None:
        return None
    return settle("free-or-bound", seed, rules, difficulty, {"meld": meld.table_code},
                   ["free", "bound"], ["free", "bound"])


@generator("spot-burraco")
def _spot_burraco(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    cards = deal.run(rng.randint(5, 7 + difficulty))
    if cards is None:
        return None
    if rng.random() < 0.5:
        wild = deal.wild()
        if wild is not None:
            cards[rng.randrange(len(cards))] = wild
    try:
        meld = bc.Meld.lay_down(tuple(cards), rules)
    except bc.IllegalMove:
        return None
    answers = list(burraco_choices(rules))
    return settle("spot-burraco", seed, rules, difficulty, {"meld": meld.table_code}, answers, answers,
                   most_wrong=1 + difficulty)
