"""Assemble the offline Pyodide distribution and fix up the pages of the static site.

Used by ``scripts/build_lite.sh``; standard library plus ``packaging`` (installed
with the build tools in ``.venv-lite``).

``pyodide``
    Copies the Pyodide core (from the npm package) into ``--out`` with the given
    wheels (with ``--stored``, rewritten with their files stored: see ``compress``), adds empty stub wheels for the compiled modules the npm core lacks
    (``sqlite3``, ``ssl``: the kernel asks for them, IPython 9 runs without them),
    and writes a ``pyodide-lock.json`` that lists exactly these wheels (file name,
    version, sha256, import names, dependencies), so that a plain ``import`` in a
    notebook loads them from the same server. Every dependency a wheel declares for
    the browser (markers evaluated for Emscripten) must be among the wheels, at a
    version its specifier accepts, or be named with ``--not-in-browser``.

``compress``
    Writes ``NAME.gz`` (and ``NAME.br`` when the ``brotli`` package is installed) beside every
    file of the site a browser fetches that compresses by 10% or more, for servers that send
    precompressed files (nginx ``gzip_static``, Apache, ``lite/serve.py``): see docs/static-site.md.

``pages``
    Voici pages live two folders deep (``voici/render/index.html``) but the kernel
    resolves the Pyodide and piplite URLs of its settings against the page: rewrite
    ``./static/...`` and ``./extensions/...`` to point at the site root. Also drop
    the stylesheet links Voilà's template makes to a CDN (icon fonts the widgets
    do not use), so that the pages ask nothing of any other host, and with
    ``--start`` make the site open on that page rather than on the notebook list
    (which stays at ``voici/tree/index.html``). With ``--contents``, a notebook whose one cell
    is ``lessons.lesson_page("melds")`` or ``lessons.tool_page("referee")`` gets a small page that
    opens the one-page app at that place (``index.html#lesson/melds``) instead of a page that
    would start Python again: the tutorial is one page, old links still work.
"""

from __future__ import annotations

import argparse
import base64
import csv
import email.parser
import gzip
import hashlib
import html
import io
import json
import pathlib
import re
import shutil
import sys
import zipfile
from collections.abc import Callable

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

CORE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
CONFIG_RE = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)
CDN_LINK_RE = re.compile(r'<link[^>]*href="https?://[^"]*"[^>]*>\s*', re.I)


# The one cell of a lesson or tool notebook (the same pattern as voila.py's, which sends Voilà there).
PAGE_CELL_RE = re.compile(r"""\s*import lessons\s+lessons\.(lesson|tool)_page\(\s*["']([a-z0-9-]+)["']\s*\)\s*""")

START_PAGE = """<!DOCTYPE html>
<html>
  <head>
    <meta charset="utf-8">
    <meta http-equiv="refresh" content="0; url={url}">
    <title>Burraco Tutor</title>
    <script>window.location.replace("{url}");</script>
  </head>
  <body><a href="{url}">Burraco Tutor</a></body>
</html>
"""


class AssembleError(RuntimeError):
    pass


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_wheel(path: pathlib.Path) -> dict:
    """Name, version, requirements and top-level import names of a wheel."""
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        meta = email.parser.Parser().parsestr(whl.read(f"{dist_info}/METADATA").decode("utf-8"))
        imports: set[str] = set()
        if f"{dist_info}/top_level.txt" in names:
            imports = {line.strip() for line in whl.read(f"{dist_info}/top_level.txt").decode().splitlines()}
        else:
            for name in names:
                top, _, rest = name.partition("/")
                if top.endswith((".dist-info", ".data")):
                    continue
                if rest == "__init__.py":
                    imports.add(top)
                elif not rest and top.endswith(".py"):
                    imports.add(top[:-3])
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "requires": [Requirement(r) for r in meta.get_all("Requires-Dist") or []],
        "imports": sorted(i for i in imports if i),
    }


