"""Golden playthroughs, in the manner of OpenSpiel's: whole seeded hands written out as text.

Each file ``tests/playthroughs/<ruleset>-<players>p-seed<seed>.txt`` is one hand dealt
from its seed and played to its end by greedy bots (``GreedyBot(seed + player)``). For
every step it records the position (whose turn, the phase, the hand), every legal action,
the hints, a few refused actions with their rule id and message, the action chosen and
its narration; at the end, how the hand ended and each side's score breakdown.
``tests/test_playthroughs.py`` compares each file exactly with a fresh run, so any change
in the rules, the bots, the hints or the messages shows up as a diff to review.

When a change is intended, regenerate the files and review the diff::

    .venv/bin/python -m tests.playthroughs --update      # rewrite every file
    .venv/bin/python -m tests.playthroughs               # compare only (exit status 1 on a difference)
    BURRACO_UPDATE_PLAYTHROUGHS=1 .venv/bin/python -m pytest tests/test_playthroughs.py

The refused actions are sampled from a fixed pool with a generator seeded by the hand and
the step, so the files are the same on every machine and every run.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import burraco_core as bc
from burraco_core.actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto

FOLDER = Path(__file__).resolve().parent
UPDATE_ENV = "BURRACO_UPDATE_PLAYTHROUGHS"
REFUSALS_PER_STEP = 3
"""At most this many refused actions are shown per step (tried from a sampled pool)."""
MAX_TRIES = 12


@dataclass(frozen=True)
class Hand:
    """One golden playthrough: a ruleset, the number of players and the deal's seed."""

    rules: str
    players: int
    seed: int

    @property
    def name(self) -> str:
        return f"{self.rules}-{self.players}p-seed{self.seed}"

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"


# Two hands per ruleset, two and four players, with seeds chosen so that the hands close and
# run out of stock, and take the pozzetto both ways (al volo twice in classic-2p-seed5).
HANDS: tuple[Hand, ...] = tuple(
    Hand(rules, players, seed)
    for rules, seeds in (("classic", (5, 2)), ("italiano", (3, 4)), ("buraco", (6, 9)), ("pulito", (17, 12)))
    for players, seed in zip((2, 4), seeds, strict=True)
)


def _cards(cards: object) -> str:
    return " ".join(c.code for c in sorted(cards))  # type: ignore[attr-defined]


def _table(game: bc.Game) -> Iterator[str]:
    for side, melds in enumerate(game.melds):
        for index, meld in enumerate(melds):
            kind = f", {meld.burraco} burraco" if meld.burraco else ""
            yield f"  side {side} meld {index}: {meld.table_code}{kind}"


def _candidates(game: bc.Game, rng: random.Random) -> Iterator[Action]:
    """Actions to try for a refusal: plays the hand might attempt, and one of the wrong phase's."""
    hand = sorted(set(game.hands[game.current_player]), key=lambda c: c._key)
    own = game.melds[game.side_of(game.current_player)]
    wrong_phase: list[Action] = [Draw(), TakePile(), TakePozzetto()]
    if hand:
        wrong_phase.append(Attach(len(own), (hand[0],)))
    for turn in range(MAX_TRIES):
        if turn == MAX_TRIES // 2 or not hand:
            yield rng.choice(wrong_phase)
            if not hand:
                return
        roll = rng.random()
        if roll < 0.4 and own:
            yield Attach(rng.randrange(len(own)), (rng.choice(hand),))
        elif roll < 0.85 and len(hand) >= 3:
            size = 3 if len(hand) < 4 or rng.random() < 0.7 else 4
            yield LayDown(tuple(sorted(rng.sample(hand, size), key=lambda c: c._key)))
        else:
            yield Discard(rng.choice(hand))


def _refusals(game: bc.Game, hand: Hand, step: int) -> Iterator[str]:
    rng = random.Random(f"playthrough:{hand.name}:{step}")
    shown: set[str] = set()
    rules_seen: set[str] = set()
    for action in itertools.islice(_candidates(game, rng), MAX_TRIES):
        text = str(action)
        if text in shown:
            continue
        shown.add(text)
        err = game.explain(action)
        if err is None or err.rule in rules_seen:
            continue
        rules_seen.add(err.rule)
        yield f"  refused: {text} | {err.rule} | {err}"
        if len(rules_seen) >= REFUSALS_PER_STEP:
            return


def playthrough(hand: Hand) -> str:
    """The golden text of one hand (the same on every run)."""
    game = bc.Game.new(hand.rules, hand.players, seed=hand.seed)
    bots = [bc.GreedyBot(hand.seed + p) for p in range(hand.players)]
    out = [
        f"# Golden playthrough {hand.name}: ruleset {hand.rules}, {hand.players} players, deal seed {hand.seed},",
        "# GreedyBot(seed + player) for every player. Regenerate: python -m tests.playthroughs --update",
        "",
        "deal",
    ]
    out += [f"  hand {p}: {_cards(h)}" for p, h in enumerate(game.hands)]
    out.append(f"  discard pile: {' '.join(c.code for c in game.discard_pile)}")
    out.append(f"  stock: {len(game.stock)} cards; pozzetti: {', '.join(str(len(p)) for p in game.pozzetti)}")
    step = 0
    while not game.is_over:
        step += 1
        if step > bc.bots.MAX_ACTIONS:
            raise bc.BurracoError(f"{hand.name} did not end within {bc.bots.MAX_ACTIONS} actions")
        player = game.current_player
        out.append("")
        out.append(f"{step}. {game!r}")
        if game.phase == "draw":
            out += list(_table(game))
            out.append(f"  discard pile: {' '.join(c.code for c in game.discard_pile) or '(empty)'}")
        out.append(f"  hand: {_cards(game.hands[player])}")
        legal = game.legal_actions()
        out.append(f"  legal ({len(legal)}): {', '.join(map(str, legal))}")
        out += [f"  hint: {h.action} | {h.text()}" for h in bc.hints(game)]
        out += list(_refusals(game, hand, step))
        action = bots[player].choose(game)
        before = game.copy()
        game.apply(action)
        out.append(f"  > {action}: {bc.narrate(action, player, before, game)}")
    out.append("")
    out.append(f"over: {game.result!r} after {step} actions")
    out += list(_table(game))
    refusal = game.explain(Draw())
    assert refusal is not None
    out.append(f"  refused: draw | {refusal.rule} | {refusal}")
    for side, breakdown in enumerate(game.score()):
        out.append("")
        out.append(f"score, side {side}:")
        out += [f"  {line}" for line in breakdown.as_text().splitlines()]
    return "\n".join(out) + "\n"


def differences(update: bool = False) -> list[str]:
    """The names of the hands whose file differs from a fresh run (rewritten when ``update``)."""
    changed = []
    for hand in HANDS:
        text = playthrough(hand)
        old = hand.path.read_text(encoding="utf-8") if hand.path.exists() else None
        if old != text:
            changed.append(hand.name)
            if update:
                hand.path.write_text(text, encoding="utf-8")
    return changed
