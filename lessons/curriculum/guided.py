"""The guided hand of lesson 13: a fixed deal, goals one at a time, on a ``HandSession``.

Pure Python (no ipywidgets): the ``guided-hand`` exercise kind and its widget both build
the hand here, so the check and the screen play exactly the same game. The opponent is a
:class:`PatientBot`: it draws from the stock and discards what it drew, so the learner's
goals, the stock and the deal never depend on how the computer players think today.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import burraco_core as bc
from burraco_core.messages import Message
from burraco_core.session import Goal, HandSession

from .kinds.base import SEAT_NAMES_TO_START

GameCheck = Callable[[bc.Game], bool]


class PatientBot:
    """A computer player for guided hands: draw from the stock, discard the card just drawn.

    When that discard is refused (it never is in the lessons' deals) it discards the first
    card the engine accepts, so the hand always goes on.
    """

    def choose(self, game: bc.Game) -> bc.Action:
        if game.phase == "draw":
            return bc.Draw()
        for card in reversed(game.hands[game.current_player]):   # the card drawn comes last
            action = bc.Discard(card)
            if game.explain(action) is None:
                return action
        return game.legal_actions()[0]


def make_session(rules: bc.Ruleset, position: Mapping[str, Any],
                 goals: Sequence[tuple[Message, GameCheck]] = ()) -> HandSession:
    """The guided hand: the position of ``Game.setup``, the learner at seat 0, patient opponents."""
    game = bc.Game.setup(rules, **position)
    bots = {p: PatientBot() for p in range(1, game.players)}
    names = [Message(key) for key in SEAT_NAMES_TO_START[game.players]]   # as the table names them, never 'Player 2'
    return HandSession(game, bots, 0, names=names, goals=[Goal(msg, check) for msg, check in goals])


def human_actions(session: HandSession) -> list[str]:
    """The learner's actions the session accepted so far, as text (``parse_action`` reads them back)."""
    return [str(e.action) for e in session.events if e.human and e.kind == "move" and e.action is not None]


def replay(session: HandSession, actions: Sequence[str]) -> bc.IllegalMove | None:
    """Play the learner's actions, the computer players after each; the first refusal stops it (returned)."""
    session.run_bots()
    for text in actions:
        try:
            session.play(text)
        except bc.IllegalMove as err:
            return err
        session.run_bots()
    return None


__all__ = ["PatientBot", "human_actions", "make_session", "replay"]
