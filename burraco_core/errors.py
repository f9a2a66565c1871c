"""The error family of burraco_core and the table of rule ids.

Every refusal raises :class:`IllegalMove` with a stable ``rule`` id from
:data:`RULE_IDS` and language-neutral parameters (``err.params``: cards, suit
codes, ranks, numbers, nested messages). Its text is formatted only when shown:
``str(err)`` in English, ``err.message("it")`` in another language.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .messages import DEFAULT_LANGUAGE, Message, catalogue

# Every rule id, in a stable order. Their texts (what the rule says, and the message of a
# refusal) are in the catalogues, burraco_core/locale/<lang>.txt, keys "rule.<id>.summary" and
# "rule.<id>".
_RULES: tuple[str, ...] = (
    "card.no-jokers",
    "card.too-many-copies",
    "meld.too-few-cards",
    "meld.only-wilds",
    "meld.one-wild",
    "meld.not-a-meld",
    "meld.no-such-arrangement",
    "meld.empty-attach",
    "group.not-allowed",
    "group.wrong-rank",
    "run.mixed-suits",
    "run.duplicate-rank",
    "run.ace-to-ace",
    "run.wrap-around",
    "run.gap",
    "run.too-long",
    "run.no-fourteenth-place",
    "wild.bound",
    "wild.nowhere-to-go",
    "wild.complete-run-locked",
    "turn.over",
    "turn.draw-first",
    "turn.already-drawn",
    "turn.take-pozzetto",
    "draw.last-two",
    "draw.stock-empty",
    "pile.empty",
    "hand.not-held",
    "attach.no-such-meld",
    "side.second-group",
    "discard.single-pile-card",
    "pozzetto.hand-not-empty",
    "pozzetto.no-al-volo",
    "close.needs-burraco",
    "close.needs-clean-burraco",
    "close.wild-discard",
    "close.by-meld",
    "close.opponents-not-played",
    "close.no-discard-left",
    "score.closed-without-burraco",
    "score.closed-without-clean-burraco",
    "score.closed-without-pozzetto",
)


class _RuleTable(Mapping[str, tuple[str, str]]):
    """rule id -> (what the rule says, message template), in English, read from the catalogue."""

    def __getitem__(self, rule: str) -> tuple[str, str]:
        if rule not in _RULE_SET:
            raise KeyError(rule)
        texts = catalogue("en")
        return texts[f"rule.{rule}.summary"], texts[f"rule.{rule}"]

    def __contains__(self, rule: object) -> bool:
        return isinstance(rule, str) and rule in _RULE_SET   # (a list, read from a file, is no rule id either)

    def __iter__(self) -> Iterator[str]:
        return iter(_RULES)

    def __len__(self) -> int:
        return len(_RULES)


_RULE_SET = frozenset(_RULES)
RULE_IDS: Mapping[str, tuple[str, str]] = _RuleTable()


ECHO_LIMIT = 60
"""How many characters of a rejected input a message quotes (see :func:`shorten`)."""


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """Rejected input as a message quotes it: at most ``limit`` characters, then "…".

    A message names what it could not read, so that the reader finds it; a whole pasted page
    would bury the sentence. (A program still has the input: ``NotationError.token``, say.)
    """
    return text if len(text) <= limit else text[:limit] + "…"


def shown(value: object) -> str:
    """A rejected value as Python writes it (``'x'``, ``None``, ``[1]``), shortened for a message.

    Whatever it is: an int too long for ``repr`` (over 4,300 digits) is said by its size (``~10^5000``),
    a list nested too deep for ``repr`` is cut (``[[[[[[...]]]]]]``).
    """
    try:
        return shorten(repr(value))
    except (ValueError, RecursionError):
        return shorten(_SAFE_REPR.repr(value))


class _SafeRepr(reprlib.Repr):
    """``repr`` cut to a few levels and items, an int too long to write said by its size."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() < 4000:   # (under the 4,300 digits str() writes)
            return super().repr_int(x, level)
        return ("-" if x < 0 else "") + f"~10^{int(x.bit_length() * 0.30103)}"


_SAFE_REPR = _SafeRepr()


SEED_DIGITS = 40
SEED_LIMIT = 10**SEED_DIGITS
"""A deal number (a game's ``seed``) is a whole number above ``-SEED_LIMIT`` and below it (40 digits at
most): any such number deals a hand, and a saved game can always write it back."""


def is_seed(value: object) -> bool:
    """A deal number: a whole number of at most 40 digits (see :data:`SEED_LIMIT`)."""
    return is_whole(value) and -SEED_LIMIT < value < SEED_LIMIT


def is_whole(value: object) -> bool:
    """An int and not a bool (``True`` is an int to Python, never a count or a seed to a person)."""
    return isinstance(value, int) and not isinstance(value, bool)


