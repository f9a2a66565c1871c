"""The exercise kinds: what each one's data holds, how an answer is put to the engine.

A kind reads the exercise's ``data`` once, when the lesson is loaded (:meth:`Kind.prepare`
checks it and names the field at fault), and turns each answer into an
:class:`~lessons.curriculum.checks.Attempt`: what ``burraco_core`` said about it. The exercise's
check then decides. A kind computes nothing about the rules itself: a meld is laid down
or attached by the engine, a position is built by ``Game.setup`` and played with
``Game.explain``/``Game.apply``, a number comes from ``full_deck`` or ``Game.new``.

This module holds what a kind is, its registry and the helpers that read a kind's data; the
kinds themselves register from :mod:`.melds`, :mod:`.table` and :mod:`.scores`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import burraco_core as bc
from burraco_core.errors import shorten, shown
from burraco_core.messages import Message

from ..checks import Attempt, CurriculumError
from ..checks.base import RuleOnce


class Unreadable(Exception):
    """An answer the kind cannot put to the engine (not a number, not one of the choices...)."""

    def __init__(self, msg: Message) -> None:
        super().__init__(msg.key)
        self.msg = msg


@dataclass(frozen=True)
class Choice:
    """One answer the learner may pick: its key (the answer) and its label."""

    key: str
    label: Message


@dataclass(frozen=True)
class Prepared:
    """An exercise's data, read and checked once: what the kind and the widget use."""

    hand: tuple[bc.Card, ...] = ()
    melds: tuple[bc.Meld, ...] = ()            # your side's melds (build-meld, attach)
    opponent_melds: tuple[bc.Meld, ...] = ()
    meld: bc.Meld | None = None                # the meld asked about (judge: the meld attached to)
    cards: tuple[bc.Card, ...] = ()            # judge-meld: the cards laid down (or attached)
    position: Mapping[str, Any] = field(default_factory=dict)   # Game.setup keyword arguments
    choices: tuple[Choice, ...] = ()
    value: Callable[[bc.Ruleset], int] | None = None           # count
    pick: Callable[[bc.Card, bc.Ruleset], bool] | None = None  # pick-cards
    face_down: bool = False                                    # pick-cards: show the backs
    action: str = ""                                           # why-not: the move asked about
    extra: Mapping[str, Any] = field(default_factory=dict)     # what a kind keeps besides (score, match, ...)


@dataclass(frozen=True)
class Kind:
    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...]
    default_check: tuple[Any, ...]
    prepare: Callable[[Mapping[str, Any], bc.Ruleset, str], Prepared]
    read: Callable[[Prepared, bc.Ruleset, Any], Attempt]


KIND_TABLE: dict[str, Kind] = {}


def kind(name: str, required: tuple[str, ...], optional: tuple[str, ...], default_check: list[Any]
          ) -> Callable[[Callable[..., Prepared]], Callable[..., Prepared]]:
    def register(prepare: Callable[..., Prepared]) -> Callable[..., Prepared]:
        reader = READERS[name]
        KIND_TABLE[name] = Kind(name, required, optional, tuple(default_check), prepare, reader)
        return prepare

    return register


READERS: dict[str, Callable[[Prepared, bc.Ruleset, Any], Attempt]] = {}


def reader(name: str) -> Callable[[Callable[..., Attempt]], Callable[..., Attempt]]:
    def register(read: Callable[..., Attempt]) -> Callable[..., Attempt]:
        READERS[name] = read
        return read

    return register


# -- helpers for preparing data ----------------------------------------------------------------

def read_cards(data: Mapping[str, Any], name: str, where: str, rules: bc.Ruleset) -> tuple[bc.Card, ...]:
    value = data[name]
    if not isinstance(value, str):
        raise CurriculumError(where, f"data.{name}", f"cards are written as text such as '5H 6H 7H', not {shown(value)}")
    try:
        return bc.parse_cards(value)
    except bc.NotationError as err:
        raise CurriculumError(where, f"data.{name}", str(err)) from err


def read_meld(code: Any, where: str, name: str, rules: bc.Ruleset) -> bc.Meld:
    if not isinstance(code, str):
        raise CurriculumError(where, name, f"a meld is written as its table code, such as '5H 6H 2H=7H', not {shown(code)}")
    try:
        return bc.Meld.parse(code, rules)
    except bc.BurracoError as err:
        raise CurriculumError(where, name, f"the engine refuses the meld {shown(code)}: {err}") from err


