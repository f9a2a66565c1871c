"""First and second visits of the browser-only build (Pyodide), served offline, side by side with a
one-cell page of the same build, plain and with the CPU slowed 4x; bytes over the wire.

Builds the tutorial plus a one-cell widget notebook (the same contents as ``bench_app.py``) into
``build/lite-bench/`` with ``scripts/build_lite.sh`` when that folder is missing (or always with
``--rebuild``, which also times the build), serves it with ``lite/serve.py`` (the build's ``.br``/
``.gz`` copies with ``Content-Encoding``, as nginx's ``gzip_static`` would) on 127.0.0.1 and opens
it in headless Chromium (Debian's /usr/bin/chromium) with every other host name unresolvable.

For the app's home page and the one-cell page, each at CPU rate 1 and 4 (DevTools'
``Emulation.setCPUThrottlingRate``, a school laptop): a first visit (a fresh browser context, empty
caches) and a second visit (the same context, the page opened again), each timed until the page
answers a click (the home page's lesson links; the one-cell page's button), with the bytes the server
sent (and their uncompressed size). Then the click-to-verdict time of the meld referee, and the
tab's memory after opening every lesson in turn from the home page (the resident memory of the tab's
renderer process, which holds Pyodide's worker; target 350 MB).

    .venv/bin/python benchmarks/bench_lite.py [--rebuild] [--no-throttle] [--json] [--site FOLDER] [--memory-only]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the shared helpers in tests/
from benchmarks.bench_app import contents_folder  # noqa: E402
from tests.browser.support import CHROMIUM, OFFLINE_ARGS, ROOT, serve_static, stop  # noqa: E402
from tests.browser.support import CHROMIUM_ARGS as BROWSER_ARGS  # noqa: E402

SITE = ROOT / "build" / "lite-bench"
CHROMIUM_ARGS = [*BROWSER_ARGS, *OFFLINE_ARGS]
# name -> (page, what answers a click once it shows)
PAGES = {
    "home": ("/voici/render/index.html", ".bt-home .bt-lesson-row a"),
    "one-cell": ("/voici/render/baseline.html", ".widget-button"),
}
REFEREE = "/voici/render/index.html#tool/referee"
VERDICT_SHOWS = "(text) => document.querySelector('.bt-verdict')?.innerText.includes(text)"
TARGET_WIRE_MB = 10
TARGET_SECOND_S = 3
TARGET_MEMORY_MB = 350
LESSON_SHOWN = ".bt-app-view .bt-lesson .bt-strip-item"


def build(force: bool) -> float | None:
    """Run scripts/build_lite.sh (the tutorial plus the one-cell page) when asked or when there is no build."""
    if not force and (SITE / ".built").exists():
        return None
    started = time.monotonic()
    subprocess.run(["bash", "scripts/build_lite.sh"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "LITE_CONTENTS": str(contents_folder()), "LITE_OUT": str(SITE)})
    return time.monotonic() - started


def served(url: str) -> dict[str, int]:
    """Bytes sent since the last call (lite/serve.py --count)."""
    with urllib.request.urlopen(url + "/__served__") as answer:
        return json.loads(answer.read())


def visit(page, url: str, path: str, ready: str) -> dict[str, float]:
    """Open PATH; seconds until READY shows, the CPU seconds the browser spent meanwhile (which a loaded
    machine stretches less than the wall clock), and the megabytes the server sent meanwhile."""
    served(url)
    cpu = browser_cpu_s()
    started = time.monotonic()
    page.goto(url + path, wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=600_000)
    seconds = time.monotonic() - started
    cpu = browser_cpu_s() - cpu
    sent = served(url)
    return {"s": round(seconds, 1), "cpu_s": round(cpu, 1), "wire_mb": round(sent["wire_bytes"] / 1e6, 1),
            "file_mb": round(sent["file_bytes"] / 1e6, 1)}


def first_and_second(browser, url: str, name: str, rate: int) -> dict[str, dict[str, float]]:
    path, ready = PAGES[name]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        first = visit(page, url, path, ready)
        page.goto("about:blank")
        second = visit(page, url, path, ready)     # the same context: the browser's caches are filled
        return {"first": first, "second": second}
    finally:
        context.close()


def click_to_verdict(browser, url: str) -> float:
    """Milliseconds from a palette click (8H added to 2H 5H 6H) to the referee's new verdict."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(url + REFEREE, wait_until="domcontentloaded")
        page.wait_for_function(VERDICT_SHOWS, arg="Legal meld", timeout=600_000)
        before = page.locator(".bt-verdict").inner_text()
        started = time.monotonic()
        page.locator('.bt-palette .bh-card[data-code="8H"]').click()
        page.wait_for_function("(old) => document.querySelector('.bt-verdict').innerText !== old", arg=before)
        return round((time.monotonic() - started) * 1000)
    finally:
        context.close()


def descendants() -> set[int]:
    """The processes started under this one (the Playwright driver, Chromium and its children)."""
    parents: dict[int, int] = {}
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            parents[int(stat.parent.name)] = int(fields[1])
        except (OSError, IndexError, ValueError):
            continue
    mine, found = {os.getpid()}, True
    while found:
        found = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                found = True
    return mine - {os.getpid()}


