#!/usr/bin/env bash
# The npm packages the browser tests use, pinned, installed into build/node/ (never globally):
# configurable-http-proxy (JupyterHub's proxy, for tests/browser/test_hub.py) and axe-core
# (the accessibility audit). Does nothing when they are there already.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(configurable-http-proxy@5.3.0 axe-core@4.10.3)
want="${packages[*]}"
if [ "$(cat build/node/.installed 2>/dev/null)" != "$want" ]; then
  command -v npm >/dev/null || { echo "npm is needed (Debian: apt-get install -y npm)" >&2; exit 1; }
  mkdir -p build/node
  npm install --prefix build/node --no-audit --no-fund --silent "${packages[@]}" >&2
  echo "$want" >build/node/.installed
fi
