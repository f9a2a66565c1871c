"""Practise what I missed: exercises on the missed rules until each is answered right twice."""

from __future__ import annotations

import dataclasses

import pytest

import burraco_core as bc
from lessons.learner.practice import PracticeSession
from lessons.learner.progress import Progress


def _missed(*rules: str) -> Progress:
    progress = Progress()
    for i, rule in enumerate(rules):
        progress.record(f"melds.ex{i}", correct=False, hints=0, retries=0, solution_shown=False, rule=rule)
    return progress


def test_exercises_teach_the_missed_rules_until_each_is_right_twice():
    session = PracticeSession.from_progress(_missed("run.gap", "run.mixed-suits", "wild.bound"))
    assert set(session.pending) == {"run.gap", "run.mixed-suits", "wild.bound"}
    answered = 0
    while not session.done:
        ex = session.next()
        assert ex is not None and set(ex.teaches) & set(session.pending)
        wrong, _ = ex.wrong_answers[0]
        assert not session.answer(wrong).correct
        assert session.next() is ex                 # a wrong answer: the same exercise again
        assert session.answer(ex.solution).correct
        answered += 1
        assert answered < 20
    assert all(n >= 2 for n in session.correct.values())
    assert session.next() is None
    assert len({i for i, _ in session.history}) == answered   # never the same exercise twice
    with pytest.raises(bc.BurracoError):
        session.answer("legal")


def test_a_rule_no_generator_teaches_is_set_aside_not_looped_on():
    session = PracticeSession(["draw.stock-empty"])
    assert session.next() is None and session.done
    assert session.unpractisable == ["draw.stock-empty"]


def test_nothing_missed_nothing_to_practise_and_bad_rules_refused():
    assert PracticeSession.from_progress(Progress()).done
    with pytest.raises(bc.BurracoError):
        PracticeSession(["no.such-rule"])


def test_the_same_seed_gives_the_same_practice():
    a = PracticeSession(["run.gap"], seed=3).next()
    b = PracticeSession(["run.gap"], seed=3).next()
    assert a is not None and b is not None and a == b


def test_a_rule_only_harder_exercises_teach_is_practised_at_their_difficulty():
    from lessons.curriculum.generators import GENERATED_KINDS, generate
    from lessons.learner.practice import parse_generated_id, practised

    rule = "turn.over"        # a move after the turn's discard: only the harder guided hands meet it
    assert not any(rule in generate(kind, seed).teaches for kind in GENERATED_KINDS for seed in range(20))
    for seed in range(3):
        progress = _missed(rule)
        session = PracticeSession.from_progress(progress, seed=seed)
        for answered in range(2):
            ex = session.next()
            assert ex is not None and rule in ex.teaches and session.practising == (rule,)
            kind, _, _, difficulty = parse_generated_id(ex.id)
            assert difficulty > 1 and kind == ex.kind
            assert session.answer(ex.solution).correct
            assert practised(progress)[rule] == answered + 1      # counted again from the saved ids
        assert session.done and session.unpractisable == []


def test_a_rule_easy_exercises_teach_stays_at_the_sessions_difficulty():
    from lessons.learner.practice import parse_generated_id

    session = PracticeSession(["run.gap"], seed=5)
    ex = session.next()
    assert ex is not None and "run.gap" in ex.teaches and parse_generated_id(ex.id)[3] == 1
    harder = PracticeSession(["run.gap"], seed=5, difficulty=3).next()
    assert harder is not None and parse_generated_id(harder.id)[3] == 3


# -- under a house ruleset -----------------------------------------------------------------------

NO_GROUPS = dataclasses.replace(bc.ruleset("classic"), name="Our club", groups_allowed=False)
NOTHING_COUNTS = dataclasses.replace(bc.ruleset("classic"), id="zero", name="Nothing counts", two_value=0,
                                     joker_value=0, ace_value=0, high_value=0, low_value=0, clean_bonus=0,
                                     dirty_bonus=0, closing_bonus=0, no_pozzetto_penalty=0)


def test_practice_under_a_house_ruleset_draws_its_exercises_under_it_and_goes_on_after_a_reload():
    from lessons.curriculum.generators import ruleset_tag
    from lessons.learner.practice import parse_generated_id, practised

    progress = _missed("run.gap")
    session = PracticeSession.from_progress(progress, rules=NO_GROUPS, seed=2)
    assert session.rules is NO_GROUPS
    ex = session.next()
    assert ex is not None and ex.house is NO_GROUPS and f".{ruleset_tag(NO_GROUPS)}." in ex.id
    assert parse_generated_id(ex.id, NO_GROUPS) == (ex.kind, int(ex.id.rsplit(".", 1)[1]), NO_GROUPS, 1)
    assert parse_generated_id(ex.id) is None          # an id names its house ruleset by fingerprint only
    assert session.answer(ex.solution).correct
    assert practised(progress, NO_GROUPS)["run.gap"] == 1 and "run.gap" not in practised(progress)
    again = PracticeSession.from_progress(progress, rules=NO_GROUPS, seed=2)   # a reload: counted from the ids
    assert again.needed_for("run.gap") == 1
    follow = again.next()
    assert follow is not None and follow.house is NO_GROUPS and follow.id != ex.id
    # a built-in ruleset given as a Ruleset is that built-in (its ids as before)
    assert PracticeSession(["run.gap"], rules=bc.ruleset("pulito")).rules == "pulito"


def test_a_kind_the_house_ruleset_cannot_give_is_left_out_of_the_practice_and_said():
    session = PracticeSession(["meld.not-a-meld"], rules=NOTHING_COUNTS, kinds=("count", "build-meld"))
    while not session.done:
        ex = session.next()
        assert ex is not None and ex.kind == "build-meld" and ex.house is NOTHING_COUNTS
        assert session.answer(ex.solution).correct
    assert list(session.unavailable) == ["count"] and not session.unpractisable
    assert "Nothing counts" in session.unavailable["count"].msg.text("it")
