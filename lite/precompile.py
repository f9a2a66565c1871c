"""Ship the modules a visit imports as bytecode (issue 31): run inside Pyodide by lite/precompile.mjs.

On every visit Pyodide unpacks the wheels into a fresh in-memory file system, so Python compiled
every imported ``.py`` again on every visit (IPython alone some 3.5 s of CPU). Here, in Pyodide
itself (so the bytecode is exactly its Python's), the packages of the kernel's start are loaded,
the modules the home page's cell (``lessons.app()``), the kernel's start (``IMPORTS``) and the first
lesson (``LATER``: its widget, which the home page no longer imports) import are imported,
and in each wheel of ``SITE`` (mounted at ``/site``) every imported ``NAME.py`` is replaced by
``NAME.pyc``, which Python loads without compiling (as Pyodide's own packages are shipped). The
other modules stay source: they compile when first imported, as before, and cost no bytes for a
visit that never imports them. ``pyodide-lock.json``'s sha256 and each wheel's RECORD are updated.

The bytecode is larger than the source it replaces; to stay within a first visit's 10 MB over the
wire, the wheel of pygments (which IPython imports to colour Python code, and which carries lexers
for some 500 languages no page shows) keeps only the lexers IPython uses (``LEXERS_KEPT``, with
what they import), and its table of lexers lists only those; the packages' test suites are left out.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.util
import io
import json
import pathlib
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

SITE = pathlib.Path("/site")
SITE_PACKAGES = pathlib.Path(sys.prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
# What the kernel's start imports (pyodide-kernel's worker), after the home page's cell; then what a cell
# imports later: micropip and piplite when something is installed (lite/snapshot.py), the first lesson's widget.
IMPORTS = ("piplite.piplite", "micropip", "comm", "IPython", "ipykernel", "pyodide_kernel")
LATER = ("lessons.widgets.lesson",)
# The code IPython may colour (tracebacks, its own lexers); every other pygments lexer is left out.
LEXERS_KEPT = ("python", "pycon", "pytb", "text")
MAPPING = "pygments/lexers/_mapping.py"
OUT, ERR = sys.stdout, sys.stderr     # the kernel's modules replace sys.stdout and sys.stderr when imported


def imported_files() -> set[str]:
    """Paths (relative to site-packages) of the modules the start and the home page import."""
    failed = []
    try:    # first: once pyodide_kernel is imported, a widget needs the kernel it is not running in
        import lessons

        lessons.app()
    except Exception as err:  # noqa: BLE001
        failed.append(f"lessons.app(): {err!r}")
    for name in IMPORTS + LATER:
        try:
            __import__(name)
        except Exception as err:  # noqa: BLE001  (outside a kernel some of these stop part way: keep what loaded)
            failed.append(f"{name}: {err!r}")
    for line in failed:
        print(f"precompile: {line}", file=ERR)
    import ipython_pygments_lexers  # noqa: F401  (its lexers build on pygments' HTML, shell, ... lexers)
    from pygments.lexers import get_lexer_by_name

    for name in LEXERS_KEPT:
        get_lexer_by_name(name)
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if path and path.endswith(".py"):
            try:
                files.add(pathlib.Path(path).relative_to(SITE_PACKAGES).as_posix())
            except ValueError:
                continue
    return files


def record_row(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def lexers_left_out(names: list[str]) -> dict[str, bytes | None]:
    """pygments' lexer modules no page uses (None: left out) and its table of lexers without them."""
    imported = {name for name in sys.modules if name.startswith("pygments.lexers.")}
    changes: dict[str, bytes | None] = {}
    for name in names:
        module = name[:-3].replace("/", ".")
        if name.startswith("pygments/lexers/") and name.endswith(".py") and name.count("/") == 2 \
                and not name.endswith("/__init__.py") and name != MAPPING and module not in imported:
            changes[name] = None
    from pygments.lexers._mapping import LEXERS

    kept = {name: entry for name, entry in LEXERS.items() if entry[0] in imported}
    changes[MAPPING] = ("# The lexers of this build (lite/precompile.py); pygments' own table lists every lexer.\n\n"
                        f"LEXERS = {kept!r}\n").encode()
    return changes


def rewrite(wheel: pathlib.Path, wanted: set[str]) -> int:
    """Replace the wheel's imported ``.py`` files by ``.pyc``; how many were replaced."""
    with zipfile.ZipFile(wheel) as old:
        infos = old.infolist()
        data = {info.filename: old.read(info) for info in infos}
    if not any(info.filename in wanted for info in infos):
        return 0
    # The packages' own test suites: never imported by a page.
    infos = [info for info in infos if "/tests/" not in info.filename or info.filename in wanted]
    if MAPPING in data:
        for name, body in lexers_left_out(list(data)).items():
            if body is None:
                infos = [info for info in infos if info.filename != name]
            else:
                data[name] = body
    out = io.BytesIO()
    rows: list[list[str]] = []
    record = None
    count = 0
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as new:
        for info in infos:
            name, body = info.filename, data[info.filename]
            if name.endswith(".dist-info/RECORD"):
                record = info
                continue
            if name in wanted:
                code = compile(body, str(SITE_PACKAGES / name), "exec", dont_inherit=True)
                body = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(body), checked=False))
                name += "c"
                count += 1
            copy = zipfile.ZipInfo(name, date_time=info.date_time)
            copy.external_attr = info.external_attr
            new.writestr(copy, body, zipfile.ZIP_STORED)
            rows.append(record_row(name, body))
        if record is not None:
            rows.append([record.filename, "", ""])
            text = io.StringIO()
            csv.writer(text, lineterminator="\n").writerows(rows)
            new.writestr(zipfile.ZipInfo(record.filename, date_time=record.date_time), text.getvalue())
    wheel.write_bytes(out.getvalue())
    return count


def main() -> None:
    wanted = imported_files()
    lock_path = SITE / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    total = 0
    for package in lock["packages"].values():
        wheel = SITE / package["file_name"]
        count = rewrite(wheel, wanted)
        if count:
            package["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
            total += count
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    print(f"precompiled {total} imported module(s) of {len(wanted)} to bytecode", file=OUT)


try:
    main()
except BaseException:
    import traceback

    traceback.print_exc(file=ERR)    # sys.stderr is the kernel's by now
    raise
