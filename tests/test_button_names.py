"""A text that tells the learner to press a button names it as the button shows it, in every language (issue 32).

"Press Check", "press Lay down selected": the words are the button's own label. The labels are read from the catalogue
keys the widgets give their buttons (``w.Button(description=t("table.draw"))``, a lesson's ``self._button("widget.check"
…)``, a link's ``link_button(…, t("final.practise"))``). Then, for each text of the lessons' catalogue:

- English names a button by its label, unquoted; a text saying "press" names a real label after it;
- where English names a button, the translation says that button's label in its language word for word, between quotes
  as the interface shows it («Pesca», «Bajar las seleccionadas», “Pegar o lixo”), so that it does not run into the
  sentence ("Comprar ou Pegar o lixo, escolha as cartas…");
- a quoted label that starts like a button's but is not one ("«Cala le scelte»" for «Cala le carte scelte») is a slip.

``python -m tests.test_button_names`` lists every mismatch of every language.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from burraco_core import messages
from tests.test_translations import FOLDERS, LANGS, entries

ROOT = messages._LOCALE_DIR.parents[1]
ALL = ("en", *LANGS)

# How the widgets give a button its label: the key of its text.
_BUTTON_KEY = re.compile(r"""(?:w\.Button\(description=_?t\(|\b_button\(t\(|self\._button\(|link_button\([^,()]+,\s*_?t\()"""
                         r"""\s*["']([\w.-]+)["']""")
# Quotes around a label, in the languages that quote them.
_QUOTED = re.compile(r"«([^»]+)»|“([^”]+)”|\"([^\"]+)\"")
QUOTED_LANGS = ("it", "es", "pt")
# English: the verb that names a button after it.
_PRESS = re.compile(r"\b[Pp]ress ")


@cache
def button_keys() -> frozenset[str]:
    """The catalogue keys of every button's label, read from the widgets' code."""
    found: set[str] = set()
    for path in (ROOT / "lessons").rglob("*.py"):
        found |= set(_BUTTON_KEY.findall(path.read_text(encoding="utf-8")))
    return frozenset(found)


def labels(lang: str) -> dict[str, str]:
    """Each button's label in ``lang`` (those with a placeholder left out: "Do it: {work}")."""
    texts = entries(FOLDERS["lessons"], lang)
    return {key: texts[key] for key in sorted(button_keys()) if key in texts and "{" not in texts[key]}


@cache
def _english_names() -> tuple[dict[str, frozenset[str]], re.Pattern[str]]:
    by_label: dict[str, set[str]] = {}
    for key, label in labels("en").items():
        by_label.setdefault(label, set()).add(key)
    alternatives = "|".join(re.escape(label) for label in sorted(by_label, key=len, reverse=True))
    return {label: frozenset(keys) for label, keys in by_label.items()}, re.compile(rf"(?<![\w'’])({alternatives})(?!\w)")


def named_in_english(text: str) -> list[str]:
    """The button labels an English text names: a label of several words anywhere, a one-word label ("Check", "Undo")
    after "press" or inside a sentence (not at its start, where "Draw" is a verb)."""
    _, pattern = _english_names()
    found = []
    for match in pattern.finditer(text):
        before = text[:match.start()]
        if (" " not in match.group(1) and re.search(r"(?:^|[.!?] |\()$", before)
                and not re.search(r"\b[Pp]ress $", before)):
            continue
        found.append(match.group(1))
    return found


def english_slips(english: dict[str, str]) -> list[str]:
    """An English text whose "press …" names no button."""
    found = []
    by_label, _ = _english_names()
    for key, text in english.items():
        for match in _PRESS.finditer(text):
            after = text[match.end():]
            if (after[:1].isupper() and not any(after.startswith(label) for label in by_label)
                    and not re.match(r"(?:Tab|Space|Enter|Esc)\b", after)):        # (a key of the keyboard)
                found.append(f"en {key}: 'press {after[:25]}…' names no button ({sorted(by_label)[:6]}…)")
    return found


def slips(lang: str, texts: dict[str, str] | None = None, english: dict[str, str] | None = None) -> list[str]:
    """Where a text of ``lang`` (its catalogue's ``texts``) names a button otherwise than the button says it."""
    english = entries(FOLDERS["lessons"], "en") if english is None else english
    if lang == "en":
        return english_slips(english)
    texts = entries(FOLDERS["lessons"], lang) if texts is None else texts
    by_label, _ = _english_names()
    own = labels(lang)
    found = []
    for key, source in english.items():
        text = texts.get(key)
        if text is None or key in button_keys() or any(re.fullmatch(rf"{re.escape(label)}(?: \(.*\))?", source)
                                                       for label in by_label):
            continue                    # (a label itself: the button, a tool that has its name, "… (3 rules)")
        for name in dict.fromkeys(named_in_english(source)):
            said = [own[button] for button in sorted(by_label[name]) if button in own]
            if not any(label in text for label in said):
                found.append(f"{lang} {key}: names the button '{name}', whose label here is "
                             f"{' or '.join(repr(s) for s in dict.fromkeys(said))}: {text[:120]!r}")
            elif lang in QUOTED_LANGS and not any(re.search(rf"[«“\"]{re.escape(label)}[»”\"]", text) for label in said):
                found.append(f"{lang} {key}: the button {said[0]!r} unquoted, it runs into the sentence: {text[:120]!r}")
    if lang in QUOTED_LANGS:
        firsts = {label.strip("◀▶ ").split()[0].casefold(): label for label in own.values()}
        for key, text in texts.items():
            for match in _QUOTED.finditer(text):
                quoted = next(group for group in match.groups() if group)
                like = firsts.get(quoted.split()[0].casefold()) if quoted.split() else None
                if like is not None and quoted not in own.values():
                    found.append(f"{lang} {key}: «{quoted}» is no button's label (the button says {like!r})")
    return found


def test_the_button_labels_are_found():
    keys = button_keys()
    assert {"widget.check", "widget.hint", "table.draw", "table.take", "table.lay-down", "table.attach",
            "table.discard", "table.undo", "final.practise"} <= keys
    assert len(labels("en")) >= 30


@pytest.mark.parametrize("lang", ALL)
def test_a_button_is_named_as_it_shows(lang):
    found = slips(lang)
    assert not found, "\n".join(found)


def test_the_check_sees_a_button_misnamed():
    """The slips, planted in a copy of the Italian and English catalogues."""
    italian = entries(FOLDERS["lessons"], "it")
    english = entries(FOLDERS["lessons"], "en")
    italian["lesson.turn.whole-turn.hint.1"] = "Premi «Pesca». Poi scegli il 5♥, il 6♥ e il 7♥ e premi «Cala le scelte»."
    italian["table.undo.to-retry"] = "Per riprovare, premi Annulla: ritira le tue mosse una alla volta."
    found = slips("it", texts=italian)
    english["table.say.turn-done"] = "Your turn is over. Press Verify to see how you did."
    found += slips("en", english=english)
    assert any("lesson.turn.whole-turn.hint.1: names the button 'Lay down selected'" in s for s in found), found
    assert any("«Cala le scelte» is no button's label" in s for s in found), found
    assert any("table.undo.to-retry: the button 'Annulla' unquoted" in s for s in found), found
    assert any(s.startswith("en table.say.turn-done: 'press Verify") for s in found), found
    assert named_in_english("Draw first. Then press Lay down selected; Undo takes it back.") == ["Lay down selected", "Undo"]


def _report() -> None:
    for lang in ALL:
        found = slips(lang)
        print(f"# {lang}: {len(found)}")
        print("\n".join(found))


if __name__ == "__main__":
    _report()
