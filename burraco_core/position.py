"""Positions both ways: ``Game.setup(...)`` builds a game from a description, ``game.position()`` describes one.

A position is the keyword arguments of ``Game.setup``: the hands, the melds, the discard
pile, the pozzetti and the stock, whose turn it is and where the turn stands, including
mid-turn facts a lesson needs (the player took the discard pile, took a one-card pile and
held its twin or not, already melded, took the pozzetto by discarding). ``game.position()``
returns them so that ``Game.setup(**game.position())`` rebuilds the same game (its history
aside): a teacher pastes a position from a played hand into an exercise this way.

``Game.setup`` refuses, with :class:`GameFileError`, anything no hand can lead to: cards
missing or placed twice, inconsistent turn facts, and dead positions in which the player
to move has no legal action at all (see docs/rules-choices.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from .actions import Action, Draw, parse_action
from .cards import Card, Cards, format_cards, full_deck, parse_card, parse_cards
from .errors import (
    SEED_DIGITS,
    BurracoError,
    GameFileError,
    IllegalMove,
    NotationError,
    is_seed,
    is_whole,
    join_problems,
    shown,
)
from .melds import GROUP, Meld
from .messages import Message
from .rulesets import Ruleset, ruleset
from .state import PHASES, HandState, Phase, Result


class GameLike(Protocol):
    """What setting up, describing and saving a position use of a game: :class:`~burraco_core.game.Game`.
    game.py imports this module and savefile.py, and neither imports game.py back: the arrows point
    one way, game -> savefile -> position."""

    rules: Ruleset
    players: int
    seed: int | None
    from_deal: bool

    def __init__(self, rules: Ruleset, players: int, state: HandState, seed: int | None = None) -> None: ...

    @classmethod
    def new(cls: type[G], rules: str | Ruleset = "classic", players: int = 4, seed: int | None = None) -> G: ...

    @property
    def current_player(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def discard_pile(self) -> Cards: ...
    @property
    def hands(self) -> tuple[Cards, ...]: ...
    @property
    def pozzetti(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def melds(self) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]: ...
    @property
    def took_pozzetto(self) -> tuple[bool, bool]: ...
    @property
    def turns_played(self) -> tuple[int, ...]: ...
    @property
    def history(self) -> tuple[str, ...]: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def took_pile(self) -> bool: ...
    @property
    def pile_pick(self) -> tuple[Card, bool] | None: ...
    @property
    def melded(self) -> bool: ...
    @property
    def pozzetto_pending(self) -> tuple[bool, ...]: ...
    @property
    def trading_turns(self) -> int: ...

    def side_of(self, player: int) -> int: ...
    def partners(self, side: int) -> tuple[int, ...]: ...
    def explain(self, action: Action | str) -> IllegalMove | None: ...
    def apply(self, action: Action | str) -> None: ...
    def legal_actions(self) -> list[Action]: ...
    def position(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...


G = TypeVar("G", bound=GameLike)

CardsText = str | Iterable[Card]
MAX_TURNS = 1_000_000
"""The most turns a position may say were played (a larger count, from a file, is refused: no hand lasts
that long, and a count of thousands of digits could not be written back)."""


def setup(
    cls: type[G],
    rules: str | Ruleset = "classic",
    *,
    hands: Sequence[CardsText],
    melds: Sequence[Sequence[str]] = ((), ()),
    discard_pile: CardsText = "",
    pozzetti: Sequence[CardsText] | None = None,
    stock: CardsText | None = None,
    current: int = 0,
    phase: Phase = "draw",
    took_pozzetto: Sequence[bool] = (False, False),
    turns_played: Sequence[int] | None = None,
    took_pile: bool | None = None,
    pile_card: str | Card | None = None,
    held_twin: bool = False,
    melded: bool | None = None,
    pozzetto_next_turn: Sequence[int] = (),
    trading_turns: int = 0,
    result: Result | None = None,
    seed: int | None = 0,
    history: Sequence[str] = (),
) -> G:
    """Build a position from text, for lessons, tests and saved games.

    The table: ``hands`` (one per player, 2 or 4), ``melds`` (per side, in table
    notation: ``"5H 6H JK=7H"``), ``discard_pile`` (bottom to top), ``pozzetti`` (the
    untaken ones; default: a packet of 11 for each side that has not taken its
    pozzetto), ``stock`` (bottom to top; default: every card not placed elsewhere,
    shuffled with ``seed``). Cards written without an apostrophe go to whichever deck
    still has that card; all 108 (104) cards must be there exactly once. ``seed`` is a
    whole number (the game keeps it as ``game.seed``), or None: shuffled at random, and
    the game has no deal number.

    The turn: ``current`` player (0-based), ``phase`` (``draw``, ``play``, ``pozzetto``,
    ``over``), ``took_pozzetto`` per side, ``turns_played`` per player (turns ended with
    a discard; what "each opponent has played" counts), and, mid-turn:

    - ``took_pile``: the player took the discard pile this turn (default: True when
      ``pile_card`` is given);
    - ``pile_card``, ``held_twin``: the pile was that one card, and the player did (or
      did not) hold its twin before taking it: without the twin it may not be
      discarded this turn (docs/RULES.md section 2);
    - ``melded``: the player laid down or attached this turn (default: True in the
      ``pozzetto`` phase, where the last cards were just melded);
    - ``pozzetto_next_turn``: players who took their side's pozzetto by discarding and
      play it from their next turn (``pulito`` counts it unused if the hand ends first);
    - ``trading_turns``: turns in a row that took the pile and melded nothing (the
      stalemate rule); ``result``: how the hand ended, for the ``over`` phase;
    - ``history``: the actions that led here, as text (saved games keep it).

    A position no hand can lead to raises :class:`GameFileError` saying what is wrong,
    as does a dead one, where the player to move would have no legal action.
    """
    state, rules, players = _build(
        rules, hands=hands, melds=melds, discard_pile=discard_pile, pozzetti=pozzetti, stock=stock,
        current=current, phase=phase, took_pozzetto=took_pozzetto, turns_played=turns_played,
        took_pile=took_pile, pile_card=pile_card, held_twin=held_twin, melded=melded,
        pozzetto_next_turn=pozzetto_next_turn, trading_turns=trading_turns, result=result, seed=seed,
        history=history)
    game = cls(rules, players, state, seed)
    check_reachable(game)
    return game


def _build(rules: str | Ruleset, *, hands: Sequence[CardsText], melds: Sequence[Sequence[str]],
           discard_pile: CardsText, pozzetti: Sequence[CardsText] | None, stock: CardsText | None,
           current: int, phase: Phase, took_pozzetto: Sequence[bool], turns_played: Sequence[int] | None,
           took_pile: bool | None, pile_card: str | Card | None, held_twin: bool, melded: bool | None,
           pozzetto_next_turn: Sequence[int], trading_turns: int, result: Result | None,
           seed: int | None, history: Sequence[str]) -> tuple[HandState, Ruleset, int]:
    rules = ruleset(rules)
    # The lists a position is made of are checked first: given something else, they would fail deep
    # inside with a bare TypeError or AttributeError that names no keyword.
    if not isinstance(hands, (list, tuple)):
        raise GameFileError(Message("position.hands", value=shown(hands)))
    if not (isinstance(melds, (list, tuple)) and all(isinstance(side, (list, tuple)) for side in melds)):
        raise GameFileError(Message("position.melds", value=shown(melds)))
    if pozzetti is not None and not isinstance(pozzetti, (list, tuple)):
        raise GameFileError(Message("position.pozzetti", value=shown(pozzetti)))
    if not isinstance(history, (list, tuple)):
        raise GameFileError(Message("position.history-list", value=shown(history)))
    players = len(hands)
    if players not in (2, 4):
        raise GameFileError(Message("position.players", count=players))
    if not (isinstance(took_pozzetto, (list, tuple)) and len(took_pozzetto) == 2
            and all(isinstance(t, bool) for t in took_pozzetto)):
        raise GameFileError(Message("position.took-pozzetto", value=shown(took_pozzetto)))
    if type(current) is not int or not 0 <= current < players:
        raise GameFileError(Message("position.current", last=players - 1, value=shown(current)))
    if turns_played is not None and not (
            isinstance(turns_played, (list, tuple)) and len(turns_played) == players
            and all(type(t) is int and 0 <= t <= MAX_TURNS for t in turns_played)):
        raise GameFileError(Message("position.turns-played", count=players, value=shown(turns_played)))
    if phase not in PHASES:
        raise GameFileError(Message("position.phase", phases=PHASES, value=shown(phase)))
    for name, flag in (("took_pile", took_pile), ("melded", melded)):
        if flag is not None and not isinstance(flag, bool):
            raise GameFileError(Message(f"position.flag.{name.replace('_', '-')}", value=shown(flag)))
    if not isinstance(held_twin, bool):
        raise GameFileError(Message("position.flag.held-twin", value=shown(held_twin)))
    if not (isinstance(pozzetto_next_turn, (list, tuple))
            and all(type(p) is int and 0 <= p < players for p in pozzetto_next_turn)):
        raise GameFileError(Message("position.pozzetto-next-turn", last=players - 1, value=shown(pozzetto_next_turn)))
    if type(trading_turns) is not int or not 0 <= trading_turns <= MAX_TURNS:
        raise GameFileError(Message("position.trading-turns", value=shown(trading_turns)))
    if result is not None and not isinstance(result, Result):
        raise GameFileError(Message("position.result", value=shown(result)))
    if not (seed is None or is_whole(seed)):
        raise GameFileError(Message("position.seed", value=shown(seed)))
    if not (seed is None or is_seed(seed)):
        raise GameFileError(Message("seed.range", value=shown(seed), digits=SEED_DIGITS))
    try:
        pool = _DeckPool(rules)
        hand_cards = [pool.claim(parse_cards(h)) for h in hands]
        meld_objs: list[list[Meld]] = []
        for side_melds in melds:
            objs = []
            for text in side_melds:
                if not isinstance(text, str):
                    raise NotationError(Message("notation.not-a-meld", value=shown(text)), shown(text))
                tokens = text.replace(",", " ").split()
                plain = pool.claim(parse_cards([t.split("=")[0] for t in tokens]))
                tokens = [c.code + ("=" + t.split("=")[1] if "=" in t else "") for c, t in zip(plain, tokens, strict=True)]
                objs.append(Meld.parse(" ".join(tokens), rules))
            meld_objs.append(objs)
        pile = pool.claim(parse_cards(discard_pile))
        poz = [pool.claim(parse_cards(p)) for p in pozzetti] if pozzetti is not None else None
        stock_cards = pool.claim(parse_cards(stock)) if stock is not None else None
        picked = parse_card(pile_card) if pile_card is not None else None
        if picked is not None and picked.is_joker and not rules.jokers:
            raise GameFileError(Message("position.no-jokers", ruleset=rules.label, card=picked))
    except (NotationError, IllegalMove) as err:
        raise GameFileError(Message("position.cannot-set-up", reason=_said(err))) from err
    rest = pool.remaining()
    random.Random(seed).shuffle(rest)
    if poz is None:  # one packet of 11 for each side that has not taken its pozzetto
        untaken = 2 - sum(bool(t) for t in took_pozzetto)
        poz = [rest[i * 11:(i + 1) * 11] for i in range(untaken)]
        rest = rest[untaken * 11:]
    if stock_cards is None:
        stock_cards, rest = rest, []
    if rest:
        raise GameFileError(Message("position.missing", count=len(rest), cards=tuple(sorted(rest)),
                                    total=rules.deck_size))
    if len(meld_objs) != 2:
        raise GameFileError(Message("position.melds-sides", count=len(meld_objs)))
    pending = [False] * players
    for player in pozzetto_next_turn:
        pending[player] = True
    state = HandState(
        hands=hand_cards, stock=stock_cards, pile=pile, pozzetti=poz, melds=meld_objs,
        current=current, phase=phase,
        took_pozzetto=list(took_pozzetto), pozzetto_pending=pending,
        turns_played=list(turns_played) if turns_played is not None else [0] * players,
        pile_pick=None if picked is None else (picked, held_twin),
        took_pile=took_pile if took_pile is not None else picked is not None,
        melded=melded if melded is not None else phase == "pozzetto",
        trading_turns=trading_turns, result=result,
    )
    try:
        state.history = [str(parse_action(h)) for h in history]
    except NotationError as err:
        raise GameFileError(Message("position.history", reason=_said(err))) from err
    if held_twin and picked is None:
        raise GameFileError(Message("position.held-twin-alone"))
    return state, rules, players


def check_reachable(game: GameLike) -> None:
    """Refuse (:class:`GameFileError`) a position no hand can reach, or one where nobody can move."""
    problems = []
    phase, current = game.phase, game.current_player
    result = game.result
    side = game.side_of(current)
    can_take_pozzetto = not game.took_pozzetto[side] and bool(game.pozzetti)
    if (phase == "over") != (result is not None):
        problems.append(Message("position.problem.result-phase"))
    if result is not None and result.player is not None:
        if not 0 <= result.player < game.players:
            problems.append(Message("position.problem.result-player", player=result.player, players=game.players))
        elif result.closed and game.side_of(result.player) != result.side:
            problems.append(Message("position.problem.result-side", player=result.player, side=result.side))
    hand = game.hands[current]
    if phase in ("draw", "play") and not hand:
        problems.append(Message("position.problem.no-cards", player=current, phase=phase))
    if phase == "pozzetto" and (hand or not can_take_pozzetto):
        problems.append(Message("position.problem.not-picking-pozzetto", player=current))
    took = sum(game.took_pozzetto)
    if len(game.pozzetti) > 2 - took:
        problems.append(Message("position.problem.pozzetti-left", left=len(game.pozzetti), took=took))
    for number, melds in enumerate(game.melds):
        ranks = [m.rank for m in melds if m.kind == GROUP]
        twice = sorted({rank for rank in ranks if ranks.count(rank) > 1})
        if twice:
            problems.append(Message("position.problem.second-group", side=number, rank=twice[0]))
        if any(m.rules != game.rules for m in melds):
            problems.append(Message("position.problem.other-ruleset", side=number))
    problems += _turn_problems(game)
    if problems:
        raise GameFileError(Message("position.impossible", problems=join_problems(problems)), problems)
    if phase != "over" and not game.legal_actions():
        raise GameFileError(_why_stuck(game))


def _turn_problems(game: GameLike) -> list[Message]:
    """The mid-turn facts that contradict each other or the phase."""
    problems = []
    phase, current = game.phase, game.current_player
    if phase == "draw" and (game.took_pile or game.pile_pick is not None or game.melded):
        problems.append(Message("position.problem.draw-but-played", player=current))
    if game.pile_pick is not None and not game.took_pile:
        problems.append(Message("position.problem.pick-without-pile", player=current))
    if phase == "pozzetto" and not game.melded:
        problems.append(Message("position.problem.pozzetto-not-melded", player=current))
    pending = game.pozzetto_pending
    for side in (0, 1):
        waiting = [p for p in game.partners(side) if pending[p]]
        if waiting and not game.took_pozzetto[side]:
            problems.append(Message("position.problem.pending-untaken", player=waiting[0], side=side))
        if len(waiting) > 1:
            problems.append(Message("position.problem.pending-both", side=side,
                                    players=tuple(Message("player", number=p + 1) for p in waiting)))
    if pending[current] and phase in ("play", "pozzetto"):
        problems.append(Message("position.problem.pending-playing", player=current))
    limit = game.rules.stalemate_limit
    if phase != "over" and limit is not None and game.trading_turns >= limit:
        problems.append(Message("position.problem.stalemate", turns=game.trading_turns, limit=limit))
    return problems


def _why_stuck(game: GameLike) -> Message:
    if game.phase == "draw":
        refusal = game.explain(Draw())
        return Message("position.dead-end.draw", player=game.current_player,
                       reason=refusal.msg if refusal is not None else Message("empty"))
    return Message("position.dead-end.play", player=game.current_player)


def _said(err: BurracoError) -> Message | str:
    """What an error of the engine says, as a message parameter."""
    msg = getattr(err, "msg", None)
    return msg if isinstance(msg, Message) else str(err)


def describe(game: GameLike) -> dict[str, Any]:
    """The keyword arguments of ``Game.setup`` that rebuild ``game`` (all but its history).

    Values at their defaults are left out, so a position pasted into an exercise stays
    short; the stock and the pozzetti are always given, so nothing depends on a shuffle.
    """
    rules = game.rules
    out: dict[str, Any] = {
        "rules": rules.id if _is_builtin(rules) else rules,
        "hands": [format_cards(h) for h in game.hands],
        "melds": [[m.table_code for m in side] for side in game.melds],
        "discard_pile": format_cards(game.discard_pile),
        "pozzetti": [format_cards(p) for p in game.pozzetti],
        "stock": format_cards(game.stock),
    }
    if game.current_player:
        out["current"] = game.current_player
    if game.phase != "draw":
        out["phase"] = game.phase
    if any(game.took_pozzetto):
        out["took_pozzetto"] = game.took_pozzetto
    if any(game.turns_played):
        out["turns_played"] = game.turns_played
    pick = game.pile_pick
    if pick is not None:
        out["pile_card"] = pick[0].code
        if pick[1]:
            out["held_twin"] = True
    if game.took_pile != (pick is not None):
        out["took_pile"] = game.took_pile
    if game.melded != (game.phase == "pozzetto"):
        out["melded"] = game.melded
    waiting = tuple(p for p, flag in enumerate(game.pozzetto_pending) if flag)
    if waiting:
        out["pozzetto_next_turn"] = waiting
    if game.trading_turns:
        out["trading_turns"] = game.trading_turns
    if game.result is not None:
        out["result"] = game.result
    if game.seed != 0:
        out["seed"] = game.seed
    return out


def _is_builtin(rules: Ruleset) -> bool:
    from .rulesets import RULESETS

    return RULESETS.get(rules.id) == rules


class _DeckPool:
    """Hands out the physical cards of both decks, each once, for building positions."""

    def __init__(self, rules: Ruleset) -> None:
        self.left = Counter(full_deck(rules.jokers))
        self.rules = rules

    def claim(self, cards: Iterable[Card]) -> list[Card]:
        claimed = []
        for card in cards:
            if self.left[card] <= 0 and card.deck == 0 and self.left[card.in_deck(1)] > 0:
                card = card.in_deck(1)
            if self.left[card] <= 0:
                if card.is_joker and not self.rules.jokers:
                    raise GameFileError(Message("position.no-jokers", ruleset=self.rules.label, card=card))
                raise GameFileError(Message("position.too-many", card=card.in_deck(0),
                                            limit=self.rules.jokers if card.is_joker else 2))
            self.left[card] -= 1
            claimed.append(card)
        return claimed

    def remaining(self) -> list[Card]:
        return sorted(self.left.elements())


__all__ = ["setup", "check_reachable", "describe"]
