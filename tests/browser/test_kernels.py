"""One kernel per learner's visit: moving inside the app keeps it, and the page left gives it back.

Every lesson and tool is shown in the app page (index.ipynb), so going from one lesson to the
next neither loads a page nor starts a kernel. When the learner leaves the page (a reload, another
site, the tab closed), Voilà's page asks the server to shut its kernel down with a POST that
carries the page's `_xsrf` cookie; the repository's voila.py makes the server set that cookie
(without it every kernel left behind kept running, with its memory, until culled). See voila.py.
"""

from __future__ import annotations

import time
import urllib.parse

import pytest

import lessons
from tests.browser.conftest import open_notebook
from tests.browser.support import ARTIFACTS

pytestmark = pytest.mark.browser

KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def test_moving_keeps_the_kernel_and_a_page_left_shuts_it_down(page, voila_url):
    log = ARTIFACTS / f"voila-{urllib.parse.urlsplit(voila_url).port}.log"
    started = log.read_text(errors="replace").count("Kernel started")
    open_notebook(page, voila_url, "02-melds.ipynb")                  # an old link: the app, at lesson 2
    assert page.url.endswith("/index.ipynb#lesson/melds") or "#lesson/melds/" in page.url
    kernel = page.evaluate(KERNEL_ID)
    assert kernel and "_xsrf" in {cookie["name"] for cookie in page.context.cookies()}
    page.locator(".bt-nav-top .bt-nav-next").click()                 # on to lesson 3, in the same page
    title = lessons.LESSONS[2].title("en")
    page.wait_for_function("t => document.querySelector('.bt-lesson h1')?.innerText.includes(t)", arg=title)
    assert page.evaluate(KERNEL_ID) == kernel
    text = log.read_text(errors="replace")
    assert f"Kernel shutdown: {kernel}" not in text
    assert text.count("Kernel started") == started + 1        # the old link started none of its own

    page.reload(wait_until="domcontentloaded")                        # the learner leaves the page
    page.wait_for_selector(".bt-lesson .bt-strip-item", timeout=60_000)
    assert page.evaluate(KERNEL_ID) != kernel
    deadline = time.monotonic() + 30
    while f"Kernel shutdown: {kernel}" not in log.read_text(errors="replace"):
        assert time.monotonic() < deadline, f"the kernel of the page left still runs (see {log})"
        time.sleep(0.5)
    assert f"403 POST /voila/api/shutdown/{kernel}" not in log.read_text(errors="replace")
