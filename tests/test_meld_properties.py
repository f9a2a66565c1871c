"""Properties every meld verdict must have, checked on generated cards (hypothesis).

The generators build legal runs and groups (docs/RULES.md section 3) and perturb
them (a card swapped, added or dropped), so about half of what is tried is
illegal and the refusals are exercised as much as the acceptances. Example
counts are kept modest so that the file runs in well under 20 seconds; the
``slow`` marker is not needed.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import burraco_core as bc
from burraco_core import Card

RULESET_IDS = list(bc.RULESETS)
SUITS = ("S", "H", "D", "C")
FEW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------- strategies


@st.composite
def wild_cards(draw, rules: bc.Ruleset):
    """A joker (where the ruleset has them) or a 2 of any suit, from either deck."""
    deck = draw(st.integers(0, 1))
    if rules.jokers and draw(st.booleans()):
        return Card(0, "", deck)
    return Card(2, draw(st.sampled_from(SUITS)), deck)


@st.composite
def run_cards(draw, rules: bc.Ruleset):
    """The cards of a run (not always legal: the ace-to-ace case is left to the engine)."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 14))
    low = draw(st.integers(1, 15 - length))
    cards = []
    for slot in range(low, low + length):
        rank = 1 if slot == 14 else slot
        cards.append(Card(rank, suit, draw(st.integers(0, 1))))
    if draw(st.booleans()):  # one card replaced by a wild
        i = draw(st.integers(0, length - 1))
        cards[i] = draw(wild_cards(rules))
    elif length < 14 and draw(st.booleans()):  # a wild at an end
        cards.append(draw(wild_cards(rules)))
    return cards


@st.composite
def group_cards(draw, rules: bc.Ruleset):
    rank = draw(st.sampled_from([1] + list(range(3, 14))))
    copies = [Card(rank, s, d) for s in SUITS for d in (0, 1)]
    cards = draw(st.lists(st.sampled_from(copies), min_size=2, max_size=8, unique=True))
    if len(cards) == 2 or draw(st.booleans()):
        cards.append(draw(wild_cards(rules)))
    return cards


def any_card(rules: bc.Ruleset):
    naturals = st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS), st.integers(0, 1))
    return st.one_of(naturals, wild_cards(rules))


@st.composite
def meld_attempts(draw, rules: bc.Ruleset):
    """3 to 14 cards, often a meld, often a meld with one card swapped, added or dropped."""
    cards = draw(st.one_of(run_cards(rules), group_cards(rules)))
    action = draw(st.sampled_from(["keep", "keep", "swap", "add", "drop"]))
    if action == "swap":
        cards[draw(st.integers(0, len(cards) - 1))] = draw(any_card(rules))
    elif action == "add":
        cards.insert(draw(st.integers(0, len(cards))), draw(any_card(rules)))
    elif action == "drop" and len(cards) > 3:
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    return cards


@st.composite
def rules_and(draw, strategy):
    rules = bc.ruleset(draw(st.sampled_from(RULESET_IDS)))
    return rules, draw(strategy(rules))


@st.composite
def legal_meld(draw, rules: bc.Ruleset):
    """A legal meld, in any of its legal arrangements."""
    kinds = [run_cards(rules)] + ([group_cards(rules)] if rules.groups_allowed else [])
    cards = draw(st.one_of(kinds))
    try:
        options = bc.Meld.lay_down_options(cards, rules)
    except bc.IllegalMove:
        assume(False)  # only the 14-card ace-to-ace run outside pulito
    return draw(st.sampled_from(options))


