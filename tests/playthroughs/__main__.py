"""Compare the golden playthroughs with a fresh run, or rewrite them: ``python -m tests.playthroughs [--update]``."""

from __future__ import annotations

import argparse
import sys

from tests.playthroughs import HANDS, differences


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.playthroughs", description=__doc__)
    parser.add_argument("--update", action="store_true", help="rewrite the files that differ")
    args = parser.parse_args()
    changed = differences(update=args.update)
    for name in changed:
        print(f"{'rewrote' if args.update else 'differs'}: tests/playthroughs/{name}.txt")
    print(f"{len(HANDS) - len(changed)} of {len(HANDS)} playthroughs unchanged")
    return 1 if changed and not args.update else 0


if __name__ == "__main__":
    sys.exit(main())
