"""Seeded generators of the scoring and match kinds: count, count-score, victory-points,
match-verdict and predict-under-ruleset (lessons 10-12).

Each deals its cards with :class:`~lessons.curriculum.generators.Deal` and leaves every number and verdict
to the engine, through the exercise's own check (:func:`~lessons.curriculum.generators.settle`): the
solution is the engine's count (``score_side``, ``Meld.points``, ``victory_points``, ``Match``, the
same cards or the same turn under two rulesets), confirmed by check(); the wrong answers are the mistakes learners
make, made by perturbing the engine's own breakdown (a burraco bonus forgotten, a wild counted at
another card's value, the pozzetto penalty left out, the closing bonus given to a side that cannot
have closed, the winner's victory points read from the other table...), each refused by check()
with the line and the reason, or the rule it names.

Registered by one import in :mod:`lessons.curriculum.generators`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import burraco_core as bc
from burraco_core.cards import rank_code
from burraco_core.messages import Message

from ..checks import CurriculumError
from ..kinds import MATCH_ANSWERS, burraco_choices
from ..model import Exercise
from .base import Deal, draft, generator, settle


def _code(cards: Sequence[bc.Card]) -> str:
    return bc.format_cards(tuple(cards))


def _probe(kind: str, seed: int, rules: bc.Ruleset, difficulty: int, data: dict[str, Any],
           solution: Any = "?") -> Exercise | None:
    """The exercise as the kind reads it (what the engine says of its data), or None if it refuses it."""
    try:
        return draft(kind, seed, rules, difficulty, data, solution, [["?", None]], (), probe=True)
    except CurriculumError:
        return None


def _settle(kind: str, seed: int, rules: bc.Ruleset, difficulty: int, data: dict[str, Any],
            solutions: Sequence[Any], wrongs: Sequence[Any], most_wrong: int) -> Exercise | None:
    try:
        return settle(kind, seed, rules, difficulty, data, solutions, wrongs, most_wrong=most_wrong)
    except CurriculumError:
        return None


def _with_wild(rng: random.Random, deal: Deal, cards: list[bc.Card], inside: bool = True) -> list[bc.Card]:
    """The cards with one replaced by a wild (a joker or a 2; none left: unchanged)."""
    wild = deal.wild()
    if wild is None:
        return cards
    at = rng.randrange(1, len(cards) - 1) if inside and len(cards) > 2 else rng.choice((0, len(cards) - 1))
    deal.pool.append(cards[at])
    return [*cards[:at], wild, *cards[at + 1:]]


def _meld(rng: random.Random, deal: Deal, rules: bc.Ruleset, length: int, wild: bool,
          groups: bool = True) -> bc.Meld | None:
    cards = deal.meld_cards(length, groups and rules.groups_allowed)
    if cards is None:
        return None
    if wild:
        cards = _with_wild(rng, deal, cards, inside=rng.random() < 0.6)
    try:
        return bc.Meld.lay_down(tuple(cards), rules)
    except bc.IllegalMove:
        return None


def _side_melds(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> list[bc.Meld] | None:
    """A side's melds: more of them, longer, wilder and with burraco as the difficulty grows."""
    count = rng.randint(1, 2) if difficulty == 1 else rng.randint(2, 3) if difficulty == 2 else rng.randint(3, 4)
    burraco = 0 if difficulty == 1 else rng.randint(0, 1) if difficulty == 2 else rng.randint(1, 2)
    melds: list[bc.Meld] = []
    ranks: set[int] = set()   # a side has one group of a rank
    for i in range(count):
        length = rng.randint(7, 8 + difficulty) if i < burraco else rng.randint(3, 3 + difficulty)
        wild = rng.random() < (0.25, 0.5, 0.6)[difficulty - 1]
        meld = _meld(rng, deal, rules, length, wild, groups=i >= burraco)
        if meld is None:
            return None
        if meld.kind == bc.GROUP:
            if meld.rank in ranks:
                return None
            ranks.add(meld.rank)
        melds.append(meld)
    rng.shuffle(melds)
    return melds


