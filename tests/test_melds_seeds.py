"""Every example of the rule sources about cards, melds, moving wilds and points.

Each test names where its example comes from: a section of docs/RULES.md or a seed
document in /work/shared/seeds/ ("seed 000" is 000_d785a2da23ee07c7.txt, and so
on; docs/RULES.md's table of sources says which ruleset each seed describes: 000 and 003
classic, 001 italiano, 002 buraco, 004 pulito). Where a seed's example
contradicts docs/RULES.md, the test follows docs/RULES.md and says so.

Refusals are checked by rule id (``err.rule``) and by the cards their message
names, so a lesson can rely on both.
"""

from __future__ import annotations

import dataclasses

import pytest

import burraco_core as bc
from burraco_core import messages
from burraco_core.messages import Message
from tests.helpers import refused

RULESET_IDS = ("classic", "italiano", "buraco", "pulito")
WITH_GROUPS = ("classic", "italiano", "buraco")


def lay(text: str, rules: str = "classic") -> bc.Meld:
    return bc.Meld.lay_down(text, rules)


def on_table(text: str, rules: str = "classic") -> bc.Meld:
    """A meld exactly as written (``2H=7H`` places a wild), checked to be a legal arrangement."""
    return bc.Meld.parse(text, rules)


# =========================================================================
# docs/RULES.md section 3 and the seeds: what a meld is
# =========================================================================


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_a_new_meld_needs_three_cards(rules):
    # docs/RULES.md section 3 "at least 3 cards"; seed 000 "se necesita un mínimo de 3 cartas";
    # seed 002 "Cada escalera consta de un mínimo de 3 cartas".
    with refused("meld.too-few-cards", "5♥", "6♥"):
        lay("5H 6H", rules)
    with refused("meld.too-few-cards", "nothing"):
        lay("", rules)
    assert len(lay("5H 6H 7H", rules)) == 3


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_seed_000_group_and_run_examples(rules):
    # seed 000: "combinaciones ... por ejemplo (4Co, 4Tr, 4Di)", "escaleras ... (5Tr, 6Tr, 7Tr)"
    group = lay("4H 4C 4D", rules)
    assert group.kind == bc.GROUP and group.rank == 4 and group.wild is None
    run = lay("5C 6C 7C", rules)
    assert run.kind == bc.RUN and run.suit == "C" and run.slots == (5, 6, 7)


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_seed_000_groups_with_a_wild(rules):
    # seed 000: "son válidas las combinaciones (Joker, 8Co, 8Di) o (2Co, 6Pi, 6Pi)"
    group = lay("JK 8H 8D", rules)
    assert group.kind == bc.GROUP and group.wild == bc.parse_card("JK")
    assert group.wild_stands_for == "8"
    # the two 6 of spades come from the two decks
    group = lay("2H 6S 6S'", rules)
    assert group.kind == bc.GROUP and group.wild == bc.parse_card("2H")
    assert group.table_code == "6S 6S' 2H"  # naturals sorted, the wild last (the burraco_core.melds docstring)


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_the_same_copy_twice_is_two_cards_but_never_three(rules):
    # docs/RULES.md section 1: each card exists twice (two decks)
    assert lay("6S 6S 6H", rules).kind == bc.GROUP
    with refused("card.too-many-copies", "6♠"):
        lay("6S 6S' 6S", rules)


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_group_of_nine_is_the_largest(rules):
    # docs/RULES.md section 3: at most 9 cards (8 naturals + 1 wild); seed 000 "un máximo de 9 cartas,
    # incluido el eventual comodín"; seed 002 "Siempre hay 8 cartas del mismo valor".
    nine = lay("7H 7S 7D 7C 7H' 7S' 7D' 7C' JK", rules)
    assert len(nine) == 9 and nine.kind == bc.GROUP
    with refused("card.too-many-copies", "7♥"):
        nine.attach("7H")
    with refused("meld.one-wild", "JK", "2♣"):
        nine.attach("2C")
    eight = lay("7H 7S 7D 7C 7H' 7S' 7D' 7C'", rules)
    assert eight.attach("2C").wild_stands_for == "7"
    with refused("meld.one-wild", "2♣", "2♦"):
        lay("4C 4D 4H 4S 4C' 4D' 4H' 4S' 2C 2D", rules)


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_no_group_of_twos(rules):
    # docs/RULES.md section 3: No group of 2s (they are wilds); seed 001 "grupos de cartas de mismo valor
    # (excepto de doses)"; seed 002 "no hay combinaciones de 2 o jokers"
    with refused("meld.only-wilds", "2♥", "2♠", "2♣"):
        lay("2H 2S 2C", rules)
    with refused("meld.only-wilds", "2♥", "2♦"):
        lay("2H 2H' 2D 2D'", rules)


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_no_meld_of_only_wilds(rules):
    # docs/RULES.md section 3: never consists only of wilds; seed 000 "No se admiten combinaciones formadas
    # solo por comodines"; seed 003 "Non è possibile calare delle combinazioni di tre o più
    # Jolly e/o Pinelle"; seed 002 "no puedes crear una escalera solo con comodines"
    with refused("meld.only-wilds", "JK", "2♥"):
        lay("JK JK' 2H", rules)
    with refused("meld.only-wilds", "JK"):
        lay("JK JK JK'", rules)
    # even a 2 that could be natural (2♥ with a 2♥ wild) does not make a meld of its own
    with refused("meld.only-wilds"):
        lay("2H 2H' JK", rules)


