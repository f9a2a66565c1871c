"""A lesson page the learner leaves gives its kernel back: the server shuts it down at once.

Voilà's page asks for it with a POST that carries the page's `_xsrf` cookie; the
repository's voila.py makes the server set that cookie (without it every kernel left
behind kept running, with its memory, until culled). See voila.py.
"""

from __future__ import annotations

import time
import urllib.parse

import pytest

from tests.browser.conftest import open_notebook
from tests.browser.support import ARTIFACTS

pytestmark = pytest.mark.browser

KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def test_a_lesson_left_shuts_its_kernel_down(page, voila_url):
    open_notebook(page, voila_url, "02-melds.ipynb")
    kernel = page.evaluate(KERNEL_ID)
    assert kernel and "_xsrf" in {cookie["name"] for cookie in page.context.cookies()}
    page.locator(".bt-nav-top .bt-nav-next").click()                 # on to lesson 3
    page.wait_for_selector(".bt-lesson .bt-strip-item", timeout=60_000)
    assert page.evaluate(KERNEL_ID) != kernel
    log = ARTIFACTS / f"voila-{urllib.parse.urlsplit(voila_url).port}.log"
    deadline = time.monotonic() + 30
    while f"Kernel shutdown: {kernel}" not in log.read_text(errors="replace"):
        assert time.monotonic() < deadline, f"the kernel of the page left still runs (see {log})"
        time.sleep(0.5)
    assert f"403 POST /voila/api/shutdown/{kernel}" not in log.read_text(errors="replace")
