"""The final test (issue 30): twenty generated questions the course never showed, over every family of rules,
answered once each without hints or solutions, the score kept in the learner's record (bounded, checked,
merged, sent to the class) and shown in the teacher's class summary."""

from __future__ import annotations

import json
import math
import re

import pytest

import burraco_core as bc
from burraco_core.messages import Message
from lessons.curriculum.generators import GENERATED_KINDS
from lessons.learner.finaltest import MAX_MISSED, MAX_QUESTIONS, FinalResult
from lessons.learner.practice import FINAL_QUESTIONS, PracticeSession, family
from lessons.learner.progress import Progress, ProgressError


@pytest.fixture(scope="module")
def test_of_seed_7():
    return PracticeSession.final_test(Progress(), seed=7)


def _take(session: PracticeSession, wrong_every: int = 4) -> None:
    """Answer every question: the solution, or a listed wrong answer every ``wrong_every``-th one."""
    i = 0
    while not session.done:
        ex = session.next()
        session.answer(ex.wrong_answers[0][0] if i % wrong_every == 0 else ex.solution)
        i += 1


def test_twenty_distinct_generated_questions_over_every_family_of_rules(test_of_seed_7):
    questions = test_of_seed_7.questions
    assert len(questions) == FINAL_QUESTIONS == 20
    ids = [ex.id for ex in questions]
    assert len(set(ids)) == 20 and all(i.startswith("gen.") for i in ids)        # none of the course's
    assert set(GENERATED_KINDS) == {ex.kind for ex in questions}                  # every generated kind
    families = {family(ex.kind) for ex in questions}
    assert families == {"melds", "positions", "scores"}
    assert all(sum(family(ex.kind) == f for ex in questions) >= 5 for f in families)
    reached = {rule.partition(".")[0] for ex in questions for rule in ex.teaches}
    assert len(reached) >= 8, reached                                            # runs, wilds, the turn, the pozzetto...


def test_a_fresh_seed_each_time_and_the_same_seed_the_same_test(test_of_seed_7):
    again = PracticeSession.final_test(Progress(), seed=7)
    assert [ex.id for ex in again.questions] == [ex.id for ex in test_of_seed_7.questions]
    first, second = PracticeSession.final_test(Progress()), PracticeSession.final_test(Progress())
    assert {ex.id for ex in first.questions}.isdisjoint({ex.id for ex in second.questions})


def test_questions_already_answered_are_not_asked_again(test_of_seed_7):
    progress = Progress()
    seen = test_of_seed_7.questions[0]
    progress.record(seen.id, correct=False, hints=0, retries=0, solution_shown=False)
    assert seen.id not in {ex.id for ex in PracticeSession.final_test(progress, seed=7).questions}


def test_one_answer_per_question_no_hint_no_solution():
    progress = Progress()
    session = PracticeSession.final_test(progress, seed=11)
    first = session.next()
    assert session.hint() is None and session.hints == ()
    assert session.show_solution() is None and not session.solution_shown
    assert session.answer("").status == "not-attempted" and session.next() is first     # nothing given: still there
    assert not session.answer(first.wrong_answers[0][0]).correct
    assert session.next() is session.questions[1]                                        # wrong: the next question
    assert progress.record_of(first.id).attempts == 1 and progress.final_test is None    # no score before the end


def test_the_score_and_the_rules_missed_go_into_the_record_and_round_trip():
    progress = Progress()
    session = PracticeSession.final_test(progress, seed=3)
    _take(session)
    assert session.done and session.next() is None
    with pytest.raises(bc.BurracoError):
        session.answer("legal")
    right = sum(correct for _, correct in session.history)
    result = progress.final_test
    assert result == session.result and (result.score, result.total) == (right, 20) == (15, 20)
    assert result.missed == session.missed_rules()[:MAX_MISSED]
    assert all(rule in bc.RULE_IDS for rule in result.missed)
    assert len(result.missed) + len(session.missed_kinds()) >= 1
    wrong = {ex.id for ex, _ in session.wrong}
    assert all(progress.attempted(ex.id) == (ex.id in wrong) for ex in session.questions)   # a miss, to practise
    assert progress.practice_counts() == {} and progress.final_run is None     # a right answer is not practice
    text = progress.to_json()
    assert json.loads(text)["final"] == result.to_body()
    back = Progress.from_json(text)
    assert back == progress and back.final_test == result