def test_pulito_has_no_jokers_and_no_groups():
    # docs/RULES.md sections 1 and 9; seed 004 "Solo scale", "non ci sono jokers"
    with refused("card.no-jokers", "JK", "Burraco pulito"):
        lay("JK 7H 8H", "pulito")
    with refused("group.not-allowed", "4♣", "4♥", "4♦", "Burraco pulito"):
        lay("4C 4H 4D", "pulito")
    with refused("card.no-jokers", "JK"):
        lay("5H 6H 7H", "pulito").attach("JK")
    assert lay("5H 6H 2C", "pulito").table_code == "2C=4H 5H 6H"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_at_most_one_wild(rules):
    # docs/RULES.md section 3 "at most one wild"; seed 000 "no se puede usar más de un Joker o dos";
    # seed 002 "Cada escalera puede contener solo un comodín"; seed 003 "non è possibile usare
    # più di un Jolly o di una Pinella"; seeds 001/004 "Sólo se puede utilizar un comodín"
    with refused("meld.one-wild", "2♣", "2♦"):
        lay("5H 2C 2D 8H", rules)
    with refused("meld.one-wild", "2♦", "2♣"):
        lay("5H 6H 7H 2C", rules).attach("2D")
    if rules != "pulito":
        with refused("meld.one-wild", "JK", "2♣"):
            lay("3H JK 2C", rules)
        with refused("meld.one-wild", "JK", "2♣"):
            lay("9S 9D 2C", rules).attach("JK")


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_002_run_examples(rules):
    # seed 002: "un 3-4-5 de corazones o un 8-9-J-Q de picas, o un 9-J-Q-K-A de diamantes o
    # también un A-2-3-4 de tréboles". 3-4-5 and A-2-3-4 are runs. 8-9-J-Q and 9-J-Q-K-A skip
    # the 10: docs/RULES.md section 3 says a run has consecutive ranks, so without a wild they are refused
    # (the seed presumably lost the 10); with one wild for the 10 they are legal.
    assert lay("3H 4H 5H", rules).slots == (3, 4, 5)
    clubs = lay("AC 2C 3C 4C", rules)
    assert clubs.wild is None and clubs.slots == (1, 2, 3, 4)  # 2♣ is natural: a clean run
    with refused("run.gap", "10♠"):
        lay("8S 9S JS QS", rules)
    with refused("run.gap", "10♦"):
        lay("9D JD QD KD AD", rules)
    assert lay("8S 9S JS QS 2H", rules).table_code == "8S 9S 2H=10S JS QS"
    assert lay("9D JD QD KD AD 2C", rules).table_code == "9D 2C=10D JD QD KD AD"


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_seed_002_wilds_in_runs(rules):
    # seed 002: "puedes tener una secuencia de 4-Joker-5 o J-2-K o 9-2-10" (cards as given;
    # the engine arranges them: a wild between naturals fills the gap, a wild at an end goes low)
    assert lay("4H JK 5H", rules).table_code == "JK=3H 4H 5H"
    assert lay("JS 2C KS", rules).table_code == "JS 2C=QS KS"
    assert lay("9D 2C 10D", rules).table_code == "2C=8D 9D 10D"
    assert [m.table_code for m in bc.Meld.lay_down_options("9D 2C 10D", rules)] == [
        "2C=8D 9D 10D", "9D 10D 2C=JD"]


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_the_ace_is_low_or_high(rules):
    # docs/RULES.md section 3; seed 000 "el as ... en la parte baja (4-3-2-A) o en la parte alta (A-K-Q-J)";
    # seed 001/004 "El as puede ir delante del 2 o detrás del rey"
    low = lay("4S 3S 2S AS", rules)
    assert low.slots == (1, 2, 3, 4) and low.wild is None
    high = lay("AS KS QS JS", rules)
    assert high.slots == (11, 12, 13, 14) and high.low == 11
    assert high.table_code == "JS QS KS AS"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_no_wrap_around(rules):
    # docs/RULES.md section 3: K-A-2 is illegal; seed 002 "no se pueden hacer secuencias como Q-K-A-2-3"
    with refused("run.wrap-around", "Q♥", "K♥", "A♥", "2♥", "3♥"):
        lay("QH KH AH 2H 3H", rules)
    with refused("run.wrap-around", "K♠", "A♠", "2♠", "3♠"):
        lay("KS AS 2S 3S", rules)
    # K-A-2 with the 2 as a wild is not a wrap-around: the 2 stands for the queen
    assert lay("KH AH 2H", rules).table_code == "2H=QH KH AH"
    assert lay("KH AH 2C", rules).table_code == "2C=QH KH AH"


@pytest.mark.parametrize("rules", ("classic", "italiano", "buraco"))
def test_no_two_aces_outside_pulito(rules):
    # docs/RULES.md section 3: no A-to-A except in pulito; seed 001 "No se permiten escaleras de as a as";
    # seed 002 "en la misma secuencia no puede haber dos Ases"
    with refused("run.ace-to-ace", "A♥"):
        lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'", rules)
    royal = lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", rules)
    with refused("run.ace-to-ace", "A♥"):
        royal.attach("AH'")


def test_pulito_ace_to_ace():
    # docs/RULES.md sections 3 and 9; seed 004 "Sono permesse scale da asso ad asso"
    run = lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'", "pulito")
    assert len(run) == 14 and run.slots == tuple(range(1, 15)) and run.burraco == "ace-to-ace"
    assert lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "pulito").attach("AH'") == run
    with refused("run.too-long", "2♣"):
        run.attach("2C")
    # two aces only from ace to ace: A-2-3 ... with a second ace not at the far end is a gap
    with refused("run.gap"):
        lay("AH 2H 3H AH'", "pulito")


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_natural_two_lets_a_second_wild_in(rules):
    # docs/RULES.md section 3: A♥ 2♥ 3♥ 2♠ 5♥ is legal (2♠ stands for 4♥); seed 000 "si el dos del palo de
    # una escalera está colocado exactamente en la posición natural del dos, entonces sí se puede
    # usar también un segundo Joker o pinella"; seed 002 "y solo en este caso, será posible usar
    # otro comodín"; seed 003 "se la Pinella del seme della combinazione è usata proprio al posto
    # del 2, si può utilizzare anche un altro Jolly o un'altra pinella"
    meld = lay("AH 2H 3H 2S 5H", rules)
    assert meld.table_code == "AH 2H 3H 2S=4H 5H"
    assert meld.wild == bc.parse_card("2S") and meld.wild_stands_for == "4♥"
    assert meld.naturals == bc.parse_cards("AH 2H 3H 5H")


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_two_twos_of_the_suit(rules):
    # docs/RULES.md section 3: 2♥ 2♥ 3♥ is legal (one 2♥ natural, the other wild); seed 001/004 "En una
    # combinación puede haber dos doses, siempre y cuando uno haga el papel de comodín y el otro
    # tenga su valor real". The wild goes to the low end (docs/RULES.md section 3), standing for the ace.
    meld = lay("2H 2H' 3H", rules)
    assert meld.kind == bc.RUN and meld.slots == (1, 2, 3)
    assert meld.wild_stands_for == "A♥" and meld.wild.rank == 2
    assert meld.cards[1].rank == 2 and meld.wild_index == 0
    assert lay("2H 2H 3H", rules).slots == (1, 2, 3)


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_a_two_is_natural_when_it_can_be(rules):
    # docs/RULES.md section 3: the engine chooses the reading with fewer wilds (a clean meld); docs/RULES.md section 7
    # "A 2 in its natural slot is not a wild"
    for text in ("2H 3H 4H", "3H 4H 2H", "AH 2H 3H", "4H 2H 3H AH"):
        meld = lay(text, rules)
        assert meld.wild is None, text
    # a 2 of another suit is always a wild
    assert lay("2C 3H 4H", rules).table_code == "2C=2H 3H 4H"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_a_wild_at_an_end_goes_low(rules):
    # docs/RULES.md section 3: at the low end by convention (seeds 000/002) unless the ace is already
    # low (then it goes high); seed 002 "el comodín, cuando se añade en un extremo, se coloca
    # siempre en la parte inferior"; seed 003 "devono essere attaccati in fondo, all'inizio della
    # scala o del tris"
    assert lay("5H 6H 2C", rules).table_code == "2C=4H 5H 6H"
    assert lay("JH QH KH AH 2C", rules).table_code == "2C=10H JH QH KH AH"
    assert lay("AH 2H 3H 2C", rules).table_code == "AH 2H 3H 2C=4H"
    assert lay("2H 3H 2C", rules).table_code == "2C=AH 2H 3H"
    assert lay("AH 2H 2H'", rules).table_code == "AH 2H 2H'=3H"
    # the other end stays available as an option
    options = bc.Meld.lay_down_options("5H 6H 2C", rules)
    assert [m.table_code for m in options] == ["2C=4H 5H 6H", "5H 6H 2C=7H"]