def browser_cpu_s() -> float:
    """CPU seconds (user and system) Chromium's processes have used so far."""
    ticks = 0
    for pid in descendants():
        try:
            if b"chromium" not in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def renderers_mb() -> list[float]:
    """Resident megabytes of each Chromium renderer process started under this process."""
    sizes = []
    for pid in descendants():
        try:
            if b"--type=renderer" not in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            rss = next(line for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines()
                       if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            continue
        sizes.append(round(int(rss.split()[1]) / 1024, 1))
    return sorted(sizes, reverse=True)


def course_memory(browser, url: str) -> dict[str, float]:
    """Open the home page, then every lesson in turn (through its link, back home between two): the tab's
    renderer memory before and after, in MB."""
    import lessons

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(url + PAGES["home"][0], wait_until="domcontentloaded")
        page.wait_for_selector(PAGES["home"][1], timeout=600_000)
        home_mb = renderers_mb()[0]
        started = time.monotonic()
        for lesson in lessons.LESSONS:
            page.locator(f'.bt-lesson-row[data-lesson="{lesson.key}"] a').click()
            page.wait_for_url(f"**#lesson/{lesson.key}**")
            page.wait_for_selector(LESSON_SHOWN, timeout=120_000)
            page.locator(".bt-nav-top .bt-nav-home").click()
            page.wait_for_selector(PAGES["home"][1], timeout=120_000)
        walk_s = time.monotonic() - started
        return {"lessons": len(lessons.LESSONS), "home_mb": home_mb, "after_mb": renderers_mb()[0],
                "walk_s": round(walk_s, 1)}
    finally:
        context.close()


def site_mb(site: pathlib.Path) -> dict[str, float]:
    files = [p for p in site.rglob("*") if p.is_file()]
    copies = [p for p in files if p.suffix in (".gz", ".br")]
    return {"site_mb": round(sum(p.stat().st_size for p in files if p not in copies) / 1e6, 1),
            "precompressed_mb": round(sum(p.stat().st_size for p in copies) / 1e6, 1)}


def show(summary: dict) -> None:
    print("browser-only build (Pyodide), served offline from 127.0.0.1 by lite/serve.py, headless Chromium")
    if summary["build_s"] is not None:
        print(f"  build                {summary['build_s']:6.1f} s")
    print(f"  site                 {summary['site_mb']:6.1f} MB (+ {summary['precompressed_mb']} MB of .br/.gz copies)")
    print("  page       CPU    first visit (browser CPU)  over the wire (uncompressed)   second visit (browser CPU)")
    for key, row in summary["visits"].items():
        name, rate = key.rsplit("@", 1)
        first, second = row["first"], row["second"]
        print(f"  {name:9s}  {rate:>3s}   {first['s']:8.1f} s ({first['cpu_s']:5.1f} s)    {first['wire_mb']:6.1f} MB "
              f"({first['file_mb']:5.1f} MB)       {second['s']:8.1f} s ({second['cpu_s']:5.1f} s), {second['wire_mb']} MB")
    home, cell = summary["visits"]["home@1x"], summary["visits"].get("one-cell@1x")
    if cell:
        print(f"  home / one-cell, first visit  {home['first']['s'] / cell['first']['s']:5.2f}   (target 1.2)")
    print(f"  home, second visit            {home['second']['s']:5.1f} s (target {TARGET_SECOND_S} s)")
    print(f"  home, first visit's wire      {home['first']['wire_mb']:5.1f} MB (target {TARGET_WIRE_MB} MB)")
    print(f"  click to verdict              {summary['click_to_verdict_ms']:5d} ms")
    memory = summary["memory"]
    print(f"  tab's memory (renderer RSS)   {memory['home_mb']:5.0f} MB at home, {memory['after_mb']:5.0f} MB after "
          f"opening all {memory['lessons']} lessons in {memory['walk_s']} s (target {TARGET_MEMORY_MB} MB)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="run scripts/build_lite.sh first and time it")
    parser.add_argument("--no-throttle", action="store_true", help="skip the runs with the CPU slowed 4x")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--site", type=pathlib.Path, help=f"a site built elsewhere (default {SITE.relative_to(ROOT)})")
    parser.add_argument("--memory-only", action="store_true", help="only the tab's memory after every lesson")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build_s = None if args.site else build(args.rebuild)
    site = args.site or SITE
    process, url = serve_static(site, probe=PAGES["home"][0], name="bench-lite-http", precompressed=True)
    visits: dict[str, dict[str, dict[str, float]]] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            if args.memory_only:
                print(json.dumps(course_memory(browser, url)))
                return 0
            for rate in (1,) if args.no_throttle else (1, 4):
                for name in PAGES:
                    if not (site / PAGES[name][0].lstrip("/")).exists():
                        continue                        # a site built without the one-cell page (--site)
                    visits[f"{name}@{rate}x"] = first_and_second(browser, url, name, rate)
            click_ms = click_to_verdict(browser, url)
            memory = course_memory(browser, url)
            browser.close()
    finally:
        stop(process)
    summary = {"build_s": None if build_s is None else round(build_s, 1), **site_mb(site), "visits": visits,
               "click_to_verdict_ms": click_ms, "memory": memory}
    if args.json:
        print(json.dumps(summary))
    else:
        show(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
