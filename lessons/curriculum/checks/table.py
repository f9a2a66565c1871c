"""The checks that look at the table after a learner's moves (lessons 7-9): each side's melds, the phase
of the turn, the pozzetto, the hands, the pile and the stock, how the hand ended; and why-not's answer,
compared with the engine's refusal of the move. Each registers itself in :data:`~.base.REGISTRY`.
"""

from __future__ import annotations

from typing import Any

from burraco_core.actions import typed_refusal
from burraco_core.messages import Message

from .base import Attempt, Failure, MeldCode, predicate, with_rule
from .melds import same_code


def _game(attempt: Attempt) -> Any:
    return attempt.game


@predicate("side-meld", int, int, MeldCode)
def _side_meld(attempt: Attempt, side: int, index: int, code: str) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None:
        melds = game.melds[side]
        if index < len(melds) and same_code(melds[index].table_code, code):
            return None
    return Failure(Message("ex.check.side-meld", number=index + 1))


@predicate("side-burraco", int, int, str)
def _side_burraco(attempt: Attempt, side: int, index: int, kind: str) -> Failure | None:
    """After the actions, meld I of side SIDE is a burraco of this kind (``Meld.burraco``): e.g. a clean
    burraco the moves should not make dirty (issue 30). The feedback names both kinds and both bonuses."""
    game = _game(attempt)
    if game is None or attempt.refusal is not None or index >= len(game.melds[side]):
        return Failure(Message("ex.check.side-meld", number=index + 1))
    meld = game.melds[side][index]
    if meld.burraco == kind:
        return None
    return Failure(Message("ex.check.side-burraco", number=index + 1, wanted=Message("a-burraco", kind=kind),
                           bonus=game.rules.burraco_bonuses.get(kind, 0), now=meld.burraco or "none",
                           made=Message("a-burraco", kind=meld.burraco or "none"), now_bonus=meld.burraco_bonus))


@predicate("side-melds", int, int)
def _side_melds(attempt: Attempt, side: int, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.melds[side]) == count:
        return None
    return Failure(Message("ex.check.side-melds", count=count))


@predicate("side-melds-at-least", int, int)
def _side_melds_at_least(attempt: Attempt, side: int, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.melds[side]) >= count:
        return None
    return Failure(Message("ex.check.side-melds", count=count))


@predicate("phase", str)
def _phase(attempt: Attempt, phase: str) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and game.phase == phase:
        return None
    if game is not None and attempt.refusal is None and phase == "play" and game.phase == "draw":
        return Failure(Message("ex.check.phase.play-discarded"))     # say what the discard did
    return Failure(Message(f"ex.check.phase.{phase}"))


@predicate("took-pozzetto", int)
def _took_pozzetto(attempt: Attempt, side: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and game.took_pozzetto[side]:
        return None
    return Failure(Message("ex.check.took-pozzetto"))


@predicate("hand-size", int, int)
def _hand_size(attempt: Attempt, player: int, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.hands[player]) == count:
        return None
    return Failure(Message("ex.check.hand-size", count=count))


@predicate("result", str)
def _result(attempt: Attempt, reason: str) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and game.result is not None and game.result.reason == reason:
        return None
    if (reason == "closed" and game is not None and game.result is None and attempt.player is not None
            and game.hands[attempt.player]):       # say why: the cards the learner still holds
        return Failure(Message("ex.check.result.closed.holding", cards=tuple(game.hands[attempt.player])))
    if reason == "stock" and game is not None and game.result is None and attempt.refusal is None:
        return Failure(Message("ex.check.result.stock.left", count=len(game.stock)))    # what the stock still holds
    return Failure(Message(f"ex.check.result.{reason}"))


@predicate("pile-size", int)
def _pile_size(attempt: Attempt, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.discard_pile) == count:
        return None
    return Failure(Message("ex.check.pile-size", count=count))


@predicate("stock-size", int)
def _stock_size_after(attempt: Attempt, count: int) -> Failure | None:
    game = _game(attempt)
    if game is not None and attempt.refusal is None and len(game.stock) == count:
        return None
    return Failure(Message("ex.check.stock-size", count=count))


@predicate("refusal-right")
def _refusal_right(attempt: Attempt) -> Failure | None:
    """why-not: the condition picked is the rule of the engine's refusal (or it is allowed)."""
    said, truth = attempt.answer, attempt.expected
    if said == truth:
        return None
    err = attempt.refusal
    if err is None:          # the engine allows the move; the learner named a rule
        return Failure(Message("ex.check.why-not.allowed", named=Message(f"rule.{said}.summary")), said,
                       attempt.cards)
    key = "ex.check.why-not.refused" if said == "legal" else "ex.check.why-not.other-rule"
    # the meld numbered from 1, as the table labels it (the engine counts from 0)
    return Failure(with_rule(key, typed_refusal(err), truth), truth, attempt.cards)


@predicate("seat-right")
def _seat_right(attempt: Attempt) -> Failure | None:
    """seat: the player picked is the one the engine says (the partner, who plays first, who next);
    a wrong pick is told where that player really sits."""
    ask, truth = attempt.expected
    if attempt.answer == truth:
        return None
    return Failure(Message(f"ex.check.seat.{ask}"))
