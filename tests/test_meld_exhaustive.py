"""Every small lay-down, checked against a slow reference written from docs/RULES.md section 3.

What is swept (a choice the rules leave open):

* every multiset of 3 card faces taken from the 52 natural faces and the joker
  (53 faces, a face may repeat up to 3 times, so the over-the-limit triples such
  as 7♥ 7♥ 7♥ are in too and must be refused): C(55, 3) = 26,235 multisets;
* every multiset of 4 faces from one suit's 13 cards, a 2 of another suit, the
  joker, and one card of another suit (7♠): C(19, 4) = 3,876 multisets. Four
  cards are where a natural 2 and a second wild, two gaps, or a run crossing
  the ace first meet; one suit is enough because suits are symmetric;
* every multiset of 5 faces from one suit's 13 cards, a 2 of another suit and
  the joker: C(19, 5) = 11,628 multisets;
* every set of 12, 13 or 14 cards from the 13 hearts, a second A♥ and 2♥, a 2♠
  and a joker (5,775 distinct multisets): the long runs, where the second ace,
  ace to ace (pulito) and the 14-card run A..K + wild (seed 000) meet;
* every multiset of 4 faces of two ranks in all four suits with the 2s and
  the joker (groups): 7s, 8s, 2♥, 2♠, JK: C(14, 4) = 1,001 multisets;

each under all four rulesets (about 12 s in all). Every 4-card multiset of all
53 faces (367,290) would take close to a minute, so 4 and 5 cards are swept in
one suit plus foreign wilds and one foreign card, which covers the same cases
by the symmetry of the suits. Repeated faces are the two decks' copies (7H and
7H'); the deck does not change a verdict, so the reference works on faces.

The reference does not share code or ideas with melds.py beyond the rules
themselves: for a run it tries every assignment of every card to a slot
(1 = low ace, 2..13, 14 = high ace) and a role (natural or wild), keeps the
assignments that obey docs/RULES.md section 3, prefers the fewest wilds, and among
those the canonical placement. docs/RULES.md section 3 places a wild at an end at the low
end unless the run has no place below it: the naturals are
placed first, then the wild. So among equal readings the reference takes a
natural ace low rather than high (the rules do not say which when both fit;
this matters only for 12+ card runs such as A♥ 2♥ 2♥ 3♥ ... K♥, where the
extra 2♥ stands for the high ace, not for the low ace with the A♥ high), then
the lowest slot for the wild (the one gap, else the low end, else the high end).
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import pytest

import burraco_core as bc

JOKER = (0, "")
SUITS = ("S", "H", "D", "C")
NATURAL_FACES = [(rank, suit) for suit in SUITS for rank in range(1, 14)]
ALL_FACES = NATURAL_FACES + [JOKER]


def attach_checked(meld, cards):
    """``meld.attach(cards)``, with ``Meld.can_attach`` and ``Meld.try_attach`` asked first: the
    verdict alone, and the meld or None, must agree with it."""
    verdict, tried = meld.can_attach(cards), meld.try_attach(cards)
    try:
        after = meld.attach(cards)
    except bc.IllegalMove:
        assert not verdict, f"can_attach says yes to {meld.table_code} + {cards}, attach refuses"
        assert tried is None, f"try_attach makes {tried.table_code} of {meld.table_code} + {cards}, attach refuses"
        raise
    assert verdict, f"can_attach says no to {meld.table_code} + {cards}, attach makes {after.table_code}"
    assert tried == after, f"try_attach makes {tried} of {meld.table_code} + {cards}, attach {after.table_code}"
    return after


def is_wild(face):
    return face[0] in (0, 2)


# --------------------------------------------------------------- reference


def reference(faces: tuple, jokers: int, groups_allowed: bool, ace_to_ace: bool, fourteenth_place: bool = True):
    """The verdict docs/RULES.md section 3 gives for laying down these faces as a new meld.

    Returns ("illegal", rule or None) -- the rule id only where the reason is a single,
    unambiguous clause of docs/RULES.md -- or ("group", rank, wild_face) or
    ("run", suit, first_slot, wild_face, wild_slot).
    """
    counts = Counter(faces)
    # docs/RULES.md sections 1 and 9: pulito has no jokers; two copies of every card, jokers as many as the deck has
    if counts[JOKER] and not jokers:
        return ("illegal", "card.no-jokers")
    for face, n in counts.items():
        if n > (jokers if face == JOKER else 2):
            return ("illegal", "card.too-many-copies")
    # docs/RULES.md section 3: never only wilds
    if all(is_wild(f) for f in faces):
        return ("illegal", "meld.only-wilds")
    naturals = [f for f in faces if not is_wild(f)]
    one_rank = len({r for r, _ in naturals}) == 1
    one_suit = len({s for _, s in naturals}) == 1
    if not one_rank and not one_suit:
        return ("illegal", "meld.not-a-meld")

    readings = []  # (wild count, (natural ace high, wild slot or 0), verdict)
    # Group: one rank (not 2), any suits, all 2s and jokers are wilds, at most one wild, at most 9 cards.
    if one_rank and groups_allowed:
        wilds = [f for f in faces if is_wild(f)]
        if len(wilds) <= 1 and len(faces) <= 9:
            readings.append((len(wilds), (False, 0), ("group", naturals[0][0], wilds[0] if wilds else None)))
    # Run: try every slot and role for every card.
    if one_suit:
        suit = naturals[0][1]
        for assignment in _assignments(list(faces), suit):
            slots = sorted(slot for slot, _ in assignment)
            if slots != list(range(slots[0], slots[0] + len(slots))):
                continue  # not consecutive
            wild = [(slot, face) for slot, (face, role) in assignment if role == "wild"]
            natural_slots = {slot for slot, (_, role) in assignment if role == "natural"}
            if {1, 14} <= natural_slots and not ace_to_ace:
                # "the ace ... appears once ... no A-to-A except in pulito"; a wild may still stand
                # for the second ace: "At most 13 naturals + 1 wild = 14 cards" (docs/RULES.md section 3),
                # seed 000 "A-2-3-4-5-6-7-8-9-10-J-Q-K-Comodín"
                continue
            if len(wild) > 1:
                continue
            if len(wild) == len(assignment):
                continue  # only wilds
            wild_slot, wild_face = wild[0] if wild else (0, None)
            if wild_slot in (1, 14) and {1, 14} <= set(slots) and not fourteenth_place:
                # buraco, seed 002: "en la misma secuencia no puede haber dos Ases", and a wild standing for
                # the second ace is an ace: no 14th place (docs/RULES.md section 3)
                continue
            ace_high = 14 in natural_slots and 1 not in natural_slots
            readings.append((len(wild), (ace_high, wild_slot),
                             ("run", suit, slots[0], wild_face, wild_slot or None)))
    if not readings:
        if one_rank and len(naturals) > 1 and not groups_allowed:
            # two naturals of one rank can only be a group (docs/RULES.md section 9: pulito has runs only)
            return ("illegal", "group.not-allowed")
        return ("illegal", None)
    fewest = min(r[0] for r in readings)
    best = sorted({(r[1], r[2]) for r in readings if r[0] == fewest}, key=lambda r: (r[0], repr(r[1])))
    kinds = {b[1][0] for b in best}
    assert len(kinds) == 1, f"{faces}: a group and a run reading tie, docs/RULES.md has no rule for it"
    return best[0][1]


def _assignments(faces, suit):
    """Every way to give each card a distinct slot 1..14 and a role, with at most one wild."""

    def options(face):
        rank, card_suit = face
        out = []
        if rank not in (0, 2) and card_suit == suit:
            out += [(1, "natural"), (14, "natural")] if rank == 1 else [(rank, "natural")]
        if rank == 2 and card_suit == suit:
            out.append((2, "natural"))  # a 2 of the run's suit in the 2's own slot
        if rank in (0, 2):
            out += [(slot, "wild") for slot in range(1, 15)]
        return out

    def walk(i, used, wilds, chosen):
        if i == len(faces):
            yield list(chosen)
            return
        for slot, role in options(faces[i]):
            if slot in used or (role == "wild" and wilds):
                continue
            chosen.append((slot, (faces[i], role)))
            yield from walk(i + 1, used | {slot}, wilds + (role == "wild"), chosen)
            chosen.pop()

    yield from walk(0, frozenset(), 0, [])


# ----------------------------------------------------------------- engine


def cards_for(faces):
    """Physical cards for a multiset of faces: repeats come from the second deck (7H, 7H')."""
    seen: Counter = Counter()
    cards = []
    for rank, suit in faces:
        deck = seen[(rank, suit)] % 2
        seen[(rank, suit)] += 1
        cards.append(bc.Card(rank, suit, deck))
    return tuple(cards)


def engine(faces, rules):
    cards = cards_for(faces)
    legal = bc.Meld.is_legal(cards, rules)  # issue 7 section 5: the fast verdict agrees everywhere
    wild = bc.Meld.laid_with_wild(cards, rules)
    try:
        meld = bc.Meld.lay_down(cards, rules)
    except bc.IllegalMove as err:
        assert not legal, f"is_legal says yes to {faces}, lay_down refuses ({err.rule})"
        assert wild is None, f"laid_with_wild says {wild} to {faces}, lay_down refuses ({err.rule})"
        return ("illegal", err.rule), None
    assert legal, f"is_legal says no to {faces}, lay_down makes {meld.table_code}"
    assert wild is (meld.wild_index is not None), f"laid_with_wild says {wild} to {meld.table_code}"
    # the direct arrangement of the common melds is the general arranger's canonical one
    assert meld == bc.Meld.lay_down_options(cards, rules)[0]
    wild = meld.wild
    wild_face = None if wild is None else wild.face
    if meld.kind == bc.GROUP:
        return ("group", meld.rank, wild_face), meld
    wild_slot = None if meld.wild_index is None else meld.low + meld.wild_index
    return ("run", meld.suit, meld.low, wild_face, wild_slot), meld


RULE_FEATURES = {rid: (r.jokers, r.groups_allowed, r.ace_to_ace, r.run_fourteenth_place) for rid, r in bc.RULESETS.items()}


@cache
def reference_for(faces, features):
    return reference(faces, *features)


def check(faces, rules_id):
    expected = reference_for(faces, RULE_FEATURES[rules_id])
    got, meld = engine(faces, bc.ruleset(rules_id))
    label = f"{rules_id}: {' '.join(bc.Card(r, s).code for r, s in faces)}"
    if expected[0] == "illegal":
        assert got[0] == "illegal", f"{label}: engine lays down {meld.table_code}, reference refuses"
        if expected[1] is not None:
            assert got[1] == expected[1], f"{label}: rule {got[1]}, reference {expected[1]}"
        return None
    assert got == expected, f"{label}: engine {got} ({meld.table_code if meld else ''}), reference {expected}"
    # the cards on the table are the cards given
    assert Counter(c.face for c in meld.cards) == Counter(faces)
    rules = bc.ruleset(rules_id)
    assert meld.burraco == reference_burraco(expected, len(faces), rules), label
    return got


def reference_burraco(verdict, size, rules):
    """docs/RULES.md sections 7 and 9: the kind of burraco a legal meld is, from the reference's verdict."""
    if size < 7:
        return None
    wild_slot = verdict[4] if verdict[0] == "run" else (size if verdict[2] else None)
    if wild_slot is None:
        if verdict[0] == "run" and size == 14 and rules.ace_to_ace_bonus is not None:
            return "ace-to-ace"
        if verdict[0] == "run" and size == 13 and rules.royal_bonus is not None:
            return "royal"
        return "clean"
    if rules.semi_clean_bonus is None:
        return "dirty"
    if verdict[0] == "group":  # a wild and at least 7 naturals
        return "semi-clean" if size - 1 >= 7 else "dirty"
    before = wild_slot - verdict[2]  # naturals in a row below the wild, and above it
    after = size - 1 - before
    if rules.semi_clean_wild == "at-an-end":  # seed 001: the wild at the beginning or the end
        return "semi-clean" if min(before, after) == 0 and size - 1 >= 7 else "dirty"
    return "semi-clean" if max(before, after) >= 7 else "dirty"  # seed 002: 7 clean cards in a row


# ------------------------------------------------------------------ sweeps

THREES = list(itertools.combinations_with_replacement(ALL_FACES, 3))
ONE_SUIT_FOURS = list(itertools.combinations_with_replacement(
    [(r, "H") for r in range(1, 14)] + [(2, "S"), JOKER, (7, "S")], 4))
ONE_SUIT_FIVES = list(itertools.combinations_with_replacement(
    [(r, "H") for r in range(1, 14)] + [(2, "S"), JOKER], 5))
# Long runs, where the second ace, ace-to-ace and a full run meet: every set of 12 to 14 cards
# from the hearts, a second A♥ and 2♥, a 2♠ and a joker (as faces: the second copies repeat).
LONG_POOL = [(r, "H") for r in range(1, 14)] + [(1, "H"), (2, "H"), (2, "S"), JOKER]
LONG_RUNS = sorted({tuple(sorted(c)) for n in (12, 13, 14) for c in itertools.combinations(LONG_POOL, n)})
GROUP_FOURS = list(itertools.combinations_with_replacement(
    [(7, s) for s in SUITS] + [(8, s) for s in SUITS] + [(2, "H"), (2, "S"), JOKER], 4))


def test_sweep_sizes():
    assert len(THREES) == 26235
    assert len(ONE_SUIT_FOURS) == 3876
    assert len(ONE_SUIT_FIVES) == 11628
    assert len(GROUP_FOURS) == 1001


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_three_card_lay_down(rules_id):
    verdicts = sweep(THREES, rules_id)
    # the reference's own tally (so a change to the sweep or the reference shows up)
    if rules_id == "pulito":
        assert verdicts == {"run": 440, "illegal": 25795}
    else:
        assert verdicts == {"run": 540, "group": 792, "illegal": 24903}


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_four_card_lay_down_in_one_suit(rules_id):
    verdicts = sweep(ONE_SUIT_FOURS, rules_id)
    assert verdicts["run"] == (77 if rules_id == "pulito" else 111)


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_five_card_lay_down_in_one_suit(rules_id):
    verdicts = sweep(ONE_SUIT_FIVES, rules_id)
    assert verdicts["run"] > 0


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_long_run(rules_id):
    verdicts = sweep(LONG_RUNS, rules_id)
    assert verdicts["run"] > 0


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_four_card_group(rules_id):
    verdicts = sweep(GROUP_FOURS, rules_id)
    assert verdicts["group"] == (0 if rules_id == "pulito" else 134)


def sweep(multisets, rules_id):
    verdicts = Counter()
    for faces in multisets:
        got = check(faces, rules_id)
        verdicts[got[0] if got else "illegal"] += 1
    return verdicts


# Attaching to a clean run is laying all the cards down at once (issue 13, correction 2: the
# federation's code, art. 10, a natural 2 may turn into the run's one wild; docs/RULES.md section 4). Every
# clean run of 3-5 hearts without an ace (2♥ 3♥ 4♥ ... J♥ Q♥ K♥, the natural 2 included) takes every
# multiset of 1-2 cards from 2♥..K♥, 2♠ and the joker: 27 runs x 119 attaches.
CLEAN_RUNS = [tuple((r, "H") for r in range(low, low + n)) for n in (3, 4, 5) for low in range(2, 15 - n)]
ATTACH_POOL = [(r, "H") for r in range(2, 14)] + [(2, "S"), JOKER]
ATTACHES = [new for k in (1, 2) for new in itertools.combinations_with_replacement(ATTACH_POOL, k)]


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_attach_to_a_short_clean_run(rules_id):
    assert len(CLEAN_RUNS) == 27 and len(ATTACHES) == 119
    rules = bc.ruleset(rules_id)
    turned = 0
    for run in CLEAN_RUNS:
        for new in ATTACHES:
            cards = cards_for(run + new)
            meld = bc.Meld.lay_down(cards[:len(run)], rules)
            expected = reference_for(tuple(sorted(run + new)), RULE_FEATURES[rules_id])
            label = f"{rules_id}: {meld.table_code} + {' '.join(c.code for c in cards[len(run):])}"
            try:
                after = attach_checked(meld, cards[len(run):])
            except bc.IllegalMove:
                assert expected[0] == "illegal", f"{label}: refused, the reference lays down {expected}"
                continue
            assert expected[0] == "run", f"{label}: attached {after.table_code}, the reference refuses"
            wild_slot = None if after.wild_index is None else after.low + after.wild_index
            got = ("run", after.suit, after.low, after.wild.face if after.wild else None, wild_slot)
            assert got == expected, f"{label}: {after.table_code}, reference {expected}"
            assert after == meld.attach_options(cards[len(run):])[0], label  # fast path = general path
            turned += after.wild is meld.cards[0] and run[0] == (2, "H")
    # the natural 2♥ of 2♥ 3♥ 4♥ turns wild with 6♥, 5♥ 7♥ or 6♥ 7♥, and likewise for 2♥..5♥ and 2♥..6♥
    assert turned == 9


# ------------------------------------------------- the reference's own checks


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2H 5H 6H", ("run", "H", 4, (2, "H"), 4)),          # docs/RULES.md section 4 / seed 000
        ("6H JK 8H", ("run", "H", 6, JOKER, 7)),
        ("2H 2H 3H", ("run", "H", 1, (2, "H"), 1)),          # docs/RULES.md section 3
        ("AH 2H 3H", ("run", "H", 1, None, None)),
        ("KH AH 2H", ("run", "H", 12, (2, "H"), 12)),
        ("AH 2H JK", ("run", "H", 1, JOKER, 3)),             # ace low: the wild goes high
        ("7H 7S JK", ("group", 7, JOKER)),
        ("KH AH 3H", ("illegal", None)),
        ("2H 2S JK", ("illegal", "meld.only-wilds")),
        ("7H 7H 7H", ("illegal", "card.too-many-copies")),
        ("3H 4S 5D", ("illegal", "meld.not-a-meld")),
    ],
)
def test_reference_on_examples(text, expected):
    faces = tuple(c.face for c in bc.parse_cards(text))
    assert reference(faces, 4, True, False) == expected


