"""The engine's errors that a learner can trigger by typing say what is wrong in every language.

A position that cannot be set up and a saved game that cannot be loaded raise ``GameFileError``, a
ruleset with a bad or contradictory field ``RulesetError``; each carries a Message (``err.msg``),
names the input that is wrong, and reads differently in Italian and Spanish. A refused setup or
load changes nothing. ``Match.summary(lang)`` is the match's report said in a language.
"""

from __future__ import annotations

import copy
import dataclasses
import html
import json
import pickle

import pytest

import burraco_core as bc
from burraco_core import messages
from burraco_core.messages import Message
from burraco_core.savefile import SET_UP, checksum

BURRACO = "3H 4H 5H 6H 7H 8H 9H"


def said_in_every_language(err: bc.BurracoError) -> dict[str, str]:
    """The error in en, it, es: each a Message text, the three different, none falling back to English."""
    assert isinstance(getattr(err, "msg", None), Message), err
    before = set(messages.MISSING)
    texts = {lang: err.message(lang) for lang in ("en", "it", "es")}
    assert before == messages.MISSING, messages.MISSING - before
    assert texts["en"] == str(err)
    assert len(set(texts.values())) == 3, texts
    return texts


# (Game.setup's keywords, what each language's text must name; JOKER: the joker, in that language's word)
POSITIONS = [
    (dict(hands=["5C 5C 5C", "KH"]), ["5♣"]),
    (dict(hands=["5C 2X", "KH"]), ["2X"]),
    (dict(hands=["9H 5C", "KH KS"], current=5), ["5", "0", "1"]),
    (dict(hands=["9H 5C", "KH KS"], phase="dance"), ["'dance'", "draw", "over"]),
    (dict(hands=["9H 5C", "KH KS"], took_pile="yes"), ["took_pile", "'yes'"]),
    (dict(hands=["9H 5C", "KH KS"], history=["fold"]), ["fold"]),
    (dict(hands=["5C", "KH"], stock="2C", pozzetti=["", ""]), ["105", "108", "A♠"]),
    (dict(hands=["5C 6C", "KH KS"], melds=[["8H 8D 8C", "8S 8H' 8D'"], []]), ["1"]),
    (dict(rules="pulito", hands=["JK 5C", "KH"]), ["JOKER", "Burraco pulito"]),
    (dict(hands=["8C", "KH KS"], melds=[["3S 4S 5S"], []], phase="play", took_pozzetto=(True, False),
          turns_played=[1, 1]), ["1"]),
]


@pytest.mark.parametrize(("setup", "names"), POSITIONS, ids=[str(i) for i in range(len(POSITIONS))])
def test_a_position_that_cannot_be_set_up_names_its_input_in_every_language(setup, names):
    args = copy.deepcopy(setup)
    rules = args.pop("rules", "classic")
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.setup(rules, **args)
    for lang, text in said_in_every_language(refused.value).items():
        for name in names:
            said = name                # a joker in words: its short name, or its name after an article ("il jolly")
            if name == "JOKER":
                said = next((w for w in (messages.translate(k, lang) for k in ("card.joker.short", "card.joker"))
                             if w in text), "the joker")
            assert said in text, (lang, said, text)
    assert args == {k: v for k, v in setup.items() if k != "rules"}    # nothing given was changed


def test_the_eights_and_the_side_are_said_in_words():
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.setup("classic", hands=["5C 6C", "KH KS"], melds=[["8H 8D 8C", "8S 8H' 8D'"], []])
    texts = said_in_every_language(refused.value)
    assert "side 1 owns two groups of eights" in texts["en"]
    assert "squadra 1 ha due tris di otto" in texts["it"]
    assert "equipo 1 tiene dos tríos de ochos" in texts["es"]
    assert [p.key for p in refused.value.problems] == ["position.problem.second-group"]


def test_several_problems_are_all_said_and_listed():
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.setup("classic", hands=["5C 6C", "KH KS"], melds=[["8H 8D 8C", "8S 8H' 8D'"], []], phase="pozzetto")
    err = refused.value
    assert [p.key for p in err.problems] == ["position.problem.not-picking-pozzetto", "position.problem.second-group"]
    for lang, text in said_in_every_language(err).items():
        for problem in err.problems:
            assert problem.text(lang) in text


