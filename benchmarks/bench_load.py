"""Twenty learners at once on one Voilà server: pages that fail, memory per session, verdict times.

Every simulated learner is a separate browser context (its own storage, its own kernels)
of one headless Chromium; all start together, open a lesson (lesson 2 or 3, whose first
exercise they open from the star strip), then lesson 1, and answer its first exercise
several times (a wrong answer, then the right one), within a time bound. Only 127.0.0.1
is used. Printed: pages that failed (target 0), each with the step it failed at, what the
server's log says went wrong (kernels that died starting, shutdowns refused), the server's
memory (Voilà and its kernels, from /proc) before and with every learner on, per session
and per kernel, click-to-verdict under that load (median and p95; target p95 < 100 ms,
the figure for one learner alone), and the machine's load average (figures from a busy
machine say little).

    .venv/bin/python benchmarks/bench_load.py [--learners 20] [--answers 6] [--deadline 300]
                                              [--page-timeout 120] [--json]
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
from tests.browser.support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, VERDICT_PROBE, start_voila, stop  # noqa: E402
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


async def learner(browser, url: str, number: int, answers: int, page_timeout: float, results: list) -> None:
    import lessons

    exercise = lessons.LESSONS[0].exercises[0]
    texts = [str(exercise.wrong_answers[0][0]) if exercise.wrong_answers else "100", str(exercise.solution)]
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    outcome: dict = {"learner": number, "failed": None, "done": False, "stage": "new page", "samples": [],
                     "context": context}
    results.append(outcome)
    try:
        page = await context.new_page()
        page.set_default_timeout(page_timeout * 1000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        started = time.monotonic()
        other = ("02-melds", "03-ace")[number % 2]
        outcome["stage"] = f"opening {other}"
        await page.goto(f"{url}/voila/render/{other}.ipynb", wait_until="domcontentloaded")
        await page.wait_for_selector(".bt-lesson .bt-strip-item")
        outcome["stage"] = f"first exercise of {other}"
        await page.locator(".bt-strip-item").first.click()
        await page.wait_for_selector(".bt-exercise")
        outcome["stage"] = "opening 01-game"
        await page.goto(f"{url}/voila/render/01-game.ipynb", wait_until="domcontentloaded")
        await page.wait_for_selector(".bt-lesson .bt-strip-item")
        outcome["open_s"] = round(time.monotonic() - started, 2)
        outcome["stage"] = "first exercise of 01-game"
        await page.locator(".bt-strip-item").first.click()
        box = page.locator(".bt-exercise .bt-number input")
        await box.wait_for()
        await page.evaluate(VERDICT_PROBE)
        for i in range(answers):
            outcome["stage"] = f"answer {i + 1} of {answers}"
            await box.fill(texts[i % 2])
            await page.wait_for_timeout(150)
            await page.locator(".bt-check").click()
            await page.wait_for_function(f"window.__bench.samples.length >= {i + 1}")
        outcome["samples"] = await page.evaluate("window.__bench.samples.slice()")
        if errors or "Traceback" in await page.locator("body").inner_text():
            outcome["failed"] = f"errors on the page: {errors[:2]}"
        outcome["done"] = True
    except Exception as err:        # a page that did not come up or did not answer: a failure to count
        outcome["failed"] = f"{outcome['stage']}: {type(err).__name__}: {str(err).splitlines()[0][:160]}"


def kernel_count(pid: int) -> int:
    """Kernel processes under the server (ipykernel_launcher in their command line)."""
    count = 0
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(stat[1]) == pid and b"ipykernel" in (entry / "cmdline").read_bytes():
                    count += 1
            except OSError:
                continue
    return count


def server_log_problems(log: pathlib.Path) -> dict[str, int]:
    """What the server's log says went wrong: kernels that died starting, kernels a page could not shut down."""
    text = log.read_text(errors="replace") if log.exists() else ""
    return {"kernels_died": text.count("Kernel died before replying"),
            "port_races": text.count("Address already in use"),
            "shutdowns_refused": text.count("403 POST /voila/api/shutdown/"),
            "iopub_timeouts": text.count("Timeout waiting for IOPub output")}


async def run(args) -> dict:
    from playwright.async_api import async_playwright

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="bench-load-data-"))
    load_before = os.getloadavg()[0]
    process, url = start_voila("tutorial/")
    log = ARTIFACTS / f"voila-{url.rsplit(':', 1)[1]}.log"
    try:
        await asyncio.sleep(1)
        idle_mb = tree_rss_mb(process.pid)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            results: list = []
            started = time.monotonic()
            tasks = [asyncio.create_task(learner(browser, url, i, args.answers, args.page_timeout, results))
                     for i in range(args.learners)]
            _, pending = await asyncio.wait(tasks, timeout=args.deadline)
            for task in pending:
                task.cancel()
            elapsed = time.monotonic() - started
            await asyncio.sleep(2)                               # the kernels of pages left are shut down
            loaded_mb = tree_rss_mb(process.pid)                  # every learner's lesson still open
            kernels = kernel_count(process.pid)
            load_after = os.getloadavg()[0]
            for outcome in results:
                await outcome.pop("context").close()
            await browser.close()
    finally:
        stop(process)
    for outcome in results:
        if not outcome["done"] and not outcome["failed"]:
            outcome["failed"] = f"{outcome['stage']}: cut off at the {args.deadline:g} s deadline"
    failed = [r["failed"] for r in results if r["failed"]]
    samples = [s for r in results for s in r["samples"]]
    opens = [r["open_s"] for r in results if "open_s" in r]
    return {
        "learners": args.learners, "elapsed_s": round(elapsed, 1),
        "load_average": {"before": round(load_before, 1), "after": round(load_after, 1)},
        "failed_pages": len(failed), "failures": failed,
        "server_log": server_log_problems(log),
        "memory_mb": {"idle_server": round(idle_mb), "with_learners": round(loaded_mb), "kernels": kernels,
                      "per_session": round((loaded_mb - idle_mb) / max(1, args.learners), 1),
                      "per_kernel": round((loaded_mb - idle_mb) / max(1, kernels), 1)},
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
    parser.add_argument("--page-timeout", type=float, default=120.0,
                        help="seconds a learner waits for one step (a page, an exercise, a verdict)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    m, c = result["memory_mb"], result["click_to_verdict_ms"]
    load = result["load_average"]
    print(f"{result['learners']} learners at once on one Voilà server ({result['elapsed_s']} s in all; "
          f"load average {load['before']} before, {load['after']} after)")
    print(f"  pages that failed: {result['failed_pages']} (target 0)  {'ok' if not result['failed_pages'] else 'FAILED'}")
    for failure in result["failures"]:
        print(f"    {failure}")
    problems = ", ".join(f"{name.replace('_', ' ')} {count}" for name, count in result["server_log"].items())
    print(f"  server log: {problems}")
    print(f"  memory: {m['idle_server']} MB idle, {m['with_learners']} MB with every learner "
          f"({m['kernels']} kernels): {m['per_session']} MB per session, {m['per_kernel']} MB per kernel")
    print(f"  two lessons opened: median {result['open_lessons_s']['median']} s, "
          f"slowest {result['open_lessons_s']['max']} s")
    if c["n"]:
        verdict = "ok" if c["p95"] < TARGET_P95_MS else "ABOVE TARGET"
        print(f"  click-to-verdict under load: n={c['n']} median {c['median']} ms  p95 {c['p95']} ms  "
              f"(target p95 < {TARGET_P95_MS:.0f} ms)  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
