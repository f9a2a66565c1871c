"""How fast the engine judges melds, and how long ``import burraco_core`` takes.

A fixed, seeded corpus of 3-9 card melds (about half of them made illegal by
perturbing legal ones: a card swapped, added or dropped) is judged with
``Meld.lay_down`` inside ``try/except IllegalMove``, the way the lessons call
it on every click. Attaching is measured the same way on legal melds with 1-2
cards near their ends. Each figure is the median over the corpus of the
per-call time of one item; an item's time is its best of 5 passes over the
whole corpus (20 calls each time), which keeps bursts of other processes on
a shared machine out of the figure.
The "calibration" line times a fixed bit of plain Python, to compare
figures taken on different machines.

Run: ``.venv/bin/python benchmarks/bench_melds.py`` (or ``scripts/bench.sh``).
Targets are printed beside the figures, not asserted.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import burraco_core as bc  # noqa: E402
from burraco_core import Card, IllegalMove, Meld  # noqa: E402

SEED = 20240611
CORPUS_SIZE = 2000
REPEAT = 20  # calls per timing of an item
PASSES = 5  # passes over the corpus; each item's best pass counts
SUITS = ("S", "H", "D", "C")
RULES = bc.ruleset("classic")

TARGET_LAY_DOWN_US = 5.0
TARGET_ATTACH_US = 10.0
TARGET_IMPORT_MS = 30.0


def random_card(rng: random.Random) -> Card:
    if rng.random() < 0.08:
        return Card(0, "", rng.randint(0, 1))
    return Card(rng.randint(1, 13), rng.choice(SUITS), rng.randint(0, 1))


def wild(rng: random.Random) -> Card:
    if rng.random() < 0.4:
        return Card(0, "", rng.randint(0, 1))
    return Card(2, rng.choice(SUITS), rng.randint(0, 1))


def legal_cards(rng: random.Random, size: int) -> list[Card]:
    """A legal meld of ``size`` cards (3-9): a run or a group, often with one wild."""
    with_wild = rng.random() < 0.5
    naturals = size - with_wild
    if rng.random() < 0.6:
        suit = rng.choice(SUITS)
        low = rng.randint(1, 14 - size + 1)
        slots = list(range(low, low + size))
        cards = [Card(1 if s == 14 else s, suit, rng.randint(0, 1)) for s in slots]
        if with_wild:
            cards[rng.randrange(size)] = wild(rng)
    else:
        rank = rng.choice([1] + list(range(3, 14)))
        copies = [Card(rank, s, d) for s in SUITS for d in (0, 1)]
        cards = rng.sample(copies, min(naturals, 8))
        if with_wild or len(cards) < size:
            cards.append(wild(rng))
    rng.shuffle(cards)
    return cards


def perturbed(rng: random.Random, cards: list[Card]) -> list[Card]:
    cards = list(cards)
    action = rng.choice(("swap", "swap", "add", "drop", "wild"))
    if action == "swap":
        cards[rng.randrange(len(cards))] = random_card(rng)
    elif action == "add" and len(cards) < 9:
        cards.insert(rng.randrange(len(cards) + 1), random_card(rng))
    elif action == "drop":
        cards.pop(rng.randrange(len(cards)))
    else:
        cards.append(wild(rng))
    return cards


def lay_down_corpus() -> list[tuple[Card, ...]]:
    """Even items legal, odd items perturbed until illegal (a few perturbations stay legal)."""
    rng = random.Random(SEED)
    corpus = []
    for i in range(CORPUS_SIZE):
        cards = legal_cards(rng, rng.randint(3, 9))
        if i % 2:
            for _ in range(4):
                cards = perturbed(rng, cards)
                if not lay_down_check(tuple(cards)):
                    break
        corpus.append(tuple(cards))
    return corpus


def attach_corpus() -> list[tuple[Meld, tuple[Card, ...]]]:
    """Legal melds of 3-8 cards with 1-2 cards: even items mostly legal (the next cards of a
    run, unused copies for a group, or a wild), odd items mostly not (a random card, a card
    already there, a second wild, a card beyond a gap)."""
    rng = random.Random(SEED + 1)
    corpus: list[tuple[Meld, tuple[Card, ...]]] = []
    while len(corpus) < CORPUS_SIZE:
        try:
            meld = Meld.lay_down(tuple(legal_cards(rng, rng.randint(3, 8))), RULES)
        except IllegalMove:
            continue
        if len(corpus) % 2 == 0:
            if meld.kind == bc.RUN:
                lo, hi = meld.low, meld.low + len(meld) - 1
                ends = [s for s in (lo - 1, hi + 1) if 1 <= s <= 14]
                if meld.wild is not None and rng.random() < 0.3:
                    ends.append(meld.low + meld.wild_index)  # the card the wild stands for
                pool = [Card(1 if s == 14 else s, meld.suit, rng.randint(0, 1)) for s in ends]
            else:
                used = set(meld.cards)
                pool = [c for c in (Card(meld.rank, s, d) for s in SUITS for d in (0, 1)) if c not in used]
            new = rng.sample(pool, min(len(pool), rng.randint(1, 2)))
            if not new or (meld.wild is None and rng.random() < 0.2):
                new.append(wild(rng))
        else:
            choice = rng.random()
            if choice < 0.4:
                new = [random_card(rng)]
            elif choice < 0.6:
                new = [rng.choice(meld.naturals), random_card(rng)]
            elif choice < 0.8:
                new = [wild(rng), wild(rng)]
            elif meld.kind == bc.RUN:
                beyond = meld.low + len(meld) + 1
                new = [Card(1 if beyond >= 14 else beyond, meld.suit, 0)]
            else:
                new = [random_card(rng), wild(rng)]
        corpus.append((meld, tuple(new)))
    return corpus


def lay_down_check(cards: tuple[Card, ...]) -> bool:
    try:
        Meld.lay_down(cards, RULES)
    except IllegalMove:
        return False
    return True


def attach_check(meld: Meld, cards: tuple[Card, ...]) -> bool:
    try:
        meld.attach(cards)
    except IllegalMove:
        return False
    return True


def per_call_us(call, *args) -> float:
    clock = time.perf_counter
    start = clock()
    for _ in range(REPEAT):
        call(*args)
    return (clock() - start) / REPEAT * 1e6


def calibration_us() -> float:
    """Best of 5: building a 9-item list of (int, str) pairs and sorting it, per call."""
    items = [(n * 7 % 13, "SHDC"[n % 4]) for n in range(9)]

    def work() -> None:
        sorted([(rank, suit) for rank, suit in items])

    return min(per_call_us(work) for _ in range(PASSES * 20))


def measure(label: str, items: list, call, unit: str, target: float) -> None:
    illegal = sum(not call(*item) for item in items)
    for item in items[:200]:  # warm up
        call(*item)
    times = [per_call_us(call, *item) for item in items]
    for _ in range(PASSES - 1):
        times = [min(best, per_call_us(call, *item)) for best, item in zip(times, items, strict=True)]
    median = statistics.median(times)
    rate = len(items) / (sum(times) / 1e6)
    verdict = "ok" if median <= target else "ABOVE TARGET"
    print(f"{label}: median {median:.1f} µs ({rate:,.0f}/s) on {len(items)} {unit} "
          f"({illegal} illegal)   target ≤ {target:g} µs: {verdict}")


IMPORT_CODE = ("import time; t = time.perf_counter(); import burraco_core; "
               "print((time.perf_counter() - t) * 1000)")


def import_time_ms(runs: int, cached_bytecode: bool) -> float:
    """Median time of ``import burraco_core`` in fresh interpreters.

    With ``cached_bytecode`` the modules' bytecode is compiled once beforehand
    into a private cache directory (what an installed package or a second run
    gets); without it every run compiles the sources, as with
    PYTHONDONTWRITEBYTECODE=1 (some containers and CI runners set it).
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as cache:
        env["PYTHONPYCACHEPREFIX"] = cache
        if not cached_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        samples = []
        for i in range(runs + cached_bytecode):
            out = subprocess.run([sys.executable, "-c", IMPORT_CODE], cwd=ROOT, env=env,
                                 capture_output=True, text=True, check=True)
            if cached_bytecode and i == 0:
                continue  # this run compiled and wrote the bytecode
            samples.append(float(out.stdout.strip()))
    return statistics.median(samples)


