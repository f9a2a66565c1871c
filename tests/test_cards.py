"""Cards and card notation (docs/RULES.md section 1), and the deck sizes of section 9."""

import copy
import pickle
from collections import Counter

import pytest

import burraco_core as bc
from burraco_core import Card, parse_card  # parse_card: in scope for eval(repr(card))
from burraco_core.cards import JOKER

# ----------------------------------------------------------------- parse_card


@pytest.mark.parametrize(
    "text",
    ["10H", "TH", "th", "10h", "Th", "tH", "10♥", "10♡", " 10H ", "\t10H\n"],
)
def test_ten_of_hearts_in_every_spelling(text):
    card = parse_card(text)
    assert (card.rank, card.suit, card.deck) == (10, "H", 0)
    assert card is Card(10, "H")


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", 1, "S"), ("as", 1, "S"), ("A♠", 1, "S"), ("a♤", 1, "S"),
        ("2H", 2, "H"), ("2♥", 2, "H"),
        ("3D", 3, "D"), ("3♦", 3, "D"), ("3♢", 3, "D"), ("3d", 3, "D"),
        ("9C", 9, "C"), ("9♣", 9, "C"), ("9♧", 9, "C"),
        ("JS", 11, "S"), ("jd", 11, "D"), ("QH", 12, "H"), ("q♡", 12, "H"),
        ("KC", 13, "C"), ("k♣", 13, "C"),
    ],
)
def test_ranks_and_suits(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit, card.deck) == (rank, suit, 0)


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", "JOKER", "joker"])
def test_joker(text):
    card = parse_card(text)
    assert card.is_joker and card.is_wild
    assert card.rank == JOKER == 0 and card.suit == "" and card.deck == 0
    assert card is bc.parse_card("JK")


def test_second_deck_is_marked_by_an_apostrophe():
    blue, red = parse_card("7H"), parse_card("7H'")
    assert (blue.deck, red.deck) == (0, 1)
    assert (blue.back, red.back) == ("blue", "red")
    assert blue != red and blue.face == red.face == (7, "H")
    assert red.code == "7H'" and blue.code == "7H"
    assert parse_card("10♥'") is parse_card("th'") is Card(10, "H", 1)
    assert parse_card("JK'").deck == 1 and parse_card("JK'").is_joker
    assert blue.in_deck(1) is red and red.in_deck(0) is blue


def test_a_card_is_returned_as_it_is():
    card = parse_card("QS")
    assert parse_card(card) is card


def test_twos_are_wild_and_jokers_are_jokers():
    assert parse_card("2C").is_wild and not parse_card("2C").is_joker
    assert not parse_card("AC").is_wild and not parse_card("3C").is_wild


# ----------------------------------------------------------------- parse_cards


@pytest.mark.parametrize(
    "text",
    ["5H 6H 2C", "5H,6H,2C", "5H, 6H, 2C", " 5H ,  6H\t2C ", "5h,6♥ 2♣", "5H,,6H 2C,"],
)
def test_separators_are_spaces_and_or_commas(text):
    assert bc.parse_cards(text) == (Card(5, "H"), Card(6, "H"), Card(2, "C"))


def test_parse_cards_accepts_lists_of_cards_or_codes():
    cards = bc.parse_cards("7H 8H' JK")
    assert bc.parse_cards(list(cards)) == cards
    assert bc.parse_cards(["7H", "8H'", "JK"]) == cards
    assert bc.parse_cards(["7H", cards[1], "jk"]) == cards
    assert bc.parse_cards("") == () and bc.parse_cards("  , ") == ()


def test_format_is_the_inverse_of_parse():
    cards = bc.parse_cards("10H JK 7S' AC QD 2H'")
    assert bc.format_cards(cards) == "10H JK 7S' AC QD 2H'"
    assert bc.format_cards(cards, pretty=True) == "10♥ JK 7♠ A♣ Q♦ 2♥"
    assert bc.parse_cards(bc.format_cards(cards)) == cards
    deck = bc.full_deck()
    assert bc.parse_cards(bc.format_cards(deck)) == deck


