"""The checks of the curriculum: small predicates over what the engine said (lichess's ``assert.ts``).

:mod:`.base` holds what a check is (``Attempt``, ``Failure``), the registries and the compiler
of the nested-list form; the leaf checks register themselves from :mod:`.melds` (a meld and the
meld kinds' answers), :mod:`.table` (the table after a turn, why-not), :mod:`.numbers`
(quantities, card tests, count), :mod:`.scores` (lessons 10-13) and :mod:`.play` (playing well,
lesson 13). Importing the package
registers them all. A new check: a small function in the module of what it looks at, decorated
with ``@predicate("its-name", arg types...)``, and a catalogue key for its failure.
"""

from . import melds, numbers, play, scores, table  # noqa: F401  (each registers its checks)
from .base import (
    CARD_TESTS,
    QUANTITIES,
    QUANTITY_UNITS,
    REGISTRY,
    Attempt,
    CardArg,
    CardTest,
    Check,
    CurriculumError,
    Failure,
    MeldCode,
    Predicate,
    Quantity,
    card_test,
    compile_card_test,
    compile_check,
    compile_quantity,
    predicate,
    quantity,
    refusal_failure,
    with_rule,
)

__all__ = ["CARD_TESTS", "QUANTITIES", "QUANTITY_UNITS", "REGISTRY", "Attempt", "CardArg", "CardTest", "Check",
           "CurriculumError", "Failure", "MeldCode", "Predicate", "Quantity", "card_test", "compile_card_test", "compile_check",
           "compile_quantity", "predicate", "quantity", "refusal_failure", "with_rule"]