def test_reference_for_pulito():
    faces = tuple(c.face for c in bc.parse_cards("7H 7S 7D"))
    assert reference(faces, 0, False, True) == ("illegal", "group.not-allowed")
    faces = tuple(c.face for c in bc.parse_cards("7H 8H JK"))
    assert reference(faces, 0, False, True) == ("illegal", "card.no-jokers")


# ------------------------------------------- the fast verdict on random cards


def _random_attempt(rng, rules_id):
    """3-14 cards: a run (often with a wild, a card swapped or one more), a rank and wilds, or anything."""
    deck = list(bc.full_deck(4 if bc.ruleset(rules_id).jokers else 0))
    wilds = [c for c in deck if c.is_wild]
    size = rng.randint(3, 14)
    shape = rng.random()
    if shape < 0.5:  # consecutive slots of one suit (14: the ace), then perturbed
        suit = rng.choice(SUITS)
        low = rng.randint(1, 15 - size)
        cards = [bc.Card(1 if slot == 14 else slot, suit, rng.randint(0, 1)) for slot in range(low, low + size)]
        if rng.random() < 0.5:
            cards[rng.randrange(size)] = rng.choice(wilds)
        if rng.random() < 0.3:
            cards.append(rng.choice(wilds + deck))
        if rng.random() < 0.2:
            cards[rng.randrange(len(cards))] = rng.choice(deck)
        return cards
    if shape < 0.8:  # one rank and wilds
        rank = rng.choice([1] + list(range(3, 14)))
        pool = [c for c in deck if c.rank == rank] * 3 + wilds
    else:
        pool = deck
    return [rng.choice(pool) for _ in range(min(size, 10))]  # repeats: a copy given twice or three times


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_is_legal_agrees_with_lay_down_on_random_cards(rules_id):
    # issue 7 section 5: Meld.is_legal is lay_down's verdict everywhere; the direct arrangement
    # of lay_down is the general arranger's canonical one
    import random

    rng = random.Random(f"is_legal {rules_id}")
    rules = bc.ruleset(rules_id)
    legal = 0
    for _ in range(4000):
        cards = _random_attempt(rng, rules_id)
        fast = bc.Meld.is_legal(cards, rules)
        wild = bc.Meld.laid_with_wild(cards, rules)
        try:
            meld = bc.Meld.lay_down(cards, rules)
        except bc.IllegalMove as err:
            assert not fast, f"{rules_id}: is_legal accepts {cards}, lay_down refuses ({err.rule})"
            assert wild is None
            assert err.rule in bc.RULE_IDS and str(err)
            continue
        assert fast, f"{rules_id}: is_legal refuses {cards}, lay_down makes {meld.table_code}"
        assert wild is (meld.wild_index is not None), f"{rules_id}: laid_with_wild {wild} for {meld.table_code}"
        assert meld == bc.Meld.lay_down_options(cards, rules)[0]
        assert bc.Meld.is_legal(" ".join(c.code for c in cards), rules_id)  # notation too
        legal += 1
    assert legal > 1000


