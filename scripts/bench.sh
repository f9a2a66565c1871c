#!/usr/bin/env bash
# Run every benchmark and print its figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "app,test" >/dev/null
for bench in benchmarks/bench_*.py; do
  echo "== $bench"
  .venv/bin/python "$bench"
done
