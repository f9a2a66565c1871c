"""Melds: runs and groups, wild cards, and moving wilds when attaching.

A run is kept as its suit, the *slot* of its first card and its cards in
table order. Slots number the places of a run: 1 is the low ace, 2 to 13
the ranks, 14 the high ace. Every check is arithmetic on slots: the
naturals fix their slots, the gaps are counted, and at most one wild
fills one gap or stands at an end. No search over wild placements: the
slots taken are a bit mask, so gaps and ends are integer operations, and
the common run (no ace, no 2 of its suit, at most one wild) takes a
shorter path. A refusal's message is formatted only for the refusal shown.

:meth:`Meld.is_legal` (and the first step of :meth:`Meld.lay_down`) goes further: each
card is one precomputed integer of counters and rank bits, and their sum is looked up in a
table of every sum that makes a meld (made once for each combination of the rules it reads),
which says how the meld is laid: the cards sorted by a key, read in a fixed order. Attaching to
a group, or to a run whose wild is free and whose naturals are neither aces nor 2s, is
laying all the cards down, so it takes the same path. A refusal found this way works out
which rule to name only when asked. Nothing is memoised: the table holds every legal sum.

Choices the rules leave open (docs/RULES.md section 11), taken here (and in docs/rules-choices.md):

- A wild added at an end of a run goes to the low end unless the low end is
  slot 1 already taken (docs/RULES.md section 3); the other end is offered by
  ``attach_options``/``lay_down_options``.
- A wild may stand for the second ace at the far end of a run (seed 000:
  "A-2-...-K-Comodín"; seed 001: "2 2 3 ... J Q K A") where the ruleset has that
  14th place (``Ruleset.run_fourteenth_place``; not ``buraco``, seed 002). Where a
  complete run's wild is locked (``Ruleset.complete_run_wild_locked``: ``italiano``,
  ``pulito``), a wild *replaced* by the card it stood for may not move there: that is
  how the seeds' "a complete run's wild cannot be replaced" comes out; in ``classic``
  it moves there (docs/RULES.md section 4).
- A run with no wild may turn its natural 2 into its wild when cards are attached
  (the federation's code, art. 10), only when the 2 cannot keep its slot.
- A group is shown with its naturals sorted by suit and the wild last.
- Of two copies of the suit's 2 (or the two aces of an ace-to-ace run), the
  first deck's copy takes the natural (low) place when a meld is laid down.
- When a natural ace could stand low or high with as few wilds either way,
  the low ace comes first.

The engine's meld rooms, each importing only those above it:

- ``base``: the kinds of meld (``RUN``, ``GROUP``), the shapes of an arrangement and a refusal;
- ``explain``: refusals, named only for the refusal shown, and ``check_deck``;
- ``verdict``: the fast verdict, one precomputed integer per card;
- ``arrange``: where each card of a run stands and where its wild goes;
- ``table``: the laying table, every sum of packed cards that makes a new meld and how it is laid;
- ``meld``: the ``Meld`` class.

Every name this module had as one file (``burraco_core.melds.Meld``, ``check_deck``,
``BURRACO_MIN_CARDS``...) is still here.
"""

from __future__ import annotations

from ..cards import JOKER
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
)
from .explain import check_deck
from .meld import Meld

__all__ = ["Meld", "MeldKind", "BurracoKind", "RUN", "GROUP", "HIGH_ACE", "JOKER", "check_deck",
           "BURRACO_MIN_CARDS", "CardsLike", "Failure", "Arrangement", "Table"]
