"""The checks that look at a meld: was it laid down, what kind, its size, its wild, its burraco; and the
answers of the meld kinds (pick-cards, judge-meld, stands-for, free-or-bound, spot-burraco), compared
with what the engine said. Each registers itself in :data:`~.base.REGISTRY` by its name in a lesson file.
"""

from __future__ import annotations

import burraco_core as bc
from burraco_core.cards import rank_code
from burraco_core.messages import Message

from .base import (
    Attempt,
    Failure,
    MeldCode,
    meld_params,
    naming,
    no_meld,
    predicate,
    refusal_failure,
    with_rule,
)


@predicate("legal")
def _legal(attempt: Attempt) -> Failure | None:
    if attempt.refusal is not None:
        return refusal_failure(attempt.refusal)
    return None


@predicate("refused", str)
def _refused(attempt: Attempt, rule: str) -> Failure | None:
    if attempt.refusal is not None and attempt.refusal.rule == rule:
        return None
    return Failure(Message("ex.check.refused", rule=Message(f"rule.{rule}.summary")), rule)


@predicate("is-run")
def _is_run(attempt: Attempt) -> Failure | None:
    if attempt.meld is not None and attempt.meld.kind == bc.RUN:
        return None
    return no_meld(attempt) or Failure(Message("ex.check.is-run", **meld_params(attempt)))


@predicate("is-group")
def _is_group(attempt: Attempt) -> Failure | None:
    if attempt.meld is not None and attempt.meld.kind == bc.GROUP:
        return None
    return no_meld(attempt) or Failure(Message("ex.check.is-group", **meld_params(attempt)))


@predicate("has-wild")
def _has_wild(attempt: Attempt) -> Failure | None:
    if attempt.meld is not None and attempt.meld.wild is not None:
        return None
    return no_meld(attempt) or Failure(Message("ex.check.has-wild", **meld_params(attempt)))


@predicate("size-at-least", int)
def _size_at_least(attempt: Attempt, size: int) -> Failure | None:
    if attempt.meld is not None and len(attempt.meld) >= size:
        return None
    return no_meld(attempt) or Failure(Message("ex.check.size-at-least", size=size, **meld_params(attempt)))


@predicate("size", int)
def _size(attempt: Attempt, size: int) -> Failure | None:
    if attempt.meld is not None and len(attempt.meld) == size:
        return None
    return no_meld(attempt) or Failure(Message("ex.check.size", size=size, **meld_params(attempt)))


@predicate("meld-is", MeldCode)
def _meld_is(attempt: Attempt, code: str) -> Failure | None:
    meld = attempt.meld
    if meld is not None and same_code(meld.table_code, code):
        return None
    return no_meld(attempt) or Failure(Message("ex.check.meld-is", **meld_params(attempt)))


def same_code(engine: str, wanted: str) -> bool:
    # the deck of a card (the apostrophe) does not matter to the arrangement
    return engine.upper().replace("'", "") == wanted.upper().replace("'", "")


@predicate("stands-for", str)
def _stands_for(attempt: Attempt, card: str) -> Failure | None:
    meld = attempt.meld
    if meld is not None and meld.wild is not None and _stands_for_matches(meld, card):
        return None
    if meld is not None and meld.wild is None:
        return Failure(Message("ex.check.has-wild", **meld_params(attempt)))
    failure = no_meld(attempt)
    if failure is not None or meld is None:
        return failure
    return Failure(Message("ex.check.stands-for-goal", wild=meld.wild, stands_for=meld.wild_stands_for,
                           **meld_params(attempt)), cards=(meld.wild,) if meld.wild else ())


def _stands_for_matches(meld: bc.Meld, answer: str) -> bool:
    """Whether ``answer`` (a card ``"7H"``, or a rank ``"8"`` for a group) is what the engine says."""
    said = meld.wild_stands_for
    if meld.kind == bc.GROUP:
        return answer.strip().upper() in (said, rank_code(meld.rank))
    try:
        return str(bc.parse_card(answer)) == said
    except bc.NotationError:
        return False


@predicate("wild-free")
def _wild_free(attempt: Attempt) -> Failure | None:
    meld = attempt.meld
    if meld is not None and meld.wild is not None and meld.wild_is_free:
        return None
    if meld is not None and meld.wild is None:
        return Failure(Message("ex.check.has-wild", **meld_params(attempt)))
    return no_meld(attempt) or naming("wild.bound", Message("ex.check.wild-free", wild=meld.wild,  # type: ignore[union-attr]
                                                              **meld_params(attempt)))


@predicate("wild-bound")
def _wild_bound(attempt: Attempt) -> Failure | None:
    meld = attempt.meld
    if meld is not None and meld.wild is not None and not meld.wild_is_free and meld.kind == bc.RUN:
        return None
    return no_meld(attempt) or Failure(Message("ex.check.wild-bound", **meld_params(attempt)))


