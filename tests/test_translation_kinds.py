"""Checks that catch the kind of a translation slip, not only one instance of it (issue 23).

Every text is rendered as a learner reads it, in every language (a partial one for the keys it has): every
message the engine says (refusals, rule summaries, hints, score lines, narration, the terminal game), and every
exercise of every lesson and of every generator (its prompt, hints and choices, its solution and each wrong
answer). Each catalogue is also read key by key. The checks fail on:

- a nested message that starts with a capital inside a sentence ("Non Un burraco pulito lì"), or after a colon in a
  language that goes on in lower case there ("Non è valida: Nella scala…": it, es, pt; the template lowers it);
- a word said twice across a verdict and its explanation ("Giusto! Giusto: ...");
- a number beside a word of the other number ("1 obiettivi raggiunti", "Annullate: 1 mossa"), and a count shown
  plainly before a noun where a plural form belongs;
- punctuation doubled where a nested text meets its sentence;
- a text that ends where no text can end (a continuation line that went to the next key: "… el");
- a card form a catalogue uses but does not define, or that fails for a card;
- the joker's short name (how a list of cards shows it: "Jolly") after an article, where a sentence says its name
  ("il jolly"), and the joker's name said twice ("il jolly (Jolly)").

(A text identical to English, and placeholders missing or extra against English: tests/test_translations.py.)

The second round of issue 23 (the lesson texts ``lesson.*`` and the exercise feedback ``ex.*``, rewritten for
issue 21, translated again) is over: every check runs over every key of every language, and SECOND_ROUND_LANGS,
which deferred a language's slips in those keys while it was being written, stays empty (a test says so).
``python -m tests.test_translation_kinds`` lists every slip of every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import burraco_core as bc
import lessons
from burraco_core import messages
from burraco_core.messages import Message, plural_form
from lessons.curriculum.generators import GENERATED_KINDS, generate
from lessons.curriculum.model import OWN_TEXT
from tests.test_messages import produced  # noqa: F401   (the messages the engine says, shared fixture)
from tests.test_translations import (
    _CARD_CODE,
    FOLDERS,
    LANGS,
    SECOND_ROUND,
    SECOND_ROUND_LANGS,
    entries,
    expects,
    fields,
    glossary_slips,
)

ROOT = Path(__file__).resolve().parents[1]
ALL = ("en", *LANGS)

# Nested messages that are names, rightly capitalised anywhere in a sentence.
NAME_KEYS = re.compile(r"who\.named|ruleset\.(classic|italiano|buraco|pulito)$|language\.name$|lesson\.[\w-]+\.title$"
                       r"|home\.title$|table\.name\.")

# Languages where a sentence goes on in lower case after a colon ("Non è valida: nella scala…"), and the words that
# keep their capital there all the same (names).
LOWER_AFTER_COLON = messages.LOWER_AFTER_COLON
PROPER_WORDS = messages.PROPER_WORDS

# Words that say "right" in a verdict: an explanation after the verdict does not say it again.
VERDICT_WORDS = {
    "en": {"correct", "right", "exactly", "yes"},
    "it": {"giusto", "giusta", "esatto", "esatta", "corretto", "corretta", "bravo", "brava", "sì"},
    "es": {"correcto", "correcta", "exacto", "exacta", "sí"},
    "pt": {"certo", "certa", "correto", "correta", "exato", "exata", "isso", "sim"},
}

# Words no text ends with: articles, prepositions, conjunctions. A text that ends with one was cut, its end given
# to the next key by a continuation line.
DANGLING = {
    "en": {"the", "a", "an", "of", "to", "and", "or", "with", "in", "on", "for", "from", "by", "at"},
    "it": {"il", "lo", "la", "i", "gli", "le", "un", "di", "del", "della", "dei", "delle", "a", "al", "alla", "da",
           "dal", "dalla", "in", "nel", "nella", "con", "per", "su", "e", "o", "che"},
    "es": {"el", "la", "los", "las", "un", "de", "del", "a", "al", "en", "con", "por", "para", "y", "o", "que"},
    "pt": {"de", "do", "da", "dos", "das", "ao", "à", "em", "no", "na", "com", "por", "para", "e", "ou", "que"},
}
# Labels that end so on purpose: a control follows them on the page ("Start from" [ruleset]).
BEFORE_A_CONTROL = {"variants.base", "variants.use", "referee.score.match-of", "table.attach-to",
                    "referee.position.to-move", "referee.score.melds.placeholder", "table.deal.label"}

# A count shown plainly before a noun, rightly: the count is never one (or the noun does not change).
FIXED_COUNTS: dict[tuple[str, str], str] = {
    ("table.about", "players"): "2 or 4 players",
    ("table.players", "count"): "2 or 4 players",
    ("referee.position.players", "count"): "2 or 4 players",
    ("position.turns-played", "count"): "2 or 4 players",
    ("position.missing", "total"): "108 or 104 cards",
    ("referee.meld.burraco.not-yet", "needed"): "a burraco needs 7 cards",
    ("widget.vp.hands", "count"): "a match of 3 or 4 hands",
    ("referee.score.after.partial", "planned"): "3 or 4 hands planned",
    ("referee.score.after.over", "planned"): "3 or 4 hands planned",
    ("referee.score.after.over", "played"): "more than the 3 or 4 planned",
    ("referee.score.difference", "planned"): "3 or 4 hands planned",
    ("position.problem.result-player", "players"): "2 or 4 players",
    ("position.problem.stalemate", "turns"): "at least 2 turns (a ruleset's limit is 2 or more)",
    ("gen.unavailable.no-deal", "tries"): "60 tries",
    ("lite.loading.elapsed", "seconds"): "'s', the unit, does not change",
    ("rule.card.too-many-copies", "limit"): "2 of a card, 4 jokers",
    ("rule.card.too-many-copies", "count"): "more than the limit",
    ("rule.meld.too-few-cards", "count"): "the choice for 2 cards (0 and 1 have their own)",
    ("progress.error.too-big", "size"): "a file too big: thousands of characters",
    ("home.lesson-stars", "max"): "3 stars an exercise",
    ("class.cell", "max"): "3 stars an exercise",
    ("widget.summary.stars", "max"): "3 stars an exercise",
    ("referee.meld.card-points", "points"): "3 cards at least, 5 points each at least",
    ("referee.meld.card-points.bonus", "points"): "7 cards at least",
    ("referee.meld.card-points.bonus", "bonus"): "a burraco's bonus: 100 or more",
    ("gen.pick-cards.what.value", "value"): "a card's points: 5 to 30",
    ("gen.pick-cards.what.values", "value"): "a card's points: 5 to 30",
    ("gen.pick-cards.what.values", "other"): "a card's points: 5 to 30",
    ("gen.pick-cards.what.suit-value", "value"): "a card's points: 5 to 30",
    ("gen.pick-cards.what.natural-value", "value"): "a card's points: 5 to 30",
}

# Names of parameters that hold a count (besides those any English text shows through a plural form).
COUNTS = {"count", "stars", "max", "total", "needed", "planned", "played", "players", "limit", "tries", "size",
          "reached", "turns", "value", "other", "bonus", "points", "left", "took", "seconds", "difference", "solved"}


def second_round(keys: Iterable[str | None], lang: str) -> bool:
    """Whether a slip lies only in texts the second round has still to rewrite in ``lang``."""
    keys = [key for key in keys if key is not None]
    return lang in SECOND_ROUND_LANGS and bool(keys) and all(key.startswith(SECOND_ROUND) for key in keys)


# ------------------------------------------------------------------ rendering with the nested messages marked

OPEN, MID, CLOSE = "\x01", "\x02", "\x03"


@contextmanager
def marked() -> Iterator[None]:
    """While inside, every nested message's text comes wrapped in markers that name its key."""
    original = messages._show

    def show(value: Any, kind: str, lang: str) -> str:
        if isinstance(value, Message) and kind == "":
            return f"{OPEN}{value.key}{MID}{value.text(lang)}{CLOSE}"
        return original(value, kind, lang)

    messages._show = show
    try:
        yield
    finally:
        messages._show = original