@pytest.mark.parametrize("rules", ("classic", "italiano"))
def test_seed_000_longest_run_ace_to_king_and_a_wild(rules):
    # seed 000: "un máximo de 13 cartas del mismo palo en orden, más el eventual comodín (para un
    # total máximo de 14 cartas): A-2-3-4-5-6-7-8-9-10-J-Q-K-Comodín"; docs/RULES.md section 3: at most 13
    # naturals and a wild, 14 cards, where the ruleset has that 14th place (not buraco: tests/test_complete_run.py).
    # The wild stands for the second ace (the burraco_core.melds docstring).
    run = lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", rules)
    assert len(run) == 14 and run.slots == tuple(range(1, 15))
    assert run.table_code.endswith("KH JK=AH")
    with refused("meld.one-wild", "JK", "2♣"):
        run.attach("2C")
    with refused("run.duplicate-rank", "7♥"):
        run.attach("7H'")
    with refused("run.ace-to-ace", "A♥"):
        run.attach("AH'")
    with refused("card.too-many-copies", "5♥"):
        run.attach("5H 5H'")


# =========================================================================
# docs/RULES.md section 4 and the seeds: moving wilds
# =========================================================================


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_000_free_wild_moves_up(rules):
    # docs/RULES.md section 4 / seed 000: "en la combinación 2Co, 5Co, 6Co se puede añadir el 8Co moviendo el
    # dos por encima del 6Co, obteniendo 5Co, 6Co, 2Co, 8Co"
    meld = lay("2H 5H 6H", rules)
    assert meld.table_code == "2H=4H 5H 6H" and meld.wild_is_free
    after = meld.attach("8H")
    assert after.table_code == "5H 6H 2H=7H 8H"
    assert after.wild_stands_for == "7♥" and not after.wild_is_free


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_003_free_wild_moves_over_the_jack(rules):
    # docs/RULES.md section 4: 10 J + wild (wild at the bottom, standing for 9) + K gives 10 J wild(Q) K;
    # seed 003: "Fante-Dieci-Pinella, si può attaccare il Re, spostando in alto la Pinella prima
    # del Fante in modo da avere Re-Pinella-Fante-Dieci"
    meld = lay("JS 10S 2C", rules)
    assert meld.table_code == "2C=9S 10S JS"
    assert meld.attach("KS").table_code == "10S JS 2C=QS KS"


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_seed_000_bound_joker(rules):
    # docs/RULES.md section 4 / seed 000: "en la escalera (6Co, Joker, 8Co) no es posible añadir el 10Co solo.
    # Sin embargo, es posible añadir el 10Co y el 7Co simultáneamente obteniendo la escalera 6Co,
    # 7Co, 8Co, Joker, 10Co"
    meld = lay("6H JK 8H", rules)
    assert meld.table_code == "6H JK=7H 8H" and not meld.wild_is_free
    with refused("wild.bound", "JK", "7♥"):
        meld.attach("10H")
    assert meld.attach("7H 10H").table_code == "6H 7H 8H JK=9H 10H"
    assert meld.attach("10H 7H").table_code == "6H 7H 8H JK=9H 10H"
    # the card it stands for alone frees it; it goes to the low end (docs/RULES.md section 3)
    assert meld.attach("7H").table_code == "JK=5H 6H 7H 8H"
    # ordinary cards at the ends leave a bound wild where it is
    assert meld.attach("9H").table_code == "6H JK=7H 8H 9H"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_003_bound_pinella_by_the_ace(rules):
    # docs/RULES.md section 4: Q wild(K) A + 10 is illegal; + K and 10 together gives 10 wild(J) Q K A;
    # seed 003: "con la combinazione Asso-Pinella-Donna, posso attaccare il Dieci solo sostituendo
    # alla Pinella/Jolly il Re ... Asso-Re-Donna-Pinella-Dieci"
    meld = lay("QS 2C AS", rules)
    assert meld.table_code == "QS 2C=KS AS"
    with refused("wild.bound", "2♣", "K♠"):
        meld.attach("10S")
    assert meld.attach("KS 10S").table_code == "10S 2C=JS QS KS AS"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_001_replaced_two_drops_into_its_slot(rules):
    # docs/RULES.md section 4 / seeds 001 and 004: "al añadir un 3 a esta escalera 2 4 5, quedará 2 3 4 5"
    meld = lay("2H 4H 5H", rules)
    assert meld.table_code == "2H=3H 4H 5H"
    after = meld.attach("3H")
    assert after.table_code == "2H 3H 4H 5H" and after.wild is None


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_001_replaced_two_stays_wild_when_its_slot_is_not_free(rules):
    # seeds 001/004: "Si no puede ocupar su lugar real, seguirá funcionando como comodín en el
    # extremo derecho o izquierdo de la combinación" (docs/RULES.md section 4: when that place is free and
    # next to the run)
    meld = lay("2H 5H 6H 7H", rules)
    assert meld.table_code == "2H=4H 5H 6H 7H"
    assert meld.attach("4H").table_code == "2H=3H 4H 5H 6H 7H"
    assert [m.table_code for m in meld.attach_options("4H")] == [
        "2H=3H 4H 5H 6H 7H", "4H 5H 6H 7H 2H=8H"]
    # a 2 of another suit never drops into a slot of its own
    assert lay("2C 4H 5H", rules).attach("3H").table_code == "2C=2H 3H 4H 5H"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_art_10_a_natural_two_turns_wild_when_cards_are_attached(rules):
    # issue 13, correction 2; the federation's code, art. 10 (docs/RULES.md section 4, a natural 2 may
    # become the wild): a 2 of the run's suit in its natural slot may leave it to be the run's one wild when
    # cards are attached. The same cards on the table get the same verdict as when laid down.
    clean = lay("2D 3D 4D", rules)
    assert clean.table_code == "2D 3D 4D" and clean.wild is None
    grown = clean.attach("6D")
    assert grown == lay("2D 3D 4D 6D", rules)
    assert grown.table_code == "3D 4D 2D=5D 6D" and grown.wild_stands_for == "5♦"
    assert clean.attach_options("6D") == (grown,)
    assert clean.attach("7D 5D").table_code == "3D 4D 5D 2D=6D 7D"
    # the 2 keeps its slot whenever it can (docs/RULES.md section 3: the reading with fewer wilds)
    assert clean.attach("5D").table_code == "2D 3D 4D 5D"
    assert clean.attach("2C 6D").table_code == "2D 3D 4D 2C=5D 6D"
    # docs/RULES.md section 4: a clean one can become dirty
    burraco = lay("2D 3D 4D 5D 6D 7D 8D", rules)
    assert burraco.burraco == "clean"
    dirty = burraco.attach("10D")
    assert dirty.table_code == "3D 4D 5D 6D 7D 8D 2D=9D 10D" and dirty.burraco == "dirty"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_art_10_the_natural_two_turns_wild_only_as_the_one_wild(rules):
    # art. 10: only "if the run has no other wild" (docs/RULES.md section 4); one wild fills one gap
    clean = lay("2D 3D 4D", rules)
    with refused("run.gap", "5♦", "6♦"):
        clean.attach("7D")
    with refused("run.gap", "5♦", "6♦"):
        clean.attach("2C 7D")
    bound = lay("2D 3D 2C 5D", rules)
    assert bound.table_code == "2D 3D 2C=4D 5D"
    with refused("wild.bound", "4♦"):
        bound.attach("7D")
    # leaving its slot would open a gap next to the ace
    with refused("run.gap", "4♦"):
        lay("AD 2D 3D", rules).attach("5D")


