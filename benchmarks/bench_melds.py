"""How fast the engine judges melds, and how long ``import burraco_core`` takes.

A fixed, seeded corpus of 2,000 melds of 3-9 cards (about half of them made
illegal by perturbing legal ones: a card swapped, added or dropped) is judged
three ways, each a pass over the whole corpus, one call per item:

* ``Meld.is_legal(cards, rules)``, the verdict alone;
* ``Meld.lay_down`` inside ``try/except IllegalMove``, the way the lessons call it;
* ``meld.attach`` inside ``try/except`` on 2,000 legal melds with 1-2 cards near
  their ends (about half of them refused).

Each figure is checks per second in the best of several passes, in CPU time of
this process (the target's measure: other programs on a shared machine slow it
down far less than the wall clock), with the best and the slowest pass by the
wall clock beside it to show the spread. Nothing is
remembered between calls, so repeating the corpus measures the work each time.
The "calibration" line times a fixed bit of plain Python, to compare figures
taken on different machines.

Run: ``.venv/bin/python benchmarks/bench_melds.py`` (or ``scripts/bench.sh``);
``--compare REV`` measures the engine of a git revision first (for example
``--compare main``), in a fresh interpreter, so before and after come from one
run; ``--checks-only`` skips the import timings. Targets are printed beside the
figures, not asserted.

``--peer PATH`` times ours side by side with a peer engine on Node (``benchmarks/bench_peer.mjs``):
PATH is a local copy of mfarroni/BURRACO (its root, or ``BE_Burraco/src/engine/meld.ts``, compiled
here by a pinned ``typescript`` that ``scripts/node_tools.sh bench`` installs into build/, or that
file already compiled to JavaScript). Its ``interpretMeld`` must give our verdict on every item of
the corpus first (but a few with the same card twice, which no hand holds: we refuse them, it does not look); then each side gets 1 s of warm-up and 3 rounds of 3 s: ``Meld.is_legal`` and
``Meld.lay_down`` against ``interpretMeld`` (which judges and arranges), and the ratios are printed.
The peer's code carries no licence, so it is never part of this repository: ``--peer`` without a
PATH says so and times our side alone.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# BENCH_ENGINE_ROOT: import burraco_core from there instead (how --compare runs an older engine)
sys.path.insert(0, os.environ.get("BENCH_ENGINE_ROOT", str(ROOT)))

import burraco_core as bc  # noqa: E402
from burraco_core import Card, IllegalMove, Meld  # noqa: E402

SEED = 20240611
CORPUS_SIZE = 2000
PASSES = 15  # passes over the corpus; the best one counts
SUITS = ("S", "H", "D", "C")
RULES = bc.ruleset("classic")

TARGET_IS_LEGAL = 450_000  # checks a second (issue 7: level with the fastest engine measured)
TARGET_LAY_DOWN = 250_000
TARGET_ATTACH = 150_000
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


def calibration_us() -> float:
    """Best of 100: building a 9-item list of (int, str) pairs and sorting it, per call."""
    items = [(n * 7 % 13, "SHDC"[n % 4]) for n in range(9)]
    best = float("inf")
    for _ in range(100):
        start = time.perf_counter()
        for _ in range(20):
            sorted([(rank, suit) for rank, suit in items])
        best = min(best, (time.perf_counter() - start) / 20 * 1e6)
    return best


def passes(items: list, call) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each pass over the corpus, one call per item."""
    walls, cpus = [], []
    for _ in range(PASSES):
        wall, cpu = time.perf_counter(), time.process_time()
        for item in items:
            call(*item)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return walls, cpus


def measure(label: str, items: list, call, target: float) -> None:
    illegal = sum(not call(*item) for item in items)
    for item in items:  # warm up
        call(*item)
    walls, cpus = passes(items, call)
    n = len(items)
    best, worst, cpu = n / min(walls), n / max(walls), n / min(cpus)
    verdict = "ok" if cpu >= target else "BELOW TARGET"
    print(f"{label:<16} CPU {cpu:>9,.0f}/s  (wall clock: best pass {best:>9,.0f}/s, slowest {worst:>9,.0f}/s) "
          f"on {n} ({illegal} illegal)   target >= {target:,.0f}/s (CPU): {verdict}")


