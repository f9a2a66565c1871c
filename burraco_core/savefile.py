"""Saved games: the whole hand as JSON text, and back (``game.to_json()``, ``Game.from_json(text)``).

The file holds a format name and version, the ruleset's fields, the position (as
``Game.setup`` takes it), the history and a checksum. Loading goes through
``Game.setup``, so a saved game is checked like any position; anything corrupt,
changed by hand or not in the form this version writes raises :class:`GameFileError`.
Files written by earlier versions stay readable: the layout has not changed since
version 1, and a ruleset field added later takes its built-in value when a file
predates it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import TYPE_CHECKING, Any

from .cards import format_cards
from .errors import BurracoError, GameFileError, is_whole, shown
from .messages import Message
from .rulesets import RULESETS, Ruleset
from .state import Result

if TYPE_CHECKING:
    from .game import Game

FORMAT = "burraco-tutor/game"
VERSION = 1


def dumps(game: Game) -> str:
    """The whole game as JSON text."""
    return _text(_body(game))


def _body(game: Game, ruleset_keys: list[str] | None = None) -> dict[str, Any]:
    fields = dataclasses.asdict(game.rules)
    if ruleset_keys is not None:  # the fields of a file written before some were added
        fields = {key: fields[key] for key in fields if key in ruleset_keys}
    pick = game.pile_pick
    result = game.result
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
        "history": list(game.history),
    }


def _text(body: dict[str, Any]) -> str:
    body = dict(body, checksum=checksum(body))
    return json.dumps(body, ensure_ascii=False, indent=1, allow_nan=False)   # standard JSON only


def checksum(body: dict[str, Any]) -> str:
    """The checksum of a saved game's fields (every field but ``checksum``)."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def loads(cls: type[Game], text: str | bytes) -> Game:
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
    return game


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


def _from_body(cls: type[Game], body: dict[str, Any]) -> Game:
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
    seed = body["seed"]
    if not (seed is None or is_whole(seed)):   # "x", 1.5, true, or the Infinity Python's json reads
        raise GameFileError(Message("file.seed", value=shown(seed)))
    game = cls.setup(
        rules, hands=body["hands"], melds=body["melds"], discard_pile=body["discard_pile"],
        pozzetti=body["pozzetti"], stock=body["stock"], current=body["current"],
        phase=body["phase"], took_pozzetto=body["took_pozzetto"], turns_played=body["turns_played"],
        took_pile=body["took_pile"], pile_card=None if pick is None else pick[0],
        held_twin=False if pick is None else pick[1], melded=body["melded"],
        pozzetto_next_turn=[p for p, flag in enumerate(pending) if flag],
        trading_turns=body["trading_turns"], result=None if result is None else Result.from_dict(result),
        seed=seed, history=body["history"],
    )
    if players != game.players:
        raise GameFileError(Message("file.wrong-length"))
    return game


__all__ = ["FORMAT", "VERSION", "dumps", "loads", "checksum"]