def test_art_10_attach_is_listed_and_found_by_the_bots_and_hints():
    # issue 13, correction 2: legal_actions(), the greedy bot and the hints see the attach
    from burraco_core.bots import GreedyBot, hints

    game = bc.Game.setup("classic", hands=["6D 9S KC QS'", "5C 8H 9C"], melds=[["2D 3D 4D"], []],
                         discard_pile="QD", phase="play", turns_played=[1, 1])
    attach = bc.Attach(0, "6D")
    assert attach in game.legal_actions()
    assert game.explain(attach) is None
    assert GreedyBot(0).choose(game) == attach
    assert attach in [h.action for h in hints(game)]
    game.apply(attach)
    assert game.melds[0][0].table_code == "3D 4D 2D=5D 6D"


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_000_dirty_burraco_becomes_clean(rules):
    # docs/RULES.md section 4 / seed 000: "añadiendo el 4Co a un Burraco sucio que contenía un dos en lugar del
    # 4, el dos queda libre y asume su valor natural de 2, transformando el Burraco sucio en
    # Burraco limpio"; seed 002 "Un Buraco sucio o semi-limpio puede convertirse en limpio si un
    # comodín 2 se reemplaza por una carta limpia y termina en su posición natural"
    dirty = lay("3H 2H 5H 6H 7H 8H 9H", rules)
    assert dirty.table_code == "3H 2H=4H 5H 6H 7H 8H 9H"
    assert dirty.burraco == "dirty" and dirty.burraco_bonus == 100
    clean = dirty.attach("4H")
    assert clean.table_code == "2H 3H 4H 5H 6H 7H 8H 9H"
    assert clean.burraco == "clean" and clean.burraco_bonus == 200


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_001_clean_burraco_can_become_dirty(rules):
    # docs/RULES.md section 4: a clean one can become dirty; seeds 001/004 "¡Pero cuidado! También puede pasar
    # al contrario": a wild attached to a clean burraco makes it dirty.
    clean = lay("2H 3H 4H 5H 6H 7H 8H", rules)
    assert clean.burraco == "clean"
    dirty = clean.attach("2C")
    assert dirty.table_code == "2C=AH 2H 3H 4H 5H 6H 7H 8H"
    assert dirty.burraco in ("dirty", "semi-clean")
    assert dirty.burraco == ("semi-clean" if rules in ("italiano", "buraco") else "dirty")
    assert dirty.burraco_bonus < clean.burraco_bonus


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_001_complete_run_cannot_have_its_wild_replaced(rules):
    # docs/RULES.md section 4: when the run is complete (all 13 ranks) whether its wild may be replaced is the
    # ruleset's: seed 001 "Si se ha completado la escalera, no se podrá reemplazar el comodín. Por ejemplo:
    # 2 2 3 5 … J Q K A" (italiano), seed 004 the same (pulito, where ace-to-ace runs exist): a replaced
    # wild may not move to stand for the second ace. Classic (seed 000) has no ban: the wild moves to the
    # 14th place. Buraco has no 14th place: nowhere to go (the burraco_core.melds docstring; tests/test_complete_run.py).
    complete = lay("2H 2H' 3H 5H 6H 7H 8H 9H 10H JH QH KH AH", rules)  # seed 001: allowed
    assert len(complete) == 13 and complete.wild_stands_for == "4♥"
    high = on_table("2H 3H 2S=4H 5H 6H 7H 8H 9H 10H JH QH KH AH", rules)  # the ace high, a 2 of another suit
    if rules == "classic":
        assert complete.table_code == "AH 2H 3H 2H'=4H 5H 6H 7H 8H 9H 10H JH QH KH"
        assert complete.attach("4H").table_code == "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2H'=AH"
        assert high.attach("4H").table_code == "2S=AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
        return
    rule = "wild.nowhere-to-go" if rules == "buraco" else "wild.complete-run-locked"
    with refused(rule, "2♥", "4♥"):
        complete.attach("4H")
    with refused(rule, "2♠", "4♥"):
        high.attach("4H")


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_seed_001_two_two_three_to_ace_is_allowed(rules):
    # seed 001: "No se permiten escaleras de as a as. Pero sí que se permite: 2 2 3 … J Q K A"
    meld = lay("2H 2H' 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", rules) if rules == "pulito" else None
    if meld is not None:
        # in pulito the second 2 can stand for the second ace: an ace-to-ace run with a wild
        assert len(meld) == 14 and meld.burraco == "dirty"
    run = lay("2H 2H' 3H 5H 6H 7H 8H 9H 10H JH QH KH AH", rules)
    assert run.kind == bc.RUN and run.wild.rank == 2 and run.wild_stands_for == "4♥"
    tables = {m.table_code for m in bc.Meld.lay_down_options("2H 2H' 3H 5H 6H 7H 8H 9H 10H JH QH KH AH", rules)}
    assert "2H 3H 2H'=4H 5H 6H 7H 8H 9H 10H JH QH KH AH" in tables  # the seed's order, ace high


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_wild_standing_for_an_ace_when_the_other_ace_comes(rules):
    # docs/RULES.md sections 3 and 4: 2..K with a wild standing for the low ace (the canonical lay-down, wild
    # at the low end) takes a natural ace at the high end: the wild is not replaced, it keeps
    # standing for the low ace (14 cards, seed 000's longest run). The mirror image behaves the
    # same. A wild replaced by the ace it stood for cannot move to the other ace (docs/RULES.md section 4).
    low_wild = lay("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C", rules)
    assert low_wild.table_code.startswith("2C=AH 2H")
    high_wild = on_table("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C=AH", rules)
    if rules == "buraco":  # no 14th place: a wild and a natural ace are two aces (seed 002)
        with refused("run.no-fourteenth-place", "2♣", "A♥"):
            low_wild.attach("AH")
        with refused("run.no-fourteenth-place", "2♣", "A♥"):
            high_wild.attach("AH")
        return
    # where the complete run's wild is not locked (classic) the ace may also take the wild's place, the wild
    # moving to the other end: both arrangements of the same cards, the natural ace low first (as lay_down)
    ace_low, wild_low = ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C=AH", "2C=AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    locked = bc.ruleset(rules).complete_run_wild_locked
    assert [m.table_code for m in low_wild.attach_options("AH")] == ([wild_low] if locked else [ace_low, wild_low])
    assert [m.table_code for m in high_wild.attach_options("AH")] == ([ace_low] if locked else [ace_low, wild_low])
    full = on_table("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C=AH", rules)
    if rules == "pulito":
        with refused("wild.nowhere-to-go", "2♣", "A♥"):
            full.attach("AH'")
    else:
        with refused("run.ace-to-ace", "A♥"):
            full.attach("AH'")


