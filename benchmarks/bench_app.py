"""The one-page app against a bare one-cell widget notebook, side by side, in Voilà and in the static site.

Three kinds of figures, each the median of several runs, all measured in one run on the same server:

- Opening a page cold (a fresh browser context), from navigation to its first interactive widget:
  a one-cell ipywidgets notebook (a button), the app's home page (its lesson links), the home page
  alone as it was before the app (``lessons.home()``), and the app opened on a lesson's address
  (``index.ipynb#lesson/game``, a shared link: its star strip).
- Moving inside the app, from the click to the new place's first control drawn (its star strip,
  under the new lesson's heading), with no page load: from the home page to lesson 1, then
  "next" to lessons 2 to 5 (each opened for the first time), then "previous" back to lessons
  4 to 2 (pages kept from the way there). Ratio of the median move to the one-cell page
  (target: at most 0.25 in Voilà, 0.1 in the static site).
- Click-to-verdict in lesson 1's first exercise (Check, alternating a wrong and the right answer),
  inside the app and on the lesson's page alone as before (``lessons.lesson_page``): median and 95th
  percentile (target p95 under 100 ms in Voilà, 200 ms static).

The static site is built by ``scripts/build_lite.sh`` from a copy of ``tutorial/`` with the one-cell
notebook added, into ``build/lite-bench/`` (the downloads are cached).

    .venv/bin/python benchmarks/bench_app.py [--runs 5] [--clicks 40] [--no-static] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the shared helpers in tests/
from tests.browser.support import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    OFFLINE_ARGS,
    ROOT,
    VERDICT_PROBE,
    serve_static,
    start_voila,
    stop,
)
from tests.helpers import percentile  # noqa: E402

TARGET_OPEN_RATIO = {"voila": 1.5, "static": 1.3}       # the home page against the one-cell page
TARGET_MOVE_RATIO = {"voila": 0.25, "static": 0.1}      # a move inside the app against the one-cell page
TARGET_P95_MS = {"voila": 100.0, "static": 200.0}
MOVES_FORWARD = 4                                       # "next" from lesson 1 to lesson 5
BASELINE = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "one", "metadata": {}, "outputs": [],
               "source": ["import ipywidgets as w\n", "w.Button(description='Go')"]}],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}
# The pages of before the app, for comparison: written so that voila.py and the static build do not
# send them to the app (their cell is not the lesson notebooks' one).
BEFORE = {"home-alone": "from lessons import home\nhome()",
          "lesson-alone": 'from lessons import lesson_page\nlesson_page("game")'}
# name -> (page and address, what shows the first interactive widget)
PAGES = {
    "one-cell": ("baseline", ".widget-button"),
    "home": ("index", ".bt-home .bt-lesson-row a"),
    "home before": ("home-alone", ".bt-home .bt-lesson-row a"),
    "lesson link": ("index", ".bt-app-view .bt-lesson .bt-strip-item"),
}
ADDRESS = {"lesson link": "#lesson/game"}
# Resolves once the heading of lesson TITLE and its star strip are drawn, with the milliseconds since
# the click on SELECTOR (performance.now()).
MOVE = """([selector, title]) => new Promise((resolve) => {
  const ready = () => {
    const heading = document.querySelector('.bt-app-view .bt-lesson h1');
    return heading && heading.innerText.includes(title) && document.querySelector('.bt-app-view .bt-strip-item');
  };
  const started = performance.now();
  const watch = new MutationObserver(() => {
    if (ready()) { watch.disconnect(); resolve(performance.now() - started); }
  });
  watch.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  document.querySelector(selector).click();
})"""
SAME_PAGE = "() => window.__benchSamePage === true && performance.getEntriesByType('navigation').length === 1"


def contents_folder() -> pathlib.Path:
    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-app-"))
    for notebook in (ROOT / "tutorial").glob("*.ipynb"):
        shutil.copy2(notebook, folder / notebook.name)
    (folder / "baseline.ipynb").write_text(json.dumps(BASELINE))
    for name, source in BEFORE.items():
        notebook = json.loads(json.dumps(BASELINE))
        notebook["cells"][0]["source"] = [source]
        (folder / f"{name}.ipynb").write_text(json.dumps(notebook))
    return folder


def time_to_interactive(browser, url: str, selector: str, timeout: float) -> float:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        started = time.monotonic()
        page.goto(url, wait_until="commit")
        page.wait_for_selector(selector, state="visible", timeout=timeout)
        return time.monotonic() - started
    finally:
        context.close()


def loads(browser, page_url, runs: int, timeout: float) -> dict[str, list[float]]:
    """Each page cold, in turn (so a slow moment of the machine hits every page alike)."""
    times: dict[str, list[float]] = {name: [] for name in PAGES}
    for name, (notebook, selector) in PAGES.items():            # warm-up: the server's first kernels
        time_to_interactive(browser, page_url(notebook) + ADDRESS.get(name, ""), selector, timeout)
    for _ in range(runs):
        for name, (notebook, selector) in PAGES.items():
            times[name].append(time_to_interactive(browser, page_url(notebook) + ADDRESS.get(name, ""), selector,
                                                   timeout))
    return times


def moves(browser, url: str, runs: int, timeout: float) -> dict[str, list[float]]:
    """Home -> lesson 1 -> next ... -> lesson 5 -> previous ... -> lesson 2, each run in a new page."""
    import lessons

    titles = [lesson.title("en") for lesson in lessons.LESSONS]
    found: dict[str, list[float]] = {"first visit": [], "back to a kept page": []}
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.set_default_timeout(timeout)
            page.goto(url, wait_until="domcontentloaded")
            page.wait_for_selector(PAGES["home"][1], timeout=timeout)
            page.wait_for_timeout(500)                            # the page's first messages settle
            page.evaluate("window.__benchSamePage = true")        # gone if a page were loaded
            steps = [(".bt-lesson-row a", 0, "first visit")]
            steps += [(".bt-nav-top .bt-nav-next", i, "first visit") for i in range(1, MOVES_FORWARD + 1)]
            steps += [(".bt-nav-top .bt-nav-prev", i, "back to a kept page") for i in range(MOVES_FORWARD - 1, 0, -1)]
            for selector, lesson, kind in steps:
                ms = page.evaluate(MOVE, [selector, titles[lesson]])
                if not page.evaluate(SAME_PAGE):
                    raise RuntimeError("the page was loaded again: a move must not load a page")
                found[kind].append(ms / 1000)
                page.wait_for_timeout(300)                        # a learner reads a little
        finally:
            context.close()
    return found


def click_to_verdict(browser, url: str, clicks: int, timeout: float) -> list[float]:
    import lessons

    exercise = lessons.LESSONS[0].exercises[0]
    answers = [str(exercise.wrong_answers[0][0]) if exercise.wrong_answers else "100", str(exercise.solution)]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector(".bt-lesson .bt-strip-item", timeout=timeout)
        page.locator(".bt-strip-item").first.click()
        box = page.locator(".bt-exercise .bt-number input")
        box.wait_for(timeout=timeout)
        check = page.locator(".bt-check")
        for answer in answers * 2:                              # warm-up
            box.fill(answer)
            check.click()
            page.wait_for_timeout(300)
        page.evaluate(VERDICT_PROBE)
        for i in range(clicks):
            box.fill(answers[i % 2])
            page.wait_for_timeout(150)                          # the typed text reaches Python first
            check.click()
            page.wait_for_function(f"window.__bench.samples.length >= {i + 1}", timeout=timeout)
        return list(page.evaluate("window.__bench.samples.slice()"))
    finally:
        context.close()


def verdicts(clicks: list[float]) -> dict:
    return {"n": len(clicks), "median": round(statistics.median(clicks), 1), "p95": round(percentile(clicks, 0.95), 1),
            "max": round(max(clicks), 1)}


def summary(times: dict[str, list[float]], moved: dict[str, list[float]], clicks: dict[str, list[float]],
            platform: str) -> dict:
    median = {name: statistics.median(values) for name, values in times.items()}
    move = {name: statistics.median(values) for name, values in moved.items()}
    return {
        "platform": platform,
        "seconds_to_interactive": {name: round(value, 2) for name, value in median.items()},
        "runs": {name: [round(v, 2) for v in values] for name, values in times.items()},
        "ratio_home": round(median["home"] / median["one-cell"], 2),
        "ratio_home_before": round(median["home before"] / median["one-cell"], 2),
        "target_open_ratio": TARGET_OPEN_RATIO[platform],
        "move_seconds": {name: round(value, 3) for name, value in move.items()},
        "move_runs": {name: [round(v, 3) for v in values] for name, values in moved.items()},
        "ratio_move": round(move["first visit"] / median["one-cell"], 3),
        "ratio_move_kept": round(move["back to a kept page"] / median["one-cell"], 3),
        "target_move_ratio": TARGET_MOVE_RATIO[platform],
        "click_to_verdict_ms": verdicts(clicks["app"]),
        "click_to_verdict_before_ms": verdicts(clicks["before"]),
        "target_p95_ms": TARGET_P95_MS[platform],
    }


def show(result: dict) -> None:
    platform = result["platform"]
    s = result["seconds_to_interactive"]
    print(f"== {platform}: a page opened cold, to its first interactive widget (median)")
    print(f"  one-cell notebook        {s['one-cell']:6.2f} s")
    verdict = "ok" if result["ratio_home"] <= result["target_open_ratio"] else "ABOVE TARGET"
    print(f"  the app's home page      {s['home']:6.2f} s   ratio {result['ratio_home']:4.2f}  "
          f"(target <= {result['target_open_ratio']})  {verdict}")
    print(f"  the home page alone (before) {s['home before']:6.2f} s   ratio {result['ratio_home_before']:4.2f}")
    print(f"  the app on #lesson/game  {s['lesson link']:6.2f} s")
    m = result["move_seconds"]
    print(f"== {platform}: moving inside the app, click to the new lesson's star strip (median, no page load)")
    verdict = "ok" if result["ratio_move"] <= result["target_move_ratio"] else "ABOVE TARGET"
    print(f"  to a lesson never opened {m['first visit']:6.3f} s   ratio {result['ratio_move']:5.3f}  "
          f"(target <= {result['target_move_ratio']})  {verdict}")
    print(f"  back to a lesson kept    {m['back to a kept page']:6.3f} s   ratio {result['ratio_move_kept']:5.3f}")
    for key, where in (("click_to_verdict_ms", "in the app"), ("click_to_verdict_before_ms", "lesson page alone")):
        c = result[key]
        verdict = "ok" if c["p95"] < result["target_p95_ms"] else "ABOVE TARGET"
        print(f"  click-to-verdict in lesson 1, {where}: n={c['n']} median {c['median']:.1f} ms  "
              f"p95 {c['p95']:.1f} ms  max {c['max']:.1f} ms  (target p95 < {result['target_p95_ms']:.0f} ms)  {verdict}")


def measure(browser, base: str, suffix: str, platform: str, args, timeout: float) -> dict:
    page_url = f"{base}/{{}}{suffix}".format
    times = loads(browser, page_url, args.runs, timeout)
    moved = moves(browser, page_url("index"), args.runs, timeout)
    clicks = {"app": click_to_verdict(browser, page_url("index") + "#lesson/game", args.clicks, timeout / 2),
              "before": click_to_verdict(browser, page_url("lesson-alone"), args.clicks, timeout / 2)}
    return summary(times, moved, clicks, platform)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--no-static", action="store_true", help="measure Voilà only")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="bench-app-data-"))
    folder = contents_folder()
    results = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            process, url = start_voila(folder)
            try:
                results.append(measure(browser, f"{url}/voila/render", ".ipynb", "voila", args, 60_000))
            finally:
                stop(process)
            browser.close()
            if not args.no_static:
                site = ROOT / "build" / "lite-bench"
                subprocess.run(["bash", "scripts/build_lite.sh"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                               env={**os.environ, "LITE_CONTENTS": str(folder), "LITE_OUT": str(site)})
                offline = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *OFFLINE_ARGS],
                                                     headless=True)
                process, url = serve_static(site, probe="/voici/render/index.html", name="bench-lite")
                try:
                    results.append(measure(offline, f"{url}/voici/render", ".html", "static", args, 180_000))
                finally:
                    stop(process)
                    offline.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        for result in results:
            show(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