def saved(edit=None, indent: int = 1) -> str:
    text = bc.Game.new("classic", players=2, seed=5).to_json()
    if edit is None:
        return text
    body = json.loads(text)
    edit(body)
    body.pop("checksum")
    body["checksum"] = checksum(body)
    return json.dumps(body, ensure_ascii=False, indent=indent)


@pytest.mark.parametrize(("text", "names"), [
    ('{"format": "burraco-tutor/game",\n "version": ', ["2", "13"]),
    (saved(lambda b: b.update(version=7)), ["7", "1"]),
    (saved(lambda b: b["ruleset"].update(colour="red")), ["colour"]),
    (saved(lambda b: b.pop("hands")), ["hands"]),
    (saved(lambda b: b["ruleset"].update(two_value=-5)), ["two_value", "-5"]),
    (saved(lambda b: b["hands"].__setitem__(1, b["hands"][1] + " " + b["hands"][0].split()[0])), ["2"]),
], ids=["not-json", "version", "unknown-field", "missing-field", "bad-ruleset", "card-twice"])
def test_a_saved_game_that_cannot_be_loaded_names_its_fault_in_every_language(text, names):
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.from_json(text)
    for lang, said in said_in_every_language(refused.value).items():
        for name in names:
            assert name in said, (lang, name, said)


def test_a_file_error_pickles_with_its_message_and_problems():
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.setup("classic", hands=["5C 6C", "KH KS"], melds=[["8H 8D 8C", "8S 8H' 8D'"], []], phase="pozzetto")
    again = pickle.loads(pickle.dumps(refused.value))
    assert again.msg == refused.value.msg and again.problems == refused.value.problems
    assert again.message("it") == refused.value.message("it")


def test_a_refused_load_leaves_the_game_loaded_before_as_it_was():
    game = bc.Game.from_json(saved())
    before = game.to_json()
    with pytest.raises(bc.GameFileError):
        bc.Game.from_json(saved(lambda b: b.update(turns_played=[-1, 0])))
    assert game.to_json() == before and bc.Game.from_json(before).to_json() == before


def test_a_ruleset_error_names_its_fields_in_words_and_as_codes():
    classic = bc.ruleset("classic")
    with pytest.raises(bc.RulesetError) as refused:
        dataclasses.replace(classic, name="Casa nostra", ace_to_ace_bonus=1000, jokers="many", two_value=-5)
    err = refused.value
    assert err.fields == ("jokers", "two_value", "ace_to_ace_bonus")
    assert [p.key for p in err.problems] == ["ruleset.problem.whole-number", "ruleset.problem.points",
                                             "ruleset.problem.ace-to-ace-bonus"]
    texts = said_in_every_language(err)
    for lang, text in texts.items():
        assert "Casa nostra" in text and "'many'" in text and "-5" in text, text
        for code in err.fields:
            assert f"({code})" in text, (lang, code)
    assert "the points of a 2 (two_value)" in texts["en"]
    assert "i punti di un 2 (two_value)" in texts["it"]
    assert "los puntos de un 2 (two_value)" in texts["es"]
    assert classic == bc.RULESETS["classic"] and classic.jokers == 4      # the base is untouched
    again = pickle.loads(pickle.dumps(err))
    assert again.msg == err.msg and again.fields == err.fields and str(again) == str(err)


def test_a_built_in_ruleset_keeps_its_name_in_the_readers_language():
    with pytest.raises(bc.RulesetError) as refused:
        dataclasses.replace(bc.ruleset("classic"), stalemate_limit=1)
    texts = said_in_every_language(refused.value)
    assert "Classic Italian Burraco" in texts["en"] and "Burraco classico italiano" in texts["it"]


def test_an_unknown_ruleset_id_lists_the_known_ones():
    with pytest.raises(bc.RulesetError) as refused:
        bc.ruleset("classico")
    for text in said_in_every_language(refused.value).values():
        assert "'classico'" in text and all(rules in text for rules in bc.RULESETS)


def test_plain_fields_that_are_not_bools_or_numbers_are_refused_now():
    for changes in (dict(groups_allowed="no"), dict(two_value=None), dict(target_score="2005"),
                    dict(game_length="forever")):
        with pytest.raises(bc.RulesetError) as refused:
            dataclasses.replace(bc.ruleset("classic"), **changes)
        assert refused.value.fields == tuple(changes)


