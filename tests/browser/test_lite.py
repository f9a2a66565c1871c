"""The browser-only build (Pyodide, no server-side Python) works offline from a static web server.

Builds the site with ``scripts/build_lite.sh`` (cached downloads make a rebuild take
seconds), serves ``build/lite/`` with ``python -m http.server`` on 127.0.0.1, and opens
it in headless Chromium with every host name but 127.0.0.1 unresolvable. The site opens
on the one-page app's home page (its loading screen says what is happening meanwhile), and
Pyodide starts once: the learner goes to lesson 1 through its link, completes an exercise,
goes on to lesson 2, home, the meld referee (which answers clicks and typing), then Back and
Back again, all without a page load. A reload on a lesson's address lands there with its stars
(the browser's storage is the only place they are kept here), and an old lesson page opens the
app at that lesson. No request may leave 127.0.0.1, and the site stays under 60 MB.

The site is served by ``lite/serve.py``, which sends the build's precompressed ``.br``/``.gz``
copies as nginx's ``gzip_static`` does: the first visit to the home page moves at most 10 MB over
the wire, and every large file a browser fetches has its compressed copies, which decode to it.

Set ``BURRACO_SKIP_LITE=1`` to skip this test (and so the build, which needs the npm
registry and PyPI the first time). It never skips otherwise.
"""

from __future__ import annotations

import gzip
import json
import os
import pathlib
import subprocess
import time
import urllib.request
from collections.abc import Iterator

import pytest

import lessons
from lessons.widgets.navigation import notebook_name
from tests.browser.pages import (
    FIRST,
    VIEWS_GONE_KEPT,
    answer_first_exercise,
    open_first_exercise,
    solved_verdict,
    wait_home_stars,
    wait_ready,
)
from tests.browser.support import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    OFFLINE_ARGS,
    ROOT,
    SCREENSHOTS,
    real_errors,
    serve_static,
    stop,
    wait_for_text,
)
from tests.helpers import lite_script

pytestmark = pytest.mark.browser

SKIP_ENV = "BURRACO_SKIP_LITE"
SITE = ROOT / "build" / "lite"
APP_PAGE = "/voici/render/index.html"
MAX_SITE_MB = 60          # the files themselves; their .br/.gz copies are counted apart
MAX_WIRE_MB = 10          # a first visit to the home page, over the wire
WAIT_MS = 30_000  # Python runs in the page: slower answers than the Voilà kernel's


@pytest.fixture(scope="module")
def lite_build() -> dict[str, float]:
    """Build the static site (always: the script is idempotent and reuses its downloads)."""
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"{SKIP_ENV}=1: the browser-only build is switched off")
    started = time.monotonic()
    result = subprocess.run(["bash", "scripts/build_lite.sh"], cwd=ROOT, capture_output=True, text=True,
                            timeout=900, check=False)
    seconds = time.monotonic() - started
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "build_lite.log").write_text(result.stdout + result.stderr)
    if result.returncode != 0:
        pytest.fail(f"scripts/build_lite.sh failed ({result.returncode}):\n{result.stderr[-4000:]}")
    files = [p for p in SITE.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files if p.suffix not in (".gz", ".br"))
    copies = sum(p.stat().st_size for p in files if p.suffix in (".gz", ".br"))
    return {"build_s": round(seconds, 1), "site_mb": round(size / 1e6, 1), "precompressed_mb": round(copies / 1e6, 1)}


@pytest.fixture(scope="module")
def lite_url(lite_build) -> Iterator[str]:
    """``build/lite`` served by ``lite/serve.py`` (precompressed copies, a byte counter) on a free port of 127.0.0.1."""
    process, url = serve_static(SITE, probe=APP_PAGE, name="lite-http", precompressed=True)
    try:
        yield url
    finally:
        stop(process)


@pytest.fixture(scope="module")
def offline_browser(request):
    """Debian's Chromium with DNS answering only for 127.0.0.1 (missing Chromium fails, never skips)."""
    if not pathlib.Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM} (Debian: apt-get install -y chromium)")
    import playwright.sync_api  # noqa: F401  (an ImportError here fails the test rather than skipping it)

    # A second Chromium from the session's Playwright driver (the sync API allows one driver per thread).
    browser_type = request.getfixturevalue("browser").browser_type
    chromium = browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *OFFLINE_ARGS], headless=True)
    try:
        yield chromium
    finally:
        chromium.close()