def test_the_last_test_is_kept_by_a_merge_and_forgotten_by_a_reset(monkeypatch):
    from lessons.learner import progress as module

    monkeypatch.setattr(module, "_now", lambda: 1000.0)
    old = Progress()
    old.record_final(12, 20, ["run.gap"])
    monkeypatch.setattr(module, "_now", lambda: 2000.0)
    new = Progress()
    new.record_final(17, 20)
    for merged in (old.merge(new), new.merge(old)):
        assert merged.final_test == new.final_test
    assert old.merge(old) == old
    new.reset()
    assert new.final_test is None and "final" not in new.to_body()
    assert "final" not in Progress().to_body()       # a record that never took the test reads as before


@pytest.mark.parametrize("final", [
    "17/20", None, [], {"score": 17, "total": 20, "at": 1.0},                        # not a result, a field missing
    {"score": 17, "total": 20, "at": 1.0, "missed": [], "extra": 1},                 # a field unknown
    {"score": 21, "total": 20, "at": 1.0, "missed": []},                             # more than the questions
    {"score": -1, "total": 20, "at": 1.0, "missed": []},
    {"score": True, "total": 20, "at": 1.0, "missed": []},
    {"score": 1.5, "total": 20, "at": 1.0, "missed": []},
    {"score": 0, "total": 0, "at": 1.0, "missed": []},
    {"score": 0, "total": MAX_QUESTIONS + 1, "at": 1.0, "missed": []},
    {"score": 0, "total": 20, "at": "today", "missed": []},
    {"score": 0, "total": 20, "at": -5, "missed": []},
    {"score": 0, "total": 20, "at": 1.0, "missed": "run.gap"},
    {"score": 0, "total": 20, "at": 1.0, "missed": ["run gap!"]},
    {"score": 0, "total": 20, "at": 1.0, "missed": [7]},
    {"score": 0, "total": 20, "at": 1.0, "missed": ["run.gap", "run.gap"]},
    {"score": 0, "total": 20, "at": 1.0, "missed": [f"rule.r{i}" for i in range(MAX_MISSED + 1)]},
    {"score": 19, "total": 20, "at": 1.0, "missed": ["run.gap", "wild.bound"]},       # two rules, one wrong answer
])
def test_a_corrupt_final_test_is_refused_with_the_records_error(final):
    body = Progress().to_body()
    body["final"] = final
    with pytest.raises(ProgressError) as refused:
        Progress.from_json(json.dumps(body))
    assert refused.value.key in ("bad-field", "missing-field", "unknown-field", "inconsistent", "bad-id")


def test_a_huge_number_in_the_final_test_is_refused_before_it_is_read():
    body = Progress().to_body()
    text = json.dumps(body)[:-1] + ', "final": {"score": 1' + "0" * 5000 + ', "total": 20, "at": 1, "missed": []}}'
    with pytest.raises(ProgressError):
        Progress.from_json(text)


def test_the_final_test_adds_at_most_a_bounded_field_to_the_record():
    from lessons.learner.reading import MAX_TIME

    body = Progress().to_body()
    body["final"] = {"score": 0, "total": MAX_QUESTIONS, "at": MAX_TIME,
                     "missed": [f"{'z' * 60}{n:02d}" for n in range(MAX_MISSED)]}     # every bound reached
    largest = Progress.from_json(json.dumps(body))
    assert len(largest.to_json()) - len(Progress().to_json()) < 1_500
    assert Progress.from_json(largest.to_json()) == largest


def test_recording_a_bad_score_changes_nothing():
    progress = Progress()
    progress.record_final(10, 20)
    for score, total, missed in ((21, 20, ()), (5, 0, ()), (5, 20, ("not a rule!",)), (5, 20, "run.gap"),
                                 (math.nan, 20, ())):
        with pytest.raises(ProgressError):
            progress.record_final(score, total, missed)
    assert progress.final_test.score == 10
    assert FinalResult.make(0, 20, 1.0).to_body() == {"score": 0, "total": 20, "at": 1.0, "missed": []}


