"""Messages: the catalogue format, the placeholder kinds, and every message the engine says.

The central check (``test_every_message_the_engine_says_has_a_matching_english_text``)
plays seeded hands in every ruleset and collects the Messages the engine actually
produces (refusals of illegal moves and of random melds, hints, narrations, score lines,
meld descriptions, the terminal game's texts, picture labels); each must have an English
text whose placeholders are exactly its parameters, and must format.
"""

from __future__ import annotations

import dataclasses
import io
import pickle
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import burraco_core as bc
from burraco_core import messages, svg
from burraco_core.__main__ import Terminal, main
from burraco_core.errors import _RULES
from burraco_core.messages import Message, parse_catalogue, placeholders
from burraco_core.narration import narrate
from burraco_core.session import HandSession

RULESETS = tuple(bc.RULESETS)
ROOT = Path(__file__).resolve().parents[1]
KINDS = {"", "name", "suit", "rank", "ranks", "list", "player", "index", "signed", "plural", "select"}

# Keys no code names literally and no seeded hand is sure to produce. Each entry says why it stays.
ALLOWED_UNUSED: dict[str, str] = {}

# Known mismatches between a text and the parameters its code gives, each waiting for a change
# the lead has been told of: key -> (the parameters the code gives today, who fixes it). The check
# below accepts exactly these and fails once one is fixed, so that the entry is removed with it.
PENDING: dict[str, tuple[frozenset[str], str]] = {}


# ------------------------------------------------------------------ (a) the catalogue format

def test_catalogue_comments_blank_lines_and_continuations():
    source = """# a comment
first = One line.

  # an indented comment is a comment too
second = A text that goes on
    over a continuation line
\tand a tab-indented one.
empty =
third=no spaces around the sign
"""
    assert list(parse_catalogue(source)) == [
        ("first", "One line."),
        ("second", "A text that goes on over a continuation line and a tab-indented one."),
        ("empty", ""),
        ("third", "no spaces around the sign"),
    ]


@pytest.mark.parametrize(("source", "line"), [
    ("good = fine\nthis line has no equals sign\n", 2),
    ("good = fine\n\n# note\nbad key = text\n", 4),
    ("= no key\n", 1),
    ("    a continuation with no entry before it\nkey = text\n", 1),
])
def test_a_malformed_line_raises_value_error_naming_the_line(source, line):
    with pytest.raises(ValueError, match=rf"^here\.txt:{line}: "):
        list(parse_catalogue(source, "here.txt"))


@pytest.fixture
def catalogue_dir(tmp_path, monkeypatch):
    """A catalogue folder added for one test only (the engine's folders are restored after)."""
    monkeypatch.setattr(messages, "_DIRS", [*messages._DIRS, tmp_path])
    messages._CATALOGUES.clear()
    yield tmp_path
    messages._CATALOGUES.clear()


def test_a_key_defined_twice_is_refused(catalogue_dir):
    (catalogue_dir / "xx.txt").write_text("test.once = one\ntest.once = two\n", encoding="utf-8")
    with pytest.raises(ValueError, match="test.once.*twice"):
        messages.catalogue("xx")


def test_a_key_of_the_engine_repeated_by_another_catalogue_is_refused(catalogue_dir):
    (catalogue_dir / "en.txt").write_text("score.total = Sum\n", encoding="utf-8")
    with pytest.raises(ValueError, match="score.total.*twice"):
        messages.catalogue("en")


def test_another_folder_adds_keys_and_a_language_falls_back_to_english(catalogue_dir):
    (catalogue_dir / "en.txt").write_text("test.extra = Extra {n:plural:# card|# cards}\n", encoding="utf-8")
    (catalogue_dir / "xx.txt").write_text("score.total = Totale\n", encoding="utf-8")
    assert Message("test.extra", n=2).text() == "Extra 2 cards"
    assert Message("score.total").text("xx") == "Totale"
    messages.MISSING.discard(("xx", "score.closing"))
    assert Message("score.closing").text("xx") == "Closing"
    assert ("xx", "score.closing") in messages.MISSING
    with pytest.raises(KeyError, match="no.such.key"):
        Message("no.such.key").text()


def test_the_engine_catalogue_reads_and_lists_english_first():
    assert messages.languages()[0] == "en"
    english = messages.catalogue("en")
    assert english["score.total"] == "Total"
    assert english["card.name"] == "{rank} of {suit}"


# ------------------------------------------------------------------ (b) placeholder kinds

def t(template: str, lang: str = "en", **params: Any) -> str:
    return messages._fill(template, lang, params)


def test_plural_forms_in_english():
    form = "{n:plural:# card|# cards}"
    assert [t(form, n=n) for n in (0, 1, 2, 11)] == ["0 cards", "1 card", "2 cards", "11 cards"]
    assert t("{n:plural:one {x}|{n} of {x}}", n=3, x="them") == "3 of them"
    assert t("{n:plural:{n:signed} point|{n:signed} points}", n=-70) == "-70 points"
    assert Message("narrate.take-pile.hidden", who=Message("who.player", player=1), count=1).text() == \
        "Player 2 took the discard pile (1 card)."



# The story of a hand says who ran out of cards (issue 32): "Sin cartas: el muerto pasa a la mano." had no subject, and
# a player's last discard reads on from the sentence that names them, conjugated for "you" or for them.
OUT_OF_CARDS = {
    "en": ("You are out of cards: you pick up your pozzetto.", "They are out of cards: they pick up their pozzetto."),
    "it": ("Hai finito le carte: prendi il pozzetto.", "Ha finito le carte: prende il pozzetto."),
    "es": ("Te has quedado sin cartas: recoges el muerto.", "Se ha quedado sin cartas: recoge el muerto."),
    "pt": ("Você ficou sem cartas e pega o morto.", "Ficou sem cartas e pega o morto."),
}


@pytest.mark.parametrize("lang", sorted(OUT_OF_CARDS))
def test_the_last_discard_says_who_picks_up_the_pozzetto(lang):
    before = bc.Game.setup("classic", hands=["9C", "KH KS QD"], discard_pile="7C 8C", turns_played=[1, 1], phase="play")
    after = before.copy()
    after.apply(bc.Discard(bc.parse_card("9C")))
    assert after.took_pozzetto == (True, False)
    yours, theirs = OUT_OF_CARDS[lang]
    told_you = narrate(bc.Discard(bc.parse_card("9C")), 0, before, after, viewer=0).text(lang)
    told_others = narrate(bc.Discard(bc.parse_card("9C")), 0, before, after, viewer=1).text(lang)
    assert told_you.endswith(" " + yours) and told_others.endswith(" " + theirs), (told_you, told_others)


def test_select_chooses_by_value_with_other_as_fallback():
    form = "{k:select:run=a run|group=a group|other=a meld}"
    assert [t(form, k=k) for k in ("run", "group", "fan")] == ["a run", "a group", "a meld"]
    assert t("{k:select:a=x}", k="b") == "b"      # no 'other': the value itself
    assert t("{r:select:8=an eight|other=a {r:rank}}", r=8) == "an eight"
    assert t("{r:select:8=an eight|other=a {r:rank}}", r=7) == "a seven"
    assert t("{flag:select:True=yes it is|other=it is not}", flag=str(False)) == "it is not"
    assert Message("a-burraco", kind="ace-to-ace").text() == "an ace-to-ace burraco"
    assert Message("a-burraco", kind="dirty").text() == "a dirty burraco"


