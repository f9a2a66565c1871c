#!/usr/bin/env bash
# Set up and run every check: lint (ruff), types (mypy, strict on burraco_core and lessons), all tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "app,test"
if ! command -v chromium >/dev/null 2>&1; then
  echo "installing Debian's chromium for the browser tests" >&2
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "installing Debian's npm for the browser-only (Pyodide) build" >&2
  apt-get update -qq && apt-get install -y -qq npm >/dev/null
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "installing Debian's postgresql for the class service's records (tests/test_class_store.py)" >&2
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi
bash scripts/node_tools.sh
.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
