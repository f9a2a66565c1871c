"""The curriculum's coverage table: lesson -> exercise -> rules taught (docs/curriculum.md).

Regenerate it after changing a lesson::

    python -m lessons.curriculum.coverage > docs/curriculum.md

A test (tests/test_lessons.py) fails when the page and the lessons disagree.
"""

from __future__ import annotations

import json
import pathlib
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import burraco_core as bc

from . import model
from .model import CONTENT_DIR, CurriculumError, Lesson

WALKS_FILE = "walks.json"

# The rule ids the lessons on melds, wilds and burraco must teach between them.
MELD_AREAS = ("card.", "meld.", "group.", "run.", "wild.")


def meld_rules() -> tuple[str, ...]:
    return tuple(rule for rule in bc.RULE_IDS if rule.startswith(MELD_AREAS))


# Rule ids only the interface can trigger: a lesson's position cannot lead to them (Game.setup
# refuses positions no hand reaches, and dead ones), so no exercise can ask for them. At most six.
INTERFACE_ONLY: dict[str, str] = {
    "pile.empty": "in a real hand the discard pile is never empty when a turn starts (the deal turns a card "
                  "up and every turn ends with a discard); only a Take button pressed on a hand-made position "
                  "meets it",
}
_CLAIMED_CLOSE = ("only the score calculator's form, where someone ticks 'closed' for a side, can claim a close "
                  "its melds and pozzetto cannot have made; every hand a lesson counts is one the engine accepts")
# (a count that is off by the closing bonus is told so in the lessons, not refused by a rule: counting
# a hand breaks none)
_TYPED = ("only typed notation can name an arrangement that does not exist (#5) or attach no card; the lessons' "
          "views offer the legal arrangements alone and read no empty answer")
INTERFACE_ONLY.update({rule: _TYPED for rule in ("meld.no-such-arrangement", "meld.empty-attach")})
INTERFACE_ONLY.update({rule: _CLAIMED_CLOSE for rule in ("score.closed-without-burraco",
                                                          "score.closed-without-clean-burraco",
                                                          "score.closed-without-pozzetto")})


def all_untaught(lessons: Sequence[Lesson]) -> tuple[str, ...]:
    """Every rule id of the engine taught by no exercise and not listed as interface-only."""
    taught = frozenset().union(*(lesson.teaches for lesson in lessons))
    return tuple(rule for rule in bc.RULE_IDS if rule not in taught and rule not in INTERFACE_ONLY)


def untaught(lessons: Sequence[Lesson]) -> tuple[str, ...]:
    taught = frozenset().union(*(lesson.teaches for lesson in lessons))
    return tuple(rule for rule in meld_rules() if rule not in taught)


def last_walk(lessons: Sequence[Lesson], folder: str | pathlib.Path = CONTENT_DIR) -> dict[str, Any] | None:
    """The last beginner's walk of ``lessons/content/walks.json`` (its minutes per lesson key, how it was
    measured, where the course splits in two class periods), checked against the lessons; None if none."""
    path = pathlib.Path(folder) / WALKS_FILE
    try:
        walks = json.loads(path.read_text(encoding="utf-8"))["walks"]
        walk = walks[-1]
        minutes = {str(k): float(v) for k, v in walk["minutes"].items()}
        split = str(walk["split_after"])
        about = (str(walk["date"]), str(walk["commit"]), str(walk["how"]))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, IndexError, TypeError, AttributeError) as err:
        raise CurriculumError(WALKS_FILE, "walks", f"is not a list of walks as FORMAT.md says: {err!r}") from err
    keys = {lesson.key for lesson in lessons}
    if set(minutes) != keys or split not in keys:
        raise CurriculumError(WALKS_FILE, "minutes", f"must name each lesson once: {sorted(set(minutes) ^ keys)}")
    return {"minutes": minutes, "split_after": split, "date": about[0], "commit": about[1], "how": about[2]}


