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
tab's memory after opening every lesson in turn from the home page (its memory footprint as Chrome's task
manager shows it: the private memory of the tab's renderer process, which holds Pyodide's worker; target
350 MB; beside it the process's resident memory, which also counts Chromium's own code mapped from its
files), and what makes it up at home, after 5 lessons and after all 13: the renderer's own memory and
Chromium's files it maps, the page's and the worker's JS heaps (after a garbage collection), the DOM nodes
alive (attached or not), the widget views removed from the page but still held, and the rest (mostly
Pyodide's wasm memory).

    .venv/bin/python benchmarks/bench_lite.py [--rebuild] [--no-throttle] [--json] [--site FOLDER] [--memory-only]
    .venv/bin/python benchmarks/bench_lite.py --second-visit [--site FOLDER] [--before FOLDER] [--runs N] [--json]

``--second-visit`` times only the home page's first and second visit, with the kernel worker's start
step by step as it says it on its console (lite/snapshot.py: restoring, micropip and piplite, the kernel,
the home page's cell), for one build or two side by side (``--before``: measured alternately, under the same load).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the shared helpers in tests/
from benchmarks.bench_app import contents_folder  # noqa: E402
from tests.browser.pages import VIEWS_GONE_KEPT  # noqa: E402
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
START_SAYS = "burraco-tutor start: "            # the kernel worker's timeline (lite/snapshot.py)
SNAPSHOT_SAYS = "burraco-tutor snapshot: "
SNAPSHOT_STORED = SNAPSHOT_SAYS + "taken and stored"


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


def timeline(lines: list[str], started: float) -> dict[str, int]:
    """The kernel's worker's start, from what it said on the console (lite/snapshot.py): milliseconds each
    step took (``runtime``: Pyodide, restored or started; within it ``lock``, ``read``, ``load``, ``files``
    when restored; ``packages``: micropip and piplite; ``kernel``: ``import pyodide_kernel``; ``cell``: the
    home page's cell), and when the worker began and was ready and the cell ran, in ms after the page was asked for."""
    steps: dict[str, int] = {}
    for line in lines:
        if line.startswith(START_SAYS):
            steps |= json.loads(line[len(START_SAYS):])
    for mark in ("at", "ready", "done"):
        if mark in steps:
            steps[mark] = round(steps[mark] - started * 1000)
    return steps


def first_and_second(browser, url: str, name: str, rate: int, profile: bool = False) -> dict[str, dict]:
    """A first visit, then a second in the same context of ``browser`` (a Playwright Browser). With ``profile``,
    ``browser`` is a BrowserType (``playwright.chromium``) and the context a browser of its own with a profile
    on disk (as a pupil's own browser: its IndexedDB and compiled-code caches on disk), not an in-memory one."""
    path, ready = PAGES[name]
    folder = tempfile.TemporaryDirectory(prefix="bench-lite-profile-") if profile else None
    context = (browser.new_context(viewport={"width": 1280, "height": 900}) if folder is None else
               browser.launch_persistent_context(folder.name, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                                 headless=True, viewport={"width": 1280, "height": 900}))
    try:
        page = context.new_page()
        lines: list[str] = []
        page.on("console", lambda message: lines.append(message.text))
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        started = time.time()
        first: dict = visit(page, url, path, ready)
        first["steps"] = timeline(lines, started)
        stored = time.monotonic() + 120         # the snapshot is written after the start: wait for it
        while not any(SNAPSHOT_STORED in line for line in lines) and time.monotonic() < stored \
                and any(SNAPSHOT_SAYS in line for line in lines):
            page.wait_for_timeout(200)
        page.goto("about:blank")
        lines.clear()
        started = time.time()
        second: dict = visit(page, url, path, ready)     # the same context: the browser's caches are filled
        second["steps"] = timeline(lines, started)
        return {"first": first, "second": second}
    finally:
        context.close()
        if folder is not None:
            folder.cleanup()


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


class Worker:
    """The kernel's worker (Pyodide) through the page's DevTools session: its JS heap, and Pyodide's wasm
    memory read from a heap snapshot of the worker (the kernel keeps its ``WebAssembly.Memory`` to
    itself, and ``Runtime.queryObjects``, which would find it, crashed the tab)."""

    def __init__(self, page, cdp) -> None:
        self.page, self.cdp, self.sessions, self.answers, self.next_id = page, cdp, [], {}, 0
        self.chunks: list[str] = []
        cdp.on("Target.attachedToTarget", lambda event: self.sessions.append(event["sessionId"])
               if event["targetInfo"]["type"] == "worker" else None)
        cdp.on("Target.receivedMessageFromTarget", self._received)
        cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})

    def _received(self, event) -> None:
        message = json.loads(event["message"])
        if message.get("method") == "HeapProfiler.addHeapSnapshotChunk":
            self.chunks.append(message["params"]["chunk"])
        if "id" in message:
            self.answers[message["id"]] = message

    def send(self, method: str, params: dict | None = None) -> dict:
        self.next_id += 1
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": self.sessions[-1], "message": json.dumps(
            {"id": self.next_id, "method": method, "params": params or {}})})
        for _ in range(600):
            if self.next_id in self.answers:
                return self.answers.pop(self.next_id).get("result", {})
            self.page.wait_for_timeout(50)        # lets Playwright deliver the worker's answer
        raise TimeoutError(method)

    def wasm_bytes(self) -> int:
        """The largest array buffer of the worker whose size is whole wasm pages (64 KiB): Pyodide's memory."""
        self.chunks = []
        self.send("HeapProfiler.takeHeapSnapshot", {"reportProgress": False})
        snapshot = json.loads("".join(self.chunks))
        fields = snapshot["snapshot"]["meta"]["node_fields"]
        at_name, at_size, width = fields.index("name"), fields.index("self_size"), len(fields)
        nodes, strings = snapshot["nodes"], snapshot["strings"]
        sizes = [nodes[i + at_size] for i in range(0, len(nodes), width)
                 if strings[nodes[i + at_name]].endswith("JSArrayBufferData") and nodes[i + at_size] % 65536 == 0]
        return max(sizes, default=0)


