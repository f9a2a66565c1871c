#!/usr/bin/env bash
# The npm packages the browser tests use, pinned, installed into build/node/ (never globally):
# configurable-http-proxy (JupyterHub's proxy, for tests/browser/test_hub.py) and axe-core
# (the accessibility audit). Does nothing when they are there already.
# `node_tools.sh bench`: typescript instead, into build/node-bench/, for benchmarks/bench_melds.py --peer
# (compiles a local copy of a TypeScript peer engine; nothing else needs it).
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(configurable-http-proxy@5.3.0 axe-core@4.10.3)
dir=build/node
if [ "${1:-}" = bench ]; then
  packages=(typescript@5.9.3)
  dir=build/node-bench
fi
want="${packages[*]}"
if [ "$(cat "$dir/.installed" 2>/dev/null)" != "$want" ]; then
  command -v npm >/dev/null || { echo "npm is needed (Debian: apt-get install -y npm)" >&2; exit 1; }
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --silent "${packages[@]}" >&2
  echo "$want" >"$dir/.installed"
fi