def read_melds(data: Mapping[str, Any], name: str, where: str, rules: bc.Ruleset) -> tuple[bc.Meld, ...]:
    codes = data.get(name, [])
    if not isinstance(codes, list):
        raise CurriculumError(where, f"data.{name}", f"a list of table codes, not {shown(codes)}")
    return tuple(read_meld(code, where, f"data.{name}[{i}]", rules) for i, code in enumerate(codes))


def asked_meld(data: Mapping[str, Any], where: str, rules: bc.Ruleset) -> bc.Meld:
    """The meld an exercise asks about: ``meld`` (a table code) or ``cards`` (laid down canonically)."""
    if ("meld" in data) == ("cards" in data):
        raise CurriculumError(where, "data", "give either 'meld' (a table code) or 'cards', not both or neither")
    if "meld" in data:
        return read_meld(data["meld"], where, "data.meld", rules)
    try:
        return bc.Meld.lay_down(read_cards(data, "cards", where, rules), rules)
    except bc.IllegalMove as err:
        raise CurriculumError(where, "data.cards", f"the engine refuses these cards as a meld: {err}") from err


@functools.lru_cache(maxsize=512)
def _built(rules: bc.Ruleset, position: str) -> bc.Game:
    return bc.Game.setup(rules, **json.loads(position))


# How a lesson's table names each seat, counted from the learner's (clockwise): as a label ("Opponent on
# your left"), to start a sentence ("The opponent on your left discarded 6♥.") and inside one ("...: the
# opponent on your left has not played a turn").
SEAT_NAMES = {2: ("table.name.you", "table.name.opponent"),
              4: ("table.name.you", "table.name.opponent-a", "table.name.partner", "table.name.opponent-b")}
SEAT_NAMES_TO_START = {2: ("seat.who.you", "seat.who.opponent"),
                       4: ("seat.who.you", "seat.who.opponent-a", "seat.who.partner", "seat.who.opponent-b")}
SEAT_NAMES_IN_TEXT = {2: ("seat.you", "seat.opponent"),
                      4: ("seat.you", "seat.opponent-a", "seat.partner", "seat.opponent-b")}


def name_seats(msg: Any, players: int, viewer: int) -> Any:
    """``msg`` with the engine's "player N" replaced by the seat's name as the table shows it from the
    learner's seat ``viewer``: a lesson never numbers the players."""
    if isinstance(msg, Message):
        if msg.key == "player" and isinstance(msg.params.get("number"), int) and players in SEAT_NAMES_IN_TEXT:
            return Message(SEAT_NAMES_IN_TEXT[players][(msg.params["number"] - 1 - viewer) % players])
        params = msg.params
        renamed = {name: name_seats(value, players, viewer) for name, value in params.items()}
        if renamed == params:
            return msg
        return (RuleOnce if isinstance(msg, RuleOnce) else Message)(msg.key, **renamed)   # (it decides per language)
    if isinstance(msg, tuple):
        return tuple(name_seats(each, players, viewer) for each in msg)
    return msg


def set_up(rules: bc.Ruleset, position: Mapping[str, Any]) -> bc.Game:
    """``Game.setup(rules, **position)``, built once per position and rules and copied for each use:
    an exercise's position is set up for every answer checked (and every answer of every exercise
    is checked when a lesson is read), and the engine's setup, which proves the position reachable,
    is the dear part. The copy is the caller's to play on."""
    try:
        key = json.dumps(position, sort_keys=True)
    except (TypeError, ValueError):       # not plain JSON (a teacher's Python values): built each time
        return bc.Game.setup(rules, **position)
    return _built(rules, key).copy()


def check_setup(position: Mapping[str, Any], rules: bc.Ruleset, where: str, name: str) -> None:
    """Build the position once, so that a position no hand can reach fails at load."""
    try:
        set_up(rules, position)
    except TypeError as err:
        raise CurriculumError(where, name, f"not a keyword of Game.setup: {err}") from err
    except bc.BurracoError as err:
        raise CurriculumError(where, name, f"Game.setup refuses the position: {err}") from err


def table_position(prepared_hand: str, melds: list[str], opponent_melds: list[str]) -> dict[str, Any]:
    """The position of build-meld and attach: your hand and melds, drawn already, the rest in the stock."""
    return {"hands": [prepared_hand, ""], "melds": [list(melds), list(opponent_melds)], "phase": "play"}


def flag(data: Mapping[str, Any], name: str, where: str, default: bool = False) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise CurriculumError(where, name, "true or false")
    return value


def answer_text(answer: Any, wanted: str = "ex.verdict.not-text") -> str:
    """The answer as text; anything else is Unreadable with the message ``wanted`` (what form it takes)."""
    if not isinstance(answer, str):
        raise Unreadable(Message(wanted))
    return answer.strip()


