"""A school's JupyterHub, for real, on 127.0.0.1: two pupils, each with their own progress.

``jupyterhub`` (from the test extras) runs with its DummyAuthenticator (any pupil name,
one shared password) and the SimpleLocalProcessSpawner (each pupil's single-user server
is a local process with its own home folder), behind ``configurable-http-proxy`` from npm
(installed into ``build/node/`` by ``scripts/node_tools.sh``). Every pupil's server opens
on the home page (``Spawner.default_url``), as the classroom set-up of docs/classroom.md does.

Two pupils log in from two browsers; one completes an exercise; the other's home page
shows none of it, and the stars are under the pupil's own key in the browser's storage.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import time

import pytest

from tests.browser.pages import (
    FIRST,
    answer_first_exercise,
    home_stars,
    open_first_exercise,
    solved_verdict,
    wait_home_stars,
    wait_ready,
)
from tests.browser.support import ROOT, SCREENSHOTS, free_ports, start_server, stop
from tests.helpers import required
from tests.hub import PROXY, hub_config, log_in

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    required("jupyterhub")
    if not PROXY.exists():
        subprocess.run(["bash", "scripts/node_tools.sh"], cwd=ROOT, check=True, timeout=600)
    folder = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port = free_ports(3)
    bin_dir = pathlib.Path(sys.executable).parent
    (folder / "jupyterhub_config.py").write_text(hub_config(folder, port, hub_port, api_port))
    url = f"http://127.0.0.1:{port}"
    process, _ = start_server([str(bin_dir / "jupyterhub"), "-f", str(folder / "jupyterhub_config.py")],
                              f"hub-{port}", f"{url}/hub/login", what="jupyterhub")
    try:
        yield url, folder
    finally:
        stop(process)
        # the single-user servers are children of the spawner: the hub stops them when it stops
        time.sleep(0.5)


def test_two_pupils_keep_separate_progress(hub, browser, shoot):
    hub, folder = hub
    started = time.monotonic()
    alice_context, alice = log_in(browser, hub, "alice")
    bob_context, bob = log_in(browser, hub, "bob")
    try:
        print(f"two pupils logged in and on the home page in {time.monotonic() - started:.0f} s")
        assert home_stars(alice, FIRST.key) == 0 and home_stars(bob, FIRST.key) == 0
        alice.locator(f'.bt-lesson-row[data-lesson="{FIRST.key}"] a').click()
        alice.wait_for_url(f"**/user/alice/voila/render/tutorial/index.ipynb#lesson/{FIRST.key}**")   # the same page
        wait_ready(alice, "lesson", timeout=90_000)
        open_first_exercise(alice)
        answer_first_exercise(alice)
        solved_verdict(alice)
        alice.locator(".bt-nav-top .bt-nav-home").click()
        wait_ready(alice, "home", timeout=90_000)
        wait_home_stars(alice, FIRST.key, 3)
        shoot(alice.locator(".bt-home"), "hub-alice-home")
        assert alice.evaluate("() => Object.keys(localStorage)").count("burraco-tutor-progress:alice") == 1

        bob.reload(wait_until="domcontentloaded")
        wait_ready(bob, "home", timeout=90_000)
        bob.wait_for_timeout(1_000)                   # time for anything the browser holds to arrive
        assert home_stars(bob, FIRST.key) == 0        # alice's stars are hers
        assert "Start with lesson 1" in bob.locator(".bt-continue").inner_text()
        shoot(bob.locator(".bt-home"), "hub-bob-home")
        files = {name: folder / "home" / name / ".local" / "share" / "burraco-tutor" / "progress.json"
                 for name in ("alice", "bob")}
        assert FIRST.exercises[0].id in files["alice"].read_text()      # each pupil's server, its own file
        assert not files["bob"].exists() or FIRST.exercises[0].id not in files["bob"].read_text()
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        alice.screenshot(path=str(SCREENSHOTS / "hub-failure-alice.png"))
        bob.screenshot(path=str(SCREENSHOTS / "hub-failure-bob.png"))
        raise
    finally:
        alice_context.close()
        bob_context.close()
    assert os.environ.get("JUPYTERHUB_USER") is None   # the tests themselves are nobody's server
