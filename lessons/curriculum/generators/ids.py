"""A generated exercise's id read back: its kind, seed, ruleset and difficulty, and the rules it teaches.

Ids look like ``gen.judge-meld.1234`` or ``gen.attach.italiano.d2.77``; the learner's record keeps them
(``lessons.learner``), so reading them lives here, below the record, beside the generators.
"""

from __future__ import annotations

import functools
import re

import burraco_core as bc

from .base import DIFFICULTIES, GENERATORS, GeneratorError, generate, ruleset_tag

__all__ = ["parse_generated_id", "teaches_of"]

# ASCII digits (\d would take '٣', and int() read it as 3), and a seed of 40 digits at most (int() refuses
# a text of 4,300): any other id is no generated exercise's.
_GENERATED_ID = re.compile(r"^gen\.(?P<kind>[a-z0-9-]+)\.(?:(?P<rules>[a-z0-9_-]+)\.d(?P<d>[0-9])\.)?(?P<seed>[0-9]{1,40})$")


def _house(rules: str | bc.Ruleset | None) -> bc.Ruleset | None:
    """These rules when they are a house variant (not a built-in ruleset), else None."""
    return rules if isinstance(rules, bc.Ruleset) and ruleset_tag(rules) not in bc.RULESETS else None


def parse_generated_id(exercise_id: str, rules: str | bc.Ruleset | None = None
                       ) -> tuple[str, int, str | bc.Ruleset, int] | None:
    """(kind, seed, ruleset, difficulty) of a generated exercise's id, or None for any other id. The
    ruleset is a built-in's id, or the house Ruleset ``rules`` when the id names it (an id holds a
    house variant's fingerprint, not its fields: only the one asked about is recognised)."""
    found = _GENERATED_ID.match(exercise_id)
    if found is None:
        return None
    tag, difficulty = found["rules"] or "classic", int(found["d"] or 1)
    house = _house(rules)
    ruleset: str | bc.Ruleset | None = (tag if tag in bc.RULESETS else
                                        house if house is not None and ruleset_tag(house) == tag else None)
    if found["kind"] not in GENERATORS or ruleset is None or difficulty not in DIFFICULTIES:
        return None
    return found["kind"], int(found["seed"]), ruleset, difficulty


@functools.lru_cache(maxsize=4096)
def teaches_of(exercise_id: str, rules: bc.Ruleset | None = None) -> frozenset[str]:
    """The rules a generated exercise practises, by generating it again from its id (empty for any other
    id). Only a version-1 record's migration needs it (bounded there): answers since carry their rules."""
    parsed = parse_generated_id(exercise_id, rules)
    if parsed is None:
        return frozenset()
    try:
        return generate(*parsed).teaches
    except GeneratorError:
        return frozenset()
