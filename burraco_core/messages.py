"""Everything the engine tells a person, as a key plus language-neutral parameters.

A :class:`Message` is a catalogue key and parameters that mean the same in every
language: card objects (or tuples of them), suit codes, ranks, numbers, player and
side numbers, rule ids and nested messages. It is formatted only when it is shown::

    msg = Message("rule.run.gap", cards=parse_cards("5H 8H"), gaps=..., wilds=0)
    msg.text("en")          # or str(msg), English
    msg.text("it")          # once the Italian catalogue exists

The texts live in one plain-text catalogue per language, ``burraco_core/locale/<lang>.txt``,
easy to edit for a translator who is not a programmer::

    # a comment
    rule.hand.not-held = You do not hold {cards}.
    some.long.key = A text that goes on
        over an indented continuation line (joined with one space).

A placeholder is ``{name}`` or ``{name:kind}``. The value's type decides the default
(a card shows its face, ``7♥``; cards show their faces; a message shows its text in the
same language; a number shows its digits). The kinds:

``{x:name}``    a card (or cards) in words: ``seven of hearts`` (catalogue ``card.name``, ``rank.N``, ``suit.S``)
``{x:suit}``    a suit code in words: ``hearts`` (``suit.H``)
``{x:rank}``    a rank (1-14) in words: ``king`` (``rank.13``); ``{x:ranks}`` the plural, ``kings`` (``ranks.13``)
``{x:list}``    several values joined as the language joins a list: ``A, B and C`` (``list.and``)
``{x:player}``  a player number (0-based) as people count them: ``player 2`` (``player``)
``{x:index}``   any 0-based number (a player, a side) as people count: ``0`` shows ``1``
``{x:signed}``  a number with its sign: ``+15``, ``-70``
``{x:plural:one|other}``  the form for the number x (for a list of values: how many there
                are); ``#`` in a form is the number. The forms are in the order of the
                language's plural categories (English, Italian, Spanish, Portuguese: one,
                other; see :func:`plural_forms`).
``{x:select:a=text|b=text|other=text}``  a text chosen by the value (a kind, a gender...).

A language may also define card forms of its own, for the words a card takes in a sentence
(an article, an article joined to a preposition; a form whose name is capitalised, ``form.Il``, starts a
sentence: of several cards, only the first takes it, the others take ``form.il``): the key ``form.<name>`` of its catalogue is a
text with the parameters ``card`` (the card's face), ``rank`` (1-13, 0 for a joker) and ``suit``,
and ``{x:<name>}`` shows a card (or each of several cards, joined as a list) through it. A rank
code alone ("8": what a group's wild stands for) has no suit; a value already in words (a message
such as "una donna") has the rank ``words``, so a form says what comes before words too::

    form.il = {rank:select:words={card}|1=l'{card}|8=l'{card}|12=la {card}|other=il {card}}
    rule.hand.not-held = Non hai in mano {cards:il}.       # il 7♥, l'8♥ e la Q♥

English needs none; the forms are the only keys a catalogue may have that English has not.

Other code (the lessons) adds catalogues of its own with :func:`add_catalogue_dir`.
A text missing in a language falls back to English and is recorded in :data:`MISSING`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

__all__ = ["FORM_PREFIX", "KINDS", "Message", "MISSING", "add_catalogue_dir", "catalogue", "languages", "placeholders",
           "plural_form", "plural_forms", "translate"]

DEFAULT_LANGUAGE = "en"
_LOCALE_DIR = Path(__file__).with_name("locale")
KINDS = frozenset({"", "name", "suit", "rank", "ranks", "list", "player", "index", "signed", "plural", "select"})
FORM_PREFIX = "form."   # a language's own card forms: form.<name>, used as {card:<name>}
# Languages where a sentence goes on in lower case after a colon: a nested message filled in after ": " starts with
# a small letter there ("Non è valida: nella scala…", "La regla: cada carta…"), unless its first word is a name
# (PROPER_WORDS, a ruleset's or a player's name, a card: "La regola: K♠…"). English keeps the capital.
LOWER_AFTER_COLON = frozenset({"it", "es", "pt"})
PROPER_WORDS = frozenset({"Burraco", "Buraco", "Royal"})
_NAMED = re.compile(r"(ruleset|who\.named|table\.name|language\.name|home\.title)(\.|$)|lesson\.[\w-]+\.title$")
_AFTER_COLON = re.compile(r":[\x03]*[ \n]+$")        # (\x03: where a nested text ends, when the checks mark them)
_LOWER_START = re.compile(r"^((?:\x01[^\x02]*\x02)*)([A-ZÀ-ÖØ-Þ])(?=[a-zß-öø-ÿ']|[ ,])")
_DIRS: list[Path] = [_LOCALE_DIR]
_CATALOGUES: dict[str, dict[str, str]] = {}
_READINGS = [0]     # how many times a catalogue was read or a folder added (see per_catalogues)
MISSING: set[tuple[str, str]] = set()   # (lang, key) asked for and shown in English instead
_log = logging.getLogger(__name__)

# Plural rule of each language: how many forms ``{n:plural:...}`` has there, and which form a
# number takes (an index into them). A new language adds its line (CLDR's cardinal rules, for
# whole numbers); a language not listed here counts as English.
_PLURAL_RULES: dict[str, tuple[int, Callable[[int], int]]] = {
    "en": (2, lambda n: 0 if n == 1 else 1),            # 1 card, 0 cards, 2 cards
    "it": (2, lambda n: 0 if n == 1 else 1),            # 1 carta, 0 carte, 2 carte
    "es": (2, lambda n: 0 if n == 1 else 1),            # 1 carta, 0 cartas, 2 cartas
    "pt": (2, lambda n: 0 if n == 1 else 1),            # 1 carta, 0 cartas, 2 cartas: CLDR puts 0 with 1, but
                                                        # Brazilian pages write "0 cartas" (or "nenhuma carta")
}


def plural_forms(lang: str) -> int:
    """How many forms a ``{n:plural:...}`` placeholder has in ``lang`` (English: 2, one|other)."""
    return _PLURAL_RULES.get(lang, _PLURAL_RULES[DEFAULT_LANGUAGE])[0]


def plural_form(lang: str, number: int) -> int:
    """Which of the plural forms ``number`` takes in ``lang`` (0 for the first)."""
    return _PLURAL_RULES.get(lang, _PLURAL_RULES[DEFAULT_LANGUAGE])[1](number)


class Message:
    """A key of the message catalogues and its language-neutral parameters; immutable."""

    __slots__ = ("key", "_params")

    key: str
    _params: tuple[tuple[str, Any], ...]

    def __init__(self, key: str, /, **params: Any) -> None:
        object.__setattr__(self, "key", key)
        # sorted, so that two messages with the same params given in another order are equal
        object.__setattr__(self, "_params", tuple(sorted(params.items())))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Message is immutable")

    @property
    def params(self) -> dict[str, Any]:
        """The parameters (a fresh dict: changing it changes nothing here)."""
        return dict(self._params)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The message in the given language (English where that language lacks the key)."""
        return translate(self.key, lang, dict(self._params))

    def __str__(self) -> str:
        return self.text(DEFAULT_LANGUAGE)

    def __repr__(self) -> str:
        args = "".join(f", {name}={value!r}" for name, value in self._params)
        return f"Message({self.key!r}{args})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return self.key == other.key and self._params == other._params

    def __hash__(self) -> int:
        try:
            return hash((self.key, self._params))
        except TypeError:   # a list among the params
            return hash(self.key)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.key, self._params))