def renderer_split() -> dict[str, float]:
    """The largest renderer's resident memory, in MB: its own (anonymous: heaps, Pyodide's wasm memory,
    compiled code) and Chromium's files mapped (its code, shared with every Chromium process); and its
    memory footprint as Chrome's task manager shows it ("Memory footprint": the private memory, which on
    Linux Chromium counts as RssAnon + VmSwap; the files mapped are left out)."""
    sizes: list[tuple[float, float, float]] = []
    for pid in descendants():
        try:
            if b"--type=renderer" not in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            status = dict(line.split(":", 1) for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines())
        except (OSError, ValueError):
            continue
        swap = int(status.get("VmSwap", "0 kB").split()[0]) / 1024
        sizes.append((int(status["RssAnon"].split()[0]) / 1024, int(status["RssFile"].split()[0]) / 1024, swap))
    anon, files, swap = max(sizes, default=(0.0, 0.0, 0.0), key=lambda size: size[0] + size[1])
    return {"anon_mb": round(anon, 1), "files_mb": round(files, 1), "footprint_mb": round(anon + swap, 1)}


def breakdown(page, cdp, worker: Worker | None) -> dict[str, float]:
    """What the tab holds, in MB: the renderer's resident memory (its own and Chromium's files); the page's
    JS heap (and the array buffers it holds), its DOM nodes; the kernel worker's JS heap, its array
    buffers (the unpacked wheels' files), Pyodide's wasm memory (which grows
    and never shrinks); the rest of the renderer's own memory (compiled code, Blink, the browser's own)."""
    mb = lambda size: round(size / 2**20, 1)    # noqa: E731
    cdp.send("HeapProfiler.collectGarbage")
    main = cdp.send("Runtime.getHeapUsage")
    dom = cdp.send("Memory.getDOMCounters")
    figures = {"renderer_mb": renderers_mb()[0], **renderer_split(), "page_js_mb": mb(main["usedSize"]),
               "page_buffers_mb": mb(main.get("backingStorageSize", 0)), "dom_nodes": dom["nodes"],
               "views_gone_kept": page.evaluate(VIEWS_GONE_KEPT)}
    if worker is not None and worker.sessions:
        worker.send("HeapProfiler.collectGarbage")
        heap = worker.send("Runtime.getHeapUsage")
        figures |= {"worker_js_mb": mb(heap["usedSize"]), "worker_buffers_mb": mb(heap.get("backingStorageSize", 0)),
                    "wasm_mb": mb(worker.wasm_bytes())}
    figures["rest_mb"] = round(figures["anon_mb"] - sum(figures.get(key, 0) for key in (
        "page_js_mb", "page_buffers_mb", "worker_js_mb", "worker_buffers_mb")), 1)
    if "wasm_mb" in figures:    # not among the worker's buffers (backingStorageSize leaves wasm memory out)
        figures["rest_mb"] = round(figures["anon_mb"] - sum(figures.get(key, 0) for key in (
            "page_js_mb", "page_buffers_mb", "worker_js_mb", "worker_buffers_mb", "wasm_mb")), 1)
    return figures


