"""The Meld class: a legal meld on the table, laid down, parsed, attached to and described."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import ACE, SUIT_SYMBOLS, Card, parse_card, parse_cards, rank_code
from ..errors import IllegalMove, NotationError, shorten, shown
from ..messages import Message
from ..rulesets import Ruleset, ruleset
from . import table as _tables
from .arrange import _arrange_run, _simple_run
from .base import (
    BURRACO_MIN_CARDS,
    GROUP,
    HIGH_ACE,
    RUN,
    Arrangement,
    BurracoKind,
    CardsLike,
    Failure,
    MeldKind,
    Table,
    _as_cards,
    _card_order,
    _slot_card,
)
from .explain import _check_deck, _Refusal, _refuse, _weight
from .verdict import (
    _PACKED,
    _totalled,
)

# Display text of every place of a run: (slot, suit) -> "7♥" (slot 14 is the high ace).
_SLOT_TEXT: dict[tuple[int, str], str] = {
    (slot, suit): rank_code(slot) + symbol for slot in range(1, 15) for suit, symbol in SUIT_SYMBOLS.items()}


def _fmt(cards: Iterable[Card]) -> str:
    return " ".join([str(c) for c in cards])


class Meld:
    """A legal meld on the table: a run or a group, at most one wild.

    Build one with :meth:`lay_down` (or :meth:`parse` for an exact table
    arrangement); :meth:`attach` returns a new Meld and leaves this one as it
    was. Melds are immutable and hashable and remember their ruleset.
    """

    __slots__ = ("kind", "cards", "wild_index", "rules", "suit", "rank", "low")

    kind: MeldKind
    cards: tuple[Card, ...]
    wild_index: int | None
    rules: Ruleset
    suit: str
    rank: int
    low: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("build a Meld with Meld.lay_down(cards, rules) or Meld.parse(text, rules)")

    @classmethod
    def _make(cls, kind: MeldKind, cards: tuple[Card, ...], wild_index: int | None,
              rules: Ruleset, suit: str = "", rank: int = 0, low: int = 0) -> Meld:
        if cls is Meld:
            return _make(kind, cards, wild_index, rules, suit, rank, low)
        meld = _new_meld(cls)  # a subclass (rare, so a loop): filled through the slot descriptors
        for fill, value in zip(_SLOT_SETTERS, (kind, cards, wild_index, rules, suit, rank, low), strict=True):
            fill(meld, value)
        return meld

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Meld is immutable: attach() returns a new Meld")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Meld.parse, (self.table_code, self.rules))

    # ---------------------------------------------------------------- building
    @staticmethod
    def is_legal(cards: CardsLike, rules: str | Ruleset) -> bool:
        """Whether these cards make a new meld: the verdict of :meth:`lay_down` alone, without
        building the meld or a refusal (the fastest check; nothing is remembered between calls)."""
        if type(rules) is Ruleset and type(cards) is tuple:  # as in lay_down
            try:
                total = sum(map(_packed_of, cards))
            except (KeyError, TypeError):
                cards, total, rules = _totalled(cards, rules)
        else:
            cards, total, rules = _totalled(cards, rules)
        known, table = _tables._LAST
        if known is not rules:
            table = _tables._table(rules)
        return total in table and len(cards) <= HIGH_ACE

    @staticmethod
    def laid_with_wild(cards: CardsLike, rules: str | Ruleset) -> bool | None:
        """None where :meth:`is_legal` says no; else whether the meld :meth:`lay_down` makes has a
        wild standing for another card (its ``wild_index`` is not None), told without building it
        where the fast verdict lays the meld by its table (a caller scoring many candidate
        lay-downs wants only this)."""
        cards, total, rules = _totalled(cards, rules)
        laid = _tables._table(rules).get(total)
        if laid is None or len(cards) > HIGH_ACE:
            return None
        return laid[4] is not None

    @classmethod
    def lay_down(cls, cards: CardsLike, rules: str | Ruleset) -> Meld:
        """The meld these cards make, arranged canonically; raises :class:`IllegalMove`.

        The verdict comes first (:meth:`is_legal`'s lookup of the cards' sum), whose entry says how
        the meld is laid; a refusal works out which rule it names only when asked.
        """
        if type(rules) is Ruleset and type(cards) is tuple:  # _totalled's common case, without the call
            try:
                total = sum(map(_packed_of, cards))
            except (KeyError, TypeError):
                cards, total, rules = _totalled(cards, rules)
        else:
            cards, total, rules = _totalled(cards, rules)
        # the verdict is one lookup in the laying table (issue 34: the arithmetic on the sum was a third of a
        # lay-down); the entry says the meld's fields, its cards' sort key and how the sorted cards stand
        known, table = _tables._LAST
        if known is not rules:
            table = _tables._table(rules)
        laid = table.get(total)
        if laid is not None and len(cards) <= HIGH_ACE:  # (past 14 cards the sum's fields overflow)
            meld = _new_meld(_Laying)
            meld.kind, meld.suit, meld.rank, meld.low, meld.wild_index, key, stand = laid
            ordered = list(cards)
            ordered.sort(key=key)  # not sorted(): it looks its list's sort method up
            meld.cards = stand(ordered)
            meld.rules = rules
            meld.__class__ = Meld  # type: ignore[assignment]  # as _Laying does
            return meld  # type: ignore[return-value]
        raise _Refusal(_explain_lay_down, cards, rules, False)  # bound once: the refusal names no class

    @classmethod
    def lay_down_options(cls, cards: CardsLike, rules: str | Ruleset) -> tuple[Meld, ...]:
        """Every legal arrangement of these cards as a new meld, canonical first."""
        return cls._lay_down(cards, rules, True)

    @classmethod
    def _lay_down(cls, cards: CardsLike, rules: str | Ruleset, every: bool) -> tuple[Meld, ...]:
        """The canonical arrangement (``every``: all legal arrangements) or the refusal."""
        if type(rules) is not Ruleset:
            rules = ruleset(rules)
        cards = _as_cards(cards)
        if len(cards) < 3:
            raise IllegalMove("meld.too-few-cards", cards=cards, count=len(cards))
        if rules.jokers < 2 or len(set(cards)) != len(cards):  # else _check_deck has nothing to find
            problem = _check_deck(cards, rules)
            if problem is not None:
                raise _refuse(problem)
        naturals = [c for c in cards if not c.is_wild]
        if not naturals:
            # Only 2s and jokers: at most one 2 can be natural, so two or more act as wilds.
            raise IllegalMove("meld.only-wilds", cards=cards)
        first = naturals[0]
        rank, suit = first.rank, first.suit
        same_rank = same_suit = True
        for card in naturals:
            if card.rank != rank:
                same_rank = False
            if card.suit != suit:
                same_suit = False
        run_result: list[Arrangement] | Failure | None = None
        if same_suit:
            twos: list[Card] = []
            others: list[Card] = []
            if len(naturals) == len(cards):
                run_result = _simple_run(suit, naturals, None)
            else:
                for card in cards:
                    if card.is_wild:
                        (twos if card.rank == 2 and card.suit == suit else others).append(card)
                if len(twos) > 1:
                    # of two copies of the suit's 2, the first deck's is the natural one
                    twos.sort(key=_card_order)
                elif len(twos) + len(others) == 1:
                    run_result = _simple_run(suit, naturals, (twos or others)[0])
            if run_result is None:
                run_result = _arrange_run(suit, [None] * 15, 0, naturals, twos, others, None, None, rules)
            if type(run_result) is list:
                make = cls._make
                if not every:
                    first_found = run_result[0]
                    return (make(RUN, first_found[1], first_found[2], rules, suit, 0, first_found[0]),)
                return tuple([make(RUN, a[1], a[2], rules, suit, 0, a[0]) for a in run_result])
        if same_rank:
            group = cls._group(rank, naturals, [c for c in cards if c.is_wild], rules, cards)
            if isinstance(group, Meld):
                return (group,)
            if len(naturals) > 1 or run_result is None:
                raise _refuse(group)
        if run_result is not None:
            raise _refuse(run_result)  # type: ignore[arg-type]
        raise IllegalMove("meld.not-a-meld", cards=cards)

    @classmethod
    def _group(cls, rank: int, naturals: list[Card], wilds: list[Card], rules: Ruleset,
               cards: tuple[Card, ...]) -> Meld | Failure:
        if not rules.groups_allowed:
            return ("group.not-allowed", lambda: {"ruleset": rules.label, "cards": cards, "rank": rank})
        if len(wilds) > 1:
            return ("meld.one-wild", lambda: {"wilds": tuple(wilds)})
        if wilds:
            return cls._make(GROUP, (*sorted(naturals, key=_card_order), *wilds), len(naturals), rules, "", rank)
        return cls._make(GROUP, tuple(sorted(naturals, key=_card_order)), None, rules, "", rank)

    @classmethod
    def parse(cls, text: str, rules: str | Ruleset) -> Meld:
        """Read a meld from its table form, as :attr:`table_code` writes it.

        ``"5H 6H 2H=7H 8H"`` places the wild exactly, and a run without a wild
        written in one of its legal orders keeps it (``"2H 3H ... KH AH"``, the
        ace high); otherwise, without ``=``, the cards are laid down
        canonically, as by :meth:`lay_down`.
        """
        if not isinstance(text, str):
            raise NotationError(Message("notation.not-a-meld", value=shown(text)), shown(text))
        rules = ruleset(rules)
        tokens = [t for t in text.replace(",", " ").split() if t]
        plain = " ".join(t.split("=")[0] for t in tokens)
        wanted = " ".join(tokens)
        options = cls.lay_down_options(plain, rules)
        for meld in options:
            if meld.table_code.upper() == wanted.upper():
                return meld
        # the two copies of a card may stand the other way round (a 2 natural and its twin
        # wild, or the two aces of an ace-to-ace run)
        for meld in options:
            if meld.kind == RUN and meld.table_code.replace("'", "").upper() == wanted.replace("'", "").upper():
                return cls._make(meld.kind, parse_cards(plain), meld.wild_index, rules,
                                 suit=meld.suit, rank=meld.rank, low=meld.low)
        if "=" not in text:
            return options[0]
        # A wild may stay where a new meld would not put it (a 2 of the suit kept as a wild
        # by attaching around it): any arrangement that obeys the rules is read as written.
        marked = [i for i, t in enumerate(tokens) if "=" in t]
        if len(marked) == 1:
            stands = parse_card(tokens[marked[0]].split("=", 1)[1])
            written = cls._written_run(parse_cards(plain), marked[0], stands, rules)
            if written is not None:
                return written
        raise NotationError(Message("notation.arrangement", text=shorten(text),
                                    legal=tuple([m.table_code for m in options])), text)

    @classmethod
    def _written_run(cls, cards: tuple[Card, ...], index: int, stands: Card, rules: Ruleset) -> Meld | None:
        """The run exactly as written, its wild at ``index`` standing for ``stands``; None if illegal."""
        if len(cards) < 3 or not cards[index].is_wild or stands.is_joker or _check_deck(cards, rules):
            return None
        suit = stands.suit
        slot = stands.rank if stands.rank != ACE else (1 if index == 0 else HIGH_ACE)
        low = slot - index
        high = low + len(cards) - 1
        if low < 1 or high > HIGH_ACE:
            return None
        for i, card in enumerate(cards):
            if i != index and (card.suit != suit or card.rank != (ACE if low + i == HIGH_ACE else low + i)):
                return None
        if low == 1 and high == HIGH_ACE and not rules.ace_to_ace and 0 < index < len(cards) - 1:
            return None  # both aces natural
        return cls._make(RUN, cards, index, rules, suit, 0, low)

    # --------------------------------------------------------------- attaching
    def attach(self, cards: CardsLike) -> Meld:
        """A new meld with these cards added, canonically arranged; raises :class:`IllegalMove`."""
        new = _as_cards(cards)
        if new and self._attach_is_lay_down(new):
            # the fast verdict decides, the general path explains a refusal
            meld = _laid_meld(self.cards + new, self.rules)
            if meld is None:
                raise _Refusal(self._attach, new, False)
            return meld
        return self._attach(new, False)[0]

    def try_attach(self, cards: CardsLike) -> Meld | None:
        """:meth:`attach`'s meld, or None where it refuses: no refusal is built where the fast
        verdict decides (a caller weighing many attaches wants the melds, not the reasons)."""
        new = _as_cards(cards)
        if new and self._attach_is_lay_down(new):
            return _laid_meld(self.cards + new, self.rules)
        try:
            return self._attach(new, False)[0]
        except IllegalMove:
            return None

    def can_attach(self, cards: CardsLike) -> bool:
        """Whether :meth:`attach` takes these cards: its verdict alone, without building the
        meld or a refusal where the fast verdict decides (nothing is remembered between calls)."""
        new = _as_cards(cards)
        if new and self._attach_is_lay_down(new):
            whole = self.cards + new
            return sum(map(_packed_of, whole)) in _tables._table(self.rules) and len(whole) <= HIGH_ACE
        try:
            self._attach(new, False)
        except IllegalMove:
            return False
        return True

    def _attach_is_lay_down(self, new: tuple[Card, ...]) -> bool:
        """Whether attaching ``new`` gives the meld all the cards make when laid down anew.

        True for a group, and for a run whose naturals keep their slots in every reading of
        the cards (docs/RULES.md sections 3 and 4: a free wild goes where it is needed, a bound wild stays
        in the one gap there is unless the card it stands for comes): no ace and no 2 of the
        suit among the naturals, or an ace at one end with the other end too far away for the
        ace to be read at the other end. Not with a 2 of the run's suit as its wild: laid down
        anew it could take its natural place, where a bound one may not move and a free one
        at an end would carry an ace from one end to the other; nor where a replaced wild
        could move to stand for the second ace (a run reaching both ends).
        """
        if self.kind == GROUP:
            return True
        wild_index, size, suit = self.wild_index, len(self.cards), self.suit
        if wild_index is not None and self.cards[wild_index].face == (2, suit):
            return False  # laid down anew it could take its natural place (and move an ace end)
        first = self.low + (wild_index == 0)  # the slots of the first and the last natural
        last = self.low + size - 1 - (wild_index == size - 1)
        if first >= 3 and last <= 13:
            for card in new:  # noqa: SIM110 - a loop: all() over a generator builds a function each call
                if card.rank == ACE:
                    return False
            return True
        if last == HIGH_ACE and first >= 4:
            lowest, highest = 4, 13
        elif first == 1 and last <= 11:
            lowest, highest = 3, 11
        else:
            return False
        for card in new:
            rank = card.rank
            if rank == ACE or (rank == 2 and card.suit == suit):
                return False
            if not card.is_wild and card.suit == suit and not lowest <= rank <= highest:
                return False
        return True

    def attach_options(self, cards: CardsLike) -> tuple[Meld, ...]:
        """Every legal arrangement after attaching these cards, canonical first."""
        return self._attach(cards, True)

    def _attach(self, cards: CardsLike, every: bool) -> tuple[Meld, ...]:
        """The canonical result (``every``: all legal results) or the refusal."""
        new = _as_cards(cards)
        if not new:
            raise IllegalMove("meld.empty-attach")
        rules = self.rules
        problem = _check_deck(self.cards + new, rules)
        if problem is not None:
            raise _refuse(problem)
        if self.kind == GROUP:
            wrong = [c for c in new if not c.is_wild and c.rank != self.rank]
            if wrong:
                raise IllegalMove("group.wrong-rank", cards=tuple(wrong), rank=self.rank)
            naturals = [c for c in self.cards if not c.is_wild] + [c for c in new if not c.is_wild]
            wilds = [c for c in self.cards if c.is_wild] + [c for c in new if c.is_wild]
            group = self._group(self.rank, naturals, wilds, rules, self.cards + new)
            if isinstance(group, Meld):
                return (group,)
            raise _refuse(group)
        return self._attach_run(new, every)

    def _attach_run(self, new: tuple[Card, ...], every: bool) -> tuple[Meld, ...]:
        suit, low, rules = self.suit, self.low, self.rules
        wrong = [c for c in new if not c.is_wild and c.suit != suit]
        if wrong:
            raise IllegalMove("run.mixed-suits", cards=tuple(wrong), suit=suit)
        wild_index = self.wild_index
        size = len(self.cards)
        table: Table = [None] * 15
        table[low:low + size] = self.cards
        mask = ((1 << size) - 1) << low
        if wild_index is not None:
            table[low + wild_index] = None
            mask &= ~(1 << (low + wild_index))
        loose = [c for c in new if not c.is_wild]
        if len(loose) == len(new):
            twos: list[Card] = []
            wilds: list[Card] = []
        else:
            twos = sorted([c for c in new if c.rank == 2 and c.suit == suit], key=_card_order)
            wilds = [c for c in new if c.is_wild and not (c.rank == 2 and c.suit == suit)]
        pinned: tuple[Card, int] | None = None
        released: tuple[Card, int] | None = None
        if self.wild_index is not None:
            wild = self.cards[self.wild_index]
            wild_slot = low + self.wild_index
            bound = 0 < self.wild_index < len(self.cards) - 1
            # a wild standing for an ace (slot 1 or 14) may be replaced by an ace
            stood_for = ACE if wild_slot == HIGH_ACE else wild_slot
            replaced = any(c.rank == stood_for for c in loose) or (wild_slot == 2 and bool(twos))
            if bound and not replaced:
                pinned = (wild, wild_slot)
            else:
                if replaced:
                    released = (wild, wild_slot)
                (twos if wild.rank == 2 and wild.suit == suit else wilds).insert(0, wild)
        natural_two = table[2] if wild_index is None and mask & 4 else None
        result = _arrange_run(suit, table[:] if natural_two else table, mask, loose, twos, wilds,
                              pinned, released, rules)
        if type(result) is not list and natural_two is not None:
            # The federation's code, art. 10 (docs/RULES.md section 4): a run with no wild may turn its natural
            # 2 into its one wild when cards are attached, so 2♦ 3♦ 4♦ + 6♦ gives 3♦ 4♦ 2♦(5♦) 6♦,
            # as laying the four cards down does. Tried only when the 2 cannot stay (the fewest
            # wilds first); when that fails too, the first refusal is the one that explains, unless
            # both break the same rule and the turned reading misses fewer cards (2♦ 3♦ 4♦ + 8♦:
            # 5♦ 6♦ 7♦ are missing either way, and the 2 could be the one wild).
            table[2] = None
            turned = _arrange_run(suit, table, mask & ~4, loose, sorted([natural_two, *twos], key=_card_order),
                                  wilds, None, None, rules)
            if type(turned) is list or (turned[0] == result[0]
                                        and _weight(turned) < _weight(result)):  # type: ignore[arg-type]
                result = turned
        if type(result) is not list:
            raise _refuse(result)  # type: ignore[arg-type]
        make = self._make
        if not every:
            first = result[0]
            return (make(RUN, first[1], first[2], rules, suit, 0, first[0]),)
        return tuple([make(RUN, a[1], a[2], rules, suit, 0, a[0]) for a in result])

    # -------------------------------------------------------------- describing
    @property
    def wild(self) -> Card | None:
        """The card acting as wild, or None (a 2 in its natural slot is not a wild)."""
        return None if self.wild_index is None else self.cards[self.wild_index]

    @property
    def wild_stands_for(self) -> str | None:
        """What the wild stands for: ``"7♥"`` in a run, the rank (``"8"``) in a group."""
        if self.wild_index is None:
            return None
        if self.kind == GROUP:
            return rank_code(self.rank)
        return _SLOT_TEXT[self.low + self.wild_index, self.suit]

    @property
    def wild_is_free(self) -> bool:
        """Whether the wild stands at an end of a run (so it may move when cards are attached)."""
        return self.kind == RUN and self.wild_index in (0, len(self.cards) - 1)

    @property
    def slots(self) -> tuple[int, ...]:
        """For a run, the slot of each card (1 low ace .. 13 king, 14 high ace)."""
        if self.kind == GROUP:
            return ()
        return tuple(range(self.low, self.low + len(self.cards)))

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(c for i, c in enumerate(self.cards) if i != self.wild_index)

    @property
    def burraco(self) -> BurracoKind | None:
        """None, ``"clean"``, ``"semi-clean"``, ``"dirty"``, ``"royal"`` or ``"ace-to-ace"``."""
        size = len(self.cards)
        if size < BURRACO_MIN_CARDS:
            return None
        rules = self.rules
        if self.wild_index is None:
            if self.kind == RUN and rules.ace_to_ace_bonus is not None and size == 14:
                return "ace-to-ace"
            if self.kind == RUN and rules.royal_bonus is not None and size == 13:
                return "royal"
            return "clean"
        if rules.semi_clean_bonus is not None:
            # docs/RULES.md section 7: a group needs 7 naturals; a run 7 naturals in a row, its wild at an end of
            # the run (italiano, seed 001) or anywhere beside them (buraco, seed 002)
            if self.kind == GROUP or rules.semi_clean_wild == "anywhere":
                longest = size - 1 if self.kind == GROUP else max(self.wild_index, size - 1 - self.wild_index)
            else:
                longest = size - 1 if self.wild_index in (0, size - 1) else 0
            if longest >= 7:
                return "semi-clean"
        return "dirty"

    @property
    def burraco_bonus(self) -> int:
        """The bonus this meld earns as a burraco under its ruleset (0 if none)."""
        kind = self.burraco
        return 0 if kind is None else self.rules.burraco_bonuses.get(kind, 0)

    def points(self) -> int:
        """Card points of this meld under its ruleset (burraco bonus not included)."""
        value = self.rules.card_value
        return sum(value(c) for c in self.cards)

    @property
    def table_code(self) -> str:
        """Cards in table order, the wild of a run written with what it stands for: ``2H=7H``."""
        if self.wild_index is None or self.kind == GROUP:
            return " ".join(c.code for c in self.cards)
        stands = rank_code(self.low + self.wild_index) + self.suit
        return " ".join(c.code + ("=" + stands if i == self.wild_index else "")
                        for i, c in enumerate(self.cards))

    def describe(self) -> Message:
        """The meld for people, as a message: ``str()`` gives ``"run of hearts: 5♥ 6♥ 2♥ 8♥ (5♥ to
        8♥), 2♥ standing for 7♥"``; ``.text(lang)`` another language."""
        cards = self.cards
        if self.kind == GROUP:
            text = Message("meld.group", rank=self.rank, cards=cards)
            if self.wild_index is not None:
                text = Message("meld.group-wild", meld=text, wild=cards[self.wild_index], rank=self.rank)
        else:
            low, suit = self.low, self.suit
            text = Message("meld.run", suit=suit, cards=cards, first=_slot_card(low, suit),
                           last=_slot_card(low + len(cards) - 1, suit))
            if self.wild_index is not None:
                text = Message("meld.run-wild", meld=text, wild=cards[self.wild_index],
                               stands_for=_slot_card(low + self.wild_index, suit))
        kind = self.burraco
        if kind:
            text = Message("meld.burraco", meld=text, kind=kind)
        return text

    def __repr__(self) -> str:
        return f"Meld.parse({self.table_code!r}, {self.rules!r})"

    def __str__(self) -> str:
        return _fmt(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return (self.kind == other.kind and self.cards == other.cards
                and self.wild_index == other.wild_index and self.low == other.low
                and (self.rules is other.rules or self.rules == other.rules))

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.wild_index, self.low, self.rules.id))

    def _repr_svg_(self) -> str:
        # lazy, one of the engine's two drawing imports: svg draws melds and names Meld in its types,
        # and judging melds (the lessons, the referee) never loads the drawing code
        from ..svg import meld_svg

        return meld_svg(self)


