"""The curriculum as data: pure Python on burraco_core, no ipywidgets.

- :mod:`.model`: ``Lesson``, ``Exercise``, ``Verdict``, read from ``lessons/content/*.json``;
- :mod:`.checks`: the small predicates a check is built from (lichess's ``assert.ts``);
- :mod:`.kinds`: what each exercise kind's data holds and how an answer is put to the engine;
- :mod:`.generators`: seeded exercises of every kind, for practice and worksheets;
- :mod:`.guided` (lesson 13's guided hand), :mod:`.variants` (how the rulesets differ),
  :mod:`.coverage` (``docs/curriculum.md``).
"""

from .model import (
    CONTENT_DIR,
    FORMAT,
    HERE,
    KINDS,
    LOCALE_DIR,
    OWN_TEXT,
    STATUSES,
    TABLES,
    VERSION,
    Block,
    CurriculumError,
    Exercise,
    Lesson,
    OwnText,
    Verdict,
    load,
    load_all,
    ruleset_dict,
    ruleset_from_dict,
)

__all__ = ["CONTENT_DIR", "FORMAT", "HERE", "KINDS", "LOCALE_DIR", "OWN_TEXT", "STATUSES", "TABLES", "VERSION", "Block",
           "CurriculumError", "Exercise", "Lesson", "OwnText", "Verdict", "load", "load_all", "ruleset_dict",
           "ruleset_from_dict"]
