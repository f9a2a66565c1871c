"""Binder, simulated as DEPLOYMENT-NOTES describes: the app through a Binder-style Jupyter server.

repo2docker cannot run here (no Docker), so the test builds what it would: a fresh venv
with the base image's Jupyter packages, then ``pip install -r binder/requirements.txt``
from the repository root and ``binder/postBuild``, exactly as the files say. It then runs
``jupyter server`` with base URL ``/user/demo/`` and a token (links inside the app carry
no token: the login cookie must do), opens the home page at
``/user/demo/voila/render/tutorial/index.ipynb`` (the Binder badge's ``urlpath``), goes to
lesson 1 through its link (in the same page: the app) and completes an exercise. Then the session ends and a *new*
session starts with an empty home folder (Binder keeps no disk): the stars are back on
the home page, from the browser's storage alone. Last, JupyterLab in the same image opens
a lesson notebook, runs it, and its "next" link opens the next lesson in JupyterLab.

The venv is kept in ``build/binder-sim/`` between runs when the requirement files have
not changed (the project itself is reinstalled every time).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pytest

from lessons.widgets.navigation import notebook_name
from tests.browser.pages import (
    FIRST,
    SECOND,
    answer_first_exercise,
    home_stars,
    open_first_exercise,
    solved_verdict,
    wait_home_stars,
    wait_ready,
)
from tests.browser.support import ARTIFACTS, ROOT, SCREENSHOTS, free_port, start_server, stop

pytestmark = pytest.mark.browser

BASE_IMAGE = ["jupyterlab==4.*", "notebook==7.*", "jupyter_server==2.*", "ipywidgets==8.*"]
SIM = ROOT / "build" / "binder-sim"
TOKEN = "binder-simulation-token"
BASE = "/user/demo/"


def _run(command: list[str], log, **kwargs) -> None:
    log.write(f"$ {' '.join(command)}\n".encode())
    log.flush()
    result = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, check=False, timeout=900, **kwargs)
    if result.returncode:
        pytest.fail(f"{' '.join(command[:4])}... failed ({result.returncode}); see {log.name}", pytrace=False)


@pytest.fixture(scope="module")
def binder_env() -> dict[str, str]:
    """The simulated image: a venv as repo2docker would build it from binder/. Returns its bin folder."""
    stamp_text = "\n".join([*BASE_IMAGE, (ROOT / "binder" / "requirements.txt").read_text(),
                            (ROOT / "binder" / "postBuild").read_text(), sys.version])
    stamp = hashlib.sha256(stamp_text.encode()).hexdigest()[:16]
    venv = SIM / "venv"
    ARTIFACTS.mkdir(exist_ok=True)
    started = time.monotonic()
    with open(ARTIFACTS / "binder-build.log", "wb") as log:
        if (venv / ".stamp").exists() and (venv / ".stamp").read_text() == stamp:
            pass   # the same requirements: reuse the environment, reinstall the project below
        else:
            shutil.rmtree(venv, ignore_errors=True)
            _run([sys.executable, "-m", "venv", str(venv)], log)
            _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], log)
            _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", *BASE_IMAGE], log)
        # repo2docker: pip install -r binder/requirements.txt from the repository root, then postBuild.
        # It builds from a fresh clone: setuptools' build/lib of an earlier build here would bring back files
        # since deleted (a lesson file renamed), so it goes first.
        shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
        _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps", "."],
             log, cwd=ROOT)
        _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
             log, cwd=ROOT)
        env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
        _run(["bash", "binder/postBuild"], log, cwd=ROOT, env=env)
    (venv / ".stamp").write_text(stamp)
    print(f"binder environment ready in {time.monotonic() - started:.0f} s")
    return env


class BinderSession:
    """One Binder session: a Jupyter server as the image runs it, with an empty home folder."""

    def __init__(self, env: dict[str, str], port: int) -> None:
        self.home = tempfile.mkdtemp(prefix="binder-home-")
        env = {**env, "HOME": self.home, "XDG_DATA_HOME": os.path.join(self.home, ".local", "share")}
        command = [os.path.join(env["VIRTUAL_ENV"], "bin", "jupyter"), "server", "--allow-root", "--no-browser",
                   f"--port={port}", "--ServerApp.ip=127.0.0.1", f"--ServerApp.base_url={BASE}",
                   f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={ROOT}"]
        self.url = f"http://127.0.0.1:{port}{BASE}"
        self.process, _ = start_server(command, f"binder-server-{port}-{int(time.time())}",
                                       f"{self.url}api/status?token={TOKEN}", what="jupyter server", env=env)

    def voila(self, notebook: str, token: bool = False) -> str:
        return f"{self.url}voila/render/tutorial/{notebook}" + (f"?token={TOKEN}" if token else "")

    def close(self) -> None:
        stop(self.process)
        shutil.rmtree(self.home, ignore_errors=True)


def _wait_home_or_reload_once(page) -> None:
    """The new session's home page. CI once saw it not come within 90 s on a loaded machine (it comes in
    about 8 s here): what the page showed is kept in test-artifacts, and the page is reloaded once, as a
    learner would, so the test still asks what it is for (the stars come back from the browser alone)."""
    try:
        wait_ready(page, "home", timeout=90_000)
        return
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "binder-new-session-slow.png"))
        (ARTIFACTS / "binder-new-session-slow.txt").write_text(page.locator("body").inner_text()[:20_000])
        print("the new session's home page did not come within 90 s; reloaded once "
              "(see test-artifacts/binder-new-session-slow.*)")
    page.reload(wait_until="domcontentloaded")
    wait_ready(page, "home", timeout=90_000)


def test_binder_home_page_exercise_and_a_new_session(binder_env, browser, shoot):
    port = free_port()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    session = BinderSession(binder_env, port)
    try:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        started = time.monotonic()
        page.goto(session.voila("index.ipynb", token=True), wait_until="domcontentloaded")   # the badge's link
        wait_ready(page, "home", timeout=90_000)
        print(f"Binder home page interactive in {time.monotonic() - started:.1f} s")
        assert home_stars(page, FIRST.key) == 0
        shoot(page.locator(".bt-home"), "binder-home")
        page.locator(f'.bt-lesson-row[data-lesson="{FIRST.key}"] a').click()        # no token in the link
        page.wait_for_url(lambda url: f"{BASE}voila/render/tutorial/index.ipynb" in url       # the same page
                          and f"#lesson/{FIRST.key}" in url)
        wait_ready(page, "lesson", timeout=90_000)
        open_first_exercise(page)
        answer_first_exercise(page)
        solved_verdict(page)
        shoot(page.locator(".bt-lesson-page"), "binder-lesson")
        page.locator(".bt-nav-top .bt-nav-home").click()
        wait_ready(page, "home", timeout=90_000)
        wait_home_stars(page, FIRST.key, 3)
        page.close()            # the session ends with its tab: a dead kernel's page would keep knocking
    finally:
        session.close()

    session = BinderSession(binder_env, port)           # a new session: same site, nothing on its disk
    try:
        page = context.new_page()
        page.goto(session.voila("index.ipynb", token=True), wait_until="domcontentloaded")
        _wait_home_or_reload_once(page)
        wait_home_stars(page, FIRST.key, 3)                 # from localStorage only
        assert "lesson 1, exercise 1" in page.locator(".bt-continue").inner_text()   # where it stopped
        shoot(page.locator(".bt-home"), "binder-new-session")

        # JupyterLab in the same image: the lesson notebook runs, its links open the next lesson there
        lab = context.new_page()
        lab.goto(f"{session.url}lab/tree/tutorial/{notebook_name(FIRST)}.ipynb", wait_until="domcontentloaded")
        lab.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        lab.get_by_text("| Idle").first.wait_for(timeout=90_000)          # the kernel is up
        lab.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        lab.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        lab.wait_for_selector(".jp-OutputArea .bt-lesson-page .bt-nav-next", timeout=90_000)
        shoot(lab.locator(".jp-OutputArea .bt-lesson-page").first, "jupyterlab-lesson")
        lab.locator(".jp-OutputArea .bt-nav-top .bt-nav-next").first.click()
        lab.wait_for_url("**/lab/tree/tutorial/02-*.ipynb", timeout=60_000)
        lab.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)

        # index.ipynb in JupyterLab: the whole app in its output, moving by address in the same page
        app = context.new_page()
        app.goto(f"{session.url}lab/tree/tutorial/index.ipynb", wait_until="domcontentloaded")
        app.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        app.get_by_text("| Idle").first.wait_for(timeout=90_000)
        app.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        app.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        app.locator(f'.jp-OutputArea .bt-lesson-row[data-lesson="{SECOND.key}"] a').click()
        app.wait_for_function("t => document.querySelector('.jp-OutputArea .bt-lesson h1')?.innerText.includes(t)",
                              arg=SECOND.title("en"), timeout=60_000)
        assert app.url.endswith(f"/tree/tutorial/index.ipynb#lesson/{SECOND.key}")     # lab/(workspaces/…/)tree
        app.go_back()
        app.wait_for_selector(".jp-OutputArea .bt-home .bt-lesson-row", timeout=60_000)
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for i, p in enumerate(context.pages):
            p.screenshot(path=str(SCREENSHOTS / f"binder-failure-{i}.png"))
        raise
    finally:
        context.close()
        session.close()
    tracebacks = [e for e in errors if "Traceback" in e]
    assert tracebacks == []