def _laid_meld(cards: tuple[Card, ...], rules: Ruleset) -> Meld | None:
    """The meld these cards make as a new meld, by the laying table alone; None where the table says no
    (a cards' refusal is then the general path's). As :meth:`Meld.lay_down` does inline."""
    laid = _tables._table(rules).get(sum(map(_packed_of, cards)))
    if laid is None or len(cards) > HIGH_ACE:
        return None
    kind, suit, rank, low, wild_index, key, stand = laid
    return _make(kind, stand(sorted(cards, key=key)), wild_index, rules, suit, rank, low)


_packed_of = _PACKED.__getitem__

# A subclass of Meld is filled past its __setattr__ (which refuses every change) through the slot
# descriptors themselves.
_new_meld = object.__new__
_SLOT_SETTERS = tuple([Meld.__dict__[name].__set__ for name in Meld.__slots__])


class _Laying:
    """A Meld being built: Meld's very slots without its refusal to change, filled by plain attribute
    stores and then made a Meld. The memory layout is the same, so Python lets the object change
    class; this is the fastest way to fill an immutable object (about 40% faster than the seven
    descriptor calls), and every meld laid down, attached to or weighed by a bot is built so."""

    __slots__ = ("kind", "cards", "wild_index", "rules", "suit", "rank", "low")

    kind: MeldKind
    cards: tuple[Card, ...]
    wild_index: int | None
    rules: Ruleset
    suit: str
    rank: int
    low: int


assert _Laying.__slots__ == Meld.__slots__
_explain_lay_down = Meld._lay_down  # what a refusal of lay_down calls when it is read


def _make(kind: MeldKind, cards: tuple[Card, ...], wild_index: int | None,
          rules: Ruleset, suit: str = "", rank: int = 0, low: int = 0) -> Meld:
    """A new Meld, filled as a _Laying (a plain function: a quarter faster than a class with an __init__).
    Meld._make fills a subclass with the same seven fields through _SLOT_SETTERS; here they are seven plain
    stores on purpose, the speed of every meld built (a loop over the setters would be calls)."""
    meld = _new_meld(_Laying)
    meld.kind = kind
    meld.cards = cards
    meld.wild_index = wild_index
    meld.rules = rules
    meld.suit = suit
    meld.rank = rank
    meld.low = low
    meld.__class__ = Meld  # type: ignore[assignment]
    return meld  # type: ignore[return-value]  # (typing.cast would be a call)
