"""A wrong answer's feedback says the rule once (issue 32): "A rodada acabou: … A regra: a rodada acabou." said it twice.

A verdict gives the reason, then "The rule: …", unless the reason says that rule already: the engine's refusal, a
check's own message, or the goal rule an exercise adds to an accepted answer that misses its goal
(``Exercise.goal_rule``), in every language.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

import burraco_core as bc
import lessons
from burraco_core.messages import Message
from lessons.curriculum.checks.base import RULE_SAID, Failure, with_rule
from lessons.curriculum.generators import GENERATED_KINDS, generate
from lessons.curriculum.kinds.base import name_seats
from lessons.curriculum.model import OwnText
from tests.test_translations import LANGS

ALL = ("en", *LANGS)


def times_said(text: str, rule: str, lang: str) -> int:
    """How many times ``text`` says the rule's summary (its full stop aside, in any case)."""
    return text.casefold().count(Message(f"rule.{rule}.summary").text(lang).rstrip(".").casefold())


def _goal_exercise(reason: Message, goal: str):
    """The first exercise of lesson 1 with a goal rule, its check failing with ``reason`` and no rule of its own."""
    ex = lessons.LESSONS[0].exercises[0]
    return dataclasses.replace(ex, goal_rule=goal, _check=lambda attempt: Failure(reason))


@pytest.mark.parametrize("lang", ALL)
def test_a_goal_rule_is_not_said_again_after_a_reason_that_says_it(lang):
    ex = _goal_exercise(Message("rule.turn.over"), "turn.over")      # "A rodada acabou: não se pode…"
    verdict = ex.check(ex.solution)
    assert verdict.rule == "turn.over" and not verdict.correct
    assert times_said(verdict.message(lang), "turn.over", lang) == 1, verdict.message(lang)


@pytest.mark.parametrize("lang", ALL)
def test_a_goal_rule_the_reason_does_not_say_is_said(lang):
    ex = _goal_exercise(Message("ex.check.no-meld"), "turn.over")
    said = ex.check(ex.solution).message(lang)
    assert times_said(said, "turn.over", lang) == 1 and Message("ex.check.no-meld").text(lang)[1:] in said, said


def _every_exercise():
    found = [ex for lesson in lessons.LESSONS for ex in lesson.exercises]
    found += [generate(kind, seed, rules, difficulty) for kind in GENERATED_KINDS for rules in bc.RULESETS
              for seed in range(4) for difficulty in (1, 3)]
    return found


def test_no_wrong_answer_says_its_rule_twice():
    """Every listed wrong answer of every lesson and generator, in every language (a refusal judged, a why-not,
    a prediction under other rules: their templates say the rule after the reason)."""
    twice = set()
    checked = 0
    for ex in _every_exercise():
        for answer, _ in ex.wrong_answers:
            verdict = ex.check(answer)
            if verdict.rule is None or f"rule.{verdict.rule}.summary" not in bc.messages.catalogue("en"):
                continue
            for lang in ALL:
                checked += 1
                said = verdict.message(lang)
                if times_said(said, verdict.rule, lang) > 1:
                    twice.add(f"{lang} {ex.id} {answer!r}: {said}")
    assert checked > 500 and not twice, "\n".join(sorted(twice))


def test_the_check_sees_a_rule_said_twice():
    """The slip, planted: each template of RULE_SAID given the rule after a reason that says it."""
    reason = Message("rule.turn.over")
    for key, said in RULE_SAID.items():
        for lang in ALL:
            assert times_said(Message(key, reason=reason, rule=Message("rule.turn.over.summary")).text(lang),
                              "turn.over", lang) == 2, (key, lang)
            once = with_rule(key, reason, "turn.over")
            assert once.in_language(lang).key == (said or reason.key)
            assert times_said(once.text(lang), "turn.over", lang) == 1



def _says_it_in(lang: str, text: str, others: str) -> OwnText:
    """A reason in the learner's own words (a teacher's text) that says the hand is over in ``lang`` only."""
    return OwnText({each: (text if each == lang else others) for each in ALL})


@pytest.mark.parametrize("said_in", ALL)
def test_the_rule_is_dropped_only_in_the_language_whose_reason_says_it(said_in):
    """Decided per language: a translator may write a reason shorter than the English (or longer). The reason
    says the rule in one language only; the others still read "The rule: …" after it (the old code dropped the
    rule in every language once any language's reason said it)."""
    summary = Message("rule.turn.over.summary")
    reason = _says_it_in(said_in, summary.text(said_in).rstrip(".") + ": no more moves.", "Too late.")
    ex = _goal_exercise(reason, "turn.over")        # the public way in: exercise.check, then Message.text(lang)
    verdict = ex.check(ex.solution)
    for lang in ALL:
        said = verdict.message(lang)
        assert times_said(said, "turn.over", lang) == 1, (lang, said)
        rule_line = Message("ex.verdict.with-rule", reason=Message("list.none"), rule=summary).text(lang)
        the_rule = rule_line.removeprefix(Message("list.none").text(lang)).split(":")[0].strip()   # "The rule"
        assert (the_rule in said) == (lang != said_in), (lang, said)
    for key in RULE_SAID:
        once = with_rule(key, reason, "turn.over")
        assert pickle.loads(pickle.dumps(once)) == once
        assert name_seats(once, 2, 0) is once
        for lang in ALL:
            assert times_said(once.text(lang), "turn.over", lang) == 1, (key, lang, once.text(lang))
            assert (once.in_language(lang).key == key) == (lang != said_in)


def _refusal(cards: str) -> bc.IllegalMove:
    with pytest.raises(bc.IllegalMove) as refused:
        bc.Meld.lay_down(bc.parse_cards(cards), bc.RULESETS["classic"])
    return refused.value


@pytest.mark.parametrize("lang", ALL)
def test_the_play_table_says_a_refusal_s_rule_once(lang):
    """The table's refusal (the rule in words, no id) drops "The rule: …" when the reason says it already
    ("A new meld needs at least 3 cards; 5♥ 6♥ are only 2 cards. The rule: a new meld has…"), and keeps it
    when the reason does not."""
    from lessons.widgets.style import refusal_html

    too_few = _refusal("5H 6H")
    said = refusal_html(too_few, lang, rule_id=False)
    assert times_said(said, too_few.rule, lang) == 1 and "bt-rule" not in said, said
    other = _refusal("5H 6H 9C")
    said = refusal_html(other, lang, rule_id=False)
    assert times_said(said, other.rule, lang) == 1 and "bt-rule" in said, said
