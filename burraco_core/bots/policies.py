"""The bots' policies: ``RandomBot``, ``GreedyBot``, ``hints`` and ``play_hand``, and the reasons a
hint gives, choosing among the plays ``bots.evaluation`` finds and scores."""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import is_
from typing import Protocol

from ..actions import Action, Discard, Draw, TakePile, TakePozzetto
from ..cards import Card
from ..errors import BurracoError, is_whole, wrong_type
from ..game import Game
from ..melds import GROUP, HIGH_ACE, Meld
from ..messages import DEFAULT_LANGUAGE, Message
from ..search import (
    Face,
    accepted_cards,
    may_attach,
)
from .evaluation import (
    _FACE_BIT,
    _WORTH_TAKING,
    _Context,
    _keep_values,
    _meld_plays,
    _Memo,
    _pile_opens,
    _pile_plays,
    _Play,
)

MAX_ACTIONS = 10_000
"""``play_hand`` gives up after this many actions (a hand takes a few hundred)."""


class Bot(Protocol):
    """Anything that picks the current player's next action."""

    def choose(self, game: Game) -> Action: ...


@dataclass(frozen=True)
class Hint:
    """A suggested action and why, in one sentence a learner understands.

    ``reason`` is a :class:`~burraco_core.messages.Message` (keys ``hint.*``):
    ``hint.text("it")`` says it in another language, ``str(hint.reason)`` in English.
    """

    action: Action
    reason: Message

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """Why this action, in the given language."""
        return self.reason.text(lang)

    @property
    def why(self) -> str:
        """Why this action, in English."""
        return self.reason.text(DEFAULT_LANGUAGE)

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


# --------------------------------------------------------------------------- reasons
# Every reason is a Message (keys "hint.*" in locale/<lang>.txt): formatted only when shown,
# and never built from English words here.

def _about(key: str, meld: Meld, **params: object) -> Message:
    """A message with one key per kind of meld (``<key>.run``, ``<key>.group``): in many
    languages the words around "run" and "group" agree with its gender ("una nuova scala",
    "un nuovo tris"); a run is told by its suit, a group by its rank."""
    if meld.kind == GROUP:
        return Message(f"{key}.group", rank=meld.rank, **params)
    return Message(f"{key}.run", suit=meld.suit, **params)


def _wild_words(before: Meld | None, after: Meld, used: Sequence[Card]) -> Message:
    """What the wild does in this play: stands for a card, moves, or takes its natural place."""
    wild = after.wild
    if wild is not None and any(c.face == wild.face for c in used):
        if after.kind == GROUP:
            return Message("hint.wild.stands-for", wild=wild, stands_for=Message("a-rank", rank=after.rank))
        return Message("hint.wild.stands-for", wild=wild, stands_for=_wild_card(after))
    if before is None or before.wild is None or before.kind == GROUP:
        return Message("empty")
    old = before.wild
    if wild is None:
        return Message("hint.wild.natural", wild=old)
    if before.wild_index is None or after.wild_index is None:
        return Message("empty")
    if before.low + before.wild_index != after.low + after.wild_index:
        return Message("hint.wild.moves", wild=old, stands_for=_wild_card(after))
    return Message("empty")


def _wild_card(run: Meld) -> Card:
    """The card a run's wild stands for (a high ace is the ace)."""
    assert run.wild_index is not None
    slot = run.low + run.wild_index
    return Card(1 if slot == HIGH_ACE else slot, run.suit)


def _play_reason(ctx: _Context, play: _Play, left: int) -> Message:
    before, after = play.before, play.made(ctx.rules)
    points = sum(ctx.rules.card_value(c) for c in play.cards)
    points += after.burraco_bonus - (before.burraco_bonus if before is not None else 0)
    wild = _wild_words(before, after, play.cards)
    if left == 0:
        then = Message("hint.then.pozzetto" if ctx.pozzetto_left else "hint.then.close")
    elif left == 1:
        then = Message("hint.then.discard-pozzetto" if ctx.pozzetto_left else "hint.then.discard-close")
    else:
        then = Message("empty")
    if before is None:
        burraco = (Message("hint.burraco.already", burraco=Message("a-burraco", kind=after.burraco))
                   if after.burraco else Message("empty"))
        return _about("hint.lay-down", after, cards=after.cards, wild=wild, burraco=burraco, points=points,
                      then=then)
    burraco = (Message("hint.burraco.becomes", burraco=Message("a-burraco", kind=after.burraco))
               if after.burraco and after.burraco != before.burraco else Message("empty"))
    return _about("hint.attach", before, cards=play.cards, meld_cards=before.cards, wild=wild,
                  burraco=burraco, points=points, then=then)