def test_str_uses_suit_symbols_and_code_is_ascii():
    assert str(parse_card("10H")) == "10♥"
    assert str(parse_card("AS'")) == "A♠"  # the deck does not show on the face
    assert str(parse_card("JK")) == "JK"
    assert parse_card("10♥").code == "10H"
    assert parse_card("t♣").code == "10C"


# --------------------------------------------------------------- bad notation


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("1H", "1H"), ("11H", "11H"), ("7X", "7X"), ("HH", "HH"), ("7", "7"),
        ("10", "10"), ("JKK", "JKK"), ("7H''", "7H''"), ("'7H", "'7H"),
        ("1OH", "1OH"), ("7♥♥", "7♥♥"), ("ZZ", "ZZ"), ("", ""), ("  Q  ", "Q"),
        ("0H", "0H"), ("BH", "BH"),
    ],
)
def test_bad_card_raises_notation_error_with_token(text, token):
    with pytest.raises(bc.NotationError) as info:
        parse_card(text)
    assert info.value.token == token
    assert isinstance(info.value, bc.BurracoError) and isinstance(info.value, ValueError)


def test_bad_suit_is_named_in_the_message():
    with pytest.raises(bc.NotationError) as info:
        parse_card("7X")
    assert "'X' is not a suit" in str(info.value)


@pytest.mark.parametrize(
    ("text", "token"),
    [("7H, 8X", "8X"), ("7H 8H 9Z", "9Z"), ("AS,KS,QQ", "QQ"), ("5H 6H 1C", "1C")],
)
def test_bad_card_in_a_list_names_that_token(text, token):
    with pytest.raises(bc.NotationError) as info:
        bc.parse_cards(text)
    assert info.value.token == token


@pytest.mark.parametrize("value", [None, 5, 7.0])
def test_non_text_input_raises_notation_error(value):
    with pytest.raises(bc.NotationError):
        bc.parse_cards(value)
    with pytest.raises(bc.NotationError):
        parse_card(value)
    with pytest.raises(bc.NotationError):
        bc.parse_cards(["7H", value])


@pytest.mark.parametrize("value", [b"5H", b"5H 6H 7H", bytearray(b"5H"), memoryview(b"5H")])
def test_bytes_are_refused_as_bytes_not_read_as_numbers(value):
    # iterated, b"5H" is 53 and 72: the message says text is wanted, not "not 53"
    for attempt in (lambda: bc.parse_cards(value), lambda: bc.Cards(value),
                    lambda: bc.Meld.lay_down(value, "classic")):
        with pytest.raises(bc.NotationError) as info:
            attempt()
        assert info.value.msg is not None and info.value.msg.key == "notation.bytes"
        said = str(info.value).split(" at 0x")[0]       # a memoryview's repr carries an address, which may hold 53
        assert "bytes" in said and "53" not in said


@pytest.mark.parametrize("value", [None, 5, b"5H 6H 7H", ["5H", "6H", "7H"]])
def test_a_meld_to_parse_must_be_text(value):
    with pytest.raises(bc.NotationError) as info:
        bc.Meld.parse(value, "classic")
    assert info.value.msg is not None and info.value.msg.key == "notation.not-a-meld"
    assert repr(value)[:20] in str(info.value)


@pytest.mark.parametrize("value", [None, "4", 4.0, True, [4]])
def test_full_deck_takes_a_whole_number_of_jokers(value):
    with pytest.raises(TypeError, match="full_deck: jokers must be a whole number"):
        bc.full_deck(value)