def unmark(text: str) -> tuple[str, list[tuple[str, int, int, str | None]]]:
    """The plain text, and every nested message in it: (key, start, end, the key of the message around it)."""
    plain: list[str] = []
    stack: list[tuple[str, int]] = []
    spans: list[tuple[str, int, int, str | None]] = []
    at = 0
    while at < len(text):
        char = text[at]
        if char == OPEN:
            mid = text.index(MID, at)
            stack.append((text[at + 1:mid], len(plain)))
            at = mid + 1
            continue
        if char == CLOSE:
            key, start = stack.pop()
            spans.append((key, start, len(plain), stack[-1][0] if stack else None))
        else:
            plain.append(char)
        at += 1
    return "".join(plain), spans


_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_CAPITAL_WORD = re.compile(r"[^\W\d_]")


def _first_word(text: str) -> str:
    found = _WORD.search(text)
    return found.group(0) if found else ""


def _last_word(text: str) -> str:
    found = _WORD.findall(text)
    return found[-1] if found else ""


def slips_in(msg: Message, lang: str) -> list[tuple[str, tuple[str, ...]]]:
    """The slips of one message as shown in ``lang``: (what, the keys whose texts can mend it)."""
    with marked():
        shown = msg.text(lang)
    plain, spans = unmark(shown)
    found: list[tuple[str, tuple[str, ...]]] = []
    english = msg.text("en") if msg.key in messages.catalogue("en") else ""
    if plain[:1].islower() and english[:1].isupper() and expects(lang, msg.key):
        found.append((f"starts with a small letter where English starts with a capital: {plain[:40]}", (msg.key,)))
    for key, start, end, parent in spans:
        parent = parent or msg.key
        inner, before, after = plain[start:end], plain[:start], plain[end:]
        if not inner.strip() or not (expects(lang, key) and expects(lang, parent)) or OWN_TEXT in (key, parent):
            continue                    # (a teacher's own words are the teacher's)
        tail = before.rstrip(" ")
        starts_cap = inner[0].isupper() and _CAPITAL_WORD.match(inner) and not _CARD_CODE.match(inner)
        if tail and (tail[-1].isalnum() or tail[-1] in ",;") and starts_cap and not NAME_KEYS.match(key):
            # the sentence decides how what it holds begins
            found.append((f"a capital inside a sentence: …{tail[-30:]}⟦{inner[:30]}⟧", (parent,)))
        if (tail.endswith(":") and lang in LOWER_AFTER_COLON and starts_cap and not NAME_KEYS.match(key)
                and _first_word(inner) not in PROPER_WORDS):
            # "Non è valida: nella scala…": the sentence goes on after a colon, in lower case
            found.append((f"a capital after a colon: …{tail[-30:]} ⟦{inner[:30]}⟧", (parent, key)))
        if NAME_KEYS.match(key):
            continue
        if _said_twice(before, inner, lang):
            found.append((f"said twice: …{before[-30:]}⟦{inner[:30]}⟧", (parent, key)))
        if _said_twice(inner, after, lang):
            found.append((f"said twice: ⟦…{inner[-30:]}⟧{after[:30]}", (parent, key)))
        edge = inner.rstrip()[-1:] + after[:1]
        if edge in ("..", ".,", ",.", ":.", ";.", "!.", "?.", ".:", ",,", "::") and not inner.endswith("..."):
            found.append((f"punctuation doubled: …{inner[-30:]}⟧{after[:20]}", (parent, key)))
    for slip in joker_slips(plain, lang):
        found.append((slip, tuple(dict.fromkeys([msg.key, *(key for key, _, _, _ in spans)]))))
    for slip, at in bare_card_slips(plain, lang):
        inside = [key for key, start, end, _ in spans if start <= at < end]
        found.append((slip, (inside[-1] if inside else msg.key,)))
    for slip, at in plural_slips(plain, lang):
        inside = [key for key, start, end, _ in spans if start <= at < end]
        found.append((slip, (inside[-1] if inside else msg.key,)))
    return found


