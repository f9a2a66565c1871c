"""Twenty learners at once on one Voilà server, each going through five lessons: pages that fail, the
time it takes, memory per session, verdict times; the one-page app and the old page-per-lesson path
side by side in one run.

Every simulated learner is a separate browser context (its own storage, its own kernels) of one
headless Chromium; all start together, open lesson 1 from the home page, go "next" to lessons 2 to
5, then answer lesson 1's first exercise several times (a wrong answer, then the right one) as fast as
they can (the burst), within a time bound. Then, once every learner has done so, the same learners answer
at a person's pace (the paced class): each starts at a moment of the first 15 s (seeded), then checks an
answer every 5 to 15 s (seeded waits), alternating wrong and right as before. The same learners run twice,
each time on a fresh server:

- ``app``: the one-page app (index.ipynb): one kernel per learner, every lesson shown in place;
- ``pages``: the path of before, one notebook page (and one kernel) per lesson: a copy of
  ``tutorial/`` whose index.ipynb is the home page alone (``lessons.home()``, links to the
  notebooks), served with ``BURRACO_SEPARATE_PAGES=1`` (see voila.py).

Only 127.0.0.1 is used. Printed for each: pages that failed (target 0), each with the step it
failed at, what the server's log says went wrong (kernels that died starting, shutdowns refused),
the median and slowest time for a learner to have opened the five lessons (from the home page's
address), the server's memory (Voilà and its kernels, from /proc) before and with every learner on,
per session and per kernel, click-to-verdict in the burst (median and p95; one learner alone gets
p95 26 ms) and in the paced class beside it (median and p95; target p95 <= 250 ms on 2 cores), the
time until all can click (from the first learner's navigation to the home page until the last
learner's home page answered a click on lesson 1 with the lesson), and the machine's load average
(figures from a busy machine say little).

    .venv/bin/python benchmarks/bench_load.py [--learners 20] [--lessons 5] [--answers 6] [--deadline 600]
                                              [--paced-answers 6] [--seed 31] [--page-timeout 180]
                                              [--only app|pages] [--profile DIR] [--json]

``--paced-answers 0`` leaves the paced class out. ``--profile DIR`` (the app only) times and profiles
every Check in the kernels (``benchmarks/kernel_profile/``): the way in (the browser's click to the
kernel taking it up: Voilà and the kernel's queue), the kernel's Python time on it, and what that time
is spent on (cProfile, per click), in the burst and in the paced class.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import random
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the shared helpers in tests/
from lessons.widgets.navigation import notebook_name  # noqa: E402
from tests.browser.support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT, VERDICT_PROBE, start_voila, stop  # noqa: E402
from tests.helpers import percentile  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
TARGET_P95_MS = 100.0          # the burst: one learner alone gets 26 ms
TARGET_PACED_P95_MS = 250.0    # a class answering at a person's pace, on 2 cores (issue 31)
PACED_WAIT_S = (5.0, 15.0)     # between one learner's answers
PACED_START_S = 15.0           # the learners start answering within this many seconds of each other


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


def old_pages_folder() -> pathlib.Path:
    """A copy of tutorial/ as it was before the app: index.ipynb shows the home page alone."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-load-pages-"))
    for notebook in (ROOT / "tutorial").glob("*.ipynb"):
        shutil.copy2(notebook, folder / notebook.name)
    index = json.loads((folder / "index.ipynb").read_text())
    index["cells"][0]["source"] = ["import lessons\n", "lessons.home()"]
    (folder / "index.ipynb").write_text(json.dumps(index))
    return folder


HEADING = "t => document.querySelector('.bt-lesson h1')?.innerText.includes(t)"


