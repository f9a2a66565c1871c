"""Every entry of burraco_core that reads outside text, fuzzed: only the engine's own errors escape.

Cards, melds, typed moves (and the terminal that reads them), saved games, positions, house rulesets
and deal numbers are fed random text and near-valid inputs: a valid value with one part changed (a
token swapped, a field of a saved game set to another type, a huge number, lists nested thousands
deep, digits of another script). The pass condition of each test: the input is read, or refused with
a :class:`burraco_core.BurracoError` (whose message can be said in every language); nothing else
escapes, and whatever was refused left the state as it was (a game after a refused move, or a refused
file, equals its copy from before). What is read is read consistently: it writes back and reads again
to the same value.

Examples are bounded (``settings(max_examples=...)``) so the file runs in well under a minute.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import os

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import burraco_core as bc
from burraco_core import savefile
from burraco_core.__main__ import Terminal
from burraco_core.actions import typed, typed_action
from burraco_core.bots import GreedyBot, play_hand
from burraco_core.errors import SEED_LIMIT, shown
from burraco_core.game import Game
from burraco_core.session import HandSession

LANGS = ("en", "it", "es", "pt")
RULESETS = tuple(bc.RULESETS)
# FUZZ_SCALE=20 runs twenty times as many examples (a longer hunt, by hand); the suite runs the default.
SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
FUZZ = settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def said(err: bc.BurracoError) -> None:
    """A refusal can be said, in every language, in a few lines whatever the input was."""
    for lang in LANGS:
        text = err.message(lang)
        assert isinstance(text, str) and text, (lang, err)
        assert len(text) < 2000, (lang, len(text))


# ---------------------------------------------------------------- strategies

# Digits and letters that look like the notation but are not ASCII (int() reads the first ones).
LOOKALIKES = ["٣", "３", "²", "½", "五", "\u212a", "\u017f", "ǰ", "İ", "ı", "\u200b", "\u202e", "\ufeff",
              "\x00", "１０", "1_0", "0x1", "+1", "-1", "٠", "𝟕"]
CARD_TOKENS = ["A", "2", "3", "7", "10", "T", "J", "Q", "K", "JK", "joker", "S", "H", "D", "C", "♠", "♥",
               "♦", "♣", "♡", "'", "=", "#", ",", " ", "7H", "10♠", "JK'", "QS'", "2H=5H", "5h", "ah"]
WORDS = ["draw", "take", "pozzetto", "meld", "attach", "discard", "DRAW", "Meld", "#1", "#0", "#-1", "0", "1",
         "12"]

huge_digits = st.integers(min_value=4200, max_value=6000).map(lambda n: "9" * n)
token = st.one_of(st.sampled_from(CARD_TOKENS + WORDS + LOOKALIKES), st.text(max_size=4), huge_digits)
# Text made of the notation's pieces (it reaches deep), or any text at all.
notation = st.one_of(
    st.lists(token, max_size=12).map(" ".join),
    st.lists(token, max_size=12).map("".join),
    st.text(max_size=60),
)
# Any JSON value, small, with the awkward ones: huge ints, floats, deep lists.
deep = st.integers(min_value=50, max_value=5000).map(lambda n: json.loads("[" * min(n, 900) + "]" * min(n, 900)))
json_scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=10**18, max_value=10**30),
                        st.floats(allow_nan=False), st.text(max_size=10), st.sampled_from(CARD_TOKENS + WORDS))
json_value = st.recursive(json_scalar, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                              st.dictionaries(st.text(max_size=5), inner,
                                                                              max_size=4)),
                          max_leaves=10)
odd_value = st.one_of(json_value, deep, st.just(10**5000), st.just(-(10**5000)), st.just(float("inf")),
                      st.just(b"7H"), st.just(object()))


def mutate_tokens(valid: str, data: st.DataObject) -> str:
    """A valid text with one token replaced, removed or doubled."""
    tokens = valid.split()
    if not tokens:
        return valid
    i = data.draw(st.integers(0, len(tokens) - 1))
    how = data.draw(st.sampled_from(["replace", "remove", "double", "glue"]))
    if how == "replace":
        tokens[i] = data.draw(token)
    elif how == "remove":
        del tokens[i]
    elif how == "double":
        tokens.insert(i, tokens[i])
    else:
        tokens[i] = tokens[i] + data.draw(token)
    return " ".join(tokens)


# ---------------------------------------------------------------- cards

@FUZZ
@given(notation)
@example("\u212aH")         # the Kelvin sign: K to a case-blind Unicode pattern, then KeyError
@example("7\u017f")         # the long s: upper() makes it S
@example("３H")
def test_parse_card_reads_a_card_or_says_why(text):
    try:
        card = bc.parse_card(text)
    except bc.NotationError as err:
        said(err)
        return
    assert bc.parse_card(card.code) is card
    assert text.strip().isascii() or any(s in text for s in "♠♥♦♣♤♡♢♧"), text   # no look-alike letters read


@FUZZ
@given(st.one_of(notation, st.lists(st.one_of(notation, odd_value), max_size=5), odd_value))
def test_parse_cards_reads_cards_or_says_why(value):
    try:
        cards = bc.parse_cards(value)
    except bc.NotationError as err:
        said(err)
        return
    assert bc.parse_cards(bc.format_cards(cards)) == cards


# ---------------------------------------------------------------- melds

VALID_MELDS = ["5H 6H 7H", "5H 6H 2H=7H 8H", "7S 7H 7D", "7S 7H JK", "AH 2H 3H", "QS KS AS", "2H 3H 4H 5H",
               "3C 4C 5C 6C 7C 8C 9C", "9D 10D JD QD KD AD", "JK=4S 5S 6S"]


@FUZZ
@given(st.data(), st.sampled_from(RULESETS))
def test_meld_parse_reads_a_meld_or_says_why(data, rules):
    text = data.draw(st.one_of(notation, st.sampled_from(VALID_MELDS).map(lambda m: mutate_tokens(m, data))))
    try:
        meld = bc.Meld.parse(text, rules)
    except bc.BurracoError as err:
        said(err)
        return
    assert bc.Meld.parse(meld.table_code, rules) == meld


@FUZZ
@given(st.data(), st.sampled_from(RULESETS), st.sampled_from(VALID_MELDS))
def test_meld_lay_down_and_attach_take_text(data, rules, valid):
    text = data.draw(st.one_of(notation, st.just(valid).map(lambda m: mutate_tokens(m, data)), odd_value))
    for entry in (bc.Meld.lay_down, bc.Meld.lay_down_options, bc.Meld.is_legal, bc.Meld.laid_with_wild):
        try:
            entry(text, rules)
        except bc.BurracoError as err:
            said(err)
    try:
        meld = bc.Meld.parse(valid, rules)
    except bc.BurracoError:
        return
    before = meld.table_code
    more = data.draw(st.one_of(notation, st.lists(st.sampled_from(CARD_TOKENS), max_size=4), odd_value))
    for entry in (meld.attach, meld.attach_options, meld.try_attach, meld.can_attach):
        try:
            entry(more)
        except bc.BurracoError as err:
            said(err)
    assert meld.table_code == before    # a meld never changes


@FUZZ
@given(notation, st.sampled_from(RULESETS))
def test_a_ruleset_is_named_or_refused(name, rules):
    for value in (name, [name], {name: 1}):
        try:
            found = bc.ruleset(value)
        except bc.RulesetError as err:
            said(err)
        else:
            assert found is bc.RULESETS[name]


# ---------------------------------------------------------------- typed moves

VALID_MOVES = ["draw", "take", "pozzetto", "meld 5H 6H 7H", "meld 5H 6H 7H #1", "attach 0 8H", "attach 1 8H 9H #2",
               "discard 7H", "discard JK'"]


@FUZZ
@given(st.data())
def test_parse_action_reads_a_move_or_says_why(data):
    text = data.draw(st.one_of(notation, st.sampled_from(VALID_MOVES).map(lambda m: mutate_tokens(m, data)),
                               st.tuples(st.sampled_from(["attach", "meld 5H 6H 7H #", "attach 1 8H #"]),
                                         st.sampled_from(LOOKALIKES + ["9" * 5000, "1" * 7])).map("".join),
                               st.sampled_from(LOOKALIKES).map(lambda d: f"attach {d} 8H")))
    try:
        action = bc.parse_action(text)
    except bc.NotationError as err:
        said(err)
    else:
        assert bc.parse_action(str(action)) == action
        assert str(action).isascii()
    try:
        action = typed_action(text)          # melds counted from 1 ("attach 0" is the engine's -1: refused later)
    except bc.NotationError as err:
        said(err)
    else:
        assert typed(typed_action(typed(action))) == typed(action)   # (a player names no deck)


def test_digits_of_another_script_are_refused_by_name():
    for text in ("attach ٣ 8H", "attach ３ 8H", "attach ² 8H", "attach 五 8H", "meld 5H 6H 7H #٣",
                 "attach 1_0 8H", "attach " + "9" * 5000 + " 8H", "meld 5H 6H 7H #1_0", "attach 1 8H #" + "9" * 5000):
        try:
            bc.parse_action(text)
        except bc.NotationError as err:
            said(err)
            assert len(err.message("en")) < 400
        else:
            raise AssertionError(text)
    assert bc.parse_action("attach 12 8H #3") == bc.Attach(12, "8H", 3)


GAMES = {}


def _games() -> list[Game]:
    """A few games mid-hand: each phase, both table sizes."""
    if not GAMES:
        for rules, players, seed, moves in (("classic", 2, 1, 0), ("italiano", 4, 2, 7), ("pulito", 2, 3, 21),
                                            ("buraco", 4, 4, 40)):
            game = Game.new(rules, players, seed=seed)
            bots = [GreedyBot(seed + p) for p in range(players)]
            for _ in range(moves):
                if game.phase == "over":
                    break
                game.apply(bots[game.current_player].choose(game))
            GAMES[(rules, players)] = game
    return list(GAMES.values())


@FUZZ
@given(st.data())
def test_a_refused_move_changes_nothing(data):
    game = data.draw(st.sampled_from(_games()))
    legal = [str(a) for a in game.legal_actions()] or ["draw"]
    text = data.draw(st.one_of(notation, st.sampled_from(legal).map(lambda m: mutate_tokens(m, data)),
                               st.sampled_from(VALID_MOVES), odd_value))
    before = game.to_json()
    try:
        refusal = game.explain(text)
    except bc.BurracoError as err:
        said(err)
    else:
        if refusal is not None:
            said(refusal)
    assert game.to_json() == before
    mine = copy.deepcopy(game)
    try:
        mine.apply(text)
    except bc.BurracoError as err:
        said(err)
        assert mine.to_json() == before
    else:
        assert Game.from_json(mine.to_json()).to_json() == mine.to_json()


@FEW
@given(st.lists(st.one_of(notation, st.sampled_from(VALID_MOVES + ["help", "hint", "undo", "show", "attach ٣ 8H"])),
                max_size=6))
def test_the_terminal_answers_every_line(lines):
    session = HandSession.new("classic", 2, deal=5)
    out = io.StringIO()
    clean = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    code = Terminal(session, io.StringIO("\n".join(clean + ["quit"]) + "\n"), out).run()
    assert code in (0, 1)
    assert "Traceback" not in out.getvalue()


@FEW
@given(st.lists(st.one_of(notation, st.sampled_from(VALID_MOVES + ["attach ٣ 8H", "discard ７H"]), odd_value),
                min_size=1, max_size=4))
def test_a_session_refusing_a_typed_move_changes_nothing(moves):
    session = HandSession.new("italiano", 2, deal=9)
    for move in moves:
        before = (session.game.to_json(), len(session.events), session.waiting)
        try:
            session.play(move)
        except bc.BurracoError as err:
            said(err)
            assert (session.game.to_json(), len(session.events), session.waiting) == before
        while session.waiting == "computer":
            session.step()


# ---------------------------------------------------------------- deal numbers

@FUZZ
@given(st.one_of(st.integers(), st.integers(min_value=10**39, max_value=10**41),
                 st.integers(min_value=4000, max_value=5000).map(lambda n: 10**n)))
@example(SEED_LIMIT - 1)
@example(-SEED_LIMIT + 1)
@example(10**5000)
def test_a_deal_number_deals_a_hand_that_saves_or_is_refused(seed):
    try:
        game = Game.new("classic", 2, seed=seed)
    except bc.BurracoError as err:
        said(err)
        assert abs(seed) >= SEED_LIMIT
        return
    assert Game.from_json(game.to_json()).seed == seed


def test_the_cli_reads_a_deal_number_in_ascii_digits_only(capsys):
    from burraco_core.__main__ import main

    for bad in ("٣", "３", "1_0", "9" * 41, "9" * 5000, "0x10"):
        try:
            main(["simulate", "--hands", "1", "--seed", bad], stdout=io.StringIO())
        except SystemExit as stop:
            assert stop.code == 2   # argparse's usage error, which says what a deal number is
        else:
            raise AssertionError(bad)
        assert "deal number" in capsys.readouterr().err
    out = io.StringIO()
    assert main(["simulate", "--hands", "2", "--players", "2", "--seed", "9" * 40], stdout=out) == 0


# ---------------------------------------------------------------- saved games

def _saved() -> list[str]:
    texts = [game.to_json() for game in _games()]
    set_up = Game.setup("classic", hands=["5H 6H 7H 8H", "KS KH KD 3C"], melds=[["9C 10C JC"], []], seed=7)
    set_up.apply("draw")
    texts.append(set_up.to_json())
    return texts


SAVED = _saved()


def _path_into(body: object, data: st.DataObject) -> tuple[object, object] | None:
    """A (container, key) somewhere inside a JSON body, drawn at random."""
    node, where = body, None
    for _ in range(data.draw(st.integers(1, 4))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
        elif isinstance(node, list) and node:
            key = data.draw(st.integers(0, len(node) - 1))
        else:
            break
        where = (node, key)
        node = node[key]
    return where


def near_valid_file(data: st.DataObject, texts: list[str], *, recompute: bool) -> str:
    """A valid file with one value changed (the checksum recomputed, so the change reaches the loader)."""
    body = json.loads(data.draw(st.sampled_from(texts)))
    where = _path_into(body, data)
    if where is not None:
        node, key = where
        how = data.draw(st.sampled_from(["value", "delete", "huge", "deep", "string", "cards"]))
        if how == "delete" and isinstance(node, dict):
            del node[key]
        elif how == "huge":
            node[key] = 10**4200   # json.dumps writes it; a 4,300-digit one Python's own json cannot read
        elif how == "deep":
            node[key] = json.loads("[" * 500 + "]" * 500)
        elif how == "string" and isinstance(node[key], str):
            node[key] = mutate_tokens(node[key], data)
        elif how == "cards":
            node[key] = data.draw(notation)
        else:
            node[key] = data.draw(json_value)
    if recompute and isinstance(body, dict):
        body.pop("checksum", None)
        body["checksum"] = savefile.checksum(body)
    return json.dumps(body, ensure_ascii=False, indent=1)


@FUZZ
@given(st.data())
def test_a_saved_game_loads_or_says_why(data):
    text = data.draw(st.one_of(
        st.builds(lambda d: near_valid_file(d, SAVED, recompute=True), st.data()),
        st.builds(lambda d: near_valid_file(d, SAVED, recompute=False), st.data()),
        notation, st.sampled_from(["[" * 100_000, '{"format": "burraco-tutor/game", "version": ' + "9" * 5000 + "}",
                                   "\ufeff{}", "null", "1e999"]),
    ))
    for given_text in (text, text.encode("utf-8"), text.encode("utf-16")):
        try:
            game = Game.from_json(given_text)
        except bc.GameFileError as err:
            said(err)
            continue
        assert Game.from_json(game.to_json()).to_json() == game.to_json()


# ---------------------------------------------------------------- positions

POSITIONS = [{k: v for k, v in game.position().items() if k != "rules"} for game in _games()] + [
    dict(hands=["5H 6H 7H 8H", "KS KH KD 3C"], melds=[["9C 10C JC"], []], seed=7),
]
SETUP_FIELDS = ("hands", "melds", "discard_pile", "pozzetti", "stock", "current", "phase", "took_pozzetto",
                "turns_played", "took_pile", "pile_card", "held_twin", "melded", "pozzetto_next_turn",
                "trading_turns", "result", "seed", "history")


@FUZZ
@given(st.data())
def test_a_position_is_set_up_or_refused_in_words(data):
    position = copy.deepcopy(data.draw(st.sampled_from(POSITIONS)))
    field = data.draw(st.sampled_from(SETUP_FIELDS))
    value = position.get(field)
    choice = data.draw(st.sampled_from(["odd", "mutate", "nested"]))
    if choice == "mutate" and isinstance(value, str):
        value = mutate_tokens(value, data)
    elif choice == "nested" and isinstance(value, (list, tuple)) and value:
        value = list(value)
        i = data.draw(st.integers(0, len(value) - 1))
        value[i] = mutate_tokens(value[i], data) if isinstance(value[i], str) else data.draw(odd_value)
    else:
        value = data.draw(st.one_of(odd_value, notation))
    position[field] = value
    rules = data.draw(st.one_of(st.sampled_from(RULESETS), notation))
    try:
        game = Game.setup(rules, **position)
    except bc.BurracoError as err:
        said(err)
        return
    assert Game.setup(**game.position()).to_json() == game.to_json()


# ---------------------------------------------------------------- house rulesets

RULESET_FIELDS = [f.name for f in dataclasses.fields(bc.Ruleset)]


@FUZZ
@given(st.data())
def test_a_house_ruleset_is_made_or_refused_in_words(data):
    base = bc.RULESETS[data.draw(st.sampled_from(RULESETS))]
    changes = data.draw(st.dictionaries(st.sampled_from(RULESET_FIELDS),
                                        st.one_of(odd_value, st.integers(-(10**120), 10**120)), max_size=3))
    try:
        house = dataclasses.replace(base, **changes)
    except bc.RulesetError as err:
        said(err)
        return
    repr(house)
    for name in RULESET_FIELDS:
        value = getattr(house, name)
        if type(value) is int and name != "jokers":
            assert 0 <= value <= 100_000, (name, value)


@FEW
@given(st.data())
def test_a_house_ruleset_with_big_numbers_plays_a_whole_hand(data):
    base = bc.RULESETS[data.draw(st.sampled_from(RULESETS))]
    names = [f for f in RULESET_FIELDS if f.endswith(("_value", "_bonus", "_penalty"))]
    changes = data.draw(st.dictionaries(st.sampled_from(names), st.integers(0, 10**6), min_size=1, max_size=4))
    try:
        house = dataclasses.replace(base, id="house", **changes)
    except bc.RulesetError as err:
        said(err)
        return
    game = Game.new(house, 2, seed=data.draw(st.integers(0, 100)))
    play_hand(game, [GreedyBot(1), GreedyBot(2)])
    for breakdown in game.score():
        breakdown.as_text("it")
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_absurd_card_values_are_refused_before_any_bot_sees_them():
    for field, value in (("joker_value", 10**100), ("clean_bonus", 10**5000), ("ace_value", -1),
                         ("target_score", 10**9), ("stalemate_limit", 10**9)):
        try:
            dataclasses.replace(bc.ruleset("buraco"), id="house", **{field: value})
        except bc.RulesetError as err:
            said(err)
            assert field in err.fields
        else:
            raise AssertionError(field)


def test_a_value_too_big_to_write_is_still_said():
    assert shown(10**5000) == "~10^5000"
    assert shown([10**5000]) == "[~10^5000]"
    deep_list: list = []
    for _ in range(100_000):
        deep_list = [deep_list]
    assert shown(deep_list).startswith("[[")


# ---------------------------------------------------------------- card pictures

@FUZZ
@given(st.one_of(notation, st.sampled_from(["7H", "2C", "JK'"])), st.one_of(st.none(), notation, odd_value),
       st.one_of(st.none(), notation, odd_value, st.integers()))
def test_a_card_picture_reads_its_card_wild_and_note_or_says_why(card, wild_for, note):
    from burraco_core import svg

    for draw in (svg.card_svg, svg.card_label):
        try:
            drawn = draw(card, wild_for=wild_for, scale_note=note)
        except bc.NotationError as err:
            said(err)
        else:
            assert drawn
    try:
        svg.hand_svg(card)
    except bc.NotationError as err:
        said(err)
