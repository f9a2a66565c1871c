"""Serve the static site (``build/lite``) the way nginx's ``gzip_static`` does: standard library only.

A request for ``FILE`` gets ``FILE.br`` or ``FILE.gz`` with ``Content-Encoding: br``/``gzip`` when the
build wrote one (``lite/assemble.py compress``) and the browser's ``Accept-Encoding`` allows it, and the
file itself otherwise; ``Vary: Accept-Encoding`` always. For tests and a classroom laptop:

    python3 lite/serve.py --port 8000 build/lite

With ``--count``, ``GET /__served__`` answers how many bytes went over the wire since the last such
request (JSON: ``{"requests": N, "wire_bytes": N, "file_bytes": N}``, file bytes being the uncompressed
size of what was asked): the benchmarks and tests measure a visit with it. Without ``--count`` that
address is a plain 404, as on any static server.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import http.server
import json
import os
import pathlib
import threading
from typing import Any

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
COUNTER_PATH = "/__served__"


def accepted(header: str | None) -> set[str]:
    """The content codings an ``Accept-Encoding`` header allows (``q=0`` refuses one)."""
    codings = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip()
        if quality.startswith("q="):
            try:
                if float(quality[2:]) == 0:
                    continue
            except ValueError:
                continue
        if name.strip():
            codings.add(name.strip().lower())
    return codings


class Counter:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests = self.wire = self.files = 0

    def add(self, wire: int, files: int) -> None:
        with self.lock:
            self.requests += 1
            self.wire += wire
            self.files += files

    def take(self) -> dict[str, int]:
        with self.lock:
            figures = {"requests": self.requests, "wire_bytes": self.wire, "file_bytes": self.files}
            self.requests = self.wire = self.files = 0
        return figures


class Handler(http.server.SimpleHTTPRequestHandler):
    counter: Counter | None = None
    vary = False
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".whl": "application/zip", ".mjs": "text/javascript",
                      ".json": "application/json", ".webmanifest": "application/manifest+json"}

    def send_head(self) -> Any:
        if self.counter is not None and self.path.split("?")[0] == COUNTER_PATH:
            body = json.dumps(self.counter.take()).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
            return None
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            self.vary = any(os.path.isfile(path + suffix) for _, suffix in ENCODINGS)
            codings = accepted(self.headers.get("Accept-Encoding"))
            for coding, suffix in ENCODINGS:
                if coding in codings and os.path.isfile(path + suffix):
                    return self._send_encoded(path, path + suffix, coding)
        stream = super().send_head()
        if stream is not None and self.counter is not None and os.path.isfile(path):
            size = os.fstat(stream.fileno()).st_size
            self.counter.add(size, size)
        return stream

    def _send_encoded(self, path: str, packed: str, coding: str) -> Any:
        modified = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= modified
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:
                self.send_response(304)
                self.end_headers()
                return None
        stream = open(packed, "rb")  # noqa: SIM115  (closed by copyfile's caller, as in the base class)
        stat = os.fstat(stream.fileno())
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", email.utils.formatdate(modified, usegmt=True))
        self.end_headers()
        if self.counter is not None:
            self.counter.add(stat.st_size, os.stat(path).st_size)
        return stream

    def end_headers(self) -> None:
        if self.vary:                 # a cache must not give the compressed copy to a client without it
            self.send_header("Vary", "Accept-Encoding")
            self.vary = False
        super().end_headers()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="the site's folder (build/lite)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--count", action="store_true", help=f"answer {COUNTER_PATH} with the bytes served")
    args = parser.parse_args(argv)
    directory = str(pathlib.Path(args.directory).resolve())
    Handler.counter = Counter() if args.count else None
    handler = functools.partial(Handler, directory=directory)
    with http.server.ThreadingHTTPServer((args.bind, args.port), handler) as server:
        print(f"Serving {directory} at http://{args.bind}:{args.port}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
