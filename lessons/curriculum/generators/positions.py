"""Seeded generators for the kinds played on a table: position, why-not, pick-cards, guided-hand.

Each lays out a table from the cards a :class:`~lessons.curriculum.generators.Deal` hands out (your
hand, both sides' melds, the discard pile, whose pozzetto is taken, where the turn stands)
and lets ``Game.setup`` place the rest; a table it refuses (one no hand reaches, or a dead
one) is dealt again. A generator only proposes: candidate answers, built from the cards it
planted. Which one is the solution, which are wrong and for which rule, is what the
exercise's own check says (``settle``), so one scenario teaches different rules under
different rulesets (``italiano`` refuses the pozzetto al volo, ``pulito`` closes by melding
and wants a clean burraco, ...). A why-not's truth is ``Game.explain``; a guided hand's goals
are what a computer player reached in that deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message

from ..kinds import ALLOWED, refusal_rules
from ..model import Exercise
from .base import Deal, draft, generator, settle

Position = dict[str, Any]

# The rules of a turn, the pile, the pozzetto and closing: the conditions a why-not offers.
TURN_RULES = (
    "turn.draw-first", "turn.already-drawn", "turn.take-pozzetto", "pile.empty", "hand.not-held",
    "attach.no-such-meld", "side.second-group", "discard.single-pile-card", "pozzetto.hand-not-empty",
    "pozzetto.no-al-volo", "close.needs-burraco", "close.needs-clean-burraco", "close.wild-discard",
    "close.by-meld", "close.opponents-not-played", "close.no-discard-left",
)


def _code(cards: Sequence[bc.Card]) -> str:
    return bc.format_cards(tuple(cards))


def _game(rules: bc.Ruleset, position: Position) -> bc.Game | None:
    """The position as ``Game.setup`` builds it, or None when it refuses it (unreachable, dead)."""
    try:
        return bc.Game.setup(rules, **position)
    except bc.BurracoError:
        return None


# -- laying out a table ---------------------------------------------------------------------------

def _meld(deal: Deal, rules: bc.Ruleset, length: int, group: bool = False) -> bc.Meld | None:
    cards = deal.group(min(length, 4)) if group and rules.groups_allowed else deal.run(length)
    if cards is None:
        return None
    try:
        return bc.Meld.lay_down(tuple(cards), rules)
    except bc.IllegalMove:
        return None


def _melds(deal: Deal, rng: random.Random, rules: bc.Ruleset, count: int,
           taken: Sequence[bc.Meld] = ()) -> list[bc.Meld]:
    """Up to ``count`` short melds for one side (never two groups of one rank: no side owns those)."""
    ranks = {m.rank for m in taken if m.kind == bc.GROUP}
    out: list[bc.Meld] = []
    for _ in range(count):
        meld = _meld(deal, rules, rng.randint(3, 5), group=rng.random() < 0.35)
        if meld is None or (meld.kind == bc.GROUP and meld.rank in ranks):
            continue
        if meld.kind == bc.GROUP:
            ranks.add(meld.rank)
        out.append(meld)
    return out


def _burraco(deal: Deal, rng: random.Random, rules: bc.Ruleset) -> bc.Meld | None:
    """A run of seven or eight, clean or (sometimes) with a wild inside: what the engine calls it decides."""
    cards = deal.run(rng.randint(7, 8))
    if cards is None:
        return None
    if rng.random() < 0.3:
        wild = deal.wild()
        if wild is not None:
            cards.append(wild)
    try:
        meld = bc.Meld.lay_down(tuple(cards), rules)
    except bc.IllegalMove:
        return None
    return meld if meld.burraco else None


def _fitting(deal: Deal, meld: bc.Meld) -> bc.Card | None:
    """A card from the deal that should grow ``meld`` (a neighbour of a run's end, a group's rank)."""
    naturals = [c for c in meld.cards if not c.is_wild]
    if meld.kind == bc.GROUP:
        return deal.take(meld.rank, deal.rng.choice("SHDC"))
    low, high = naturals[0], naturals[-1]
    ends = [(low.rank - 1, low.suit)] if low.rank > 3 else []
    if high.rank not in (1, 13):
        ends.append((high.rank + 1, high.suit))
    elif high.rank == 13:
        ends.append((1, high.suit))
    deal.rng.shuffle(ends)
    for rank, suit in ends:
        card = deal.take(rank, suit)
        if card is not None:
            return card
    return None


def _others(deal: Deal, n: int, avoid: Sequence[bc.Card] = ()) -> list[bc.Card]:
    """``n`` more cards for a hand, none the twin of a card in ``avoid``."""
    faces = {c.face for c in avoid}
    out: list[bc.Card] = []
    while len(out) < n and deal.pool:
        card = deal.any()
        if card.face not in faces:
            out.append(card)
    return out


def _table(deal: Deal, rng: random.Random, hand: Sequence[bc.Card], own: Sequence[bc.Meld] = (),
           theirs: Sequence[bc.Meld] = (), pile: Sequence[bc.Card] = (), players: int = 2,
           turns: int | None = None, **turn: Any) -> Position:
    """Game.setup's keywords: your hand (player 0 unless ``current`` says so), the others' hands dealt."""
    current = turn.get("current", 0)
    hands = [_code(hand) if p == current else _code(_others(deal, rng.randint(5, 9))) for p in range(players)]
    position: Position = {
        "hands": hands,
        "melds": [[m.table_code for m in own], [m.table_code for m in theirs]],
        "discard_pile": _code(pile),
        "turns_played": [rng.randint(1, 8) if turns is None else turns] * players,
    }
    position.update(turn)
    return position


# -- position: take the right action --------------------------------------------------------------

@dataclass(frozen=True)
class _Plan:
    """A position to play, its goal (the prompt says it, the checks ask the engine) and candidate answers."""

    goal: Message
    position: Position
    checks: list[Any]
    solutions: list[str]
    wrongs: list[str]


PlanMaker = Callable[[random.Random, Deal, bc.Ruleset, int], "_Plan | None"]


def _take_pile(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> _Plan | None:
    """The pile's top card makes a meld with two of yours: take the pile, lay it down, discard."""
    meld = _meld(deal, rules, 3, group=rng.random() < 0.5)
    if meld is None:
        return None
    cards = list(meld.cards)
    key = cards.pop(rng.randrange(3))
    under = _others(deal, rng.randint(0, difficulty))
    hand = cards + _others(deal, 2 + difficulty, avoid=[key])
    rng.shuffle(hand)
    own = _melds(deal, rng, rules, rng.randint(0, difficulty - 1))
    theirs = _melds(deal, rng, rules, rng.randint(0, difficulty))
    position = _table(deal, rng, hand, own, theirs, pile=[*under, key])
    lay = f"meld {_code([*cards, key])}"
    spare = [c for c in hand if c not in cards]
    return _Plan(Message("gen.position.goal.take-pile"), position,
                 ["all", ["legal"], ["side-melds", 0, len(own) + 1], ["pile-size", 1], ["phase", "draw"]],
                 [f"take; {lay}; discard {c.code}" for c in [*spare, *under]],
                 [lay, f"draw; {lay}", f"take; discard {key.code}", f"take; {lay}",
                  f"draw; discard {spare[0].code}"])