def _neighbours(card: Card, hand: Sequence[Card]) -> bool:
    """Whether another natural card in hand could make a group or a run with this one."""
    slots = (1, HIGH_ACE) if card.rank == 1 else (card.rank,)
    for other in hand:
        if other is card or other.is_wild:
            continue
        if other.rank == card.rank:
            return True
        if other.suit == card.suit:
            others = (1, HIGH_ACE) if other.rank == 1 else (other.rank,)
            if any(abs(a - b) <= 2 for a in slots for b in others):
                return True
    return False


def _discard_reason(ctx: _Context, card: Card, hand: Sequence[Card]) -> Message:
    if len(hand) == 1:
        if ctx.pozzetto_left:
            return Message("hint.discard.last-pozzetto", card=card)
        return Message("hint.discard.last-close", card=card, points=ctx.rules.closing_bonus)
    if card.is_wild:
        return Message("hint.discard.only-wilds", card=card)
    if _FACE_BIT[card.face] & ctx.theirs_take():
        return Message("hint.discard.fits-opponent", card=card)
    if _neighbours(card, hand):
        return Message("hint.discard.least-useful", card=card)
    return Message("hint.discard.useless", card=card)


# --------------------------------------------------------------------------- choosing

def _ranked_discards(ctx: _Context, rng: random.Random | None, found: Sequence[_Play] | None = None
                     ) -> list[Card]:
    values = _keep_values(ctx, ctx.hand, found)
    # lowest value first, ties by a random number each, then by the card's own order
    draw = rng.random if rng is not None else float
    return [card for _, _, _, card in sorted([(value, draw(), card._key, card) for card, value in values.items()])]


def _draw_decision(game: Game, ctx: _Context) -> tuple[Action, str, _Play | None]:
    """Draw or take the pile: the action, the key of its reason and the play the pile opens."""
    if not ctx.pile:
        return Draw(), "hint.draw.pile-empty", None
    if game.explain(Draw()) is not None:
        return TakePile(), "hint.take.last-two", None
    plays = _pile_plays(game, ctx)
    best = max(plays, key=lambda p: p.score, default=None)
    if best is not None and best.score > _WORTH_TAKING:
        return TakePile(), "hint.take.opens", best
    return Draw(), "hint.draw.pile-useless", None


def _draws(game: Game, ctx: _Context) -> Action:
    """:func:`_draw_decision`'s action alone (what the bot plays: no reason, no best play to name)."""
    if not ctx.pile:
        return Draw()
    if game.explain(Draw()) is not None or _pile_opens(game, ctx):
        return TakePile()
    return Draw()


def _draw_choice(game: Game, ctx: _Context) -> tuple[Action, Message]:
    """:func:`_draw_decision` with its reason."""
    action, key, best = _draw_decision(game, ctx)
    if best is None:
        return action, Message(key)
    taken = tuple(c for c in best.cards if c in ctx.pile)
    what = (Message("hint.take.lay-down", cards=best.made(ctx.rules).cards) if best.before is None
            else _about("hint.take.attach", best.before, cards=best.cards))
    return action, Message(key, count=len(ctx.pile), cards=taken, play=what)


def _regather(cards: Sequence[Card], held: dict[Face, list[Card]]) -> tuple[Card, ...] | None:
    """The same faces from the cards held (the same physical cards where possible), or None."""
    if len(cards) == 1:  # an attach
        card = cards[0]
        copies = held.get(card.face)
        if not copies:
            return None
        return (card,) if id(card) in map(id, copies) else (copies[0],)
    chosen: list[Card] = []
    taken: set[int] = set()  # (cards by identity: ``in`` would ask Card's Python-level comparison)
    for card in cards:
        copies = held.get(card.face)
        if copies is None:
            return None
        pick = None  # the card itself if held and not yet chosen, else the first such copy
        for copy in copies:
            if id(copy) not in taken:
                if copy is card:
                    pick = copy
                    break
                if pick is None:
                    pick = copy
        if pick is None:
            return None
        chosen.append(pick)
        taken.add(id(pick))
    return tuple(chosen)