def _rebuild(key: str, params: tuple[tuple[str, Any], ...]) -> Message:
    return Message(key, **dict(params))


# -- catalogues -----------------------------------------------------------------------------

def add_catalogue_dir(path: str | Path) -> None:
    """Add a folder of ``<lang>.txt`` catalogues (read after the engine's own; a key may not repeat)."""
    folder = Path(path)
    if folder not in _DIRS:
        _DIRS.append(folder)
        _CATALOGUES.clear()
        _READINGS[0] += 1


def languages() -> tuple[str, ...]:
    """The languages the engine has a catalogue for, English first."""
    found = sorted(p.stem for p in _LOCALE_DIR.glob("*.txt"))
    return tuple(sorted(found, key=lambda lang: (lang != DEFAULT_LANGUAGE, lang)))


def per_catalogues(judge: Callable[[], tuple[str, ...]]) -> Callable[[], tuple[str, ...]]:
    """``judge()``, a question about the catalogues as a whole (which languages are complete), answered
    again only when the catalogues read changed: other folders, a catalogue read again, added or dropped.
    The lessons ask which languages are complete at every save of a learner's progress (issue 31)."""
    seen: list[Any] = [None, ()]        # the catalogues' state when last judged; the answer

    def kept() -> tuple[str, ...]:
        if seen[0] == _catalogues_state():
            return tuple(seen[1])
        answer = judge()
        seen[:] = [_catalogues_state(), answer]        # after judging: the catalogues it read are in
        return answer

    kept.__doc__, kept.__name__ = judge.__doc__, judge.__name__
    return kept