def stub_wheel(folder: pathlib.Path, name: str, version: str = "1.0.0") -> pathlib.Path:
    """An installable wheel with metadata only: ``import NAME`` still fails, as it should."""
    dist_info = f"{name}-{version}.dist-info"
    files = {
        f"{dist_info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: Empty placeholder: this Pyodide build has no {name} module.\n",
        f"{dist_info}/WHEEL": "Wheel-Version: 1.0\nGenerator: burraco-tutor lite/assemble.py\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    rows = []
    for file, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        rows.append([file, f"sha256={digest}", str(len(text.encode()))])
    rows.append([f"{dist_info}/RECORD", "", ""])
    record = io.StringIO()
    csv.writer(record, lineterminator="\n").writerows(rows)
    files[f"{dist_info}/RECORD"] = record.getvalue()
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for file, text in files.items():
            info = zipfile.ZipInfo(file, date_time=(2020, 1, 1, 0, 0, 0))  # same bytes, same sha256, every build
            whl.writestr(info, text, zipfile.ZIP_DEFLATED)
    return path


def store_wheel(source: pathlib.Path, target: pathlib.Path) -> None:
    """The same wheel with its files stored, not deflated (the same files, so the same RECORD): the
    server's .br/.gz copy of the whole archive is then far smaller than its per-file deflate, and
    Pyodide unpacks it without inflating anything."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as new:
        for info in old.infolist():
            copy = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            copy.external_attr = info.external_attr
            copy.compress_type = zipfile.ZIP_STORED
            new.writestr(copy, old.read(info))


def browser_environment(python: str) -> dict[str, str]:
    major_minor = ".".join(python.split(".")[:2])
    return {
        "implementation_name": "cpython", "implementation_version": python, "os_name": "posix",
        "platform_machine": "wasm32", "platform_python_implementation": "CPython", "platform_release": "",
        "platform_system": "Emscripten", "platform_version": "", "python_full_version": python,
        "python_version": major_minor, "sys_platform": "emscripten", "extra": "",
    }


def assemble_pyodide(args: argparse.Namespace) -> None:
    core = pathlib.Path(args.core)
    out = pathlib.Path(args.out)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, out / name)
    core_lock = json.loads((core / "pyodide-lock.json").read_text())
    python = core_lock["info"]["python"]
    env = browser_environment(python)

    wheels = sorted({p for folder in args.wheels for p in pathlib.Path(folder).glob("*.whl")})
    for name in args.stub:
        wheels.append(stub_wheel(out, name))
    extras = dict(item.split("=", 1) for item in args.extra)
    not_in_browser = {canonicalize_name(n) for n in args.not_in_browser}
    stubs = {canonicalize_name(n) for n in args.stub}

    found: dict[str, tuple[pathlib.Path, dict]] = {}
    for path in wheels:
        info = read_wheel(path)
        key = canonicalize_name(info["name"])
        if key in found:
            raise AssembleError(f"two wheels for {key}: {found[key][0].name} and {path.name}")
        found[key] = (path, info)

    packages: dict[str, dict] = {}
    problems: list[str] = []
    for key, (path, info) in sorted(found.items()):
        depends: set[str] = set()
        wanted_extras = {e for e in extras.get(key, "").split(",") if e}
        for req in info["requires"]:
            if req.marker is not None and not any(
                req.marker.evaluate({**env, "extra": extra}) for extra in ("", *wanted_extras)
            ):
                continue
            dep = canonicalize_name(req.name)
            if dep in found:
                version = Version(found[dep][1]["version"])
                if dep not in stubs and not req.specifier.contains(version, prereleases=True):
                    problems.append(f"{info['name']} {info['version']} needs {req}, this build has {version}")
                depends.add(dep)
            elif dep not in not_in_browser:
                problems.append(f"{info['name']} {info['version']} needs {req}, which is not among the wheels")
        if path.parent != out:
            if args.stored:
                store_wheel(path, out / path.name)
            else:
                shutil.copy2(path, out / path.name)
        packages[key] = {
            "name": info["name"],
            "version": info["version"],
            "file_name": path.name,
            "install_dir": "site",
            "sha256": sha256(out / path.name),
            "package_type": "package",
            "imports": [] if key in stubs else info["imports"],
            "depends": sorted(depends),
            "unvendored_tests": False,
            "shared_library": False,
        }
    for name in preloaded(args.config):
        if canonicalize_name(name) not in packages:
            problems.append(f"{name} is to be loaded at start but is not among the wheels")
    if problems:
        raise AssembleError("the Pyodide packages do not fit together:\n  " + "\n  ".join(problems))
    lock = {"info": core_lock["info"], "packages": packages}
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    print(f"Pyodide {core_lock['info']['version']} (Python {python}) with {len(packages)} packages")


def preloaded(config: str | None) -> list[str]:
    """The packages the kernel settings of a jupyter-lite.json load at start."""
    if not config:
        return []
    data = json.loads(pathlib.Path(config).read_text())
    kernel = data.get("jupyter-config-data", {}).get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    return list(kernel.get("loadPyodideOptions", {}).get("packages", []))


def relative_url(url: str, prefix: str) -> str:
    if url.startswith("./"):
        return prefix + url[2:]
    return url


def fix_settings(settings: dict, prefix: str) -> None:
    kernel = settings.get("litePluginSettings", {}).get(KERNEL_PLUGIN)
    if not kernel:
        return
    for key in ("pyodideUrl", "pipliteWheelUrl"):
        if key in kernel:
            kernel[key] = relative_url(kernel[key], prefix)
    if "pipliteUrls" in kernel:
        kernel["pipliteUrls"] = [relative_url(u, prefix) for u in kernel["pipliteUrls"]]


LOADING_MARK = '<h2 id="loading_text">Running ...</h2>'
LOADING_KEYS = ("lite.loading.title", "lite.loading.about", "lite.loading.python", "lite.loading.page",
                "lite.loading.elapsed", "lite.loading.slow", "home.title")     # home.title: the window's, at once


def loading_screen(template: pathlib.Path, catalogues: list[pathlib.Path]) -> str:
    """The loading screen's HTML with the texts of every catalogue that has them all (English first)."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    from burraco_core.messages import parse_catalogue  # standard library only

    texts: dict[str, dict[str, str]] = {}
    for path in catalogues:
        entries = dict(parse_catalogue(path.read_text(encoding="utf-8"), str(path)))
        if all(key in entries for key in LOADING_KEYS):
            texts[path.stem] = {key: entries[key] for key in LOADING_KEYS}
    if "en" not in texts:
        raise AssembleError(f"no catalogue among {[str(c) for c in catalogues]} has every key {LOADING_KEYS}")
    body = json.dumps(texts, ensure_ascii=False).replace("<", "\\u003c")
    return template.read_text(encoding="utf-8").replace("__CATALOGUES__", body)


def app_address(notebook: dict) -> str | None:
    """``lesson/melds`` for a notebook whose one cell is ``lessons.lesson_page("melds")``, ``tool/KEY`` for
    ``lessons.tool_page("KEY")``; None for any other notebook."""
    cells = [cell for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"]
    if len(cells) != 1:
        return None
    source = cells[0].get("source", "")
    found = PAGE_CELL_RE.fullmatch(source if isinstance(source, str) else "".join(source))
    return f"{found.group(1)}/{found.group(2)}" if found else None


def point_at_app(site: pathlib.Path, contents: pathlib.Path, app_page: str) -> int:
    """Replace the page of every lesson and tool notebook of ``contents`` by one that opens the app there."""
    count = 0
    if not (site / "voici" / "render" / app_page).exists():
        return count                    # no app page in this site: every notebook keeps its own page
    for notebook in sorted(contents.glob("*.ipynb")):
        address = app_address(json.loads(notebook.read_text(encoding="utf-8")))
        page = site / "voici" / "render" / f"{notebook.stem}.html"
        if address is None or not page.exists():
            continue
        page.write_text(START_PAGE.format(url=html.escape(f"{app_page}#{address}")), encoding="utf-8")
        count += 1
    return count


def fix_pages(args: argparse.Namespace) -> None:
    site = pathlib.Path(args.site).resolve()
    count = 0
    for page in sorted((site / "voici").rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        new = CDN_LINK_RE.sub("", text)
        match = CONFIG_RE.search(new)
        if match:
            depth = len(page.parent.relative_to(site).parts)
            config = json.loads(match.group(2))
            fix_settings(config, "../" * depth)
            body = json.dumps(config).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            new = new[: match.start(2)] + body + new[match.end(2) :]
        if new != text:
            page.write_text(new, encoding="utf-8")
            count += 1
    favicon = site / "static" / "favicons" / "favicon.ico"
    if favicon.exists() and not (site / "favicon.ico").exists():
        shutil.copy2(favicon, site / "favicon.ico")  # browsers ask for /favicon.ico
    if args.loading:
        screen = loading_screen(pathlib.Path(args.loading), [pathlib.Path(c) for c in args.catalogue])
        for page in sorted((site / "voici").rglob("*.html")):
            text = page.read_text(encoding="utf-8")
            if LOADING_MARK in text and 'id="bt-loading"' not in text:
                page.write_text(text.replace(LOADING_MARK, LOADING_MARK + "\n" + screen, 1), encoding="utf-8")
    if args.contents:
        moved = point_at_app(site, pathlib.Path(args.contents), pathlib.Path(args.start or "render/index.html").name)
        print(f"{moved} lesson and tool page(s) open the app at their place")
    if args.start:
        target = site / "voici" / args.start
        if not target.exists():
            raise AssembleError(f"no page {target.relative_to(site)} to start on")
        (site / "voici" / "index.html").write_text(START_PAGE.format(url=html.escape(args.start)), encoding="utf-8")
    leftovers = [
        f"{p.relative_to(site)}: {m.group(0)}"
        for p in site.rglob("*.html")
        for m in re.finditer(r'<(?:script|link)[^>]*(?:src|href)="https?://[^"]*"', p.read_text(encoding="utf-8"))
    ]
    if leftovers:
        raise AssembleError("pages still load from other hosts:\n  " + "\n  ".join(leftovers))
    print(f"{count} page(s) pointed at the site root")


# What a static server may send precompressed: text, WebAssembly, wheels and zips (a wheel
# compresses little, being a zip already; a copy that saves under 10% is not kept).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".ipynb", ".map", ".webmanifest",
                ".wasm", ".whl", ".zip", ".ttf", ".eot", ".ico", ".xml", ".md")
MIN_BYTES = 1024
KEEP_BELOW = 0.9


def gzip_bytes(data: bytes) -> bytes:
    """gzip at level 9 without a name or a time in the header: the same bytes every build."""
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=out, mtime=0) as stream:
        stream.write(data)
    return out.getvalue()


def encoders() -> list[tuple[str, Callable[[bytes], bytes]]]:
    """The precompressed copies a file gets, as (suffix, encode): .gz, and .br when the brotli package is
    importable."""
    try:
        import brotli  # type: ignore[import-not-found]  # noqa: PLC0415  (optional: gzip alone otherwise)
    except ImportError:
        return [(".gz", gzip_bytes)]
    # Quality 11 costs some 20 times the time of 9 for 5-10% less: only on small files.
    return [(".gz", gzip_bytes), (".br", lambda data: brotli.compress(data, quality=11 if len(data) < 256_000 else 9))]


def compress_site(args: argparse.Namespace) -> None:
    """Write NAME.gz (and NAME.br when the brotli package is importable) beside every file a browser
    fetches that compresses by at least 10%; nginx's gzip_static/brotli_static, Apache's rewrite
    rules and lite/serve.py send them to a browser that accepts the encoding."""
    site = pathlib.Path(args.site)
    encoders_here = encoders()
    original = written = count = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE or path.stat().st_size < MIN_BYTES:
            continue
        data = path.read_bytes()
        original += len(data)
        for suffix, encode in encoders_here:
            packed = encode(data)
            target = path.with_name(path.name + suffix)
            if len(packed) < KEEP_BELOW * len(data):
                target.write_bytes(packed)
                written += len(packed)
                count += 1
            elif target.exists():
                target.unlink()
    names = " and ".join(s for s, _ in encoders_here)
    print(f"precompressed {count} file(s) ({names}): {original / 1e6:.1f} MB of compressible files, "
          f"{written / 1e6:.1f} MB written beside them")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pyodide", help="assemble Pyodide core, wheels and lock file")
    p.add_argument("--core", required=True, help="the npm package's folder (pyodide.js, pyodide-lock.json, ...)")
    p.add_argument("--wheels", action="append", default=[], help="a folder of wheels (repeatable)")
    p.add_argument("--out", required=True)
    p.add_argument("--stub", action="append", default=[], help="a module to stand in for with an empty wheel")
    p.add_argument("--extra", action="append", default=[], help="PACKAGE=EXTRA[,EXTRA]: also count these extras")
    p.add_argument("--not-in-browser", action="append", default=[], help="a dependency left out on purpose")
    p.add_argument("--config", help="the jupyter-lite.json whose loadPyodideOptions.packages must all be here")
    p.add_argument("--stored", action="store_true", help="copy the wheels with their files stored, not deflated")
    p.set_defaults(run=assemble_pyodide)
    p = sub.add_parser("pages", help="point the Voici pages' kernel settings at the site root")
    p.add_argument("--site", required=True)
    p.add_argument("--start", help="the page under voici/ that the site opens on (default: the notebook list)")
    p.add_argument("--loading", help="the loading screen to insert into every page (lite/loading.html)")
    p.add_argument("--catalogue", action="append", default=[], help="a catalogue with the loading screen's texts")
    p.add_argument("--contents", help="the notebooks' folder: lesson and tool pages then open the app (index.html#...)")
    p.set_defaults(run=fix_pages)
    p = sub.add_parser("compress", help="write .gz (and .br) copies beside the files a browser fetches")
    p.add_argument("--site", required=True)
    p.set_defaults(run=compress_site)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except AssembleError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