async def learner(browser, url: str, path: str, number: int, args, results: list, started: float) -> None:
    import lessons

    exercise = lessons.LESSONS[0].exercises[0]
    texts = [str(exercise.wrong_answers[0][0]) if exercise.wrong_answers else "100", str(exercise.solution)]
    titles = [lesson.title("en") for lesson in lessons.LESSONS[:args.lessons]]
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    outcome: dict = {"learner": number, "failed": None, "done": False, "stage": "new page", "samples": [],
                     "context": context, "texts": texts}
    results.append(outcome)
    try:
        page = await context.new_page()
        page.set_default_timeout(args.page_timeout * 1000)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        outcome["page"], outcome["errors"] = page, errors
        outcome["stage"] = "opening the home page"
        await page.goto(f"{url}/voila/render/index.ipynb", wait_until="domcontentloaded")
        await page.wait_for_selector(".bt-home .bt-lesson-row a")
        for i, title in enumerate(titles):
            outcome["stage"] = f"opening lesson {i + 1}"
            link = ".bt-lesson-row a" if i == 0 else ".bt-nav-top .bt-nav-next"
            await page.locator(link).first.click()
            await page.wait_for_function(HEADING, arg=title)
            await page.wait_for_selector(".bt-lesson .bt-strip-item")
            if i == 0:      # the home page answered a click: from the class's first navigation
                outcome["home_click_s"] = round(time.monotonic() - started, 2)
        outcome["open_s"] = round(time.monotonic() - started, 2)
        outcome["stage"] = "back to lesson 1's first exercise"
        if path == "app":
            await page.evaluate(f"() => {{ window.location.hash = '#lesson/{lessons.LESSONS[0].key}/1'; }}")
        else:
            await page.goto(f"{url}/voila/render/{notebook_name(lessons.LESSONS[0])}.ipynb",
                            wait_until="domcontentloaded")
            await page.wait_for_selector(".bt-lesson .bt-strip-item")
            await page.locator(".bt-strip-item").first.click()
        box = page.locator(".bt-exercise .bt-number input")
        await box.wait_for()
        await page.evaluate(VERDICT_PROBE)
        for i in range(args.answers):
            outcome["stage"] = f"answer {i + 1} of {args.answers}"
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


async def paced(outcome: dict, args) -> None:
    """One learner of the class at a person's pace: a start within the first seconds, then an answer
    checked every 5 to 15 s (seeded per learner), on the exercise the burst left open."""
    page, texts = outcome["page"], outcome["texts"]
    pace = random.Random(args.seed * 1000 + outcome["learner"])
    try:
        done = await page.evaluate("window.__bench.samples.length")
        await asyncio.sleep(pace.uniform(0, PACED_START_S))
        box = page.locator(".bt-exercise .bt-number input")
        for i in range(args.paced_answers):
            if i:
                await asyncio.sleep(pace.uniform(*PACED_WAIT_S))
            outcome["stage"] = f"paced answer {i + 1} of {args.paced_answers}"
            await box.fill(texts[(args.answers + i) % 2])     # never the verdict on screen already
            await page.wait_for_timeout(150)
            await page.locator(".bt-check").click()
            await page.wait_for_function(f"window.__bench.samples.length >= {done + i + 1}")
        outcome["paced_samples"] = (await page.evaluate("window.__bench.samples.slice()"))[done:]
        if outcome["errors"] or "Traceback" in await page.locator("body").inner_text():
            outcome["failed"] = f"errors on the page: {outcome['errors'][:2]}"
    except Exception as err:
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