def test_the_score_is_sent_to_the_class_and_the_summary_shows_it(tmp_path):
    from lessons.teachers.class_html import stars_html
    from lessons.teachers.classroom import ClassSummary
    from lessons.teachers.service.database import ClassStore
    from lessons.teachers.service.page import service_page

    ann, bob = Progress(), Progress()
    PracticeSession.final_test(ann, seed=3)          # started, not finished: no score
    _take(PracticeSession.final_test(ann, seed=3))
    store = ClassStore(str(tmp_path / "class.sqlite"))
    try:
        store.save("ann", Progress.from_json(ann.to_json()))      # what the class link posts (api/me)
        store.save("bob", bob)
        assert store.pupil("ann").progress.final_test == ann.final_test
        page = service_page(store, "rossi", teacher=True)           # the class service's own page
        summary = ClassSummary.from_service({row.name: {"progress": json.loads(row.progress), "activity": {},
                                                        "updated": row.updated} for row in store.class_rows()})
    finally:
        store.close()
    assert '<th scope="col">Final test</th>' in page
    for html in (page, stars_html(summary, "en")):                 # the teacher's page in the tutorial too
        ann_row = re.search(r'<tr data-pupil="ann">.*?</tr>', html).group(0)
        assert 'data-score="15" data-total="20"' in ann_row and ">15/20</td>" in ann_row
        assert "final test: 15 of 20" in ann_row
        bob_row = re.search(r'<tr data-pupil="bob">.*?</tr>', html).group(0)
        assert "no final test yet" in bob_row and "data-score" not in bob_row.split('class="bt-final"')[1]
    assert "Prova finale" in stars_html(summary, "it")


def test_the_page_counts_the_questions_and_ends_with_the_score_in_words():
    from lessons.widgets.final_test import FinalTestWidget

    progress = Progress()
    page = FinalTestWidget(progress=progress, seed=3, lang="en")
    assert 'data-answered="0" data-total="20"' in page.count_html.value
    assert "Question 1 of 20" in page.body.children[0].children[0].value
    assert not hasattr(page, "hint_button") and not hasattr(page, "solution_button")
    for i in range(20):
        ex = page.session.current
        page.view.fill(ex.wrong_answers[0][0] if i % 4 == 0 else ex.solution)
        page.check_button.click()
        assert page.status.value == ""
        assert f'data-answered="{i + 1}"' in page.count_html.value
    end = page.body.children[0].value
    assert "Your score: 15 of 20" in end and progress.final_test.score == 15
    words = re.sub(r"<[^>]+>", " ", end)
    assert not any(rule in words for rule in bc.RULE_IDS)          # the rules in words, never their ids
    assert Message(f"rule.{progress.final_test.missed[0]}.summary").text("en") in words
    page.again_button.click()                                     # another test: fresh questions
    assert 'data-answered="0"' in page.count_html.value and page.session.questions[0].id != "gen.judge-meld.3001"


def test_the_home_page_and_the_last_lesson_lead_to_the_final_test(monkeypatch):
    from lessons.learner import store
    from lessons.widgets import settings
    from lessons.widgets.home import HomePage
    from lessons.widgets.navigation import LessonPage, final_test_link

    monkeypatch.setattr(store, "_SHARED", store.ProgressKeeper(file_store=False))
    monkeypatch.setattr(settings, "_SHARED", None)
    home = HomePage("en")
    assert 'href="final-test.ipynb"' in home.body.value and "Take the final test" in home.body.value
    store._SHARED.progress.record_final(18, 20)
    store._SHARED.save()
    assert "Your last final test: 18 of 20." in HomePage("en").body.value
    import lessons

    last = LessonPage(lessons.LESSONS[-1].key, "en")
    assert final_test_link("en") in last.practice.value
    assert "bt-final-link" not in LessonPage(lessons.LESSONS[0].key, "en").practice.value


# ---------------------------------------------------------------- the test in progress, the prompts (issue 30)

def _seed_of(exercise) -> int:
    from lessons.curriculum.generators.ids import parse_generated_id

    return parse_generated_id(exercise.id)[1]


