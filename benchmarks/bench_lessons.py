"""How long ``import lessons; lessons.LESSONS`` takes: every lesson file read, checked and proven.

Reading a lesson sets up each exercise with the engine and, since issue 20, puts its solution
and every listed wrong answer to ``check()`` (an exercise nobody could solve is refused when it is
read). This is paid once per kernel, before a lesson's first page can be drawn.

Each figure is the median over fresh interpreters (bytecode cached, one untimed run first), in
CPU time of the interpreter (other programs on a shared machine slow it down far less than the wall
clock) and in wall-clock time, split into ``import lessons`` and then reading ``LESSONS``.
``--compare REV`` measures the lessons and the engine of a git revision in the same run, the two
interleaved run by run, so that before and after see the same machine.

Run: ``.venv/bin/python benchmarks/bench_lessons.py [--compare main] [--runs 9]``. The target is
printed beside the figure, not asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_CPU_MS = 1000.0      # reading every lesson, in CPU time: well under a second

CODE = """
import time
w0, c0 = time.perf_counter(), time.process_time()
import lessons
w1, c1 = time.perf_counter(), time.process_time()
lessons.LESSONS
w2, c2 = time.perf_counter(), time.process_time()
print((c1 - c0) * 1000, (c2 - c1) * 1000, (w1 - w0) * 1000, (w2 - w1) * 1000)
"""


def one_run(tree: Path, cache: str) -> list[float]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONPYCACHEPREFIX=cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", CODE], cwd=tree, env=env, capture_output=True, text=True, check=True)
    return [float(x) for x in out.stdout.split()]


def report(label: str, samples: list[list[float]]) -> float:
    cpu_import, cpu_read, wall_import, wall_read = (statistics.median(column) for column in zip(*samples, strict=True))
    total = cpu_import + cpu_read
    verdict = "ok" if total < TARGET_CPU_MS else "ABOVE TARGET"
    print(f"{label:<28} CPU {total:6.0f} ms (import {cpu_import:.0f} + LESSONS {cpu_read:.0f})   "
          f"wall {wall_import + wall_read:6.0f} ms (import {wall_import:.0f} + LESSONS {wall_read:.0f})   "
          f"target CPU < {TARGET_CPU_MS:g} ms: {verdict}")
    return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", metavar="REV", help="measure the lessons and engine of this git revision too")
    parser.add_argument("--runs", type=int, default=9, help="fresh interpreters per tree (default 9)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        trees = {"this working tree": ROOT}
        if args.compare:
            old = Path(work) / "old"
            old.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.compare, "lessons", "burraco_core"],
                                     capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
            trees = {f"{args.compare}": old, **trees}
        caches = {label: tempfile.mkdtemp(dir=work) for label in trees}
        samples: dict[str, list[list[float]]] = {label: [] for label in trees}
        for run in range(args.runs + 1):
            for label, tree in trees.items():
                figures = one_run(tree, caches[label])
                if run:                   # the first run compiles and caches the bytecode
                    samples[label].append(figures)
        print(f"import lessons; lessons.LESSONS: median of {args.runs} fresh interpreters")
        totals = [report(label, samples[label]) for label in trees]
        if len(totals) == 2:
            print(f"after / before (CPU): {totals[1] / totals[0]:.2f}x")


if __name__ == "__main__":
    main()