def _stands_for_value(meld: bc.Meld, rules: bc.Ruleset) -> int:
    """The value of the natural card the meld's wild stands for (the engine's card values)."""
    if meld.kind == bc.GROUP:
        rank = meld.rank
    else:
        slot = meld.slots[meld.wild_index or 0]
        rank = slot if slot <= 13 else 1
    return rules.card_value(bc.parse_card(rank_code(rank) + "S"))


def _wild_slips(card: bc.Card, rules: bc.Ruleset, natural: int | None = None) -> list[int]:
    """How much a wild is miscounted by: at the value of the card it stands for, or of the other wild."""
    value = rules.card_value(card)
    others = [natural] if natural is not None else []
    others += [rules.two_value, rules.joker_value if rules.jokers else rules.two_value]
    return [other - value for other in others if other is not None and other != value]


def _bonus_slips(meld: bc.Meld, rules: bc.Ruleset) -> list[int]:
    """A burraco's bonus forgotten, or taken as another kind's (clean for dirty, and so on)."""
    bonus = meld.burraco_bonus
    kinds = [rules.clean_bonus, rules.dirty_bonus, rules.semi_clean_bonus, rules.royal_bonus]
    return [-bonus, *(other - bonus for other in kinds if other is not None and other != bonus)]


def _line_slips(line: bc.ScoreLine, meld: bc.Meld | None, rules: bc.Ruleset) -> list[int]:
    """The mistakes learners make on one line of the engine's breakdown (``meld``: the meld a meld or
    burraco line counts), as new values of the line."""
    points = line.points
    if line.key == "meld":
        slips: list[int] = []
        if meld is not None and meld.wild is not None:
            slips += [points + d for d in _wild_slips(meld.wild, rules, _stands_for_value(meld, rules))]
        if meld is not None and any(c.rank == 8 for c in meld.cards):   # the 8 counted as a low card
            slips.append(points - rules.high_value + rules.low_value)
        if meld is not None and any(c.rank == 1 for c in meld.cards):   # the ace counted as a ten
            slips.append(points - rules.ace_value + rules.high_value)
        return slips or [points + rules.low_value]
    if line.key == "burraco":
        return [points + d for d in _bonus_slips(meld, rules)] if meld is not None else [0]
    if line.key == "in-hand":
        slips = [-points]                       # a card in hand counted for the side
        for card in line.cards:
            if card.is_wild:
                slips += [points - d for d in _wild_slips(card, rules)]
                break
        return slips
    if line.key in ("closing", "no-pozzetto", "unused-pozzetto"):
        return [0, -points]                     # forgotten, or the sign turned
    return []