def test_the_match_summary_in_three_languages():
    match = bc.Match("classic")
    for a, b, why in ((1000, 400, "closed"), (300, 500, "stock"), (200, 100, "void")):
        match.record_score(a, b, why)
    assert [line.key for line in match.report()] == ["match.heading", "match.hand", "match.hand", "match.hand",
                                                     "match.totals", "match.victory-points", "match.winner"]
    english = match.summary()
    assert english.splitlines() == [
        "Classic Italian Burraco, 4 players", "Hand 1: +1000 / +400 (closed)",
        "Hand 2: +300 / +500 (the stock ran out)", "Hand 3: +0 / +0 (void)",
        "Totals: side 1 +1300, side 2 +900", "Victory points: 14-6", "Side 1 wins."]
    assert match.summary("it").splitlines()[-1] == "Vince la squadra 1."
    assert match.summary("es").splitlines()[2] == "Ronda 2: +300 / +500 (se ha acabado el mazo)"
    draw = bc.Match("buraco")
    draw.record_score(2005, 2005)
    assert draw.summary().splitlines()[-1] == "A draw." and draw.summary("es").splitlines()[-1] == "Empate."


def test_the_position_referee_says_an_impossible_table_in_its_language():
    from lessons.widgets.position_referee import PositionReferee

    ref = PositionReferee(hand="5H 5H 8C", melds=("5H 6H 7H", ""), move="discard 8C", lang="es")
    assert ref.game is None
    assert "5♥ aparece más veces de las que hay en las dos barajas" in html.unescape(ref.position_box.value)


def test_the_variant_builder_says_the_engines_refusal_in_its_language():
    from lessons.teachers.variant_builder import VariantBuilder

    builder = VariantBuilder(lang="it")
    builder.controls["ace_to_ace_bonus"].value = "1000"
    assert builder.ruleset is None
    shown = html.unescape(builder.status.value)
    assert "il premio per un burraco da asso ad asso (ace_to_ace_bonus) richiede" in shown
    builder.controls["ace_to_ace_bonus"].value = ""
    builder.controls["jokers"].value = "tanti"
    assert builder.ruleset is None and "il numero di jolly (jokers): serve un numero intero, non 'tanti'" in \
        html.unescape(builder.status.value)
    builder.json.value = '{"format": "burraco-variant", "version": 1, "base": "classic", "changes": {"ali": 2}}'
    builder.load.click()
    assert "Nessuna variante ha il campo ali" in html.unescape(builder.status.value)


# The only errors of the learner-facing kinds still raised with an English string, and why.
ENGLISH_ON_PURPOSE = {
    ("cards.py", "NotationError"): "Card(rank, suit, deck) called by a program with a wrong value; what a "
                                   "person types is read by parse_card, which says a Message",
}


def test_errors_a_learner_can_trigger_are_raised_with_a_message():
    """GameFileError, RulesetError and NotationError are raised in burraco_core with a Message, never a string."""
    import ast
    from pathlib import Path

    root = Path(bc.__file__).parent
    found = []
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                    and isinstance(node.exc.func, ast.Name)):
                continue
            kind = node.exc.func.id
            first = node.exc.args[0] if node.exc.args else None
            if kind in ("GameFileError", "RulesetError", "NotationError") and isinstance(
                    first, (ast.JoinedStr, ast.Constant, ast.BinOp)) and (path.name, kind) not in ENGLISH_ON_PURPOSE:
                found.append(f"{path.name}:{node.lineno}: {kind} with a string")
    assert not found, found


# ---------------------------------------------------------------- junk through the public interface (issue 20)
JUNK_CARDS = " ".join(["5H", "QQ", "7C'", "XX"] * 50)     # 200 "cards", most of them not cards