def test_is_legal_takes_notation_and_bad_input():
    assert bc.Meld.is_legal("5H 6H 7H", "classic") is True
    assert bc.Meld.laid_with_wild("5H 6H 7H", "classic") is False
    assert bc.Meld.laid_with_wild("5H 6H 2C", "classic") is True
    assert bc.Meld.laid_with_wild("AH 2H 3H", "classic") is False  # the 2 in its natural place
    assert bc.Meld.laid_with_wild("5H 7H 9H", "classic") is None
    assert bc.Meld.is_legal(["5H", "6H", "2C"], "classic") is True
    assert bc.Meld.is_legal(("5H", "7H", "9H"), "classic") is False
    assert bc.Meld.is_legal("", "classic") is False
    assert bc.Meld.is_legal("5H 6H 7H 8H 9H 10H JH QH KH AH 2S 3S 4S 5S 6S", "classic") is False
    with pytest.raises(bc.NotationError):
        bc.Meld.is_legal("5H 6X 7H", "classic")
    with pytest.raises(bc.RulesetError):
        bc.Meld.is_legal("5H 6H 7H", "nope")


def test_a_refusal_found_lazily_is_a_whole_refusal():
    # lay_down's refusal works out its rule when asked: it reads, prints and pickles like any other
    import pickle

    with pytest.raises(bc.IllegalMove) as info:
        bc.Meld.lay_down("5H 9H JK", "classic")
    err = info.value
    assert err.rule == "run.gap" and "6♥, 7♥ and 8♥" in str(err)
    assert err.params["wilds"] == 1 and err.msg.key == "rule.run.gap"
    assert repr(err).startswith("IllegalMove('run.gap'")
    again = pickle.loads(pickle.dumps(err))
    assert isinstance(again, bc.IllegalMove) and again.rule == "run.gap" and str(again) == str(err)


