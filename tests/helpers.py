"""Helpers shared by the tests (and the benchmarks): refusals checked the same way everywhere.

Import them as ``from tests.helpers import refused``: ``tests`` is a package, and
pytest puts the repository root on ``sys.path`` for it.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import burraco_core as bc

ROOT = pathlib.Path(__file__).resolve().parents[1]


def lite_script(name: str) -> ModuleType:
    """The build script ``lite/NAME.py`` as a module (lite/ is a folder of scripts, not a package; they import
    their siblings, as when run, from lite/ on ``sys.path``)."""
    if str(ROOT / "lite") not in sys.path:
        sys.path.append(str(ROOT / "lite"))
    spec = importlib.util.spec_from_file_location(f"lite_{name}", ROOT / "lite" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def refused(rule: str, *names: str) -> Iterator[Any]:
    """Context manager: the block raises an IllegalMove with this rule id whose message names these texts
    (card codes as English shows them: ``JK`` is said ``Joker``).

    Yields pytest's ExceptionInfo (``info.value`` is the IllegalMove). The refusal's
    summary must be the rule's own (``bc.RULE_IDS``).
    """
    import pytest  # here, so that the benchmarks can use this module's other helpers without pytest

    with pytest.raises(bc.IllegalMove) as info:
        yield info
    err = info.value
    assert err.rule == rule, f"expected {rule}, got {err.rule}: {err}"
    for name in names:
        said = "Joker" if name == "JK" else name      # a sentence names a joker in words, never by its code
        assert said in str(err), f"{said!r} not named in: {err}"
    assert err.summary == bc.RULE_IDS[rule][0]


def refused_move(game: bc.Game, action: Any, rule: str, *names: str) -> bc.IllegalMove:
    """Apply an action the rules forbid: it raises IllegalMove(rule), leaves the game exactly as it
    was, and ``game.explain`` gives the same rule. Returns the refusal."""
    before = game.to_json()
    with refused(rule, *names) as info:
        game.apply(action)
    assert game.to_json() == before, "a refused action changed the game"
    explained = game.explain(action)
    assert explained is not None and explained.rule == rule, f"explain() says {explained!r}"
    return info.value


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The sample at this fraction of the sorted samples (nearest rank): 0.5 the median, 0.95 the p95."""
    if not samples:
        raise ValueError("no samples")
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def required(module: str) -> Any:
    """Import a package of the project's test extras. A missing one is a broken set-up and fails the test,
    never skips it: a skip would let a run without it look green."""
    import importlib

    import pytest

    try:
        return importlib.import_module(module)
    except ImportError as err:
        pytest.fail(f"{module} is missing: it is in the test extras (bash scripts/setup.sh app,test): {err}",
                    pytrace=False)
