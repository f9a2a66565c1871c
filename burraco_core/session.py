"""One driver for a hand: a human seat (or none), computer seats, and a stream of events.

The terminal game, the lessons' play table, ``bots.play_hand`` and the guided hand of
lesson 13 are views over :class:`HandSession`; none keeps a bot loop, an undo stack or a
narrator of its own::

    session = HandSession.new("classic", players=4)    # a new random deal; the human is player 0
    session.deal                                       # its number: new(..., deal=session.deal) deals it again
    session.play("draw")                               # the human's action -> Event; a refusal raises the
                                                       # engine's IllegalMove and changes nothing
    while (event := session.step()) is not None:       # the computer players, one move at a time
        print(event.text("en"))                        # "Player 2 discarded 7♥."
    session.run_bots()                                 # ... or every computer move up to the human's turn
    session.hints()                                    # bots.hints for the human, [] when not their turn
    session.undo()                                     # take back the human's last action (undo_turn(): the turn)
    session.events                                     # every event of the hand, in order

What the session is waiting for is :attr:`HandSession.waiting`: ``"human"``, ``"computer"``
(call :meth:`~HandSession.step` or :meth:`~HandSession.run_bots`), ``"stopped"`` (the engine
refused a computer player's move: nothing is played in its place; :meth:`~HandSession.undo` or a
new session goes on) or ``"over"``. With ``human=None`` every seat is a computer player and
``run_bots()`` plays the whole hand (this is ``bots.play_hand``). With ``narrated=False`` (what
``play_hand`` and simulations use) no copy of the game is made per move: the events say the
action as typed (``session.move``), with no cards and no meld.

**Events.** Each :class:`Event` is one thing that happened, told to the human seat (the
``viewer``): ``player``, ``action``, ``cards`` (the cards involved, as far as the viewer may see
them: the card the human drew, the discard pile taken, the cards laid down, attached or
discarded), ``meld`` (``(side, index)`` of the meld laid down or grown) and ``message``, a
translatable :class:`~burraco_core.messages.Message` from :func:`~burraco_core.narration.narrate`
(``event.text(lang)``). ``kind`` is ``"move"``, ``"refused"`` (a computer player's move the engine
refused: ``event.refusal``) or ``"goal"`` (a goal reached, below).

**Undo.** Before each human action the session keeps a copy of the game. :meth:`~HandSession.undo`
puts the copy back (``session.game`` is then that copy, a new object: read ``session.game`` each
time rather than keeping it), drops the events that followed, and puts back the random state of
every computer player that keeps one as ``rng`` (a ``random.Random``, as ``RandomBot`` and
``GreedyBot`` do): after an undo the same human moves get the same answers, so a hand replays
exactly. Other state a bot keeps (``GreedyBot``'s caches, which check the game they are used on)
is left as it is.

**New deals.** :meth:`HandSession.new` deals ``Game.new(rules, players, seed=deal)``; without a
``deal`` it picks a new deal number at random (from the system's entropy), so every new hand is
a new deal, and :attr:`~HandSession.deal` gives the number to show and replay. The computer
players are ``GreedyBot(deal * 10 + player)`` unless others are given. A session can also start
from any game, such as a position of ``Game.setup``: ``HandSession(game, bots={1: GreedyBot(1)})``.

**Goals (the guided hand).** ``goals`` is a sequence of :class:`Goal`: a message saying what to do
and a ``check``, a callable on the session's game. After each human action the current goal
(:attr:`~HandSession.goal`) is checked; when it holds, a ``"goal"`` event is added and the next
goal becomes current (:attr:`~HandSession.goals_reached` counts them; an undo takes back the
goals reached after it)::

    first_meld = Goal(say_it, lambda game: bool(game.melds[0]))   # say_it: a Message of the lesson's
    session = HandSession.new("classic", 2, deal=42, goals=[first_meld, ...])

**For a front end.** :meth:`~HandSession.moves` says which kinds of move are worth offering now
(a button to enable), :meth:`~HandSession.just_drawn` which cards the human just drew (to mark
them), :meth:`~HandSession.explain` why a move would be refused. ``lessons.widgets.table.PlayTable(session=...)``
shows any session with its learner at player 0: its goal, and the computer moves one at a time.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto, parse_action
from .bots import MAX_ACTIONS, Bot, GreedyBot, Hint, hints
from .cards import Card
from .errors import BurracoError, IllegalMove, shown, wrong_type
from .game import Game
from .messages import DEFAULT_LANGUAGE, Message
from .narration import narrate, who
from .rulesets import Ruleset

__all__ = ["DEAL_NUMBERS", "Event", "EventKind", "Goal", "HandSession", "SessionError", "Waiting",
           "new_deal_number"]

Waiting = Literal["human", "computer", "stopped", "over"]
EventKind = Literal["move", "refused", "goal"]
Move = Literal["draw", "take", "meld", "attach", "discard", "pozzetto"]

DEAL_NUMBERS = range(1, 1_000_000)
"""The deal numbers :func:`new_deal_number` picks from (any int is a valid deal)."""


def new_deal_number() -> int:
    """A deal number picked at random from :data:`DEAL_NUMBERS` (the system's entropy, not a seed)."""
    return random.SystemRandom().choice(DEAL_NUMBERS)


class SessionError(BurracoError):
    """An action the session cannot take now (not the human's turn, the computer players stopped).

    Not a refusal by the rules (those are :class:`~burraco_core.errors.IllegalMove`): ``msg`` is the
    :class:`~burraco_core.messages.Message` (keys ``session.*``), ``str(err)`` its English text.
    """

    def __init__(self, msg: Message) -> None:
        super().__init__(msg.text(DEFAULT_LANGUAGE))
        self.msg = msg

    def message(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.text(lang)


@dataclass(frozen=True)
class Goal:
    """One step of a guided hand: what to do (``message``) and a ``check`` on the session's game.

    ``done`` is what the event says when the goal is reached (default: ``session.goal-reached``).
    """

    message: Message
    check: Callable[[Game], bool]
    done: Message | None = None


@dataclass(frozen=True)
class Event:
    """One thing that happened in the hand, as the viewer may see it (see the module docstring)."""

    index: int
    kind: EventKind
    player: int
    action: Action | None
    message: Message
    cards: tuple[Card, ...] = ()
    meld: tuple[int, int] | None = None
    human: bool = False
    refusal: IllegalMove | None = None

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.message.text(lang)

    def __str__(self) -> str:
        return self.text(DEFAULT_LANGUAGE)


class _MoveEvent(Event):
    """A move of an unnarrated session (``narrated=False``): an :class:`Event` like the others,
    whose message (``session.move``) is made the first time it is read; a simulation reads none."""

    def __init__(self, index: int, player: int, action: Action, said: Message, human: bool) -> None:
        # one write past the frozen dataclass's __setattr__ (a simulation makes one per move)
        self.__dict__.update(index=index, kind="move", player=player, action=action, human=human, _who=said)

    def __getattr__(self, name: str) -> Any:
        if name != "message":
            raise AttributeError(name)
        message = Message("session.move", who=self.__dict__["_who"], action=str(self.action))
        object.__setattr__(self, "message", message)
        return message

    def __repr__(self) -> str:
        return "Event" + Event.__repr__(self).removeprefix(type(self).__qualname__)


@dataclass(frozen=True)
class _Snapshot:
    game: Game
    events: int
    goals: int
    rng_states: tuple[tuple[random.Random, Any], ...]


def _rng_states(bots: Mapping[int, Bot]) -> tuple[tuple[random.Random, Any], ...]:
    """Each bot's ``random.Random`` (kept as ``rng``, as RandomBot and GreedyBot do) and its state now."""
    found = (getattr(bot, "rng", None) for bot in bots.values())
    return tuple((rng, rng.getstate()) for rng in found if isinstance(rng, random.Random))


class HandSession:
    """A hand between one human seat (``human``, or None) and computer players (see the module docstring).

    ``bots`` gives a bot for every other seat: a mapping player -> bot, or a sequence with one
    entry per player (the human's entry is ignored). ``names`` names the players in the events
    (strings shown as given, or Messages said in the language asked for); by default "Player 2".
    """

    def __init__(self, game: Game, bots: Mapping[int, Bot] | Sequence[Bot | None], human: int | None = 0, *,
                 names: Sequence[str | Message] | None = None, goals: Sequence[Goal] = (),
                 max_bot_actions: int = MAX_ACTIONS, narrated: bool = True) -> None:
        if not isinstance(game, Game):
            raise wrong_type("HandSession", "game", "a Game", game)
        players = game.players
        if human is not None and not (type(human) is int and 0 <= human < players):
            raise BurracoError(f"the human seat is a player number from 0 to {players - 1}, not {shown(human)}")
        if isinstance(bots, Mapping):
            seats = dict(bots)
        else:
            if not isinstance(bots, Sequence) or isinstance(bots, (str, bytes)):
                raise wrong_type("HandSession", "bots", "a bot for each seat (None for the human's), or a dict", bots)
            if len(bots) != players:
                raise BurracoError(f"{players} players need {players} bots, not {len(bots)}")
            seats = {p: bot for p, bot in enumerate(bots) if bot is not None}
        seats.pop(human, None)  # type: ignore[arg-type]
        missing = [p for p in range(players) if p != human and p not in seats]
        if missing or any(p not in range(players) for p in seats):
            raise BurracoError(f"every seat but the human's needs a bot: seats {missing} have none")
        for bot in seats.values():
            if not callable(getattr(bot, "choose", None)):   # else an AttributeError at its first turn
                raise wrong_type("HandSession", "bots", "bots, each with a choose(game) method", bot)
        if names is not None and len(names) != players:
            raise BurracoError(f"{players} players need {players} names, not {len(names)}")
        self.game = game
        self.human = human
        self.bots: dict[int, Bot] = seats
        self.names = tuple(names) if names is not None else None
        self.goals = tuple(goals)
        self.max_bot_actions = max_bot_actions
        self.narrated = narrated
        self.stopped: IllegalMove | None = None
        """The refusal that stopped the computer players (None while they play on)."""
        self._events: list[Event] = []
        self._snapshots: list[_Snapshot] = []
        self._goals_reached = 0
        self._bot_actions = 0   # computer moves in a row since the human last played
        self._whos: tuple[object, list[Message]] = (object(), [])

    @classmethod
    def new(cls, rules: str | Ruleset = "classic", players: int = 4, deal: int | None = None, *,
            human: int | None = 0, bots: Mapping[int, Bot] | Sequence[Bot | None] | None = None,
            names: Sequence[str | Message] | None = None, goals: Sequence[Goal] = ()) -> HandSession:
        """A freshly dealt hand: deal number ``deal``, or a new one picked at random."""
        number = new_deal_number() if deal is None else deal
        game = Game.new(rules, players, seed=number)
        if bots is None:
            bots = {p: GreedyBot(number * 10 + p) for p in range(players) if p != human}
        return cls(game, bots, human, names=names, goals=goals)

    # ---------------------------------------------------------------- reading
    @property
    def deal(self) -> int | None:
        """The deal number (the game's seed); None for a game not dealt from a number (a position of
        ``Game.setup``, which has no deal to give again)."""
        return self.game.seed if self.game.from_deal else None

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the hand so far, in order (``events[i].index == i``)."""
        return tuple(self._events)

    @property
    def waiting(self) -> Waiting:
        """What the hand waits for: the ``human``, a ``computer`` move, nothing (``stopped``, ``over``)."""
        if self.game.is_over:
            return "over"
        if self.stopped is not None:
            return "stopped"
        return "human" if self.game.current_player == self.human else "computer"

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def goal(self) -> Goal | None:
        """The goal the human works towards now (None without goals, or when all are reached)."""
        return self.goals[self._goals_reached] if self._goals_reached < len(self.goals) else None

    @property
    def goals_reached(self) -> int:
        return self._goals_reached

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)

    def moves(self) -> frozenset[Move]:
        """The kinds of move worth offering the human now, by the phase of their turn (empty when it is
        not their turn): ``draw``/``take`` to start it, ``meld``/``attach``/``discard`` in its play,
        ``pozzetto`` once their cards are melded. Whether a given move is legal is for ``play`` to say.
        """
        if self.waiting != "human":
            return frozenset()
        game = self.game
        phase = game.phase
        if phase == "draw":
            return frozenset(("draw", "take") if game.discard_pile else ("draw",))
        if phase == "pozzetto":
            return frozenset(("pozzetto",))
        side_melds = game.melds[game.side_of(game.current_player)]
        return frozenset(("meld", "attach", "discard") if side_melds else ("meld", "discard"))

    def just_drawn(self) -> tuple[Card, ...]:
        """The cards the human drew or took this turn and still holds (none outside their turn)."""
        if self.waiting != "human" or self.game.phase == "draw":
            return ()
        for event in reversed(self._events):
            if event.human and event.kind == "move":
                if isinstance(event.action, (Draw, TakePile)):
                    held = Counter(self.game.hands[self.human])  # type: ignore[index]
                    kept = []
                    for card in event.cards:
                        if held[card] > 0:
                            held[card] -= 1
                            kept.append(card)
                    return tuple(kept)
                if isinstance(event.action, Discard):
                    return ()
        return ()

    def hints(self, n: int = 3) -> list[Hint]:
        """The best few actions for the human, each with its reason ([] when it is not their turn)."""
        return hints(self.game, n) if self.waiting == "human" else []

    def explain(self, action: Action | str) -> IllegalMove | None:
        """None if the action is legal now, else the engine's refusal (``game.explain``)."""
        return self.game.explain(action)

    # ---------------------------------------------------------------- playing
    def play(self, action: Action | str) -> Event:
        """Play the human's action and return its event.

        A move the rules refuse raises the engine's IllegalMove and changes nothing (nor does an
        unreadable one: NotationError). SessionError when it is not the human's turn to play.
        """
        act = parse_action(action)
        waiting = self.waiting
        if waiting == "over":
            raise IllegalMove("turn.over")
        if waiting == "stopped":
            raise SessionError(Message("session.stopped"))
        if waiting == "computer":
            player = self.game.current_player
            raise SessionError(Message("session.not-your-turn", who=who(player, self.names)))
        game = self.game
        snapshot = _Snapshot(game.copy(), len(self._events), self._goals_reached, _rng_states(self.bots))
        event = self._apply(act)   # raises before anything changes
        self._snapshots.append(snapshot)
        self._bot_actions = 0
        self._check_goal()
        return event

    def step(self) -> Event | None:
        """Play one computer move and return its event; None when no computer player is to move.

        A move the engine refuses is not replaced by another: the session stops (``waiting`` is
        ``"stopped"``, ``stopped`` the refusal) and the event says so (kind ``"refused"``).
        """
        game = self.game
        player = game.current_player
        if game.is_over or self.stopped is not None or player == self.human:  # not waiting for a computer move
            return None
        if self._bot_actions >= self.max_bot_actions:
            raise BurracoError(f"the hand did not end within {self.max_bot_actions} actions")
        action = self.bots[player].choose(game)
        self._bot_actions += 1
        try:
            if not self.narrated:   # _apply's first case, without looking the player up again
                game.apply(action)
                event = _MoveEvent(len(self._events), player, action, self._who(player), False)
                self._events.append(event)
                return event
            return self._apply(action)
        except IllegalMove as err:
            self.stopped = err
            message = Message("session.bot-refused", who=who(player, self.names), action=str(action),
                              reason=err.msg, rule=err.rule)
            return self._add(Event(len(self._events), "refused", player, action, message, refusal=err))

    def run_bots(self) -> list[Event]:
        """Play every computer move up to the human's turn (or the end, or a refusal); their events."""
        first = len(self._events)
        step = self.step
        while step() is not None:
            pass
        return self._events[first:]

    def undo(self) -> Event | None:
        """Take back the human's last action and everything after it; returns its event (None: nothing to undo)."""
        if not self._snapshots:
            return None
        snapshot = self._snapshots.pop()
        undone = self._events[snapshot.events] if snapshot.events < len(self._events) else None
        self.game = snapshot.game.copy()   # the snapshot stays untouched should it be needed again
        del self._events[snapshot.events:]
        self._goals_reached = snapshot.goals
        for rng, state in snapshot.rng_states:
            rng.setstate(state)
        self.stopped = None
        self._bot_actions = 0
        return undone

    def undo_turn(self) -> list[Event]:
        """Take back the human's actions back to the start of their last turn; the events undone, first first."""
        undone: list[Event] = []
        while self._snapshots:
            start = self._snapshots[-1].game.phase == "draw"
            event = self.undo()
            if event is not None:
                undone.insert(0, event)
            if start:
                break
        return undone

    # ---------------------------------------------------------------- inside
    def _apply(self, action: Action) -> Event:
        """Apply the current player's action (IllegalMove changes nothing) and record its event."""
        game = self.game
        player = game.current_player
        if not self.narrated:   # no copy, no narration: a simulation's speed
            game.apply(action)
            event = _MoveEvent(len(self._events), player, action, self._who(player), player == self.human)
            self._events.append(event)
            return event
        before = game.copy()
        game.apply(action)
        message = narrate(action, player, before, game, viewer=self.human, names=self.names)
        cards, meld = self._involved(action, player, before, game)
        return self._add(Event(len(self._events), "move", player, action, message, cards, meld,
                               human=player == self.human))

    def _involved(self, action: Action, player: int, before: Game, after: Game
                  ) -> tuple[tuple[Card, ...], tuple[int, int] | None]:
        """The cards of a move the viewer may see, and the meld it laid down or grew."""
        seen = self.human is None or self.human == player
        side = before.side_of(player)
        if isinstance(action, Draw):
            drawn = tuple((Counter(after.hands[player]) - Counter(before.hands[player])).elements())
            return (drawn if seen else ()), None
        if isinstance(action, TakePile):
            return (tuple(before.discard_pile) if seen or before.rules.open_discard_pile else ()), None
        if isinstance(action, TakePozzetto):
            return (tuple(after.hands[player]) if seen else ()), None
        if isinstance(action, LayDown):
            index = len(after.melds[side]) - 1
            return after.melds[side][index].cards, (side, index)
        if isinstance(action, Attach):
            taken = tuple((Counter(before.hands[player]) - Counter(after.hands[player])).elements())
            return (taken or action.cards), (side, action.meld)
        assert isinstance(action, Discard)
        return (after.discard_pile[-1],) if after.discard_pile else (action.card,), None

    def _who(self, player: int) -> Message:
        """``who(player, self.names)``, made once per player (Messages are immutable)."""
        names, said = self._whos
        if names is not self.names:
            said = [who(p, self.names) for p in range(self.game.players)]
            self._whos = (self.names, said)
        return said[player]

    def _add(self, event: Event) -> Event:
        self._events.append(event)
        return event

    def _check_goal(self) -> None:
        goal = self.goal
        while goal is not None and goal.check(self.game):
            message = goal.done if goal.done is not None else Message("session.goal-reached", goal=goal.message)
            self._add(Event(len(self._events), "goal", self.human if self.human is not None else 0, None, message,
                            human=True))
            self._goals_reached += 1
            goal = self.goal

    def __repr__(self) -> str:
        deal = f"deal {self.deal}" if self.deal is not None else "a set position"
        return (f"<HandSession {self.game.rules.id}, {self.game.players} players, {deal}, human {self.human}, "
                f"waiting for {self.waiting}, {len(self._events)} events>")
