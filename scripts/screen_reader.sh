#!/usr/bin/env bash
# Lesson 2 and a turn at lesson 3's table taken in Italian with a real screen reader, Orca (issue 33).
# Installs what is missing (Debian: orca, xvfb; no sound card needed, Orca's debug log is what is read),
# then runs tests/browser/screen_reader.py in a D-Bus session of its own: Xvfb, Orca, the app in Voila on a
# free port, Chromium (not headless) driven by Playwright. Writes what Orca said to
# test-artifacts/orca-it.txt (its whole debug log beside it); exits 1 if a verdict or a move is not heard
# in Italian, or is heard twice, in English or as engine notation. Takes about 2 minutes.
#   bash scripts/screen_reader.sh [--lang it]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "app,test"
need=()
command -v orca >/dev/null 2>&1 || need+=(orca)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v dbus-run-session >/dev/null 2>&1 || need+=(dbus-bin)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ "${#need[@]}" -gt 0 ]; then
  echo "installing Debian's ${need[*]} for the screen reader walk" >&2
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
exec dbus-run-session -- .venv/bin/python tests/browser/screen_reader.py "$@"
