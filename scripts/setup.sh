#!/usr/bin/env bash
# Create .venv (once) and install the project with the extras named in $1 (default: app).
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-app}"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -qq --upgrade pip
.venv/bin/python -m pip install -qq -e ".[${extras}]"