def test_list_name_player_and_the_other_kinds():
    cards = bc.parse_cards("7H JK 10S")
    assert t("{x:list}", x=()) == "nothing"
    assert t("{x:list}", x=("a",)) == "a"
    assert t("{x:list}", x=("a", "b")) == "a and b"
    assert t("{x:list}", x=("a", "b", Message("score.total"))) == "a, b and Total"
    assert t("{c:name}", c=cards[0]) == "seven of hearts"
    assert t("{c:name}", c=cards) == "seven of hearts, joker and ten of spades"
    assert t("{c}", c=cards[0]) == "7♥" and t("{c}", c=cards) == "7♥ Joker 10♠"
    assert t("{p:player}", p=0) == "player 1" and t("{p:index}", p=3) == "4"
    assert t("{s:suit}", s="D") == "diamonds"
    assert t("{r:rank} {r:ranks}", r=13) == "king kings" and t("{r:rank}", r=14) == "ace"
    assert t("{n:signed} {m:signed}", n=15, m=-5) == "+15 -5"
    assert t("{b} {c}", b=True, c=False) == "yes no"
    assert t("{n}", n=12) == "12"


def test_a_plural_of_a_list_counts_its_items():
    form = "{cards:plural:# card is|# cards are} missing: {cards}"
    assert t(form, cards=bc.parse_cards("7H")) == "1 card is missing: 7♥"
    assert t(form, cards=bc.parse_cards("7H 8H")) == "2 cards are missing: 7♥ 8♥"
    assert t("{x:plural:one|#}", x=()) == "0"


def test_a_language_says_a_card_through_its_own_forms(catalogue_dir):
    (catalogue_dir / "xx.txt").write_text(
        "form.il = {rank:select:words={card}|1=l'{card}|8=l'{card}|12=la {card}|other=il {card}}\n"
        "form.del = {rank:select:words=di {card}|1=dell'{card}|8=dell'{card}|12=della {card}|other=del {card}}\n"
        "rule.hand.not-held = Non hai in mano {cards:il}.\nlist.and = {first} e {last}\nlist.none = niente\n",
        encoding="utf-8")
    messages._CATALOGUES.clear()
    cards = bc.parse_cards("7H 8S QD AC JK")
    assert Message("rule.hand.not-held", cards=cards).text("xx") == "Non hai in mano il 7♥, l'8♠, la Q♦, l'A♣ e il Joker."   # xx has no card.joker.short: English's
    assert t("al posto {x:del}", "xx", x=cards[2]) == "al posto della Q♦"
    assert t("al posto {x:del}", "xx", x="8") == "al posto dell'8"            # a rank code alone: a group's wild
    assert t("al posto {x:del}", "xx", x="Q♥") == "al posto della Q♥"        # a card written as text
    assert t("al posto {x:del}", "xx", x=Message("score.total")) == "al posto di Total"   # words: no article
    assert t("{x:il}", "xx", x=()) == "niente"
    messages.MISSING.discard(("xx", "form.al"))
    assert t("{x:al}", "xx", x=cards[0]) == "7♥" and ("xx", "form.al") in messages.MISSING   # a form not defined
    messages.MISSING.discard(("xx", "form.al"))
    assert Message("rule.hand.not-held", cards=cards[:1]).text("en") == "You do not hold 7♥."   # English has none


def test_a_nested_message_is_said_in_the_same_language(catalogue_dir):
    (catalogue_dir / "xx.txt").write_text("score.total = Totale\nhint.burraco.becomes = : diventa {burraco}\n",
                                          encoding="utf-8")
    outer = Message("hint.burraco.becomes", burraco=Message("score.total"))
    assert outer.text("en") == ": it becomes Total"
    assert outer.text("xx") == ": diventa Totale"


def test_a_missing_parameter_is_an_error_naming_it():
    with pytest.raises(KeyError, match="count"):
        Message("score.in-hand").text()


def test_placeholders_reach_inside_plural_and_select_forms():
    assert placeholders("{a} {b:plural:# x|{c} y} {d:select:p={e}|other=f}") == {"a", "b", "c", "d", "e"}
    assert placeholders("no fields") == frozenset()


# ------------------------------------------------------------------ (d) the value type

SAMPLES = [
    Message("score.total"),
    Message("score.meld", kind="run", cards=bc.parse_cards("5H 6H 7H")),
    Message("narrate.you.draw", card=bc.parse_card("QS'")),
    Message("narrate.and", move=Message("narrate.discard", who=Message("who.player", player=2),
                                         card=bc.parse_card("JK")),
            then=Message("narrate.then.pozzetto", mover="other")),
    Message("cli.hands", hands=(Message("cli.other-hand", player=1, partner="True", count=11),)),
    Message("rule.hand.not-held", cards=bc.parse_cards("7H 7H'")),
]


@pytest.mark.parametrize("msg", SAMPLES, ids=lambda m: m.key)
def test_a_message_is_immutable_hashable_pasteable_and_pickles(msg):
    with pytest.raises(AttributeError):
        msg.key = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        msg.extra = 1  # type: ignore[attr-defined]
    params = msg.params
    params["intruder"] = 1
    assert "intruder" not in msg.params
    scope = {"Message": Message, "parse_card": bc.parse_card, "parse_cards": bc.parse_cards}
    again = eval(repr(msg), scope)
    assert again == msg and hash(again) == hash(msg) and str(again) == str(msg)
    assert pickle.loads(pickle.dumps(msg)) == msg
    assert len({msg, again, pickle.loads(pickle.dumps(msg))}) == 1


def test_messages_compare_by_key_and_params_in_any_order():
    assert Message("k", a=1, b=2) == Message("k", b=2, a=1)
    assert hash(Message("k", a=1, b=2)) == hash(Message("k", b=2, a=1))
    assert Message("k", a=1) != Message("k", a=2) and Message("k", a=1) != Message("j", a=1)
    assert repr(Message("narrate.you.draw", card=bc.parse_card("7H"))) == \
        "Message('narrate.you.draw', card=parse_card('7H'))"


# ------------------------------------------------------------------ (c) every message the engine says

def nested(msg: Message) -> Iterator[Message]:
    """The message and every message among its parameters, at any depth."""
    yield msg
    for value in msg.params.values():
        items = value if isinstance(value, (tuple, list)) else (value,)
        for item in items:
            if isinstance(item, Message):
                yield from nested(item)


class Collector:
    """The Messages met, by key (one example of each distinct parameter set is enough)."""

    def __init__(self) -> None:
        self.seen: dict[str, dict[frozenset[str], Message]] = {}

    def add(self, msg: Message | str | None) -> None:
        if isinstance(msg, Message):
            for one in nested(msg):
                self.seen.setdefault(one.key, {}).setdefault(frozenset(one.params), one)

    def refusal(self, err: bc.IllegalMove | None) -> None:
        if err is not None:
            self.add(err.msg)
            self.add(Message(f"rule.{err.rule}.summary"))


def illegal_tries(game: bc.Game, rng: random.Random) -> list[bc.Action]:
    """Actions of every kind, most of them refused in this position."""
    player = game.current_player
    hand = list(game.hands[player])
    stranger = next(c for c in bc.full_deck() if c not in hand)
    tries: list[bc.Action] = [bc.Draw(), bc.TakePile(), bc.TakePozzetto(), bc.Discard(stranger),
                              bc.LayDown([stranger, stranger, stranger])]
    if hand:
        tries.append(bc.Discard(rng.choice(hand)))
        for size in (1, 2, 3, 3, 4, 5):
            if len(hand) >= size:
                tries.append(bc.LayDown(rng.sample(hand, size)))
                tries.append(bc.LayDown(rng.sample(hand, size), option=7))
        own = game.melds[game.side_of(player)]
        tries.append(bc.Attach(len(own) + 2, hand[:1]))
        for index in range(len(own)):
            tries.append(bc.Attach(index, rng.sample(hand, min(len(hand), rng.choice((1, 2))))))
            tries.append(bc.Attach(index, hand[:1], option=5))
    return tries


