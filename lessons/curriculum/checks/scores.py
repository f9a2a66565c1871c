"""The checks of the scoring lessons (10-13): a hand counted line by line, victory points, the match's
verdict, another ruleset's verdict, a guided hand's goals. Each compares the answer with what the
engine said, and registers itself in :data:`~.base.REGISTRY`.
"""

from __future__ import annotations

from burraco_core.messages import Message

from .base import Attempt, Failure, predicate
from .melds import burraco_failure


@predicate("score-right")
def _score_right(attempt: Attempt) -> Failure | None:
    """count-score: the side's count, line by line or its total, as the engine's breakdown has it.

    A wrong total is told what it most likely left out or got the wrong way round, read off the
    breakdown: a line left out, a line with its sign turned, the closing bonus given to a side that
    did not close (or forgotten); else only whether it is too much or too little. No rule is named:
    counting breaks none."""
    breakdown, claimed = attempt.expected
    said = attempt.answer
    lines = breakdown.lines
    if isinstance(said, int):
        if said == breakdown.total:
            return None
        off = said - breakdown.total
        for line in lines:       # a line left out first: the likeliest slip, and the one the learner can see
            if off == -line.points:
                return Failure(Message("ex.check.score.left-out", answer=said, label=line.message,
                                       points=line.points), cards=line.cards)
        if said == claimed.total:
            return Failure(Message("ex.check.score.closing-added" if off > 0 else "ex.check.score.closing-missed",
                                   answer=said))
        for line in lines:
            if off == -2 * line.points:
                return Failure(Message("ex.check.score.turned", answer=said, label=line.message, points=line.points),
                               cards=line.cards)
        if said == -breakdown.total:
            return Failure(Message("ex.check.score.all-turned", answer=said))
        for line in lines:
            if line.points and off == line.points:
                return Failure(Message("ex.check.score.twice", answer=said, label=line.message, points=line.points),
                               cards=line.cards)
        for line in lines:      # a burraco's bonus read for another kind (dirty for clean...)
            if line.key == "burraco" and off + line.points in set(attempt.rules.burraco_bonuses.values()) - {line.points}:
                return Failure(Message("ex.check.score.burraco-kind", answer=said, label=line.message,
                                       points=line.points), cards=line.cards)
        direction = "more" if off < 0 else "fewer"
        return Failure(Message("ex.check.score.total", answer=said, direction=direction, count=len(lines)))
    if len(said) != len(lines):
        return Failure(Message("ex.check.score.lines", count=len(lines), given=len(said)))
    for number, (value, line) in enumerate(zip(said, lines, strict=True), 1):
        if value == line.points:
            continue
        if value == -line.points:
            why = Message("ex.check.score.sign" if line.points < 0 else "ex.check.score.plus")
        else:
            cards = line.cards or line.message.params.get("cards", ())   # a meld line names its cards in its text
            why = Message(f"ex.check.score.why.{line.key}", cards=cards, count=len(cards))
        return Failure(Message("ex.check.score.line", number=number, label=line.message, answer=value, why=why),
                       cards=line.cards)
    return None


@predicate("vp-right")
def _vp_right(attempt: Attempt) -> Failure | None:
    """victory-points: both sides' points as the engine's table gives them; a wrong answer is told the
    two sums, which side should get more, and the difference to look up (the table is on screen)."""
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    if sum(said) != 20:
        return Failure(Message("ex.check.vp.sum", total=sum(said)))
    return Failure(Message("ex.check.vp.band", answer=f"{said[0]}-{said[1]}", about=attempt.about))


@predicate("match-right")
def _match_right(attempt: Attempt) -> Failure | None:
    """match-verdict: the engine's verdict on the game; a wrong one is told the totals and what the
    ruleset plays to (never only which answer was right)."""
    if attempt.answer == attempt.expected:
        return None
    return Failure(Message(f"ex.check.match.{attempt.expected}", rules=attempt.rules.label,
                           target=attempt.rules.target_score or 0, totals=attempt.about,
                           length=attempt.rules.game_length))


@predicate("predicted-right")
def _predicted_right(attempt: Attempt) -> Failure | None:
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    err = attempt.refusal
    if err is not None:      # the other ruleset refuses it: say why, with the rule
        return Failure(Message("ex.check.predict.refused", reason=err.msg, rule=Message(f"rule.{err.rule}.summary")),
                       err.rule)
    if truth == "legal":
        return Failure(Message("ex.check.predict.legal", named=Message(f"rule.{said}.summary")), said)
    if attempt.meld is not None:           # the kind of burraco: why not the one said, under the other rules
        return burraco_failure(said, truth, attempt.meld, attempt.rules)
    return Failure(Message("ex.check.predict.burraco", said=Message(f"ex.burraco.{said}")))


@predicate("goals-reached")
def _goals_reached(attempt: Attempt) -> Failure | None:
    reached, total, goal = attempt.expected
    if reached >= total:
        return None
    return Failure(Message("ex.check.goals", reached=reached, count=total, goal=goal.message))