def _said_twice(first: str, then: str, lang: str) -> bool:
    """Whether ``first`` ends with the word ``then`` starts with (or both say "right"), a few signs apart."""
    last = re.search(r"([^\W\d_]+)([^\w]{0,3})$", first)
    next_word = re.match(r"([^\w]{0,3})([^\W\d_]+)", then)
    if last is None or next_word is None or "-" in last.group(2) + next_word.group(1):
        return False
    if (_CARD_CODE.fullmatch(last.group(1)) or last.group(1) in ("JK", messages.translate("card.joker.short", lang))
            or last.group(2)[:1] in "♠♥♦♣"):  # "A♥. A regra": an ace shown, then Portuguese's article
        return False                   # a card (a joker is shown by its short name), not a word
    one, two = last.group(1).casefold(), next_word.group(2).casefold()
    return one == two or {one, two} <= VERDICT_WORDS.get(lang, set())


# The words a card's name follows mid-sentence (articles, and prepositions joined to one), where a card takes one.
ARTICLES = {
    "it": {"il", "del", "al", "un", "dal", "nel", "col", "sul"},
    "es": {"el", "del", "al", "un"},
    "pt": {"o", "do", "ao", "no", "pelo", "um"},
}


def joker_slips(plain: str, lang: str) -> list[str]:
    """The joker's short name (card.joker.short, "Jolly": how a list of cards shows it) after an article, where the
    sentence says its name (card.joker, "il jolly"); and the name said twice, "il jolly (Jolly)"."""
    short, name = (messages.translate(key, lang) for key in ("card.joker.short", "card.joker"))
    found = []
    if short != name and ARTICLES.get(lang):
        for match in re.finditer(rf"\b({'|'.join(ARTICLES.get(lang, ()))}) {re.escape(short)}\b", plain):
            found.append(f"the joker's short name after an article (say {match.group(1)} {name}): …{match.group(0)}")
    for match in re.finditer(rf"\b{re.escape(name)}s? \({re.escape(short)}\b", plain, re.IGNORECASE):
        found.append(f"the joker's name said twice: …{plain[max(0, match.start() - 20):match.end() + 5]}")
    return found


# A card said by its code where the sentence needs the article its card forms give ("hai ancora l'A♣", "al posto del
# 7♥", "en lugar del 6♥", "(do 8♠ ao J♠)"): after a preposition that takes an article, after these verbs and adverbs,
# and as the subject at a sentence's start ("Il 2♠ sta al posto…", not "2♠ sta…"). A card in a row of cards (a meld
# shown, "5♥ 6♥ Jolly 8♥") or before a colon (a label: "2♥: questa carta…") rightly stands alone. A player is said
# with an article too ("Il giocatore 2 ha scartato", "ahora juega el jugador 2").
BARE_AFTER = {
    "it": ("di", "a", "in", "con", "su", "per", "tra", "fra", "ancora", "quindi", "hai"),
    "es": ("de", "a", "en", "con", "por", "para", "desde", "hasta", "entre", "tienes", "juega"),
    "pt": ("de", "a", "em", "com", "por", "para", "até", "entre", "tem", "joga"),
}
# Where a card rightly follows a preposition bare: "il jolly fa da 6♥", "el joker hace de 9♥ (o de 6♥)" (acting as).
BARE_IDIOMS = {"it": re.compile(r"\bfa\w* da (?:\S+ o da )?$"), "es": re.compile(r"\b(?:hac|hag)\w* de (?:\S+ o de )?$")}
_CARD_SAID = r"(?:10|[2-9AJQK])[♠♥♦♣]"


def bare_card_slips(plain: str, lang: str) -> list[tuple[str, int]]:
    """A card (or a player) said without the article the language needs there: (what, where)."""
    if lang not in BARE_AFTER:
        return []
    short = re.escape(messages.translate("card.joker.short", lang))
    card = rf"(?:{_CARD_SAID}|{short})"
    player = re.escape(messages.translate("player", lang, {"number": 0}).removesuffix("0").strip())
    found = []
    for match in re.finditer(rf"(?<![\w♠♥♦♣'])(?:{card}|(?i:{player}) \d)(?![\w♠♥♦♣])", plain):
        said, before, after = match.group(0), plain[:match.start()], plain[match.end():]
        if re.search(rf"{card}[ ,]*$", before) or re.match(rf" {card}(?![\w])", after):
            continue                    # a row of cards, a meld shown
        word = re.search(r"([^\W\d_]+) $", before)
        opens = re.search(r"(?:^|[.!?:;] ?)$", before) is not None
        idiom = BARE_IDIOMS.get(lang)
        if idiom is not None and idiom.search(before):
            continue
        at = plain[max(0, match.start() - 25):match.end() + 15]
        if word and f"{word.group(1)} {said}" in card_articles(lang)[0]:
            continue                    # "a Q♠": what a card form says (Portuguese's article, not its preposition)
        if word and word.group(1) in BARE_AFTER[lang]:
            found.append((f"{said} without its article after '{word.group(1)}': …{at}…", match.start()))
        elif said[-1].isdigit() and re.search(r"(?:^|[.!?] )$", before) and re.match(r" [^\W\d_]*[a-zà-ÿ]", after):
            found.append((f"a player without the article: …{at}…", match.start()))
        elif opens and re.match(r" [^\W\d_]*[a-zà-ÿ]", after) and not said[-1].isdigit():
            found.append((f"{said} as the subject, without its article: …{at}…", match.start()))
        elif said[-1] not in "♠♥♦♣" and not said[-1].isdigit() and word and word.group(1)[0].islower():
            found.append((f"the joker's short name after '{word.group(1)}' (say its card form): …{at}…", match.start()))
    return found