@pytest.mark.parametrize("rules", WITH_GROUPS)
def test_group_wild_never_moves(rules):
    # docs/RULES.md section 4: a wild in a group stands for the group's rank; attaching naturals never moves it
    group = lay("7H 7S JK", rules)
    assert group.table_code == "7S 7H JK" and group.wild_stands_for == "7"
    bigger = group.attach("7D 7C")
    assert bigger.table_code == "7S 7H 7D 7C JK" and bigger.wild_stands_for == "7"
    with refused("group.wrong-rank", "8♣", "sevens"):
        group.attach("8C")


def test_attach_needs_a_card_and_the_run_suit():
    # docs/RULES.md section 3: Run: one suit
    run = lay("5H 6H 7H")
    with refused("meld.empty-attach"):
        run.attach("")
    with refused("run.mixed-suits", "8♠", "hearts"):
        run.attach("8S")
    with refused("run.duplicate-rank", "5♥"):
        run.attach("5H")
    with refused("run.gap", "8♥"):
        run.attach("9H")
    with refused("run.gap", "8♥", "9♥"):
        run.attach("JK 10H")
    with refused("meld.not-a-meld", "3♥", "4♠", "5♥"):
        lay("3H 4S 5H")


# =========================================================================
# Burraco kinds: docs/RULES.md section 7, seeds 001, 002, 004
# =========================================================================


@pytest.mark.parametrize("rules", ("italiano", "buraco"))
def test_seed_001_semi_clean_example(rules):
    # seed 001: "la escalera 4 5 6 7 8 9 10 2 sería una canasta semilimpia" (the seed does not say
    # the 2's suit; both readings are semi-clean). docs/RULES.md section 7: a wild and 7 consecutive naturals.
    for two in ("2C", "2H"):
        meld = lay(f"4H 5H 6H 7H 8H 9H 10H {two}", rules)
        assert meld.burraco == "semi-clean" and meld.burraco_bonus == 150
        assert meld.wild.code == two and meld.wild_stands_for == "3♥"  # low end, docs/RULES.md section 3
        assert meld.attach_options("JH")[0].burraco == "semi-clean"


@pytest.mark.parametrize("rules", ("classic", "pulito"))
def test_semi_clean_does_not_exist_in_classic_or_pulito(rules):
    # docs/RULES.md section 9: semi-clean burraco only in italiano and buraco
    meld = lay("4H 5H 6H 7H 8H 9H 10H 2C", rules)
    assert meld.burraco == "dirty" and meld.burraco_bonus == 100


def test_seed_002_semi_clean_example_follows_rules_md():
    # seed 002: "El Buraco semi-limpio ... por ejemplo, 3-2-4-5-6-7-8-9-10 de picas". With the 2 of
    # spades this contradicts docs/RULES.md: the 2♠ can stand in its natural slot (docs/RULES.md section 3: the
    # engine takes the reading with fewer wilds; docs/RULES.md section 7: a 2 in its own place is not a
    # wild), so the run is CLEAN. We follow docs/RULES.md. With a 2 of another suit it is semi-clean.
    spades = lay("3S 2S 4S 5S 6S 7S 8S 9S 10S", "buraco")
    assert spades.table_code == "2S 3S 4S 5S 6S 7S 8S 9S 10S"
    assert spades.burraco == "clean" and spades.burraco_bonus == 200
    other = lay("3S 2C 4S 5S 6S 7S 8S 9S 10S", "buraco")
    assert other.table_code == "2C=2S 3S 4S 5S 6S 7S 8S 9S 10S"
    assert other.burraco == "semi-clean" and other.burraco_bonus == 150


def test_seed_002_dirty_becomes_semi_clean():
    # seed 002: "Un Buraco sucio puede convertirse en semi-limpio si se agregan cartas en orden
    # para tener al menos siete cartas sin comodín"
    dirty = lay("3S 4S 5S 6S 7S 8S JK", "buraco")
    assert dirty.table_code == "JK=2S 3S 4S 5S 6S 7S 8S" and dirty.burraco == "dirty"
    semi = dirty.attach("9S")
    assert semi.burraco == "semi-clean" and semi.burraco_bonus == 150


@pytest.mark.parametrize("rules", ("italiano", "buraco"))
def test_semi_clean_group(rules):
    # docs/RULES.md section 7: (group) at least 7 naturals; seed 001 "7 cartas del mismo valor más un comodín"
    assert lay("7H 7S 7D 7C 7H' 7S' 7D' JK", rules).burraco == "semi-clean"
    assert lay("7H 7S 7D 7C 7H' 7S' JK", rules).burraco == "dirty"


def test_seed_001_italiano_semi_clean_wild_stands_at_an_end():
    # issue 13, correction 1; seed 001 (italiano): "una escalera de al menos 7 cartas consecutivas
    # más un comodín al principio o al final de la combinación" (its example 4 5 6 7 8 9 10 2). A
    # wild between the naturals makes the burraco dirty, 7 naturals in a row beside it or not.
    assert bc.ruleset("italiano").semi_clean_wild == "at-an-end"
    inside = lay("3H 4H 5H 6H 7H 8H 9H JK JH", "italiano")
    assert inside.table_code == "3H 4H 5H 6H 7H 8H 9H JK=10H JH"
    assert inside.burraco == "dirty" and inside.burraco_bonus == 100
    assert lay("3H 4H 5H 6H 7H 8H 9H JK", "italiano").table_code == "JK=2H 3H 4H 5H 6H 7H 8H 9H"
    assert lay("3H 4H 5H 6H 7H 8H 9H JK", "italiano").burraco == "semi-clean"
    high = on_table("3H 4H 5H 6H 7H 8H 9H JK=10H", "italiano")  # the wild at the other end
    assert high.burraco == "semi-clean" and high.burraco_bonus == 150
    # attaching can make it dirty (the wild ends up inside) or semi-clean again
    assert high.attach("JH").burraco == "dirty"
    assert inside.attach("10H").burraco == "semi-clean"  # the joker freed, at the low end
    assert lay("3H 4H 5H 6H 7H 8H 2C 10H", "italiano").burraco == "dirty"  # 6 + wild + 1


def test_seed_002_buraco_semi_clean_wild_may_stand_anywhere():
    # issue 13, correction 1; seed 002 (buraco): "un Buraco que incluye un comodín, pero tiene una
    # secuencia de al menos 7 cartas limpias": the wild may stand between the naturals.
    assert bc.ruleset("buraco").semi_clean_wild == "anywhere"
    inside = lay("3H 4H 5H 6H 7H 8H 9H JK JH", "buraco")
    assert inside.table_code == "3H 4H 5H 6H 7H 8H 9H JK=10H JH"
    assert inside.burraco == "semi-clean" and inside.burraco_bonus == 150
    assert on_table("3H 4H 5H 6H 7H 8H 9H JK=10H JH QH", "buraco").burraco == "semi-clean"
    assert lay("3H 4H 5H 6H 7H 8H 2C 10H", "buraco").burraco == "dirty"  # 6 + wild + 1: no 7 in a row