def play_and_collect(found: Collector, rules: str, players: int, seed: int, bot: str) -> None:
    game = bc.Game.new(rules, players, seed=seed)
    rng = random.Random(seed)
    bots = [(bc.GreedyBot if bot == "greedy" else bc.RandomBot)(seed * 10 + p) for p in range(players)]
    for step in range(600):
        if game.is_over:
            break
        if step % 2 == 0:
            for hint in bc.hints(game):
                found.add(hint.reason)
        for action in illegal_tries(game, rng):
            found.refusal(game.explain(action))
        player = game.current_player
        action = bots[player].choose(game)
        before = game.copy()
        game.apply(action)
        for viewer in (None, player, (player + 1) % players):
            found.add(narrate(action, player, before, game, viewer=viewer))
        for side in (0, 1):
            for meld in game.melds[side]:
                found.add(meld.describe())  # type: ignore[arg-type]   # a Message once melds.py says so
    found.refusal(game.explain(bc.Draw()))
    if game.is_over:
        for breakdown in game.score():
            for line in breakdown.lines:
                found.add(line.message)


def meld_refusals(found: Collector, rules: str, rng: random.Random, count: int) -> None:
    """Lay down and attach random card lists, many of them nearly melds, and keep the refusals."""
    deck = bc.full_deck(4)   # jokers too, for the rulesets that play without them
    naturals = [c for c in deck if not c.is_wild]
    for _ in range(count // 10):   # three copies of one card
        card = rng.choice(deck)
        found.refusal(_refused(lambda c=card: bc.Meld.lay_down([c, c.in_deck(1 - c.deck), c, rng.choice(deck)],
                                                               rules)))
    for _ in range(count):
        size = rng.randint(1, 9)
        shape = rng.random()
        if shape < 0.35:                                   # one suit, nearly a run
            suit = rng.choice("SHDC")
            pool = [c for c in deck if c.suit == suit or c.is_wild]
        elif shape < 0.6:                                  # one rank, nearly a group
            rank = rng.randint(1, 13)
            pool = [c for c in deck if c.rank == rank or c.is_wild or rng.random() < 0.05]
        else:
            pool = list(deck)
        cards = rng.sample(pool, min(size, len(pool)))
        try:
            meld = bc.Meld.lay_down(cards, rules)
        except bc.IllegalMove as err:
            found.refusal(err)
            continue
        found.add(meld.describe())  # type: ignore[arg-type]
        for _ in range(3):
            extra = rng.sample(rng.choice((naturals, list(deck))), rng.randint(0, 3))
            try:
                meld = meld.attach(extra)
            except bc.IllegalMove as err:
                found.refusal(err)


def _refused(attempt: Any) -> bc.IllegalMove | None:
    try:
        attempt()
    except bc.IllegalMove as err:
        return err
    return None


BURRACO = "3H 4H 5H 6H 7H 8H 9H"


def scenario_refusals(found: Collector) -> None:
    """Refusals that seeded hands rarely reach, from positions made for them (each must be refused)."""
    def ready(rules: str | bc.Ruleset = "classic", **overrides: Any) -> bc.Game:
        """Side 0 has its pozzetto; player 0 takes the pile and may meld 5C 6C 7C, emptying the hand."""
        args: dict[str, Any] = dict(hands=["5C 6C", "KH KS"], melds=[[BURRACO], []], discard_pile="7C 8C",
                                    took_pozzetto=(True, False), turns_played=[1, 1])
        game = bc.Game.setup(rules, **{**args, **overrides})
        game.apply(bc.TakePile())
        return game

    meld = bc.LayDown("5C 6C 7C")
    by_meld = dataclasses.replace(bc.ruleset("classic"), id="closes-by-meld", close_by_meld=True)
    tries: list[tuple[bc.Game, bc.Action, str]] = [
        (ready(melds=[["3S 4S 5S"], []]), meld, "close.no-discard-left"),
        (ready(discard_pile="7C JK"), meld, "close.no-discard-left"),
        (ready(turns_played=[1, 0]), meld, "close.no-discard-left"),
        (ready(by_meld, melds=[["3S 4S 5S"], []], discard_pile="7C"), meld, "close.needs-burraco"),
        (ready("pulito", discard_pile="7C", turns_played=[1, 0]), meld, "close.opponents-not-played"),
        (ready("pulito", melds=[["3H 4H 5H 6H 7H 8H 2C"], []], discard_pile="7C"), meld,
         "close.needs-clean-burraco"),
        (ready(discard_pile="7C"), meld, "close.by-meld"),
        (bc.Game.setup("pulito", hands=["2H", "KH KS"], melds=[[BURRACO, "5C 6C 7C"], []], discard_pile="QD",
                       took_pozzetto=(True, False), turns_played=[1, 1], phase="play"),
         bc.Discard("2H"), "close.wild-discard"),
        (bc.Game.setup("classic", hands=["5S 5S 5C 9C", "KH KS"], melds=[["5H 5H' 5D'"], []], phase="play"),
         bc.LayDown("5S 5S' 5C"), "side.second-group"),                  # a card from each deck: "both 5♠"
        (bc.Game.setup("classic", hands=["5C 6C", "KH KS"]), bc.TakePile(), "pile.empty"),
        (bc.Game.setup("italiano", hands=["5C 6C 7C", "KH KS"], phase="play"), meld, "pozzetto.no-al-volo"),
    ]
    probe = bc.Game.setup("classic", hands=["5C 6C", "KH KS"])
    rest = list(probe.stock) + [c for p in probe.pozzetti for c in p]
    for size, rule in ((2, "draw.last-two"), (0, "draw.stock-empty")):
        game = bc.Game.setup("classic", hands=["5C 6C", "KH KS"], stock=rest[:size], pozzetti=[],
                             discard_pile=rest[size:] + list(probe.discard_pile), took_pozzetto=(True, True))
        tries.append((game, bc.Draw(), rule))
    for game, action, rule in tries:
        err = game.explain(action)
        assert err is not None and err.rule == rule, (rule, err)
        found.refusal(err)
    run = bc.Meld.lay_down("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH'", "pulito")
    complete = "2H 2H' 3H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    for attempt, rule in ((lambda: run.attach("2C"), "run.too-long"),
                          (lambda: bc.Meld.lay_down(complete, "buraco").attach("4H"), "wild.nowhere-to-go"),
                          (lambda: bc.Meld.lay_down(complete, "italiano").attach("4H"), "wild.complete-run-locked"),
                          (lambda: bc.Meld.lay_down("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "buraco"),
                           "run.no-fourteenth-place")):
        err = _refused(attempt)
        assert err is not None and err.rule == rule, (rule, err)
        found.refusal(err)


class Recorder(io.StringIO):
    """Standard input for the terminal game: a script first, then the first hint each time."""

    def __init__(self, script: list[str]) -> None:
        super().__init__()
        self.script = script
        self.terminal: Terminal | None = None

    def readline(self, *args: Any) -> str:
        if self.script:
            return self.script.pop(0) + "\n"
        assert self.terminal is not None
        from burraco_core.actions import typed

        return typed(bc.hints(self.terminal.game, 1)[0].action) + "\n"      # as a player types it


def terminal_messages(found: Collector, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play the terminal game (every command, refusals, to the end, and a quit) and keep what it said."""
    original_say, original_init = Terminal.say, Terminal.__init__
    readers: list[Recorder] = []

    def say(self: Terminal, text: str | Message = "", indent: int = 0) -> None:
        found.add(text if isinstance(text, Message) else None)
        original_say(self, text, indent)

    def init(self: Terminal, *args: Any, **kwargs: Any) -> None:
        original_init(self, *args, **kwargs)
        readers[-1].terminal = self

    monkeypatch.setattr(Terminal, "say", say)
    monkeypatch.setattr(Terminal, "__init__", init)
    script = ["help", "hint", "show", "meld 2X", "discard AS", "", "look"]
    for rules, players, seed in (("pulito", 4, 3), ("classic", 2, 12), ("buraco", 2, 4), ("italiano", 4, 9)):
        readers.append(Recorder(list(script)))
        assert main(["play", "--ruleset", rules, "--players", str(players), "--seed", str(seed)],
                    stdin=readers[-1], stdout=io.StringIO()) == 0
    readers.append(Recorder(["undo", "draw", "undo", "draw", "quit"]))   # nothing to undo, then one move undone
    main(["play", "--players", "2", "--seed", "5", "--lang", "en"], stdin=readers[-1], stdout=io.StringIO())
    readers.append(Recorder(["draw"]))
    readers[-1].readline = lambda *args: ""  # type: ignore[method-assign]   # end of input at once
    out = io.StringIO()
    main(["play", "--players", "2", "--seed", "5", "--lang", "zz"], stdin=readers[-1], stdout=out)
    assert out.getvalue().startswith(Message("cli.unknown-language", lang="zz", known=messages.languages()).text())


def session_texts(found: Collector) -> None:
    """What the hand session tells a front end besides the narrated moves (burraco_core.session)."""
    from burraco_core.session import Goal, SessionError

    class Refused:
        def choose(self, game: bc.Game) -> bc.Action:
            return bc.LayDown(game.hands[game.current_player][:1])

    session = HandSession.new("classic", 2, deal=7, bots={1: Refused()},
                              goals=[Goal(Message("empty"), lambda game: game.phase == "play")])
    session.play("draw")                                              # the goal is reached
    session.play(bc.Discard(session.game.hands[0][0]))
    for attempt in (lambda: session.play("draw"), session.step, lambda: session.play("draw")):
        try:
            event = attempt()                                         # not your turn; refused; stopped
        except SessionError as err:
            found.add(err.msg)
        else:
            found.add(event.message if event is not None else None)
    for event in session.events:
        found.add(event.message)
    quiet = HandSession(bc.Game.new("classic", 2, seed=3), [bc.RandomBot(0), bc.RandomBot(1)], human=None,
                        narrated=False)
    found.add(quiet.step().message)                                   # a move told as typed
    keys = {e.message.key for e in session.events} | {"session.move"}
    assert {"session.goal-reached", "session.bot-refused"} <= keys, keys


def notation_refusals(found: Collector) -> None:
    """What the engine says of notation it cannot read (cards, actions, picture options)."""
    attempts = [lambda: bc.parse_card("2X"), lambda: bc.parse_card("ZZ"), lambda: bc.parse_card(7),
                lambda: bc.parse_cards(7), lambda: bc.parse_action("meld 5H 6H 7H #x"),
                lambda: bc.parse_action(""), lambda: bc.parse_action("fold"), lambda: bc.parse_action(3),
                lambda: bc.parse_action("attach ٣ 8H"),
                lambda: svg.card_svg("2C", wild_for="7X"), lambda: svg.card_svg("7H", scale_note="+1%"),
                lambda: bc.Meld.parse("5H 2S=9H 7H", "classic"), lambda: bc.Meld.parse(None, "classic"),
                lambda: bc.parse_cards(b"5H")]
    for attempt in attempts:
        with pytest.raises(bc.NotationError) as info:
            attempt()
        assert info.value.msg is not None, info.value
        found.add(info.value.msg)


def hand_score_refusals(found: Collector) -> None:
    """score_hand's refusals: a closing side without a (clean) burraco or without its pozzetto."""
    for rules, melds, took in (("classic", "5H 6H 7H", True), ("pulito", "2D=8H 9H 10H JH QH KH AH", True),
                               ("classic", "5H 6H 7H 8H 9H 10H JH", False)):
        side = bc.SideCount((bc.Meld.parse(melds, rules),), "", took_pozzetto=took)
        with pytest.raises(bc.IllegalMove) as refused:
            bc.score_hand([side, bc.SideCount(())], rules, closed_by=0)
        found.refusal(refused.value)


def rare_texts(found: Collector) -> None:
    """Hints, narrations and terminal texts of positions seeded hands seldom reach."""
    games = [bc.Game.setup("classic", hands=["5C 6C 9D", "KH KS"]),                    # the pile is empty
             bc.Game.setup("pulito", hands=["5C 6C 7C", "KH KS"], melds=[[BURRACO], []], phase="play",
                           took_pozzetto=(True, False), turns_played=[1, 1])]          # melding closes
    probe = bc.Game.setup("classic", hands=["5C 6C", "KH KS"])
    rest = list(probe.stock) + [c for p in probe.pozzetti for c in p]
    games.append(bc.Game.setup("classic", hands=["5C 6C", "KH KS"], stock=rest[:2], pozzetti=[],
                               discard_pile=rest[2:] + list(probe.discard_pile), took_pozzetto=(True, True)))
    for game in games:
        for hint in bc.hints(game):
            found.add(hint.reason)
    keys = {key for game in games for key in (h.reason.key for h in bc.hints(game))}
    assert {"hint.draw.pile-empty", "hint.lay-down.run", "hint.take.last-two"} <= keys, keys
    # a hand made void by the stalemate rule, narrated move by move, and the terminal's last words
    rules = dataclasses.replace(bc.ruleset("classic"), id="house", stalemate_limit=4,
                                open_discard_pile=False)
    game = bc.Game.setup(rules, hands=["5C 9D", "KH 9S"], discard_pile="QD")
    terminal = Terminal(HandSession(game, {1: bc.GreedyBot(1)}), io.StringIO(), io.StringIO())
    said: list[Message] = []
    terminal.say = lambda text="", indent=0: said.append(text)  # type: ignore[assignment, method-assign]
    terminal.show()
    while not game.is_over:
        player = game.current_player
        hand = game.hands[player]
        for action in (bc.TakePile(), *(bc.Discard(c) for c in hand if c.face != (12, "D") or player)):
            if game.explain(action) is None:
                break
        before = game.copy()
        game.apply(action)
        found.add(narrate(action, player, before, game, viewer=1, names=["Anna", "Bo"]))
    assert game.result is not None and game.result.reason == "void"
    terminal.finish()
    for text in said:
        found.add(text if isinstance(text, Message) else None)
    assert {"cli.pile.closed", "cli.end.void", "narrate.then.void", "who.named"} <= set(found.seen)


def picture_labels(found: Collector) -> None:
    found.add(svg.hand_label("5H JK"))
    found.add(svg.hand_label(""))
    for card in ("7H", "AS", "JK", "2C'"):
        found.add(svg.card_label(card))
        found.add(svg.card_label(card, face_down=True))
        found.add(svg.card_label(card, wild_for="8"))
        found.add(svg.card_label(card, wild_for="A♥", scale_note="+15"))


def _file_error(found: Collector, attempt: Any, key: str) -> bc.GameFileError:
    """The GameFileError an attempt raises, its message kept; the message (or one nested in it) has ``key``."""
    with pytest.raises(bc.GameFileError) as info:
        attempt()
    err = info.value
    assert err.msg is not None and key in {m.key for m in nested(err.msg)}, (key, err.msg)
    found.add(err.msg)
    return err


def position_refusals(found: Collector) -> None:
    """What Game.setup says of a position no hand can lead to (keys position.*)."""
    base: dict[str, Any] = dict(hands=["9H 5C 6C", "KH KS"])
    probe = bc.Game.setup("classic", hands=["5C 6C", "KH KS"])
    rest = list(probe.stock) + [c for p in probe.pozzetti for c in p]
    everything = ["5C 6C " + bc.format_cards(rest), "KH KS"]
    pulito_hand = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"
    tries: list[tuple[str, dict[str, Any]]] = [
        ("position.players", dict(hands=["5C"])),
        ("position.hands", dict(hands="9H 5C 6C")),
        ("position.melds", dict(melds=["5H 6H 7H"])),
        ("position.pozzetti", dict(pozzetti=5)),
        ("position.history-list", dict(history="draw")),
        ("position.cannot-set-up", dict(melds=[[None], []])),
        ("position.took-pozzetto", dict(took_pozzetto=(True,))),
        ("position.current", dict(current=5)),
        ("position.turns-played", dict(turns_played=[-1, 0])),
        ("position.phase", dict(phase="dance")),
        ("position.flag.took-pile", dict(took_pile="yes")),
        ("position.flag.melded", dict(melded=1)),
        ("position.flag.held-twin", dict(held_twin="no")),
        ("position.pozzetto-next-turn", dict(pozzetto_next_turn=[5])),
        ("position.trading-turns", dict(trading_turns=-1)),
        ("position.result", dict(phase="over", result={"reason": "stock"})),
        ("position.seed", dict(seed="x")),
        ("seed.range", dict(seed=10**40)),
        ("position.no-jokers", dict(rules="pulito", hands=["JK 5C", "KH"])),
        ("position.no-jokers", dict(rules="pulito", phase="play", pile_card="JK")),
        ("position.cannot-set-up", dict(hands=["5C 2X", "KH"])),
        ("position.cannot-set-up", dict(melds=[["5H 6H 9H"], []])),
        ("position.too-many", dict(hands=["5C 5C 5C", "KH"])),
        ("position.missing", dict(hands=["5C", "KH"], stock="2C", pozzetti=["", ""])),
        ("position.melds-sides", dict(melds=[[], [], []])),
        ("position.history", dict(history=["fold"])),
        ("position.held-twin-alone", dict(phase="play", held_twin=True)),
        ("position.problem.result-phase", dict(phase="over")),
        ("position.problem.result-player", dict(phase="over", result=bc.Result("stock", player=7))),
        ("position.problem.result-side", dict(phase="over", result=bc.Result("closed", player=1, side=0))),
        ("position.problem.no-cards", dict(phase="play", hands=["", "KH KS"])),
        ("position.problem.no-cards", dict(hands=["", "KH KS"])),
        ("position.problem.not-picking-pozzetto", dict(phase="pozzetto")),
        ("position.problem.pozzetti-left", dict(hands=["5C 6C", "KH KS"], took_pozzetto=(True, True),
                                                pozzetti=list(probe.pozzetti), stock=list(probe.stock))),
        ("position.problem.second-group", dict(melds=[["8H 8D 8C", "8S 8H' 8D'"], []])),
        ("position.problem.draw-but-played", dict(took_pile=True)),
        ("position.problem.pick-without-pile", dict(phase="play", took_pile=False, pile_card="9H")),
        ("position.problem.pozzetto-not-melded", dict(hands=["", "KH KS"], phase="pozzetto", melded=False)),
        ("position.problem.pending-untaken", dict(rules="pulito", hands=[pulito_hand, "KH KS"], current=1,
                                                  pozzetto_next_turn=[0])),
        ("position.problem.pending-both", dict(hands=["5C 6C", "KH KS", "QH QS", "JH JS"], current=1,
                                               took_pozzetto=(True, False), pozzetto_next_turn=[0, 2])),
        ("position.problem.pending-playing", dict(rules="pulito", hands=[pulito_hand, "KH KS"], phase="play",
                                                  took_pozzetto=(True, False), pozzetto_next_turn=[0])),
        ("position.problem.stalemate", dict(phase="play", trading_turns=12)),
        ("position.dead-end.draw", dict(hands=everything, stock="", pozzetti=[], took_pozzetto=(True, True))),
        ("position.dead-end.play", dict(hands=["8C", "KH KS"], melds=[["3S 4S 5S"], []], phase="play",
                                        took_pozzetto=(True, False), turns_played=[1, 1])),
    ]
    for key, changes in tries:
        args = {**base, **changes}
        rules = args.pop("rules", "classic")
        _file_error(found, lambda rules=rules, args=args: bc.Game.setup(rules, **args), key)
    # a meld of another ruleset cannot be typed into a position (melds are read under its rules): put one there
    game = bc.Game.setup("classic", hands=["9H 5C 6C", "KH KS"])
    game._s.melds[0].append(bc.Meld.lay_down("5S 6S 7S", "pulito"))
    _file_error(found, lambda: bc.position.check_reachable(game), "position.problem.other-ruleset")


def saved_game_refusals(found: Collector) -> None:
    """What Game.from_json says of a file it cannot load (keys file.*)."""
    import json

    from burraco_core.savefile import checksum

    text = bc.Game.new("classic", players=2, seed=5).to_json()

    def edited(edit: Any, indent: int = 1) -> str:
        body = json.loads(text)
        edit(body)
        body.pop("checksum", None)
        body["checksum"] = checksum(body)
        return json.dumps(body, ensure_ascii=False, indent=indent)

    tries: list[tuple[str, Any]] = [
        ("file.not-json.at", text[:-10]),
        ("file.not-json", 5),
        ("file.not-utf8", "é".encode("latin-1") + text.encode()),
        ("file.not-a-game", '{"format": "something else"}'),
        ("file.version", edited(lambda b: b.update(version=7))),
        ("file.changed", text.replace('"seed": 5', '"seed": 6')),
        ("file.missing-field", edited(lambda b: b.pop("hands"))),
        ("file.malformed", edited(lambda b: b.update(turns_played=5))),
        ("ruleset.problem.jokers", edited(lambda b: b["ruleset"].update(jokers=9))),
        ("position.too-many", edited(lambda b: b["hands"].__setitem__(1, b["hands"][1] + " " + b["hands"][0][:2]))),
        ("file.not-as-written", edited(lambda b: None, indent=2)),
        ("file.ruleset-not-a-table", edited(lambda b: b.update(ruleset=5))),
        ("file.unknown-fields", edited(lambda b: b["ruleset"].update(colour="red"))),
        ("file.wrong-length", edited(lambda b: b.update(pozzetto_pending=[False]))),
        ("file.pile-pick", edited(lambda b: b.update(pile_pick="x"))),
        ("file.result", edited(lambda b: b.update(result=5))),
        ("file.seed", edited(lambda b: b.update(seed="x"))),
    ]
    for key, bad in tries:
        _file_error(found, lambda bad=bad: bc.Game.from_json(bad), key)


def replayed_game_refusals(found: Collector) -> None:
    """What Game.from_json says of a dealt game whose deal and moves do not give it (file.not-from-deal and
    its parts, file.move-refused), the checksum recomputed each time."""
    import json

    from burraco_core.savefile import checksum

    game = bc.Game.new("classic", players=2, seed=5)
    bots = [bc.GreedyBot(0), bc.GreedyBot(1)]
    for _ in range(30):
        game.apply(bots[game.current_player].choose(game))
    ended = (ROOT / "tests" / "fixtures" / "saved-v1-classic-stock.json").read_text(encoding="utf-8")

    def edited(edit: Any, text: str = game.to_json()) -> str:
        body = json.loads(text)
        edit(body)
        body.pop("checksum", None)
        body["checksum"] = checksum(body)
        return json.dumps(body, ensure_ascii=False, indent=1)

    def swap(body: dict[str, Any], one: tuple[str, ...], other: tuple[str, ...]) -> None:
        """Swap the first card of two rows of cards (a hand, the stock...), named by their path in the body."""
        def row(path: tuple[str, ...]) -> tuple[Any, Any]:
            holder: Any = body
            for step in path[:-1]:
                holder = holder[int(step)] if isinstance(holder, list) else holder[step]
            last = path[-1]
            return holder, int(last) if isinstance(holder, list) else last
        (a, i), (b, j) = row(one), row(other)
        x, y = a[i].split(), b[j].split()
        x[0], y[0] = y[0], x[0]
        a[i], b[j] = " ".join(x), " ".join(y)

    tries: list[tuple[str, Any]] = [
        ("file.part.hand", edited(lambda b: swap(b, ("hands", "0"), ("hands", "1")))),
        ("file.part.stock", edited(lambda b: swap(b, ("hands", "0"), ("stock",)))),
        ("file.part.discard-pile", edited(lambda b: swap(b, ("discard_pile",), ("stock",)))),
        ("file.part.pozzetti", edited(lambda b: swap(b, ("pozzetti", "0"), ("stock",)))),
        ("file.part.melds", edited(lambda b: b.update(history=b["history"][:-2]))),
        ("file.part.turn", edited(lambda b: b.update(current=1 - b["current"]))),
        ("file.part.turns-played", edited(lambda b: b.update(turns_played=[t + 1 for t in b["turns_played"]]))),
        ("file.part.result", edited(lambda b: b.update(result={"reason": "stock", "player": 0}), ended)),
        ("file.move-refused", edited(lambda b: b["history"].__setitem__(1, "draw"))),
    ]
    for key, bad in tries:
        _file_error(found, lambda bad=bad: bc.Game.from_json(bad), key)


def ruleset_refusals(found: Collector) -> None:
    """What a ruleset with a malformed or contradictory field says (keys ruleset.*), every field named once."""
    classic = bc.ruleset("classic")
    points = [f.name for f in dataclasses.fields(bc.Ruleset) if f.name.endswith(("_value", "_bonus", "_penalty"))]
    flags = [f.name for f in dataclasses.fields(bc.Ruleset) if isinstance(getattr(classic, f.name), bool)]
    tries: list[tuple[dict[str, Any], str]] = [
        (dict(id=""), "ruleset.problem.id"), (dict(name=5), "ruleset.problem.name"),
        (dict(jokers=9), "ruleset.problem.jokers"), (dict(jokers="many"), "ruleset.problem.whole-number"),
        *((dict([(name, -1)]), "ruleset.problem.points") for name in points),
        *((dict([(name, "yes")]), "ruleset.problem.flag") for name in flags),
        (dict(semi_clean_wild="x"), "ruleset.problem.semi-clean-wild"),
        (dict(stock_exhausted="x"), "ruleset.problem.stock-exhausted"),
        (dict(game_length="x"), "ruleset.problem.game-length"),
        (dict(ace_to_ace_bonus=1000), "ruleset.problem.ace-to-ace-bonus"),
        (dict(game_length="target"), "ruleset.problem.target-needed"),
        (dict(target_score=100), "ruleset.problem.target-unused"),
        (dict(stalemate_limit=1), "ruleset.problem.stalemate"),
        (dict(joker_value=10**100), "ruleset.problem.too-big"),
        (dict(name="Casa nostra", two_value=-5, stalemate_limit=0), "problems.join"),
    ]
    for changes, key in tries:
        with pytest.raises(bc.RulesetError) as info:
            dataclasses.replace(classic, **changes)
        err = info.value
        assert err.msg is not None and key in {m.key for m in nested(err.msg)}, (key, err.msg)
        assert set(err.fields) <= set(changes) | {"target_score", "ace_to_ace_bonus"}, err.fields
        found.add(err.msg)
    for attempt in (lambda: bc.ruleset("classico"),
                    lambda: bc.score_side([bc.Meld.lay_down("5S 6S 7S", "pulito")], "", "classic", closed=False,
                                          took_pozzetto=True)):
        with pytest.raises(bc.RulesetError) as info:
            attempt()
        assert info.value.msg is not None
        found.add(info.value.msg)
    fields_said = {key for key in found.seen if key.startswith("ruleset.field.")}
    assert fields_said == {f"ruleset.field.{f.name}" for f in dataclasses.fields(bc.Ruleset)} - {
        "ruleset.field.id", "ruleset.field.name"}


def match_reports(found: Collector) -> None:
    """Match.report's lines: every way a hand ends, victory points, a winner and a draw."""
    won = bc.Match("classic")
    for a, b, why in ((1000, 400, "closed"), (300, 500, "stock"), (200, 100, "void")):
        won.record_score(a, b, why)
    drawn = bc.Match("classic", hands=4)
    for _ in range(4):
        drawn.record_score(100, 100)
    going = bc.Match("buraco", players=2)
    going.record_score(600, 300)
    for match in (won, drawn, going):
        for line in match.report():
            found.add(line)
    assert {"match.winner", "match.draw", "match.victory-points", "match.hand"} <= set(found.seen)


@pytest.fixture(scope="session")     # shared by the tests of the translations too
def produced() -> Iterator[Collector]:
    found = Collector()
    for number, rules in enumerate(RULESETS):
        for players in (2, 4):
            play_and_collect(found, rules, players, seed=40 + number * 2 + players, bot="greedy")
        play_and_collect(found, rules, 2, seed=70 + number, bot="random")
        meld_refusals(found, rules, random.Random(number), 400)
        # every line a breakdown can have, from score_side itself
        melds = [bc.Meld.lay_down("3H 4H 5H 6H 7H 8H 9H", rules), bc.Meld.lay_down("5S 6S 7S", rules)]
        if bc.ruleset(rules).groups_allowed:
            melds.append(bc.Meld.lay_down("5S 5D 5C", rules))
        for closed, took, unused in ((True, True, False), (False, False, False), (False, True, True)):
            for line in bc.score_side(melds, "KH 3C", rules, closed=closed, took_pozzetto=took,
                                      pozzetto_unused=unused).lines:
                found.add(line.message)
    found.add(bc.scoring.VOID_LINE.message)
    found.add(bc.scoring.TOTAL)
    hand_score_refusals(found)
    scenario_refusals(found)
    picture_labels(found)
    notation_refusals(found)
    rare_texts(found)
    session_texts(found)
    position_refusals(found)
    saved_game_refusals(found)
    replayed_game_refusals(found)
    ruleset_refusals(found)
    match_reports(found)
    with pytest.MonkeyPatch.context() as patch:
        terminal_messages(found, patch)
    yield found


def test_every_message_the_engine_says_has_a_matching_english_text(produced):
    english = messages.catalogue("en")
    problems = []
    for key, variants in sorted(produced.seen.items()):
        template = english.get(key)
        if template is None:
            problems.append(f"{key}: no English text")
            continue
        for names, msg in variants.items():
            wanted = placeholders(template)
            if key in PENDING and names == PENDING[key][0]:
                continue
            if wanted != names:
                problems.append(f"{key}: the text uses {sorted(wanted)}, the engine gives {sorted(names)} "
                                f"(e.g. {msg!r})")
                continue
            try:
                msg.text("en")
            except Exception as err:   # any failure to format is a problem to list
                problems.append(f"{key}: {type(err).__name__}: {err} (e.g. {msg!r})")
    assert not problems, "\n".join(problems)


# Parameters that are text on purpose: notation (card codes, commands, what could not be read),
# names people chose, and numbers shown as they are. Every other text parameter must be a code
# that a {x:select:...} chooses by, or a nested Message: never words of one language.
NOTATION_PARAMS = {
    ("notation.*", "token"), ("notation.*", "text"), ("notation.*", "value"), ("notation.*", "option"),
    ("notation.*", "unknown"), ("notation.*", "legal"), ("notation.suit", "suit"), ("cli.hint", "action"), ("cli.your-hand", "hand"),
    ("cli.welcome", "seed"), ("cli.meld.wild", "stands_for"), ("who.named", "name"),
    ("cli.unknown-language", "lang"), ("cli.unknown-language", "known"), ("svg.card.note", "note"),
    ("cli.help.line", "command"),
    ("session.bot-refused", "action"), ("session.bot-refused", "rule"), ("session.move", "action"),
    # what a position, a saved game or a ruleset was given, as Python writes it, and field and ruleset ids
    ("position.*", "value"), ("position.phase", "phases"), ("file.*", "value"), ("file.*", "field"),
    ("seed.range", "value"),
    ("file.*", "fields"), ("ruleset.*", "value"), ("ruleset.unknown", "known"),
    # a house variant's own name (a built-in's name is a Message)
    ("ruleset.inconsistent", "ruleset"), ("ruleset.meld-of-another", "meld_rules"),
    ("ruleset.meld-of-another", "rules"), ("match.heading", "ruleset"), ("position.no-jokers", "ruleset"),
}

# Known parameters given as words rather than codes or Messages: (key, parameter) -> who fixes it.
PENDING_VALUES: dict[tuple[str, str], str] = {}


def _kinds(template: str) -> dict[str, set[str]]:
    """Each placeholder's kinds in a template, forms of plural and select included."""
    kinds: dict[str, set[str]] = {}
    for _, _, inside in messages._fields(template):
        name, _, rest = inside.partition(":")
        kind, _, forms = rest.partition(":")
        kinds.setdefault(name, set()).add(kind)
        if kind in ("plural", "select"):
            for form in messages._split_top(forms, "|"):
                for inner, more in _kinds(form.partition("=")[2] if kind == "select" else form).items():
                    kinds.setdefault(inner, set()).update(more)
    return kinds


def test_no_parameter_is_a_word_of_one_language(produced):
    english = messages.catalogue("en")
    problems = []
    for key, variants in sorted(produced.seen.items()):
        kinds = _kinds(english.get(key, ""))
        family = key.split(".")[0] + ".*"
        for msg in variants.values():
            for name, value in msg.params.items():
                texts = [v for v in (value if isinstance(value, (tuple, list)) else (value,)) if isinstance(v, str)]
                used = kinds.get(name)
                if not texts or not used or (key, name) in PENDING_VALUES:
                    continue   # (a parameter no text shows is the other test's problem)
                if "select" in used or used <= {"suit", "rank", "ranks"}:
                    continue   # a code: chosen by, or said in words by the catalogue
                if (key, name) in NOTATION_PARAMS or (family, name) in NOTATION_PARAMS:
                    continue
                problems.append(f"{key}: {name}={value!r} is text, not a code a select chooses by nor a Message")
    assert not problems, "\n".join(sorted(set(problems)))
    still = {pair for pair in PENDING_VALUES
             if any(isinstance(m.params.get(pair[1]), str) for m in produced.seen.get(pair[0], {}).values())}
    assert still == set(PENDING_VALUES), f"fixed, remove from PENDING_VALUES: {set(PENDING_VALUES) - still}"


def test_pending_mismatches_are_still_there(produced):
    """An entry of PENDING whose code was fixed (or whose key is no longer said) must go."""
    for key, (names, why) in PENDING.items():
        assert names in produced.seen.get(key, {}), f"{key} is fixed ({why}): remove it from PENDING"


def test_the_collection_reaches_every_kind_of_text(produced):
    """The hands above are varied enough: each family of keys, and most refusals, are met."""
    keys = set(produced.seen)
    for family in ("rule.", "hint.", "narrate.", "score.", "cli.", "svg.", "who.", "notation.", "meld.", "position.",
                   "file.", "ruleset.", "match."):
        assert any(key.startswith(family) for key in keys), family
    refusals = {key[5:] for key in keys if key.startswith("rule.") and not key.endswith(".summary")}
    assert refusals == set(_RULES), sorted(set(_RULES) - refusals)


def test_every_rule_id_has_its_two_texts():
    english = messages.catalogue("en")
    for rule in _RULES:
        assert english.get(f"rule.{rule}"), rule
        assert english.get(f"rule.{rule}.summary"), rule
        assert bc.RULE_IDS[rule] == (english[f"rule.{rule}.summary"], english[f"rule.{rule}"])
    rules_in_catalogue = {key[5:].removesuffix(".summary") for key in english if key.startswith("rule.")}
    assert rules_in_catalogue == set(_RULES)


def test_every_template_uses_known_kinds_and_balanced_braces():
    for key, template in messages.catalogue("en").items():
        assert template.count("{") == template.count("}"), key
        for _, _, inside in messages._fields(template):
            name, _, rest = inside.partition(":")
            assert re.fullmatch(r"[a-z_]+", name), (key, name)
            assert rest.partition(":")[0] in KINDS, (key, inside)


def _source_text(*packages: str) -> str:
    files = [path for package in packages for path in sorted((ROOT / package).glob("*.py"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def _engine_catalogue() -> dict[str, str]:
    path = ROOT / "burraco_core" / "locale" / "en.txt"
    return dict(parse_catalogue(path.read_text(encoding="utf-8"), str(path)))


def test_no_key_of_the_engine_catalogue_goes_unused(produced):
    """A key is used if the engine produced it above, or its code names it (a literal or an f-string prefix)."""
    source = _source_text("burraco_core")
    prefixes = {match.group(1) for match in re.finditer(r'f"([a-z][a-z0-9.\-]*\.)\{', source)}
    # the words messages.py itself looks up for the kinds {x:name} {x:rank} {x:ranks} {x:suit} {x:list}...
    formatting = {"card.name", "card.joker", "card.joker.short", "list.and", "list.none", "player", "yes", "no"}
    prefixes |= {"rank.", "ranks.", "suit."}
    unused = []
    for key in _engine_catalogue():
        if key in produced.seen or key in formatting or key in ALLOWED_UNUSED:
            continue
        if f'"{key}"' in source or any(key.startswith(prefix) for prefix in prefixes):
            continue
        unused.append(key)
    assert not unused, f"keys nothing uses: {unused}"


def _keys_named(source: str) -> set[str]:
    named = set(re.findall(r'Message\(\s*"([a-z][a-z0-9.\-]*)"', source))
    named |= set(re.findall(r'Message\("([a-z][a-z0-9.\-]*)" if', source))
    named |= set(re.findall(r'else "([a-z][a-z0-9.\-]*\.[a-z0-9.\-]+)"\)', source))
    return named


def test_every_key_of_the_engine_is_said_somewhere_above(produced):
    """So that each key's parameters were checked against its text, not only its existence."""
    formatting = {"card.name", "card.joker", "card.joker.short", "list.and", "list.none", "player", "yes", "no"}
    never = sorted(key for key in _engine_catalogue()
                   if key not in produced.seen and key not in formatting
                   and not key.startswith(("rank.", "ranks.", "suit.")))
    assert never == [], f"no hand above says these: add a position that does: {never}"


def test_keys_named_in_code_all_exist(catalogue_dir):
    """Every literal key handed to Message() names a key: the engine's in its own catalogue."""
    engine = _keys_named(_source_text("burraco_core"))
    assert len(engine) > 50, "the patterns found too few Messages"
    assert sorted(engine - set(_engine_catalogue())) == []
    # the lessons' keys are in the lessons' catalogue, read after the engine's
    lessons_dir = ROOT / "lessons" / "locale"
    if all(folder.resolve() != lessons_dir.resolve() for folder in messages._DIRS):
        messages._DIRS.append(lessons_dir)
    messages._CATALOGUES.clear()
    english = messages.catalogue("en")
    assert sorted(_keys_named(_source_text("lessons")) - set(english)) == []


# ------------------------------------------------------------------ the texts are shown in the language asked for

@pytest.fixture
def pseudo(catalogue_dir, monkeypatch):
    """A made-up language 'xx': every English text between ⟪ ⟫ (so a text not asked in xx shows)."""
    english = messages.catalogue("en")
    lines = [f"{key} = ⟪{text}⟫" for key, text in english.items()]
    (catalogue_dir / "xx.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    messages._CATALOGUES.clear()
    import burraco_core.__main__ as cli

    monkeypatch.setattr(cli, "languages", lambda: ("en", "xx"))
    return "xx"


def test_the_terminal_shows_every_text_in_the_language_of_lang(pseudo):
    reader = Recorder(["help", "hint", "show", "meld 2X", "draw"])
    made: list[Terminal] = []
    original = Terminal.__init__

    def init(self: Terminal, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        reader.terminal = self
        made.append(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Terminal, "__init__", init)
        out = io.StringIO()
        assert main(["play", "--ruleset", "classic", "--players", "2", "--seed", "8", "--lang", "xx"],
                    stdin=reader, stdout=out) == 0
    assert made[0].game.is_over
    lines = [line.removeprefix("> ").strip() for line in out.getvalue().replace("> ", "\n").splitlines()]
    untranslated = [line for line in lines if line and "⟪" not in line]
    assert not untranslated, untranslated[:10]


def test_pictures_scores_hints_and_narration_follow_lang(pseudo):
    assert "⟪" in svg.card_svg("7H", lang="xx") and "⟪" not in svg.card_svg("7H")
    assert svg.card_text("7H", "xx") == "⟪⟪seven⟫ of ⟪hearts⟫⟫"
    assert "⟪" in svg.hand_svg("5H 6H", lang="xx") and "⟪" in svg.back_svg(1, lang="xx")
    meld = bc.Meld.lay_down("5H 6H 7H", "classic")
    assert svg.meld_svg(meld, lang="xx").count("⟪") >= (1 if isinstance(meld.describe(), Message) else 0)
    breakdown = bc.score_side([meld], "KH", "classic", closed=False, took_pozzetto=False)
    assert all("⟪" in row for row in breakdown.as_text("xx").splitlines())
    game = bc.Game.setup("classic", hands=["5H 6H 7H KS 9C", "3S 4S 8D 10C JH AH 7C"], phase="play")
    assert bc.hints(game)[0].text("xx").startswith("⟪Lay down")
    before = game.copy()
    game.apply(bc.LayDown("5H 6H 7H"))
    assert narrate(bc.LayDown("5H 6H 7H"), 0, before, game).text("xx") == "⟪⟪Player 1⟫ laid down 5♥ 6♥ 7♥.⟫"


# ------------------------------------------------------------------ the narrator

def test_narration_tells_the_viewer_what_only_they_may_see():
    game = bc.Game.new("classic", 2, seed=3)
    before = game.copy()
    top = game.stock[-1] if game.stock else None
    game.apply(bc.Draw())
    drawn = [c for c in game.hands[0] if c not in before.hands[0]] or [top]
    mine = narrate(bc.Draw(), 0, before, game, viewer=0)
    assert mine == Message("narrate.you.draw", card=drawn[0])
    assert str(narrate(bc.Draw(), 0, before, game, viewer=1)) == "Player 1 drew from the stock."
    assert str(narrate(bc.Draw(), 0, before, viewer=1, names=["Anna", "Bo"])) == "Anna drew from the stock."


def test_narration_says_whose_meld_and_what_it_became():
    game = bc.Game.setup("classic", hands=["9H KS 4C", "3S 4S 8D", "QC QD 7S", "5C 6C 8C"],
                         melds=[["3H 4H 5H 6H 7H 8H"], []], phase="play")
    before = game.copy()
    game.apply(bc.Attach(0, "9H"))
    action = bc.Attach(0, "9H")
    assert str(narrate(action, 0, before, game, viewer=0)) == \
        "You attached 9♥ to your side's meld: now 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥."
    assert str(narrate(action, 0, before, game, viewer=2)) == \
        "Player 1 attached 9♥ to your side's meld: now 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥."
    assert str(narrate(action, 0, before, game, viewer=1)) == \
        "Player 1 attached 9♥ to their side's meld: now 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥."


def test_narration_of_a_closed_pile_taken_by_another_player_counts_it():
    closed_pile = dataclasses.replace(bc.ruleset("classic"), id="closed-pile", open_discard_pile=False)
    game = bc.Game.new(closed_pile, 2, seed=2)
    before = game.copy()
    game.apply(bc.TakePile())
    assert narrate(bc.TakePile(), 0, before, game, viewer=1).key == "narrate.take-pile.hidden"
    assert narrate(bc.TakePile(), 0, before, game, viewer=0).params["cards"] == tuple(before.discard_pile)


def test_the_complete_languages_are_judged_again_only_when_the_catalogues_change(catalogue_dir):
    # issue 31: every page asks which languages are complete at every save of the progress; the answer is
    # kept while the catalogues are the same, and judged again once one is added, read again or dropped
    from lessons.curriculum import model

    judged = []

    @messages.per_catalogues
    def complete() -> tuple[str, ...]:
        judged.append(len(messages.catalogue("en")))
        return model.languages()

    assert complete() == complete() == model.languages() and "it" in model.languages()
    assert len(judged) == 1
    (catalogue_dir / "en.txt").write_text("test.only-in-english = Only in English\n", encoding="utf-8")
    messages._CATALOGUES.clear()                  # read again: English now has a text Italian lacks
    assert "it" not in complete() and "it" not in model.languages() and len(judged) == 2
    assert "it" not in complete() and len(judged) == 2
    messages._CATALOGUES.clear()
    (catalogue_dir / "en.txt").unlink()
    assert "it" in model.languages() and "it" in complete() and len(judged) == 3