async def run(args, path: str) -> dict:
    from playwright.async_api import async_playwright

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="bench-load-data-"))
    load_before = os.getloadavg()[0]
    folder = old_pages_folder() if path == "pages" else pathlib.Path("tutorial")
    if path == "pages":
        os.environ["BURRACO_SEPARATE_PAGES"] = "1"     # the server (started below) keeps a page per lesson
    profile = pathlib.Path(args.profile).resolve() / path if args.profile else None
    saved_path = os.environ.get("PYTHONPATH")
    if profile is not None:                             # the kernels time and profile every click
        profile.mkdir(parents=True, exist_ok=True)
        os.environ["BENCH_KERNEL_PROFILE"] = str(profile)
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE / "kernel_profile"), saved_path]))
    try:
        process, url = start_voila(folder)
    finally:
        os.environ.pop("BURRACO_SEPARATE_PAGES", None)
        os.environ.pop("BENCH_KERNEL_PROFILE", None)
        if saved_path is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved_path
    log = ARTIFACTS / f"voila-{url.rsplit(':', 1)[1]}.log"
    try:
        await asyncio.sleep(1)
        idle_mb = tree_rss_mb(process.pid)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            results: list = []
            started = time.monotonic()
            tasks = [asyncio.create_task(learner(browser, url, path, i, args, results, started))
                     for i in range(args.learners)]
            _, pending = await asyncio.wait(tasks, timeout=args.deadline)
            for task in pending:
                task.cancel()
            elapsed = time.monotonic() - started
            class_ = [r for r in results if r["done"] and not r["failed"]] if args.paced_answers else []
            paced_wall = time.time()
            if class_:                                  # the same learners, now at a person's pace
                paced_started = time.monotonic()
                tasks = [asyncio.create_task(paced(r, args)) for r in class_]
                _, pending = await asyncio.wait(tasks, timeout=args.deadline)
                for task in pending:
                    task.cancel()
                paced_elapsed = time.monotonic() - paced_started
                load_paced = os.getloadavg()[0]
            await asyncio.sleep(2)                               # the kernels of pages left are shut down
            loaded_mb = tree_rss_mb(process.pid)                  # every learner's page still open
            kernels = kernel_count(process.pid)
            load_after = os.getloadavg()[0]
            for outcome in results:
                await outcome.pop("context").close()
            await browser.close()
    finally:
        stop(process)
        if path == "pages":
            shutil.rmtree(folder, ignore_errors=True)
    for outcome in results:
        if not outcome["done"] and not outcome["failed"]:
            outcome["failed"] = f"{outcome['stage']}: cut off at the {args.deadline:g} s deadline"
    failed = [r["failed"] for r in results if r["failed"]]
    samples = [s for r in results for s in r["samples"]]
    paced_samples = [s for r in results for s in r.get("paced_samples", [])]
    opens = [r["open_s"] for r in results if "open_s" in r]
    clicks = [r["home_click_s"] for r in results if "home_click_s" in r]
    return {
        "path": path, "learners": args.learners, "lessons": args.lessons, "elapsed_s": round(elapsed, 1),
        "load_average": {"before": round(load_before, 1), "after": round(load_after, 1)},
        "failed_pages": len(failed), "failures": failed,
        "server_log": server_log_problems(log),
        "memory_mb": {"idle_server": round(idle_mb), "with_learners": round(loaded_mb), "kernels": kernels,
                      "per_session": round((loaded_mb - idle_mb) / max(1, args.learners), 1),
                      "per_kernel": round((loaded_mb - idle_mb) / max(1, kernels), 1)},
        "open_lessons_s": {"median": round(statistics.median(opens), 1) if opens else None,
                           "max": round(max(opens), 1) if opens else None},
        "home_page_answers_s": {"all": round(max(clicks), 1) if len(clicks) == args.learners else None,
                                "median": round(statistics.median(clicks), 1) if clicks else None,
                                "learners": len(clicks)},
        "click_to_verdict_ms": figures(samples),
        "paced": {**figures(paced_samples), "answers": args.paced_answers,
                  "elapsed_s": round(paced_elapsed, 1) if class_ else None,
                  "load_average": round(load_paced, 1) if class_ else None},
        "kernel_profile": kernel_profile(profile, paced_wall) if profile is not None else None,
    }


# what a Check's time in the kernel goes to (file, function): read from the kernels' cProfile statistics
PARTS = [("lessons/widgets/lesson.py", "_on_check", "the whole Check"),
         ("lessons/learner/session.py", "check", "the check itself (the exercise's verdict, the stars)"),
         ("lessons/widgets/lesson.py", "show_verdict", "the verdict's box and the live region"),
         ("lessons/widgets/lesson.py", "_render_strip", "the star strip"),
         ("lessons/widgets/lesson.py", "_save", "saving the progress (file, browser, listeners)"),
         ("lessons/learner/filestore.py", "save", "  the progress file (read, merge, write, fsync)"),
         ("lessons/learner/store.py", "_notify", "  the listeners told (pages redrawn)"),
         ("lessons/widgets/home.py", "_changed", "    the home page redrawn"),
         ("ipywidgets/widgets/widget.py", "send_state", "update messages to the page (all of them)")]


def kernel_profile(folder: pathlib.Path, paced_wall: float) -> dict:
    """The kernels' timings of every click (burst and paced apart) and the profile's parts, per click."""
    import pstats

    clicks = [json.loads(line) for file in folder.glob("kernel-*.jsonl") for line in file.read_text().splitlines()]
    result: dict = {"kernels": len(list(folder.glob("kernel-*.jsonl")))}
    for name, chosen in (("burst", [c for c in clicks if c["start"] < paced_wall]),
                         ("paced", [c for c in clicks if c["start"] >= paced_wall])):
        way_in = [(c["start"] - c["sent"]) * 1000 for c in chosen if c["sent"]]
        result[name] = {"clicks": len(chosen), "way_in_ms": figures(way_in),
                        "kernel_ms": figures([c["ms"] for c in chosen])}
    files = [str(file) for file in folder.glob("kernel-*.prof")]
    if files and clicks:
        stats = pstats.Stats(*files).stats       # type: ignore[attr-defined]
        parts = {}
        for file, name, label in PARTS:
            total = sum(entry[3] for (where, _, function), entry in stats.items()
                        if where.endswith(file) and function == name)
            calls = sum(entry[1] for (where, _, function), entry in stats.items()
                        if where.endswith(file) and function == name)
            parts[label] = {"ms_per_click": round(total * 1000 / len(clicks), 2), "calls": calls}
        result["parts"] = parts
    return result


