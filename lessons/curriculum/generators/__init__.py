"""Seeded exercise generators: every pupil a different, reproducible exercise of the same kind.

:mod:`.base` holds the registry (``@generator``), the ``Deal`` that hands out cards, ``draft`` and
``settle`` (the engine picks the solution and the wrong answers) and :func:`generate`; the kinds
register from :mod:`.melds`, :mod:`.positions` (played on a table) and :mod:`.scores` (counting,
the match, another ruleset), all imported here. A new generator: a function decorated with
``@generator("its-kind", teaches=...)`` in the module of its kind's family.
"""

from . import melds, positions, scores  # noqa: F401  (each registers its generators)
from .base import (
    DIFFICULTIES,
    GENERATORS,
    Deal,
    Generator,
    GeneratorError,
    KindUnavailable,
    draft,
    exercise_id,
    exercises,
    generate,
    generator,
    kind_name,
    ruleset_tag,
    settle,
)

# Every kind a generator exists for, in the order they registered (the meld kinds first).
GENERATED_KINDS: tuple[str, ...] = tuple(GENERATORS)

__all__ = ["DIFFICULTIES", "GENERATED_KINDS", "GENERATORS", "Deal", "Generator", "GeneratorError", "KindUnavailable",
           "draft", "exercise_id", "exercises", "generate", "generator", "kind_name", "ruleset_tag", "settle"]