def _catalogues_state() -> tuple[int, int, int]:
    """What changes when the catalogues read change: a catalogue read (again) or a folder added bumps the count of
    readings; the cache emptied (``_CATALOGUES.clear()``, as the tests do) leaves fewer catalogues; a new cache, another
    dict."""
    return (_READINGS[0], len(_CATALOGUES), id(_CATALOGUES))


_LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*")


def _is_language_code(lang: object) -> bool:
    """``en``, ``it``, ``pt-BR``: what names a catalogue file; not None, a number, a path or a paragraph."""
    return isinstance(lang, str) and _LANGUAGE_CODE.fullmatch(lang) is not None


def catalogue(lang: str) -> Mapping[str, str]:
    """Every text of one language, from every catalogue folder (empty for an unknown language)."""
    if not _is_language_code(lang):
        return {}   # no file is looked for: a long "language" is no file name, "../x" a path outside
    texts = _CATALOGUES.get(lang)
    if texts is None:
        texts = {}
        for folder in _DIRS:
            path = folder / f"{lang}.txt"
            if path.is_file():
                for key, text in parse_catalogue(path.read_text(encoding="utf-8"), str(path)):
                    if key in texts:
                        raise ValueError(f"{path}: the key {key!r} is defined twice")
                    texts[key] = text
        _CATALOGUES[lang] = texts
        _READINGS[0] += 1
    return texts


_ENTRY = re.compile(r"^([A-Za-z0-9_.\-]+)\s*=\s?(.*)$")


