"""The exercise kinds: what each one's data holds, how an answer is put to the engine (see :mod:`.base`)."""

from .base import (
    ALLOWED,
    KIND_TABLE,
    KINDS,
    MATCH_ANSWERS,
    READERS,
    Choice,
    Kind,
    Prepared,
    Unreadable,
    burraco_choices,
    closing_claim,
    guided_goals,
    match_of,
    refusal_rules,
    score_of,
    table_position,
)

__all__ = ["ALLOWED", "KIND_TABLE", "KINDS", "MATCH_ANSWERS", "READERS", "Choice", "Kind", "Prepared", "Unreadable",
           "burraco_choices", "closing_claim", "guided_goals", "match_of", "refusal_rules", "score_of", "table_position"]