def figures(samples: list[float]) -> dict:
    return {"n": len(samples), "median": round(statistics.median(samples), 1) if samples else None,
            "p95": round(percentile(samples, 0.95), 1) if samples else None}


NAMES = {"app": "the one-page app", "pages": "a page per lesson (before)"}


def show_profile(found: dict) -> None:
    print(f"  in the kernels ({found['kernels']} profiled), per Check: way in = the browser's click to the kernel "
          f"taking it up (Voilà, the kernel's queue); kernel = its Python time on it")
    for name in ("burst", "paced"):
        each = found[name]
        if each["clicks"]:
            print(f"    {name}: {each['clicks']} clicks, way in median {each['way_in_ms']['median']} ms "
                  f"p95 {each['way_in_ms']['p95']} ms; kernel median {each['kernel_ms']['median']} ms "
                  f"p95 {each['kernel_ms']['p95']} ms")
    for label, part in found.get("parts", {}).items():
        print(f"    {label}: {part['ms_per_click']} ms a click ({part['calls']} calls)")


def show(result: dict) -> None:
    m, c = result["memory_mb"], result["click_to_verdict_ms"]
    load = result["load_average"]
    print(f"== {NAMES[result['path']]}: {result['learners']} learners at once, {result['lessons']} lessons each "
          f"({result['elapsed_s']} s in all; load average {load['before']} before, {load['after']} after)")
    print(f"  pages that failed: {result['failed_pages']} (target 0)  {'ok' if not result['failed_pages'] else 'FAILED'}")
    for failure in result["failures"]:
        print(f"    {failure}")
    problems = ", ".join(f"{name.replace('_', ' ')} {count}" for name, count in result["server_log"].items())
    print(f"  server log: {problems}")
    home = result["home_page_answers_s"]
    every = (f"{home['all']} s" if home["all"] is not None
             else f"never ({home['learners']} of {result['learners']} could)")
    print(f"  time until all can click (the home page answered a click, from the first navigation): {every}, "
          f"median {home['median']} s")
    print(f"  {result['lessons']} lessons opened: median {result['open_lessons_s']['median']} s, "
          f"slowest {result['open_lessons_s']['max']} s")
    print(f"  memory: {m['idle_server']} MB idle, {m['with_learners']} MB with every learner "
          f"({m['kernels']} kernels): {m['per_session']} MB per session, {m['per_kernel']} MB per kernel")
    if c["n"]:
        verdict = "ok" if c["p95"] < TARGET_P95_MS else "ABOVE TARGET"
        print(f"  click-to-verdict, the burst (every learner at once): n={c['n']} median {c['median']} ms  "
              f"p95 {c['p95']} ms  (one learner alone: p95 < {TARGET_P95_MS:.0f} ms)  {verdict}")
    p = result["paced"]
    if p["n"]:
        verdict = "ok" if p["p95"] <= TARGET_PACED_P95_MS else "ABOVE TARGET"
        print(f"  click-to-verdict, the paced class (a check every {PACED_WAIT_S[0]:g}-{PACED_WAIT_S[1]:g} s each, "
              f"{p['elapsed_s']} s, load average {p['load_average']}): n={p['n']} median {p['median']} ms  "
              f"p95 {p['p95']} ms  (target p95 <= {TARGET_PACED_P95_MS:.0f} ms)  {verdict}")
    if result["kernel_profile"]:
        show_profile(result["kernel_profile"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--lessons", type=int, default=5)
    parser.add_argument("--answers", type=int, default=6, help="checks in the burst, each learner")
    parser.add_argument("--paced-answers", type=int, default=6,
                        help="checks at a person's pace afterwards, each learner (0: no paced class)")
    parser.add_argument("--seed", type=int, default=31, help="the paced class's starts and waits")
    parser.add_argument("--deadline", type=float, default=600.0, help="seconds for every learner to finish")
    parser.add_argument("--page-timeout", type=float, default=180.0,
                        help="seconds a learner waits for one step (a page, a lesson, a verdict)")
    parser.add_argument("--only", choices=sorted(NAMES), help="measure one path only")
    parser.add_argument("--profile", metavar="DIR", help="time and profile every Check in the kernels, kept in DIR")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = [asyncio.run(run(args, path)) for path in ("app", "pages") if args.only in (None, path)]
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for result in results:
        show(result)
    if len(results) == 2:
        app, pages = (r["open_lessons_s"]["median"] for r in results)
        if app and pages:
            print(f"== {args.lessons} lessons opened, median: {app} s in the app, {pages} s a page per lesson "
                  f"({app / pages:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