SECOND = lessons.LESSONS[1]
SNAPSHOT = "burraco-tutor snapshot: "   # what the kernel's worker says of its start (lite/snapshot.py)
SERVICE_WORKERS = "async () => (await navigator.serviceWorker.getRegistrations()).length"
# Polled in the page: wait_for_function takes an async predicate's promise for a true answer.
SERVICE_WORKERS_GONE = """async seconds => {
  for (let tries = 0; tries < seconds * 10; tries++) {
    if ((await navigator.serviceWorker.getRegistrations()).length === 0) return true;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  return false;
}"""
SAME_PAGE = "() => window.__btFirstPage === true && performance.getEntriesByType('navigation').length === 1"


def _heading_is(page, title: str, timeout: float = WAIT_MS) -> None:
    page.wait_for_function(
        "t => { const h = document.querySelector('.bt-app-view h1'); return h && h.innerText.includes(t); }",
        arg=title, timeout=timeout)


def _served(url: str) -> dict[str, int]:
    """What the server sent since the last call: requests, bytes over the wire, their files' bytes."""
    with urllib.request.urlopen(url + "/__served__") as answer:
        return json.loads(answer.read())


def _fetch(url: str, encoding: str | None) -> tuple[bytes, dict[str, str]]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as answer:
        return answer.read(), dict(answer.headers)


def _unbrotli(data: bytes) -> bytes:
    """Brotli-decoded, by the build's own venv (brotli is pinned in lite/build-requirements.txt)."""
    decode = "import sys, brotli; sys.stdout.buffer.write(brotli.decompress(sys.stdin.buffer.read()))"
    return subprocess.run([str(ROOT / ".venv-lite" / "bin" / "python"), "-c", decode], input=data,
                          capture_output=True, check=True, timeout=120).stdout


def test_lite_site_is_sent_precompressed(lite_build, lite_url):
    """The wasm, every wheel and every large script have .gz and .br copies beside them that decode to
    the file itself; the server sends one when the browser accepts it, and the file otherwise."""
    pyodide = SITE / "static" / "pyodide"
    large = [pyodide / "pyodide.asm.wasm", *pyodide.glob("*.whl"),
             *(p for p in SITE.rglob("*.js") if p.stat().st_size > 100_000)]
    large = [p for p in large if p.stat().st_size > 20_000]       # the stub wheels are a few hundred bytes
    assert len(large) > 20
    missing = [str(p.relative_to(SITE)) for p in large
               if not (p.with_name(p.name + ".gz").exists() and p.with_name(p.name + ".br").exists())]
    assert missing == [], f"no precompressed copies of {missing}"
    for path in large[:6]:
        original = path.read_bytes()
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == original, path
        assert _unbrotli(path.with_name(path.name + ".br").read_bytes()) == original, path

    wasm = pyodide / "pyodide.asm.wasm"
    address = f"{lite_url}/static/pyodide/pyodide.asm.wasm"
    body, headers = _fetch(address, "gzip, deflate, br")
    assert headers.get("Content-Encoding") == "br" and headers.get("Content-Type") == "application/wasm", headers
    assert "Accept-Encoding" in headers.get("Vary", ""), headers
    assert _unbrotli(body) == wasm.read_bytes()
    body, headers = _fetch(address, "gzip")
    assert headers.get("Content-Encoding") == "gzip" and gzip.decompress(body) == wasm.read_bytes()
    body, headers = _fetch(address, "br;q=0, gzip;q=0")
    assert "Content-Encoding" not in headers and body == wasm.read_bytes()
    body, headers = _fetch(address, None)
    assert "Content-Encoding" not in headers and body == wasm.read_bytes()


