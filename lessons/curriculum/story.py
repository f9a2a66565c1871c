"""One hand from the deal to the close, as a strip of pictures a learner steps through (lesson 1).

The engine plays a fixed deal (``GreedyBot`` at every seat, the learner's seat included, so the
hand is the same every time and no rule is worked out here); :func:`story` keeps the table at
the moments a beginner should see once before any detail: the deal, a whole turn, the first
meld, the first burraco, a pozzetto picked up, the close, the score. Each frame is the game at
that moment (a copy) and a caption, a catalogue message that says what just happened in the
engine's own narration (``story.*`` keys). Pure Python: the lesson widget draws the frames.
"""

from __future__ import annotations

from dataclasses import dataclass

import burraco_core as bc
from burraco_core.errors import shown
from burraco_core.messages import Message
from burraco_core.session import Event, HandSession

from .checks import CurriculumError
from .kinds.base import SEAT_NAMES, SEAT_NAMES_TO_START

MOMENTS = ("deal", "turn", "meld", "burraco", "pozzetto", "close", "score")
MOST_MOVES = 600     # far above any hand (a classic hand of greedy bots takes 60-150 moves)


@dataclass(frozen=True)
class Frame:
    """The table at one moment of the hand, and what the caption says of it."""

    moment: str
    game: bc.Game
    caption: Message


@dataclass(frozen=True)
class Story:
    """Which hand the strip shows: a deal number of the engine, 2 or 4 players, the rules."""

    deal: int
    players: int = 4
    rules: str = "classic"

    def to_dict(self) -> dict[str, object]:
        return {"deal": self.deal, "players": self.players, "rules": self.rules}

    @classmethod
    def from_dict(cls, data: object, where: str, name: str) -> Story:
        if not isinstance(data, dict) or set(data) - {"deal", "players", "rules"} or "deal" not in data:
            raise CurriculumError(where, name, "a story is {'deal': N, 'players': 2 or 4, 'rules': id}")
        deal, players, rules = data["deal"], data.get("players", 4), data.get("rules", "classic")
        if type(deal) is not int or deal < 0 or players not in SEAT_NAMES or rules not in bc.RULESETS:
            raise CurriculumError(where, name, f"a deal number, 2 or 4 players and a built-in ruleset, not {shown(data)}")
        found = Story(deal, players, rules)
        missing = set(MOMENTS) - {frame.moment for frame in story(found)}
        if missing:      # a deal whose hand never shows them would teach nothing of them
            raise CurriculumError(where, name, f"deal {deal} shows no {', '.join(sorted(missing))}: choose another")
        return found


_MADE: dict[Story, tuple[Frame, ...]] = {}


def story(which: Story) -> tuple[Frame, ...]:
    """The frames of the hand, one per moment of :data:`MOMENTS` that the hand has, in order."""
    made = _MADE.get(which)
    if made is None:
        made = _MADE[which] = _play(which)
    return made


def _play(which: Story) -> tuple[Frame, ...]:
    names = [Message(key) for key in SEAT_NAMES_TO_START[which.players]]  # the learner is player 0
    game = bc.Game.new(which.rules, which.players, seed=which.deal)
    learner = bc.GreedyBot(which.deal * 10)     # the learner's seat plays itself, told as "you"
    session = HandSession(game, {p: bc.GreedyBot(which.deal * 10 + p) for p in range(1, which.players)}, 0,
                          names=names)
    frames = [Frame("deal", session.game.copy(), Message("story.deal", players=which.players))]
    seen = {"deal"}
    turns = 0                        # turns ended since the last frame: a caption says how many passed
    for _ in range(MOST_MOVES):
        if session.is_over:
            break
        before = session.game.copy()
        event = session.play(learner.choose(session.game)) if session.waiting == "human" else session.step()
        if event is None:
            break
        moment = _moment(event, before, session.game, seen)
        if moment is not None:
            seen.add(moment)
            caption = Message(f"story.{moment}", did=event.message)
            if turns and moment != "turn":
                caption = Message("story.later", count=turns, then=caption)
            frames.append(Frame(moment, session.game.copy(), caption))
            turns = 0
        if isinstance(event.action, bc.Discard):
            turns += 1
    game = session.game
    if game.is_over and game.result is not None and game.result.closed:
        scores = game.score()
        mine = game.side_of(0)
        frames.append(Frame("score", game, Message("story.score", ours=scores[mine].total,
                                                    theirs=scores[1 - mine].total)))
    return tuple(frames)


def _moment(event: Event, before: bc.Game, after: bc.Game, seen: set[str]) -> str | None:
    """The first time each moment happens; None for the moves between them."""
    action = event.action
    if "turn" not in seen and isinstance(action, bc.Discard) and event.player == 0:
        return "turn"
    if "meld" not in seen and isinstance(action, bc.LayDown):
        return "meld"
    if "burraco" not in seen and event.meld is not None:
        side, index = event.meld
        if after.melds[side][index].burraco:
            return "burraco"
    if "pozzetto" not in seen and sum(after.took_pozzetto) > sum(before.took_pozzetto):
        return "pozzetto"
    if "close" not in seen and after.is_over and after.result is not None and after.result.closed:
        return "close"
    return None


__all__ = ["MOMENTS", "Frame", "Story", "story"]
