"""The curriculum as data: lessons and exercises read from ``lessons/content/*.json``.

A :class:`Lesson` is a short intro and a tuple of :class:`Exercise`; an exercise is
a kind (:data:`KINDS`), the data that kind needs, a check, a solution, the typical
wrong answers with the rule each breaks, graduated hints and the rule ids it
teaches. ``exercise.check(answer)`` puts the answer to the engine and returns a
:class:`Verdict` (correct / incorrect and why / not attempted), in the manner of
Kaggle's learntools. Every text is a key of the message catalogues
(``lessons/locale/<lang>.txt``), or, in a teacher's own exercise, words written per language in
the dict (:class:`OwnText`). The format is in ``lessons/content/FORMAT.md``.

No ipywidgets here: the widgets (``lessons.widgets.lesson``) only show this.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import pathlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import burraco_core as bc
from burraco_core.errors import shown
from burraco_core.messages import Message, add_catalogue_dir, catalogue, per_catalogues
from burraco_core.messages import languages as engine_languages

from . import proof
from .checks import Attempt, Check, CurriculumError, compile_check, with_rule
from .kinds import KIND_TABLE, KINDS, Choice, Prepared, Unreadable, name_seats, set_up
from .story import Story

HERE = pathlib.Path(__file__).parents[1]       # lessons/: content/ and locale/ are beside the sub-packages
CONTENT_DIR = HERE / "content"
LOCALE_DIR = HERE / "locale"
FORMAT = "burraco-tutor/lesson"
VERSION = 1
STATUSES = ("correct", "incorrect", "not-attempted")
TABLES = ("variants", "seats", "card-values", "victory-points")
"""Tables an intro block may draw from the engine (``{"table": "variants"}``): how the rulesets differ,
where the players sit and who deals, what each card is worth, the victory-point tables."""

add_catalogue_dir(LOCALE_DIR)
_log = logging.getLogger(__name__)
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")


@dataclass(frozen=True)
class Verdict:
    """What check() decided: ``status``, the ``rule`` an incorrect answer breaks, and what to say."""

    status: str
    msg: Message
    rule: str | None = None
    cards: tuple[bc.Card, ...] = ()
    """The cards the verdict is about (the widget points at them)."""

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def message(self, lang: str = "en") -> str:
        """What the learner reads: the rule in plain words and the cards, or why it is correct."""
        return self.msg.text(lang)


@dataclass(frozen=True)
class Block:
    """One piece of a lesson's intro: a paragraph, some cards, or a meld on the table."""

    text: Message | None = None
    cards: tuple[bc.Card, ...] = ()
    face_down: bool = False
    meld: bc.Meld | None = None
    caption: Message | None = None
    table: str | None = None
    """A table drawn from the engine: one of :data:`TABLES`."""
    story: Story | None = None
    """One hand from the deal to the close, frame by frame (:mod:`.story`)."""
    keep: bool = False      # "keep": true: folded under every exercise of the lesson (lesson 10's card values)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.table is not None:
            out["table"] = self.table
        if self.story is not None:
            out["story"] = self.story.to_dict()
        if self.text is not None:
            out["text"] = self.text.key
        if self.meld is not None:
            out["meld"] = self.meld.table_code
        elif self.cards:
            out["cards"] = bc.format_cards(self.cards)
            if self.face_down:
                out["face_down"] = True
        if self.caption is not None:
            out["caption"] = self.caption.key
        out.update({"keep": True} if self.keep else {})
        return out


OWN_TEXT = "ex.own-text"
"""The key of every :class:`OwnText` (in no catalogue: its words are its own)."""


