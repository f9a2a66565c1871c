"""A learner's way through a lesson, without widgets: hints, retries, stars, resume."""

from __future__ import annotations

import lessons
from lessons.learner.filestore import FileStore
from lessons.learner.progress import Progress
from lessons.learner.session import EXERCISE, INTRO, SUMMARY, LessonSession


def wrong(ex):
    return ex.wrong_answers[0][0]


def test_stars_follow_hints_retries_and_the_solution():
    melds = lessons.get_lesson("melds")
    progress = Progress()
    seen = []
    session = LessonSession(melds, progress, on_change=lambda s: seen.append(s.index))
    assert session.phase == INTRO and session.exercise is None
    session.start()
    assert session.phase == EXERCISE and seen
    first = session.exercise
    assert session.check(None).status == "not-attempted" and session.retries == 0
    assert session.check(first.solution).correct and session.earned == 3
    session.next()
    second = session.exercise
    assert session.hint() == second.hints[0]
    assert session.check(second.solution).correct and session.earned == 2
    session.next()
    third = session.exercise
    verdict = session.check(wrong(third))
    assert verdict.status == "incorrect" and verdict.rule == third.wrong_answers[0][1]
    session.hint()
    assert session.check(third.solution).correct and session.earned == 1
    session.next()
    fourth = session.exercise
    assert session.show_solution() == fourth.solution
    assert session.check(fourth.solution).correct and session.earned == 0
    assert [progress.stars(ex.id) for ex in (first, second, third, fourth)] == [3, 2, 1, 0]
    assert progress.missed_rules().get(third.wrong_answers[0][1]) == 1
    # re-checking a solved exercise in the same visit records nothing more
    attempts = progress.record_of(fourth.id).attempts
    session.check(wrong(fourth))
    assert progress.record_of(fourth.id).attempts == attempts
    assert session.total == 6 and session.max_stars == 3 * len(melds.exercises)


def test_hints_run_out_and_say_so():
    session = LessonSession(lessons.get_lesson("game"), Progress())
    session.start()
    hints = [session.hint() for _ in range(len(session.exercise.hints))]
    assert hints == list(session.exercise.hints) and session.hint() is None
    assert session.hints == session.exercise.hints


def test_resume_where_the_learner_stopped(tmp_path):
    store = FileStore(tmp_path / "progress.json")
    progress = Progress()
    session = LessonSession(lessons.get_lesson("ace"), progress, on_change=lambda s: store.save(s.progress))
    session.start()
    session.check(session.exercise.solution)
    session.next()
    session.next()
    again = LessonSession(lessons.get_lesson("ace"), store.load())
    assert again.phase == EXERCISE and again.index == 2
    assert again.stars(lessons.get_lesson("ace").exercises[0]) == 3
    other = LessonSession(lessons.get_lesson("melds"), store.load())
    assert other.phase == INTRO           # the resume point belongs to another lesson
    again.go(len(again.lesson.exercises))
    assert again.phase == SUMMARY and [r.stars for r in again.rows()][0] == 3


def test_going_back_and_answering_again_earns_no_more_stars_than_the_first_answer():
    melds = lessons.get_lesson("melds")
    progress = Progress()
    session = LessonSession(melds, progress)
    session.start()
    first = session.exercise
    session.check(wrong(first))
    assert session.check(first.solution).correct and session.earned == 2
    session.next()
    session.back()                          # the learner has read the verdict: back, and answer again
    assert session.retries == 1 and session.earned == 2     # the visit kept as it was left
    assert session.check(first.solution).correct and not session.recorded
    assert progress.stars(first.id) == 2
    again = LessonSession(melds, progress)  # another day (or a reload): still the first answer's stars
    again.go(0)
    assert again.earned == 2 and again.check(first.solution).correct and not again.recorded
    assert progress.stars(first.id) == 2


def test_hints_and_the_solution_seen_stay_seen_when_the_learner_comes_back():
    session = LessonSession(lessons.get_lesson("melds"), Progress())
    session.start()
    session.hint()
    session.show_solution()
    session.next()
    session.back()
    assert session.hints_shown == 1 and session.solution_shown
    assert session.check(session.exercise.solution).correct and session.earned == 0


def test_a_finished_lesson_opens_on_its_summary_whichever_lesson_came_last():
    progress = Progress()
    for lesson in lessons.LESSONS:
        for ex in lesson.exercises:
            progress.record(ex.id, correct=True, hints=0, retries=0, solution_shown=False)
    for resume in [None, *((lesson.key, 0) for lesson in lessons.LESSONS)]:
        progress.resume = resume
        opened = {lesson.key: LessonSession(lesson, progress).phase for lesson in lessons.LESSONS}
        # where the learner stopped in a finished lesson still wins; every other finished lesson: the summary
        assert all(phase == (EXERCISE if resume and key == resume[0] else SUMMARY) for key, phase in opened.items())
    fresh = Progress()
    assert {LessonSession(lesson, fresh).phase for lesson in lessons.LESSONS} == {INTRO}
