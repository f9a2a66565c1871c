"""The checks every reader of the learner's record makes: its error type and its fields, one by one.

A record comes from outside (a file, the browser's copy, a post to the class service), so every field is
checked where it is read, numbers bounded there: a count of 4,300 digits or written in another script's
digits is a :class:`ProgressError` with a named key, never a ValueError from ``int()``. Pure Python.
"""

from __future__ import annotations

import math
import re
from typing import Any

from burraco_core import BurracoError
from burraco_core.messages import DEFAULT_LANGUAGE, Message

__all__ = ["MAX_COUNT", "MAX_TIME", "KeyedError", "ProgressError"]

MAX_COUNT = 10**9           # any count: attempts, misses, practice
MAX_TIME = 1e11             # seconds since 1970 (the year 5138)
ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,199}$")
RULE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:\-]{0,63}$")
_LANG = re.compile(r"^[A-Za-z]{2,3}([_-][A-Za-z0-9]{1,8})*$")


class KeyedError(BurracoError):
    """An error whose reason is a catalogue Message ``<PREFIX><key>`` with ``params``; ``str(err)`` is
    its English text, ``err.message(lang)`` the learner's language."""

    PREFIX = ""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @property
    def msg(self) -> Message:
        return Message(f"{self.PREFIX}{self.key}", **self.params)

    def message(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.text(lang)

    def __str__(self) -> str:
        return self.message(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {str(self)!r})"


class ProgressError(KeyedError):
    """Progress could not be read, written or changed; nothing was changed.

    ``err.msg`` is the reason as a catalogue Message (key ``progress.error.*``);
    ``str(err)`` is its English text.
    """

    PREFIX = "progress.error."


def _exact_keys(body: dict[str, Any], expected: set[str], where: str) -> None:
    missing = sorted(expected - body.keys())
    if missing:
        raise ProgressError("missing-field", field=f"{where}.{missing[0]}" if where else missing[0])
    unknown = sorted(body.keys() - expected)
    if unknown:
        raise ProgressError("unknown-field", field=f"{where}.{unknown[0]}" if where else unknown[0])


def _read_count(value: object, where: str) -> int:
    # bounded here, where it is read: an int of 4,300 digits is refused before anything prints it
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ProgressError("bad-field", field=where, expected="count")
    return value


def _read_counts(value: object, where: str, most: int) -> dict[str, int]:
    """Rule id -> count, at most ``most`` of them."""
    if not isinstance(value, dict):
        raise ProgressError("bad-field", field=where, expected="object")
    if len(value) > most:
        raise ProgressError("too-many", field=where, count=len(value), most=most)
    for rule, n in value.items():
        _check_rule(rule, where)
        _read_count(n, f"{where}.{rule}")
    return dict(sorted(value.items()))


def _read_time(value: object, where: str) -> float:
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
            or not 0 <= value <= MAX_TIME):
        raise ProgressError("bad-field", field=where, expected="time")
    return float(value)


def _check_id(value: object, where: str) -> str:
    if not isinstance(value, str) or not ID.match(value):
        raise ProgressError("bad-id", field=where, value=repr(value)[:80])
    return value


def _check_rule(value: object, where: str) -> str:
    if not isinstance(value, str) or not RULE.match(value):
        raise ProgressError("bad-id", field=where, value=repr(value)[:80])
    return value


def _check_lang(value: object, where: str = "lang") -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _LANG.match(value):
        raise ProgressError("bad-field", field=where, expected="lang")
    return value


def _check_resume(value: object, where: str = "resume") -> tuple[str, int] | None:
    if value is None:
        return None
    if (not isinstance(value, (tuple, list)) or len(value) != 2
            or isinstance(value[1], bool) or not isinstance(value[1], int) or value[1] < 0):
        raise ProgressError("bad-field", field=where, expected="resume")
    return (_check_id(value[0], where), value[1])


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _int(digits: str) -> int:
    # Before int(): a number of thousands of digits (or of other scripts' digits) is refused by name.
    if len(digits) > 12 or not digits.lstrip("-").isascii() or not digits.lstrip("-").isdigit():
        raise ProgressError("bad-number", value=digits[:20])
    return int(digits)
