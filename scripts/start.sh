#!/usr/bin/env bash
# Set up and start the tutorial as a Voilà app on http://127.0.0.1:${PORT:-8866}/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh app
exec .venv/bin/voila --no-browser --port "${PORT:-8866}" --Voila.ip=127.0.0.1 tutorial/index.ipynb