def table(lessons: Sequence[Lesson]) -> str:
    """The page, as Markdown."""
    out = [
        "# The curriculum: what each exercise teaches",
        "",
        "Generated from `lessons/content/*.json` by `python -m lessons.curriculum.coverage > docs/curriculum.md`;",
        "a test keeps it in step. Rule ids are those of `burraco_core.RULE_IDS` (see `docs/rules.md`).",
        "",
        "How long each lesson is meant to take a beginner (minutes, the `minutes` of its file): a screen",
        "or less of text per step of its intro, then its exercises, each about half a minute. Beside it,",
        "the minutes the last beginner's walk measured (`lessons/content/walks.json`; how, below the table).",
        "",
        "| lesson | minutes | walked | exercises | kinds |",
        "|---|---|---|---|---|",
    ]
    walk = last_walk(lessons)
    walked = walk["minutes"] if walk else {}
    for lesson in lessons:
        kinds = Counter(ex.kind for ex in lesson.exercises)
        out.append(f"| {lesson.number}. {lesson.title('en')} (`{lesson.key}`) | {lesson.minutes or '—'} | "
                   f"{walked.get(lesson.key, '—')} | {len(lesson.exercises)} | "
                   + ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items())) + " |")
    total = Counter(ex.kind for lesson in lessons for ex in lesson.exercises)
    minutes = sum(lesson.minutes or 0 for lesson in lessons)
    out += ["", f"The whole course: {minutes} minutes. Exercises by kind: "
            + ", ".join(f"{kind} {n}" for kind, n in sorted(total.items())) + f"; {sum(total.values())} in all.", ""]
    if walk:
        keys = [lesson.key for lesson in lessons]
        cut = keys.index(walk["split_after"]) + 1
        first = sum(walked[k] for k in keys[:cut])
        second = sum(walked[k] for k in keys[cut:])
        out += [f"The last walk ({walk['date']}, on commit {walk['commit']}): {first + second:.0f} minutes; "
                f"{walk['how']}.", "",
                f"Two class periods: lessons 1 to {cut} ({first:.0f} minutes: cards, melds, the turn, "
                f"runs and wilds), then lessons {cut + 1} to {len(keys)} ({second:.0f} minutes: the burraco, "
                "the pozzetto, closing, scoring, the match, the variants, a hand played); the final test and the "
                "free hands at the Play table come after.", ""]
    for lesson in lessons:
        said = ", ".join(f"`{rule}`" for rule in sorted(lesson.introduces)) or "no rule of the engine"
        out += [f"## {lesson.number}. {lesson.title('en')}", "", f"Its intro introduces: {said}.", "",
                "| exercise | kind | rules taught |", "|---|---|---|"]
        for ex in lesson.exercises:
            rules = ", ".join(f"`{rule}`" for rule in sorted(ex.teaches)) or "—"
            out.append(f"| `{ex.id}` | {ex.kind} | {rules} |")
        out.append("")
    out += ["## Rules of melds, wilds and burraco", "", "| rule | taught by |", "|---|---|"]
    for rule in meld_rules():
        by = [f"`{ex.id}`" for lesson in lessons for ex in lesson.exercises if rule in ex.teaches]
        out.append(f"| `{rule}` | {', '.join(by) if by else '**not taught yet**'} |")
    out += ["", "## Every rule of the engine", "",
            "Every rule id of `burraco_core.RULE_IDS`, and the exercises that teach it; the few only the",
            "interface can trigger say why.", "", "| rule | taught by |", "|---|---|"]
    for rule in bc.RULE_IDS:
        by = [f"`{ex.id}`" for lesson in lessons for ex in lesson.exercises if rule in ex.teaches]
        if by:
            said = ", ".join(by)
        elif rule in INTERFACE_ONLY:
            said = f"interface only: {INTERFACE_ONLY[rule]}"
        else:
            said = "**not taught yet**"
        out.append(f"| `{rule}` | {said} |")
    out.append("")
    return "\n".join(out)


def main() -> None:
    sys.stdout.write(table(model.all_lessons()))


if __name__ == "__main__":
    main()