@st.composite
def attach_cards(draw, meld: bc.Meld):
    """1 to 3 cards near the meld: its rank, the ranks next to its ends, wilds, or anything."""
    rules = meld.rules
    pool: list[Card] = []
    if meld.kind == bc.GROUP:
        pool += [Card(meld.rank, s, d) for s in SUITS for d in (0, 1)]
    else:
        lo, hi = meld.low, meld.low + len(meld) - 1
        for slot in range(max(1, lo - 2), min(14, hi + 2) + 1):
            rank = 1 if slot == 14 else slot
            pool += [Card(rank, meld.suit, d) for d in (0, 1)]
    near = st.sampled_from(pool)
    card = st.one_of(near, near, wild_cards(rules), any_card(rules))
    return draw(st.lists(card, min_size=1, max_size=3))


def verdict(cards, rules):
    """(rule id, None) for a refusal, (None, meld) for a lay-down; Meld.is_legal agrees."""
    legal = bc.Meld.is_legal(cards, rules)
    wild = bc.Meld.laid_with_wild(cards, rules)
    try:
        meld = bc.Meld.lay_down(cards, rules)
    except bc.IllegalMove as err:
        assert not legal and wild is None
        return err.rule, None
    assert legal and wild is (meld.wild_index is not None)
    assert meld == bc.Meld.lay_down_options(cards, rules)[0]
    return None, meld


def attach_verdict(meld, cards):
    """(rule id, None) for a refusal, (None, meld) for an attach; Meld.can_attach and
    Meld.try_attach agree."""
    verdict, tried = meld.can_attach(cards), meld.try_attach(cards)
    try:
        after = meld.attach(cards)
    except bc.IllegalMove as err:
        assert not verdict, f"can_attach says yes to {meld.table_code} + {cards}, attach refuses ({err.rule})"
        assert tried is None, f"try_attach makes {tried.table_code} of {meld.table_code} + {cards}, attach refuses"
        return err.rule, None
    assert verdict, f"can_attach says no to {meld.table_code} + {cards}, attach makes {after.table_code}"
    assert tried == after, f"try_attach makes {tried} of {meld.table_code} + {cards}, attach {after.table_code}"
    return None, after


# --------------------------------------------------------- the invariants of a meld


def check_meld(meld: bc.Meld) -> None:
    """What every accepted meld must look like (docs/RULES.md sections 1 and 3)."""
    rules = meld.rules
    cards = meld.cards
    assert len(cards) >= 3
    # copies: two of each card, jokers as many as the ruleset has (none in pulito)
    faces = Counter(c.face for c in cards)
    for (rank, _suit), n in faces.items():
        assert n <= (rules.jokers if rank == 0 else 2)
    assert not any(c.is_joker for c in cards) or rules.jokers > 0
    # at most one wild, never only wilds
    if meld.wild_index is not None:
        assert cards[meld.wild_index].is_wild
    naturals = meld.naturals
    assert len(naturals) == len(cards) - (meld.wild_index is not None)
    assert any(not c.is_wild for c in naturals) or (
        meld.kind == bc.RUN and any(c.rank == 2 for c in naturals))
    if meld.kind == bc.GROUP:
        assert rules.groups_allowed
        assert sum(c.is_wild for c in cards) <= 1  # a group never holds two wilds
        assert all(c.rank == meld.rank for c in naturals) and meld.rank not in (0, 2)
        assert len(cards) <= 9
        assert meld.slots == ()
        return
    # runs: consecutive slots once the wild is placed
    slots = meld.slots
    assert slots == tuple(range(meld.low, meld.low + len(cards)))
    assert slots[0] >= 1 and slots[-1] <= 14 and len(cards) <= 14
    for i, (slot, card) in enumerate(zip(slots, cards, strict=True)):
        if i == meld.wild_index:
            continue
        assert card.suit == meld.suit
        assert card.rank == (1 if slot == 14 else slot)  # a 2 here is the natural 2 in slot 2
    natural_slots = {s for i, s in enumerate(slots) if i != meld.wild_index}
    if {1, 14} <= natural_slots:
        assert rules.ace_to_ace and len(cards) == 14


# ------------------------------------------------------------------ properties


