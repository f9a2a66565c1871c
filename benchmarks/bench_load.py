"""Twenty learners at once on one Voilà server: pages that fail, memory per session, verdict times.

Every simulated learner is a separate browser context (its own storage, its own kernels)
of one headless Chromium; all start together, open a lesson (lesson 2 or 3, whose first
exercise they open from the star strip), then lesson 1, and answer its first exercise
several times (a wrong answer, then the right one), within a time bound. Only 127.0.0.1
is used. Printed: pages that failed (target 0), the server's memory (Voilà and its
kernels, from /proc) before and with every learner on, per session, and click-to-verdict
under that load (median and p95; target p95 < 100 ms, the figure for one learner alone).

    .venv/bin/python benchmarks/bench_load.py [--learners 20] [--answers 6] [--deadline 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the shared helpers in tests/
from tests.browser.support import CHROMIUM, CHROMIUM_ARGS, VERDICT_PROBE, start_voila, stop  # noqa: E402
from tests.helpers import percentile  # noqa: E402

TARGET_P95_MS = 100.0


def tree_rss_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants (Linux /proc), in MB."""
    children: dict[int, list[int]] = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(entry.name))
            except OSError:
                continue
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        todo.extend(children.get(current, []))
        try:
            for line in (pathlib.Path("/proc") / str(current) / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


async def learner(browser, url: str, number: int, answers: int, results: list) -> None:
    import lessons

    exercise = lessons.LESSONS[0].exercises[0]
    texts = [str(exercise.wrong_answers[0][0]) if exercise.wrong_answers else "100", str(exercise.solution)]
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    outcome: dict = {"learner": number, "failed": None, "samples": [], "context": context}
    results.append(outcome)
    try:
        page = await context.new_page()
        page.set_default_timeout(120_000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        started = time.monotonic()
        other = ("02-melds", "03-ace")[number % 2]
        await page.goto(f"{url}/voila/render/{other}.ipynb", wait_until="domcontentloaded")
        await page.wait_for_selector(".bt-lesson .bt-strip-item")
        await page.locator(".bt-strip-item").first.click()
        await page.wait_for_selector(".bt-exercise")
        await page.goto(f"{url}/voila/render/01-deck.ipynb", wait_until="domcontentloaded")
        await page.wait_for_selector(".bt-lesson .bt-strip-item")
        outcome["open_s"] = round(time.monotonic() - started, 2)
        await page.locator(".bt-strip-item").first.click()
        box = page.locator(".bt-exercise .bt-number input")
        await box.wait_for()
        await page.evaluate(VERDICT_PROBE)
        for i in range(answers):
            await box.fill(texts[i % 2])
            await page.wait_for_timeout(150)
            await page.locator(".bt-check").click()
            await page.wait_for_function(f"window.__bench.samples.length >= {i + 1}")
        outcome["samples"] = await page.evaluate("window.__bench.samples.slice()")
        if errors or "Traceback" in await page.locator("body").inner_text():
            outcome["failed"] = f"errors on the page: {errors[:2]}"
    except Exception as err:        # a page that did not come up or did not answer: a failure to count
        outcome["failed"] = f"{type(err).__name__}: {str(err).splitlines()[0][:160]}"


async def run(args) -> dict:
    from playwright.async_api import async_playwright

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="bench-load-data-"))
    process, url = start_voila("tutorial/")
    try:
        await asyncio.sleep(1)
        idle_mb = tree_rss_mb(process.pid)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            results: list = []
            started = time.monotonic()
            tasks = [asyncio.create_task(learner(browser, url, i, args.answers, results))
                     for i in range(args.learners)]
            _, pending = await asyncio.wait(tasks, timeout=args.deadline)
            for task in pending:
                task.cancel()
            elapsed = time.monotonic() - started
            loaded_mb = tree_rss_mb(process.pid)                  # every learner's kernels still running
            for outcome in results:
                await outcome.pop("context").close()
            await browser.close()
    finally:
        stop(process)
    failed = [r["failed"] for r in results if r["failed"]]
    failed += ["timed out"] * sum(1 for r in results if not r["failed"] and "open_s" not in r and pending)
    samples = [s for r in results for s in r["samples"]]
    opens = [r["open_s"] for r in results if "open_s" in r]
    return {
        "learners": args.learners, "elapsed_s": round(elapsed, 1),
        "failed_pages": len(failed), "failures": failed[:5],
        "memory_mb": {"idle_server": round(idle_mb), "with_learners": round(loaded_mb),
                      "per_session": round((loaded_mb - idle_mb) / max(1, args.learners), 1)},
        "open_lessons_s": {"median": round(statistics.median(opens), 1) if opens else None,
                           "max": round(max(opens), 1) if opens else None},
        "click_to_verdict_ms": {"n": len(samples),
                                "median": round(statistics.median(samples), 1) if samples else None,
                                "p95": round(percentile(samples, 0.95), 1) if samples else None},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--answers", type=int, default=6)
    parser.add_argument("--deadline", type=float, default=300.0, help="seconds for every learner to finish")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    m, c = result["memory_mb"], result["click_to_verdict_ms"]
    print(f"{result['learners']} learners at once on one Voilà server ({result['elapsed_s']} s in all)")
    print(f"  pages that failed: {result['failed_pages']} (target 0)  {'ok' if not result['failed_pages'] else 'FAILED'}")
    for failure in result["failures"]:
        print(f"    {failure}")
    print(f"  memory: {m['idle_server']} MB idle, {m['with_learners']} MB with every learner: "
          f"{m['per_session']} MB per session")
    print(f"  two lessons opened: median {result['open_lessons_s']['median']} s, "
          f"slowest {result['open_lessons_s']['max']} s")
    if c["n"]:
        verdict = "ok" if c["p95"] < TARGET_P95_MS else "ABOVE TARGET"
        print(f"  click-to-verdict under load: n={c['n']} median {c['median']} ms  p95 {c['p95']} ms  "
              f"(target p95 < {TARGET_P95_MS:.0f} ms)  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