@cache
def number_words(lang: str) -> tuple[tuple[frozenset[str], frozenset[str]], tuple[frozenset[str], frozenset[str]]]:
    """The words that change with the number in ``lang``'s plurals: where a plural's first form and another put
    different words right before '#' (manca / mancano) or right after it (carta / carte). For each side, (the
    first form's words, the other forms' words)."""
    sides: list[tuple[set[str], set[str]]] = [(set(), set()), (set(), set())]
    around = re.compile(r"(?:([^\W\d_]+) )?#(?: ([^\W\d_]+))?")
    for folder in FOLDERS.values():
        for text in entries(folder, lang).values():
            for _, kind, forms in fields(text):
                if kind != "plural" or len(forms) < 2:
                    continue
                first = around.findall(forms[0])
                for form in forms[1:]:
                    for one, other in zip(first, around.findall(form), strict=False):   # forms may say # apart
                        for side in (0, 1):
                            if one[side] and other[side] and one[side].casefold() != other[side].casefold():
                                sides[side][0].add(one[side].casefold())
                                sides[side][1].add(other[side].casefold())
    return tuple((frozenset(one - other), frozenset(other - one)) for one, other in sides)  # type: ignore[return-value]


_NUMBER_AND_WORDS = re.compile(r"(?:([^\W\d_]+) )?(?<![\w.,+−'-])(\d+)(?![\w.,%/♠♥♦♣'-])(?: ([^\W\d_]+))?")


# Phrases where a word that changes with the number elsewhere does not: "hacen falta 7 cartas".
NUMBER_IDIOMS = {"es": re.compile(r"\bhacen? falta$", re.IGNORECASE)}


def plural_slips(plain: str, lang: str) -> list[tuple[str, int]]:
    """A number beside a word that only the other plural form takes: (what, where)."""
    sides = number_words(lang)
    idiom = NUMBER_IDIOMS.get(lang)
    found = []
    for match in _NUMBER_AND_WORDS.finditer(plain):
        if idiom is not None and match.group(1) and idiom.search(plain[:match.start(1) + len(match.group(1))]):
            continue
        number = int(match.group(2))
        form = 0 if plural_form(lang, number) == 0 else 1
        for (singular, plural), word in zip(sides, (match.group(1), match.group(3)), strict=True):
            if word and word.casefold() in (plural if form == 0 else singular):
                around = plain[max(0, match.start() - 20):match.end() + 20]
                found.append((f"'{word}' does not go with {number}: …{around}…", match.start(2)))
    return found


# ------------------------------------------------------------------ what is rendered

@cache
def exercise_messages() -> tuple[Message, ...]:
    """Every text of every lesson's exercises and of generated ones: prompt, hints, choices, verdicts."""
    said: list[Message] = []
    exercises = [ex for lesson in lessons.LESSONS for ex in lesson.exercises]
    exercises += [generate(kind, seed, rules, difficulty) for kind in GENERATED_KINDS for rules in bc.RULESETS
                  for seed in range(4) for difficulty in (1, 3)]
    for lesson in lessons.LESSONS:
        said += [lesson.title_msg, lesson.summary, *(block.text for block in lesson.intro if block.text is not None)]
    for ex in exercises:
        said += [ex.prompt, *ex.hints, *(choice.label for choice in ex.choices), ex.check(ex.solution).msg]
        said += [ex.check(answer).msg for answer, _ in ex.wrong_answers]
    return tuple(dict.fromkeys(said))


def collect(msgs: Iterable[Message], lang: str) -> tuple[list[str], list[str]]:
    """(slips to fix now, slips the second round fixes), each a line naming its keys."""
    now: list[str] = []
    later: list[str] = []
    for msg in msgs:
        for slip, keys in slips_in(msg, lang):
            line = f"{lang} {' < '.join(dict.fromkeys(k for k in keys if k))}: {slip}"
            (later if second_round(keys, lang) else now).append(line)
    return sorted(set(now)), sorted(set(later))


def engine_messages(produced) -> list[Message]:  # noqa: F811
    return [msg for variants in produced.seen.values() for msg in variants.values()]


@pytest.mark.parametrize("lang", ALL)
def test_no_slip_of_a_kind_in_what_the_engine_says(produced, lang):  # noqa: F811
    now, later = collect(engine_messages(produced), lang)
    assert not now + later, "\n".join(now + later)


@pytest.mark.parametrize("lang", ALL)
def test_no_slip_of_a_kind_in_the_exercises(lang):
    now, _later = collect(exercise_messages(), lang)
    assert not now, "\n".join(now)


# A count's feedback says what it counts (issue 32): cards and points agree in words of their own ("Non sono 104 carte:
# sono di più", "Non sono 25 punti: sono di più"), never through one text that fits neither ("Non è 104: è di più").
COUNTED = {"cards": {"en": "cards", "it": "carte", "es": "cartas", "pt": "cartas"},
           "points": {"en": "points", "it": "punti", "es": "puntos", "pt": "pontos"}}


@pytest.mark.parametrize("lang", ALL)
def test_a_count_says_what_it_counts(lang):
    generated = generate("count", 0, bc.ruleset("classic"), 1)
    wrong = next(answer for answer, _ in generated.wrong_answers)
    asked = [(lessons.get_lesson("game").exercise("game.how-many-cards"), 104, "cards"),
             (lessons.get_lesson("game").exercise("game.hand-size"), 13, "cards"),
             (lessons.get_lesson("scoring").exercise("scoring.meld-value"), 25, "points"), (generated, wrong, "points")]
    for ex, answer, unit in asked:
        said = ex.check(answer).message(lang)
        assert f"{answer} {COUNTED[unit][lang]}:" in said, (ex.id, said)