class OwnText(Message):
    """A text an exercise brings in its own words, one per language (``{"text": {"en": ..., "it": ...}}``
    in its dict): a teacher has no catalogue. It is a Message, so every widget shows it as it shows
    a catalogue text; ``text(lang)`` is the author's text in ``lang``, else the English one, else the
    first one written. Plain text: no placeholders (a ``{`` is a brace), no HTML (widgets escape it)."""

    __slots__ = ()

    def __init__(self, texts: Mapping[str, str]) -> None:
        if not texts:
            raise ValueError("an own text needs a text in at least one language")
        # the pairs keep the author's order (the first one written is the last fallback)
        super().__init__(OWN_TEXT, texts=tuple((str(lang), str(text)) for lang, text in texts.items()))

    @property
    def texts(self) -> dict[str, str]:
        """The texts as written, language -> text, in the author's order."""
        return dict(self.params["texts"])

    def text(self, lang: str = "en") -> str:
        texts = self.texts
        return texts.get(lang) or texts.get("en") or next(iter(texts.values()))

    def __repr__(self) -> str:
        return f"OwnText({self.texts!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (OwnText, (self.texts,))


def _key(value: Any, where: str, name: str) -> Message:
    """A catalogue key that exists (in English, the source language)."""
    if not isinstance(value, str) or not value:
        raise CurriculumError(where, name, f"a message key of lessons/locale/en.txt, not {shown(value)}")
    if value not in catalogue("en"):
        raise CurriculumError(where, name, f"the message key {shown(value)} is not in any English catalogue "
                              f'(to write the words yourself: {{"text": {{"en": "...", "it": "..."}}}})')
    return Message(value)


def _own_text(value: Any, where: str, name: str) -> OwnText:
    """``{"en": "...", "it": "..."}``: a text in each language the author writes, one at least."""
    known = engine_languages()
    if not isinstance(value, Mapping) or not value:
        raise CurriculumError(where, name, f'texts by language, {{"en": "...", "it": "..."}}, not {shown(value)}')
    for lang, text in value.items():
        if lang not in known:
            raise CurriculumError(where, f"{name}.{lang}", f"not a language code; known: {', '.join(known)}")
        if not isinstance(text, str) or not text.strip():
            raise CurriculumError(where, f"{name}.{lang}", f"a text (words the learner reads), not {shown(text)}")
    return OwnText(value)


def _text(value: Any, where: str, name: str) -> Message:
    """A text of an exercise: a catalogue key, ``{"key": ..., "params": {...}}`` when it has
    parameters (a generated exercise's seed, a goal), or ``{"text": {"en": ..., "it": ...}}`` in
    the author's own words (:class:`OwnText`); see :func:`_text_dict`."""
    if isinstance(value, Mapping) and "text" in value:
        if set(value) != {"text"}:
            raise CurriculumError(where, name, f'{{"text": {{"en": ..., "it": ...}}}} and nothing else, not {shown(value)}')
        return _own_text(value["text"], where, f"{name}.text")
    if isinstance(value, Mapping):
        unknown = set(value) - {"key", "params"}
        params = value.get("params", {})
        if unknown or not isinstance(params, Mapping):
            raise CurriculumError(where, name, f'a key, or {{"key": ..., "params": {{...}}}}, not {shown(value)}')
        key = _key(value.get("key"), where, name).key
        return Message(key, **{str(p): _param(v, where, f"{name}.params.{p}") for p, v in params.items()})
    return _key(value, where, name)