@pytest.mark.parametrize("rules_id", ["classic", "italiano"])
def test_every_attach_to_a_small_group(rules_id):
    # attach's fast path for groups (the verdict of all the cards laid down) against the general
    # path (attach_options): every group of 3-4 sevens, with or without a wild, and every 1-2 cards
    # from the sevens, an eight and the wilds
    rules = bc.ruleset(rules_id)
    sevens = [(7, s) for s in SUITS]
    pool = sevens + [(8, "H"), (2, "H"), JOKER]
    groups = {tuple(sorted(g)) for n in (3, 4) for g in itertools.combinations_with_replacement(sevens + [JOKER], n)
              if sum(f == JOKER for f in g) <= 1 and max(Counter(g).values()) <= 2}
    legal = 0
    for group in sorted(groups):
        for new in (c for k in (1, 2) for c in itertools.combinations_with_replacement(pool, k)):
            cards = cards_for(group + new)
            meld = bc.Meld.lay_down(cards[:len(group)], rules)
            label = f"{meld.table_code} + {new}"
            try:
                fast = attach_checked(meld, cards[len(group):])
            except bc.IllegalMove as err:
                with pytest.raises(bc.IllegalMove) as general:
                    meld.attach_options(cards[len(group):])
                assert err.rule == general.value.rule, label
                continue
            assert fast == meld.attach_options(cards[len(group):])[0], label
            legal += 1
    assert legal > 100


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_attach_to_a_short_run_with_a_free_wild(rules_id):
    # attach's fast path (a free wild goes where the cards laid down would put it, docs/RULES.md section 4)
    # against the general path: 2-4 hearts from 3♥ up with a joker, 2♠ or 2♥ at either end, and
    # every 1-2 cards from 2♥..K♥, 2♠ and the joker
    rules = bc.ruleset(rules_id)
    legal = 0
    for n in (2, 3, 4):
        for low in range(3, 15 - n):
            naturals = " ".join(bc.Card(r, "H").code for r in range(low, low + n))
            for wild in ("JK", "2S", "2H"):
                if wild == "JK" and not rules.jokers:
                    continue
                melds = [bc.Meld.lay_down(f"{naturals} {wild}", rules)]
                if low + n <= 13:
                    melds.append(bc.Meld.parse(f"{naturals} {wild}={bc.Card(low + n, 'H').code}", rules))
                for meld in melds:
                    if meld.wild is None:
                        continue  # 3♥ 4♥ 2♥: the 2♥ is natural (the clean runs are swept above)
                    assert meld.wild_is_free
                    for new in ATTACHES:
                        cards = cards_for(tuple(c.face for c in meld.cards) + new)[len(meld.cards):]
                        label = f"{rules_id}: {meld.table_code} + {' '.join(c.code for c in cards)}"
                        try:
                            fast = attach_checked(meld, cards)
                        except bc.IllegalMove as err:
                            with pytest.raises(bc.IllegalMove) as general:
                                meld.attach_options(cards)
                            assert err.rule == general.value.rule, label
                            continue
                        assert fast == meld.attach_options(cards)[0], label
                        legal += 1
    assert legal > 1000


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_attach_to_a_short_run_with_a_bound_wild(rules_id):
    # attach's fast path takes a run whose wild is bound too (it stays in the one gap unless the
    # card it stands for comes): against the general path, 3-5 cards of hearts from 3♥ up with a
    # joker, 2♠ or 2♥ standing for an inner card, and every 1-2 cards from 2♥..K♥, 2♠ and the
    # joker. A bound 2♥ keeps the general path (it may not go back to its natural place).
    rules = bc.ruleset(rules_id)
    legal = refused = 0
    for n in (3, 4, 5):
        for low in range(3, 15 - n):
            for inner in range(1, n - 1):
                for wild in ("JK", "2S", "2H"):
                    if wild == "JK" and not rules.jokers:
                        continue
                    codes = [bc.Card(r, "H").code for r in range(low, low + n)]
                    codes[inner] = f"{wild}={codes[inner]}"
                    meld = bc.Meld.parse(" ".join(codes), rules)
                    assert meld.wild is not None and not meld.wild_is_free
                    for new in ATTACHES:
                        cards = cards_for(tuple(c.face for c in meld.cards) + new)[len(meld.cards):]
                        label = f"{rules_id}: {meld.table_code} + {' '.join(c.code for c in cards)}"
                        try:
                            fast = attach_checked(meld, cards)
                        except bc.IllegalMove as err:
                            with pytest.raises(bc.IllegalMove) as general:
                                meld.attach_options(cards)
                            assert (err.rule, err.params) == (general.value.rule, general.value.params), label
                            refused += 1
                            continue
                        assert fast == meld.attach_options(cards)[0], label
                        legal += 1
    assert legal > 500 and refused > 500


