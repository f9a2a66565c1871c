"""A throwaway PostgreSQL server on 127.0.0.1, for the class service's records under PostgreSQL.

Debian's server (``apt-get install postgresql``; ``scripts/test.sh`` installs it when missing) is
started from a fresh ``initdb`` in a temporary folder, on a free port, and stopped at the end. As
root it runs as the ``postgres`` user (PostgreSQL refuses root). Without the server or ``psycopg``
the tests skip locally and fail under CI, like the browser tests.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from tests.browser.support import free_port, missing


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def postgres_url() -> Iterator[str]:
    """A SQLAlchemy URL of an empty database on a new PostgreSQL server, stopped afterwards."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        missing("psycopg is not installed (the test extras: bash scripts/setup.sh app,test)")
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        missing("PostgreSQL's server is not installed (Debian: apt-get install -y postgresql)")
    folder = tempfile.mkdtemp(prefix="burraco-pg-")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data, port = os.path.join(folder, "data"), free_port()
    run = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run(_as_server_user([initdb, "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]), **run)
    subprocess.run(_as_server_user([pg_ctl, "-D", data, "-l", os.path.join(folder, "log"), "-w",
                                    "-o", f"-p {port} -k {folder} -h 127.0.0.1 -F", "start"]), **run)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_server_user([pg_ctl, "-D", data, "-m", "fast", "-w", "stop"]), check=False,
                       capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