def _follow_up(ctx: _Context, previous: Sequence[_Play], applied: _Play, exact: bool) -> list[_Play]:
    """The plays left once ``applied`` is on the table, without searching the whole hand again.

    Taking cards out of a hand never makes a new lay-down possible, so the
    lay-downs left are the earlier ones whose cards are still held. The
    attaches are the earlier ones to melds that did not change, and every
    attach to the meld that changed (or was just laid down). ``exact``: the hand is the
    earlier one less the very cards played, so a play using none of them keeps its cards.
    """
    held: dict[Face, list[Card]] = {}
    firsts: list[Card] = []  # the first copy of each face
    for card in ctx.hand:
        copies = held.get(card.face)
        if copies is None:
            held[card.face] = [card]
            firsts.append(card)
        else:
            copies.append(card)
    changed = applied.index if applied.index is not None else len(ctx.own) - 1
    # a lay-down of a group whose rank the side now owns is left out: only the play applied can
    # have given the side a new group (the search lists no group of a rank the side owned)
    new_group = applied.laid_group_rank()
    spent = set(map(id, applied.cards))
    size = len(ctx.hand)
    plays: list[_Play] = []
    score = ctx.score
    for play in previous:
        index = play.index
        if play is applied or index == changed:
            continue
        if index is None and new_group is not None and play.laid_group_rank() == new_group:
            continue
        cards: tuple[Card, ...] | None = play.cards
        if not exact or not spent.isdisjoint(map(id, play.cards)):
            cards = _regather(play.cards, held)
        if cards is not None:
            plays.append(_Play(index, play.before, play.after, cards,
                               score(play.base, play.wild, size - len(cards)), play.base, play.wild))
    meld = ctx.own[changed]
    for card in accepted_cards(meld, firsts):
        scored = ctx.memo.attach(meld, card)
        if scored is not None:
            after, base, wild = scored
            plays.append(_Play(changed, meld, after, (card,), ctx.score(base, wild, size - 1), base, wild))
    return plays


class _Turn:
    """What a greedy bot remembers between two plays of the same turn."""

    __slots__ = ("game", "history", "plays", "applied", "own", "hand")

    def __init__(self, game: int, history: int, plays: list[_Play], applied: _Play, own: tuple[Meld, ...],
                 hand: tuple[Card, ...]) -> None:
        self.game = game
        self.history = history
        self.plays = plays
        self.applied = applied
        self.own = own
        self.hand = hand

    def still_matches(self, game: Game, ctx: _Context) -> bool:
        """Whether the game is this turn's game, just after the remembered play and nothing else."""
        # (the last move's text is not compared: a different play leaving the same hand and melds
        # leaves the same plays to follow, and one leaving others fails the checks below)
        if id(game) != self.game or game.history_size != self.history:
            return False
        changed = self.applied.index if self.applied.index is not None else len(self.own)
        own = ctx.own
        applied = self.applied
        if len(own) != len(self.own) + (applied.index is None):
            return False
        if applied.after is None:
            # a lay-down whose meld the bot never built: the game's new meld holds its very cards
            # (the remembered plays do not depend on how they are arranged; the attaches to the
            # new meld are asked of the game's own)
            laid = own[changed]
            if sorted(map(id, laid.cards)) != sorted(map(id, applied.cards)):
                return False
            applied.after = laid
        elif own[changed] != applied.after:
            return False
        prior = self.own  # the other melds must be the very same objects
        if not (all(map(is_, prior[:changed], own)) and all(map(is_, prior[changed + 1:], own[changed + 1:]))):
            return False
        hand = ctx.hand
        return hand == self.hand or Counter([c.face for c in hand]) == Counter([c.face for c in self.hand])


def _best_plays(game: Game, ctx: _Context, rng: random.Random | None, limit: int,
                found: Sequence[_Play] | None = None) -> list[_Play]:
    """The best legal meld plays with a positive score, best first.

    The search found each meld legal from cards held; the game's own conditions on a lay-down
    or attach (the last card, closing) come in only when at most one card would be left, so
    only those plays are confirmed with ``explain``.
    """
    if found is None:
        found = _meld_plays(ctx, ctx.hand)
    if not found:
        return []
    plays = [p for p in found if p.score > 0]
    if not plays:
        return []
    # best score first, ties in the order of a random number each (the play's place in the list
    # when there is no rng: the sort is stable)
    if rng is not None:
        draw = rng.random
        order = sorted([(-p.score, draw(), i) for i, p in enumerate(plays)])
    else:
        order = sorted([(-p.score, 0.0, i) for i, p in enumerate(plays)])
    chosen: list[_Play] = []
    size = len(ctx.hand)
    for _, _, i in order:
        play = plays[i]
        if size - len(play.cards) > 1 or game.explain(play.action) is None:
            chosen.append(play)
            if len(chosen) >= limit:
                break
    return chosen


def _fallback(game: Game, rng: random.Random | None) -> Action:
    actions = game.legal_actions()
    if not actions:
        raise BurracoError("no legal action: the hand is over")
    return actions[0] if rng is None else rng.choice(actions)