def test_lite_wheels_hold_the_start_as_bytecode(lite_build):
    """The modules a visit imports (the home page's, the kernel's, the first lesson's) are shipped as bytecode of the
    site's own Python, so a visit compiles none of them (lite/precompile.py); the lock's checksums
    are those of the rewritten wheels, and pygments keeps only the lexers IPython uses."""
    import hashlib
    import zipfile

    pyodide = SITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for package in lock["packages"].values():
        wheel = pyodide / package["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == package["sha256"], wheel.name

    def names(prefix: str) -> set[str]:
        (wheel,) = pyodide.glob(f"{prefix}-*.whl")
        return set(zipfile.ZipFile(wheel).namelist())

    ours = names("burraco_tutor")
    for module in ("lessons/__init__", "lessons/widgets/app", "lessons/widgets/home", "burraco_core/__init__",
                   "lessons/widgets/lesson"):       # the first lesson's widget: imported when it opens
        assert f"{module}.pyc" in ours and f"{module}.py" not in ours, module
    ipython = names("ipython")
    assert "IPython/core/interactiveshell.pyc" in ipython and "IPython/core/interactiveshell.py" not in ipython
    with zipfile.ZipFile(next(pyodide.glob("burraco_tutor-*.whl"))) as wheel:
        code = wheel.read("lessons/__init__.pyc")
    assert code[:4] == (3531).to_bytes(2, "little") + b"\r\n", code[:4]          # the magic number of Python 3.12
    pygments = names("pygments")
    assert "pygments/lexers/python.pyc" in pygments and "pygments/lexers/business.py" not in pygments


NODE_PYODIDE = """
import path from "node:path";
import { pathToFileURL } from "node:url";
const [site, code] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: site + path.sep });
await pyodide.loadPackage(["micropip", "piplite"], { messageCallback: () => {} });
console.log(await pyodide.runPythonAsync(code));
"""


def _in_pyodide(site: pathlib.Path, code: str) -> str:
    """What Python code (its last expression) gives in the site's own Pyodide, under node (which the build needs)."""
    result = subprocess.run(["node", "--input-type=module", "-e", NODE_PYODIDE, str(site / "static" / "pyodide"), code],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip().splitlines()[-1]


def test_lite_start_imports_no_installer_until_asked(lite_build):
    """The kernel's start no longer imports piplite and micropip (2-4 s of a restored visit, issue 31): their
    options are set when something first imports piplite (``%pip install`` does), and both then work."""
    snapshot = lite_script("snapshot")
    workers = [p for p in (SITE / snapshot.WORKERS).glob("*.js") if snapshot.SHAPE in p.read_text()]
    assert workers, "no patched kernel worker"
    for worker in workers:
        text = worker.read_text()
        assert snapshot.PIPLITE_NOW not in text and "_piplite_when_imported(" in text, worker.name
    urls = ["./extensions/some/all.json"]
    later = snapshot.PIPLITE_LATER.replace("__DISABLE_PYPI__", "True").replace("__URLS__", json.dumps(urls))
    code = later + "\n".join([
        "import sys",
        "quiet = 'micropip' not in sys.modules and 'piplite' not in sys.modules",
        "import piplite, micropip",
        "from piplite import piplite as settings",
        "str([quiet, settings._PIPLITE_DISABLE_PYPI, settings._PIPLITE_URLS, callable(micropip.install), "
        "'_piplite_when_imported' in globals()])",
    ])
    assert _in_pyodide(SITE, code) == str([True, True, urls, True, False])


NODE_SNAPSHOT = """
import path from "node:path";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [site, config, imports, check] = process.argv.slice(1);
const packages = JSON.parse(readFileSync(config, "utf8"))["jupyter-config-data"].litePluginSettings[
  "@jupyterlite/pyodide-kernel-extension:kernel"].loadPyodideOptions.packages;
const { loadPyodide } = await import(pathToFileURL(path.join(site, "pyodide.mjs")).href);
const first = await loadPyodide({ indexURL: site + path.sep, packages, _makeSnapshot: true });
first.runPython(imports);
for (const name of Object.keys(first.loadedPackages)) delete first.loadedPackages[name];
const restored = await loadPyodide({ indexURL: site + path.sep, _loadSnapshot: first.makeMemorySnapshot() });
console.log(await restored.runPythonAsync(check));
"""


def test_lite_snapshot_holds_the_kernel_and_no_javascript(lite_build):
    """What the first visit runs before its snapshot (lite/snapshot.py) imports the kernel itself (0.5-0.8 s of a
    restored visit, issue 31) and holds no JavaScript object, or Pyodide would refuse the snapshot. After a restore
    the kernel is there, ``pyodide_js`` is Pyodide's own module again, and the kernel's package loader still answers."""
    snapshot = lite_script("snapshot")
    check = "\n".join([
        "import sys, pyodide_js, pyodide_kernel, pyodide_kernel.kernel as kernel",
        "loading = kernel._load_packages_from_imports('import json')",
        "str(['pyodide_kernel' in sys.modules, type(pyodide_js).__name__, hasattr(loading, '__await__'), "
        "type(pyodide_kernel.kernel_instance).__name__])",
    ])
    imports = "; ".join(("import " + ", ".join(snapshot.IMPORTS), *snapshot.WARM)) + "\n" + snapshot.KERNEL
    result = subprocess.run(["node", "--input-type=module", "-e", NODE_SNAPSHOT, str(SITE / "static" / "pyodide"),
                             str(SITE / "jupyter-lite.json"), imports, check],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().splitlines()[-1] == str([True, "JsProxy", True, "PyodideKernel"])


def _superseded(request) -> bool:
    """A page load the browser dropped because the site's start pages redirect onwards
    (JupyterLite's root page, then voici/index.html): not a failure of the site."""
    return request.is_navigation_request() and "ERR_ABORTED" in (request.failure or "")


def test_lite_app_runs_offline_in_the_browser(lite_build, lite_url, offline_browser, shoot):
    context = offline_browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    requests: list[str] = []
    failed: list[str] = []
    errors: list[str] = []
    page_errors: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    context.on("requestfailed", lambda r: None if _superseded(r) else failed.append(f"{r.url} {r.failure}"))
    context.on("response", lambda r: failed.append(f"{r.url} HTTP {r.status}") if r.status >= 400 else None)
    page = context.new_page()
    console: list[str] = []
    page.on("pageerror", lambda exc: page_errors.append(f"{exc.message}\n{exc.stack}"))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("console", lambda msg: console.append(f"{msg.type}: {msg.text}"))
    try:
        _served(lite_url)
        started = time.monotonic()
        page.goto(lite_url + "/", wait_until="domcontentloaded")     # the site opens on the home page
        page.wait_for_url(lite_url + APP_PAGE, timeout=30_000)
        page.wait_for_selector("#bt-loading li[data-state=active]", timeout=30_000)
        page.wait_for_timeout(1_500)
        page.screenshot(path=str(SCREENSHOTS / "lite-loading.png"))
        loading = page.locator("#bt-loading").inner_text()
        assert "Burraco Tutor is starting" in loading and "Starting Python" in loading and "s so far" in loading
        assert page.locator("#loading .spinner").get_attribute("aria-hidden") == "true"   # no image named "spin"
        # Pyodide starts, loads the wheels, runs the notebook: generous time on 2 slow cores.
        wait_ready(page, "home", timeout=150_000)
        widgets_s = time.monotonic() - started
        cold = _served(lite_url)                                         # a first visit, empty caches
        assert page.locator(".bt-lesson-row").count() == len(lessons.LESSONS)
        assert page.locator("#loading").is_hidden()
        shoot(page.locator(".bt-home"), "lite-home")

        page.evaluate("() => { window.__btFirstPage = true; }")
        page.locator(f'.bt-lesson-row[data-lesson="{FIRST.key}"] a').click()
        page.wait_for_url(f"**/voici/render/index.html#lesson/{FIRST.key}**")      # the same page
        wait_ready(page, "lesson", timeout=WAIT_MS)
        open_first_exercise(page, timeout=WAIT_MS)
        answer_first_exercise(page, timeout=WAIT_MS)
        solved_verdict(page, timeout=WAIT_MS)
        interactive_s = time.monotonic() - started
        shoot(page.locator(".bt-lesson-page"), "lite-lesson")
        moved = time.monotonic()
        page.locator(".bt-nav-top .bt-nav-next").click()
        _heading_is(page, SECOND.title("en"))
        page.wait_for_selector(".bt-app-view .bt-lesson .bt-strip-item", timeout=WAIT_MS)
        move_s = time.monotonic() - moved
        page.locator(".bt-nav-top .bt-nav-home").click()
        wait_ready(page, "home", timeout=WAIT_MS)
        wait_home_stars(page, FIRST.key, 3, timeout=WAIT_MS)
        page.locator(".bt-tool-referee").click()
        page.wait_for_selector(".bt-app-view .bt-referee .bh-card svg", timeout=WAIT_MS)
        assert page.evaluate("() => window.location.hash") == "#tool/referee"
        wait_for_text(page, ".bt-verdict", "✓ Legal meld", timeout=WAIT_MS)     # the page starts with 2H 5H 6H
        verdict = page.locator(".bt-verdict")
        assert "stands for 4♥" in verdict.inner_text()
        assert page.locator(".bh-hand").first.locator(".bh-card").count() == 11
        palette = page.locator(".bt-palette")
        assert palette.locator(".bh-card").count() == 108     # both copies of every card and the four jokers

        # Clicks in the palette reach Python (in the page) and the verdict comes back.
        page.locator(".bt-referee button", has_text="Clear").click()
        wait_for_text(page, ".bt-verdict", "Pick cards", timeout=WAIT_MS)
        clicked = time.monotonic()
        for code in ("7S", "7D", "JK"):
            palette.locator(f'.bh-card[data-code="{code}"]').first.click()
        wait_for_text(page, ".bt-verdict", "group of sevens", timeout=WAIT_MS)
        click_s = time.monotonic() - clicked
        assert "✓ Legal meld" in verdict.inner_text()
        assert page.locator(".bt-meld-text input").input_value() == "7S 7D JK"

        # Typing too.
        page.locator(".bt-meld-text input").fill("5H 6H JK 2C")
        wait_for_text(page, ".bt-verdict", "✗ Not a legal meld", timeout=WAIT_MS)
        assert "meld.one-wild" in verdict.inner_text()

        shoot(page.locator(".bt-referee"), "lite-referee")
        page.screenshot(path=str(SCREENSHOTS / "lite-page.png"))

        page.go_back()                                                   # Back: home, then lesson 2
        wait_ready(page, "home", timeout=WAIT_MS)
        # The home page drawn three times, two lessons and the referee: no view of a page left stays in the browser
        # (ipywidgets 8 kept every one, with its DOM, while its widget was open in Python; lite/widget_views.py)
        kept = page.evaluate(VIEWS_GONE_KEPT)
        for _ in range(40):                                             # a layout's view may still be on its way out
            if kept == 0:
                break
            page.wait_for_timeout(250)
            kept = page.evaluate(VIEWS_GONE_KEPT)
        assert kept == 0, f"{kept} widget views removed from the page are still held (-1: no widget manager found)"
        page.go_back()
        _heading_is(page, SECOND.title("en"))
        assert page.evaluate(SAME_PAGE), "a move loaded a page: Pyodide started again"

        page.goto(f"{lite_url}{APP_PAGE}#lesson/{FIRST.key}/1")          # the address typed (same page)
        # The first start stored Python's memory for the next one (lite/snapshot.py, issue 31).
        stored = time.monotonic() + 60                                   # IndexedDB writes it after the start
        while not any(f"{SNAPSHOT}taken and stored" in line for line in console) and time.monotonic() < stored:
            page.wait_for_timeout(250)
        assert any(f"{SNAPSHOT}taken and stored" in line for line in console), console
        before_reload, requests_before = len(console), len(requests)
        page.reload(wait_until="domcontentloaded")                       # a new Python: only the browser remembers
        _heading_is(page, FIRST.title("en"), timeout=150_000)
        restarted = console[before_reload:]
        assert any(f"{SNAPSHOT}restored" in line for line in restarted), restarted
        wheels = [url for url in requests[requests_before:] if url.endswith(".whl")]
        assert wheels == [], f"a second start fetched wheels (to unpack them): {wheels}"
        # No service worker stands between the page and the server (lite/service_worker.py), and the one a browser
        # registered on a visit to an earlier build removes itself once it finds the site's new script.
        assert page.evaluate("() => navigator.serviceWorker.controller") is None
        assert page.evaluate(SERVICE_WORKERS) == 0
        assert page.evaluate(f"async () => (await navigator.serviceWorker.register('{lite_url}/service-worker.js'))"
                             ".scope") == lite_url + "/"
        assert page.evaluate(SERVICE_WORKERS_GONE, 10), "the site's service-worker.js stays registered"
        page.wait_for_selector(".bt-exercise .bt-number input", timeout=WAIT_MS)
        page.wait_for_function("() => document.querySelector('.bt-strip-item')?.innerText.includes('★★★')",
                               timeout=WAIT_MS)
        page.goto(f"{lite_url}/voici/render/{notebook_name(SECOND)}.html", wait_until="domcontentloaded")
        page.wait_for_url(f"**{APP_PAGE}#lesson/{SECOND.key}**")         # an old link opens the app there
        _heading_is(page, SECOND.title("en"), timeout=150_000)
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "lite-failure.png"))
        raise
    finally:
        log = console + [f"pageerror: {e}" for e in page_errors] + [f"request failed: {f}" for f in failed]
        (ARTIFACTS / "lite-console.log").write_text("\n".join(log) + "\n")
        context.close()

    figures = {**lite_build, "home_interactive_s": round(widgets_s, 1), "first_exercise_solved_s": round(interactive_s, 1),
               "next_lesson_s": round(move_s, 2), "three_clicks_to_verdict_s": round(click_s, 2),
               "requests": len(requests), "first_visit_wire_mb": round(cold["wire_bytes"] / 1e6, 1),
               "first_visit_files_mb": round(cold["file_bytes"] / 1e6, 1)}
    assert lite_build["site_mb"] < MAX_SITE_MB, f"the static site is {lite_build['site_mb']} MB"
    assert cold["wire_bytes"] < 0.6 * cold["file_bytes"], f"the first visit was hardly compressed: {cold}"
    assert cold["wire_bytes"] <= MAX_WIRE_MB * 1e6, f"the first visit moved {cold['wire_bytes'] / 1e6:.1f} MB"
    (ARTIFACTS / "lite-figures.json").write_text(json.dumps(figures, indent=1) + "\n")
    print("browser-only build:", figures)

    local = (lite_url + "/", "data:", "blob:")
    outside = sorted({url for url in requests if not url.startswith(local)})
    assert outside == [], f"requests left 127.0.0.1: {outside}"
    assert any(url.startswith(f"{lite_url}/static/pyodide/burraco_tutor-") for url in requests), \
        "the project's wheel was not loaded from the site"
    assert any(url.endswith("pyodide.asm.wasm") for url in requests), "Pyodide was not loaded from the site"
    assert failed == [], f"failed requests: {failed}"
    assert page_errors == [], page_errors
    assert real_errors(errors) == [], errors
    assert not any("ERR_NAME_NOT_RESOLVED" in e for e in errors), errors


# A stand-in for JupyterLite's worker as an older build registered it: it takes the pages and passes every
# request on (JupyterLite 0.6's does the same with its cache off).
OLDER_WORKER = """\
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (event) => event.respondWith(fetch(event.request)));
"""


def test_lite_a_worker_an_older_build_registered_goes_on_the_next_visit(lite_build, lite_url, offline_browser):
    """A pupil's browser that visited a build with JupyterLite's service worker: on the first visit to this build
    the browser finds the changed script, installs it, and it unregisters (lite/service_worker.py); the page then
    reaches the server directly. The tree page is enough: any page of the site is in the worker's scope."""
    worker = SITE / "service-worker.js"
    kept = {path: path.read_bytes() for path in (worker, *worker.parent.glob("service-worker.js.*"))}
    context = offline_browser.new_context()
    page = context.new_page()
    tree = f"{lite_url}/voici/tree/index.html"
    try:
        for path in kept:
            path.unlink()
        worker.write_text(OLDER_WORKER, encoding="utf-8")                # the older build, as served then
        older = time.time() - 60                                         # (lite/serve.py answers 304 to a script
        os.utime(worker, (older, older))                                 # changed within the same second)
        page.goto(tree, wait_until="domcontentloaded")
        assert page.evaluate(f"async () => (await navigator.serviceWorker.register('{lite_url}/service-worker.js'))"
                             ".scope") == lite_url + "/"
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=WAIT_MS)
        page.reload(wait_until="domcontentloaded")
        assert page.evaluate("() => navigator.serviceWorker.controller !== null"), "the older worker took no page"
    finally:
        for path, data in kept.items():                                  # this build, as published
            path.write_bytes(data)
    page.reload(wait_until="domcontentloaded")                           # the next visit
    try:
        # Chromium checks the script some seconds after a navigation (3-4.3 s in six runs here)
        assert page.evaluate(SERVICE_WORKERS_GONE, 30), "the older build's worker stays registered"
        page.reload(wait_until="domcontentloaded")
        assert page.evaluate("() => navigator.serviceWorker.controller") is None
    finally:
        context.close()
