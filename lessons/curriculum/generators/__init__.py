"""Seeded exercise generators: every pupil a different, reproducible exercise of the same kind (see :mod:`.base`)."""

from .base import (
    DIFFICULTIES,
    GENERATED_KINDS,
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

__all__ = ["DIFFICULTIES", "GENERATED_KINDS", "Deal", "Generator", "GeneratorError", "KindUnavailable", "draft",
           "exercise_id", "exercises", "generate", "generator", "kind_name", "ruleset_tag", "settle"]