def is_legal_check(cards: tuple[Card, ...]) -> bool:
    return Meld.is_legal(cards, RULES)


def measure_checks() -> None:
    print(f"Python {sys.version.split()[0]}, burraco_core {bc.__version__} from {Path(bc.__file__).parent}, "
          f"ruleset {RULES.id}, seed {SEED}, best of {PASSES} passes over each corpus")
    print(f"calibration: {calibration_us():.2f} µs to build and sort a list of 9 pairs")
    lay_downs = lay_down_corpus()
    if hasattr(Meld, "is_legal"):
        measure("Meld.is_legal", [(c,) for c in lay_downs], is_legal_check, TARGET_IS_LEGAL)
    else:
        print(f"{'Meld.is_legal':<16} (not in this engine)")
    measure("Meld.lay_down", [(c,) for c in lay_downs], lay_down_check, TARGET_LAY_DOWN)
    measure("meld.attach", attach_corpus(), attach_check, TARGET_ATTACH)


def compare(rev: str) -> None:
    """The checks measured on the engine of ``rev``, in a fresh interpreter."""
    with tempfile.TemporaryDirectory() as tree:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "burraco_core"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
        env = dict(os.environ, BENCH_ENGINE_ROOT=tree)
        print(f"--- before: the engine of {rev} ---", flush=True)
        subprocess.run([sys.executable, __file__, "--checks-only"], env=env, check=True)
    print("--- after: this working tree ---", flush=True)


PEER_MELD = Path("BE_Burraco", "src", "engine", "meld.ts")
PEER_GOAL = {"Meld.is_legal": 1.5, "Meld.lay_down": 1.0}  # issue 34: our rate / the peer's, in one run


def timed_round(call, items: list, seconds: float) -> dict[str, float]:
    """Whole passes over ``items`` for ``seconds``: the calls made, and the wall-clock and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    calls = 0
    while True:
        call(items)
        calls += len(items)
        if time.perf_counter() - wall >= seconds:
            break
    return {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu, "calls": calls}


def is_legal_pass(items: list) -> None:
    is_legal, rules = Meld.is_legal, RULES
    for cards in items:
        is_legal(cards, rules)


def lay_down_pass(items: list) -> None:
    lay_down, rules = Meld.lay_down, RULES
    for cards in items:
        try:  # noqa: SIM105 - as the lessons call it; contextlib.suppress would time a context manager too
            lay_down(cards, rules)
        except IllegalMove:
            pass


def rates(rounds: list[dict[str, float]]) -> tuple[float, float]:
    """The best round's calls a second, by CPU time and by the wall clock."""
    return (max(r["calls"] / r["cpu"] for r in rounds), max(r["calls"] / r["wall"] for r in rounds))


def peer_module(path: Path, out: Path) -> tuple[Path, str]:
    """The compiled JavaScript of the peer's meld.ts at ``path`` (compiled into ``out``, a temporary folder:
    the peer's code is never written into this repository), and where it comes from (its commit)."""
    if path.is_dir():
        path = path / PEER_MELD
    if not path.is_file():
        raise SystemExit(f"--peer: {path} is not there (want a local copy of mfarroni/BURRACO, or its {PEER_MELD})")
    head = subprocess.run(["git", "-C", str(path.parent), "rev-parse", "HEAD"], capture_output=True, text=True)
    origin = f"commit {head.stdout.strip()}" if head.returncode == 0 else "not a git checkout"
    if path.suffix in (".js", ".mjs"):
        return path, f"{path} ({origin})"
    subprocess.run(["bash", str(ROOT / "scripts" / "node_tools.sh"), "bench"], check=True)
    src = path.parent.parent  # src/: engine/meld.ts imports ../contract/types.js and ./cards.js
    subprocess.run([str(ROOT / "build" / "node-bench" / "node_modules" / ".bin" / "tsc"), "--noCheck",
                    "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler",
                    "--rootDir", str(src), "--outDir", str(out), str(path)], check=True)
    (out / "package.json").write_text('{"type": "module"}\n')
    return out / path.parent.name / "meld.js", f"{path} ({origin}), compiled by typescript 5.9.3"