# A count of none takes no singular noun (issue 32): Portuguese said "0 carta", "0 jogo" (CLDR puts 0 with 1); a count
# that can be 0 says "0 cartas", or "nenhuma carta" through a select. Each plural form that 0 chooses, in every text of
# every language, puts no word beside the 0 that only the singular form takes.
def zero_slips(lang: str, rule: Any = plural_form) -> list[str]:
    (before_one, _), (after_one, _) = number_words(lang)
    slips = []
    for folder in FOLDERS.values():
        for key, text in entries(folder, lang).items():
            for _, kind, forms in fields(text):
                if kind != "plural" or len(forms) < 2:
                    continue
                said = forms[min(rule(lang, 0), len(forms) - 1)].replace("#", "0")
                for match in re.finditer(r"(?:([^\W\d_]+) )?(?<![\w.,])0(?![\w.,])(?: ([^\W\d_]+))?", said):
                    if (match.group(1) or "").casefold() in before_one or (match.group(2) or "").casefold() in after_one:
                        slips.append(f"{lang} {key}: {said!r}")
    return slips


@pytest.mark.parametrize("lang", ALL)
def test_a_count_of_none_takes_no_singular_noun(lang):
    slips = zero_slips(lang)
    assert not slips, "\n".join(slips)
    planted = zero_slips("pt", lambda lang, n: 0 if n in (0, 1) else 1)      # the old rule: 0 with 1, "0 carta"
    assert "pt table.pile.open: '0 carta'" in planted and len(planted) > 20
    assert "0 cartas" in Message("table.pile.open", count=0).text("pt")


# A lesson and a tool of the home page never share a name (issue 32): lesson 13 was "Play a hand" like the Play page, and
# its summary, which sends the learner on to that page, pointed at both. The summary names the page as the home page does.
@pytest.mark.parametrize("lang", ALL)
def test_a_lesson_and_a_tool_have_names_of_their_own(lang):
    tools = {Message(key).text(lang): key for key in messages.catalogue("en")
             if re.fullmatch(r"home\.tool\.[\w-]+", key) and not key.endswith(("-label", "-help"))}
    assert len(tools) >= 8
    shared = {lesson.key: tools[lesson.title(lang)] for lesson in lessons.LESSONS if lesson.title(lang) in tools}
    assert not shared, f"{lang}: a lesson named as a tool: {shared}"
    page = Message("home.tool.play").text(lang)
    summary = lessons.get_lesson("play").summary.text(lang)
    assert page in summary and lessons.get_lesson("play").title(lang) not in summary, summary


# A seat offered as an answer reads as one (issue 32): "Who plays first?" is answered "El rival a tu izquierda", "The
# opponent on your left", with the article a sentence gives it, not with the table's label "Rival a tu izquierda".
ANSWERED_SEAT = {"en": "The opponent on your left", "it": "L'avversario alla tua sinistra",
                 "es": "El rival a tu izquierda", "pt": "O adversário à sua esquerda"}


@pytest.mark.parametrize("lang", ALL)
def test_a_seat_chosen_answers_its_question(lang):
    for exercise_id in ("game.first-player", "game.next-player"):
        choices = [choice.label.text(lang) for choice in lessons.get_lesson("game").exercise(exercise_id).choices]
        assert ANSWERED_SEAT[lang] in choices, choices
        assert Message("table.name.opponent-a").text(lang) not in choices, choices


# A question asked yes or no is answered yes or no (issue 32): where an exercise's English prompt ends with one ("Can you
# attach 4♥ to it?", "Is it legal?", "May you draw? If not, what stops you?"), its choice that says "it is fine" starts
# with the language's yes ("Sì, si può attaccare.", not "È valida."); the others name the rule that says no.
YES_NO_QUESTION = re.compile(r"(?:^|[.!:?] )(?:Can|Could|Is|Are|Does|Do|May|Might|Should|Will|Would|Has|Have)\b[^.!?]*\?"
                             r"(?: If not\b[^.!?]*\?)?\s*$")
YES = {"en": "Yes", "it": "Sì", "es": "Sí", "pt": "Sim"}


def unanswered(prompt: str, answer: str, lang: str) -> bool:
    """Whether ``answer``, the choice that says yes to the English ``prompt``, does not say yes in ``lang``."""
    return YES_NO_QUESTION.search(prompt) is not None and re.match(rf"{YES[lang]}\b", answer) is None


@pytest.mark.parametrize("lang", ALL)
def test_a_yes_or_no_question_is_answered_yes_or_no(lang):
    exercises = [ex for lesson in lessons.LESSONS for ex in lesson.exercises]
    exercises += [generate(kind, seed, rules, 1) for kind in GENERATED_KINDS for rules in bc.RULESETS for seed in range(4)]
    asked = found = 0
    slips = set()
    for ex in exercises:
        for choice in ex.choices:
            if choice.key == "legal":                       # (the judge's "legal", the table's ALLOWED)
                asked += YES_NO_QUESTION.search(ex.prompt.text("en")) is not None
                if unanswered(ex.prompt.text("en"), choice.label.text(lang), lang):
                    found += 1
                    slips.add(f"{lang} {ex.prompt.key} < {choice.label.key}: {choice.label.text(lang)!r} answers "
                              f"{ex.prompt.text(lang)[-60:]!r}")
    assert asked >= 5 and not found, "\n".join(sorted(slips))
    assert unanswered("Is 7♦ 7♦ 7♠ a legal meld, with a 7♦ from each deck?", "È valida.", "it")     # the slip, planted
    assert unanswered("May you make this move now? If not, what stops you?", "Nada la impide.", "es")
    assert not unanswered("Can you attach 4♥ to this run?", "Sim, dá para adicionar.", "pt")
    assert not unanswered("Classic accepts this group of three 7s. And pulito?", "È valida.", "it")



# The "it is fine there" choice of a predict exercise answers for any cards and any move (issue 32): it follows "Classic
# accepts this group of three 7s. And pulito?" or "what would the other ruleset say about these cards?", so it says
# where the thing holds ("Nell'altra variante si può.", "En la otra modalidad se puede.") with no adjective that takes a
# gender: Spanish "Es válida." answered for "este trío" (m.) too, and said only "it is legal", flatly.
GENDERED_VERDICT = {"en": None, "it": re.compile(r"\bvalid[oaie]\b"), "es": re.compile(r"\bválid[oa]s?\b"),
                    "pt": re.compile(r"\bválid[oa]s?\b")}