@pytest.mark.parametrize("attempt", [
    lambda: bc.parse_card("Q" * 300 + "H"),
    lambda: bc.parse_action("fold " + JUNK_CARDS),
    lambda: bc.parse_action("meld " + JUNK_CARDS + " #x"),
    lambda: bc.Game.new("classic", 2, seed=1).apply(JUNK_CARDS),
    lambda: bc.ruleset(JUNK_CARDS),
    lambda: bc.Game.setup("classic", hands=["5C 6C", "KH KS"], current=JUNK_CARDS),
    lambda: bc.Game.setup("classic", hands=["5C 6C", "KH KS"], phase=JUNK_CARDS),
    lambda: bc.Game.from_json(json.dumps({"format": "burraco-tutor/game", "version": JUNK_CARDS})),
], ids=["card", "action", "option", "apply", "ruleset", "current", "phase", "file-version"])
def test_a_long_junk_input_is_quoted_short(attempt):
    with pytest.raises(bc.BurracoError) as refused:
        attempt()
    for lang, text in said_in_every_language(refused.value).items():
        assert "…" in text and len(text) < 400, (lang, text)
        assert JUNK_CARDS[:200] not in text


def test_the_whole_junk_stays_in_the_error_for_a_program():
    with pytest.raises(bc.NotationError) as refused:
        bc.parse_action("fold " + JUNK_CARDS)
    assert refused.value.token == "fold " + JUNK_CARDS
    assert "fold 5H QQ 7C' XX" in str(refused.value)


def _a_game() -> bc.Game:
    return bc.Game.new("classic", 2, seed=1)


# (what is called, the argument it names): a TypeError that says which argument and what it takes
WRONG_TYPES = [
    (lambda junk: bc.hints(junk), "hints: game must be a Game"),
    (lambda junk: bc.hints(_a_game(), junk), "hints: n must be a whole number"),
    (lambda junk: bc.play_hand(junk, [bc.RandomBot(0), bc.RandomBot(1)]), "play_hand: game must be a Game"),
    (lambda junk: bc.play_hand(_a_game(), junk), "play_hand: bots must be a list of bots"),
    (lambda junk: bc.play_hand(_a_game(), [bc.RandomBot(0), bc.RandomBot(1)], junk),
     "play_hand: max_actions must be a whole number"),
    (lambda junk: bc.GreedyBot(1).choose(junk), "GreedyBot.choose: game must be a Game"),
    (lambda junk: bc.RandomBot(1).choose(junk), "RandomBot.choose: game must be a Game"),
    (lambda junk: bc.typed_refusal(junk), "typed_refusal: err must be an IllegalMove"),
    (lambda junk: bc.Match("classic").record(junk), "Match.record: game must be a Game"),
    (lambda junk: bc.Match("classic").record_score(junk, 100), "Match.record_score: side0 must be a whole number"),
    (lambda junk: bc.Match("classic").record_score(100, junk), "Match.record_score: side1 must be a whole number"),
    (lambda junk: bc.score_side(junk, "", "classic", closed=False, took_pozzetto=True),
     "score_side: melds must be a list of Meld objects"),
    (lambda junk: bc.score_side([junk], "", "classic", closed=False, took_pozzetto=True),
     "score_side: melds must be a list of Meld objects"),
    (lambda junk: bc.score_hand(junk, "classic"), "score_hand: sides must be a SideCount"),
    (lambda junk: bc.score_hand([bc.SideCount([junk]), bc.SideCount(())], "classic"),
     "SideCount: melds must be a list of Meld objects"),
    (lambda junk: bc.victory_points(junk, 100), "victory_points: match_points_a must be a whole number"),
    (lambda junk: bc.narrate(bc.Draw(), 0, junk), "narrate: before must be a Game"),
    (lambda junk: bc.narrate(bc.Draw(), 0, _a_game(), junk), "narrate: after must be a Game or None"),
    (lambda junk: bc.narrate(bc.Draw(), junk, _a_game()), "narrate: player must be a player number"),
]


JUNK = [None, "x", 1.5, b"5H", "5H 6H 7H"]


@pytest.mark.parametrize(("call", "said", "junk"), [
    pytest.param(call, said, junk, id=f"{said.split(' must')[0]}-{junk!r}")
    for call, said in WRONG_TYPES for junk in JUNK
    if not (junk is None and said.endswith("or None"))])
def test_a_wrong_type_is_a_type_error_naming_the_argument(call, said, junk):
    with pytest.raises(TypeError) as refused:
        call(junk)
    assert str(refused.value).startswith(said), refused.value
    assert repr(junk)[:10] in str(refused.value)