def side_by_side(peer: str | None) -> None:
    """Our is_legal and lay_down, and the peer's interpretMeld on Node, timed alike in one run: 1 s of warm-up
    each, then 3 rounds of 3 s each, ours and the peer's in turn (a load that comes and goes weighs on both)."""
    corpus = lay_down_corpus()
    legal = [lay_down_check(cards) for cards in corpus]
    assert legal == [Meld.is_legal(cards, RULES) for cards in corpus], "is_legal and lay_down disagree"
    print(f"Side by side: {len(corpus)} melds ({legal.count(False)} illegal), 1 s warm-up, 3 rounds of 3 s "
          f"taken in turn, best round; Python {sys.version.split()[0]}")
    node = None
    if peer:
        with tempfile.TemporaryDirectory() as tmp:
            module, origin = peer_module(Path(peer), Path(tmp, "peer"))
            data = Path(tmp, "corpus.json")
            data.write_text(json.dumps({"items": [[[c.rank, c.suit, c.deck] for c in cards] for cards in corpus],
                                        "legal": legal}))
            node = subprocess.Popen(["node", str(ROOT / "benchmarks" / "bench_peer.mjs"), str(module), str(data),
                                     "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert node.stdout is not None and node.stdin is not None
            header = node.stdout.readline()  # the peer loaded, the corpus read and the verdicts checked
        if not header:
            raise SystemExit("the peer's harness failed (its verdicts, above)")
        report = json.loads(header)

    def peer_round(seconds: float) -> dict[str, float]:
        assert node is not None and node.stdin is not None and node.stdout is not None
        node.stdin.write(f"ROUND {seconds}\n")
        node.stdin.flush()
        return json.loads(node.stdout.readline())

    sides = {"Meld.is_legal": is_legal_pass, "Meld.lay_down": lay_down_pass}
    rounds: dict[str, list[dict[str, float]]] = {label: [] for label in sides}
    rounds["peer"] = []
    for call in sides.values():
        timed_round(call, corpus, 1.0)
    if node:
        peer_round(1.0)
    for _ in range(3):
        for label, call in sides.items():
            rounds[label].append(timed_round(call, corpus, 3.0))
        if node:
            rounds["peer"].append(peer_round(3.0))
    ours = {label: rates(rounds[label]) for label in sides}
    for label, (cpu, wall) in ours.items():
        print(f"  {label:<16} CPU {cpu:>10,.0f}/s   wall clock {wall:>10,.0f}/s")
    if not node:
        print("  the peer is not at hand: give --peer PATH, a local copy of mfarroni/BURRACO (never part of this "
              "repository: it has no licence); ours alone above")
        return
    assert node.stdin is not None
    node.stdin.close()
    node.wait()
    version = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    peer_cpu, peer_wall = rates(rounds["peer"])
    print(f"  peer interpretMeld CPU {peer_cpu:>10,.0f}/s   wall clock {peer_wall:>10,.0f}/s   "
          f"(Node {version}; {origin})")
    print(f"  the same verdicts as ours on all {report['items'] - report['twice']} melds without a card twice "
          f"(the {report['twice']} with one are refused by us; the peer's game never passes them)")
    for label, (cpu, wall) in ours.items():
        goal = PEER_GOAL[label]
        verdict = "ok" if cpu / peer_cpu >= goal else "BELOW GOAL"
        print(f"  {label:<16} {cpu / peer_cpu:.2f}x the peer by CPU time ({wall / peer_wall:.2f}x by the wall "
              f"clock)   goal >= {goal}x: {verdict}")


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REV", help="measure the engine of this git revision first")
    parser.add_argument("--checks-only", action="store_true", help="skip the import timings")
    parser.add_argument("--peer", metavar="PATH", nargs="?", const="",
                        help="time ours side by side with a local copy of mfarroni/BURRACO's meld.ts on Node, "
                             "and nothing else")
    args = parser.parse_args(argv)
    if args.peer is not None:
        side_by_side(args.peer)
        return
    if args.compare:
        compare(args.compare)
    measure_checks()
    if args.checks_only:
        return
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