@pytest.mark.parametrize("lang", ALL)
def test_a_predicted_legal_answer_fits_any_cards(lang):
    exercises = [ex for lesson in lessons.LESSONS for ex in lesson.exercises]
    exercises += [generate("predict-under-ruleset", seed, rules, 1) for rules in bc.RULESETS for seed in range(4)]
    labels = {choice.label.text(lang) for ex in exercises if ex.kind == "predict-under-ruleset"
              for choice in ex.choices if choice.key == "legal"}
    assert labels, "no predict exercise offers 'legal'"
    gendered = GENDERED_VERDICT[lang]
    assert gendered is None or not [label for label in labels if gendered.search(label)], labels
    assert GENDERED_VERDICT["es"].search("Es válida.") and GENDERED_VERDICT["it"].search("È valida.")   # the slip


def test_no_language_is_deferred():
    """The second round is over: no language's lesson texts are left out of any check."""
    assert not SECOND_ROUND_LANGS
    later = [line for lang in ALL for line in collect(exercise_messages(), lang)[1]]
    later += [line for lang in ALL for folder in FOLDERS for line in catalogue_slips(lang, folder)[1]]
    later += [line for lang in LANGS for line in glossary_slips(lang)[1]]
    assert not later


# ------------------------------------------------------------------ the catalogues, key by key

def catalogue_slips(lang: str, folder: str) -> tuple[list[str], list[str]]:
    """(slips to fix now, slips the second round fixes) in one catalogue's texts."""
    english = entries(FOLDERS[folder], "en")
    counts = COUNTS | {name for text in english.values() for name, kind, _ in fields(text)
                       if kind in ("plural", "signed")}
    now: list[str] = []
    later: list[str] = []
    for key, text in entries(FOLDERS[folder], lang).items():
        problems = []
        last = _last_word(text[-30:]) if text.rstrip()[-1:].isalpha() else ""
        if last in DANGLING.get(lang, set()) and key not in BEFORE_A_CONTROL:
            problems.append(f"ends with '{last}': was its end given to the next key?")
        source = english.get(key, "").rstrip()
        if (source[-1:] in (".", "!", "?") and text.rstrip()[-1:] not in (".", "!", "?", "…", "}")
                and key not in BEFORE_A_CONTROL):
            problems.append("ends without the full stop English has")
        for form in [text, *(f.partition("=")[2] if kind == "select" else f
                            for _, kind, forms in fields(text) for f in forms if kind in ("plural", "select"))]:
            bare = form
            for start, end, _ in reversed(list(messages._fields(form))):
                inside = form[start + 1:end - 1]
                bare = bare[:start] + ("{" + inside + "}" if ":" not in inside else " ⟨⟩ ") + bare[end:]
            for match in re.finditer(r"\{(\w+)\} ([^\W\d_]{3,})", bare):
                name, word = match.groups()
                if name in counts and (key, name) not in FIXED_COUNTS and word.casefold() not in DANGLING.get(lang, ()):
                    problems.append(f"{{{name}}} shown before '{word}' without a plural form")
        if lang != "en":
            problems += article_slips(lang, text)
        for problem in problems:
            line = f"{lang} {key}: {problem}: {text[-80:]!r}"
            (later if second_round([key], lang) else now).append(line)
    return now, later