@generator("count-score")
def _count_score(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    melds = _side_melds(rng, deal, rules, difficulty)
    if melds is None:
        return None
    took = difficulty == 1 or rng.random() > 0.25
    closed = took and difficulty > 1 and any(m.burraco for m in melds) and rng.random() < 0.45
    unused = took and not closed and difficulty == 3 and rng.random() < (0.5 if rules.unused_pozzetto_penalty else 0.2)
    held = 0 if closed and rng.random() < 0.5 else rng.randint(1, 2 + 2 * difficulty)
    hand = [deal.any() for _ in range(held + (11 if unused else 0))]
    side = bc.SideCount(tuple(melds), tuple(hand), took_pozzetto=took, pozzetto_unused=unused)
    try:     # a side credited with closing must be one that could close (the engine says)
        bc.score_hand((side, bc.SideCount(())), rules, closed_by=0 if closed else None)
    except bc.IllegalMove:
        closed = False
    mode = "lines" if rng.random() < (0.7, 0.55, 0.45)[difficulty - 1] else "total"
    data = {"mode": mode, "count": {"melds": [m.table_code for m in melds], "in_hand": _code(hand),
                                    "closed": closed, "took_pozzetto": took, "pozzetto_unused": unused}}
    probe = _probe("count-score", seed, rules, difficulty, data)
    if probe is None:
        return None
    extra = probe.prepared.extra
    breakdown, claimed, facts = extra["breakdown"], extra["claim"], extra["facts"]
    claim_refused = False      # a side that did not close, and could not have: the closing bonus is a tempting slip
    if not facts["closed"]:
        try:
            bc.score_hand((bc.SideCount(probe.prepared.melds, probe.prepared.hand, took_pozzetto=facts["took_pozzetto"],
                                        pozzetto_unused=facts["pozzetto_unused"]), bc.SideCount(())),
                          rules, closed_by=0)
        except bc.IllegalMove:
            claim_refused = True
    lines = [line.points for line in breakdown.lines]
    counted = probe.prepared.melds
    by_line = [*counted, *(m for m in counted if m.burraco)]   # score_side's order: melds, then burraco
    slips = [(i, value) for i, line in enumerate(breakdown.lines)
             for value in _line_slips(line, by_line[i] if i < len(by_line) else None, rules)]
    rng.shuffle(slips)
    if mode == "lines":
        solution: Any = " ".join(map(str, lines))
        wrongs: list[Any] = [" ".join(map(str, [*lines[:i], value, *lines[i + 1:]])) for i, value in slips]
    else:
        solution = breakdown.total
        wrongs = [breakdown.total - lines[i] + value for i, value in slips]
        # the closing bonus given to this side when it did not close (or left out when it did)
        wrongs.insert(0 if claim_refused else rng.randrange(len(wrongs) + 1), claimed.total)
    return _settle("count-score", seed, rules, difficulty, data, [solution], wrongs, most_wrong=min(3, 1 + difficulty))


@generator("count")
def _count(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    """What a meld's cards are worth (``meld-points``): the bonus of a long one not included."""
    length = rng.randint(3, 4) if difficulty == 1 else rng.randint(4, 6) if difficulty == 2 else rng.randint(6, 9)
    meld = _meld(rng, deal, rules, length, wild=rng.random() < (0.4, 0.7, 0.8)[difficulty - 1])
    if meld is None:
        return None
    data = {"quantity": ["meld-points", meld.table_code]}
    probe = _probe("count", seed, rules, difficulty, data, 0)
    if probe is None:
        return None
    value = probe.prepared.value
    assert value is not None
    points = value(rules)
    wrongs: list[int] = []
    if meld.wild is not None:
        wrongs += [points + d for d in _wild_slips(meld.wild, rules, _stands_for_value(meld, rules))]
    if meld.burraco:
        wrongs.append(points + meld.burraco_bonus)    # the burraco bonus counted in the cards' points
    if any(c.rank == 8 for c in meld.cards):
        wrongs.append(points - rules.high_value + rules.low_value)
    if any(c.rank == 1 for c in meld.cards):
        wrongs.append(points - rules.ace_value + rules.high_value)
    rng.shuffle(wrongs)
    wrongs += [points + rules.low_value, points - rules.low_value]   # a card counted twice or left out
    ex = _settle("count", seed, rules, difficulty, data, [points], wrongs, most_wrong=2)
    # the count view shows no cards: the prompt names them (the worksheet draws them too)
    return None if ex is None else dataclasses.replace(ex, prompt=Message("gen.count.prompt", seed=seed,
                                                                           cards=meld.cards))


# -- victory points and the match ------------------------------------------------------------------

def _points(rng: random.Random, low: int, high: int) -> int:
    """A score as players write them: a multiple of 5."""
    return 5 * rng.randint(low // 5, high // 5)


def _vp(answer: tuple[int, int]) -> str:
    return f"{answer[0]}-{answer[1]}"


@generator("victory-points")
def _victory_points(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    hands = rng.choice(sorted(bc.VICTORY_POINT_TABLES))
    table = bc.VICTORY_POINT_TABLES[hands]
    # the difference: anywhere at first; then on or just past a band's edge, where the tables bite
    if difficulty == 1:
        difference = _points(rng, 0, table[-1][0] + 400)
    else:
        upper = rng.choice(table)[0]
        difference = max(0, upper + rng.choice((-10, -5, 0, 5, 10)))
    low = _points(rng, 150 * hands, 450 * hands)
    totals = [low + difference, low] if rng.random() < 0.5 else [low, low + difference]
    data: dict[str, Any] = {"hands": hands}
    if difficulty == 3:     # each hand's score: the learner adds them up first
        scores = [[_points(rng, -100, 800), _points(rng, -100, 800)] for _ in range(hands - 1)]
        last = [totals[s] - sum(row[s] for row in scores) for s in (0, 1)]
        data["scores"] = [*scores, last]
    else:
        data["match_points"] = totals
    probe = _probe("victory-points", seed, rules, difficulty, data)
    if probe is None:
        return None
    extra = probe.prepared.extra
    a, b = extra["points"]
    truth = extra["vp"]
    winner = 0 if truth[0] >= truth[1] else 1
    other = [h for h in bc.VICTORY_POINT_TABLES if h != hands][0]
    near = [(truth[0] + d, truth[1] - d) if winner == 0 else (truth[0] - d, truth[1] + d) for d in (1, -1)]
    wrongs = [_vp(bc.victory_points(a, b, other)),            # the table of the other match length
              _vp((truth[1], truth[0])),                     # the winner's share given to the loser
              *(_vp(v) for v in near if min(v) >= 0),        # the next band up or down
              f"{max(truth)}-{20 - max(truth) + 1}"]         # two numbers that do not make 20
    if "scores" in data:     # the last hand left out of the totals
        kept = data["scores"][:-1]
        wrongs.insert(0, _vp(bc.victory_points(sum(r[0] for r in kept), sum(r[1] for r in kept), hands)))
    rng.shuffle(wrongs)
    return _settle("victory-points", seed, rules, difficulty, data, [_vp(truth)], wrongs, most_wrong=2)


def _match_scores(rng: random.Random, rules: bc.Ruleset, difficulty: int) -> dict[str, Any]:
    """Hand scores of a game as long as the ruleset plays it; harder: close games, the end not yet."""
    if rules.game_length == "one-hand":
        a = _points(rng, -300, 1500)
        b = a if difficulty > 1 and rng.random() < 0.4 else _points(rng, -300, 1500)
        return {"scores": [[a, b]]}
    if rules.game_length == "match":
        hands = rng.choice((3, 4))
        played = hands - 1 if difficulty > 1 and rng.random() < 0.3 else hands
        spread = 900 if difficulty == 1 else 300
        scores = []
        for _ in range(played):
            a = _points(rng, 0, 1200)
            scores.append([a, max(-300, a + _points(rng, -spread, spread))])
        return {"hands": hands, "scores": scores}
    target = rules.target_score or 0
    scores, totals = [], [0, 0]
    goal = rng.randint(2, 4)
    for number in range(goal):
        last = number == goal - 1
        row = []
        for side in (0, 1):
            need = max(0, target - totals[side])
            if last and (side == 0 or difficulty == 3):   # the last hand takes one side (or both) past the target
                row.append(need + _points(rng, 0, 400))
            else:
                row.append(_points(rng, 0, max(5, (target - 200) // goal)))
        if last and difficulty > 1 and rng.random() < 0.3:      # not there yet
            row = [min(v, max(0, target - 50 - totals[s])) // 5 * 5 for s, v in enumerate(row)]
        if rng.random() < 0.5:
            row.reverse()
        totals = [totals[0] + row[0], totals[1] + row[1]]
        scores.append(row)
    return {"scores": scores}


@generator("match-verdict")
def _match_verdict(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    data = _match_scores(rng, rules, difficulty)
    answers = list(MATCH_ANSWERS)
    rng.shuffle(answers)
    ex = _settle("match-verdict", seed, rules, difficulty, data, answers, answers, most_wrong=1 + difficulty)
    # a one-hand game's tie goes to the side that played first (side 0, player 0): the prompt says which
    return None if ex is None else dataclasses.replace(ex, prompt=Message("gen.match-verdict.prompt", seed=seed,
                                                                           length=rules.game_length))


# -- the same cards under another ruleset (lesson 12) ------------------------------------------------

# The rules the built-in rulesets disagree on (and their look-alikes), offered beside the verdicts.
VARIANT_RULES = ("group.not-allowed", "card.no-jokers", "run.ace-to-ace", "run.duplicate-rank", "meld.one-wild",
                 "run.wrap-around")
TURN_RULES = ("pozzetto.no-al-volo", "turn.take-pozzetto", "close.by-meld", "close.needs-clean-burraco",
              "close.needs-burraco", "close.wild-discard")


def _predict_position(rng: random.Random, deal: Deal, rules: bc.Ruleset) -> dict[str, Any] | None:
    """A turn whose verdict may differ: laying down the whole hand (the pozzetto al volo, or not), or
    closing by a meld beside a burraco (clean or dirty), the opponent holding eleven cards."""
    hand = deal.run(rng.randint(3, 4))
    if hand is None:
        return None
    position: dict[str, Any] = {"hands": [_code(hand), ""], "phase": "play"}
    if rng.random() < 0.5:
        burraco = deal.run(rng.randint(7, 8))
        if burraco is None:
            return None
        if rng.random() < 0.5:
            burraco = _with_wild(rng, deal, burraco)
        try:
            meld = bc.Meld.lay_down(tuple(burraco), rules)
        except bc.IllegalMove:
            return None
        position.update(melds=[[meld.table_code], []], took_pozzetto=[True, False], turns_played=[1, 1])
    position["hands"][1] = _code([deal.any() for _ in range(11)])
    return {"position": position, "play": f"meld {_code(hand)}"}

def _predict_cards(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int) -> tuple[str, list[bc.Card]] | None:
    """Cards whose verdict (or burraco) may differ between rulesets: a group, a joker, a long run with
    a wild at an end or inside, a royal run, a run from ace to ace. ``ask`` is ``verdict`` or ``burraco``."""
    roll = rng.random()
    if difficulty == 1 or roll < 0.35:     # groups and jokers: not in pulito (dealt from any ruleset's decks)
        cards = deal.group(rng.randint(3, 4)) if rng.random() < 0.4 else deal.run(rng.randint(3, 4 + difficulty))
        if cards is not None and rng.random() < 0.6:
            cards = _with_wild(rng, deal, cards, inside=rng.random() < 0.5)
        return ("verdict", cards) if cards else None
    if roll < 0.75:           # seven naturals in a row and a wild: semi-clean here, dirty there
        cards = deal.run(rng.randint(8, 9))
        if cards is None:
            return None
        return "burraco", _with_wild(rng, deal, cards, inside=rng.random() < 0.5)
    base = deal.natural()
    run = [deal.take(rank, base.suit) for rank in (1, *range(2, 14))]
    if any(card is None for card in run):
        return None
    cards = [c for c in run if c is not None]
    if rng.random() < 0.5:
        ace = deal.take(1, base.suit)
        if ace is None:
            return None
        return "verdict", [*cards, ace]          # ace to ace: only pulito lays it down
    return "burraco", cards                      # all thirteen ranks, clean: royal in pulito


@generator("predict-under-ruleset")
def _predict(rng: random.Random, deal: Deal, rules: bc.Ruleset, difficulty: int, seed: int) -> Exercise | None:
    asked: dict[str, Any] | None
    spares: tuple[str, ...]
    if difficulty > 1 and rng.random() < 0.3:
        asked, ask, spares = _predict_position(rng, deal, rules), "verdict", TURN_RULES
    else:
        made = _predict_cards(rng, deal, rules, difficulty)
        # the cards in the order they lie on the table: the point is the ruleset, not the sorting
        asked, ask, spares = (None, "", ()) if made is None else ({"cards": _code(made[1])}, made[0], VARIANT_RULES)
    if asked is None:
        return None
    # the built-ins that are other rules and say their name otherwise (a house variant renamed from
    # the classic rules is compared with them too; one that kept their name would read the same)
    others = [r for r in bc.RULESETS.values() if r != rules and r.label != rules.label]
    rng.shuffle(others)
    for other in others:
        data: dict[str, Any] = {"other": other.id, **asked, "ask": ask}
        if ask == "verdict":
            data["choices"] = list(bc.RULE_IDS)
        probe = _probe("predict-under-ruleset", seed, rules, difficulty, data)
        if probe is None:
            continue
        extra = probe.prepared.extra
        first, truth = extra["first_verdict"], extra["other_verdict"]
        if first == truth:      # the point of the exercise: the verdict changes with the ruleset
            continue
        if ask == "verdict":
            named = [r for r in (truth, first) if r != "legal"]
            spare = [r for r in spares if r not in named]
            rng.shuffle(spare)
            data["choices"] = [*named, *spare[:difficulty]]
            rng.shuffle(data["choices"])
            answers = ["legal", *data["choices"]]
        else:
            answers = list(burraco_choices(other))
        # the likeliest slip first: the verdict of the ruleset the learner knows
        wrongs = [first, *(a for a in answers if a != first)]
        return _settle("predict-under-ruleset", seed, rules, difficulty, data, answers, wrongs,
                       most_wrong=1 + difficulty)
    return None
