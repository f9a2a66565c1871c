"""A school's JupyterHub on 127.0.0.1 with the class service, for the tests and the benchmark.

``start_class_hub(folder)`` writes a ``jupyterhub_config.py`` like docs/classroom.md's (the service, the
role that lets every user reach it, the teachers' group, the pupils' servers told where it is) and
starts ``jupyterhub`` behind ``configurable-http-proxy`` (npm, in ``build/node/``). The service runs
either *managed* (the hub starts it, as docs/classroom.md's first set-up) or *external* (started here,
so a test can stop it and start it again, as a Zero to JupyterHub deployment of its own would be).
A test-only admin service (``test-admin``) creates users, groups and tokens through the hub's API.
"""

from __future__ import annotations

import contextlib
import json
import pathlib
import secrets
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from tests.browser.support import ARTIFACTS, ROOT, free_ports, start_server, stop

PASSWORD = "classroom"
SERVICE = "burraco-class"
TEACHERS = "teachers"
PROXY = ROOT / "build" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
HOME_PAGE = "/voila/render/tutorial/index.ipynb"
SERVICE_SCOPE = f"access:services!service={SERVICE}"


@dataclass
class ClassHub:
    url: str                       # the proxy: what a browser opens
    api_url: str                   # the hub's REST API
    service_url: str               # the service, directly (as the pupils' servers reach it)
    folder: pathlib.Path
    admin_token: str
    service_token: str
    managed: bool
    process: subprocess.Popen[bytes]
    service_process: subprocess.Popen[bytes] | None = None
    service_port: int = 0
    proxy_api_port: int = 0
    db: str = ""
    auth_cache: int = 5
    tokens: dict[str, str] = field(default_factory=dict)

    # ---------------------------------------------------------------- the hub's API
    def hub(self, method: str, path: str, body: Any = None) -> Any:
        request = urllib.request.Request(f"{self.api_url}/{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode())
        request.add_header("Authorization", f"token {self.admin_token}")
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
        return json.loads(text) if text else None

    def user(self, name: str, *, teacher: bool = False) -> str:
        """Make the hub user ``name`` (a member of the teachers' group if ``teacher``); return a token of
        theirs that may use the class service, as their server's token may."""
        if name not in self.tokens:
            try:
                self.hub("POST", f"users/{name}")
            except urllib.error.HTTPError as err:
                if err.code != 409:          # 409: there already
                    raise
            if teacher:
                self.hub("POST", f"groups/{TEACHERS}/users", {"users": [name]})
            token = self.hub("POST", f"users/{name}/tokens", {"scopes": [SERVICE_SCOPE], "note": "test"})
            self.tokens[name] = token["token"]
        return self.tokens[name]

    # ---------------------------------------------------------------- the service
    def service_env(self) -> dict[str, str]:
        """What the hub gives a managed service, for one started here (an external service)."""
        import os

        prefix = f"/services/{SERVICE}/"
        return {**os.environ, "JUPYTERHUB_API_TOKEN": self.service_token, "JUPYTERHUB_API_URL": self.api_url,
                "JUPYTERHUB_SERVICE_NAME": SERVICE, "JUPYTERHUB_SERVICE_PREFIX": prefix,
                "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{self.service_port}",
                "JUPYTERHUB_BASE_URL": "/", "JUPYTERHUB_HOST": "",
                "JUPYTERHUB_CLIENT_ID": f"service-{SERVICE}",
                "JUPYTERHUB_OAUTH_CALLBACK_URL": f"{prefix}oauth_callback",
                "JUPYTERHUB_OAUTH_ACCESS_SCOPES": json.dumps([SERVICE_SCOPE])}

    def start_service(self) -> None:
        assert not self.managed, "the hub starts a managed service"
        ARTIFACTS.mkdir(exist_ok=True)
        with open(ARTIFACTS / f"class-service-{self.service_port}.log", "ab") as log:
            self.service_process = subprocess.Popen(service_command(self.db, self.auth_cache), cwd=ROOT, stdout=log,
                                                    stderr=subprocess.STDOUT, env=self.service_env())
        try:
            _wait_for(self.service_url + "api/me", process=self.service_process)
        except RuntimeError:
            self.stop_service()
            raise

    def stop_service(self) -> None:
        if self.service_process is not None:
            stop(self.service_process)
            self.service_process = None

    def close(self) -> None:
        self.stop_service()
        stop(self.process)
        time.sleep(0.5)       # the pupils' servers are children of the spawner: the hub stops them
        stop_orphan_proxy(self.proxy_api_port)


def stop_orphan_proxy(api_port: int) -> None:
    """The proxy this hub started, if the hub died without stopping it (found by its unique API port)."""
    import os
    import signal

    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(b"configurable-http-proxy" in w for w in words) and str(api_port).encode() in words:
            with contextlib.suppress(OSError):
                os.kill(int(entry.name), signal.SIGTERM)


def hub_config(folder: pathlib.Path, port: int, hub_port: int, api_port: int, extra: str = "") -> str:
    """The ``jupyterhub_config.py`` every test hub shares (127.0.0.1, a dummy login, local spawner, each
    pupil's server opening on the tutorial's home page), with the ``extra`` lines of a hub that wants more."""
    bin_dir = pathlib.Path(sys.executable).parent
    return textwrap.dedent(f"""
        import os
        c = get_config()  # noqa: F821
        c.JupyterHub.ip = "127.0.0.1"
        c.JupyterHub.port = {port}
        c.JupyterHub.hub_ip = "127.0.0.1"
        c.JupyterHub.hub_port = {hub_port}
        c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
        c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
        c.ConfigurableHTTPProxy.pid_file = "{folder}/jupyterhub-proxy.pid"   # not the checkout: a stale one stops the next hub
        c.JupyterHub.db_url = "sqlite:///{folder}/jupyterhub.sqlite"
        c.JupyterHub.cookie_secret_file = "{folder}/cookie_secret"
        c.JupyterHub.authenticator_class = "dummy"
        c.DummyAuthenticator.password = {PASSWORD!r}
        c.Authenticator.allow_all = True
        c.JupyterHub.spawner_class = "simple"
        c.SimpleLocalProcessSpawner.home_dir_template = "{folder}/home/{{username}}"
        c.Spawner.cmd = [{str(bin_dir / "jupyterhub-singleuser")!r}]
        c.Spawner.args = ["--allow-root"]
        c.Spawner.notebook_dir = {str(ROOT)!r}
        c.Spawner.default_url = {HOME_PAGE!r}
        c.Spawner.http_timeout = 90
        c.Spawner.start_timeout = 90

        def make_home(spawner):
            os.makedirs(spawner.home_dir_template.format(username=spawner.user.name), exist_ok=True)

        c.Spawner.pre_spawn_hook = make_home
    """) + textwrap.dedent(extra)


def service_command(db: str, auth_cache: int = 5) -> list[str]:
    """The service as the hub (or a test) starts it; the hub's answers on a token are kept ``auth_cache`` s
    (short in the tests, which add pupils to groups as they go; the service's default is 60)."""
    return [sys.executable, "-m", "lessons.teachers.service", "--db", db, "--teacher-group", TEACHERS,
            "--auth-cache", str(auth_cache)]


def start_class_hub(folder: pathlib.Path, *, managed: bool, teacher: str = "rossi", auth_cache: int = 5,
                    db_url: str | None = None) -> ClassHub:
    """A hub with the class service on 127.0.0.1; the pupils' servers open on the tutorial's home page.
    ``db_url``: the managed service's records there, given in its ``environment`` (``BURRACO_CLASS_DB``,
    as docs/classroom.md says for a URL with a password), not on its command line.
    A hub that fails to start is tried once more (on a busy machine its proxy may answer too late)."""
    if not PROXY.exists():
        subprocess.run(["bash", "scripts/node_tools.sh"], cwd=ROOT, check=True, timeout=600)
    try:
        return _start_class_hub(folder, managed=managed, teacher=teacher, auth_cache=auth_cache, db_url=db_url)
    except RuntimeError:
        for name in ("jupyterhub.sqlite", "cookie_secret", "jupyterhub-proxy.pid"):
            (folder / name).unlink(missing_ok=True)
        return _start_class_hub(folder, managed=managed, teacher=teacher, auth_cache=auth_cache, db_url=db_url)


def _start_class_hub(folder: pathlib.Path, *, managed: bool, teacher: str, auth_cache: int,
                     db_url: str | None = None) -> ClassHub:
    port, hub_port, api_port, service_port = free_ports(4)
    bin_dir = pathlib.Path(sys.executable).parent
    admin_token, service_token = secrets.token_hex(16), secrets.token_hex(16)
    db = str(folder / "class.sqlite")
    service_url = f"http://127.0.0.1:{service_port}/services/{SERVICE}/"
    service: dict[str, Any] = {"name": SERVICE, "url": f"http://127.0.0.1:{service_port}",
                               "api_token": service_token, "oauth_no_confirm": True}
    if managed:
        service["command"] = service_command(db, auth_cache)
        if db_url is not None:
            service["command"] = [a for a in service["command"] if a not in ("--db", db)]
            service["environment"] = {"BURRACO_CLASS_DB": db_url}
    (folder / "jupyterhub_config.py").write_text(hub_config(folder, port, hub_port, api_port, f"""
        # the class service, as docs/classroom.md sets it up
        c.JupyterHub.services = [{service!r}, {{"name": "test-admin", "api_token": {admin_token!r}}}]
        c.JupyterHub.load_roles = [
            {{"name": "user", "scopes": ["self", {SERVICE_SCOPE!r}]}},
            {{"name": "test-admin", "services": ["test-admin"],
              "scopes": ["admin:users", "admin:groups", "tokens", "admin:servers"]}},
        ]
        c.JupyterHub.load_groups = {{{TEACHERS!r}: {{"users": [{teacher!r}]}}}}
        c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", {SERVICE_SCOPE!r}]
        c.Spawner.environment = {{"BURRACO_CLASS_URL": {service_url!r}}}
    """))
    url = f"http://127.0.0.1:{port}"
    try:
        process, _ = start_server([str(bin_dir / "jupyterhub"), "-f", str(folder / "jupyterhub_config.py")],
                                  f"hub-{port}", f"{url}/hub/login", what="jupyterhub")
    except RuntimeError:
        stop_orphan_proxy(api_port)
        raise
    hub = ClassHub(url, f"http://127.0.0.1:{hub_port}/hub/api", service_url, folder, admin_token, service_token,
                   managed, process, service_port=service_port, proxy_api_port=api_port, db=db,
                   auth_cache=auth_cache)
    try:
        if managed:
            _wait_for(service_url + "api/me")
        else:
            hub.start_service()
    except Exception:
        hub.close()
        raise
    return hub


def _wait_for(url: str, timeout: float = 30.0, process: subprocess.Popen[bytes] | None = None) -> None:
    """Poll ``url`` until anything answers (the service answers 401 without a token)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the class service exited with code {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return               # it answers (401: no token)
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout:g} s")


def call(url: str, method: str = "GET", body: bytes | None = None, token: str | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """A request to the service: (status, JSON body or None)."""
    request = urllib.request.Request(url, data=body, method=method)
    if token is not None:
        request.add_header("Authorization", f"token {token}")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, text = answer.status, answer.read()
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read()
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, text.decode("utf-8", "replace")


def log_in(browser: Any, url: str, name: str) -> tuple[Any, Any]:
    """Log ``name`` in to the hub from a new browser context; return it and its page, on the home page."""
    from tests.browser.pages import wait_ready

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(f"{url}/hub/login", wait_until="domcontentloaded")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("#login_submit, input[type=submit], button[type=submit]")
    page.wait_for_url(f"**/user/{name}{HOME_PAGE}", timeout=120_000)     # spawned, then on the home page
    wait_ready(page, "home", timeout=90_000)
    return context, page
