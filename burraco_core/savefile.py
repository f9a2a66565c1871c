"""Saved games: the whole hand as JSON text, and back (``game.to_json()``, ``Game.from_json(text)``).

The file holds a format name and version, the ruleset's fields, the position (as
``Game.setup`` takes it), the history and a checksum. Loading goes through
``Game.setup``, so a saved game is checked like any position; anything corrupt,
changed by hand or not in the form this version writes raises :class:`GameFileError`.

The checksum catches a file damaged or edited by accident; it is no signature, since anyone can
recompute it. So a hand dealt by ``Game.new(seed=...)`` is dealt again from its seed and its
history played again when it is loaded, and a file whose position is not what they give is
refused (``file.not-from-deal``, ``file.move-refused``): what such a file says happened did.
A hand whose moves start from a position set up by hand (``Game.setup``) has no deal to replay:
its saved history begins with the entry :data:`SET_UP`, and only the checksum and the position
checks stand behind it. The same holds for a hand dealt at random (seed null), and for a file
with no move yet whose cards are not the deal of its seed: that is read as a position set up by
hand (the format has no room to tell the two apart).

Files written by earlier versions stay readable: the layout has not changed since
version 1, and a ruleset field added later takes its built-in value when a file
predates it. (A set-up position saved with moves before :data:`SET_UP` existed cannot be told
from a dealt hand edited by hand: it is refused as not following from its deal.)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from .cards import format_cards
from .errors import SEED_DIGITS, BurracoError, GameFileError, IllegalMove, is_seed, is_whole, shown
from .messages import Message
from .position import G, GameLike, setup
from .rulesets import RULESETS, Ruleset
from .state import Result

FORMAT = "burraco-tutor/game"
VERSION = 1
SET_UP = "(set up by hand)"
"""The first entry of a saved history whose moves start from a position of ``Game.setup``, not
from the deal of the game's seed (a note, not an action: the loader does not replay them)."""


def dumps(game: GameLike) -> str:
    """The whole game as JSON text."""
    return _text(_body(game))


def _body(game: GameLike, ruleset_keys: list[str] | None = None) -> dict[str, Any]:
    fields = dataclasses.asdict(game.rules)
    if ruleset_keys is not None:  # the fields of a file written before some were added
        fields = {key: fields[key] for key in fields if key in ruleset_keys}
    pick = game.pile_pick
    result = game.result
    history = list(game.history)
    if history and game.seed is not None and not game.from_deal:
        history.insert(0, SET_UP)   # else loading would replay these moves from a deal they never had
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": fields,
        "players": game.players,
        "seed": game.seed,
        "current": game.current_player,
        "phase": game.phase,
        "hands": [format_cards(h) for h in game.hands],
        "stock": format_cards(game.stock),
        "discard_pile": format_cards(game.discard_pile),
        "pozzetti": [format_cards(p) for p in game.pozzetti],
        "melds": [[m.table_code for m in side] for side in game.melds],
        "took_pozzetto": list(game.took_pozzetto),
        "pozzetto_pending": list(game.pozzetto_pending),
        "turns_played": list(game.turns_played),
        "pile_pick": None if pick is None else [pick[0].code, pick[1]],
        "took_pile": game.took_pile,
        "melded": game.melded,
        "trading_turns": game.trading_turns,
        "result": None if result is None else result.to_dict(),
        "history": history,
    }


def _text(body: dict[str, Any]) -> str:
    body = dict(body, checksum=checksum(body))
    return json.dumps(body, ensure_ascii=False, indent=1, allow_nan=False)   # standard JSON only


