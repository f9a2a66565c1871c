"""The exercise kinds: what each one's data holds, how an answer is put to the engine.

:mod:`.base` holds what a kind is (``Kind``: ``prepare`` reads the data once, ``read`` turns an
answer into the engine's ``Attempt``), the registry and the helpers that read data; the kinds
register from :mod:`.melds` (cards and melds), :mod:`.table` (played at a table) and
:mod:`.scores` (lessons 10-12). A new kind: a ``@reader`` and a ``@kind`` in the module of
what it asks, its name in :data:`KINDS`, a view in ``lessons.widgets.views``, a line in
``lessons/content/FORMAT.md``.
"""

from . import melds, scores, table  # noqa: F401  (each registers its kinds)
from .base import (
    KIND_TABLE,
    READERS,
    SEAT_NAMES,
    SEAT_NAMES_IN_TEXT,
    SEAT_NAMES_TO_START,
    Choice,
    Kind,
    Prepared,
    Unreadable,
    name_seats,
    set_up,
    table_position,
)
from .melds import burraco_choices
from .scores import MATCH_ANSWERS, closing_claim, match_of, score_of
from .table import ALLOWED, guided_goals, refusal_rules

# The kinds in the order lessons/content/FORMAT.md lists them.
KINDS: tuple[str, ...] = ("count", "pick-cards", "build-meld", "attach", "position", "judge-meld", "stands-for",
                          "free-or-bound", "spot-burraco", "why-not", "count-score", "victory-points",
                          "match-verdict", "predict-under-ruleset", "guided-hand", "seat")
if set(KINDS) != set(KIND_TABLE):     # a kind registered but not listed, or listed but never registered
    raise RuntimeError(f"KINDS and the registered kinds differ: {sorted(set(KINDS) ^ set(KIND_TABLE))}")

__all__ = ["ALLOWED", "KIND_TABLE", "KINDS", "MATCH_ANSWERS", "READERS", "SEAT_NAMES", "SEAT_NAMES_IN_TEXT",
           "SEAT_NAMES_TO_START", "Choice", "Kind", "Prepared", "Unreadable", "burraco_choices", "closing_claim",
           "guided_goals", "match_of", "name_seats", "refusal_rules", "score_of", "set_up", "table_position"]