@FEW
@given(rules_and(meld_attempts), st.randoms(use_true_random=False))
def test_verdict_does_not_depend_on_card_order(rules_cards, rnd):
    rules, cards = rules_cards
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    rule_a, meld_a = verdict(cards, rules)
    rule_b, meld_b = verdict(shuffled, rules)
    assert rule_a == rule_b
    if meld_a is not None:
        # the same arrangement on the table, whatever order the cards were given in
        assert meld_a == meld_b and meld_a.table_code == meld_b.table_code
        options_a = bc.Meld.lay_down_options(cards, rules)
        assert options_a == bc.Meld.lay_down_options(shuffled, rules)


@FEW
@given(rules_and(meld_attempts))
def test_every_accepted_meld_is_well_formed(rules_cards):
    rules, cards = rules_cards
    rule, meld = verdict(cards, rules)
    if meld is None:
        assert rule in bc.RULE_IDS
        return
    assert Counter(meld.cards) == Counter(bc.parse_cards(cards))
    check_meld(meld)
    for option in bc.Meld.lay_down_options(cards, rules):
        check_meld(option)
        assert Counter(option.cards) == Counter(meld.cards)


@FEW
@given(rules_and(legal_meld), st.data())
def test_attach_never_loses_or_invents_cards(rules_meld, data):
    rules, meld = rules_meld
    before = (meld.table_code, meld.cards, meld.wild_index, meld.low)
    new = data.draw(attach_cards(meld))
    rule, result = attach_verdict(meld, new)
    # the original is untouched either way
    assert (meld.table_code, meld.cards, meld.wild_index, meld.low) == before
    if result is None:
        assert rule in bc.RULE_IDS
        return
    assert result is not meld and isinstance(result, bc.Meld)
    assert result.kind == meld.kind and result.rules == rules
    assert Counter(result.cards) == Counter(meld.cards) + Counter(new)
    check_meld(result)
    assert result == meld.attach_options(new)[0]  # the fast path of attach is the general one's
    for option in meld.attach_options(new):
        assert Counter(option.cards) == Counter(meld.cards) + Counter(new)
        check_meld(option)
        # what attaching makes reads back from its table form (saved games, repr)
        assert bc.Meld.parse(option.table_code, rules) == option


@FEW
@given(rules_and(legal_meld), st.data(), st.randoms(use_true_random=False))
def test_attach_verdict_does_not_depend_on_order_of_new_cards(rules_meld, data, rnd):
    _, meld = rules_meld
    new = data.draw(attach_cards(meld))
    shuffled = list(new)
    rnd.shuffle(shuffled)
    rule_a, result_a = attach_verdict(meld, new)
    rule_b, result_b = attach_verdict(meld, shuffled)
    assert rule_a == rule_b
    assert result_a == result_b


@FEW
@given(rules_and(legal_meld), st.randoms(use_true_random=False))
def test_a_legal_meld_stays_legal_under_reordering(rules_meld, rnd):
    rules, meld = rules_meld
    cards = list(meld.cards)
    rnd.shuffle(cards)
    again = bc.Meld.lay_down(cards, rules)
    assert Counter(again.cards) == Counter(meld.cards)
    assert meld in bc.Meld.lay_down_options(cards, rules)


@FEW
@given(rules_and(legal_meld))
def test_repr_and_table_code_round_trip(rules_meld):
    rules, meld = rules_meld
    scope = {"Meld": bc.Meld, "ruleset": bc.ruleset, "Ruleset": bc.Ruleset, "dataclasses": dataclasses}
    assert eval(repr(meld), scope) == meld
    assert bc.Meld.parse(meld.table_code, rules) == meld
    assert bc.Meld.parse(meld.table_code, rules.id) == meld
    assert hash(bc.Meld.parse(meld.table_code, rules)) == hash(meld)