@predicate("burraco", str)
def _burraco(attempt: Attempt, kind: str) -> Failure | None:
    meld = attempt.meld
    if meld is not None and (meld.burraco or "none") == kind:
        return None
    if meld is None:
        return no_meld(attempt)
    if kind == "clean" and meld.wild is not None:     # say which card made it dirty, not just that it is wrong
        if meld.wild in attempt.cards:
            return Failure(Message("ex.check.burraco.wild-added", wild=meld.wild))
        return Failure(Message("ex.check.burraco.made-dirty", cards=attempt.cards or meld.cards, wild=meld.wild))
    if meld.burraco is None and kind != "none":
        return Failure(Message("ex.check.burraco.too-short", count=len(meld)))
    return Failure(Message("ex.check.burraco", wanted=Message(f"ex.burraco.{kind}"), **meld_params(attempt)))


@predicate("answer", str)
def _answer(attempt: Attempt, value: str) -> Failure | None:
    if attempt.answer == value:
        return None
    return Failure(Message("ex.check.answer"))


@predicate("picked-right")
def _picked_right(attempt: Attempt) -> Failure | None:
    picked = list(attempt.cards)
    wanted = list(attempt.expected)
    extra = []
    for card in picked:
        if card in wanted:
            wanted.remove(card)
        else:
            extra.append(card)
    if not extra and not wanted:
        return None
    if extra:
        if attempt.about is not None:      # the picked cards are not what the question asks for: say what it asks
            return Failure(Message("ex.check.picked.not", cards=tuple(extra), count=len(extra), what=attempt.about),
                           cards=tuple(extra))
        return Failure(Message("ex.check.picked.extra", cards=tuple(extra), count=len(extra)), cards=tuple(extra))
    return Failure(Message("ex.check.picked.missing", count=len(wanted)))


@predicate("judged-right")
def _judged_right(attempt: Attempt) -> Failure | None:
    if attempt.answer == attempt.expected:
        return None
    err = attempt.refusal
    if err is not None:
        key = "ex.check.judged.illegal" if attempt.answer == "legal" else "ex.check.judged.other-rule"
        return Failure(with_rule(key, err.msg, err.rule), err.rule)
    meld = attempt.meld
    assert meld is not None
    return Failure(Message("ex.check.judged.legal", cards=meld.cards, kind=meld.kind,
                           named=Message(f"rule.{attempt.answer}.summary")), attempt.answer)


@predicate("stands-for-right")
def _stands_for_right(attempt: Attempt) -> Failure | None:
    meld = attempt.meld
    assert meld is not None and meld.wild is not None
    if _stands_for_matches(meld, str(attempt.answer)):
        return None
    key = "ex.check.stands-for.group" if meld.kind == bc.GROUP else "ex.check.stands-for"
    return Failure(Message(key, wild=meld.wild, **meld_params(attempt)), cards=(meld.wild,))


@predicate("free-or-bound-right")
def _free_or_bound_right(attempt: Attempt) -> Failure | None:
    if attempt.answer == attempt.expected:
        return None
    meld = attempt.meld
    assert meld is not None and meld.wild is not None
    return naming("wild.bound", Message(f"ex.check.free-or-bound.{attempt.expected}", wild=meld.wild),
                   cards=(meld.wild,))


@predicate("burraco-right")
def _burraco_right(attempt: Attempt) -> Failure | None:
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    assert attempt.meld is not None
    return burraco_failure(said, truth, attempt.meld, attempt.rules)


def burraco_failure(said: str, truth: str, meld: bc.Meld, rules: bc.Ruleset) -> Failure:
    """Why ``meld`` is not the kind of burraco the learner ``said`` under ``rules`` (it is ``truth``)."""
    if truth == "not-yet":
        key = "ex.check.burraco.too-short"
    elif said == "not-yet":
        key = "ex.check.burraco.long-enough"
    elif meld.wild is not None and said in ("clean", "royal", "ace-to-ace"):
        key = "ex.check.burraco.has-wild"
    elif meld.wild is None:
        key = "ex.check.burraco.no-wild"
    elif truth == "semi-clean":
        key = "ex.check.burraco.semi-clean"
    elif said == "semi-clean":
        key = "ex.check.burraco.not-semi-clean"
    else:
        key = "ex.check.burraco.other"
    cards = (meld.wild,) if meld.wild is not None else ()
    return Failure(Message(key, wild=meld.wild or "", count=len(meld), said=Message(f"ex.burraco.{said}"), kind=meld.kind,
                           where=rules.semi_clean_wild), cards=cards)