class RandomBot:
    """Picks uniformly among the legal actions (reproducible with a seed)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        if not isinstance(game, Game):
            raise wrong_type("RandomBot.choose", "game", "a Game", game)
        actions = game.legal_actions()
        if not actions:
            raise BurracoError("no legal action: the hand is over")
        return self.rng.choice(actions)

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Plays the best-looking move each time (see the module docstring); a seed breaks ties."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._memo: _Memo | None = None
        self._turn: _Turn | None = None

    def choose(self, game: Game) -> Action:
        if not isinstance(game, Game):
            raise wrong_type("GreedyBot.choose", "game", "a Game", game)
        phase = game.phase
        if phase == "over":
            raise BurracoError("no legal action: the hand is over")
        if phase == "pozzetto":
            return TakePozzetto()
        ctx = _Context(game, self._memo)
        self._memo = ctx.memo
        if phase == "draw":
            return _draws(game, ctx)
        turn, self._turn = self._turn, None
        if turn is not None and turn.still_matches(game, ctx):
            found = _follow_up(ctx, turn.plays, turn.applied, ctx.hand == turn.hand)
        else:
            found = _meld_plays(ctx, ctx.hand)
        best = _best_plays(game, ctx, self.rng, 1, found)
        if best:
            play = best[0]
            used = set(map(id, play.cards))  # by identity, as the cards are told apart
            left = tuple([c for c in ctx.hand if id(c) not in used])
            self._turn = _Turn(id(game), game.history_size + 1, found, play, ctx.own, left)
            return play.action
        for card in _ranked_discards(ctx, self.rng, found):
            action = Discard(card)
            if game.explain(action) is None:
                return action
        return _fallback(game, self.rng)

    def __repr__(self) -> str:
        return "GreedyBot()"


def hints(game: Game, n: int = 3) -> list[Hint]:
    """The best few legal actions for the current player, best first, each with its reason."""
    if not isinstance(game, Game):
        raise wrong_type("hints", "game", "a Game (bc.Game.new or bc.Game.setup)", game)
    if not is_whole(n):
        raise wrong_type("hints", "n", "a whole number", n)
    phase = game.phase
    if phase == "over" or n <= 0:
        return []
    if phase == "pozzetto":
        return [Hint(TakePozzetto(), Message("hint.pozzetto"))]
    ctx = _Context(game)
    if phase == "draw":
        first, why = _draw_choice(game, ctx)
        result = [Hint(first, why)]
        other: Action = Draw() if isinstance(first, TakePile) else TakePile()
        if game.explain(other) is None:
            why = (Message("hint.draw.keep-hidden") if isinstance(other, Draw)
                   else Message("hint.take.more-cards", count=len(ctx.pile)))
            result.append(Hint(other, why))
        return result[:n]
    result = []
    for play in _best_plays(game, ctx, None, n):
        result.append(Hint(play.action, _play_reason(ctx, play, len(ctx.hand) - len(play.cards))))
    if len(result) < n:
        for card in _ranked_discards(ctx, None):
            action = Discard(card)
            if game.explain(action) is None:
                result.append(Hint(action, _discard_reason(ctx, card, ctx.hand)))
                break
    return result


def play_hand(game: Game, bots: Sequence[Bot], max_actions: int = MAX_ACTIONS) -> Game:
    """Play the hand to its end, ``bots[p]`` choosing for player p; returns the same game.

    A move the engine refuses is raised (its IllegalMove; the game stays as it was before that
    move), and BurracoError when the hand has not ended after ``max_actions`` actions: what an
    unnarrated :class:`~burraco_core.session.HandSession` with no human seat does, without the
    events a session records for each move (about a tenth of a simulated hand's time). The cyclic
    garbage collector waits while it plays (and runs as before afterwards): a hand makes a great
    many short-lived lists and tuples, freed as soon as they are dropped, that it would otherwise
    walk every few hundred allocations.
    """
    if not isinstance(game, Game):
        raise wrong_type("play_hand", "game", "a Game", game)
    if not isinstance(bots, Sequence) or isinstance(bots, (str, bytes)):
        raise wrong_type("play_hand", "bots", "a list of bots, one per player", bots)
    if not is_whole(max_actions):
        raise wrong_type("play_hand", "max_actions", "a whole number", max_actions)
    if len(bots) != game.players:
        raise ValueError(f"{game.players} players need {game.players} bots, not {len(bots)}")
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(max_actions):
            if game.is_over:
                return game
            game.apply(bots[game.current_player].choose(game))
    finally:
        if collecting:
            gc.enable()
    if not game.is_over:
        raise BurracoError(f"the hand did not end within {max_actions} actions")
    return game


__all__ = ["Bot", "Hint", "RandomBot", "GreedyBot", "hints", "play_hand", "may_attach"]