def test_hints_of_a_string_was_an_attribute_error_from_inside():
    # the cases of issue 20, as a person meets them
    for junk in (None, "x"):
        with pytest.raises(TypeError, match="hints: game must be a Game"):
            bc.hints(junk)
    for junk in (None, 5):
        with pytest.raises(bc.NotationError):
            bc.Meld.parse(junk, "classic")
        with pytest.raises(bc.NotationError):
            bc.Meld.lay_down(junk, "classic")


def test_a_player_number_outside_the_game_is_named():
    with pytest.raises(bc.BurracoError, match="narrate: player is 0 to 1 in this game, not 7"):
        bc.narrate(bc.Draw(), 7, _a_game())


def test_narrate_reads_an_action_as_text_too():
    game = _a_game()
    assert bc.narrate("draw", 0, game, viewer=1) == bc.narrate(bc.Draw(), 0, game, viewer=1)


@pytest.mark.parametrize(("changes", "key"), [
    (dict(hands=None), "position.hands"),
    (dict(hands="5C 6C"), "position.hands"),
    (dict(melds=None), "position.melds"),
    (dict(melds=["5H 6H 7H", ""]), "position.melds"),
    (dict(pozzetti=5), "position.pozzetti"),
    (dict(history=None), "position.history-list"),
    (dict(turns_played=5), "position.turns-played"),
    (dict(melds=[[None], []]), "notation.not-a-meld"),
    (dict(melds=[[5], []]), "notation.not-a-meld"),
    (dict(discard_pile=b"5H"), "notation.bytes"),
], ids=["hands-None", "hands-str", "melds-None", "melds-flat", "pozzetti", "history", "turns", "meld-None",
        "meld-5", "pile-bytes"])
def test_a_position_given_the_wrong_kind_of_value_names_the_keyword(changes, key):
    args = dict(hands=["5C 6C", "KH KS"], **{k: v for k, v in changes.items() if k != "hands"})
    if "hands" in changes:
        args["hands"] = changes["hands"]
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.setup("classic", **args)
    assert key in {m.key for m in _nested(refused.value.msg)}, refused.value.msg
    said_in_every_language(refused.value)


def _nested(msg: Message):
    yield msg
    for value in msg.params.values():
        if isinstance(value, Message):
            yield from _nested(value)


@pytest.mark.parametrize("lang", [None, 5, ["it"], "x" * 900, "../../../etc/passwd", "it/../en"])
def test_a_language_that_is_no_language_code_falls_back_to_english(lang):
    # a long "language" was an OSError (file name too long), a path was read as a catalogue
    refusal = bc.IllegalMove("turn.over")
    assert refusal.message(lang) == str(refusal)
    assert Message("list.none").text(lang) == Message("list.none").text("en")


# ---------------------------------------------------------------- seeds: a whole number, or None where the API says so
BAD_SEEDS = ["x", 1.5, float("inf"), True, [1]]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_deal_number_is_a_whole_number(seed):
    with pytest.raises(TypeError, match="Game.new: seed must be a whole number"):
        bc.Game.new("classic", 2, seed=seed)
    with pytest.raises(TypeError, match="Match: seed must be a whole number"):
        bc.Match("classic", seed=seed)


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_positions_seed_is_a_whole_number(seed):
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.setup("classic", hands=["5C 6C", "KH KS"], seed=seed)
    assert refused.value.msg.key == "position.seed"
    for text in said_in_every_language(refused.value).values():
        assert "seed" in text and repr(seed) in text


def test_none_is_still_a_random_deal_and_a_position_without_a_deal_number():
    # the documented meaning of None: Game.new deals at random, Game.setup shuffles at random;
    # either way the game has no deal number, and its save says null and loads
    for game in (bc.Game.new("classic", 2, seed=None),
                 bc.Game.setup("classic", hands=["5C 6C", "KH KS"], seed=None)):
        assert game.seed is None
        text = game.to_json()
        assert json.loads(text)["seed"] is None and bc.Game.from_json(text).to_json() == text


@pytest.mark.parametrize("seed", ["x", 1.5, float("inf"), float("nan"), True, [1], {"n": 1}],
                         ids=["str", "float", "inf", "nan", "bool", "list", "dict"])
def test_a_saved_game_with_a_seed_that_is_no_deal_number_is_refused(seed):
    text = saved(lambda b: b.update(seed=seed))     # Python's json writes inf as Infinity, and reads it back
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.from_json(text)
    assert refused.value.msg.key == "file.seed"
    said_in_every_language(refused.value)


