"""Fixtures for every test outside the browser tests."""

from __future__ import annotations

import asyncio

import pytest


@pytest.fixture(autouse=True)
def no_running_loop(request):
    """Code outside a kernel hands answers over with ``deliver()`` (the class link, the teacher's feed).
    The browser tests' Playwright (sync API, one per session, in this process) marks its own event loop as
    running on the main thread, so a link made in a later test would post its answers to a loop that never
    runs them: the result of a test would depend on whether the browser tests ran first. Hide that loop
    while a test outside tests/browser runs, and put it back after."""
    if "browser" in request.node.path.parts:
        yield
        return
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
