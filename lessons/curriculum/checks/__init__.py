"""The checks of the curriculum: small predicates over what the engine said (see :mod:`.base`)."""

from .base import (
    CARD_TESTS,
    QUANTITIES,
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
)

__all__ = ["CARD_TESTS", "QUANTITIES", "REGISTRY", "Attempt", "CardArg", "CardTest", "Check", "CurriculumError",
           "Failure", "MeldCode", "Predicate", "Quantity", "card_test", "compile_card_test", "compile_check",
           "compile_quantity", "predicate", "quantity", "refusal_failure"]