def test_semi_clean_wild_is_a_ruleset_field():
    # docs/RULES.md section 9: every cell of the variant table is a field; a house rule changes it
    house = dataclasses.replace(bc.ruleset("italiano"), id="house", semi_clean_wild="anywhere")
    assert lay("3H 4H 5H 6H 7H 8H 9H JK JH", house).burraco == "semi-clean"
    assert "semi_clean_wild='anywhere'" in repr(house)
    with pytest.raises(bc.RulesetError, match="semi_clean_wild"):
        dataclasses.replace(bc.ruleset("italiano"), semi_clean_wild="middle")


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_burraco_is_seven_cards_or_more(rules):
    # docs/RULES.md, "Words": burraco = a meld of 7 or more cards; seed 000 "siete o más cartas"
    assert lay("3H 4H 5H 6H 7H 8H", rules).burraco is None
    assert lay("3H 4H 5H 6H 7H 8H 9H", rules).burraco == "clean"
    assert lay("3H 4H 5H 6H 7H 8H 2C", rules).burraco == "dirty"


def test_seed_004_royal_and_ace_to_ace():
    # docs/RULES.md section 7: royal (clean A..K, 13 cards) 500 and ace-to-ace (clean A..K..A, 14 cards) 1000;
    # seed 004 "Royal Burraco: Un burraco pulito da asso a re (l'asso viene posizionato dopo il
    # re)", "Burraco da asso ad asso"
    royal = lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "pulito")
    assert royal.burraco == "royal" and royal.burraco_bonus == 500
    # the seed's placement, ace after the king: the same thirteen ranks, the same royal burraco
    tables = {m.table_code for m in bc.Meld.lay_down_options("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "pulito")}
    assert "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH" in tables
    written = on_table("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "pulito")
    assert written.slots[-1] == 14 and written.burraco == "royal"  # read as written, ace high
    a2a = lay("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS'", "pulito")
    assert a2a.burraco == "ace-to-ace" and a2a.burraco_bonus == 1000
    # with a wild they are only dirty burraco
    assert lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2C", "pulito").burraco == "dirty"
    assert lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C", "pulito").burraco == "dirty"
    # other rulesets have no royal burraco (docs/RULES.md section 9)
    assert lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "classic").burraco == "clean"


# =========================================================================
# Card values and hand scoring: docs/RULES.md section 7, seeds 001, 002, 003, 004
# =========================================================================

CARD_VALUES = {
    # seed 001 "Recuento de puntos" and seed 003 "Carta e combinazione punti"
    "classic": {"JK": 30, "2H": 20, "AS": 15, "KD": 10, "QC": 10, "JH": 10, "10S": 10, "9D": 10,
                "8C": 10, "7H": 5, "6S": 5, "5D": 5, "4C": 5, "3H": 5},
    # seed 004 "Conteggio dei punti": "2 (jolly) 10 punti", no jokers
    "pulito": {"2H": 10, "AS": 15, "KD": 10, "QC": 10, "JH": 10, "10S": 10, "9D": 10,
               "8C": 10, "7H": 5, "6S": 5, "5D": 5, "4C": 5, "3H": 5},
}
CARD_VALUES["italiano"] = CARD_VALUES["buraco"] = CARD_VALUES["classic"]


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_card_values(rules):
    ruleset = bc.ruleset(rules)
    for code, value in CARD_VALUES[rules].items():
        assert ruleset.card_value(bc.parse_card(code)) == value, code
        assert ruleset.card_value(bc.parse_card(code + "'")) == value, code


@pytest.mark.parametrize("rules", RULESET_IDS)
def test_a_two_counts_the_same_whatever_its_role(rules):
    # docs/RULES.md section 7: 2 20 (whatever role it plays)
    two = bc.ruleset(rules).two_value
    assert lay("2H 3H 4H", rules).points() == two + 10
    assert lay("2C 3H 4H", rules).points() == two + 10


def test_seed_003_classic_hand():
    # seed 003 table: burraco pulito +200, sporco +100, Jolly 30, Pinella 20, Asso 15,
    # Re-Donna-Fante-10-9-8 10, 7-6-5-4-3 5, Chiusura +100
    melds = [lay("AH 2H 3H 4H 5H 6H 7H"), lay("KS KH KD KC KS' KH' JK"), lay("8C 9C 10C")]
    score = bc.score_side(melds, "", "classic", closed=True, took_pozzetto=True)
    assert [(ln.key, ln.label, ln.points, ln.detail) for ln in score.lines] == [
        ("meld", "Run A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥", 15 + 20 + 5 * 5, ""),
        ("meld", "Group K♠ K♠ K♥ K♥ K♦ K♣ Joker", 6 * 10 + 30, ""),   # said in words; the detail shows faces
        ("meld", "Run 8♣ 9♣ 10♣", 30, ""),
        ("burraco", "Clean burraco", 200, "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥"),
        ("burraco", "Dirty burraco", 100, "K♠ K♠ K♥ K♥ K♦ K♣ JK"),
        ("closing", "Closing", 100, ""),
    ]
    assert score.total == 580
    assert (score.meld_points, score.burraco_bonus, score.closing_bonus) == (180, 300, 100)
    assert score.hand_penalty == 0 and score.pozzetto_penalty == 0
    assert score.as_text().splitlines()[-1].split() == ["Total", "+580"]


def test_seed_003_mazzetto_non_preso_and_cards_in_hand():
    # seed 003 "Mazzetto non preso - 100" and cards in hand "+ o -"; docs/RULES.md section 7
    score = bc.score_side([lay("QD QS 2C")], "JK AS 7C 8D", "classic",
                          closed=False, took_pozzetto=False)
    assert [(ln.key, ln.label, ln.points, ln.detail) for ln in score.lines] == [
        ("meld", "Group Q♠ Q♦ 2♣", 40, ""),
        ("in-hand", "Cards left in hand", -(30 + 15 + 5 + 10), "JK A♠ 7♣ 8♦"),
        ("no-pozzetto", "Pozzetto never taken", -100, ""),
    ]
    assert score.total == -120 and score.pozzetto_penalty == -100 and score.hand_penalty == -60


def test_seed_001_italiano_table():
    # seed 001 "Recuento de puntos": 3-7 5, 8-K 10, As 15, 2 20, Joker 30, Batida final 100,
    # Canasta sucia 100, semilimpia 150, limpia 200; "No coger un muerto resta 100 puntos"
    melds = [
        lay("4S 5S 6S 7S 8S 9S 10S 2C", "italiano"),  # semi-clean (seed 001's example, in spades)
        lay("AD 2D 3D 4D 5D 6D 7D", "italiano"),      # clean: the 2♦ is natural
        lay("9S 10S JS JK QS KS", "italiano"),        # not a burraco; JK at the low end
        lay("5C 5C' 5S 5D 5H 2S 5H'", "italiano"),    # dirty group: 6 naturals and a wild
    ]
    score = bc.score_side(melds, "KH 3C", "italiano", closed=True, took_pozzetto=True)
    assert [(ln.key, ln.label, ln.points, ln.detail) for ln in score.lines] == [
        ("meld", "Run 2♣ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠", 20 + 4 * 5 + 3 * 10, ""),
        ("meld", "Run A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦", 15 + 20 + 5 * 5, ""),
        ("meld", "Run Joker 9♠ 10♠ J♠ Q♠ K♠", 5 * 10 + 30, ""),
        ("meld", "Group 5♠ 5♥ 5♥ 5♦ 5♣ 5♣ 2♠", 6 * 5 + 20, ""),
        ("burraco", "Semi-clean burraco", 150, "2♣ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"),
        ("burraco", "Clean burraco", 200, "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦"),
        ("burraco", "Dirty burraco", 100, "5♠ 5♥ 5♥ 5♦ 5♣ 5♣ 2♠"),
        ("closing", "Closing", 100, ""),
        ("in-hand", "Cards left in hand", -15, "K♥ 3♣"),
    ]
    assert score.total == 70 + 60 + 80 + 50 + 450 + 100 - 15


def test_group_sort_order_in_score_lines():
    # (a check for the italiano test above: a group lists its naturals by suit S H D C)
    assert lay("5C 5C' 5S 5D 5H 2S 5H'", "italiano").table_code == "5S 5H 5H' 5D 5C 5C' 2S"


def test_seed_002_buraco_both_sides_get_burraco_bonus():
    # seed 002: "Los puntos para Buraco se asignan a ambas parejas, la ganadora y la perdedora";
    # "Si la pareja perdedora no tomó el pozo, se le restarán -100 puntos"; "Si un jugador ha
    # tomado el pozo, pero aún no lo ha jugado, seguirá contando negativamente"
    loser = bc.score_side([lay("3S 2C 4S 5S 6S 7S 8S 9S 10S", "buraco")], "AH 2D", "buraco",
                          closed=False, took_pozzetto=False)
    assert [(ln.key, ln.points) for ln in loser.lines] == [
        ("meld", 20 + 5 * 5 + 3 * 10), ("burraco", 150), ("in-hand", -(15 + 20)), ("no-pozzetto", -100)]
    assert loser.total == 75 + 150 - 35 - 100
    # took the pozzetto but has not played it: its 11 cards count against the side, no extra penalty
    pozzetto = "AH KH QH JH 10H 9H 8H 7H 6H 5H JK"
    took = bc.score_side([lay("3S 4S 5S", "buraco")], pozzetto, "buraco",
                         closed=False, took_pozzetto=True, pozzetto_unused=True)
    assert [(ln.key, ln.points) for ln in took.lines] == [
        ("meld", 15), ("in-hand", -(15 + 6 * 10 + 3 * 5 + 30))]


def test_seed_004_pulito_table():
    # seed 004 "Conteggio dei punti": 2 = 10, Royal Burraco 500, da asso ad asso 1000;
    # "Prendere il pozzetto e non usarlo sottrarrà 100 punti" (docs/RULES.md section 7: and its cards count)
    melds = [lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "pulito"),
             lay("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS'", "pulito"),
             lay("3D 4D 5D 6D 7D 8D 2C", "pulito")]
    score = bc.score_side(melds, "2C' 9D", "pulito", closed=False, took_pozzetto=True,
                          pozzetto_unused=True)
    assert [(ln.key, ln.label, ln.points, ln.detail) for ln in score.lines] == [
        ("meld", "Run A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥", 15 + 10 + 5 * 5 + 6 * 10, ""),
        ("meld", "Run A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", 15 + 10 + 5 * 5 + 6 * 10 + 15, ""),
        ("meld", "Run 2♣ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦", 10 + 5 * 5 + 10, ""),
        ("burraco", "Royal burraco", 500, "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
        ("burraco", "Ace-to-ace burraco", 1000, "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠"),
        ("burraco", "Dirty burraco", 100, "2♣ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦"),
        ("in-hand", "Cards left in hand", -20, "2♣ 9♦"),
        ("unused-pozzetto", "Pozzetto taken but not played", -100, ""),
    ]
    assert score.total == 110 + 125 + 45 + 1600 - 20 - 100
    # "Non prendere il pozzetto sottrarrà 100 punti"
    never = bc.score_side([], "", "pulito", closed=False, took_pozzetto=False)
    assert [(ln.key, ln.points) for ln in never.lines] == [("no-pozzetto", -100)]


@pytest.mark.parametrize("rules", ("classic", "italiano", "buraco"))
def test_unused_pozzetto_has_no_extra_penalty_outside_pulito(rules):
    # docs/RULES.md section 9: pozzetto taken, not used: cards count − (only pulito adds − 100)
    score = bc.score_side([], "3H", rules, closed=False, took_pozzetto=True, pozzetto_unused=True)
    assert [(ln.key, ln.points) for ln in score.lines] == [("in-hand", -5)]


def test_score_refuses_a_meld_of_another_ruleset():
    with pytest.raises(ValueError):
        bc.score_side([lay("3H 4H 5H", "classic")], "", "pulito", closed=False, took_pozzetto=True)


# =========================================================================
# Victory points: docs/RULES.md section 8
# =========================================================================

VP_3 = [(0, 10), (50, 10), (55, 11), (150, 11), (155, 12), (250, 12), (255, 13), (350, 13),
        (355, 14), (500, 14), (505, 15), (650, 15), (655, 16), (800, 16), (805, 17), (1000, 17),
        (1005, 18), (1250, 18), (1255, 19), (1500, 19), (1505, 20), (5000, 20)]
VP_4 = [(0, 10), (100, 10), (105, 11), (300, 11), (305, 12), (500, 12), (505, 13), (700, 13),
        (705, 14), (900, 14), (905, 15), (1100, 15), (1105, 16), (1300, 16), (1305, 17), (1500, 17),
        (1505, 18), (1700, 18), (1705, 19), (2000, 19), (2005, 20), (9000, 20)]


@pytest.mark.parametrize(("difference", "vp"), VP_3)
def test_victory_points_three_hands(difference, vp):
    assert bc.victory_points(1000 + difference, 1000) == (vp, 20 - vp)
    assert bc.victory_points(1000, 1000 + difference, hands=3) == (20 - vp, vp)
    assert bc.victory_points(-difference, 0) == (20 - vp, vp)  # negative totals happen (seed 002)


@pytest.mark.parametrize(("difference", "vp"), VP_4)
def test_victory_points_four_hands(difference, vp):
    assert bc.victory_points(2500 + difference, 2500, hands=4) == (vp, 20 - vp)
    assert bc.victory_points(2500, 2500 + difference, hands=4) == (20 - vp, vp)


def test_victory_point_tables_are_data_with_provenance():
    assert set(bc.VICTORY_POINT_TABLES) == {3, 4}
    assert "docs/RULES.md" in bc.VICTORY_POINT_SOURCE and "FIBUR" in bc.VICTORY_POINT_SOURCE
    with pytest.raises(ValueError):
        bc.victory_points(100, 0, hands=5)


# =========================================================================
# Messages: language-neutral parameters (issue 7, section 1)
# =========================================================================

MELD_REFUSALS = [
    # (rule id, how to provoke it)
    ("card.no-jokers", lambda: lay("5H 6H JK", "pulito")),
    ("card.too-many-copies", lambda: lay("7H 7H' 7H 7S")),
    ("meld.too-few-cards", lambda: lay("5H 6H")),
    ("meld.too-few-cards", lambda: lay("")),
    ("meld.only-wilds", lambda: lay("2H 2S JK")),
    ("meld.one-wild", lambda: lay("5H 6H 2C JK")),
    ("meld.one-wild", lambda: lay("7H 7S 2C JK")),
    ("meld.not-a-meld", lambda: lay("3H 4S 5D")),
    ("group.not-allowed", lambda: lay("7H 7S 7D", "pulito")),
    ("group.wrong-rank", lambda: lay("7H 7S 7D").attach("8C")),
    ("run.mixed-suits", lambda: lay("5H 6H 7H").attach("8S")),
    ("run.duplicate-rank", lambda: lay("5H 6H 7H").attach("5H")),
    ("run.ace-to-ace", lambda: lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'")),
    ("run.wrap-around", lambda: lay("KH AH 2H 3H")),
    ("run.gap", lambda: lay("5H 8H 9H")),
    ("run.gap", lambda: lay("5H 8H JK")),
    ("run.too-long", lambda: lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'", "pulito").attach("2C")),
    ("wild.bound", lambda: lay("6H JK 8H").attach("10H")),
    ("run.no-fourteenth-place", lambda: lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "buraco")),
    ("wild.nowhere-to-go", lambda: lay("2H 2H' 3H 5H 6H 7H 8H 9H 10H JH QH KH AH", "buraco").attach("4H")),
    ("wild.complete-run-locked", lambda: lay("2H 2H' 3H 5H 6H 7H 8H 9H 10H JH QH KH AH", "italiano").attach("4H")),
    ("meld.empty-attach", lambda: lay("5H 6H 7H").attach("")),
]


def _neutral(value) -> bool:
    """Card, cards, a suit code, a burraco kind, a number or a nested message: nothing in English."""
    if isinstance(value, (bc.Card, int, Message)):
        return True
    if isinstance(value, tuple):
        return all(isinstance(v, bc.Card) for v in value)
    return value in ("S", "H", "D", "C", "clean", "dirty", "semi-clean", "royal", "ace-to-ace")


def _check_message(msg: Message) -> None:
    template = messages.catalogue("en")[msg.key]
    assert messages.placeholders(template) == set(msg.params), msg.key
    for value in msg.params.values():
        assert _neutral(value), f"{msg.key}: {value!r} is not language-neutral"
        if isinstance(value, Message):
            _check_message(value)


@pytest.mark.parametrize(("rule", "provoke"), MELD_REFUSALS)
def test_meld_refusals_carry_language_neutral_params(rule, provoke):
    # issue 7, section 1: cards, suit codes, ranks, numbers; the catalogue's template says the rest
    with pytest.raises(bc.IllegalMove) as info:
        provoke()
    err = info.value
    assert err.rule == rule
    _check_message(err.msg)
    assert str(err) == err.message("en") and "{" not in str(err)


def test_every_meld_rule_is_provoked_above():
    melds_rules = {r for r in bc.RULE_IDS if r.split(".")[0] in ("card", "meld", "group", "run", "wild")}
    assert melds_rules - {"meld.no-such-arrangement"} == {rule for rule, _ in MELD_REFUSALS}


def test_refusal_texts():
    # the English texts the templates make of the parameters
    def text(provoke):
        with pytest.raises(bc.IllegalMove) as info:
            provoke()
        return str(info.value)

    assert text(lambda: lay("")) == "A new meld needs at least 3 cards; nothing was chosen."
    assert text(lambda: lay("5H")) == "A new meld needs at least 3 cards; 5♥ is only one card."
    assert text(lambda: lay("5H 6H")) == "A new meld needs at least 3 cards; 5♥ 6♥ are only 2 cards."
    assert text(lambda: lay("5H 8H 9H")) == (
        "5♥ 8♥ 9♥ leave 6♥ and 7♥ missing in the run, and there is no wild to fill a gap.")
    assert text(lambda: lay("4H 8H JK")) == (
        "4♥ 8♥ leave 5♥, 6♥ and 7♥ missing in the run, and one wild can fill only one gap.")
    assert text(lambda: lay("5H 6H 2C JK")) == (
        "A meld may hold only one wild card, but 2♣ and Joker would each act as a wild.")
    assert text(lambda: lay("7H 7S 7D", "pulito")) == (
        "Burraco pulito allows runs only, so 7♥ 7♠ 7♦ (a group of sevens) cannot be laid down.")
    assert text(lambda: lay("5H 6H 7H").attach("8S")) == (
        "8♠ cannot join a run of hearts.")          # the rule itself is its summary, said beside it
    house = dataclasses.replace(bc.ruleset("pulito"), id="house", name="Our house rules")
    assert text(lambda: lay("5H 6H JK", house)).startswith("Our house rules is played without jokers")


def test_describe_is_a_message():
    # issue 7, section 1: Meld.describe() is a key and parameters; str() is the English text
    run = on_table("5H 6H 2H=7H 8H")
    msg = run.describe()
    assert isinstance(msg, Message)
    _check_message(msg)
    assert str(msg) == "run of hearts: 5♥ 6♥ 2♥ 8♥ (5♥ to 8♥), 2♥ standing for 7♥"
    group = lay("8H 8S 8D 8C 8H' 8S' 8D' JK", "italiano").describe()
    _check_message(group)
    assert str(group) == ("group of eights: 8♠ 8♠ 8♥ 8♥ 8♦ 8♦ 8♣ Joker, Joker standing for an eight; "
                          "a semi-clean burraco")
    assert str(lay("AH AS AD").describe()) == "group of aces: A♠ A♥ A♦"
    royal = lay("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "pulito").describe()
    assert str(royal) == "run of hearts: A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ (A♥ to K♥); a royal burraco"


def test_a_wild_two_at_the_end_turning_natural_leaves_the_ace_where_it_lies():
    # found by the attach property test: in pulito (ace to ace) a run 2S=3S ... KS AS takes a 2H; the
    # 2S drops into its natural slot and the 2H becomes the wild, and the ace stays at the high end
    # where it was laid (the fast attach once moved it to the low end: same cards, another meld)
    run = bc.Meld.parse("2S=3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", bc.ruleset("pulito"))
    grown = run.attach("2H")
    assert grown.table_code == "2S 2H=3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert grown == run.attach_options("2H")[0]
