"""The guided hand of lesson 13: a fixed deal, goals one at a time, on a ``HandSession``.

Pure Python (no ipywidgets): the ``guided-hand`` exercise kind and its widget both build
the hand here, so the check and the screen play exactly the same game. The computer players
follow fixed habits, never the engine's ``GreedyBot``, so the learner's goals, the stock and the
deal never depend on how the computer players think today: a :class:`PatientBot` draws from the
stock and discards what it drew (the opponent of a two-player hand, and the partner of a
four-player one, who plays by itself); the opponents of a four-player hand, as at the Play
table, are each a :class:`MeldingBot`, which also lays down and attaches what it can.
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


class MeldingBot(PatientBot):
    """A computer opponent for four-player guided hands: as :class:`PatientBot`, but before
    discarding it lays down and attaches what it can, each play the first the engine lists
    (``Game.legal_actions``), while at least two cards stay in its hand: it never goes to its
    pozzetto nor closes, so the learner's goals stay the learner's to reach."""

    def choose(self, game: bc.Game) -> bc.Action:
        if game.phase == "play":
            left = len(game.hands[game.current_player])
            for action in game.legal_actions():
                if isinstance(action, (bc.LayDown, bc.Attach)) and left - len(action.cards) >= 2:
                    return action
        return super().choose(game)


def make_session(rules: bc.Ruleset, position: Mapping[str, Any],
                 goals: Sequence[tuple[Message, GameCheck]] = ()) -> HandSession:
    """The guided hand: the position of ``Game.setup``, the learner at seat 0, patient opponents
    (with four players: a patient partner and opponents who meld)."""
    game = bc.Game.setup(rules, **position)
    bots = {p: MeldingBot() if game.players == 4 and game.side_of(p) != game.side_of(0) else PatientBot()
            for p in range(1, game.players)}
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


__all__ = ["MeldingBot", "PatientBot", "human_actions", "make_session", "replay"]