def wrong_type(where: str, name: str, expected: str, value: object) -> TypeError:
    """The TypeError for a program's argument of the wrong kind: where, which argument, what it takes.

    Raised before the value is used, so that the caller reads their own mistake rather than an
    AttributeError from deep inside the engine.
    """
    return TypeError(f"{where}: {name} must be {expected}, not {shown(value)}")


class BurracoError(ValueError):
    """Base of every error raised by burraco_core.

    What a person may read is a :class:`Message` given as the first argument (kept as ``err.msg`` by
    the errors a learner meets: ``IllegalMove``, ``NotationError``, ``GameFileError``,
    ``RulesetError``): ``err.message(lang)`` says it in a language, ``str(err)`` in English. An
    error built from a plain string (a programmer's mistake, such as a wrong argument) shows that
    string in every language.
    """

    def message(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The error said in the given language."""
        first = self.args[0] if self.args else ""
        return first.text(lang) if isinstance(first, Message) else str(first)

    def __str__(self) -> str:
        return self.message(DEFAULT_LANGUAGE)


class NotationError(BurracoError):
    """A card, list of cards or other notation could not be read.

    ``token`` is the text that could not be read. ``msg`` says what is wrong as a
    :class:`Message` (keys ``notation.*``) when the engine wrote one, so a learner can
    read it in any language: ``err.message(lang)``; ``str(err)`` is English.
    """

    def __init__(self, message: str | Message, token: str) -> None:
        super().__init__(message)
        self.token = token
        self.msg: Message | None = message if isinstance(message, Message) else None

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.args[0], self.token))


def join_problems(problems: Sequence[Message]) -> Message:
    """Several problems as one message parameter: the first, then the rest (key ``problems.join``)."""
    if not problems:
        raise ValueError("no problems to join")
    if len(problems) == 1:
        return problems[0]
    return Message("problems.join", first=problems[0], rest=join_problems(problems[1:]))


class RulesetError(BurracoError):
    """A ruleset was asked for by an unknown id, or its fields contradict each other.

    ``msg`` says what is wrong as a :class:`Message` (keys ``ruleset.*``): ``err.message(lang)``,
    ``str(err)`` in English. ``fields`` names the offending fields (codes such as
    ``"ace_to_ace_bonus"``, for a form to mark its controls); ``problems`` holds one Message per
    problem when the fields of a ruleset are checked (the message lists them all).
    """

    def __init__(self, message: str | Message, fields: Sequence[str] = (),
                 problems: Sequence[Message] = ()) -> None:
        super().__init__(message)
        self.msg: Message | None = message if isinstance(message, Message) else None
        self.fields: tuple[str, ...] = tuple(fields)
        self.problems: tuple[Message, ...] = tuple(problems)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.args[0], self.fields, self.problems))


class GameFileError(BurracoError):
    """A saved game or a position could not be loaded: corrupt, tampered with, or inconsistent.

    ``msg`` says what is wrong as a :class:`Message` (keys ``file.*`` for saved games,
    ``position.*`` for positions): ``err.message(lang)``, ``str(err)`` in English.
    ``problems`` holds one Message per problem when a position no hand can reach lists several.
    """

    def __init__(self, message: str | Message, problems: Sequence[Message] = ()) -> None:
        super().__init__(message)
        self.msg: Message | None = message if isinstance(message, Message) else None
        self.problems: tuple[Message, ...] = tuple(problems)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.args[0], self.problems))


class IllegalMove(BurracoError):
    """A move that the rules forbid.

    ``rule`` is a stable id from :data:`RULE_IDS`; ``params`` holds the
    language-neutral values of the message, so the sentence can be said in any
    language (``err.message(lang)``). Nothing is formatted until the text is asked
    for: refusals are built on hot paths (``legal_actions``, the bots).
    """

    def __init__(self, rule: str, **params: Any) -> None:
        if rule not in _RULE_SET:
            raise KeyError(f"unknown rule id {rule!r}")
        super().__init__(rule)
        self.rule = rule
        self.params = params

    @property
    def msg(self) -> Message:
        """The refusal as a :class:`Message` (key ``rule.<id>``)."""
        return Message(f"rule.{self.rule}", **self.params)

    def message(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """What is wrong with which cards, in the given language."""
        return self.msg.text(lang)

    @property
    def summary_msg(self) -> Message:
        """The rule itself as a :class:`Message` (key ``rule.<id>.summary``): what a template nests, so that it goes
        on in lower case after a colon where the language does ("La regola: ogni carta…")."""
        return Message(f"rule.{self.rule}.summary")

    def summary_in(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The rule itself, in one sentence of the given language."""
        return self.summary_msg.text(lang)

    @property
    def summary(self) -> str:
        """The rule itself, in one English sentence, without the specifics of this move."""
        return self.summary_in(DEFAULT_LANGUAGE)

    def __str__(self) -> str:
        return self.message(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        return f"IllegalMove({self.rule!r}, {str(self)!r})"