@cache
def card_articles(lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """(every way the language's card forms say a card or a rank code, the words they put before one)."""
    texts = {**entries(FOLDERS["engine"], lang), **entries(FOLDERS["lessons"], lang)}
    forms = [name[len(messages.FORM_PREFIX):] for name in texts if name.startswith(messages.FORM_PREFIX)]
    codes = [str(card) for card in bc.full_deck(4)] + [bc.cards.rank_code(rank) for rank in range(1, 14)]
    said = {messages._fill(f"{{c:{form}}}", lang, {"c": code}) for form in forms for code in codes}
    before = {text[:-len(code)].strip() for text in said for code in codes if text.endswith(code)}
    return frozenset(said), frozenset(word for word in before if word)


# A card code after a word: with its suit, or a face alone (a number alone may be a number: "da 0 a 4").
_ARTICLE_AND_CARD = re.compile(r"(?<![\w'])([^\W\d_]+'|[^\W\d_]+ )((?:10|[2-9AJQK])[♠♥♦♣]|[AJQK]|JK)(?![\w♠♥♦♣])")


def article_slips(lang: str, text: str) -> list[str]:
    """Articles before a card code in a fixed text that its card forms would not put there ("il Q♠")."""
    said, articles = card_articles(lang)
    found = []
    for match in _ARTICLE_AND_CARD.finditer(text):
        word, code = match.group(1), match.group(2)
        if word.strip().casefold() in {a.casefold() for a in articles} and f"{word}{code}".casefold() not in {
                s.casefold() for s in said}:
            options = sorted(s for s in said if re.search(rf"(?:^|[ ']){re.escape(code)}$", s))
            found.append(f"'{word}{code}': the card forms say {options[:4]}")
    return found


def catalogue_params():
    pairs = [(lang, folder) for lang in ALL for folder in FOLDERS]
    return pytest.mark.parametrize(("lang", "folder"), pairs, ids=[f"{lang}-{folder}" for lang, folder in pairs])


@catalogue_params()
def test_no_slip_of_a_kind_in_the_catalogue(lang, folder):
    now, _later = catalogue_slips(lang, folder)
    assert not now, "\n".join(now)


def test_the_fixed_counts_are_real():
    english = {**entries(FOLDERS["engine"], "en"), **entries(FOLDERS["lessons"], "en")}
    for key, name in FIXED_COUNTS:
        assert key in english and any(n == name for n, _, _ in fields(english[key])), (key, name)


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_form_used_is_defined_and_says_every_card(lang):
    texts = {**entries(FOLDERS["engine"], lang), **entries(FOLDERS["lessons"], lang)}
    forms = {key[len(messages.FORM_PREFIX):]: text for key, text in texts.items() if key.startswith(messages.FORM_PREFIX)}
    used = {kind for text in texts.values() for _, kind, _ in fields(text) if kind not in messages.KINDS}
    assert used <= set(forms), f"{lang}: card forms used but not defined (form.<name>): {sorted(used - set(forms))}"
    deck = bc.full_deck(4)
    for name, text in forms.items():
        said = messages._fill(f"{{c:{name}}}", lang, {"c": deck})
        joker = messages.translate("card.joker", lang)         # a joker by its name: "il jolly", never "il Jolly"
        assert all((joker if card.is_joker else messages.card_face(card, lang)) in said for card in deck), (lang, name)
        assert "{" not in said and not joker_slips(said, lang), (lang, name, said[:200])
        assert "words=" in text, f"{lang}: form.{name} says nothing for a value in words (rank 'words')"
        words = Message("a-rank", rank=12).text(lang)
        assert words in messages._fill(f"{{c:{name}}}", lang, {"c": Message("a-rank", rank=12)}), (lang, name)


def test_the_checks_see_each_kind():
    """Each check finds the slip it is named after, in a made-up message."""
    cat = messages.catalogue("it")
    saved = dict(cat)
    try:
        cat.update({"t.outer": "Non {said} lì.", "t.inner": "Un burraco pulito", "t.verdict": "Giusto! {why}",
                    "t.why": "Giusto: 45 punti.", "t.undone": "Annullate: {count:plural:# mossa|# mosse}.",
                    "t.dot": "{reason}.", "t.reason": "Non si può."})
        slips = [slip for msg in (Message("t.outer", said=Message("t.inner")),
                                  Message("t.verdict", why=Message("t.why")), Message("t.undone", count=1),
                                  Message("t.dot", reason=Message("t.reason")))
                 for slip, _ in slips_in(msg, "it")]
    finally:
        cat.clear()
        cat.update(saved)
    assert any(s.startswith("a capital") for s in slips) and any(s.startswith("said twice") for s in slips)
    assert joker_slips("Il Jolly sta al posto del 7♥; scarta il Jolly", "it")           # a name after an article
    assert joker_slips("el joker (Joker) no se puede usar", "es") and joker_slips("os jokers (Joker JK)", "pt")
    assert not joker_slips("Non hai in mano il 7♥ e il jolly; in tavola: 5♥ 6♥ Jolly 8♥", "it")
    assert any(s.startswith("a capital after a colon") for s in _after_a_colon(lower=False))
    assert not _after_a_colon(lower=True)       # the template goes on in lower case: "Non è valida: nella scala…"
    assert any(s.startswith("punctuation") for s in slips)
    (_before, (singular, plural)) = number_words("it")
    assert "mosse" in plural and "mossa" in singular
    assert plural_slips("Hai 1 carte in mano", "it") and not plural_slips("Hai 1 carta in mano", "it")
    assert plural_slips("Restano 3 carta", "it") and plural_slips("1 mosse", "it")
    assert plural_slips("le falta 7 cartas", "es") and not plural_slips("hacen falta 7 cartas", "es")
    assert not second_round(["lesson.x.y", "ex.check.z"], "pt")       # the second round is over for every language
    assert not second_round(["lesson.x.y", "ex.check.z"], "it") and not second_round(["lesson.x.y"], "es")
    assert article_slips("it", "chiudi scartando il Q♠ o la K") and not article_slips("it", "la Q♠, l'8♥ o il K")
    assert article_slips("es", "del 8 a la K") and not article_slips("es", "del 8 al K, o la Q♥")
    # a card or a player without the article its language needs there, each slip of issue 32 once
    assert bare_card_slips("La smazzata non è chiusa: hai ancora A♣.", "it")
    assert len(bare_card_slips("Bloccata: Jolly sta al posto di 7♥ tra due carte naturali.", "it")) == 2
    assert bare_card_slips("Libre: el joker está en un extremo, en lugar de 6♥.", "es")
    assert len(bare_card_slips("escalera de picas: 8♠ 2♠ 10♠ J♠ (de 8♠ a J♠)", "es")) == 2
    assert len(bare_card_slips("sequência de espadas: 8♠ 2♠ 10♠ J♠ (de 8♠ a J♠)", "pt")) == 2
    assert bare_card_slips("Joker sobra: olhe de novo cada carta.", "pt") and bare_card_slips("La matta Jolly ha", "it")
    assert bare_card_slips("Giocatore 2 ha scartato il 7♥.", "it") and bare_card_slips("Aún no es tu turno: ahora juega "
                                                                                     "Jugador 2.", "es")
    assert not bare_card_slips("Non hai in mano il 7♥ e il jolly; in tavola: 5♥ 6♥ Jolly 8♥. Il jolly fa da 6♥ o da 9♥.",
                               "it")
    assert not bare_card_slips("O jogador 2 descartou a Q♣ (do 8♠ ao J♠). 2♥: não serve.", "pt")
    assert not bare_card_slips("Il giocatore 2 ha scartato dall'8♠ al J♠; el joker hace de 9♥ o de 6♥.", "it")


def _after_a_colon(lower: bool) -> list[str]:
    """The slips of a made-up message with a nested text after a colon, with the template's lower case or without."""
    cat = messages.catalogue("it")
    saved, saved_langs = dict(cat), messages.LOWER_AFTER_COLON
    try:
        cat.update({"t.colon": "Non è valida: {reason}", "t.reason": "Nella scala manca il 7♥.",
                    "t.card": "K♠ e Q♠ restano in mano.", "t.ruleset": "La variante: {ruleset}"})
        messages.LOWER_AFTER_COLON = LOWER_AFTER_COLON if lower else frozenset()
        shown = [Message("t.colon", reason=Message("t.reason")), Message("t.colon", reason=Message("t.card")),
                 Message("t.ruleset", ruleset=Message("ruleset.classic"))]
        assert [msg.text("it") for msg in shown][1:] == ["Non è valida: K♠ e Q♠ restano in mano.",
                                                        "La variante: Burraco classico italiano"]   # a card, a name
        return [slip for msg in shown for slip, _ in slips_in(msg, "it")
                if "without its article" not in slip]          # (made up with a bare K♠: another check's kind)
    finally:
        messages.LOWER_AFTER_COLON = saved_langs
        cat.clear()
        cat.update(saved)


# ------------------------------------------------------------------ texts the widgets put together (issue 32)

def capital_after_colon(text: str, lang: str) -> list[str]:
    """In a text as a page shows it (plain, its tags taken out): a word after a colon that keeps its capital where
    the language goes on in lower case (it, es, pt), unless it is a card ("K♠: …"), the joker's short name or a name
    (PROPER_WORDS). What the markers of ``slips_in`` cannot see: a text filled in as a string, joined in code."""
    if lang not in LOWER_AFTER_COLON:
        return []
    short = messages.translate("card.joker.short", lang)
    found = []
    for match in re.finditer(r": +([^\W\d_][^\W\d_']*)", text):
        word, then = match.group(1), text[match.end():match.end() + 1]
        if (word[0].isupper() and word not in PROPER_WORDS | {short, "JK"}
                and not (word in ("A", "J", "Q", "K") and then in "♠♥♦♣" and then)):
            found.append(f"a capital after a colon: …{text[max(0, match.start() - 30):match.end() + 20]}…")
    return found


def _page_text(html_text: str) -> str:
    import html
    return html.unescape(re.sub(r"<[^>]+>", " ", html_text))


def joined_in_code(produced, lang: str) -> list[str]:  # noqa: F811
    """Every text a widget builds around a nested one after a colon, rendered in ``lang``: the refusal with its rule
    (the lessons, the play table, the meld and position referees), the score calculator's problems, the captions of
    the lessons' stories ("13 turni dopo: l'avversario…")."""
    from lessons.curriculum.story import story
    from lessons.widgets.position_referee import refusal_body
    from lessons.widgets.score import SidePanel, read_melds
    from lessons.widgets.style import refusal_html

    texts: list[str] = []
    for key, variants in sorted(produced.seen.items()):
        rule = key.removeprefix("rule.")
        if key.startswith("rule.") and rule in bc.RULE_IDS:
            for msg in list(variants.values())[:2]:
                err = bc.IllegalMove(rule, **msg.params)
                texts += [_page_text(refusal_html(err, lang)), _page_text(refusal_html(err, lang, rule_id=False)),
                          _page_text(refusal_body(err, lang))]
    texts += read_melds("5H 6H 9C\n7H 8H XX\n5S 5D", "classic", lang)[1]
    panel = SidePanel("A", lang)
    panel.in_hand.value = "KH ZZ"
    texts += panel.read("classic")[1]
    stories = {block.story for lesson in lessons.LESSONS for block in lesson.intro if block.story is not None}
    assert stories, "no lesson tells a story any more: what does this check render?"
    texts += [frame.caption.text(lang) for which in sorted(stories, key=str) for frame in story(which)]
    return texts


@pytest.mark.parametrize("lang", ALL)
def test_a_text_joined_in_code_goes_on_in_lower_case_after_a_colon(produced, lang):  # noqa: F811
    texts = joined_in_code(produced, lang)
    assert len(texts) > 100
    slips = sorted({slip for text in texts for slip in capital_after_colon(text, lang)})
    assert not slips, "\n".join(slips)


def test_the_colon_check_sees_a_text_joined_in_code():
    """The slip of issue 32, planted: a rule's summary filled in as a string keeps its capital after "La regola:"."""
    err = bc.IllegalMove("meld.not-a-meld")
    planted = Message("table.say.rule", summary=err.summary_in("it")).text("it")
    assert capital_after_colon(planted, "it") and capital_after_colon("Carte in mano: Non si legge ZZ.", "it")
    assert not capital_after_colon(Message("table.say.rule", summary=err.summary_msg).text("it"), "it")
    assert not capital_after_colon("Non è valida: K♠ e Q♠ restano; la variante: Burraco classico; 2♥: sì", "it")
    assert not capital_after_colon("The rule: A meld is…", "en")


# ------------------------------------------------------------------ the list of keys that need care

def test_the_care_list_in_translating_md_names_real_keys():
    """docs/translating.md lists the keys whose translation needs care: every name there is a key (or a prefix)."""
    doc = (ROOT / "docs" / "translating.md").read_text(encoding="utf-8")
    section = doc.split("## Keys that need care", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`([a-z][a-z0-9-]*(?:\.[a-z0-9*_-]+)+)`", section)
    english = {**entries(FOLDERS["engine"], "en"), **entries(FOLDERS["lessons"], "en")}
    assert len(named) > 20
    for name in named:
        if name.startswith(messages.FORM_PREFIX):
            continue
        prefix = name.split("*")[0]
        assert any(key == name or ("*" in name and key.startswith(prefix)) for key in english), name


def _report() -> None:
    for lang in ALL:
        now, later = collect(exercise_messages(), lang)
        for folder in FOLDERS:
            more_now, more_later = catalogue_slips(lang, folder)
            now, later = now + more_now, later + more_later
        if lang in LANGS:
            more_now, more_later = glossary_slips(lang)
            now, later = now + [f"{lang} {line}" for line in more_now], later + more_later
        deferred = "deferred, " if lang in SECOND_ROUND_LANGS else "checked in full, "
        print(f"# {lang}: {len(now) + len(later)} slips ({deferred}{len(later)} in the texts of the second round)")
        print("\n".join(now + later))


if __name__ == "__main__":
    _report()