@pytest.mark.parametrize("lang", ["en", "it", "es", "pt"])
def test_the_prompts_never_show_the_generators_number(lang, test_of_seed_7):
    from lessons.widgets.final_test import FinalTestWidget, unnumbered

    numbered = "Exercise 7001:"
    assert numbered.split(":")[0] in Message("gen.attach.prompt", seed=7001).text("en")     # what it was
    for ex in test_of_seed_7.questions:
        said = unnumbered(ex.prompt, lang)
        assert str(_seed_of(ex)) not in said and ":" not in said[:3], said
        assert said and (said[0].isupper() or said[0] in "¿¡"), said
        assert ex.prompt.text(lang).lower().endswith(said.lower())      # the same question, only the number gone
    page = FinalTestWidget(progress=Progress(), seed=7, lang=lang)
    shown = page.body.children[0].children[0].value
    assert str(_seed_of(page.session.current)) not in shown


def test_a_right_answer_in_the_final_test_is_not_practice():
    from lessons.learner.practice import practised

    progress = Progress()
    session = PracticeSession.final_test(progress, seed=5)
    first = session.next()
    assert session.answer(first.solution).correct
    assert practised(progress) == {} and progress.practice_counts() == {} and not progress.attempted(first.id)
    second = session.next()
    assert not session.answer(second.wrong_answers[0][0]).correct
    assert progress.attempted(second.id) and practised(progress) == {}      # a miss: a rule to practise


def test_a_reload_mid_test_resumes_the_same_questions_and_answers_so_far():
    from lessons.widgets.final_test import FinalTestWidget

    progress = Progress()
    page = FinalTestWidget(progress=progress, lang="en")        # a fresh seed
    assert progress.final_run is None                           # nothing kept before an answer
    for i in range(3):
        ex = page.session.current
        page.view.fill(ex.wrong_answers[0][0] if i == 1 else ex.solution)
        page.check_button.click()
    run = progress.final_run
    assert run is not None and len(run.answers) == 3 and [right for right, _ in run.answers] == [True, False, True]
    assert run.questions == tuple(ex.id for ex in page.session.questions)
    back = Progress.from_json(progress.to_json())               # the record, as a reload reads it
    assert back.final_run == run and not back.is_empty()
    again = FinalTestWidget(progress=back, lang="en")
    assert [ex.id for ex in again.session.questions] == [ex.id for ex in page.session.questions]
    assert again.session.history == page.session.history and again.session.score == 2
    assert "Question 4 of 20" in again.body.children[0].children[0].value
    assert 'data-answered="3"' in again.count_html.value
    while not again.session.done:
        ex = again.session.current
        again.view.fill(ex.solution)
        again.check_button.click()
    assert back.final_test.score == 19 and back.final_run is None        # over: the result, no test in progress
    assert FinalTestWidget(progress=back, lang="en").session.history == []    # the next visit: a new test


def test_the_test_in_progress_is_checked_merged_and_forgotten_by_a_reset(monkeypatch):
    from lessons.learner import progress as module
    from lessons.learner.finaltest import FinalRun

    monkeypatch.setattr(module, "_now", lambda: 1000.0)
    progress = Progress()
    session = PracticeSession.final_test(progress, seed=9)
    session.answer(session.next().solution)
    older = Progress.from_json(progress.to_json())
    monkeypatch.setattr(module, "_now", lambda: 2000.0)
    session.answer(session.next().solution)
    assert len(older.final_run.answers) == 1 and len(progress.final_run.answers) == 2
    assert older.merge(progress).final_run == progress.merge(older).final_run == progress.final_run
    for bad in ({"seed": -1}, {"questions": []}, {"questions": ["not an id!"]}, {"answers": [[1, None]]},
                {"answers": [[True, "run.gap"]]}, {"answers": [[False, None]] * 20}, {"extra": 1}):
        body = progress.to_body()
        body["final_run"] = {**body["final_run"], **bad}
        with pytest.raises(ProgressError):
            Progress.from_json(json.dumps(body))
    with pytest.raises(ProgressError):
        FinalRun.make(1, ["gen.attach.1"], [(True, None)], 1.0)      # answered to the end: a result, not a run
    progress.reset()
    assert progress.final_run is None and "final_run" not in progress.to_body()
