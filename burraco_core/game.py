"""A whole hand of Burraco: turns, the discard pile, the pozzetto, closing, the end of the stock.

``Game`` is a state with explicit phases (``draw``, ``play``, ``pozzetto``,
``over``), ``legal_actions()`` and ``apply(action)``. Every check happens
before anything changes, so a refused action leaves the game exactly as it
was. Players 0 and 2 form side 0, players 1 and 3 side 1 (with two players,
one player a side). Player 0 plays first.

This module holds the rules of a turn and its transitions. Around it:
``state.py`` (``Phase``, ``Result`` and the mutable ``HandState``), ``search.py``
(the lay-downs and attaches a hand allows, shared with the bots and hints),
``position.py`` (``Game.setup`` and its inverse ``game.position()``, and the checks
that refuse positions no hand reaches) and ``savefile.py`` (``to_json``/``from_json``).

Choices the rules leave open (docs/RULES.md section 11), taken here (also in docs/rules-choices.md):

- The pozzetto *con scarto* goes into the player's hand with the discard;
  the player plays it from the next turn.
- A side that empties its hand when no pozzetto is left for it (all taken,
  or turned into the stock) is closing, under the closing conditions.
- A lay-down or attach that would leave a player with one card that cannot
  be discarded (a wild that may not close, the single card just picked up)
  is refused: a turn must be able to end.
- Stalemate: a turn that takes the discard pile and melds nothing counts as
  trading; after ``ruleset.stalemate_limit`` such turns in a row the hand is
  void and scores nothing.
- In ``pulito`` a side "did not use" its pozzetto when its player took it by
  discarding and the hand ended before that player's next turn.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from operator import indexOf
from typing import Any

from . import position as _position
from . import savefile as _savefile
from .actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto, parse_action
from .cards import Card, Cards, full_deck
from .errors import (
    SEED_DIGITS,
    BurracoError,
    GameFileError,
    IllegalMove,
    NotationError,
    is_seed,
    is_whole,
    shown,
    wrong_type,
)
from .melds import GROUP, RUN, Meld
from .messages import Message
from .rulesets import Ruleset, ruleset
from .scoring import VOID_LINE, ScoreBreakdown, score_side
from .search import attaches, group_ranks, lay_downs, may_attach
from .state import PHASES, HandState, Phase, Result

# Cards are told apart by identity (one object per card), and compared so here: ``card in hand``
# would ask Card's rich comparison (Python-level, as Card orders itself) about every other card.

def _take(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """The physical cards of ``hand`` matching ``cards`` (same card first, else its twin), or None."""
    if len(cards) == 1:  # a discard or a single-card attach
        card = cards[0]
        if id(card) in map(id, hand):
            return [card]
        twin = next((c for c in hand if c.face == card.face), None)
        return None if twin is None else [twin]
    left = list(hand)
    chosen: list[Card] = []
    for card in cards:
        try:
            at = indexOf(map(id, left), id(card))
        except ValueError:
            at = next((i for i, c in enumerate(left) if c.face == card.face), -1)  # its twin
            if at < 0:
                return None
        chosen.append(left.pop(at))
    return chosen


def _twins_said(cards: Sequence[Card]) -> tuple[Card | Message, ...]:
    """The cards as a sentence lists them: a card named twice (one from each deck) said once, as "both 8♥"
    (``card.both``), never "8♥, 8♥" ("o 8♥, o 8♥")."""
    faces = Counter(card.face for card in cards)
    said: list[Card | Message] = []
    for card in cards:
        if faces[card.face] == 1:
            said.append(card)
        elif faces[card.face] > 1:                     # the first copy says both; the other is not listed again
            said.append(Message("card.both", card=card, rank=0 if card.is_joker else card.rank))
            faces[card.face] = 0
    return tuple(said)


def _not_held(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``cards`` that ``hand`` does not hold: each held card (or its twin) answers for one
    card named, so naming 8♠ twice while holding one 8♠ leaves one 8♠ not held."""
    left = Counter(card.face for card in hand)
    missing: list[Card] = []
    for card in cards:
        if left[card.face]:
            left[card.face] -= 1
        else:
            missing.append(card)
    return tuple(missing)


