"""Computer players and hints.

``RandomBot`` picks uniformly among ``game.legal_actions()``: a baseline
for tests and simulations. ``GreedyBot`` plays a sensible, fast, one-move-
at-a-time game:

- it takes the discard pile when the pile gives it a new meld or a card to
  attach, and draws from the stock otherwise;
- it lays down and attaches what it can, best move first: moves that make
  or grow a burraco, that score the most, that empty the hand towards the
  pozzetto; it keeps its wild cards for later unless a wild completes a
  burraco or the hand is nearly over;
- it discards its least useful card: not a wild, not one that an opponent's
  meld could take when another card will do, not one of a pair or a
  near-run.

``hints(game)`` explains the best few plays in one sentence each, with the
same evaluation. ``play_hand(game, bots)`` plays a hand to its end.

The bots only look at what the player may see: their own hand, the melds on
the table, the discard pile (only its top card when the ruleset plays it
closed), the sizes of the stock and of the other hands.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import is_
from typing import Any, Protocol

from .actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto
from .cards import SUITS, Card, full_deck
from .errors import BurracoError, IllegalMove, is_whole, wrong_type
from .game import Game
from .melds import BURRACO_MIN_CARDS, GROUP, HIGH_ACE, Meld
from .messages import DEFAULT_LANGUAGE, Message
from .rulesets import Ruleset
from .search import (
    Face,
    FaceKey,
    accepted_cards,
    attach_candidates,
    lay_down_candidates,
    may_attach,
    run_reach,
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


# --------------------------------------------------------------------------- evaluation

class _Play:
    """A lay-down (``index`` None) or an attach from the hand, with the meld before and after.

    ``score`` is ``base`` (what the play is worth whatever the hand) less the cost of spending a
    wild (``wild``: the play spends one, see :meth:`_Context.score`) and plus a closing bonus.
    A lay-down's ``after`` may be None until :meth:`made` builds it: scoring a candidate lay-down
    of fewer than seven cards needs only whether its wild stands for a card.
    """

    __slots__ = ("index", "before", "after", "cards", "score", "base", "wild")

    def __init__(self, index: int | None, before: Meld | None, after: Meld | None, cards: tuple[Card, ...],
                 score: float, base: int, wild: bool) -> None:
        self.index = index
        self.before = before
        self.after = after
        self.cards = cards
        self.score = score
        self.base = base
        self.wild = wild

    def made(self, rules: Ruleset) -> Meld:
        """The meld the play makes (a lay-down's built the first time it is asked for)."""
        after = self.after
        if after is None:
            after = self.after = Meld.lay_down(self.cards, rules)
        return after

    def laid_group_rank(self) -> int | None:
        """The rank of the group a lay-down makes (None: a run, or an attach), from its cards: a
        candidate group holds at least two naturals, all of its rank; a run's naturals differ."""
        if self.index is not None:
            return None
        if self.after is not None:
            return self.after.rank if self.after.kind == GROUP else None
        first = None
        for card in self.cards:
            if not card.is_wild:
                if first is None:
                    first = card.rank
                else:
                    return first if card.rank == first else None
        return None

    @property
    def action(self) -> LayDown | Attach:
        if self.index is None:
            return LayDown(self.cards)
        return Attach(self.index, self.cards)


_VALUES: dict[Ruleset, dict[Card, int]] = {}


def _card_values(rules: Ruleset) -> dict[Card, int]:
    """Every card's points under ``rules`` (``rules.card_value``), worked out once per ruleset."""
    values = _VALUES.get(rules)
    if values is None:
        if len(_VALUES) > 64:  # house rulesets made on the fly
            _VALUES.clear()
        values = _VALUES[rules] = {card: rules.card_value(card) for card in full_deck(2)}
    return values


_Scored = tuple[Meld | None, int, bool]
"""A meld a play makes, with the play's ``base`` and ``wild`` (see :class:`_Play`); a lay-down of
fewer than seven cards leaves its meld to be built when asked for (None)."""


class _Memo:
    """What one bot has worked out during a hand: which card sets make which meld, and which
    single cards attach to which meld on the table (both depend on the faces only), each with
    the score's parts that do not depend on the rest of the hand.

    An attach is remembered by the meld object itself (its id, the meld kept alive beside the
    answer): the melds on the table stay the same objects from one decision to the next.
    """

    LIMIT = 200_000

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.values = _card_values(rules)
        self.laid: dict[FaceKey, _Scored | None] = {}
        self.attached: dict[tuple[int, Face], tuple[Meld, _Scored | None]] = {}
        self.taking: dict[int, list[Any]] = {}

    def lay_down(self, key: FaceKey, cards: tuple[Card, ...]) -> _Scored | None:
        """The meld ``cards`` make (None: none), remembered by their faces ``key``."""
        known = self.laid.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[no-any-return]
        size = len(cards)
        values = self.values
        scored: _Scored | None
        if size < BURRACO_MIN_CARDS:  # no burraco: the score needs only whether a wild stands for a card
            wild = Meld.laid_with_wild(cards, self.rules)
            scored = None if wild is None else (None, sum(map(values.__getitem__, cards)) + 13 * size, wild)
        else:
            try:
                meld = Meld.lay_down(cards, self.rules)
            except IllegalMove:
                scored = None
            else:
                bonus = meld.burraco_bonus
                base = sum([values[c] for c in cards]) + bonus + 9 * 7 + 4 * size
                # a new meld's wild is one of the cards laid down
                scored = (meld, base, meld.wild_index is not None and bonus <= 0)
        if len(self.laid) > self.LIMIT:
            self.laid.clear()
        self.laid[key] = scored
        return scored

    def attach(self, meld: Meld, card: Card) -> _Scored | None:
        """The meld with ``card`` attached (None: it may not be), remembered by meld and face."""
        key = (id(meld), card.face)
        known = self.attached.get(key)
        if known is not None and known[0] is meld:
            return known[1]
        after = meld.try_attach((card,))
        if after is None:
            scored = None
        else:
            size, old_len = len(after.cards), len(meld.cards)
            bonus = after.burraco_bonus - meld.burraco_bonus if size >= BURRACO_MIN_CARDS else 0
            base = (self.values[card] + bonus + 9 * ((size if size < 7 else 7) - (old_len if old_len < 7 else 7))
                    + 4)
            wild_index = after.wild_index
            wild = False
            if wild_index is not None:
                wild = bonus <= 0 and after.cards[wild_index].face == card.face
                if meld.wild_index is None and 5 <= old_len < 7:
                    base -= 25  # a clean burraco was two cards away
            scored = (after, base, wild)
        if len(self.attached) > self.LIMIT:
            self.attached.clear()
        self.attached[key] = (meld, scored)
        return scored

    def taken(self, melds: Sequence[Meld], faces: int) -> int:
        """Of the natural ``faces`` (a :data:`_FACE_BIT` mask), those one of ``melds`` takes as a
        single-card attach (``Meld.can_attach``): each meld remembers, as masks, the faces worth
        asking about (what :func:`~burraco_core.search.fits` lets through), those already asked
        and those it takes, so that a decision asks only about faces no earlier one did."""
        found = 0
        taking = self.taking
        for meld in melds:
            entry = taking.get(id(meld))
            if entry is None or entry[0] is not meld:
                if len(taking) > self.LIMIT:
                    taking.clear()
                entry = taking[id(meld)] = [meld, _worth_asking(meld), 0, 0]
            ask = faces & entry[1] & ~entry[2]
            if ask:
                entry[2] |= ask
                while ask:
                    bit = ask & -ask
                    ask ^= bit
                    if meld.can_attach((_CARD_OF_BIT[bit],)):
                        entry[3] |= bit
            found |= faces & entry[3]
        return found

    def accepted(self, melds: Sequence[Meld], cards: Sequence[Card]) -> set[Face]:
        """The faces of the natural ``cards`` one of ``melds`` takes as a single-card attach (each
        card offered to the melds in order until one takes it), by :meth:`attach`. (The opponents'
        melds are asked through :meth:`taken`.)"""
        found: set[Face] = set()
        suits = {c.suit for c in cards}
        ranks = {c.rank for c in cards}
        left = cards
        attach = self.attach
        for meld in melds:
            if meld.kind == GROUP:
                if meld.rank not in ranks:
                    continue
            elif meld.suit not in suits:
                continue
            taken = [c for c in accepted_cards(meld, left) if attach(meld, c) is not None]
            if taken:
                found.update([c.face for c in taken])
                left = [c for c in left if c.face not in found]
                if not left:
                    break
                suits = {c.suit for c in left}
                ranks = {c.rank for c in left}
        return found


_UNKNOWN: Any = object()  # a dict.get default that no answer equals

_FACE_BIT: dict[Face, int] = {(rank, suit): 1 << 13 * i + rank - 1
                              for i, suit in enumerate(SUITS) for rank in range(1, 14) if rank != 2}
"""Each natural face's bit in a face mask: 13 bits a suit, from the ace (the 2's bit stays clear)."""
_CARD_OF_BIT: dict[int, Card] = {bit: Card(*face) for face, bit in _FACE_BIT.items()}
_RANKS_3_TO_K = sum(1 << slot for slot in range(3, 14))


def _worth_asking(meld: Meld) -> int:
    """The natural faces :func:`~burraco_core.search.fits` lets through to ``meld``, as a mask."""
    if meld.kind == GROUP:
        bit = 1 << meld.rank - 1
        return bit | bit << 13 | bit << 26 | bit << 39
    low, high, taken = run_reach(meld)
    # slots low - 2 .. high + 2 not taken, of the ranks 3 to king (bit n: slot n)
    near = ((1 << high + 3) - (1 << max(low - 2, 0))) & ~taken & _RANKS_3_TO_K
    mask = near >> 1  # slot n is rank n's bit, n - 1
    if (not taken & 2 and low <= 3) or (not taken >> HIGH_ACE & 1 and high >= 12):
        mask |= 1  # the ace
    return mask << 13 * SUITS.index(meld.suit)


class _Context:
    """What the evaluation needs to know about the current player's situation."""

    __slots__ = ("memo", "values", "rules", "side", "hand", "own", "theirs", "pozzetto_left", "stock", "pile",
                 "players", "ends_soon", "_wild_cost", "closing", "_theirs_take")

    def __init__(self, game: Game, memo: _Memo | None = None) -> None:
        rules = game.rules
        self.memo = memo if memo is not None and memo.rules is rules else _Memo(rules)
        self.values = self.memo.values
        player = game.current_player
        side = game.side_of(player)
        self.rules: Ruleset = rules
        self.side = side
        self.hand: tuple[Card, ...] = game.hand_of(player)
        melds = game.melds
        self.own: tuple[Meld, ...] = melds[side]
        self.theirs: tuple[Meld, ...] = melds[1 - side]
        pozzetti = game.pozzetti_left > 0
        self.pozzetto_left = pozzetti and not game.took_pozzetto[side]
        self.stock = game.stock_size
        self.pile: tuple[Card, ...] = game.discard_pile
        self.players = players = game.players
        # when the hand is nearly over, cards in hand only cost points
        ends_soon = self.stock <= 2 * players + 2 and (rules.stock_exhausted == "hand-ends" or not pozzetti)
        self.ends_soon = ends_soon
        self._wild_cost: tuple[float, float] = (0.0 if ends_soon else 45.0,
                                                 0.0 if ends_soon or not self.pozzetto_left else 45.0)
        self.closing = 60 if self.pozzetto_left else rules.closing_bonus
        self._theirs_take: int | None = None

    def wild_cost(self, hand_left: int) -> float:
        """How much keeping a wild in hand is worth over spending it now."""
        return self._wild_cost[hand_left <= 3]

    def score(self, base: int, wild: bool, left: int) -> float:
        """A play's score: its ``base``, less the wild's cost if it spends one (``wild``), plus
        the bonus of emptying the hand when it leaves no card (``left``)."""
        score = float(base)
        if wild:
            score -= self._wild_cost[left <= 3]
        if left == 0:
            score += self.closing
        return score

    def theirs_take(self) -> int:
        """The natural faces in hand an opponent's meld would take, as a :data:`_FACE_BIT` mask
        (worked out once a decision)."""
        if self._theirs_take is None:
            if self.theirs:
                bits = _FACE_BIT
                faces = 0
                for card in self.hand:
                    if not card.is_wild:
                        faces |= bits[card.face]
                self._theirs_take = self.memo.taken(self.theirs, faces)
            else:
                self._theirs_take = 0
        return self._theirs_take


def _distinct_faces(hand: Iterable[Card]) -> list[Card]:
    """The first card of each face in ``hand``."""
    faces: dict[Face, Card] = {}
    for card in hand:
        faces.setdefault(card.face, card)
    return list(faces.values())


def _meld_plays(ctx: _Context, hand: Sequence[Card], must_use: frozenset[Card] = frozenset()) -> list[_Play]:
    """Every lay-down and single-card attach the meld rules allow from ``hand``, scored.

    Game-level conditions (the last card, the pozzetto) are not checked
    here: the caller confirms the chosen play with ``game.explain``. With
    ``must_use``, only plays using at least one of those cards are kept.
    (The plays of ``search.meld_plays``, in its order, through the bot's memo.)
    """
    size = len(hand)
    memo = ctx.memo
    laid, lay_down, attach = memo.laid, memo.lay_down, memo.attach
    score = ctx.score
    plays: list[_Play] = []
    add = plays.append
    for used, key in lay_down_candidates(hand, ctx.own, ctx.rules, must_use):
        known = laid.get(key, _UNKNOWN)
        scored = lay_down(key, used) if known is _UNKNOWN else known
        if scored is not None:
            meld, base, wild = scored
            add(_Play(None, None, meld, used, score(base, wild, size - len(used)), base, wild))
    for index, before, card in attach_candidates(hand, ctx.own, must_use):
        scored = attach(before, card)
        if scored is not None:
            after, base, wild = scored
            add(_Play(index, before, after, (card,), score(base, wild, size - 1), base, wild))
    return plays


def _keep_values(ctx: _Context, hand: Sequence[Card], found: Sequence[_Play] | None = None) -> dict[Card, float]:
    """How much each card is worth keeping (the lowest is the best discard).

    ``found``: every meld play of ``hand`` (as ``_meld_plays`` gives them), when known; its
    attaches tell which cards the side's melds take.
    """
    by_rank: dict[int, int] = {}
    by_suit: dict[str, int] = {}  # per suit, the slots its naturals fill, as bits from bit 2 (slot 0)
    naturals: dict[Face, Card] = {}  # the first natural of each face
    for c in hand:
        if not c.is_wild:
            rank = c.rank
            by_rank[rank] = by_rank.get(rank, 0) + 1
            by_suit[c.suit] = by_suit.get(c.suit, 0) | (4 << rank if rank != 1 else 8 | 4 << HIGH_ACE)
            if c.face not in naturals:
                naturals[c.face] = c
    if found is None:
        own_take = ctx.memo.accepted(ctx.own, list(naturals.values()))
    elif found:
        own_take = {p.cards[0].face for p in found if p.index is not None and not p.cards[0].is_wild}
    else:
        own_take = set()
    theirs_take = ctx.theirs_take()
    top = ctx.pile[-1].face if ctx.pile else None
    card_values = ctx.values
    groups = ctx.rules.groups_allowed
    share = 2 if ctx.ends_soon else 10
    values: dict[Card, float] = {}
    for card in hand:
        if card in values:
            continue
        if card.is_wild:
            values[card] = 1000.0 + card_values[card]
            continue
        rank, face = card.rank, card.face
        if groups:
            same = by_rank[rank]
            value = 0 if same == 1 else 14 if same == 2 else 28  # 14 for each other of its rank, two at most
        else:
            value = 0
        slots = by_suit[card.suit]
        # a natural one place away counts 12, two places away 6 (bit slot + 2 is the slot); the ace
        # stands at both ends
        value += (12 * ((slots >> rank + 1 & 1) + (slots >> rank + 3 & 1))
                  + 6 * ((slots >> rank & 1) + (slots >> rank + 4 & 1)))
        if rank == 1:
            value += (12 * ((slots >> HIGH_ACE + 1 & 1) + (slots >> HIGH_ACE + 3 & 1))
                      + 6 * ((slots >> HIGH_ACE & 1) + (slots >> HIGH_ACE + 4 & 1)))
        if face in own_take:
            value += 40
        if theirs_take and _FACE_BIT[face] & theirs_take:
            value += 35  # feeding an opponent's meld
        if face == top:
            value += 3
        values[card] = value - card_values[card] / share
    return values


def _pile_may_help(pile: Sequence[Card], cards: Sequence[Card], own: Sequence[Meld], groups: bool) -> bool:
    """Whether a pile card may help: as a wild, on one of the side's melds, or beside other
    cards of ``cards`` that could share a meld with it (with a wild among them, one of the two
    naturals a meld needs at least: a natural of its rank, or a natural or the 2 of its suit one
    or two places away; with none, the two others of three naturals)."""
    pile_ranks: dict[str, int] = {}  # per suit, the ranks of the pile's cards as bits
    any_rank = 0  # of any suit
    for card in pile:
        if card.is_wild:
            return True
        pile_ranks[card.suit] = pile_ranks.get(card.suit, 0) | 1 << card.rank
        any_rank |= 1 << card.rank
    for meld in own:  # what search.accepted_cards lets through
        if meld.kind == GROUP:
            if any_rank >> meld.rank & 1:
                return True
            continue
        bits = pile_ranks.get(meld.suit)
        if bits:
            low, high, taken = run_reach(meld)
            lowest, highest = max(low - 2, 3), min(high + 2, 13)
            near = ((1 << highest + 1) - (1 << lowest)) & ~taken if highest >= lowest else 0
            if (not taken & 2 and low <= 3) or (not taken >> HIGH_ACE & 1 and high >= 12):
                near |= 2  # the ace
            if bits & near:
                return True
    counts: dict[int, int] = {}
    suited: dict[str, int] = {}  # per suit, the slots of its naturals and 2s, as bits from bit 2 (slot 0)
    wild_held = False
    for card in cards:
        rank = card.rank
        if not card.is_wild:
            counts[rank] = counts.get(rank, 0) + 1
        else:
            wild_held = True
            if rank != 2:
                continue
        suited[card.suit] = suited.get(card.suit, 0) | (4 << rank if rank != 1 else 8 | 4 << HIGH_ACE)
    if not wild_held:
        # with no wild a meld is three naturals: of the pile card's rank, or three slots in a row
        # of its suit (bits slot .. slot + 4 are the slots two below to two above)
        for card in pile:
            rank = card.rank
            if groups and counts[rank] > 2:
                return True
            slots = suited[card.suit]
            for slot in ((1, HIGH_ACE) if rank == 1 else (rank,)):
                near = slots >> slot
                if near & 7 == 7 or near & 14 == 14 or near & 28 == 28:
                    return True
        return False
    for card in pile:
        rank = card.rank
        if groups and counts[rank] > 1:
            return True
        slots = suited[card.suit]
        # 0b11011 leaves out the card's own slot: another natural (or 2) one or two places away
        if rank == 1:
            if slots >> 1 & 0b11011 or slots >> HIGH_ACE & 0b11011:
                return True
        elif slots >> rank & 0b11011:
            return True
    return False


_WORTH_TAKING = 12
"""The pile is taken when a play it opens scores more than this."""


def _with_pile(game: Game, ctx: _Context) -> tuple[list[Card], frozenset[Card]] | None:
    """The hand with the pile as the player can see it, and the pile's cards; None when no pile
    card can help (:func:`_pile_may_help`)."""
    pile = ctx.pile if game.rules.open_discard_pile else ctx.pile[-1:]
    cards = [*ctx.hand, *pile]
    if not _pile_may_help(pile, cards, ctx.own, ctx.rules.groups_allowed):
        return None
    return cards, frozenset(pile)


def _pile_plays(game: Game, ctx: _Context) -> list[_Play]:
    """Plays that taking the discard pile would open (the pile as the player can see it)."""
    found = _with_pile(game, ctx)
    return [] if found is None else _meld_plays(ctx, *found)


def _pile_opens(game: Game, ctx: _Context) -> bool:
    """Whether one of :func:`_pile_plays` scores more than :data:`_WORTH_TAKING`: the same answer,
    but the search stops at the first such play, and the attaches (quick to list) come first."""
    found = _with_pile(game, ctx)
    if found is None:
        return False
    cards, must_use = found
    size = len(cards)
    memo, score = ctx.memo, ctx.score
    attach = memo.attach
    for _, before, card in attach_candidates(cards, ctx.own, must_use):
        scored = attach(before, card)
        if scored is not None and score(scored[1], scored[2], size - 1) > _WORTH_TAKING:
            return True
    laid, lay_down = memo.laid, memo.lay_down
    for used, key in lay_down_candidates(cards, ctx.own, ctx.rules, must_use):
        known = laid.get(key, _UNKNOWN)
        scored = lay_down(key, used) if known is _UNKNOWN else known
        if scored is not None and score(scored[1], scored[2], size - len(used)) > _WORTH_TAKING:
            return True
    return False


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