def test_a_saved_game_is_standard_json():
    for game in (bc.Game.new("classic", 2, seed=2**70), bc.Game.new("pulito", 4, seed=-3)):
        text = game.to_json()
        json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} is not JSON"))
        assert bc.Game.from_json(text).seed == game.seed


# ---------------------------------------------------------------- a saved game's bytes
def test_the_bytes_of_a_saved_game_load_as_its_text():
    # they were refused as "not in the form this version writes", which misled
    text = saved()
    for data in (text.encode("utf-8"), bytearray(text.encode("utf-8")), text.encode("utf-8-sig")):
        assert bc.Game.from_json(data).to_json() == text


def test_bytes_that_are_not_utf8_say_so():
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.from_json(saved().encode("utf-16"))
    assert refused.value.msg.key == "file.not-utf8"
    for text in said_in_every_language(refused.value).values():
        assert "UTF-8" in text


# ---------------------------------------------------------------- a saved game is evidence: its deal and moves give it
def _played(rules: str = "classic", players: int = 2, seed: int = 5, moves: int = 30) -> bc.Game:
    game = bc.Game.new(rules, players, seed=seed)
    bots = [bc.GreedyBot(p) for p in range(players)]
    for _ in range(moves):
        game.apply(bots[game.current_player].choose(game))
    return game


def _resaved(text: str, edit) -> str:
    """The saved game edited, its checksum recomputed as anyone can (the first 16 hex digits of a SHA-256)."""
    body = json.loads(text)
    edit(body)
    body.pop("checksum")
    body["checksum"] = checksum(body)
    return json.dumps(body, ensure_ascii=False, indent=1)


def _swap_first(body: dict, one: tuple, other: tuple) -> None:
    """Swap the first cards of two rows of the body: ("hands", 0), ("stock",), ("pozzetti", 1)..."""
    def place(path: tuple) -> tuple:
        return (body[path[0]], path[1]) if len(path) == 2 else (body, path[0])
    (a, i), (b, j) = place(one), place(other)
    x, y = a[i].split(), b[j].split()
    x[0], y[0] = y[0], x[0]
    a[i], b[j] = " ".join(x), " ".join(y)


def _refused_load(text: str, key: str) -> bc.GameFileError:
    """Game.from_json refuses the text with this key; nothing is half-loaded: a game loaded before from the
    genuine file is unchanged, and the genuine file still loads."""
    genuine = _played().to_json()
    before = bc.Game.from_json(genuine)
    with pytest.raises(bc.GameFileError) as refused:
        bc.Game.from_json(text)
    assert refused.value.msg.key == key, refused.value.msg
    assert before.to_json() == genuine and bc.Game.from_json(genuine).to_json() == genuine
    return refused.value


@pytest.mark.parametrize(("edit", "parts"), [
    (lambda b: _swap_first(b, ("hands", 0), ("hands", 1)), ["file.part.hand", "file.part.hand"]),
    (lambda b: _swap_first(b, ("hands", 1), ("stock",)), ["file.part.hand", "file.part.stock"]),
    (lambda b: _swap_first(b, ("pozzetti", 0), ("hands", 0)), ["file.part.hand", "file.part.pozzetti"]),
    (lambda b: b.update(history=b["history"][:-2]), ["file.part.melds", "file.part.stock", "file.part.turn"]),
], ids=["hand-hand", "hand-stock", "pozzetto-hand", "history-short"])
def test_a_dealt_game_that_its_deal_and_moves_do_not_give_is_refused(edit, parts):
    # with a recomputed checksum, these loaded silently: a saved game was no evidence
    err = _refused_load(_resaved(_played().to_json(), edit), "file.not-from-deal")
    assert [part.key for part in err.msg.params["parts"]] == parts
    texts = said_in_every_language(err)
    assert "number 5" in texts["en"] and "n. 5" in texts["it"] and "n.º 5" in texts["es"]
    assert "30 moves" in texts["en"] or "28 moves" in texts["en"]


