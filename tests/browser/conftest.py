"""Browser fixtures: the tutorial served by Voilà, driven by Debian's headless Chromium.

The server starts once per session on a free port and is stopped at the end;
Playwright drives /usr/bin/chromium (never a downloaded browser). Without
Chromium, Playwright or Voilà the tests skip, except under CI (the variable CI
set, e.g. CI=true), where a missing tool is an install bug and the tests fail.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import NoReturn

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = os.environ.get("BURRACO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(what: str) -> NoReturn:
    """A tool the browser tests need is missing: skip locally, fail under CI."""
    if IN_CI:
        pytest.fail(f"{what} (CI is set: the browser tests must run there)", pytrace=False)
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def voila_executable() -> str:
    here = pathlib.Path(sys.executable).parent / "voila"
    if here.exists():
        return str(here)
    found = shutil.which("voila")
    if not found:
        missing("voila is not installed")
    return found


def start_voila(folder: str = "tutorial/", timeout: float = 60.0) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``voila`` on a free port serving ``folder``; return the process and its base URL."""
    port = free_port()
    log = open(ROOT / "test-artifacts" / f"voila-{port}.log", "wb")  # noqa: SIM115 (kept open for the server)
    process = subprocess.Popen(
        [voila_executable(), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", folder],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited with code {process.returncode}; see {log.name}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as answer:
                if answer.status < 500:
                    return process, url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.25)
    stop(process)
    raise RuntimeError(f"voila did not answer within {timeout} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    process, url = start_voila()
    try:
        yield url
    finally:
        stop(process)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not pathlib.Path(CHROMIUM).exists():
        missing(f"no Chromium at {CHROMIUM}")
    try:
        from playwright import sync_api
    except ImportError as err:
        missing(f"Playwright cannot be imported: {err}")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, voila_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.js_errors = errors
    try:
        yield page
    finally:
        context.close()


def open_notebook(page, base_url: str, notebook: str = "index.ipynb"):
    """Open a notebook in Voilà and wait until its widgets have drawn their cards."""
    page.goto(f"{base_url}/voila/render/{notebook}", wait_until="domcontentloaded")
    page.wait_for_selector(".bh-card svg", timeout=60_000)
    return page


@pytest.fixture
def app(page, voila_url):
    """The demo notebook, open and drawn."""
    return open_notebook(page, voila_url)


def real_errors(errors: list[str]) -> list[str]:
    """Console errors other than the offline CDN fetches Voilà's template makes."""
    harmless = ("ERR_NAME_NOT_RESOLVED", "ERR_INTERNET_DISCONNECTED", "Failed to load resource")
    return [e for e in errors if not any(h in e for h in harmless)]


@pytest.fixture
def shoot():
    """Save a screenshot of a locator (or page) under test-artifacts/screenshots/NAME.png."""

    def save(locator, name: str) -> pathlib.Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page = locator.page
        size = page.viewport_size
        height = (locator.bounding_box() or {}).get("height", 0)
        if size and height > size["height"] - 40:
            # Chromium leaves parts outside the viewport unpainted in element shots of tall elements
            page.set_viewport_size({"width": size["width"], "height": int(height) + 120})
        try:
            locator.scroll_into_view_if_needed()
            locator.screenshot(path=str(path))
        finally:
            if size:
                page.set_viewport_size(size)
        return path

    return save


@pytest.fixture
def console_errors(page):
    """The page's console errors, without the offline CDN fetches of Voilà's template."""
    return lambda: real_errors(page.js_errors)