def _draw_stock(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> _Plan | None:
    """Nothing on the pile helps: draw from the stock and discard."""
    pile = _others(deal, rng.randint(1, 1 + difficulty))
    hand = _others(deal, 4 + difficulty)
    own = _melds(deal, rng, rules, rng.randint(0, difficulty))
    theirs = _melds(deal, rng, rules, rng.randint(0, difficulty))
    position = _table(deal, rng, hand, own, theirs, pile=pile)
    return _Plan(Message("gen.position.goal.draw"), position,
                 ["all", ["legal"], ["pile-size", len(pile) + 1], ["phase", "draw"]],
                 [f"draw; discard {c.code}" for c in hand],
                 [f"discard {hand[0].code}", "draw; take", f"take; discard {pile[-1].code}",
                  f"take; discard {hand[-1].code}", "draw; draw"])


def _attach_own(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> _Plan | None:
    """Grow one of your side's melds; the opponents' melds are counted apart and are not yours."""
    own = _melds(deal, rng, rules, 1 + rng.randint(0, difficulty - 1))
    if not own:
        return None
    theirs = _melds(deal, rng, rules, len(own) + 1 + rng.randint(0, 1))
    card = _fitting(deal, rng.choice(own))
    if card is None:
        return None
    hand = [card, *_others(deal, 2 + difficulty)]
    rng.shuffle(hand)
    position = _table(deal, rng, hand, own, theirs, phase="play")
    return _Plan(Message("gen.position.goal.attach"), position,
                 ["all", ["legal"], ["hand-size", 0, len(hand) - 1], ["phase", "play"]],
                 [f"attach {i} {card.code}" for i in range(len(own))],
                 [*(f"attach {len(own) + i} {card.code}" for i in range(len(theirs))), f"discard {card.code}",
                  f"draw; attach 0 {card.code}"])


def _second_group(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> _Plan | None:
    """You hold two more cards of your group's rank: they go onto the group, not into a second one."""
    group = _meld(deal, rules, 3, group=True)
    if group is None or group.kind != bc.GROUP:
        return None
    more = [deal.take(group.rank, suit) for suit in rng.sample("SHDC", 4)]
    pair = [c for c in more if c is not None][:2]
    if len(pair) < 2:
        return None
    wild = deal.wild()
    own = [group, *_melds(deal, rng, rules, rng.randint(0, difficulty - 1), taken=[group])]
    rng.shuffle(own)
    at = own.index(group)
    hand = [*pair, *([wild] if wild else []), *_others(deal, 1 + difficulty, avoid=pair)]
    rng.shuffle(hand)
    theirs = _melds(deal, rng, rules, rng.randint(0, difficulty))
    position = _table(deal, rng, hand, own, theirs, phase="play")
    both = _code(pair)
    return _Plan(Message("gen.position.goal.second-group", rank=group.rank), position,
                 ["all", ["legal"], ["side-melds", 0, len(own)], ["hand-size", 0, len(hand) - 2]],
                 [f"attach {at} {both}"],
                 [f"meld {both} {wild.code}" if wild else f"meld {both}", f"meld {both}",
                  f"attach {len(own)} {both}", f"discard {pair[0].code}"])


def _pozzetto(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> _Plan | None:
    """Your last cards make a run: take the pozzetto (al volo, or with the last discard)."""
    run = deal.run(4 + rng.randint(0, min(difficulty, 2)))
    own = _melds(deal, rng, rules, 1 + rng.randint(0, difficulty))
    if run is None or not own:
        return None
    theirs = _melds(deal, rng, rules, rng.randint(0, difficulty))
    hand = list(run)
    rng.shuffle(hand)
    position = _table(deal, rng, hand, own, theirs, phase="play")
    game = _game(rules, position)
    if game is None:
        return None
    every = f"meld {_code(run)}"
    al_volo: list[str] = []
    try:   # what the pozzetto holds is the engine's: pick it up on a copy and look
        after = game.copy()
        after.apply(every)
        after.apply("pozzetto")
        al_volo = [f"{every}; pozzetto; discard {c.code}" for c in list(after.hands[0])[:3]]
    except bc.IllegalMove:
        pass
    con_scarto = [f"meld {_code(run[1:])}; discard {run[0].code}", f"meld {_code(run[:-1])}; discard {run[-1].code}"]
    solutions = al_volo + con_scarto if rng.random() < 0.5 else con_scarto + al_volo
    return _Plan(Message("gen.position.goal.pozzetto"), position,
                 ["all", ["legal"], ["took-pozzetto", 0], ["phase", "draw"]], solutions,
                 [every, f"{every}; draw", "pozzetto", f"meld {_code(run[:3])}; pozzetto", f"discard {run[0].code}"])


def _closing_table(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int
                   ) -> tuple[list[bc.Meld], bc.Card] | None:
    """Your side's melds with a burraco, and a card that grows one of them."""
    burraco = _burraco(deal, rng, rules)
    if burraco is None:
        return None
    own = [burraco, *_melds(deal, rng, rules, rng.randint(0, difficulty))]
    rng.shuffle(own)
    card = _fitting(deal, rng.choice(own))
    return (own, card) if card is not None else None


def _close(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> _Plan | None:
    """Two cards left, the pozzetto taken, a burraco on the table: close the hand."""
    laid = _closing_table(rng, deal, rules, difficulty)
    if laid is None:
        return None
    own, card = laid
    other = deal.wild() if rng.random() < 0.5 else _fitting(deal, rng.choice(own))
    hand = [card, other or deal.natural()]
    rng.shuffle(hand)
    theirs = _melds(deal, rng, rules, rng.randint(0, 1 + difficulty))
    position = _table(deal, rng, hand, own, theirs, phase="play", took_pozzetto=[True, False])
    # Only the melds the engine lets a card onto are named, so that the mistakes are about closing.
    candidates = [f"attach {i} {a.code}; discard {b.code}" for a, b in (hand, hand[::-1])
                  for i, meld in enumerate(own) if _grows(meld, (a,))]
    candidates += [f"attach {i} {_code(hand)}" for i, meld in enumerate(own) if _grows(meld, tuple(hand))]
    candidates += [f"discard {c.code}" for c in hand]
    rng.shuffle(candidates)
    return _Plan(Message("gen.position.goal.close"), position, ["all", ["legal"], ["result", "closed"]],
                 candidates, candidates)


def _pile_card(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> _Plan | None:
    """You took a one-card pile without holding its twin: end the turn with another discard."""
    card = deal.natural()
    rest = _others(deal, 2 + difficulty, avoid=[card])
    hand = [card, *rest]
    rng.shuffle(hand)
    own = _melds(deal, rng, rules, rng.randint(0, difficulty))
    theirs = _melds(deal, rng, rules, rng.randint(0, difficulty))
    position = _table(deal, rng, hand, own, theirs, phase="play", pile_card=card.code)
    return _Plan(Message("gen.position.goal.pile-card", card=card), position,
                 ["all", ["legal"], ["phase", "draw"]], [f"discard {c.code}" for c in rest],
                 [f"discard {card.code}", "draw", "pozzetto", f"attach {len(own)} {card.code}"])


POSITION_PLANS: tuple[PlanMaker, ...] = (_take_pile, _draw_stock, _attach_own, _second_group, _pozzetto,
                                         _close, _pile_card)


def _with_goal(ex: Exercise | None, key: str, seed: int, **params: Any) -> Exercise | None:
    return None if ex is None else replace(ex, prompt=Message(key, seed=seed, **params))


@generator("position")
def _position(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    plan = rng.choice(POSITION_PLANS)(rng, deal, rules, difficulty)
    if plan is None or _game(rules, plan.position) is None:
        return None
    wrongs = list(plan.wrongs)
    rng.shuffle(wrongs)     # which mistakes an exercise lists varies with the seed
    ex = settle("position", seed, rules, difficulty, {"position": plan.position}, plan.solutions, wrongs,
                most_wrong=1 + difficulty, distinct=True, checks=plan.checks)
    return _with_goal(ex, "gen.position.prompt", seed, goal=plan.goal)


# -- why-not: which condition stops this move? --------------------------------------------------------

Question = tuple[Position, str]
QuestionMaker = Callable[[random.Random, Deal, bc.Ruleset, int], "Question | None"]


def _q_before_drawing(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    hand = _others(deal, 4 + difficulty)
    own = _melds(deal, rng, rules, rng.randint(0, difficulty))
    position = _table(deal, rng, hand, own, _melds(deal, rng, rules, rng.randint(0, 2)),
                      pile=_others(deal, rng.randint(0, 2)))
    moves = [f"discard {rng.choice(hand).code}", "pozzetto"]
    if own:
        moves.append(f"attach 0 {rng.choice(hand).code}")
    return position, rng.choice(moves)


def _q_drawn_already(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    hand = _others(deal, 4 + difficulty)
    position = _table(deal, rng, hand, _melds(deal, rng, rules, rng.randint(0, difficulty)),
                      _melds(deal, rng, rules, rng.randint(0, 2)), pile=_others(deal, rng.randint(1, 3)),
                      phase="play")
    return position, rng.choice(["draw", "take", "pozzetto"])


def _q_empty_pile(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    hand = _others(deal, 4 + difficulty)
    position = _table(deal, rng, hand, _melds(deal, rng, rules, rng.randint(0, difficulty)),
                      _melds(deal, rng, rules, rng.randint(0, 2)))
    return position, "take"


def _q_pile_card(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    card = deal.natural()
    twin = deal.take(card.rank, card.suit) if rng.random() < 0.35 else None
    hand = [card, *([twin] if twin else []), *_others(deal, 2 + difficulty, avoid=[card])]
    rng.shuffle(hand)
    position = _table(deal, rng, hand, _melds(deal, rng, rules, rng.randint(0, difficulty)),
                      _melds(deal, rng, rules, rng.randint(0, 2)), phase="play", pile_card=card.code,
                      held_twin=twin is not None)
    return position, f"discard {card.code}"


def _q_pozzetto_phase(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    own = _melds(deal, rng, rules, 2 + rng.randint(0, difficulty))
    if not own:
        return None
    position = _table(deal, rng, [], own, _melds(deal, rng, rules, rng.randint(0, 2)),
                      pile=_others(deal, rng.randint(1, 3)), phase="pozzetto")
    return position, rng.choice(["draw", "take", f"discard {own[0].cards[0].code}"])


def _q_second_group(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    plan = _second_group(rng, deal, rules, difficulty)
    return None if plan is None else (plan.position, plan.wrongs[0])


def _q_not_yours(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    plan = _attach_own(rng, deal, rules, difficulty)
    return None if plan is None else (plan.position, plan.wrongs[0])


def _q_last_cards(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    """Lay down every card left while the pozzetto waits: al volo, or not in this ruleset."""
    run = deal.run(3 + rng.randint(0, 1))
    own = _melds(deal, rng, rules, 1 + rng.randint(0, difficulty))
    if run is None:
        return None
    position = _table(deal, rng, run, own, _melds(deal, rng, rules, rng.randint(0, 2)), phase="play")
    return position, f"meld {_code(run)}"


def _q_closing(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Question | None:
    """The pozzetto taken, one or two cards left: may this attach (or discard) end the hand?"""
    shape = rng.choice(("no-burraco", "wild-left", "last-card", "opponents"))
    if shape == "no-burraco":
        own = _melds(deal, rng, rules, 1 + rng.randint(0, difficulty))
        card = _fitting(deal, rng.choice(own)) if own else None
    else:
        laid = _closing_table(rng, deal, rules, difficulty)
        own, card = laid if laid is not None else ([], None)
    if card is None:
        return None
    at = next((i for i, m in enumerate(own) if _grows(m, (card,))), 0)
    hand = [card]
    if shape == "wild-left":
        wild = deal.wild()
        if wild is None:
            return None
        hand.append(wild)
    elif shape != "last-card":
        hand.append(deal.natural())
    # "opponents": four players, your partner's turn, and one opponent has not played yet
    turn: dict[str, Any] = {"current": 2, "turns_played": [1, 1, 0, 0]} if shape == "opponents" else {}
    position = _table(deal, rng, hand, own, _melds(deal, rng, rules, rng.randint(0, 2)),
                      players=4 if turn else 2, phase="play", took_pozzetto=[True, False], **turn)
    return position, f"attach {at} {card.code}"


def _grows(meld: bc.Meld, cards: tuple[bc.Card, ...]) -> bool:
    """Whether the engine lets ``cards`` onto ``meld`` (to name the meld they were dealt for)."""
    try:
        meld.attach(cards)
    except bc.IllegalMove:
        return False
    return True


WHY_NOT_QUESTIONS: tuple[QuestionMaker, ...] = (
    _q_before_drawing, _q_drawn_already, _q_empty_pile, _q_pile_card, _q_pozzetto_phase, _q_second_group,
    _q_not_yours, _q_last_cards, _q_closing, _q_closing)


@generator("why-not")
def _why_not(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    asked = rng.choice(WHY_NOT_QUESTIONS)(rng, deal, rules, difficulty)
    if asked is None:
        return None
    position, action = asked
    game = _game(rules, position)
    if game is None:
        return None
    said = refusal_rules(game.explain(action))   # the engine's verdict: a rule and the rules it names
    # The refusal itself or the reason it gives (closing: the last card could not go, because...).
    truth = said[-1] if len(said) == 1 or rng.random() < 0.7 else said[0]
    others = [r for r in TURN_RULES if r not in said]
    rng.shuffle(others)
    choices = [truth, *others[:1 + difficulty]]
    if truth != ALLOWED and rng.random() < 0.4:
        choices.append(ALLOWED)
    rng.shuffle(choices)
    return settle("why-not", seed, rules, difficulty, {"position": position, "action": action, "choices": choices},
                  choices, choices, most_wrong=len(choices) - 1, teaches=[r for r in said if r != ALLOWED])


# -- pick-cards: pick the cards a property holds for --------------------------------------------------

def _pick_test(rng: random.Random, hand: Sequence[bc.Card], rules: bc.Ruleset, difficulty: int
               ) -> tuple[list[Any], Message]:
    """A card test (lessons/curriculum/checks/) and the words that say it; the values are the engine's."""
    card = rng.choice(hand)
    value = rules.card_value(card)
    simple: list[tuple[list[Any], Message]] = [
        (["wild"], Message("gen.pick-cards.what.wild")),
        (["natural"], Message("gen.pick-cards.what.natural")),
        (["value", value], Message("gen.pick-cards.what.value", value=value)),
        (["suit", card.suit or "H"], Message("gen.pick-cards.what.suit", suit=card.suit or "H")),
        (["two"], Message("gen.pick-cards.what.two")),
    ]
    if rules.jokers:
        simple.append((["joker"], Message("gen.pick-cards.what.joker")))
    if difficulty == 1:
        return rng.choice(simple)
    other = rules.card_value(rng.choice(hand))
    suit = rng.choice([c.suit for c in hand if c.suit] or ["H"])
    harder: list[tuple[list[Any], Message]] = [
        (["all", ["suit", suit], ["not", ["wild"]]], Message("gen.pick-cards.what.suit-natural", suit=suit)),
        (["all", ["suit", suit], ["value", value]], Message("gen.pick-cards.what.suit-value", suit=suit, value=value)),
    ]
    if other != value:
        harder.append((["any", ["value", value], ["value", other]],
                       Message("gen.pick-cards.what.values", value=min(value, other), other=max(value, other))))
    if difficulty == 3:
        harder.append((["all", ["natural"], ["value", value]], Message("gen.pick-cards.what.natural-value",
                                                                       value=value)))
    return rng.choice(harder + simple[:2])


@generator("pick-cards")
def _pick_cards(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    hand = [deal.any() for _ in range(5 + 2 * difficulty)]
    if rng.random() < 0.6:
        wild = deal.wild()
        if wild is not None:
            hand.insert(rng.randrange(len(hand) + 1), wild)
    test, what = _pick_test(rng, hand, rules, difficulty)
    data = {"hand": _code(hand), "pick": test}
    probe = draft("pick-cards", seed, rules, difficulty, data, hand[0].code, [["?", None]], (), probe=True)
    wanted = list(probe.attempt(hand[0].code).expected)   # the cards the engine says the test holds for
    rest = [c for c in hand if c not in wanted]
    if not wanted or not rest:
        return None
    rng.shuffle(rest)
    # the tempting mistakes: one card too few, and one too many (a neighbour in value or suit)
    wrongs = [_code(wanted[:-1]) if len(wanted) > 1 else _code(rest[:1]), _code([*wanted, rest[0]]),
              _code([*wanted[1:], rest[-1]])]
    ex = settle("pick-cards", seed, rules, difficulty, data, [_code(wanted)], wrongs, most_wrong=2)
    return _with_goal(ex, "gen.pick-cards.prompt", seed, what=what)


# -- guided-hand: a seeded deal, goals a computer player reached in it ---------------------------------

_GUIDED_TURNS = 8


def _extension(deal: Deal, run: Sequence[bc.Card], count: int) -> list[bc.Card]:
    """Up to ``count`` cards of the run's suit that continue it upwards (else downwards)."""
    suit = run[0].suit
    out: list[bc.Card] = []
    up = [r for r in range(run[-1].rank + 1, 14)] + ([1] if run[-1].rank == 13 else [])
    for rank in up[:count]:
        card = deal.take(rank, suit)
        if card is None:
            break
        out.append(card)
    for rank in range(run[0].rank - 1, 2, -1):
        if len(out) == count:
            break
        card = deal.take(rank, suit)
        if card is None:
            break
        out.append(card)
    return out


def _eleven(deal: Deal, rules: bc.Ruleset, start: Sequence[bc.Card], lengths: Sequence[int],
            melded: int) -> list[bc.Card] | None:
    """Eleven cards: ``start`` and the cards of melds of these ``lengths`` (runs, or groups where the
    rules allow them), at most ``melded`` of those, then other cards; None when the deal runs short."""
    cards = list(start)
    for length in lengths:
        meld = deal.meld_cards(length, rules.groups_allowed)
        if meld is None:
            return None
        cards += meld
    return cards[:melded] + _others(deal, 11 - min(len(cards), melded))


def _guided_deal(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> Position | None:
    """Two players. Your hand holds melds to find; your pozzetto the cards that grow the first run
    to a burraco and two melds more (what a computer player makes of it decides the goals)."""
    first = deal.run(rng.randint(4, 5))
    if first is None:
        return None
    hand = _eleven(deal, rules, first, (3, 3), melded=10)      # a card left over to discard
    if hand is None:
        return None
    pozzetto = _eleven(deal, rules, _extension(deal, first, 7 - len(first) + rng.randint(0, 1)), (3, 4), melded=11)
    if pozzetto is None:
        return None
    rng.shuffle(hand)
    rng.shuffle(pozzetto)
    theirs = _others(deal, 11)
    rest = list(deal.pool)
    rng.shuffle(rest)
    return {"hands": [_code(hand), _code(theirs)], "discard_pile": rest[0].code,
            "pozzetti": [_code(pozzetto), _code(rest[1:12])], "seed": rng.randrange(1000)}


def _guided_play(rules: bc.Ruleset, position: Position) -> list[tuple[str, bc.Game]] | None:
    """The learner's seat played by the engine's GreedyBot against the patient opponents: each
    action with the game after it (and the computer's moves)."""
    from ..guided import make_session

    session = make_session(rules, position)
    bot = bc.GreedyBot(position["seed"])
    played: list[tuple[str, bc.Game]] = []
    session.run_bots()
    turns = 0
    while session.waiting == "human" and turns < _GUIDED_TURNS:
        game = session.game
        action = bot.choose(game)
        try:
            session.play(action)
        except bc.IllegalMove:
            return None
        session.run_bots()
        played.append((str(action), session.game.copy()))
        turns += isinstance(action, bc.Discard) or session.game.is_over
    return played


GUIDED_GOALS: tuple[tuple[str, list[Any], Callable[[bc.Game], bool]], ...] = (
    # the goal's text, its check (lessons/curriculum/checks/), and how to read it off a game to pick the goals
    ("gen.guided-hand.goal.meld", ["side-melds-at-least", 0, 1], lambda g: len(g.melds[0]) >= 1),
    ("gen.guided-hand.goal.three-melds", ["side-melds-at-least", 0, 3], lambda g: len(g.melds[0]) >= 3),
    ("gen.guided-hand.goal.pozzetto", ["took-pozzetto", 0], lambda g: g.took_pozzetto[0]),
    ("gen.guided-hand.goal.close", ["result", "closed"],
     lambda g: g.result is not None and g.result.closed and g.result.side == 0),
)
GUIDED_CHECKS = {key: holds for key, _, holds in GUIDED_GOALS}


@generator("guided-hand")
def _guided_hand(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    position = _guided_deal(rng, deal, rules, difficulty)
    if position is None or _game(rules, position) is None:
        return None
    played = _guided_play(rules, position)
    if not played:
        return None
    goals: list[dict[str, Any]] = []
    until = 0
    for key, check, holds in GUIDED_GOALS:
        reached = next((i for i, (_, game) in enumerate(played) if holds(game)), None)
        if reached is None or reached < until:
            continue
        goals.append({"text": key, "check": check})
        until = reached
    if len(goals) < min(1 + difficulty, 3):
        return None
    goals = goals[:1 + difficulty]
    last = next(i for i, (_, game) in enumerate(played) if GUIDED_CHECKS[goals[-1]["text"]](game))
    actions = [text for text, _ in played[:last + 1]]
    solution = "; ".join(actions)
    first_goal = next(i for i, (_, game) in enumerate(played) if GUIDED_CHECKS[goals[0]["text"]](game))
    lay = next((a for a in actions if a.startswith(("meld", "attach"))), actions[-1])
    wrongs = [lay, "draw; draw", "; ".join(actions[:first_goal + 1]), f"{solution}; draw",
              "; ".join([*actions[:1], "pozzetto"])]
    data = {"position": position, "goals": goals}
    return settle("guided-hand", seed, rules, difficulty, data, [solution], wrongs, most_wrong=2 + difficulty,
                  distinct=True)


__all__ = ["GUIDED_GOALS", "POSITION_PLANS", "TURN_RULES", "WHY_NOT_QUESTIONS"]