def course_memory(browser, url: str) -> dict:
    """Open the home page, then every lesson in turn (through its link, back home between two): the tab's
    memory at home, after 5 lessons and after all of them (:func:`breakdown`)."""
    import lessons

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        try:
            worker: Worker | None = Worker(page, cdp)
        except Exception:   # noqa: BLE001  (a browser without the call: the renderer's figure alone)
            worker = None
        page.goto(url + PAGES["home"][0], wait_until="domcontentloaded")
        page.wait_for_selector(PAGES["home"][1], timeout=600_000)
        steps = {"home": breakdown(page, cdp, worker)}
        started = time.monotonic()
        for number, lesson in enumerate(lessons.LESSONS, 1):
            page.locator(f'.bt-lesson-row[data-lesson="{lesson.key}"] a').click()
            page.wait_for_url(f"**#lesson/{lesson.key}**")
            page.wait_for_selector(LESSON_SHOWN, timeout=120_000)
            page.locator(".bt-nav-top .bt-nav-home").click()
            page.wait_for_selector(PAGES["home"][1], timeout=120_000)
            if number == 5:
                steps["after 5"] = breakdown(page, cdp, worker)
        walk_s = time.monotonic() - started
        steps[f"after {len(lessons.LESSONS)}"] = breakdown(page, cdp, worker)
        last = steps[f"after {len(lessons.LESSONS)}"]
        return {"lessons": len(lessons.LESSONS), "home_mb": steps["home"]["renderer_mb"],
                "after_mb": last["renderer_mb"], "home_footprint_mb": steps["home"]["footprint_mb"],
                "after_footprint_mb": last["footprint_mb"], "walk_s": round(walk_s, 1), "steps": steps}
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
    print(f"  tab's memory footprint        {memory['home_footprint_mb']:5.0f} MB at home, "
          f"{memory['after_footprint_mb']:5.0f} MB after opening all {memory['lessons']} lessons in {memory['walk_s']} s "
          f"(target {TARGET_MEMORY_MB} MB; Chrome's task manager's measure: private memory, no shared files)")
    print(f"  renderer's resident memory    {memory['home_mb']:5.0f} MB at home, {memory['after_mb']:5.0f} MB after "
          "(also Chromium's own code mapped from its files, some 130 MB shared with every tab)")
    show_memory(memory)


def show_memory(memory: dict) -> None:
    print("  MB           footprint  renderer = own + Chromium's files; own: page JS (buffers)  worker JS (buffers)"
          "  wasm memory  rest (compiled code, Blink)  DOM nodes  views gone but kept")
    print("  (footprint: Chrome's task manager's 'Memory footprint', the private memory; renderer: resident memory)")
    for where, row in memory["steps"].items():
        print(f"  {where:10s}  {row['footprint_mb']:9.0f}  {row['renderer_mb']:7.0f} = {row['anon_mb']:4.0f} + "
              f"{row['files_mb']:4.0f}"
              f"           {row['page_js_mb']:6.1f} ({row['page_buffers_mb']:4.1f})    "
              f"{row.get('worker_js_mb', 0):6.1f} ({row.get('worker_buffers_mb', 0):4.1f})   {row.get('wasm_mb', 0):6.1f}"
              f"       {row['rest_mb']:6.1f}  {row['dom_nodes']:24d}  {row['views_gone_kept']:8d}")