def runs_with_an_ace(rules):
    """Runs of hearts with a natural ace at one end: Q♥ K♥ A♥ up to 2♥..A♥, A♥ 2♥ 3♥ up to A♥..K♥,
    clean or with a joker or 2♠ standing for a card but the ace (free at the far end, bound inside;
    in the long runs only near the ends, where a reading of the ace at the other end may start)."""
    def slot_code(slot):
        return bc.Card(1 if slot == 14 else slot, "H").code
    shapes = [list(range(first, 15)) for first in range(2, 13)] + [list(range(1, last + 1)) for last in range(3, 14)]
    wilds = ("JK", "2S") if rules.jokers else ("2S",)
    for slots in shapes:
        yield " ".join(slot_code(s) for s in slots)
        ace_at = slots.index(14) if 14 in slots else 0
        for at in range(len(slots)):
            if at == ace_at or (len(slots) > 7 and 2 < at < len(slots) - 3):
                continue
            for wild in wilds:
                codes = [slot_code(s) for s in slots]
                codes[at] = f"{wild}={codes[at]}"
                yield " ".join(codes)
        if slots[0] == 1:
            if slots[-1] == 13 and not rules.run_fourteenth_place:
                continue  # past the king is the second ace, a 14th place buraco has not (seed 002)
            # the wild past the high end
            for wild in wilds:
                yield " ".join(slot_code(s) for s in slots) + f" {wild}={slot_code(slots[-1] + 1)}"
        elif slots[0] > 2:
            yield f"{wilds[0]}={slot_code(slots[0] - 1)} " + " ".join(slot_code(s) for s in slots)


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_attach_to_a_short_run_with_an_ace(rules_id):
    # attach's fast path takes a run with a natural ace at one end when the other end is too far
    # for the ace to be read there (J♥ Q♥ K♥ A♥ + 10♥, A♥ 2♥ 3♥ + 4♥): against the general path,
    # every 1-2 cards from A♥..5♥, 7♥, 10♥..K♥, 2♠ and the joker (4♥..K♥ A♥ + 3♥ 2♥ reads the ace low when
    # laid down anew, high when attached: the general path decides there)
    rules = bc.ruleset(rules_id)
    pool = [(r, "H") for r in (1, 2, 3, 4, 5, 7, 10, 11, 12, 13)] + [(2, "S"), JOKER]
    attaches = [new for k in (1, 2) for new in itertools.combinations_with_replacement(pool, k)]
    legal = refused = melds = 0
    for code in runs_with_an_ace(rules):
        meld = bc.Meld.parse(code, rules)
        assert meld.table_code == code, code
        melds += 1
        for new in attaches:
            cards = cards_for(tuple(c.face for c in meld.cards) + new)[len(meld.cards):]
            label = f"{rules_id}: {meld.table_code} + {' '.join(c.code for c in cards)}"
            try:
                fast = attach_checked(meld, cards)
            except bc.IllegalMove as err:
                with pytest.raises(bc.IllegalMove) as general:
                    meld.attach_options(cards)
                assert (err.rule, err.params) == (general.value.rule, general.value.params), label
                refused += 1
                continue
            assert fast == meld.attach_options(cards)[0], label
            legal += 1
    assert melds > 140 and legal > 400 and refused > 5000