def test_repr_round_trip_of_a_house_ruleset():
    house = dataclasses.replace(bc.ruleset("classic"), id="house", pozzetto_al_volo=False)
    meld = bc.Meld.lay_down("5H 6H 2C", house)
    scope = {"Meld": bc.Meld, "ruleset": bc.ruleset, "Ruleset": bc.Ruleset, "dataclasses": dataclasses}
    assert eval(repr(meld), scope) == meld


@FEW
@given(rules_and(meld_attempts))
def test_no_meld_holds_more_copies_than_the_decks(rules_cards):
    rules, cards = rules_cards
    counts = Counter(c.face for c in cards)
    too_many = any(n > (rules.jokers if face[0] == 0 else 2) for face, n in counts.items())
    rule, meld = verdict(cards, rules)
    if too_many:
        assert meld is None and rule in ("card.too-many-copies", "card.no-jokers")
    if any(c.is_joker for c in cards) and not rules.jokers:
        assert rule == "card.no-jokers"


def test_a_two_kept_as_a_wild_reads_back():
    # Q 2(K) A, then 3..J attached around the bound 2: the 2 stays a wild although a new meld
    # of the same cards would put it in its natural slot (docs/RULES.md section 4: a bound wild moves only
    # when the card it stands for comes). Its table form must still read back.
    meld = bc.Meld.lay_down("QC 2C' AC'", "classic").attach("3C 4C 5C' 6C' 7C 8C 9C 10C' JC'")
    assert meld.table_code == "3C 4C 5C' 6C' 7C 8C 9C 10C' JC' QC 2C'=KC AC'"
    assert bc.Meld.lay_down(meld.cards, "classic").wild is None  # laid down afresh: clean
    assert bc.Meld.parse(meld.table_code, "classic") == meld
    scope = {"Meld": bc.Meld, "ruleset": bc.ruleset}
    assert eval(repr(meld), scope) == meld
    # a written arrangement that breaks the rules is still refused
    for text in ("3C 4C 2C=6C 7C 8C", "3C 2C=4C 5H", "JK=4C 2C 3C", "AC 2C 3C 2S=4C 5C 6C 7C 8C 9C 10C JC QC KC AC"):
        with pytest.raises((bc.NotationError, bc.IllegalMove)):
            bc.Meld.parse(text, "classic")


def _faces_table(meld: bc.Meld) -> str:
    return meld.table_code.replace("'", "")


@st.composite
def clean_run_without_ace(draw, rules: bc.Ruleset):
    """A run with no wild and no ace, often from the natural 2 up."""
    suit = draw(st.sampled_from(SUITS))
    low = draw(st.one_of(st.just(2), st.integers(2, 11)))
    length = draw(st.integers(3, 14 - low))
    cards = [Card(rank, suit, draw(st.integers(0, 1))) for rank in range(low, low + length)]
    return bc.Meld.lay_down(cards, rules)


@FEW
@given(rules_and(clean_run_without_ace), st.data())
def test_attach_to_a_clean_run_agrees_with_laying_the_cards_down(rules_meld, data):
    # issue 13, correction 2 (the federation's code, art. 10; docs/RULES.md section 4): a clean run, a natural
    # 2 in its slot included, takes cards as if all of them were laid down at once. Aces are left
    # out: on the table an ace keeps its end, a new meld may put it at either.
    rules, meld = rules_meld
    assert meld.kind == bc.RUN and meld.wild is None
    new = [c for c in data.draw(attach_cards(meld)) if c.rank != 1]
    assume(new)
    rule, attached = attach_verdict(meld, new)
    laid_rule, laid = verdict(list(meld.cards) + new, rules)
    assert (attached is None) == (laid is None), (meld.table_code, new, rule, laid_rule)
    if attached is not None and laid is not None:
        assert _faces_table(attached) == _faces_table(laid)


def test_attach_to_a_clean_run_with_its_natural_two():
    # the case of issue 13 the property above is about, spelled out
    meld = bc.Meld.lay_down("2D 3D 4D", "classic")
    assert meld.attach("6D") == bc.Meld.lay_down("2D 3D 4D 6D", "classic")