def _remove(hand: list[Card], cards: Iterable[Card]) -> None:
    """Take these very cards out of ``hand`` (ValueError if one is not there)."""
    for card in cards:
        del hand[indexOf(map(id, hand), id(card))]


class Game:
    """One hand of Burraco between 2 or 4 players (see the module docstring)."""

    def __init__(self, rules: Ruleset, players: int, state: HandState, seed: int | None = None) -> None:
        if players not in (2, 4):
            raise BurracoError(f"Burraco is played by 2 or 4 players, not {shown(players)}")
        if not (seed is None or is_whole(seed)):   # (Game.new and Game.setup say so first, in their terms)
            raise wrong_type("Game", "seed", "a whole number or None", seed)
        if not (seed is None or is_seed(seed)):
            raise BurracoError(Message("seed.range", value=shown(seed), digits=SEED_DIGITS))
        self.rules = rules
        self.players = players
        self.seed = seed
        self.from_deal = False
        """True for a hand dealt by ``Game.new`` from its seed and changed only by ``apply``: the deal
        and the history rebuild it, which is what a saved game is checked against (savefile.loads).
        False for a position of ``Game.setup``, whose history, if any, starts from no deal, and for a
        random deal (no number to deal it again)."""
        self._s = state
        if not state.turns_played:
            state.turns_played = [0] * players
        if not state.pozzetto_pending:
            state.pozzetto_pending = [False] * players

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: str | Ruleset = "classic", players: int = 4, seed: int | None = None) -> Game:
        """A freshly dealt hand; the same seed always deals the same cards.

        ``seed`` is the deal's number, a whole number; None deals at random (the game's
        ``seed`` is then None: that deal has no number to deal it again).
        """
        if not (seed is None or is_whole(seed)):
            # random.Random takes 'x', 1.5 or inf too, and inf would be saved as non-standard JSON
            raise wrong_type("Game.new", "seed", "a whole number (the deal's number), or None for a random deal",
                             seed)
        if not (seed is None or is_seed(seed)):   # a saved game could not write it back
            raise BurracoError(Message("seed.range", value=shown(seed), digits=SEED_DIGITS))
        rules = ruleset(rules)
        if players not in (2, 4):
            raise BurracoError(f"Burraco is played by 2 or 4 players, not {shown(players)}")
        deck = list(full_deck(rules.jokers))
        random.Random(seed).shuffle(deck)
        hands = [deck[i * 11:(i + 1) * 11] for i in range(players)]
        rest = deck[players * 11:]
        pozzetti = [rest[:11], rest[11:22]]
        pile = [rest[22]]
        stock = rest[23:]
        state = HandState(hands=hands, stock=stock, pile=pile, pozzetti=pozzetti, melds=[[], []])
        game = cls(rules, players, state, seed)
        game.from_deal = seed is not None
        return game

    # position.setup builds any class of game it is given (position.py names no Game: the arrows point
    # game -> savefile -> position); spelled here so that Game.setup(...) is a Game to mypy
    setup: classmethod[Game, ..., Game] = classmethod(_position.setup)

    def position(self) -> dict[str, Any]:
        """The keyword arguments that ``Game.setup(**game.position())`` rebuilds this game from.

        Everything but the history; values at their defaults are left out (see
        :mod:`burraco_core.position`).
        """
        return _position.describe(self)

    def copy(self) -> Game:
        game = Game(self.rules, self.players, self._s.copy(), self.seed)
        game.from_deal = self.from_deal
        return game

    # ------------------------------------------------------------ read-only views
    @property
    def current_player(self) -> int:
        return self._s.current

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top (the next card drawn is the last)."""
        return tuple(self._s.stock)

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds (``len(game.stock)`` without copying the stock)."""
        return len(self._s.stock)

    @property
    def discard_pile(self) -> Cards:
        """The discard pile, bottom to top."""
        return Cards._of(self._s.pile)

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Each player's cards (each hand draws itself in a notebook)."""
        wrap = Cards._of
        return tuple([wrap(h) for h in self._s.hands])

    def hand_of(self, player: int) -> Cards:
        """One player's cards (``game.hands[player]`` without copying the other hands)."""
        return Cards._of(self._s.hands[player])

    @property
    def pozzetti(self) -> tuple[tuple[Card, ...], ...]:
        """The pozzetti nobody has taken yet."""
        return tuple([tuple(p) for p in self._s.pozzetti])

    @property
    def pozzetti_left(self) -> int:
        """How many pozzetti nobody has taken yet (``len(game.pozzetti)`` without copying them)."""
        return len(self._s.pozzetti)

    @property
    def melds(self) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
        return (tuple(self._s.melds[0]), tuple(self._s.melds[1]))

    @property
    def took_pozzetto(self) -> tuple[bool, bool]:
        return (self._s.took_pozzetto[0], self._s.took_pozzetto[1])

    @property
    def pozzetto_unplayed(self) -> tuple[bool, bool]:
        """Per side: a player took the pozzetto by discarding and has not played a turn since."""
        pending = self._s.pozzetto_pending
        return (any(pending[p] for p in self.partners(0)), any(pending[p] for p in self.partners(1)))

    @property
    def turns_played(self) -> tuple[int, ...]:
        return tuple(self._s.turns_played)

    @property
    def history(self) -> tuple[str, ...]:
        """Every action applied so far, in text form."""
        return tuple(self._s.history)

    @property
    def history_size(self) -> int:
        """How many actions have been applied (``len(game.history)`` without copying the history)."""
        return len(self._s.history)

    @property
    def is_over(self) -> bool:
        return self._s.phase == "over"

    @property
    def result(self) -> Result | None:
        """How the hand ended (None until it is over): see :class:`~burraco_core.state.Result`."""
        return self._s.result

    # the current turn, as far as the rules need to know it (also Game.setup's keywords)
    @property
    def took_pile(self) -> bool:
        """The current player took the discard pile this turn."""
        return self._s.took_pile

    @property
    def pile_pick(self) -> tuple[Card, bool] | None:
        """The one card the current player took as the whole discard pile this turn, and
        whether they held its twin before (without it, that card may not be discarded)."""
        return self._s.pile_pick

    @property
    def melded(self) -> bool:
        """The current player laid down or attached this turn."""
        return self._s.melded

    @property
    def pozzetto_pending(self) -> tuple[bool, ...]:
        """Per player: took the pozzetto by discarding and plays it from their next turn."""
        return tuple(self._s.pozzetto_pending)

    @property
    def trading_turns(self) -> int:
        """Turns in a row that took the discard pile and melded nothing (the stalemate rule)."""
        return self._s.trading_turns

    def side_of(self, player: int) -> int:
        return player % 2

    def partners(self, side: int) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if p % 2 == side)

    # ------------------------------------------------------------ the rules
    def explain(self, action: Action | str) -> IllegalMove | None:
        """None if the action is legal now, else the IllegalMove that apply() would raise.

        Cards are matched by face first: a card named in one copy (``7H``) is played from
        the other (``7H'``) when that is the one the player holds.
        """
        try:
            self._plan(parse_action(action))   # read first: a non-action is a NotationError in any phase
        except IllegalMove as err:
            return err
        return None

    def apply(self, action: Action | str) -> None:
        """Play an action for the current player; on a refusal nothing changes.

        The physical card played is the one named if held, else its twin (see ``explain``).
        """
        act = parse_action(action)   # read first: None in the draw phase was refused as "draw first"
        plan = self._plan(act)
        plan()
        self._s.history.append(str(act))

    def _plan(self, action: Action) -> Callable[[], None]:
        """Check an action completely and return a function that carries it out."""
        s = self._s
        if s.phase == "over":
            raise IllegalMove("turn.over")
        if s.phase == "pozzetto":
            if isinstance(action, TakePozzetto):
                return self._do_take_pozzetto
            raise IllegalMove("turn.take-pozzetto")
        if isinstance(action, (Draw, TakePile)):
            if s.phase != "draw":
                raise IllegalMove("turn.already-drawn")
            if isinstance(action, Draw):
                self._check_draw()
                return self._do_draw
            if not s.pile:
                raise IllegalMove("pile.empty")
            return self._do_take_pile
        if s.phase == "draw":
            raise IllegalMove("turn.draw-first")
        if isinstance(action, TakePozzetto):
            raise IllegalMove("pozzetto.hand-not-empty", count=len(s.hands[s.current]))
        hand = s.hands[s.current]
        if isinstance(action, Discard):
            cards = _take(hand, [action.card])
            if cards is None:
                raise IllegalMove("hand.not-held", cards=(action.card,))
            self._check_discard(cards[0], len(hand) - 1)
            return partial(self._do_discard, cards[0])
        if isinstance(action, LayDown):
            cards = _take(hand, action.cards)
            if cards is None:
                raise IllegalMove("hand.not-held", cards=_not_held(hand, action.cards))
            meld = (Meld.lay_down(tuple(cards), self.rules) if action.option == 0
                    else _pick(Meld.lay_down_options(tuple(cards), self.rules), action))
            side = s.current % 2
            if meld.kind == GROUP and meld.rank in group_ranks(s.melds[side]):
                raise IllegalMove("side.second-group", rank=meld.rank, cards=_twins_said(cards))
            self._check_after_meld(cards, new_meld=meld)
            return partial(self._do_meld, cards, None, meld)
        if isinstance(action, Attach):
            side = s.current % 2
            own = s.melds[side]
            if not 0 <= action.meld < len(own):
                raise IllegalMove("attach.no-such-meld", meld=action.meld, count=len(own))
            cards = _take(hand, action.cards)
            if cards is None:
                raise IllegalMove("hand.not-held", cards=_not_held(hand, action.cards))
            # the canonical arrangement (#0, the usual action) is what lay_down/attach give directly
            meld = (own[action.meld].attach(tuple(cards)) if action.option == 0
                    else _pick(own[action.meld].attach_options(tuple(cards)), action))
            self._check_after_meld(cards, replaced=action.meld, new_meld=meld)
            return partial(self._do_meld, cards, action.meld, meld)
        raise NotationError(Message("notation.not-an-action", value=shown(action)), shown(action))

    def _check_draw(self) -> None:
        s = self._s
        if self.rules.stock_exhausted == "hand-ends":
            if len(s.stock) <= 2:
                if len(s.stock):
                    raise IllegalMove("draw.last-two", count=len(s.stock))
                raise IllegalMove("draw.stock-empty")
        elif not s.stock and not s.pozzetti:
            raise IllegalMove("draw.stock-empty")

    def _can_take_pozzetto(self, side: int) -> bool:
        return not self._s.took_pozzetto[side] and bool(self._s.pozzetti)

    def _closing_problem(self, side: int, melds: Sequence[Meld]) -> IllegalMove | None:
        """Why this side may not close now (None if it may), ignoring how the last card goes."""
        rules = self.rules
        clean = rules.close_needs_clean
        for meld in melds:  # (a loop, not any() over a generator: this is asked at every discard)
            if meld.burraco and (not clean or meld.wild_index is None):
                break
        else:
            return IllegalMove("close.needs-clean-burraco") if clean else IllegalMove("close.needs-burraco")
        if rules.opponents_must_have_played:
            waiting = [p for p in range(self.players) if p % 2 != side and self._s.turns_played[p] == 0]
            if waiting:
                return IllegalMove("close.opponents-not-played", count=len(waiting),
                                   players=tuple(Message("player", number=p + 1) for p in waiting))
        return None

    def _check_discard(self, card: Card, left: int) -> None:
        """Refuse a discard the rules forbid."""
        problem = self._discard_problem(card, left)
        if problem is not None:
            raise problem

    def _discard_problem(self, card: Card, left: int, melds: Sequence[Meld] | None = None) -> IllegalMove | None:
        """Why the rules forbid this discard (None: they allow it), ``left`` cards staying in hand;
        ``melds``: the side's melds if not the current ones."""
        s = self._s
        if s.pile_pick is not None and card.face == s.pile_pick[0].face and not s.pile_pick[1]:
            return IllegalMove("discard.single-pile-card", card=card)
        if left:
            return None
        side = s.current % 2
        if self._can_take_pozzetto(side):
            return None  # pozzetto con scarto: any card, wilds included
        if card.is_wild:
            return IllegalMove("close.wild-discard", card=card)
        return self._closing_problem(side, s.melds[side] if melds is None else melds)

    def _check_after_meld(self, cards: list[Card], new_meld: Meld, replaced: int | None = None) -> None:
        """Refuse a meld that empties the hand when that is not allowed, or strands the player."""
        s = self._s
        left = len(s.hands[s.current]) - len(cards)
        if left > 1:
            return
        hand = list(s.hands[s.current])
        _remove(hand, cards)
        side = s.current % 2
        melds = list(s.melds[side])  # the closing conditions look at the melds after this play
        if replaced is None:
            melds.append(new_meld)
        else:
            melds[replaced] = new_meld
        if not hand:
            problem = self._emptying_problem(side, melds)
            if problem:
                raise problem
            return
        if len(hand) > 1:
            return
        last = hand[0]
        problem = self._discard_problem(last, 0, melds)
        if problem is None:
            return
        # Still fine if the last card can be attached afterwards, emptying the hand legally.
        for index, meld in enumerate(melds):
            grown = meld.try_attach((last,)) if may_attach(meld, last) else None
            if grown is not None and self._emptying_problem(side, melds[:index] + [grown] + melds[index + 1:]) is None:
                return
        raise IllegalMove("close.no-discard-left", card=last, reason=problem.msg) from problem

    def _emptying_problem(self, side: int, melds: Sequence[Meld]) -> IllegalMove | None:
        """Why the current player may not run out of cards by melding (None if they may)."""
        if self._can_take_pozzetto(side):
            if not self.rules.pozzetto_al_volo:
                return IllegalMove("pozzetto.no-al-volo", ruleset=self.rules.label)
            return None
        if not self.rules.close_by_meld:
            return IllegalMove("close.by-meld", ruleset=self.rules.label)
        return self._closing_problem(side, melds)

    # ------------------------------------------------------------ carrying out
    def _do_draw(self) -> None:
        s = self._s
        if not s.stock and s.pozzetti:
            s.stock = s.pozzetti.pop(0)  # an untaken pozzetto becomes the stock
        s.hands[s.current].append(s.stock.pop())
        s.phase, s.pile_pick, s.took_pile = "play", None, False
        self._start_turn()

    def _do_take_pile(self) -> None:
        s = self._s
        hand = s.hands[s.current]
        if len(s.pile) == 1:
            card = s.pile[0]
            face = card.face
            s.pile_pick = (card, face in [c.face for c in hand])
        else:
            s.pile_pick = None
        hand.extend(s.pile)
        s.pile = []
        s.phase, s.took_pile = "play", True
        self._start_turn()

    def _start_turn(self) -> None:
        s = self._s
        s.melded = False
        s.pozzetto_pending[s.current] = False

    def _do_meld(self, cards: list[Card], index: int | None, meld: Meld) -> None:
        s = self._s
        side = s.current % 2
        _remove(s.hands[s.current], cards)
        if index is None:
            s.melds[side].append(meld)
        else:
            s.melds[side][index] = meld
        s.melded = True
        if not s.hands[s.current]:
            if self._can_take_pozzetto(side):
                s.phase = "pozzetto"
            else:
                self._end(Result("closed", player=s.current, side=side))

    def _do_take_pozzetto(self) -> None:
        s = self._s
        side = s.current % 2
        s.hands[s.current] = s.pozzetti.pop(0)
        s.took_pozzetto[side] = True
        s.phase = "play"

    def _do_discard(self, card: Card) -> None:
        s = self._s
        player, side = s.current, s.current % 2
        hand = s.hands[player]
        _remove(hand, (card,))
        s.pile.append(card)
        s.turns_played[player] += 1
        s.trading_turns = s.trading_turns + 1 if (s.took_pile and not s.melded) else 0
        if not hand:
            if self._can_take_pozzetto(side):
                s.hands[player] = s.pozzetti.pop(0)
                s.took_pozzetto[side] = True
                s.pozzetto_pending[player] = True
            else:
                self._end(Result("closed", player=player, side=side))
                return
        if self.rules.stock_exhausted == "hand-ends":
            if len(s.stock) <= 2:
                self._end(Result("stock", player=player))
                return
        elif not s.stock and not s.pozzetti:
            self._end(Result("stock", player=player))
            return
        limit = self.rules.stalemate_limit
        if limit is not None and s.trading_turns >= limit:
            self._end(Result("void", player=player))
            return
        s.current = (player + 1) % self.players
        s.phase, s.pile_pick, s.took_pile, s.melded = "draw", None, False, False

    def _end(self, result: Result) -> None:
        s = self._s
        s.phase = "over"
        s.result = result

    # ------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (lay-downs and attaches included).

        One action per distinct choice: one per set of faces (naming the first copy held),
        per meld for an attach, in the canonical arrangement (``#0``). An action naming the
        other copy of a card, or another arrangement, is the same choice or a finer one:
        ``explain`` and ``apply`` accept it.
        """
        s = self._s
        if s.phase == "over":
            return []
        if s.phase == "pozzetto":
            return [TakePozzetto()]
        if s.phase == "draw":
            actions: list[Action] = []
            try:
                self._check_draw()
                actions.append(Draw())
            except IllegalMove:
                pass
            if s.pile:
                actions.append(TakePile())
            return actions
        hand = s.hands[s.current]
        side = s.current % 2
        size = len(hand)
        # The checks of _plan, without re-taking the cards from the hand or building every
        # arrangement: the game-level checks matter only when at most one card would be left.
        result: list[Action] = []
        own = s.melds[side]
        for cards in lay_downs(hand, own, self.rules):
            if size - len(cards) <= 1:
                try:
                    self._check_after_meld(list(cards), new_meld=Meld.lay_down(cards, self.rules))
                except IllegalMove:
                    continue
            result.append(LayDown(cards))
        for play in attaches(hand, own):
            if size <= 2:
                try:
                    self._check_after_meld(list(play.cards), new_meld=play.after, replaced=play.index)
                except IllegalMove:
                    continue
            result.append(Attach(play.index, play.cards))  # type: ignore[arg-type]  # an attach has an index
        faces: dict[tuple[int, str], Card] = {}
        for card in hand:
            faces.setdefault(card.face, card)
        for card in faces.values():
            try:
                self._check_discard(card, len(hand) - 1)
            except IllegalMove:
                continue
            result.append(Discard(card))
        return result

    # ------------------------------------------------------------ scoring
    def score(self) -> tuple[ScoreBreakdown, ScoreBreakdown]:
        """Each side's breakdown (the same lines as ``score_side``); the hand must be over."""
        s = self._s
        if s.phase != "over" or s.result is None:
            raise BurracoError("the hand is not over yet: there is no final score")
        if s.result.reason == "void":
            void = ScoreBreakdown((VOID_LINE,))
            return (void, void)
        scores = []
        for side in (0, 1):
            in_hand = [c for p in self.partners(side) for c in s.hands[p]]
            closed = s.result.closed and s.result.side == side
            scores.append(score_side(
                s.melds[side], in_hand, self.rules, closed=closed,
                took_pozzetto=s.took_pozzetto[side], pozzetto_unused=self.pozzetto_unplayed[side],
            ))
        return (scores[0], scores[1])

    # ------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The whole game as JSON text; ``Game.from_json(game.to_json())`` restores it exactly."""
        return _savefile.dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a saved game (its text, or its file's UTF-8 bytes); anything corrupt or changed by
        hand raises :class:`GameFileError`."""
        return _savefile.loads(cls, text)

    def __repr__(self) -> str:
        s = self._s
        where = f"{self.rules.id}, {self.players} players"
        if s.result is not None:
            return f"<Game {where}, over: {s.result!r}>"
        turn = [fact for fact, true in (("took the pile", s.took_pile), ("melded", s.melded)) if true]
        extra = f" ({', '.join(turn)})" if turn else ""
        return (f"<Game {where}, player {s.current} to {s.phase}{extra}, "
                f"stock {len(s.stock)}, pile {len(s.pile)}>")


def _pick(options: tuple[Meld, ...], action: LayDown | Attach) -> Meld:
    if not 0 <= action.option < len(options):
        raise IllegalMove("meld.no-such-arrangement", option=action.option, count=len(options))
    return options[action.option]


__all__ = ["Game", "GameFileError", "PHASES", "Phase", "Result", "RUN", "GROUP"]
