"""The variant table of lesson 12, built from the engine's own rulesets.

Every row is a field of :class:`burraco_core.Ruleset` (``dataclasses.fields``) on which the
four built-in rulesets differ, so the table can never disagree with the engine: a field
added or a value changed in ``burraco_core/rulesets.py`` shows here at once (and a test
fails until the field has its words, key ``variants.field.<name>``, shared with the variant
builder). Values are said through the catalogue: numbers as they are, yes/no, a dash for
"none", and the named choices (``lesson.variants.value.<value>``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message

SKIPPED = ("id", "name")
ONLY_WITH = {"semi_clean_wild": "semi_clean_bonus", "complete_run_wild_locked": "run_fourteenth_place"}
"""A field meaningful only when another is set (None or False: not set): the wild's place of a semi-clean
burraco; a complete run's locked wild, which without a 14th place has nowhere to go anyway."""


def builtins() -> tuple[bc.Ruleset, ...]:
    return tuple(bc.RULESETS.values())


def differing_fields() -> tuple[str, ...]:
    """The Ruleset fields on which the built-in rulesets differ, in the dataclass's order."""
    rulesets = builtins()
    out = []
    for f in dataclasses.fields(bc.Ruleset):
        if f.name in SKIPPED:
            continue
        if len({repr(_shown(r, f.name)) for r in rulesets}) > 1:
            out.append(f.name)
    return tuple(out)


def _shown(rules: bc.Ruleset, name: str) -> Any:
    needs = ONLY_WITH.get(name)
    if needs is not None and (getattr(rules, needs) is None or getattr(rules, needs) is False):
        return None
    return getattr(rules, name)


def value_message(value: Any) -> Message:
    if value is None:
        return Message("lesson.variants.value.none")
    if isinstance(value, bool):
        return Message("lesson.variants.value.yes" if value else "lesson.variants.value.no")
    if isinstance(value, int):
        return Message("lesson.variants.value.number", n=value)
    return Message(f"lesson.variants.value.{value}")


def variant_table(lang: str = "en") -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The header (the rulesets' names) and one row per differing field, in ``lang``."""
    rulesets = builtins()
    label = Message("lesson.variants.field")

    def said(msg: Message | str) -> str:
        return msg.text(lang) if isinstance(msg, Message) else msg

    header = (label.text(lang), *(said(r.label) for r in rulesets))
    rows = tuple((Message(f"variants.field.{name}").text(lang),
                  *(value_message(_shown(r, name)).text(lang) for r in rulesets))
                 for name in differing_fields())
    return header, rows


__all__ = ["differing_fields", "value_message", "variant_table"]
