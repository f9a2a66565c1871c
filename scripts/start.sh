#!/usr/bin/env bash
# Set up and start the tutorial as a Voilà app; its home page is printed once it answers.
# Voilà reads its settings (no source shown, no tracebacks, a theme, kernel culling) from
# voila.json and voila.py in this folder. PORT=9000 bash scripts/start.sh picks another port.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh app
port="${PORT:-8866}"
url="http://127.0.0.1:$port/voila/render/index.ipynb"
up="http://127.0.0.1:$port/"     # the folder's listing: asking for it starts no Python (a page would)
.venv/bin/voila --no-browser --port "$port" --Voila.ip=127.0.0.1 tutorial/ &
voila=$!
trap 'kill "$voila" 2>/dev/null; wait "$voila" 2>/dev/null' INT TERM EXIT
for _ in $(seq 1 120); do
  if curl -fs -o /dev/null "$up" 2>/dev/null || python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=2)" "$up" 2>/dev/null; then
    echo
    echo "Burraco Tutor is running: open $url"
    echo "(Ctrl+C stops it)"
    break
  fi
  kill -0 "$voila" 2>/dev/null || { echo "voila stopped; see the messages above" >&2; exit 1; }
  sleep 0.5
done
wait "$voila"