def import_breakdown_ms(runs: int) -> tuple[dict[str, float], float]:
    """From ``-X importtime`` with cached bytecode: each burraco_core module's own time, and the total."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    own: dict[str, list[float]] = {}
    totals = []
    with tempfile.TemporaryDirectory() as cache:
        env["PYTHONPYCACHEPREFIX"] = cache
        for i in range(runs + 1):
            out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import burraco_core"],
                                 cwd=ROOT, env=env, capture_output=True, text=True, check=True)
            if i == 0:
                continue  # this run compiled and wrote the bytecode
            for line in out.stderr.splitlines():
                parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
                if len(parts) != 3 or not parts[0].isdigit():
                    continue  # the header line
                name = parts[2]
                if name == "burraco_core" or name.startswith("burraco_core."):
                    own.setdefault(name, []).append(int(parts[0]) / 1000)
                if name == "burraco_core":
                    totals.append(int(parts[1]) / 1000)
    return {name: statistics.median(v) for name, v in own.items()}, statistics.median(totals)


def main() -> None:
    print(f"Python {sys.version.split()[0]}, burraco_core {bc.__version__}, ruleset {RULES.id}, "
          f"seed {SEED}, best of {PASSES} passes of {REPEAT} calls per item")
    print(f"calibration: {calibration_us():.2f} µs to build and sort a list of 9 pairs")
    measure("lay-down check", [(c,) for c in lay_down_corpus()], lay_down_check, "melds",
            TARGET_LAY_DOWN_US)
    measure("attach check", attach_corpus(), attach_check, "attaches", TARGET_ATTACH_US)
    runs = 7
    warm = import_time_ms(runs, cached_bytecode=True)
    verdict = "ok" if warm < TARGET_IMPORT_MS else "ABOVE TARGET"
    print(f"import burraco_core: median {warm:.1f} ms over {runs} fresh interpreters "
          f"(bytecode cached)   target < {TARGET_IMPORT_MS:g} ms: {verdict}")
    modules, total = import_breakdown_ms(runs)
    own = sum(modules.values())
    print(f"  python -X importtime (median of {runs}): {total:.1f} ms in all, of which "
          f"burraco_core's modules {own:.1f} ms and the standard library modules they pull in "
          f"{total - own:.1f} ms")
    slowest = sorted(modules.items(), key=lambda kv: -kv[1])
    print("  burraco_core modules: " + ", ".join(f"{name.removeprefix('burraco_core.')} {ms:.1f}"
                                                  for name, ms in slowest) + " (ms)")
    cold = import_time_ms(runs, cached_bytecode=False)
    print(f"  compiling from source every time (PYTHONDONTWRITEBYTECODE=1): median {cold:.1f} ms")


if __name__ == "__main__":
    main()