def parse_catalogue(source: str, where: str = "<catalogue>") -> Iterator[tuple[str, str]]:
    """The (key, text) entries of a catalogue's text; a line that is not one raises ValueError."""
    key: str | None = None
    text = ""
    for number, line in enumerate(source.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line[0] in " \t":
            if key is None:
                raise ValueError(f"{where}:{number}: a continuation line with no entry before it")
            text = f"{text} {stripped}" if text else stripped
            continue
        if key is not None:
            yield key, text
        match = _ENTRY.match(line)
        if match is None:
            raise ValueError(f"{where}:{number}: expected 'key = text', got {line!r}")
        key, text = match.group(1), match.group(2).strip()
    if key is not None:
        yield key, text


def translate(key: str, lang: str = DEFAULT_LANGUAGE, params: Mapping[str, Any] | None = None) -> str:
    """The text of ``key`` in ``lang`` with its placeholders filled."""
    template = catalogue(lang).get(key)
    if template is None:
        if _is_language_code(lang) and lang != DEFAULT_LANGUAGE:
            MISSING.add((lang, key))
            _notice(lang, "no %s text for %r: shown in English (said once; the others missing are in "
                          "burraco_core.messages.MISSING)", lang, key)
        elif lang != DEFAULT_LANGUAGE:
            _notice(repr(lang)[:60], "%s is not a language code: %r and the other texts shown in English",
                    repr(lang)[:60], key)
        template = catalogue(DEFAULT_LANGUAGE).get(key)
        if template is None:
            raise KeyError(f"no text for the message key {key!r}")
        lang_used = DEFAULT_LANGUAGE
    else:
        lang_used = lang
    return _fill(template, lang_used, params or {})


_NOTICED: set[str] = set()      # the languages whose missing texts were already reported


def _notice(lang: str, text: str, *args: Any) -> None:
    """A language's first missing text is a warning; the next ones only debug lines (a page shown in a
    language with no catalogue would otherwise print one warning per text on it)."""
    if lang in _NOTICED:
        _log.debug(text, *args)
    else:
        _NOTICED.add(lang)
        _log.warning(text, *args)


# -- placeholders ------------------------------------------------------------------------------

def _fields(template: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, inside) of every top-level ``{...}`` of a template."""
    depth = 0
    start = 0
    for i, char in enumerate(template):
        if char == "{":
            if depth == 0:
                start = i
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                yield start, i + 1, template[start + 1:i]


def _split_top(text: str, sep: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        if char == sep and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


def placeholders(template: str) -> frozenset[str]:
    """The parameter names a template uses (including those inside plural and select forms)."""
    names: set[str] = set()
    for _, _, inside in _fields(template):
        name, _, rest = inside.partition(":")
        names.add(name)
        kind, _, forms = rest.partition(":")
        if kind in ("plural", "select"):
            for form in _split_top(forms, "|"):
                names |= placeholders(form.partition("=")[2] if kind == "select" else form)
    return frozenset(names)


def _fill(template: str, lang: str, params: Mapping[str, Any]) -> str:
    if "{" not in template:
        return template
    out: list[str] = []
    last = 0
    for start, end, inside in _fields(template):
        out.append(template[last:start])
        said = _field(inside, lang, params)
        if lang in LOWER_AFTER_COLON and _AFTER_COLON.search("".join(out[-2:])):
            said = _after_colon(said, params.get(inside.partition(":")[0]), lang)
        out.append(said)
        last = end
    out.append(template[last:])
    return "".join(out)


def _after_colon(said: str, value: Any, lang: str) -> str:
    """A nested message filled in after a colon, going on in lower case (LOWER_AFTER_COLON): its first letter small,
    unless it begins with a name or a card (a text that begins with a value of its own: that value decides)."""
    if not isinstance(value, Message):
        return said
    begins = catalogue(lang).get(value.key, "")
    first = next(_fields(begins), None) if begins.startswith("{") else None
    if first is not None:
        name, _, kind = first[2].partition(":")
        kind = kind.partition(":")[0]
        if kind == "" and isinstance(value.params.get(name), Message):
            # a text that begins with a nested text of its own ("{did} Una combinazione…", a player named by their
            # seat, "l'avversario alla tua sinistra ha…"): that one decides
            return _after_colon(said, value.params[name], lang)
    if _NAMED.match(value.key):
        return said
    if first is not None and kind not in ("plural", "select") and not kind[:1].isupper():
        return said             # (a card form of a sentence's start, "{wild:Il} sta…", goes on in lower case)
    found = _LOWER_START.match(said)
    if found is None or said[found.end(1):].split(" ", 1)[0].rstrip(",") in PROPER_WORDS:
        return said
    return said[:found.end(1)] + found.group(2).lower() + said[found.end(2):]


def _field(inside: str, lang: str, params: Mapping[str, Any]) -> str:
    name, _, rest = inside.partition(":")
    if name not in params:
        raise KeyError(f"the placeholder {{{name}}} has no value (given: {sorted(params)})")
    value = params[name]
    kind, _, forms = rest.partition(":")
    if kind == "plural":
        choices = _split_top(forms, "|")
        number = len(value) if isinstance(value, (tuple, list)) else int(value)   # a list: how many
        index = min(plural_form(lang, number), len(choices) - 1)
        return _fill(choices[index], lang, params).replace("#", str(number))
    if kind == "select":
        options = dict(part.split("=", 1) for part in _split_top(forms, "|"))
        chosen = options.get(str(value), options.get("other", str(value)))
        return _fill(chosen, lang, params)
    return _show(value, kind, lang)


def _show(value: Any, kind: str, lang: str) -> str:
    """One parameter value as text in ``lang``."""
    Card = _CARD_TYPE
    if kind == "list":
        items = [_show(item, "", lang) for item in value]
        return _join(items, lang)
    if kind == "player":
        return translate("player", lang, {"number": int(value) + 1})
    if kind == "index":
        return str(int(value) + 1)
    if kind == "signed":
        return f"{int(value):+d}"
    if kind == "suit":
        return translate(f"suit.{value}", lang)
    if kind in ("rank", "ranks"):
        return translate(f"{kind}.{14 if value == 14 else int(value)}", lang)
    if kind == "name":
        if isinstance(value, Card):
            return card_name(value, lang)
        return _join([card_name(card, lang) for card in value], lang)
    if kind not in KINDS:
        return _card_form(value, kind, lang)
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, Card):
        return card_face(value, lang)
    if isinstance(value, (tuple, list)) and all(isinstance(v, Card) for v in value):
        return " ".join(card_face(card, lang) for card in value)
    if isinstance(value, bool):
        return translate("yes" if value else "no", lang)
    if type(value) is int and value.bit_length() > 200:   # over 60 digits (from a file): said by its size, and
        return ("-" if value < 0 else "") + f"~10^{int(value.bit_length() * 0.30103)}"   # str() refuses 4,300
    return str(value)


def _card_form(value: Any, form: str, lang: str) -> str:
    """A card, or each of several cards joined as a list, through the language's ``form.<form>``."""
    template = catalogue(lang).get(FORM_PREFIX + form)
    items = list(value) if isinstance(value, (tuple, list)) else [value]
    if template is None:   # a translator's slip: the values as they are, and the tests are told
        MISSING.add((lang, FORM_PREFIX + form))
        _log.warning("no %s card form %r: shown without it", lang, form)
        return _join([_show(item, "", lang) for item in items], lang)
    # a form of a sentence's start ("Il 7♥", form.Il) capitalises the first card only: the others take form.il
    others = catalogue(lang).get(FORM_PREFIX + form[:1].lower() + form[1:], template)
    return _join([_fill(template if at == 0 else others, lang, _form_params(item, lang)) for at, item in enumerate(items)],
                 lang)


def _form_params(value: Any, lang: str) -> dict[str, Any]:
    """What a card form is given: the card as shown, its rank (0 a joker) and suit; a rank code alone ("8", what a
    group's wild stands for) has no suit; anything else (a text in words: "una donna") has the rank ``words``."""
    card: Any = value
    if isinstance(value, str):
        if value.strip() in _RANK_OF_CODE:
            return {"card": value, "rank": _RANK_OF_CODE[value.strip()], "suit": ""}
        card = _read_card(value)
    if isinstance(card, _CARD_TYPE):
        return {"card": value, "rank": getattr(card, "rank"), "suit": getattr(card, "suit")}  # noqa: B009
    return {"card": _show(value, "", lang), "rank": "words", "suit": ""}


def card_face(card: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card as a sentence shows it: ``7♥``, and a joker by its short name in ``lang`` (``Joker``,
    ``Jolly``), never the notation ``JK``."""
    return translate("card.joker.short", lang) if card.is_joker else str(card)


def _join(items: Iterable[str], lang: str) -> str:
    items = list(items)
    if not items:
        return translate("list.none", lang)
    if len(items) == 1:
        return items[0]
    return translate("list.and", lang, {"first": ", ".join(items[:-1]), "last": items[-1]})


# The card type, and a reader of card codes that gives None for anything else. This module is the
# engine's bottom room and imports none of the others: cards.py, which imports it, hands them over
# with use_cards() as it loads (before any card exists), so a card parameter is shown by its face.
_CARD_TYPE: type = type(NotImplemented)   # no parameter is of this type until cards.py loads
_RANK_OF_CODE = {"A": 1, **{str(rank): rank for rank in range(2, 11)}, "J": 11, "Q": 12, "K": 13}


def _no_card(text: str) -> Any:
    return None


_read_card: Callable[[str], Any] = _no_card


def use_cards(card_type: type, read_card: Callable[[str], Any]) -> None:
    """Called by ``cards.py`` as it loads: the card type, and a reader of a card code (None if not one)."""
    global _CARD_TYPE, _read_card
    _CARD_TYPE, _read_card = card_type, read_card


def card_name(card: Any, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card in words, for screen readers and sentences: ``seven of hearts``, ``sette di cuori``."""
    if card.is_joker:
        return translate("card.joker", lang)
    return translate("card.name", lang, {"rank": Message(f"rank.{card.rank}"),
                                         "suit": Message(f"suit.{card.suit}")})
