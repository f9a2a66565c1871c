"""Load-to-interactive time of the browser-only build (Pyodide), served offline.

Serves ``build/lite/`` (built by ``scripts/build_lite.sh`` first if it is missing,
or always with ``--rebuild``, which also times the build) with Python's static
file server on 127.0.0.1 and opens the tutorial's app page in headless Chromium
(Debian's /usr/bin/chromium) with every other host name unresolvable. For each
cold load (a fresh browser context: empty cache) and one warm reload it prints
the seconds until the first card is drawn and until the meld referee shows its
first verdict (Python running in the page), then the click-to-verdict time of a
palette click once the page is up.

    .venv/bin/python benchmarks/bench_lite.py [--cold 2] [--rebuild] [--json]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the shared helpers in tests/
from tests.browser.support import CHROMIUM, OFFLINE_ARGS, ROOT, serve_static, stop  # noqa: E402
from tests.browser.support import CHROMIUM_ARGS as BROWSER_ARGS  # noqa: E402

SITE = ROOT / "build" / "lite"
PAGE = "/voici/render/referee.html"   # the meld referee: opens the one-page app at #tool/referee
CHROMIUM_ARGS = [*BROWSER_ARGS, *OFFLINE_ARGS]
VERDICT_SHOWS = "(text) => document.querySelector('.bt-verdict')?.innerText.includes(text)"


def build(force: bool) -> float | None:
    """Run scripts/build_lite.sh when asked or when there is no build; return its seconds."""
    if not force and (SITE / ".built").exists():
        return None
    started = time.monotonic()
    subprocess.run(["bash", "scripts/build_lite.sh"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - started


def serve() -> tuple[subprocess.Popen[bytes], str]:
    return serve_static(SITE, probe=PAGE, name="bench-lite-http")


def load(page, url: str) -> dict[str, float]:
    """Open (or reopen) the app page; seconds to the first card and to the first verdict."""
    started = time.monotonic()
    page.goto(url + PAGE, wait_until="domcontentloaded")
    page.wait_for_selector(".bh-card svg", timeout=180_000)
    cards = time.monotonic() - started
    page.wait_for_function(VERDICT_SHOWS, arg="Legal meld", timeout=60_000)
    return {"first_card_s": cards, "interactive_s": time.monotonic() - started}


def click_to_verdict(page) -> float:
    """Seconds from a palette click (8H added to 2H 5H 6H) to the new verdict."""
    before = page.locator(".bt-verdict").inner_text()
    started = time.monotonic()
    page.locator('.bt-palette .bh-card[data-code="8H"]').click()
    page.wait_for_function("(old) => document.querySelector('.bt-verdict').innerText !== old", arg=before)
    return time.monotonic() - started


def site_size() -> float:
    return sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file()) / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", type=int, default=2, help="cold loads, each in a fresh browser context")
    parser.add_argument("--rebuild", action="store_true", help="run scripts/build_lite.sh first and time it")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build_s = build(args.rebuild)
    process, url = serve()
    cold: list[dict[str, float]] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            for _ in range(args.cold):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                cold.append(load(page, url))
                context.close()
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            load(page, url)
            warm = load(page, url)              # the same context again: HTTP and code caches filled
            click_s = click_to_verdict(page)
            context.close()
            browser.close()
    finally:
        stop(process)

    summary = {
        "build_s": None if build_s is None else round(build_s, 1),
        "site_mb": round(site_size(), 1),
        "cold_first_card_s": round(statistics.median(r["first_card_s"] for r in cold), 1),
        "cold_interactive_s": round(statistics.median(r["interactive_s"] for r in cold), 1),
        "warm_interactive_s": round(warm["interactive_s"], 1),
        "click_to_verdict_ms": round(click_s * 1000),
        "cold_loads": len(cold),
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    print("browser-only build (Pyodide), served offline from 127.0.0.1, headless Chromium")
    if summary["build_s"] is not None:
        print(f"  build               {summary['build_s']:6.1f} s")
    print(f"  site size           {summary['site_mb']:6.1f} MB")
    print(f"  cold: first card    {summary['cold_first_card_s']:6.1f} s   (median of {len(cold)})")
    print(f"  cold: interactive   {summary['cold_interactive_s']:6.1f} s")
    print(f"  warm: interactive   {summary['warm_interactive_s']:6.1f} s   (reload, caches filled)")
    print(f"  click to verdict    {summary['click_to_verdict_ms']:6d} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
