"""How the bots weigh a hand: every play it has, what each is worth, which cards to keep, and
whether the discard pile is worth taking. The policies (``bots.policies``) choose from these."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..actions import Attach, LayDown
from ..cards import SUITS, Card, full_deck
from ..errors import IllegalMove
from ..game import Game
from ..melds import BURRACO_MIN_CARDS, GROUP, HIGH_ACE, Meld
from ..rulesets import Ruleset
from ..search import (
    Face,
    FaceKey,
    accepted_cards,
    attach_candidates,
    lay_down_candidates,
    run_reach,
)

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

