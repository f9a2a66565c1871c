"""Browser fixtures: the tutorial served by Voilà, driven by Debian's headless Chromium.

The server starts once per session on a free port and is stopped at the end;
Playwright drives /usr/bin/chromium (never a downloaded browser). Without
Chromium, Playwright or Voilà the tests skip, except under CI (the variable CI
set, e.g. CI=true), where a missing tool is an install bug and the tests fail.
"""

from __future__ import annotations

import os
import pathlib
import tempfile
from collections.abc import Iterator

import pytest

from tests.browser.support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SCREENSHOTS,
    missing,
    real_errors,
    start_voila,
    stop,
    voila_executable,
)

# The servers started here keep progress in files: never in the real home of whoever runs the tests.
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="burraco-tutor-data-"))


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    if voila_executable() is None:
        missing("voila is not installed")
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


def open_lesson(page, base_url: str, notebook: str):
    """Open a lesson's notebook (the app at that lesson) and wait for its star strip: its first screen
    may be text alone, or its summary when an earlier test finished it."""
    page.goto(f"{base_url}/voila/render/{notebook}", wait_until="domcontentloaded")
    page.wait_for_selector(".bt-lesson .bt-strip-item", timeout=60_000)
    return page


@pytest.fixture
def app(page, voila_url):
    """The demo notebook, open and drawn."""
    return open_notebook(page, voila_url)


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