def checksum(body: dict[str, Any]) -> str:
    """The checksum of a saved game's fields (every field but ``checksum``)."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def loads(cls: type[G], text: str | bytes) -> G:
    """Load a saved game (its text, or the bytes of its file: UTF-8); anything corrupt or changed by
    hand raises :class:`GameFileError`."""
    if isinstance(text, (bytes, bytearray)):
        # a file read in binary mode (or sent by a browser); "-sig" drops the BOM some editors write.
        # Left as bytes, it would be parsed and then differ from the text written: "not in the form
        # this version writes", which says nothing of what was wrong.
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise GameFileError(Message("file.not-utf8")) from None
    try:
        body = json.loads(text)
    except json.JSONDecodeError as err:
        raise GameFileError(Message("file.not-json.at", line=err.lineno, column=err.colno)) from None
    except (TypeError, ValueError, RecursionError):
        raise GameFileError(Message("file.not-json")) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise GameFileError(Message("file.not-a-game"))
    if body.get("version") != VERSION:
        raise GameFileError(Message("file.version", value=shown(body.get("version")), expected=VERSION))
    if body.get("checksum") != checksum({k: v for k, v in body.items() if k != "checksum"}):
        raise GameFileError(Message("file.changed"))
    try:
        game = _from_body(cls, body)
        keys = list(body["ruleset"])
        written = _text(_body(game, keys if set(keys) < {f.name for f in dataclasses.fields(Ruleset)} else None))
    except GameFileError:
        raise
    except KeyError as err:
        raise GameFileError(Message("file.inconsistent", reason=Message("file.missing-field",
                                                                        field=str(err.args[0])))) from err
    except BurracoError as err:
        msg = getattr(err, "msg", None)
        reason = msg if isinstance(msg, Message) else Message("file.malformed")
        raise GameFileError(Message("file.inconsistent", reason=reason)) from err
    except (TypeError, ValueError, IndexError, AttributeError, RecursionError) as err:
        raise GameFileError(Message("file.inconsistent", reason=Message("file.malformed"))) from err
    if written != text:
        raise GameFileError(Message("file.not-as-written"))
    _check_deal(cls, game)
    return game


def _check_deal(cls: type[G], game: G) -> None:
    """Refuse a game that says it was dealt from its seed unless that deal and its history give it.

    The position was checked as a position already; this is what the checksum cannot do, since
    anyone can recompute it: cards swapped between hands, or a history that does not lead here.
    """
    if not game.from_deal:
        return
    again = cls.new(game.rules, game.players, seed=game.seed)
    moves = game.history
    for number, move in enumerate(moves, 1):
        try:
            again.apply(move)
        except IllegalMove as err:
            raise GameFileError(Message("file.move-refused", seed=game.seed, number=number, count=len(moves),
                                        player=again.current_player, reason=err.msg)) from None
    parts = _differences(again, game)
    if not parts:
        return
    if not moves:
        # No move yet: a position set up by hand and saved before its first move reads just the
        # same (the format has no room to tell them apart), and it claims no history. It is loaded
        # as such: its moves, once played, are saved as starting from a position set up by hand.
        game.from_deal = False
        return
    raise GameFileError(Message("file.not-from-deal", seed=game.seed, count=len(moves), parts=tuple(parts)))


# Each field of a saved game that a replay may get wrong, as the part of the table a person names.
_PART_OF = {
    "stock": "file.part.stock", "discard_pile": "file.part.discard-pile",
    "pozzetti": "file.part.pozzetti", "took_pozzetto": "file.part.pozzetti",
    "pozzetto_pending": "file.part.pozzetti",
    "current": "file.part.turn", "phase": "file.part.turn", "pile_pick": "file.part.turn",
    "took_pile": "file.part.turn", "melded": "file.part.turn",
    "turns_played": "file.part.turns-played", "trading_turns": "file.part.turns-played",
    "result": "file.part.result",
}


def _differences(dealt: GameLike, saved: GameLike) -> list[Message]:
    """What differs between the replayed game and the saved one, in words: hands, melds, stock..."""
    mine, theirs = _body(dealt), _body(saved)
    parts = [Message("file.part.hand", player=player)
             for player, (a, b) in enumerate(zip(mine["hands"], theirs["hands"], strict=True)) if a != b]
    parts += [Message("file.part.melds", side=side)
              for side, (a, b) in enumerate(zip(mine["melds"], theirs["melds"], strict=True)) if a != b]
    for field, key in _PART_OF.items():
        if mine[field] != theirs[field] and Message(key) not in parts:
            parts.append(Message(key))
    return parts


def _ruleset(fields: dict[str, Any]) -> Ruleset:
    if not isinstance(fields, dict):
        raise GameFileError(Message("file.ruleset-not-a-table"))
    unknown = sorted(set(fields) - {f.name for f in dataclasses.fields(Ruleset)})
    if unknown:
        raise GameFileError(Message("file.unknown-fields", count=len(unknown), fields=tuple(map(str, unknown))))
    known = RULESETS.get(str(fields.get("id")))
    if known is not None:
        base = dataclasses.asdict(known)
        if all(key in base and base[key] == value for key, value in fields.items()):
            return known  # the built-in ruleset (the file may predate a field added since)
        return dataclasses.replace(known, **fields)
    return Ruleset(**fields)


def _from_body(cls: type[G], body: dict[str, Any]) -> G:
    rules = _ruleset(body["ruleset"])
    for name in ("hands", "melds", "pozzetti", "took_pozzetto", "turns_played", "history"):
        if not isinstance(body[name], list):   # as written: a JSON list, whatever Game.setup would take
            raise GameFileError(Message("file.inconsistent", reason=Message("file.malformed")))
    players = body["players"]
    pending = body["pozzetto_pending"]
    if not isinstance(pending, list) or len(pending) != players or not all(isinstance(p, bool) for p in pending):
        raise GameFileError(Message("file.wrong-length"))
    pick = body["pile_pick"]
    if pick is not None and not (isinstance(pick, list) and len(pick) == 2 and isinstance(pick[1], bool)):
        raise GameFileError(Message("file.pile-pick"))
    result = body["result"]
    if result is not None and not isinstance(result, dict):
        raise GameFileError(Message("file.result"))
    moves = body["history"]
    set_up = bool(moves) and moves[0] == SET_UP
    if set_up:
        moves = moves[1:]
    seed = body["seed"]
    if not (seed is None or is_whole(seed)):   # "x", 1.5, true, or the Infinity Python's json reads
        raise GameFileError(Message("file.seed", value=shown(seed)))
    if not (seed is None or is_seed(seed)):
        raise GameFileError(Message("seed.range", value=shown(seed), digits=SEED_DIGITS))
    game = setup(
        cls, rules, hands=body["hands"], melds=body["melds"], discard_pile=body["discard_pile"],
        pozzetti=body["pozzetti"], stock=body["stock"], current=body["current"],
        phase=body["phase"], took_pozzetto=body["took_pozzetto"], turns_played=body["turns_played"],
        took_pile=body["took_pile"], pile_card=None if pick is None else pick[0],
        held_twin=False if pick is None else pick[1], melded=body["melded"],
        pozzetto_next_turn=[p for p, flag in enumerate(pending) if flag],
        trading_turns=body["trading_turns"], result=None if result is None else Result.from_dict(result),
        seed=seed, history=moves,
    )
    # A file that does not say otherwise says that its deal and its moves give its position:
    # loads() checks that claim.
    game.from_deal = seed is not None and not set_up
    if players != game.players:
        raise GameFileError(Message("file.wrong-length"))
    return game


__all__ = ["FORMAT", "VERSION", "SET_UP", "dumps", "loads", "checksum"]
