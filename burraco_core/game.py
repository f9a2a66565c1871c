"""A whole hand of Burraco: turns, the discard pile, the pozzetto, closing, the end of the stock.

``Game`` is a state with explicit phases (``draw``, ``play``, ``pozzetto``,
``over``), ``legal_actions()`` and ``apply(action)``. Every check happens
before anything changes, so a refused action leaves the game exactly as it
was. Players 0 and 2 form side 0, players 1 and 3 side 1 (with two players,
one player a side). Player 0 plays first.

Choices RULES.md leaves open, taken here (also in docs/rules-choices.md):

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

import dataclasses
import hashlib
import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto, parse_action
from .cards import Card, Cards, format_cards, full_deck, parse_cards, rank_code
from .errors import BurracoError, IllegalMove, NotationError
from .melds import GROUP, RUN, Meld
from .rulesets import RULESETS, Ruleset, ruleset
from .scoring import VOID_LINE, ScoreBreakdown, score_side

PHASES = ("draw", "play", "pozzetto", "over")
FORMAT = "burraco-tutor/game"
VERSION = 1


class GameFileError(BurracoError):
    """A saved game or a position could not be loaded: corrupt, tampered with, or inconsistent."""


@dataclasses.dataclass
class _State:
    """Everything that changes during a hand; copied whole by Game.copy()."""

    hands: list[list[Card]]
    stock: list[Card]
    pile: list[Card]
    pozzetti: list[list[Card]]
    melds: list[list[Meld]]
    current: int = 0
    phase: str = "draw"
    took_pozzetto: list[bool] = dataclasses.field(default_factory=lambda: [False, False])
    pozzetto_pending: list[bool] = dataclasses.field(default_factory=list)  # per player: taken, not yet played
    turns_played: list[int] = dataclasses.field(default_factory=list)
    pile_pick: tuple[Card, bool] | None = None  # (the single card taken, held its twin before)
    took_pile: bool = False
    melded: bool = False
    trading_turns: int = 0
    result: dict[str, Any] | None = None
    history: list[str] = dataclasses.field(default_factory=list)

    def copy(self) -> _State:
        return _State(
            hands=[list(h) for h in self.hands], stock=list(self.stock), pile=list(self.pile),
            pozzetti=[list(p) for p in self.pozzetti], melds=[list(m) for m in self.melds],
            current=self.current, phase=self.phase, took_pozzetto=list(self.took_pozzetto),
            pozzetto_pending=list(self.pozzetto_pending), turns_played=list(self.turns_played),
            pile_pick=self.pile_pick, took_pile=self.took_pile, melded=self.melded,
            trading_turns=self.trading_turns, result=None if self.result is None else dict(self.result),
            history=list(self.history),
        )


def _take(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """The physical cards of ``hand`` matching ``cards`` (same card first, else its twin), or None."""
    left = list(hand)
    chosen: list[Card] = []
    for card in cards:
        if card in left:
            left.remove(card)
            chosen.append(card)
            continue
        twin = next((c for c in left if c.face == card.face), None)
        if twin is None:
            return None
        left.remove(twin)
        chosen.append(twin)
    return chosen


def _remove(hand: list[Card], cards: Iterable[Card]) -> None:
    for card in cards:
        hand.remove(card)


class Game:
    """One hand of Burraco between 2 or 4 players (see the module docstring)."""

    def __init__(self, rules: Ruleset, players: int, state: _State, seed: int | None = None) -> None:
        if players not in (2, 4):
            raise BurracoError(f"Burraco is played by 2 or 4 players, not {players!r}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self._s = state
        if not state.turns_played:
            state.turns_played = [0] * players
        if not state.pozzetto_pending:
            state.pozzetto_pending = [False] * players

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, rules: str | Ruleset = "classic", players: int = 4, seed: int | None = None) -> Game:
        """A freshly dealt hand; the same seed always deals the same cards."""
        rules = ruleset(rules)
        if players not in (2, 4):
            raise BurracoError(f"Burraco is played by 2 or 4 players, not {players!r}")
        deck = list(full_deck(rules.jokers))
        random.Random(seed).shuffle(deck)
        hands = [deck[i * 11:(i + 1) * 11] for i in range(players)]
        rest = deck[players * 11:]
        pozzetti = [rest[:11], rest[11:22]]
        pile = [rest[22]]
        stock = rest[23:]
        state = _State(hands=hands, stock=stock, pile=pile, pozzetti=pozzetti, melds=[[], []])
        return cls(rules, players, state, seed)

    @classmethod
    def setup(
        cls,
        rules: str | Ruleset = "classic",
        *,
        hands: Sequence[str | Iterable[Card]],
        melds: Sequence[Sequence[str]] = ((), ()),
        discard_pile: str | Iterable[Card] = "",
        pozzetti: Sequence[str | Iterable[Card]] | None = None,
        stock: str | Iterable[Card] | None = None,
        current: int = 0,
        phase: str = "draw",
        took_pozzetto: Sequence[bool] = (False, False),
        turns_played: Sequence[int] | None = None,
        seed: int | None = 0,
        _check: bool = True,
    ) -> Game:
        """Build a position from text, for lessons and tests.

        Cards written without an apostrophe are given to whichever deck still
        has that card. ``pozzetti`` defaults to a packet of 11 for each side
        that has not taken its pozzetto, and ``stock`` to every card not placed
        elsewhere (shuffled with ``seed``); either way all 108 (104) cards must
        be there exactly once, and the position must be one a hand can reach
        (:class:`GameFileError` says what is wrong). ``_check=False`` is for
        loading a saved game, which checks once its whole state is restored.
        """
        rules = ruleset(rules)
        players = len(hands)
        if players not in (2, 4):
            raise GameFileError(f"a position needs 2 or 4 hands, not {players}")
        if not (isinstance(took_pozzetto, (list, tuple)) and len(took_pozzetto) == 2
                and all(isinstance(t, bool) for t in took_pozzetto)):
            raise GameFileError(f"took_pozzetto must be two booleans (one per side), not {took_pozzetto!r}")
        if type(current) is not int or not 0 <= current < players:
            raise GameFileError(f"current player must be a number from 0 to {players - 1}, not {current!r}")
        if turns_played is not None and not (
                len(turns_played) == players and all(type(t) is int and t >= 0 for t in turns_played)):
            raise GameFileError(f"turns_played must be {players} whole numbers, 0 or more")
        try:
            pool = _DeckPool(rules)
            hand_cards = [pool.claim(parse_cards(h)) for h in hands]
            meld_objs: list[list[Meld]] = []
            for side_melds in melds:
                objs = []
                for text in side_melds:
                    tokens = text.replace(",", " ").split()
                    plain = pool.claim(parse_cards([t.split("=")[0] for t in tokens]))
                    tokens = [c.code + ("=" + t.split("=")[1] if "=" in t else "") for c, t in zip(plain, tokens, strict=True)]
                    objs.append(Meld.parse(" ".join(tokens), rules))
                meld_objs.append(objs)
            pile = pool.claim(parse_cards(discard_pile))
            poz = [pool.claim(parse_cards(p)) for p in pozzetti] if pozzetti is not None else None
            stock_cards = pool.claim(parse_cards(stock)) if stock is not None else None
        except (NotationError, IllegalMove) as err:
            raise GameFileError(f"cannot set up this position: {err}") from err
        rest = pool.remaining()
        random.Random(seed).shuffle(rest)
        if poz is None:  # one packet of 11 for each side that has not taken its pozzetto
            untaken = 2 - sum(bool(t) for t in took_pozzetto)
            poz = [rest[i * 11:(i + 1) * 11] for i in range(untaken)]
            rest = rest[untaken * 11:]
        if stock_cards is None:
            stock_cards, rest = rest, []
        if rest:
            raise GameFileError(
                f"{len(rest)} cards are missing from the position ({format_cards(sorted(rest))}); "
                f"all {rules.deck_size} cards must be placed"
            )
        if len(meld_objs) != 2:
            raise GameFileError("melds are given for exactly two sides")
        if phase not in PHASES:
            raise GameFileError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
        state = _State(
            hands=hand_cards, stock=stock_cards, pile=pile, pozzetti=poz, melds=meld_objs,
            current=current, phase=phase, took_pozzetto=list(took_pozzetto),
            turns_played=list(turns_played) if turns_played is not None else [0] * players,
        )
        game = cls(rules, players, state, seed)
        if _check:
            game._check_consistent()
        return game

    def copy(self) -> Game:
        return Game(self.rules, self.players, self._s.copy(), self.seed)

    def _check_consistent(self) -> None:
        """Refuse a position no hand can reach (checked for setups and saved games)."""
        s = self._s
        problems = []
        if (s.phase == "over") != (s.result is not None):
            problems.append("a finished hand needs a result, and only a finished hand has one")
        if s.result is not None:
            reason = s.result.get("reason")
            if reason not in ("closed", "stock", "void") or (
                    reason == "closed" and s.result.get("side") not in (0, 1)):
                problems.append(f"the result {s.result!r} is not one a hand can end with")
        hand = s.hands[s.current]
        if s.phase in ("draw", "play") and not hand:
            problems.append(f"player {s.current} has no cards but is to {s.phase}")
        if s.phase == "pozzetto" and (hand or not self._can_take_pozzetto(self.side_of(s.current))):
            problems.append(f"player {s.current} cannot be picking up a pozzetto")
        if len(s.pozzetti) > 2 - sum(s.took_pozzetto):
            problems.append(f"{len(s.pozzetti)} pozzetti are left although "
                            f"{sum(s.took_pozzetto)} side(s) took theirs")
        for side, melds in enumerate(s.melds):
            ranks = [m.rank for m in melds if m.kind == GROUP]
            if len(ranks) != len(set(ranks)):
                problems.append(f"side {side} owns two groups of the same rank")
            if any(m.rules != self.rules for m in melds):
                problems.append(f"side {side} has a meld of another ruleset")
        if problems:
            raise GameFileError("this position cannot occur in a hand: " + "; ".join(problems))

    # ------------------------------------------------------------ read-only views
    @property
    def current_player(self) -> int:
        return self._s.current

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top (the next card drawn is the last)."""
        return tuple(self._s.stock)

    @property
    def discard_pile(self) -> Cards:
        """The discard pile, bottom to top."""
        return Cards._of(self._s.pile)

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Each player's cards (each hand draws itself in a notebook)."""
        return tuple(Cards._of(h) for h in self._s.hands)

    @property
    def pozzetti(self) -> tuple[tuple[Card, ...], ...]:
        """The pozzetti nobody has taken yet."""
        return tuple(tuple(p) for p in self._s.pozzetti)

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
    def is_over(self) -> bool:
        return self._s.phase == "over"

    @property
    def result(self) -> dict[str, Any] | None:
        """How the hand ended: ``{"reason": "closed"|"stock"|"void", "side": ..., "player": ...}``."""
        return None if self._s.result is None else dict(self._s.result)

    def side_of(self, player: int) -> int:
        return player % 2

    def partners(self, side: int) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if p % 2 == side)

    # ------------------------------------------------------------ the rules
    def explain(self, action: Action | str) -> IllegalMove | None:
        """None if the action is legal now, else the IllegalMove that apply() would raise."""
        try:
            self._plan(parse_action(action) if isinstance(action, str) else action)
        except IllegalMove as err:
            return err
        return None

    def apply(self, action: Action | str) -> None:
        """Play an action for the current player; on a refusal nothing changes."""
        act = parse_action(action) if isinstance(action, str) else action
        plan = self._plan(act)
        plan()
        self._s.history.append(str(act))

    def _plan(self, action: Action) -> Any:
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
                raise IllegalMove("hand.not-held", cards=str(action.card))
            self._check_discard(cards[0], len(hand) - 1)
            return lambda: self._do_discard(cards[0])
        if isinstance(action, LayDown):
            cards = _take(hand, action.cards)
            if cards is None:
                raise IllegalMove("hand.not-held", cards=format_cards(action.cards, pretty=True))
            meld = _pick(Meld.lay_down_options(tuple(cards), self.rules), action)
            side = self.side_of(s.current)
            if meld.kind == GROUP and any(m.kind == GROUP and m.rank == meld.rank for m in s.melds[side]):
                raise IllegalMove("side.second-group", rank=rank_code(meld.rank),
                                  cards=format_cards(cards, pretty=True))
            self._check_after_meld(cards, new_meld=meld)
            return lambda: self._do_meld(cards, None, meld)
        if isinstance(action, Attach):
            side = self.side_of(s.current)
            own = s.melds[side]
            if not 0 <= action.meld < len(own):
                raise IllegalMove("attach.no-such-meld", meld=action.meld, count=len(own))
            cards = _take(hand, action.cards)
            if cards is None:
                raise IllegalMove("hand.not-held", cards=format_cards(action.cards, pretty=True))
            meld = _pick(own[action.meld].attach_options(tuple(cards)), action)
            self._check_after_meld(cards, replaced=action.meld, new_meld=meld)
            index = action.meld
            return lambda: self._do_meld(cards, index, meld)
        raise NotationError(f"not an action: {action!r}", repr(action))

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
        if rules.close_needs_clean:
            if not any(m.burraco and m.wild is None for m in melds):
                return IllegalMove("close.needs-clean-burraco")
        elif not any(m.burraco for m in melds):
            return IllegalMove("close.needs-burraco")
        if rules.opponents_must_have_played:
            waiting = [p for p in range(self.players) if p % 2 != side and self._s.turns_played[p] == 0]
            if waiting:
                return IllegalMove("close.opponents-not-played",
                                   players=" and ".join(f"player {p}" for p in waiting))
        return None

    def _check_discard(self, card: Card, left: int, melds: Sequence[Meld] | None = None) -> None:
        """Refuse a discard the rules forbid; ``melds``: the side's melds if not the current ones."""
        s = self._s
        if s.pile_pick is not None and card.face == s.pile_pick[0].face and not s.pile_pick[1]:
            raise IllegalMove("discard.single-pile-card", card=str(card))
        if left:
            return
        side = self.side_of(s.current)
        if self._can_take_pozzetto(side):
            return  # pozzetto con scarto: any card, wilds included
        if card.is_wild:
            raise IllegalMove("close.wild-discard", card=str(card))
        problem = self._closing_problem(side, s.melds[side] if melds is None else melds)
        if problem:
            raise problem

    def _check_after_meld(self, cards: list[Card], new_meld: Meld, replaced: int | None = None) -> None:
        """Refuse a meld that empties the hand when that is not allowed, or strands the player."""
        s = self._s
        left = len(s.hands[s.current]) - len(cards)
        if left > 1:
            return
        hand = list(s.hands[s.current])
        _remove(hand, cards)
        side = self.side_of(s.current)
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
        try:
            self._check_discard(hand[0], 0, melds)
        except IllegalMove as err:
            # Still fine if the last card can be attached afterwards, emptying the hand legally.
            for index, meld in enumerate(melds):
                try:
                    grown = meld.attach((hand[0],))
                except IllegalMove:
                    continue
                if self._emptying_problem(side, melds[:index] + [grown] + melds[index + 1:]) is None:
                    return
            raise IllegalMove("close.no-discard-left", card=str(hand[0]), reason=str(err),
                              because=err.rule) from err

    def _emptying_problem(self, side: int, melds: Sequence[Meld]) -> IllegalMove | None:
        """Why the current player may not run out of cards by melding (None if they may)."""
        if self._can_take_pozzetto(side):
            if not self.rules.pozzetto_al_volo:
                return IllegalMove("pozzetto.no-al-volo", ruleset=self.rules.name or self.rules.id)
            return None
        if not self.rules.close_by_meld:
            return IllegalMove("close.by-meld", ruleset=self.rules.name or self.rules.id)
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
            s.pile_pick = (card, any(c.face == card.face for c in hand))
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
        side = self.side_of(s.current)
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
                self._end("closed", side=side, player=s.current)

    def _do_take_pozzetto(self) -> None:
        s = self._s
        side = self.side_of(s.current)
        s.hands[s.current] = s.pozzetti.pop(0)
        s.took_pozzetto[side] = True
        s.phase = "play"

    def _do_discard(self, card: Card) -> None:
        s = self._s
        player, side = s.current, self.side_of(s.current)
        hand = s.hands[player]
        hand.remove(card)
        s.pile.append(card)
        s.turns_played[player] += 1
        s.trading_turns = s.trading_turns + 1 if (s.took_pile and not s.melded) else 0
        if not hand:
            if self._can_take_pozzetto(side):
                s.hands[player] = s.pozzetti.pop(0)
                s.took_pozzetto[side] = True
                s.pozzetto_pending[player] = True
            else:
                self._end("closed", side=side, player=player)
                return
        if self.rules.stock_exhausted == "hand-ends":
            if len(s.stock) <= 2:
                self._end("stock", player=player)
                return
        elif not s.stock and not s.pozzetti:
            self._end("stock", player=player)
            return
        limit = self.rules.stalemate_limit
        if limit is not None and s.trading_turns >= limit:
            self._end("void", player=player)
            return
        s.current = (player + 1) % self.players
        s.phase, s.pile_pick, s.took_pile, s.melded = "draw", None, False, False

    def _end(self, reason: str, **details: Any) -> None:
        s = self._s
        s.phase = "over"
        s.result = {"reason": reason, **details}

    # ------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (lay-downs and attaches included)."""
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
        side = self.side_of(s.current)
        rules = self.rules
        size = len(hand)
        # The checks of _plan, without re-taking the cards from the hand or building every
        # arrangement: the game-level checks matter only for groups and when at most one card
        # would be left.
        groups = {m.rank for m in s.melds[side] if m.kind == GROUP}
        result: list[Action] = []
        seen: set[tuple[tuple[int, str], ...]] = set()
        for cards in _candidate_melds(hand, rules):
            key = tuple(sorted(c.face for c in cards))
            if key in seen:
                continue
            seen.add(key)
            try:
                meld = Meld.lay_down(tuple(cards), rules)
                if meld.kind == GROUP and meld.rank in groups:
                    continue
                if size - len(cards) <= 1:
                    self._check_after_meld(cards, new_meld=meld)
            except IllegalMove:
                continue
            result.append(LayDown(tuple(cards)))
        faces: dict[tuple[int, str], Card] = {}
        for card in hand:
            faces.setdefault(card.face, card)
        for index, meld in enumerate(s.melds[side]):
            # a run's naturals fill these slots; one wild bridges one gap, so a natural
            # card goes to a free slot at most two beyond them, or nowhere
            taken = {meld.low + i for i in range(len(meld.cards)) if i != meld.wild_index}
            reach = range(min(taken) - 2, max(taken) + 3) if meld.kind != GROUP else range(0)
            for card in faces.values():
                if not card.is_wild and (card.rank != meld.rank if meld.kind == GROUP else card.suit != meld.suit):
                    continue
                if not card.is_wild and meld.kind != GROUP and not any(
                        slot in reach and slot not in taken for slot in ((1, 14) if card.rank == 1 else (card.rank,))):
                    continue
                try:
                    grown = meld.attach((card,))
                    if size <= 2:
                        self._check_after_meld([card], new_meld=grown, replaced=index)
                except IllegalMove:
                    continue
                result.append(Attach(index, (card,)))
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
        if s.result["reason"] == "void":
            void = ScoreBreakdown((VOID_LINE,))
            return (void, void)
        scores = []
        for side in (0, 1):
            in_hand = [c for p in self.partners(side) for c in s.hands[p]]
            closed = s.result["reason"] == "closed" and s.result.get("side") == side
            scores.append(score_side(
                s.melds[side], in_hand, self.rules, closed=closed,
                took_pozzetto=s.took_pozzetto[side], pozzetto_unused=self.pozzetto_unplayed[side],
            ))
        return (scores[0], scores[1])

    # ------------------------------------------------------------ saving
    def to_json(self) -> str:
        """The whole game as JSON text; ``Game.from_json(game.to_json())`` restores it exactly."""
        s = self._s
        body: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": dataclasses.asdict(self.rules),
            "players": self.players,
            "seed": self.seed,
            "current": s.current,
            "phase": s.phase,
            "hands": [format_cards(h) for h in s.hands],
            "stock": format_cards(s.stock),
            "discard_pile": format_cards(s.pile),
            "pozzetti": [format_cards(p) for p in s.pozzetti],
            "melds": [[m.table_code for m in side] for side in s.melds],
            "took_pozzetto": list(s.took_pozzetto),
            "pozzetto_pending": list(s.pozzetto_pending),
            "turns_played": list(s.turns_played),
            "pile_pick": None if s.pile_pick is None else [s.pile_pick[0].code, s.pile_pick[1]],
            "took_pile": s.took_pile,
            "melded": s.melded,
            "trading_turns": s.trading_turns,
            "result": s.result,
            "history": list(s.history),
        }
        body["checksum"] = _checksum(body)
        return json.dumps(body, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a saved game; anything corrupt or changed by hand raises :class:`GameFileError`."""
        try:
            body = json.loads(text)
        except (TypeError, ValueError, RecursionError) as err:
            raise GameFileError(f"this is not a saved game (not JSON: {err})") from None
        if not isinstance(body, dict) or body.get("format") != FORMAT:
            raise GameFileError("this is not a Burraco Tutor saved game")
        if body.get("version") != VERSION:
            raise GameFileError(f"saved game version {body.get('version')!r} is not supported (expected {VERSION})")
        if body.get("checksum") != _checksum({k: v for k, v in body.items() if k != "checksum"}):
            raise GameFileError("the saved game was changed after it was saved (its checksum does not match)")
        try:
            game = cls._from_body(body)
        except GameFileError:
            raise
        except (BurracoError, KeyError, TypeError, ValueError, IndexError, AttributeError,
                RecursionError) as err:
            raise GameFileError(f"the saved game is inconsistent: {err}") from None
        if game.to_json() != text:
            raise GameFileError("the saved game is not in the form this version writes")
        return game

    @classmethod
    def _from_body(cls, body: dict[str, Any]) -> Game:
        fields = body["ruleset"]
        known = RULESETS.get(fields.get("id"))
        rules = known if known is not None and dataclasses.asdict(known) == fields else Ruleset(**fields)
        players = body["players"]
        game = cls.setup(
            rules, hands=body["hands"], melds=body["melds"], discard_pile=body["discard_pile"],
            pozzetti=body["pozzetti"], stock=body["stock"], current=body["current"],
            phase=body["phase"], took_pozzetto=body["took_pozzetto"], turns_played=body["turns_played"],
            seed=body["seed"], _check=False,
        )
        s = game._s
        if players != game.players or len(s.turns_played) != players or len(s.took_pozzetto) != 2:
            raise GameFileError("per-player or per-side lists have the wrong length")
        s.pozzetto_pending = [bool(x) for x in body["pozzetto_pending"]]
        if len(s.pozzetto_pending) != players:
            raise GameFileError("per-player lists have the wrong length")
        pick = body["pile_pick"]
        s.pile_pick = None if pick is None else (parse_cards(pick[0])[0], bool(pick[1]))
        s.took_pile, s.melded = bool(body["took_pile"]), bool(body["melded"])
        s.trading_turns = int(body["trading_turns"])
        result = body["result"]
        if result is not None and not isinstance(result, dict):
            raise GameFileError("the saved game's result is not one this version writes")
        s.result = result
        s.history = [str(parse_action(h)) for h in body["history"]]
        game._check_consistent()
        return game

    def __repr__(self) -> str:
        return (f"<Game {self.rules.id} {self.players} players, player {self.current_player} to "
                f"{self.phase}, stock {len(self._s.stock)}, pile {len(self._s.pile)}>")


def _pick(options: tuple[Meld, ...], action: LayDown | Attach) -> Meld:
    if not 0 <= action.option < len(options):
        raise IllegalMove("meld.no-such-arrangement", option=action.option, count=len(options))
    return options[action.option]


def _checksum(body: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


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
                    raise GameFileError(f"{self.rules.id} is played without jokers")
                raise GameFileError(f"{card.code} is placed more times than the two decks hold it")
            self.left[card] -= 1
            claimed.append(card)
        return claimed

    def remaining(self) -> list[Card]:
        return sorted(self.left.elements())


def _candidate_melds(hand: Sequence[Card], rules: Ruleset) -> list[list[Card]]:
    """Card sets from the hand that may form a meld (each still checked by Meld.lay_down).

    Runs: for each suit, windows of consecutive slots with at most one hole,
    plus one wild at the hole, at an end or in place of an inner card (the
    second ace at the top when the ruleset plays ace to ace). Groups: every
    set of naturals of a rank, with or without one wild.
    """
    wilds: dict[tuple[int, str], list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        if card.is_wild:
            wilds.setdefault(card.face, []).append(card)
        if card.rank == 2 or not card.is_wild:
            slots = by_suit.setdefault(card.suit, {})
            slots.setdefault(card.rank, card)
            if card.rank == 1:
                slots.setdefault(14, card)
        if not card.is_wild:
            by_rank.setdefault(card.rank, []).append(card)
    out: list[list[Card]] = []

    def with_wild(cards: list[Card]) -> Iterable[list[Card]]:
        for copies in wilds.values():
            free = next((c for c in copies if c not in cards), None)
            if free is not None:
                yield cards + [free]

    # ace to ace: the second copy of the ace stands at the top of a run from the low ace
    top_aces = {c.suit: c for c in hand if c.rank == 1 and c is not by_suit[c.suit][1]} if rules.ace_to_ace else {}
    for suit, slots in by_suit.items():
        present = sorted(slots)
        for low in present:
            holes = 0
            window: list[Card] = []
            for slot in range(low, 15):
                top = slot == 14 and low == 1
                if (slot in slots and not top) or (top and suit in top_aces):
                    card = top_aces[suit] if top else slots[slot]
                    if card in window:
                        break
                    window.append(card)
                    if len(window) >= 3 and holes == 0:
                        out.append(list(window))
                        # a wild may also stand for a card the player holds: leave out an inner card
                        for skip in range(1, len(window) - 1):
                            out.extend(with_wild(window[:skip] + window[skip + 1:]))
                    if len(window) >= 2:
                        out.extend(with_wild(window))
                else:
                    holes += 1
                    if holes > 1:
                        break
    if rules.groups_allowed:
        for naturals in by_rank.values():
            if len(naturals) < 2:
                continue
            for size in range(2, len(naturals) + 1):
                for subset in _combinations(naturals, size):
                    if size >= 3:
                        out.append(list(subset))
                    out.extend(with_wild(list(subset)))
    return out


def _combinations(cards: list[Card], size: int) -> Iterable[tuple[Card, ...]]:
    from itertools import combinations

    seen = set()
    for combo in combinations(cards, size):
        key = tuple(sorted(c.face for c in combo))
        if key not in seen:
            seen.add(key)
            yield combo


__all__ = ["Game", "GameFileError", "PHASES", "RUN", "GROUP"]