def answer_cards(answer: Any) -> str:
    """An answer that names cards: text (``"5H 6H 7H"``), a card, or a list or tuple of cards or card
    codes (what a program holds); anything else is Unreadable, saying what form is wanted."""
    if isinstance(answer, bc.Card):
        return answer.code
    if isinstance(answer, (list, tuple)) and all(isinstance(each, (str, bc.Card)) for each in answer):
        return " ".join(each.code if isinstance(each, bc.Card) else each.strip() for each in answer)
    return answer_text(answer, "ex.verdict.form.cards")


def answer_moves(answer: Any) -> str:
    """An answer that is moves: text (``"draw; discard 9C"``), or a list or tuple of moves as text."""
    if isinstance(answer, (list, tuple)) and all(isinstance(each, str) for each in answer):
        return "; ".join(each.strip() for each in answer)
    return answer_text(answer, "ex.verdict.form.moves")


_WHOLE = re.compile(r"[+-]?[0-9]{1,15}")


def whole_number(answer: Any) -> int | None:
    """A whole number given as an int or typed as text, else None. ASCII digits only, and not too many:
    ``"²".isdigit()`` is true and ``int("²")`` fails, and ``int`` refuses a text of thousands of digits."""
    if type(answer) is int:
        return answer
    if isinstance(answer, str) and _WHOLE.fullmatch(answer.strip()):
        return int(answer.strip())
    return None


def too_many_cards(game: bc.Game, cards: tuple[bc.Card, ...]) -> Unreadable | None:
    """More cards in one move than the player holds: said as a count, so that a pasted junk answer of
    two hundred cards is not read back in full."""
    held = len(game.hands[game.current_player])
    if len(cards) <= max(held, 1):
        return None
    return Unreadable(Message("ex.verdict.too-many-cards", count=len(cards), held=held))


def answer_choice(prepared: Prepared, answer: Any) -> str:
    keys = [c.key for c in prepared.choices]
    if answer not in keys:
        raise Unreadable(Message("ex.verdict.not-a-choice"))
    return str(answer)


def unreadable_cards(err: bc.NotationError) -> Message:
    """What the learner reads of cards the engine could not read (the bad part, shortened)."""
    return Message("ex.verdict.unreadable-cards", problem=shorten(str(err.token)))


def unreadable_action(err: bc.NotationError) -> Message:
    """What the learner reads of a move the engine could not read (the bad part, shortened): a card
    in it that is no card is said as such (a meld typed as its cards is read as a move)."""
    if err.msg is not None and err.msg.key in ("notation.card", "notation.suit"):
        return unreadable_cards(err)
    return Message("ex.verdict.unreadable-action", problem=shorten(str(err.token)))


def play_answer(prepared: Prepared, rules: bc.Ruleset, text: str) -> Attempt:
    """Play the answer's actions on the exercise's position, as the engine allows them."""
    try:
        actions = [bc.parse_action(part) for part in text.split(";") if part.strip()]
    except bc.NotationError as err:
        raise Unreadable(unreadable_action(err)) from err
    if not actions:
        raise Unreadable(Message("ex.verdict.form.moves"))
    game = set_up(rules, prepared.position)
    before = game.copy()
    player = game.current_player
    meld: bc.Meld | None = None
    cards: tuple[bc.Card, ...] = ()
    played = []
    for action in actions:
        cards = tuple(getattr(action, "cards", ()) or ((action.card,) if hasattr(action, "card") else ()))
        too_many = too_many_cards(game, cards)
        if too_many is not None:
            raise too_many
        refusal = game.explain(action)
        if refusal is not None:
            return Attempt(answer=text, rules=rules, meld=meld, refusal=refusal, game=game, cards=cards,
                           player=player, before=before)
        side = game.side_of(game.current_player)
        game.apply(action)
        played.append(str(action))
        if isinstance(action, bc.LayDown):
            meld = game.melds[side][-1]
        elif isinstance(action, bc.Attach):
            meld = game.melds[side][action.meld]
    return Attempt(answer="; ".join(played), rules=rules, meld=meld, game=game, cards=cards, player=player,
                   before=before)


__all__ = ["KIND_TABLE", "READERS", "SEAT_NAMES", "SEAT_NAMES_IN_TEXT", "SEAT_NAMES_TO_START", "Choice", "Kind", "Prepared", "Unreadable",
           "answer_cards", "answer_choice",
           "answer_moves", "answer_text", "asked_meld", "check_setup", "flag", "kind", "play_answer", "read_cards",
           "name_seats", "read_meld", "read_melds", "reader", "set_up", "table_position", "too_many_cards", "unreadable_action",
           "unreadable_cards", "whole_number"]
