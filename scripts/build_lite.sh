#!/usr/bin/env bash
# Build the tutorial as a static site that runs entirely in the browser (Pyodide), offline:
# no CDN, no server-side Python. Output: build/lite/ (serve it with any static web server).
#
# The build tools go into their own venv, .venv-lite/ (pinned in lite/build-requirements.txt),
# so .venv is left alone. Pyodide's core comes from the npm package pyodide@$PYODIDE_VERSION,
# the pure-Python wheels it runs from PyPI (pinned in lite/pyodide-requirements.txt), and the
# project's own wheel is built from the working tree. Downloads are cached in build/lite-cache/;
# running the script again rebuilds build/lite/ from scratch with what is cached.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
# LITE_CONTENTS / LITE_OUT build another folder of notebooks elsewhere (benchmarks/bench_app.py
# builds the tutorial plus a one-cell notebook the same way, into its own folder).
CONTENTS=$(cd "${LITE_CONTENTS:-tutorial}" && pwd)
OUT=${LITE_OUT:-build/lite}
CACHE=build/lite-cache
PYODIDE_VERSION=0.27.6
PYODIDE_TGZ_SHA256=b0840fd9784429dfbd65e012f61a3b64981fd88bc02d1f6b2d69867dcc16d754
PY=.venv-lite/bin/python
started=$(date +%s)

note() { echo "build_lite: $*" >&2; }
digest() { sha256sum "$@" | sha256sum | cut -c1-16; }
pip_quiet() {  # pip, without the noise of index locations this machine may not have
  "$PY" -m pip "$@" 2> >(grep -v "^WARNING: Location '" >&2)
}

command -v npm >/dev/null || { note "npm is needed to fetch Pyodide (Debian: apt-get install -y npm)"; exit 1; }
mkdir -p "$CACHE"
# One build at a time in this tree; the new site replaces $OUT only once it is complete.
exec 9>"$CACHE/.lock"
flock 9

# 1. Build tools, in .venv-lite (reinstalled only when lite/build-requirements.txt changes).
if [ ! -x "$PY" ]; then
  note "creating .venv-lite"
  python3 -m venv .venv-lite
fi
tools_stamp=.venv-lite/.build-requirements
if [ "$(cat "$tools_stamp" 2>/dev/null)" != "$(digest lite/build-requirements.txt)" ]; then
  note "installing the build tools into .venv-lite"
  pip_quiet install --quiet --upgrade pip
  pip_quiet install --quiet -r lite/build-requirements.txt
  digest lite/build-requirements.txt >"$tools_stamp"
fi

# 2. Pyodide's core (pyodide.js, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json).
core=$CACHE/pyodide-$PYODIDE_VERSION
if [ ! -f "$core/pyodide-lock.json" ]; then
  note "fetching pyodide@$PYODIDE_VERSION from npm"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "pyodide@$PYODIDE_VERSION" >/dev/null)
  echo "$PYODIDE_TGZ_SHA256  $tmp/pyodide-$PYODIDE_VERSION.tgz" | sha256sum --check --quiet
  rm -rf "$core" && mkdir -p "$core"
  tar -xzf "$tmp/pyodide-$PYODIDE_VERSION.tgz" -C "$core" --strip-components=1
  rm -rf "$tmp"
fi

# 3. The pure-Python wheels Pyodide runs (one folder per version of the requirements).
wheels=$CACHE/wheels-$(digest lite/pyodide-requirements.txt)
if [ ! -f "$wheels/.complete" ]; then
  note "downloading the wheels of lite/pyodide-requirements.txt"
  rm -rf "$CACHE"/wheels-*
  mkdir -p "$wheels"
  pip_quiet download --quiet --no-deps --only-binary=:all: --platform any --implementation py --abi none \
    --python-version 3.12 -r lite/pyodide-requirements.txt -d "$wheels"
  touch "$wheels/.complete"
fi

