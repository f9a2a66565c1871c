"""The app against a bare one-cell widget notebook, side by side, in Voilà and in the static site.

Time from navigation to the first interactive widget, for the home page (its lesson
links), a lesson (its star strip's buttons) and a one-cell ipywidgets notebook (a
button), each opened cold (a fresh browser context) several times in turn on the same
server, the median of each and the ratios (target: at most 1.5 in Voilà, 1.3 in the
static site). Then click-to-verdict in lesson 1's first exercise (Check, alternating a
wrong and the right answer): median and 95th percentile (target p95 under 100 ms in
Voilà, under 200 ms in the static site).

The static site is built by ``scripts/build_lite.sh`` from a copy of ``tutorial/`` with
the one-cell notebook added, into ``build/lite-bench/`` (the downloads are cached).

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

TARGET_RATIO = {"voila": 1.5, "static": 1.3}
TARGET_P95_MS = {"voila": 100.0, "static": 200.0}
BASELINE = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "one", "metadata": {}, "outputs": [],
               "source": ["import ipywidgets as w\n", "w.Button(description='Go')"]}],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}
# name -> (notebook, what shows the first interactive widget)
PAGES = {
    "one-cell": ("baseline", ".widget-button"),
    "home": ("index", ".bt-home .bt-lesson-row a"),
    "lesson": ("01-game", ".bt-lesson .bt-strip-item"),
}


def contents_folder() -> pathlib.Path:
    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-app-"))
    for notebook in (ROOT / "tutorial").glob("*.ipynb"):
        shutil.copy2(notebook, folder / notebook.name)
    (folder / "baseline.ipynb").write_text(json.dumps(BASELINE))
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
    for notebook, selector in PAGES.values():                   # warm-up: the server's first kernels
        time_to_interactive(browser, page_url(notebook), selector, timeout)
    for _ in range(runs):
        for name, (notebook, selector) in PAGES.items():
            times[name].append(time_to_interactive(browser, page_url(notebook), selector, timeout))
    return times


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


def summary(times: dict[str, list[float]], clicks: list[float], platform: str) -> dict:
    median = {name: statistics.median(values) for name, values in times.items()}
    return {
        "platform": platform,
        "seconds_to_interactive": {name: round(value, 2) for name, value in median.items()},
        "runs": {name: [round(v, 2) for v in values] for name, values in times.items()},
        "ratio_home": round(median["home"] / median["one-cell"], 2),
        "ratio_lesson": round(median["lesson"] / median["one-cell"], 2),
        "target_ratio": TARGET_RATIO[platform],
        "click_to_verdict_ms": {"n": len(clicks), "median": round(statistics.median(clicks), 1),
                                "p95": round(percentile(clicks, 0.95), 1), "max": round(max(clicks), 1)},
        "target_p95_ms": TARGET_P95_MS[platform],
    }


def show(result: dict) -> None:
    platform = result["platform"]
    s = result["seconds_to_interactive"]
    print(f"== {platform}: navigation to the first interactive widget (median of cold loads)")
    print(f"  one-cell notebook {s['one-cell']:6.2f} s")
    for name in ("home", "lesson"):
        ratio = result[f"ratio_{name}"]
        verdict = "ok" if ratio <= result["target_ratio"] else "ABOVE TARGET"
        print(f"  {name:<17} {s[name]:6.2f} s   ratio {ratio:4.2f}  (target <= {result['target_ratio']})  {verdict}")
    c = result["click_to_verdict_ms"]
    verdict = "ok" if c["p95"] < result["target_p95_ms"] else "ABOVE TARGET"
    print(f"  click-to-verdict in lesson 1: n={c['n']} median {c['median']:.1f} ms  p95 {c['p95']:.1f} ms  "
          f"max {c['max']:.1f} ms  (target p95 < {result['target_p95_ms']:.0f} ms)  {verdict}")


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
                times = loads(browser, lambda nb: f"{url}/voila/render/{nb}.ipynb", args.runs, 60_000)
                clicks = click_to_verdict(browser, f"{url}/voila/render/01-game.ipynb", args.clicks, 30_000)
                results.append(summary(times, clicks, "voila"))
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
                    times = loads(offline, lambda nb: f"{url}/voici/render/{nb}.html", args.runs, 180_000)
                    clicks = click_to_verdict(offline, f"{url}/voici/render/01-game.html", args.clicks, 60_000)
                    results.append(summary(times, clicks, "static"))
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