def test_the_differences_are_said_in_words_not_notation():
    game = _played()
    body = json.loads(game.to_json())
    err = _refused_load(_resaved(game.to_json(), lambda b: _swap_first(b, ("hands", 0), ("stock",))),
                        "file.not-from-deal")
    texts = said_in_every_language(err)
    assert texts["en"].endswith("differs from the saved one in player 1's hand and the stock.")
    assert texts["it"].endswith("per quanto riguarda la mano del giocatore 1 e il tallone.")
    assert texts["es"].endswith("distinta de la guardada en la mano del jugador 1 y el mazo.")
    for text in texts.values():
        assert body["hands"][0].split()[0] not in text.split() and "discard" not in text and "{" not in text


def test_a_history_with_a_move_the_rules_refuse_there_is_refused():
    err = _refused_load(_resaved(_played().to_json(), lambda b: b["history"].__setitem__(1, "draw")),
                        "file.move-refused")
    texts = said_in_every_language(err)
    assert "move 2 of 30, by player 1, is refused: You have already drawn this turn" in texts["en"]
    assert err.msg.params["reason"].key == "rule.turn.already-drawn"


def test_a_history_that_goes_on_after_the_position_is_refused():
    game = _played(moves=31)
    assert game.phase == "draw"
    err = _refused_load(_resaved(game.to_json(), lambda b: b["history"].append("take")), "file.not-from-deal")
    assert [part.key for part in err.msg.params["parts"]] != []


def test_every_genuine_save_still_loads_exactly_and_is_replayed():
    for rules in bc.RULESETS:
        for players in (2, 4):
            game = bc.Game.new(rules, players, seed=9)
            bots = [bc.GreedyBot(p) for p in range(players)]
            while True:
                text = game.to_json()
                again = bc.Game.from_json(text)
                assert again.to_json() == text and again.from_deal
                if game.is_over:
                    break
                for _ in range(25):
                    if not game.is_over:
                        game.apply(bots[game.current_player].choose(game))


def test_a_fresh_deal_edited_before_any_move_loads_as_a_position_set_up_by_hand():
    # no move yet: the file reads exactly like a position of Game.setup saved before its first move (the
    # format has no room to tell them apart), and claims no history; once played, it is saved as set up
    edited = _resaved(bc.Game.new("classic", 2, seed=5).to_json(),
                      lambda b: _swap_first(b, ("hands", 0), ("hands", 1)))
    game = bc.Game.from_json(edited)
    assert game.to_json() == edited and not game.from_deal
    game.apply("draw")
    assert json.loads(game.to_json())["history"] == [SET_UP, "draw"]
    assert bc.Game.from_json(edited.encode()).to_json() == edited


def test_an_action_that_is_no_action_is_a_notation_error_in_every_phase():
    # in the draw phase, None was refused as "draw first", as if it were a move
    game = bc.Game.new("classic", 2, seed=1)
    before = game.to_json()
    for junk in (None, 5, b"draw", ["draw"]):
        with pytest.raises(bc.NotationError):
            game.apply(junk)
        with pytest.raises(bc.NotationError):
            game.explain(junk)
    assert game.to_json() == before


def test_a_session_checks_its_game_and_bots_when_made():
    from burraco_core.session import HandSession

    game = bc.Game.new("classic", 2, seed=1)
    with pytest.raises(TypeError, match="HandSession: game must be a Game, not None"):
        HandSession(None, [None, bc.RandomBot(1)])
    with pytest.raises(TypeError, match="HandSession: bots must be a bot for each seat"):
        HandSession(game, None)
    with pytest.raises(TypeError, match="HandSession: bots must be bots, each with a choose"):
        HandSession(game, [None, "greedy"])
    session = HandSession(game, [None, bc.RandomBot(1)])
    with pytest.raises(bc.NotationError):
        session.play(None)


@pytest.mark.parametrize("cards, said", [("AD 2D 3D QD KD", "Q♦ K♦ A♦ 2♦ 3♦"), ("AS 3S KS", "K♠ A♠ 3♠"),
                                         ("2H AH KH QH JK", "Q♥ K♥ A♥ 2♥")])
def test_a_run_turning_the_corner_is_told_in_the_corners_order(cards, said):
    """Told ace-low (A♦ 2♦ 3♦ Q♦ K♦), the refusal hid the K-A-2 corner it is about (seen in lesson 4)."""
    with pytest.raises(bc.IllegalMove) as refused:
        bc.Meld.lay_down(bc.parse_cards(cards), bc.RULESETS["classic"])
    assert refused.value.rule == "run.wrap-around"
    assert refused.value.message("en").startswith(said + " would turn the corner")