# 4. The kernel's own wheels (shipped inside jupyterlite-pyodide-kernel) and the project's wheel,
#    built from a copy of the working tree (so no build/ or egg-info lands in it).
kernel_pypi=$("$PY" -c 'import sys; print(sys.prefix)')/share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi
local_wheels=$CACHE/local-wheels
rm -rf "$local_wheels" && mkdir -p "$local_wheels"
cp "$kernel_pypi"/piplite-*.whl "$kernel_pypi"/pyodide_kernel-*.whl "$kernel_pypi"/ipykernel-*.whl "$local_wheels"/
src=$(mktemp -d "$ROOT/build/.lite-tmp.XXXXXX")
trap 'rm -rf "$src"' EXIT
tar -C "$ROOT" --exclude=./.git --exclude='./.venv*' --exclude=./build --exclude=./dist \
  --exclude=./test-artifacts --exclude='*.egg-info' --exclude=__pycache__ --exclude='./.*_cache' \
  --exclude=./.hypothesis -cf - . | tar -C "$src" -xf -
note "building the project wheel from the working tree"
"$PY" -m pip wheel --no-deps --no-build-isolation -w "$local_wheels" "$src" >"$src.wheel.log" 2>&1 \
  || { cat "$src.wheel.log" >&2; rm -f "$src.wheel.log"; exit 1; }
rm -f "$src.wheel.log"

# 5. The site: Voici pages for every notebook in tutorial/ (the same files Voilà serves); a lesson's
#    or a tool's page then only opens the one-page app (index.html#lesson/...) at its place.
lite_dir=$src/.lite
mkdir -p "$lite_dir"
cp lite/jupyter-lite.json "$lite_dir"/
site=$src/site
note "building the site"
(cd "$lite_dir" && "$ROOT/.venv-lite/bin/voici" build --lite-dir "$lite_dir" --contents "$CONTENTS" \
  --output-dir "$site" --no-sourcemaps --no-unused-shared-packages >build.log 2>&1) \
  || { cat "$lite_dir/build.log" >&2; exit 1; }

# 6. Pyodide with exactly these wheels, and pages that find it from two folders down.
"$PY" lite/assemble.py pyodide --core "$core" --wheels "$wheels" --wheels "$local_wheels" \
  --out "$site/static/pyodide" --stub sqlite3 --stub ssl --stub jedi --stored --extra burraco-tutor=app \
  --not-in-browser voila --not-in-browser widgetsnbextension --not-in-browser jupyterlab-widgets \
  --config lite/jupyter-lite.json
# 6b. The modules the home page and the kernel's start import, as bytecode: Python then compiles
#     nothing of them on a visit (lite/precompile.py; run by the site's own Pyodide, in node).
note "precompiling the modules a visit imports"
node lite/precompile.mjs "$site/static/pyodide" lite/jupyter-lite.json
"$PY" lite/assemble.py pages --site "$site" --start render/index.html --loading lite/loading.html --contents "$CONTENTS" \
  $(for catalogue in lessons/locale/*.txt; do printf -- '--catalogue %s ' "$catalogue"; done)
# 6c. A later visit restores Python from a memory snapshot the first one stored in the browser
#     (lite/snapshot.py patches the kernel's worker; the build fails if that code changed shape).
"$PY" lite/snapshot.py "$site"
# 6d. The browser frees the widget views a page no longer shows (lite/widget_views.py patches ipywidgets).
"$PY" lite/widget_views.py "$site"
# 6e. No service worker: pages draw without waiting for one, requests go straight to the server
#     (lite/service_worker.py; the tutorial needs no /drive).
"$PY" lite/service_worker.py "$site"
# 7. Precompressed copies (.gz, and .br with the brotli package) beside every file worth it: a cold
#    visit then moves about a third of the bytes from a server that sends them (docs/static-site.md).
"$PY" lite/assemble.py compress --site "$site"
date -u +%Y-%m-%dT%H:%M:%SZ >"$site/.built"
rm -rf "$OUT.old"
if [ -e "$OUT" ]; then mv "$OUT" "$OUT.old"; fi
mv "$site" "$OUT"
rm -rf "$OUT.old"

size=$(du -sh "$OUT" | cut -f1)
echo "Built $OUT in $(( $(date +%s) - started )) s ($size)."
echo "Serve it with:  python3 lite/serve.py --port 8000 $OUT   (sends the .br/.gz copies; see docs/static-site.md)"
echo "then open       http://127.0.0.1:8000/  (the tutorial; the notebook list is at /voici/tree/index.html)"