@pytest.mark.parametrize(
    ("args", "token"),
    [((14, "H"), "14"), ((-1, "H"), "-1"), ((7, "X"), "'X'"), ((0, "H"), "'H'"), ((7, "H", 2), "2")],
)
def test_impossible_card_constructor_arguments(args, token):
    with pytest.raises(bc.NotationError) as info:
        Card(*args)
    assert info.value.token == token


# ------------------------------------------------------- immutability and repr


def test_card_is_immutable():
    card = parse_card("7H")
    with pytest.raises(AttributeError):
        card.rank = 8
    with pytest.raises(AttributeError):
        card.suit = "S"
    with pytest.raises(AttributeError):
        del card.rank
    with pytest.raises(AttributeError):
        card.colour = "red"
    assert card.rank == 7 and card.suit == "H"


def test_one_shared_instance_per_card_and_hashing():
    assert parse_card("7H") is parse_card("7h") is Card(7, "H", 0)
    assert hash(parse_card("7H")) == hash(Card(7, "H"))
    assert len({parse_card("7H"), parse_card("7♥"), parse_card("7H'")}) == 2
    table = {parse_card("QS"): "queen"}
    assert table[parse_card("q♠")] == "queen"


def test_copy_and_pickle_keep_identity():
    card = parse_card("KD'")
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


@pytest.mark.parametrize("card", bc.full_deck(), ids=lambda c: c.code)
def test_repr_pastes_back(card):
    assert eval(repr(card)) is card


def test_repr_form():
    assert repr(parse_card("10H")) == "parse_card('10H')"
    assert repr(parse_card("7S'")) == 'parse_card("7S\'")'
    assert repr(parse_card("JK")) == "parse_card('JK')"


def test_cards_sort_by_suit_then_rank_then_deck():
    cards = bc.parse_cards("KH AS JK 7H' 7H 2C")
    assert bc.format_cards(sorted(cards)) == "AS 7H 7H' KH 2C JK"


# ---------------------------------------------------------------- full decks


def test_full_deck_has_108_cards():
    deck = bc.full_deck()
    assert len(deck) == 108 == bc.ruleset("classic").deck_size
    faces = Counter(c.face for c in deck)
    assert len(faces) == 53
    assert faces[(JOKER, "")] == 4
    assert all(n == 2 for face, n in faces.items() if face[0] != JOKER)
    # the two copies of each natural card are told apart by their backs
    assert len({c for c in deck if not c.is_joker}) == 104
    assert sum(c.is_wild for c in deck) == 12  # 4 jokers and 8 twos (docs/RULES.md section 1)


def test_pulito_deck_has_104_cards_and_no_jokers():
    rules = bc.ruleset("pulito")
    deck = bc.full_deck(rules.jokers)
    assert len(deck) == 104 == rules.deck_size
    assert not any(c.is_joker for c in deck)
    assert sum(c.is_wild for c in deck) == 8  # only the twos (docs/RULES.md section 1)


@pytest.mark.parametrize("rules_id", ["classic", "italiano", "buraco"])
def test_decks_with_jokers(rules_id):
    rules = bc.ruleset(rules_id)
    assert len(bc.full_deck(rules.jokers)) == rules.deck_size == 108


def test_full_deck_order_is_fixed():
    assert bc.full_deck() == bc.full_deck()
    assert bc.full_deck()[0] is parse_card("AS")
    assert bc.full_deck()[52] is parse_card("AS'")


# -------------------------------------------------------- text alternatives


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("AS", "ace of spades"), ("2H", "two of hearts"), ("7H", "seven of hearts"),
        ("7H'", "seven of hearts"), ("10D", "ten of diamonds"), ("JC", "jack of clubs"),
        ("QH", "queen of hearts"), ("KS", "king of spades"), ("JK", "joker"), ("JK'", "joker"),
    ],
)
def test_card_name_for_screen_readers(text, name):
    assert parse_card(text).name == name


def test_every_card_has_a_distinct_name_per_face():
    names = {c.face: c.name for c in bc.full_deck()}
    assert len(set(names.values())) == 53
