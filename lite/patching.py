"""What the build's patches of the site's built JavaScript share (``lite/widget_views.py``, ``lite/service_worker.py``).

A patch replaces code of an exact shape that it finds exactly once; anything else (another version of the
package that built it) stops the build with ShapeChanged, saying what was found, so no site is published
half patched or patched in the wrong place.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
from collections.abc import Callable


class ShapeChanged(Exception):
    """The built code does not hold what a patch replaces exactly once."""


def replaced_once(site: pathlib.Path, folder: str, pattern: str, new: str) -> tuple[pathlib.Path, str]:
    """The one ``*.js`` file of ``site/folder`` holding ``pattern`` (a regular expression), and its text with it
    replaced by ``new`` (taken as it is: no group references), not yet written; ShapeChanged unless exactly one
    file holds it, once."""
    found = [path for path in sorted((site / folder).glob("*.js")) if re.search(pattern, path.read_text("utf-8"))]
    if len(found) != 1:
        raise ShapeChanged(f"{folder}: {len(found)} files hold {pattern!r} where one was expected")
    text, count = re.subn(pattern, lambda _: new, found[0].read_text("utf-8"))
    if count != 1:
        raise ShapeChanged(f"{found[0].relative_to(site)}: {count} copies of {pattern!r} where one was expected")
    return found[0], text


def run(name: str, description: str, patch_site: Callable[[pathlib.Path], list[pathlib.Path]], done: str) -> int:
    """The command line of a patch: ``python lite/NAME.py SITE``; 1, with what stopped it, on ShapeChanged."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("site", type=pathlib.Path)
    args = parser.parse_args()
    try:
        changed = patch_site(args.site)
    except ShapeChanged as err:
        print(f"{name}: {err}", file=sys.stderr)
        return 1
    print(f"{name}: {done}: {len(changed)} file(s) patched")
    return 0