@pytest.mark.parametrize("meld, added, cards, gaps, text", [
    # the 2 of the suit as the wild, not natural
    ("2H=4H 5H 6H", "9H", "5H 6H 9H", "7H 8H", "5♥ 6♥ 9♥ leave 7♥ and 8♥ missing"),
    # as many missing either way: the 2 may be the wild
    ("2D 3D 4D", "8D", "3D 4D 8D", "5D 6D 7D", "3♦ 4♦ 8♦ leave 5♦, 6♦ and 7♦ missing"),
    # the ace high, not low
    ("2C=9H 10H JH", "AH", "10H JH AH", "QH KH", "10♥ J♥ A♥ leave Q♥ and K♥ missing"),
])
def test_a_gap_refusal_tells_the_reading_missing_fewest_cards(meld, added, cards, gaps, text):
    # Two readings of the cards both leave gaps: the refusal names the one with fewer missing
    # cards (then the one with the wild), whether the cards are attached or laid down at once.
    rules = bc.ruleset("classic")
    before = bc.Meld.parse(meld, rules)
    with pytest.raises(bc.IllegalMove) as attached:
        before.attach(added)
    with pytest.raises(bc.IllegalMove) as laid:
        bc.Meld.lay_down(before.cards + bc.parse_cards(added), rules)
    for err in (attached.value, laid.value):
        assert err.rule == "run.gap"
        assert err.params == {"cards": bc.parse_cards(cards), "wilds": 1, "gaps": bc.parse_cards(gaps)}
        assert str(err) == f"{text} in the run, and one wild can fill only one gap."