def second_visits(browser, sites: dict[str, pathlib.Path], runs: int, profile: bool = False) -> dict[str, list[dict]]:
    """The home page's first and second visit (CPU rate 1) of each site in turn, RUNS times: the sites
    measured alternately under the same load, each from its own address (its own IndexedDB)."""
    servers = {label: serve_static(site, probe=PAGES["home"][0], name=f"bench-lite-{label}", precompressed=True)
               for label, site in sites.items()}
    results: dict[str, list[dict]] = {label: [] for label in sites}
    try:
        for _ in range(runs):
            for label, (_, url) in servers.items():
                results[label].append(first_and_second(browser, url, "home", 1, profile) | {"load": os.getloadavg()[0]})
    finally:
        for process, _ in servers.values():
            stop(process)
    return results


STEPS_SHOWN = ("lock", "read", "load", "files", "python", "imports", "snapshot", "runtime", "packages", "kernel", "globals",
               "cell")


def show_second_visits(results: dict[str, list[dict]]) -> None:
    print("home page, first and second visit, CPU rate 1; the worker's start step by step (ms), from its console")
    print("  site        visit    until it answers (browser CPU)   wire MB   load   worker began  ready  cell ran  "
          + "  ".join(STEPS_SHOWN))
    for label, rows in results.items():
        for row in rows:
            for which in ("first", "second"):
                figures, steps = row[which], row[which]["steps"]
                print(f"  {label:10s}  {which:6s}  {figures['s']:8.1f} s ({figures['cpu_s']:5.1f} s)          "
                      f"{figures['wire_mb']:7.1f}  {row['load']:5.1f}   {steps.get('at', '-'):>10}  {steps.get('ready', '-'):>6}  "
                      f"{steps.get('done', '-'):>8}  " + "  ".join(f"{steps.get(key, '-'):>{len(key)}}" for key in STEPS_SHOWN))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="run scripts/build_lite.sh first and time it")
    parser.add_argument("--no-throttle", action="store_true", help="skip the runs with the CPU slowed 4x")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--site", type=pathlib.Path, help=f"a site built elsewhere (default {SITE.relative_to(ROOT)})")
    parser.add_argument("--memory-only", action="store_true", help="only the tab's memory after every lesson")
    parser.add_argument("--second-visit", action="store_true",
                        help="only the home page's first and second visit, with the worker's start step by step")
    parser.add_argument("--before", type=pathlib.Path,
                        help="with --second-visit: another build, measured alternately with --site (before/after)")
    parser.add_argument("--runs", type=int, default=1, help="with --second-visit: how many rounds")
    parser.add_argument("--profile", action="store_true",
                        help="with --second-visit: each visit in a browser with a profile on disk (a pupil's own "
                             "browser keeps compiled code there), not an in-memory context")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.second_visit:
        sites = {**({"before": args.before} if args.before else {}), "after" if args.before else "site": args.site or SITE}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            results = second_visits(playwright.chromium if args.profile else browser, sites, args.runs, args.profile)
            browser.close()
        if args.json:
            print(json.dumps(results))
        else:
            show_second_visits(results)
        return 0

    build_s = None if args.site else build(args.rebuild)
    site = args.site or SITE
    process, url = serve_static(site, probe=PAGES["home"][0], name="bench-lite-http", precompressed=True)
    visits: dict[str, dict[str, dict[str, float]]] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            if args.memory_only:
                memory = course_memory(browser, url)
                if args.json:
                    print(json.dumps(memory))
                else:
                    show_memory(memory)
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
