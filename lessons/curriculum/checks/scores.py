"""The checks of the scoring lessons (10-13): a hand counted line by line, victory points, the match's
verdict, another ruleset's verdict, a guided hand's goals. Each compares the answer with what the
engine said, and registers itself in :data:`~.base.REGISTRY`.
"""

from __future__ import annotations

from burraco_core.messages import Message

from .base import Attempt, Failure, predicate, with_rule
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


def standing(ours: int, theirs: int) -> str:
    """Which side is ahead on two numbers shown: ``"ours"``, ``"theirs"`` or ``"level"``. Every
    comparison the score feedback states (more, fewer, level, who won) is this word, a parameter of
    its message, so a sentence cannot say "more" of numbers that are not."""
    return "ours" if ours > theirs else "theirs" if theirs > ours else "level"


def vp_slip(said: tuple[int, int], truth: tuple[int, int]) -> str:
    """How an answer of victory points that add up to 20 is off, compared with the table's:
    ``"same"`` (the table gives 10 each), ``"level"`` (the answer gives 10 each, the table does not),
    ``"turned"`` (the answer gives more to the side that gets fewer), ``"many"`` or ``"few"`` (the
    side that gets more, given too many or too few)."""
    ahead, told = standing(*truth), standing(*said)
    if ahead == "level":
        return "same"
    if told == "level":
        return "level"
    if told != ahead:
        return "turned"
    lead = 0 if ahead == "ours" else 1
    return "many" if said[lead] > truth[lead] else "few"


@predicate("vp-right")
def _vp_right(attempt: Attempt) -> Failure | None:
    """victory-points: both sides' points as the engine's table gives them; a wrong answer is told how
    it is off (which side gets more, too many or too few), the match points and the difference to look
    up (the table is on screen)."""
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    if sum(said) != 20:
        return Failure(Message("ex.check.vp.sum", total=sum(said)))
    ahead = standing(*truth)
    return Failure(Message("ex.check.vp.band", answer=f"{said[0]}-{said[1]}", about=attempt.about, ahead=ahead,
                           slip=vp_slip(said, truth), given=said[1] if ahead == "theirs" else said[0]))


@predicate("match-right")
def _match_right(attempt: Attempt) -> Failure | None:
    """match-verdict: the engine's verdict on the game; a wrong one is told the totals and what the
    ruleset plays to (never only which answer was right): which side is ahead and which reached the
    target are computed here from the totals shown; a tie of a one-hand game goes to the side that
    played first, your side (side 0: player 0 plays first)."""
    if attempt.answer == attempt.expected:
        return None
    about = attempt.about
    assert about is not None
    ours, theirs = about.params["ours"], about.params["theirs"]
    target = attempt.rules.target_score or 0
    there = (bool(target) and ours >= target, bool(target) and theirs >= target)   # who reached the target
    reached = "both" if all(there) else "ours" if there[0] else "theirs" if there[1] else "none"
    return Failure(Message(f"ex.check.match.{attempt.expected}", rules=attempt.rules.label, target=target,
                           totals=about, length=attempt.rules.game_length, ahead=standing(ours, theirs),
                           reached=reached))


@predicate("predicted-right")
def _predicted_right(attempt: Attempt) -> Failure | None:
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    err = attempt.refusal
    if err is not None:      # the other ruleset refuses it: say why, with the rule
        # a rule said, not the one that refuses it: the learner was right that it is refused, so say so
        key = "ex.check.predict.refused" if said == "legal" else "ex.check.predict.other-rule"
        return Failure(with_rule(key, err.msg, err.rule), err.rule)
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
