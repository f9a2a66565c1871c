"""What a hand is made of: its phases, how it ended, and the state that changes as it is played.

``Phase`` and ``Result`` are the values a caller reads (``game.phase``, ``game.result``);
:class:`HandState` is the mutable record a :class:`~burraco_core.game.Game` keeps and
hands out only as read-only views. This module imports nothing of the game, so a lesson
can name a phase or a result without loading the engine's move search.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Literal, get_args

if TYPE_CHECKING:
    from .cards import Card
    from .melds import Meld

Phase = Literal["draw", "play", "pozzetto", "over"]
"""Where the current player's turn stands.

``draw``: the turn starts (draw from the stock or take the discard pile); ``play``: lay
down, attach, and end the turn with a discard; ``pozzetto``: the player has melded their
last cards and picks up the pozzetto (al volo) before going on; ``over``: the hand ended.
"""
PHASES: tuple[Phase, ...] = get_args(Phase)

Reason = Literal["closed", "stock", "void"]
"""How a hand ended: a player ``closed`` it, the ``stock`` ran out, or it was ``void``
(the players only traded discards, the stalemate rule)."""
REASONS: tuple[Reason, ...] = get_args(Reason)


@dataclasses.dataclass(frozen=True)
class Result:
    """How a hand ended, after python-chess's ``Outcome``.

    ``reason``: ``"closed"``, ``"stock"`` or ``"void"`` (see :data:`Reason`).
    ``player``: the player (0-based) whose move ended the hand: the one who closed, or
    who made the last discard. ``side``: the side that closed (0 or 1); ``None`` when the
    hand ended without a closing.
    """

    reason: Reason
    player: int | None = None
    side: int | None = None

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"a hand ends {', '.join(map(repr, REASONS))}, not {self.reason!r}")
        if self.player is not None and (type(self.player) is not int or self.player < 0):
            raise ValueError(f"the player who ended the hand is a number, 0 or more, not {self.player!r}")
        if (self.reason == "closed") != (self.side is not None) or self.side not in (None, 0, 1):
            raise ValueError("a closed hand names the side (0 or 1) that closed it, and only a closed hand does")

    @property
    def closed(self) -> bool:
        return self.reason == "closed"

    def to_dict(self) -> dict[str, object]:
        """The form saved games have always used: ``{"reason": ..., "side": ..., "player": ...}``."""
        body: dict[str, object] = {"reason": self.reason}
        if self.side is not None:
            body["side"] = self.side
        if self.player is not None:
            body["player"] = self.player
        return body

    @classmethod
    def from_dict(cls, body: object) -> Result:
        """The inverse of :meth:`to_dict`; ValueError for anything else."""
        if not isinstance(body, dict) or not set(body) <= {"reason", "side", "player"}:
            raise ValueError(f"not a hand's result: {body!r}")
        return cls(body.get("reason"), body.get("player"), body.get("side"))  # type: ignore[arg-type]

    def __repr__(self) -> str:
        args = [repr(self.reason)]
        if self.player is not None:
            args.append(f"player={self.player}")
        if self.side is not None:
            args.append(f"side={self.side}")
        return f"Result({', '.join(args)})"


@dataclasses.dataclass
class HandState:
    """Everything that changes during a hand; ``Game`` owns one and copies it whole.

    The fields that describe the current turn: ``took_pile`` (the player took the
    discard pile this turn), ``pile_pick`` (the one card taken as the whole discard pile,
    and whether the player held its twin before), ``melded`` (the player laid down or
    attached this turn), ``pozzetto_pending`` (per player: took the pozzetto by
    discarding and plays it from their next turn), ``trading_turns`` (turns in a row that
    took the pile and melded nothing, for the stalemate rule).
    """

    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    pozzetti: list[list[Card]]
    melds: list[list[Meld]]
    current: int = 0
    phase: Phase = "draw"
    took_pozzetto: list[bool] = dataclasses.field(default_factory=lambda: [False, False])
    pozzetto_pending: list[bool] = dataclasses.field(default_factory=list)
    turns_played: list[int] = dataclasses.field(default_factory=list)
    pile_pick: tuple[Card, bool] | None = None
    took_pile: bool = False
    melded: bool = False
    trading_turns: int = 0
    result: Result | None = None
    history: list[str] = dataclasses.field(default_factory=list)

    def copy(self) -> HandState:
        return HandState(
            hands=[list(h) for h in self.hands], stock=list(self.stock), pile=list(self.pile),
            pozzetti=[list(p) for p in self.pozzetti], melds=[list(m) for m in self.melds],
            current=self.current, phase=self.phase, took_pozzetto=list(self.took_pozzetto),
            pozzetto_pending=list(self.pozzetto_pending), turns_played=list(self.turns_played),
            pile_pick=self.pile_pick, took_pile=self.took_pile, melded=self.melded,
            trading_turns=self.trading_turns, result=self.result, history=list(self.history),
        )


__all__ = ["PHASES", "Phase", "REASONS", "Reason", "Result", "HandState"]