def _param(value: Any, where: str, name: str) -> Any:
    """A parameter as the dict holds it: JSON values as they are, a card ``{"card": "7H"}``, cards
    ``{"cards": "7H 8H"}``, a message ``{"key": ..., "params": ...}``, a list for a tuple."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return tuple(_param(v, where, f"{name}[{i}]") for i, v in enumerate(value))
    if isinstance(value, Mapping) and set(value) in ({"card"}, {"cards"}):
        try:
            return bc.parse_card(value["card"]) if "card" in value else bc.parse_cards(value["cards"])
        except (bc.NotationError, TypeError) as err:
            raise CurriculumError(where, name, str(err)) from err
    if isinstance(value, Mapping) and ("key" in value or "text" in value):
        return _text(value, where, name)
    raise CurriculumError(where, name, f"a number, text, list, card, cards or message, not {shown(value)}")


def _text_dict(msg: Message) -> str | dict[str, Any]:
    """A text as :func:`_text` reads it back: its key alone when it has no parameters."""
    if isinstance(msg, OwnText):
        return {"text": msg.texts}
    if not msg.params:
        return msg.key
    return {"key": msg.key, "params": {name: _param_dict(value) for name, value in msg.params.items()}}


def _param_dict(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, bc.Card):
        return {"card": value.code}
    if isinstance(value, Message):
        text = _text_dict(value)
        return {"key": text} if isinstance(text, str) else text
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, bc.Card) for v in value):
            return {"cards": bc.format_cards(tuple(value))}
        return [_param_dict(v) for v in value]
    raise TypeError(f"a message parameter that an exercise dict cannot hold: {value!r}")


def _block(data: Any, rules: bc.Ruleset, where: str, name: str) -> Block:
    if not isinstance(data, dict):
        raise CurriculumError(where, name, f"an intro block is an object, not {shown(data)}")
    unknown = set(data) - {"text", "cards", "face_down", "meld", "caption", "table", "story", "keep"}
    if unknown:
        raise CurriculumError(where, f"{name}.{sorted(unknown)[0]}", "unknown field of an intro block")
    keep = data.get("keep", False)
    if not isinstance(keep, bool) or (keep and "story" in data):
        raise CurriculumError(where, f"{name}.keep", f"true or false (a story cannot be kept), not {shown(keep)}")
    if keep:
        return dataclasses.replace(_block({k: v for k, v in data.items() if k != "keep"}, rules, where, name), keep=True)
    caption = _key(data["caption"], where, f"{name}.caption") if "caption" in data else None
    if "story" in data:
        return Block(story=Story.from_dict(data["story"], where, f"{name}.story"), caption=caption)
    if "table" in data:
        if data["table"] not in TABLES:
            raise CurriculumError(where, f"{name}.table", f"one of {', '.join(TABLES)}")
        return Block(table=data["table"], caption=caption)
    if "text" in data:
        return Block(text=_key(data["text"], where, f"{name}.text"), caption=caption)
    if "meld" in data:
        try:
            return Block(meld=bc.Meld.parse(data["meld"], rules), caption=caption)
        except bc.BurracoError as err:
            raise CurriculumError(where, f"{name}.meld", str(err)) from err
    if "cards" in data:
        try:
            cards = bc.parse_cards(data["cards"])
        except (bc.NotationError, TypeError) as err:
            raise CurriculumError(where, f"{name}.cards", str(err)) from err
        return Block(cards=cards, face_down=bool(data.get("face_down", False)), caption=caption)
    raise CurriculumError(where, name, "an intro block has 'text', 'cards', 'meld', 'table' or 'story'")


def ruleset_dict(rules: bc.Ruleset) -> dict[str, Any]:
    """A house ruleset as an exercise dict holds it (plain JSON): its ``id`` and the fields it changes
    from the built-in ruleset of that id (from the Ruleset defaults when no built-in has its id);
    :func:`ruleset_from_dict` reads it back. A built-in ruleset gives ``{"id": ...}`` alone."""
    base = bc.RULESETS.get(rules.id)
    out: dict[str, Any] = {"id": rules.id}
    for f in dataclasses.fields(bc.Ruleset):
        value = getattr(rules, f.name)
        was = getattr(base, f.name) if base is not None else f.default
        if f.name != "id" and (type(value) is not type(was) or value != was):
            out[f.name] = value
    return out


_RULESET_FIELDS = frozenset(f.name for f in dataclasses.fields(bc.Ruleset))


def ruleset_from_dict(value: Any, where: str = "exercise") -> bc.Ruleset:
    """The ruleset an exercise names: a built-in id, a Ruleset, or the dict :func:`ruleset_dict`
    writes (``{"id": "classic", "groups_allowed": false}``: the built-in of that id with those
    fields changed, or a Ruleset of its own when no built-in has the id); CurriculumError else."""
    try:
        if isinstance(value, Mapping):
            unknown = sorted(set(value) - _RULESET_FIELDS)
            if unknown:
                raise CurriculumError(where, f"ruleset.{unknown[0]}", f"not a field of a Ruleset; known: "
                                      f"{', '.join(sorted(_RULESET_FIELDS))}")
            if not isinstance(value.get("id"), str):
                raise CurriculumError(where, "ruleset.id", "a house ruleset needs its id (text)")
            base = bc.RULESETS.get(value["id"])
            if base is None:
                return bc.Ruleset(**value)
            made = dataclasses.replace(base, **value)
            return base if made == base else made
        return bc.ruleset(value)
    except (bc.RulesetError, KeyError, TypeError) as err:
        raise CurriculumError(where, "ruleset", str(err)) from err


_EXERCISE_FIELDS = {"id", "kind", "ruleset", "prompt", "data", "checks", "solution", "wrong_answers",
                    "hints", "explain", "teaches", "goal_rule"}


def _json_answer(value: Any) -> bool:
    """An answer a file may hold: text, a whole number of at most 15 digits (kinds.base.whole_number), or null."""
    if isinstance(value, int) and not isinstance(value, bool):
        return -(10**15) < value < 10**15
    return value is None or isinstance(value, str)


@dataclass(frozen=True, eq=False)
class Exercise:
    """One exercise (see the module docstring); build it with :meth:`from_dict`."""

    id: str
    kind: str
    ruleset: str
    prompt: Message
    data: Mapping[str, Any]
    checks: Any
    solution: Any
    wrong_answers: tuple[tuple[Any, str | None], ...]
    hints: tuple[Message, ...]
    explain: Message
    teaches: frozenset[str]
    goal_rule: str | None = None
    prepared: Prepared = field(default_factory=Prepared, repr=False)
    _check: Check = field(default=lambda attempt: None, repr=False)
    house: bc.Ruleset | None = field(default=None, repr=False)
    """The Ruleset object when it is not a built-in one (a house variant); ``ruleset`` is then its id."""

    # ------------------------------------------------------------------ reading
    @classmethod
    def from_dict(cls, d: Mapping[str, Any], *, ruleset: str | bc.Ruleset = "classic",
                  lesson: str | None = None, prove: bool = True) -> Exercise:
        """Read an exercise dict (the lesson file's form); CurriculumError names the field at fault.

        ``ruleset`` (or the dict's ``"ruleset"``) is a built-in id or any Ruleset object, a house
        variant included: the exercise is then set up and checked under it. The engine is asked
        whether the solution is correct and each wrong answer incorrect (:mod:`.proof`): an exercise
        nobody could solve is refused. ``prove=False`` skips that (a generator's probe, which
        asks the engine for the answer itself).
        """
        if not isinstance(d, Mapping):
            form = " (read a JSON text with json.loads first)" if isinstance(d, (str, bytes, bytearray)) else ""
            raise CurriculumError("exercise", "", f"an exercise is a dict, not {type(d).__name__}{form}")
        where = f"exercise {shown(d.get('id', '?'))}"
        if lesson:
            where = f"lesson {shown(lesson)}, {where}"
        unknown = set(d) - _EXERCISE_FIELDS
        if unknown:
            raise CurriculumError(where, sorted(unknown)[0], f"unknown field; known: {', '.join(sorted(_EXERCISE_FIELDS))}")
        for name in ("id", "kind", "prompt", "data", "solution", "hints", "explain", "teaches", "wrong_answers"):
            if name not in d:
                raise CurriculumError(where, name, "missing")
        ex_id = d["id"]
        if not isinstance(ex_id, str) or not _ID.match(ex_id):
            raise CurriculumError(where, "id", "an id such as 'melds.first-run': lowercase words joined by - and .")
        if lesson and not ex_id.startswith(lesson + "."):
            raise CurriculumError(where, "id", f"the ids of lesson {shown(lesson)} start with {shown(lesson + '.')}")
        kind_name = d["kind"]
        kind = KIND_TABLE.get(kind_name) if isinstance(kind_name, str) else None
        if kind is None:
            raise CurriculumError(where, "kind", f"{shown(kind_name)} is not one of {', '.join(KINDS)}")
        rules = ruleset_from_dict(d.get("ruleset", ruleset), where)
        data = d["data"]
        if not isinstance(data, Mapping):
            raise CurriculumError(where, "data", f"an object, not {shown(data)}")
        for name in kind.required:
            if name not in data:
                raise CurriculumError(where, f"data.{name}", f"missing (a {kind.name} exercise needs it)")
        for name in data:
            if name not in kind.required + kind.optional:
                raise CurriculumError(where, f"data.{name}", f"not a field of a {kind.name} exercise; "
                                      f"known: {', '.join(kind.required + kind.optional)}")
        prepared = kind.prepare(data, rules, where)
        checks = d.get("checks", list(kind.default_check))
        check = compile_check(checks, where, "checks")
        hints = d["hints"]
        if not isinstance(hints, list) or len(hints) < 2:
            raise CurriculumError(where, "hints", "at least two hint keys, from a nudge to nearly the answer")
        teaches = d["teaches"]
        if not isinstance(teaches, list) or not all(isinstance(r, str) and r in bc.RULE_IDS for r in teaches):
            raise CurriculumError(where, "teaches", f"a list of rule ids of burraco_core.RULE_IDS, not {shown(teaches)}")
        goal_rule = d.get("goal_rule")
        if goal_rule is not None and goal_rule not in bc.RULE_IDS:
            raise CurriculumError(where, "goal_rule", f"{shown(goal_rule)} is not a rule id")
        wrong = d["wrong_answers"]
        if not isinstance(wrong, list) or not wrong:
            raise CurriculumError(where, "wrong_answers", "at least one [answer, rule id or null] pair")
        pairs = []
        for i, pair in enumerate(wrong):
            if (not isinstance(pair, (list, tuple)) or len(pair) != 2 or not _json_answer(pair[0])
                    or not (pair[1] is None or pair[1] in bc.RULE_IDS)):
                raise CurriculumError(where, f"wrong_answers[{i}]", f"an [answer, rule id or null] pair, not {shown(pair)}")
            pairs.append((pair[0], pair[1]))
        if not _json_answer(d["solution"]) or d["solution"] is None:
            raise CurriculumError(where, "solution", f"a plain answer (text or number), not {shown(d['solution'])}")
        exercise = cls(
            id=ex_id, kind=kind.name, ruleset=rules.id, house=None if bc.RULESETS.get(rules.id) == rules else rules,
            prompt=_text(d["prompt"], where, "prompt"),
            data=json.loads(json.dumps(data)), checks=json.loads(json.dumps(checks)),
            solution=d["solution"], wrong_answers=tuple(pairs),
            hints=tuple(_text(h, where, f"hints[{i}]") for i, h in enumerate(hints)),
            explain=_text(d["explain"], where, "explain"),
            teaches=frozenset(teaches), goal_rule=goal_rule, prepared=prepared, _check=check,
        )
        if prove:
            proof.prove(exercise, where)
        return exercise

    def to_dict(self) -> dict[str, Any]:
        """The dict :meth:`from_dict` reads back (``Exercise.from_dict(ex.to_dict()) == ex``): plain
        JSON, a text with parameters (a generated exercise's seed) as ``{"key": ..., "params": ...}``,
        a text in the author's own words as ``{"text": {"en": ..., "it": ...}}``, a house ruleset
        as its id and the fields it changes (:func:`ruleset_dict`)."""
        out: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "prompt": _text_dict(self.prompt),
            "ruleset": self.ruleset if self.house is None else ruleset_dict(self.house),
            "data": json.loads(json.dumps(self.data)), "checks": json.loads(json.dumps(self.checks)),
            "solution": self.solution, "wrong_answers": [list(p) for p in self.wrong_answers],
            "hints": [_text_dict(h) for h in self.hints], "explain": _text_dict(self.explain),
            "teaches": sorted(self.teaches),
        }
        if self.goal_rule is not None:
            out["goal_rule"] = self.goal_rule
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Exercise):
            return NotImplemented
        return self.to_dict() == other.to_dict() and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.id)

    def under(self, rules: str | bc.Ruleset) -> Exercise:
        """This exercise set up and checked under other rules (a built-in id or any Ruleset);
        CurriculumError when its cards or position cannot be set up under them, or its solution is
        no longer correct (or a wrong answer no longer wrong) under them: then the field is
        ``solution`` or ``wrong_answers[i]``."""
        try:
            ruleset = bc.ruleset(rules)
        except (bc.BurracoError, TypeError) as err:
            raise CurriculumError(f"exercise {shown(self.id)}", "ruleset", str(err)) from err
        d = self.to_dict()
        d["ruleset"] = ruleset
        return Exercise.from_dict(d)

    def holds(self) -> bool:
        """Whether its solution is correct and its wrong answers incorrect (under its own rules)."""
        try:
            return self.check(self.solution).correct and all(
                self.check(answer).status == "incorrect" for answer, _ in self.wrong_answers)
        except Exception:          # an answer the rules cannot even read: it does not hold
            _log.debug("exercise %s does not hold under %r", self.id, self.rules, exc_info=True)
            return False

    # ---------------------------------------------------------------- checking
    @property
    def rules(self) -> bc.Ruleset:
        return self.house if self.house is not None else bc.ruleset(self.ruleset)

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The answers to pick from (choice kinds), each with its ``key`` and ``label`` message."""
        return self.prepared.choices

    def attempt(self, answer: Any) -> Attempt:
        """What the engine says about this answer (raises Unreadable for an answer it cannot read)."""
        return KIND_TABLE[self.kind].read(self.prepared, self.rules, answer)

    def check(self, answer: Any) -> Verdict:
        """Correct, incorrect (which rule, and why), or not attempted (``answer`` None or empty)."""
        if answer is None or (isinstance(answer, str) and not answer.strip()) or (
                isinstance(answer, (list, tuple)) and not answer):
            return Verdict("not-attempted", Message("ex.verdict.not-attempted"))
        try:
            attempt = self.attempt(answer)
        except Unreadable as err:
            return Verdict("incorrect", err.msg)
        failure = self._check(attempt)
        if failure is None:
            why = self.explain if isinstance(self.explain, OwnText) else Message(
                self.explain.key, **{**self.explain.params, **_explain_params(attempt)})
            return Verdict("correct", Message("ex.verdict.correct", why=why), cards=attempt.cards)
        msg = failure.msg
        rule = failure.rule
        if rule is None and self.goal_rule is not None:
            rule = self.goal_rule
            msg = with_rule("ex.verdict.with-rule", msg, rule)     # (unless the reason says that rule already)
        if self.prepared.position:       # the engine numbers the players; the table names their seats
            game = set_up(self.rules, self.prepared.position)
            msg = name_seats(msg, game.players, game.current_player)
        return Verdict("incorrect", msg, rule, cards=failure.cards or attempt.cards)


def _explain_params(attempt: Attempt) -> dict[str, Any]:
    """What an explanation may name: the learner's own meld or cards, the engine's value."""
    params: dict[str, Any] = {"answer": attempt.answer}
    meld = attempt.meld
    if meld is not None:
        params.update(cards=meld.cards, count=len(meld), kind=meld.kind,
                      burraco=Message(f"ex.burraco.{meld.burraco or 'not-yet'}"))
        if meld.wild is not None:
            params.update(wild=meld.wild, stands_for=meld.wild_stands_for)
    elif attempt.cards:
        params.update(cards=attempt.cards, count=len(attempt.cards))
    if isinstance(attempt.expected, int) and not isinstance(attempt.expected, bool):
        params["value"] = attempt.expected
    return params


_LESSON_FIELDS = {"format", "version", "key", "number", "ruleset", "title", "intro", "summary", "exercises", "minutes",
                  "introduces"}


@dataclass(frozen=True, eq=False)
class Lesson:
    """A lesson: ``key``, ``number``, a title, a short intro, and its exercises in order."""

    key: str
    number: int
    ruleset: str
    title_msg: Message
    intro: tuple[Block, ...]
    summary: Message
    exercises: tuple[Exercise, ...]
    house: bc.Ruleset | None = None
    """The house ruleset the lesson is shown under (see :meth:`under`), or None."""
    left_out: tuple[str, ...] = ()
    """The ids of the exercises left out under the house ruleset (their answers would change)."""
    minutes: int | None = None
    """How long the lesson is meant to take a beginner (docs/curriculum.md adds them up)."""
    introduces: frozenset[str] = frozenset()
    """The rule ids this lesson's intro explains: an exercise may teach a rule only once an intro
    (its lesson's or an earlier one's) has explained it (tests/test_course.py checks it)."""

    @property
    def rules(self) -> bc.Ruleset:
        return self.house if self.house is not None else bc.ruleset(self.ruleset)

    def under(self, rules: str | bc.Ruleset) -> Lesson:
        """This lesson under other rules (any Ruleset): every exercise set up and checked by the engine
        under them; an exercise that cannot be set up under them, or whose written solution is no
        longer correct (or a wrong answer no longer wrong), is left out and named in ``left_out``.
        An exercise written for another ruleset than the lesson's (``pulito`` in lesson 1) stays under it."""
        try:
            ruleset = bc.ruleset(rules)
        except (bc.BurracoError, TypeError) as err:
            raise CurriculumError(f"lesson {shown(self.key)}", "ruleset", str(err)) from err
        kept, left = [], []
        for exercise in self.exercises:
            if exercise.ruleset != self.ruleset:      # written for another ruleset on purpose: it stays so
                kept.append(exercise)
                continue
            try:
                kept.append(exercise.under(ruleset))     # read again under them, so proven under them
            except CurriculumError:
                left.append(exercise.id)
        return dataclasses.replace(self, exercises=tuple(kept), left_out=tuple(left),
                                   house=None if bc.RULESETS.get(ruleset.id) == ruleset else ruleset,
                                   ruleset=ruleset.id)

    def title(self, lang: str = "en") -> str:
        return self.title_msg.text(lang)

    def exercise(self, exercise_id: str) -> Exercise:
        for ex in self.exercises:
            if ex.id == exercise_id:
                return ex
        raise KeyError(exercise_id)

    @property
    def teaches(self) -> frozenset[str]:
        return frozenset().union(*(ex.teaches for ex in self.exercises))

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "lesson") -> Lesson:
        if not isinstance(d, Mapping):
            raise CurriculumError(where, "", "a lesson is a JSON object")
        where = f"{where} {shown(d.get('key', '?'))}"
        unknown = set(d) - _LESSON_FIELDS
        if unknown:
            raise CurriculumError(where, sorted(unknown)[0], f"unknown field; known: {', '.join(sorted(_LESSON_FIELDS))}")
        if d.get("format") != FORMAT or d.get("version") != VERSION:
            raise CurriculumError(where, "format", f"expected format {shown(FORMAT)} version {VERSION}")
        for name in ("key", "number", "title", "intro", "summary", "exercises"):
            if name not in d:
                raise CurriculumError(where, name, "missing")
        key = d["key"]
        if not isinstance(key, str) or not re.match(r"^[a-z0-9]+(-[a-z0-9]+)*$", key):
            raise CurriculumError(where, "key", f"a lowercase word such as 'melds', not {shown(key)}")
        if type(d["number"]) is not int:
            raise CurriculumError(where, "number", "a whole number")
        minutes = d.get("minutes")
        if minutes is not None and (type(minutes) is not int or not 1 <= minutes <= 60):
            raise CurriculumError(where, "minutes", f"a whole number of minutes from 1 to 60, not {shown(minutes)}")
        introduces = d.get("introduces", [])
        if not isinstance(introduces, list) or not all(isinstance(r, str) and r in bc.RULE_IDS for r in introduces):
            raise CurriculumError(where, "introduces", f"a list of rule ids of burraco_core.RULE_IDS, not {shown(introduces)}")
        rules = ruleset_from_dict(d.get("ruleset", "classic"), where)  # an id, or a house ruleset's dict
        if not isinstance(d["intro"], list) or not isinstance(d["exercises"], list) or not d["exercises"]:
            raise CurriculumError(where, "exercises", "intro and exercises are lists; a lesson has exercises")
        intro = tuple(_block(b, rules, where, f"intro[{i}]") for i, b in enumerate(d["intro"]))
        exercises = tuple(Exercise.from_dict(e, ruleset=rules, lesson=key) for e in d["exercises"])
        ids = [e.id for e in exercises]
        if len(set(ids)) != len(ids):
            raise CurriculumError(where, "exercises", "two exercises share an id")
        house = None if bc.RULESETS.get(rules.id) == rules else rules
        return cls(key=key, number=d["number"], ruleset=rules.id, title_msg=_key(d["title"], where, "title"),
                   intro=intro, summary=_key(d["summary"], where, "summary"), exercises=exercises, house=house,
                   minutes=minutes, introduces=frozenset(introduces))

    def to_dict(self) -> dict[str, Any]:
        """The lesson as its file holds it; a lesson under a house ruleset (:meth:`under`) writes the
        ruleset as its id and the fields it changes (:func:`ruleset_dict`), so that it reads back
        under the same rules (the exercises left out stay out)."""
        return {"format": FORMAT, "version": VERSION, "key": self.key, "number": self.number,
                **({"minutes": self.minutes} if self.minutes is not None else {}),
                "ruleset": self.ruleset if self.house is None else ruleset_dict(self.house),
                "title": self.title_msg.key,
                "introduces": sorted(self.introduces),
                "intro": [b.to_dict() for b in self.intro], "summary": self.summary.key,
                "exercises": [e.to_dict() for e in self.exercises]}

    def __repr__(self) -> str:
        return f"<Lesson {self.number} {self.key!r}: {len(self.exercises)} exercises>"


def load(path: str | pathlib.Path) -> Lesson:
    """One lesson file; CurriculumError when it is not valid JSON or not a valid lesson."""
    path = pathlib.Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise CurriculumError(str(path.name), "", f"cannot be read as JSON: {err}") from err
    except RecursionError as err:   # lists in lists thousands deep
        raise CurriculumError(str(path.name), "", "cannot be read as JSON: nested too deep") from err
    return Lesson.from_dict(data, where=f"lessons/content/{path.name}:")


def load_all(folder: str | pathlib.Path = CONTENT_DIR) -> tuple[Lesson, ...]:
    """Every lesson file of the folder (``NN-key.json``), in the order of their numbers."""
    lessons = [load(p) for p in sorted(pathlib.Path(folder).glob("[0-9][0-9]-*.json"))]
    lessons.sort(key=lambda lesson: lesson.number)
    keys = [lesson.key for lesson in lessons]
    if len(set(keys)) != len(keys):
        raise CurriculumError(str(folder), "key", "two lessons share a key")
    return tuple(lessons)


_ALL: tuple[Lesson, ...] | None = None


def all_lessons() -> tuple[Lesson, ...]:
    """The lessons of ``lessons/content``, read once (``lessons.LESSONS``)."""
    global _ALL
    if _ALL is None:
        _ALL = load_all()
    return _ALL


@per_catalogues
def languages() -> tuple[str, ...]:
    """The languages every text of the engine and the lessons exists in, English first."""
    found = set(engine_languages()) & {p.stem for p in LOCALE_DIR.glob("*.txt")}
    return tuple(lang for lang in sorted(found, key=lambda lang: (lang != "en", lang))
                 if set(catalogue("en")) <= set(catalogue(lang)))


__all__ = ["Block", "CurriculumError", "Exercise", "KINDS", "Lesson", "OwnText", "STATUSES", "Verdict", "all_lessons",
           "languages", "load", "load_all", "ruleset_dict", "ruleset_from_dict"]
