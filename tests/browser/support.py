"""What the browser tests and the browser benchmarks share: Chromium, Voilà and static servers.

Debian's Chromium (``/usr/bin/chromium``, or ``$BURRACO_CHROMIUM``) is driven by
Playwright, never a downloaded browser. Servers listen on a free port of 127.0.0.1
and log to ``test-artifacts/`` (``start_server``: any server, up once a URL answers;
``start_voila``, ``serve_static``). Used by the browser tests and the benchmarks.
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
from typing import Any, NoReturn

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
CHROMIUM = os.environ.get("BURRACO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Every host name but 127.0.0.1 fails to resolve: what works so works offline.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
IN_CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(what: str) -> NoReturn:
    """A tool the browser tests need is missing: skip locally, fail under CI."""
    if IN_CI:
        pytest.fail(f"{what} (CI is set: the browser tests must run there)", pytrace=False)
    pytest.skip(what)


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """``count`` different TCP ports of 127.0.0.1 that nothing listens on now. Each socket stays
    bound until all are chosen: ports asked for one by one may come back twice (a hub once got
    the same port for itself and its proxy's API, and could not start)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def voila_executable() -> str | None:
    """The ``voila`` beside this Python (the project's .venv), else on the PATH; None if neither."""
    here = pathlib.Path(sys.executable).parent / "voila"
    if here.exists():
        return str(here)
    return shutil.which("voila")


def _wait_until_up(process: subprocess.Popen[bytes], url: str, timeout: float, what: str, log: str) -> None:
    """Poll ``url`` until it answers below HTTP 500; stop the process and raise if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with code {process.returncode}; see {log}")
        try:
            with urllib.request.urlopen(url, timeout=2) as answer:
                if answer.status < 500:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    stop(process)
    raise RuntimeError(f"{what} did not answer within {timeout:g} s; see {log}")


def _server(command: list[str], name: str,
            env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], pathlib.Path]:
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / f"{name}.log"
    with open(log, "wb") as out:  # the child keeps its own copy of the file descriptor
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    return process, log


def start_server(command: list[str], name: str, ready_url: str, *, what: str, timeout: float = 90.0,
                 env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], pathlib.Path]:
    """Start a server (``command`` run from the repository, in ``env`` or this environment), logging
    to ``test-artifacts/NAME.log``; return it and its log once ``ready_url`` answers below HTTP 500.
    Raises RuntimeError (the server stopped) if it exits or does not answer within ``timeout`` s."""
    process, log = _server(command, name, env)
    _wait_until_up(process, ready_url, timeout, what, str(log))
    return process, log


def start_voila(folder: str | pathlib.Path = "tutorial/", timeout: float = 60.0) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``voila`` on a free port serving ``folder`` (relative to the repository); return the
    process and its base URL once it answers. Raises RuntimeError if voila is missing or fails."""
    voila = voila_executable()
    if voila is None:
        raise RuntimeError("voila is not installed")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process, _ = start_server([voila, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", str(folder)],
                              f"voila-{port}", url + "/", what="voila", timeout=timeout)
    return process, url


def serve_static(folder: pathlib.Path, probe: str = "/", timeout: float = 20.0,
                 name: str = "http", precompressed: bool = False) -> tuple[subprocess.Popen[bytes], str]:
    """Serve ``folder`` with Python's static file server on a free port; return the process and its
    base URL once ``probe`` (a path on it) answers. With ``precompressed``, ``lite/serve.py`` serves it
    instead: the build's ``.br``/``.gz`` copies with ``Content-Encoding``, and ``/__served__`` counts
    the bytes sent."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    if precompressed:
        command = [sys.executable, str(ROOT / "lite" / "serve.py"), "--port", str(port), "--count", str(folder)]
    else:
        command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)]
    process, _ = start_server(command, f"{name}-{port}", url + probe, what="the static server", timeout=timeout)
    return process, url


def stop(process: subprocess.Popen[bytes]) -> None:
    """Terminate a server started here, and kill it if it does not stop within 10 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_for_text(page: Any, selector: str, text: str, timeout: float = 15_000) -> None:
    """Wait until the first element matching ``selector`` shows ``text`` (exact substring, case kept)."""
    page.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel); return el && el.innerText.includes(text); }",
        arg=[selector, text], timeout=timeout,
    )


def real_errors(errors: list[str]) -> list[str]:
    """Console errors other than the offline CDN fetches Voilà's template makes."""
    harmless = ("ERR_NAME_NOT_RESOLVED", "ERR_INTERNET_DISCONNECTED", "Failed to load resource")
    return [e for e in errors if not any(h in e for h in harmless)]


# For the benchmarks: times from a click (or a keystroke) to the next change of the page's
# verdict (.bt-verdict), collected in window.__bench.samples (milliseconds).
VERDICT_PROBE = """
() => {
  const verdict = document.querySelector('.bt-verdict');
  window.__bench = {start: null, samples: [], last: verdict.innerText};
  const mark = () => { window.__bench.start = performance.now(); };
  document.addEventListener('click', mark, true);
  document.addEventListener('input', mark, true);
  new MutationObserver(() => {
    const text = verdict.innerText;
    if (text !== window.__bench.last && window.__bench.start !== null) {
      window.__bench.samples.push(performance.now() - window.__bench.start);
      window.__bench.start = null;
    }
    window.__bench.last = text;
  }).observe(verdict, {subtree: true, childList: true, characterData: true});
}
"""