def _cards_of_sum(total: int, suit: str, rank: int) -> tuple:
    """The cards whose packed sum (burraco_core.melds.verdict) is ``total``: the first deck's copy of a face
    first, then the second's; ``suit`` is a run's, ``rank`` a group's."""
    cards = [bc.Card(0, "", deck) for deck in range(total >> 60)]
    for index, each in enumerate(SUITS):
        cards += [bc.Card(2, each, deck) for deck in range(total >> 20 + 4 * index & 15)]
        naturals = total >> 4 + 4 * index & 15
        if rank:
            cards += [bc.Card(rank, each, deck) for deck in range(naturals)]
    if not rank:
        ranks = total >> 36 & 0xFFFF
        aces = ranks & 3
        cards += [bc.Card(1, suit, deck) for deck in range(aces)]
        cards += [bc.Card(r, suit) for r in range(3, 14) if ranks >> r - 1 & 1]
    return tuple(cards)


@pytest.mark.parametrize("rules_id", list(bc.RULESETS))
def test_every_sum_of_the_laying_table_lays_down_as_the_general_path_does(rules_id):
    # issue 34: the verdict is a lookup in a table of every legal sum; each entry must be a meld the general
    # path (lay_down_options, which shares no table) makes the same way, its cards shuffled or not
    import random

    from burraco_core.melds.table import _table

    rules = bc.ruleset(rules_id)
    rng = random.Random(rules_id)
    table = _table(rules)
    for total, laid in table.items():
        cards = _cards_of_sum(total, laid[1], laid[2] if laid[0] == bc.GROUP else 0)
        meld = bc.Meld.lay_down(cards, rules)
        assert meld == bc.Meld.lay_down_options(cards, rules)[0], meld.table_code
        shuffled = list(cards)
        rng.shuffle(shuffled)
        assert bc.Meld.lay_down(tuple(shuffled), rules) == meld
    assert len(table) > 7000
