"""Every tool on its page speaks through the page's one live region (issue 33, WCAG 4.1.3): its verdict
boxes have no live role of their own (a live region inserted with its text already in it is often not
read), and what they say is put in the page's voice (``PageVoice.said``), whose element stays. In a notebook
of its own (no voice), a tool's verdict box is still a live region itself."""

from __future__ import annotations

import re

import pytest

import lessons.learner.store as store
import lessons.widgets.settings as settings
from burraco_core.messages import Message
from lessons.learner.progress import Progress
from lessons.teachers.variant_builder import VariantBuilder
from lessons.widgets.final_test import FinalTestWidget
from lessons.widgets.home import tool_page
from lessons.widgets.practice import PracticeWidget
from lessons.widgets.referee import MeldReferee
from lessons.widgets.voice import PageVoice, spoken

LIVE = re.compile(r'role="?(status|alert)|aria-live')


def _t(key: str, **params: object) -> str:
    return Message(key, **params).text("en")


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """A keeper with no file and fresh preferences for every test (the shared ones are per kernel)."""
    monkeypatch.setattr(store, "_SHARED", store.ProgressKeeper(file_store=False))
    monkeypatch.setattr(settings, "_SHARED", None)
    return store._SHARED


def test_the_meld_referee_says_its_verdicts_by_the_pages_voice():
    page = tool_page("referee")
    referee = page.widget.children[-1]
    assert isinstance(referee, MeldReferee) and referee.voice is page.voice
    assert not LIVE.search(referee.verdict.value + referee.attach_verdict.value)     # drawn again without one
    assert page.voice.said == ""                    # nothing said before the learner does something
    referee.meld_text.value = "5H 6H 9C"
    assert _t("referee.meld.illegal") in referee.verdict.value and not LIVE.search(referee.verdict.value)
    assert page.voice.said.startswith(_t("referee.meld.illegal"))
    said = page.voice.said
    referee.four_colour.value = True                # the same words: not said again
    assert page.voice.said == said
    referee.meld_text.value = "5H 6H 7H"
    assert page.voice.said.startswith(_t("referee.meld.legal")) and _t("referee.attach.legal", count=1) in page.voice.said
    alone = MeldReferee(cards="5H 6H 9C")           # in a notebook of its own: its box is the live region
    assert 'role="status"' in alone.verdict.value and alone.voice is None


def test_the_score_calculator_says_the_hands_total_and_the_match_by_the_pages_voice():
    page = tool_page("score")
    calc = page.widget
    assert calc.voice is page.voice and not LIVE.search(calc.hand_total.value)
    a, b = calc.sides["A"], calc.sides["B"]
    a.melds.value = "5H 6H 7H 8H 9H 10H JH"
    b.melds.value = "3C 4C 5C"
    b.in_hand.value = "KD 3X"                       # a card that cannot be read
    assert _t("referee.score.cannot-count") in b.breakdown.value and not LIVE.search(b.breakdown.value)
    assert page.voice.said == spoken(calc.hand_total.value) and _t("referee.score.fix") in page.voice.said
    b.in_hand.value = "KD"
    calc.closed_by.value = "A"
    assert not LIVE.search(calc.hand_total.value) and page.voice.said == spoken(calc.hand_total.value)
    assert str(calc.results["A"].total) in page.voice.said
    calc.add_hand.click()
    assert not LIVE.search(calc.match.value)
    assert page.voice.said.startswith(_t("referee.score.victory", a=calc.name("A"), b=calc.name("B"),
                                         vp_a=calc.victory[0], vp_b=calc.victory[1]))


def test_the_position_referee_says_its_ruling_by_the_pages_voice():
    page = tool_page("position-referee")
    referee = page.widget
    assert referee.voice is page.voice and not LIVE.search(referee.verdict.value)
    referee.move.value = "discard 4C"
    assert referee.ruling.legal is True and not LIVE.search(referee.verdict.value)
    assert page.voice.said == spoken(referee.verdict.value)
    assert page.voice.said.startswith(_t("referee.position.legal", move="discard 4C"))
    referee.hand.value = "8H 9X"                    # a position that cannot be read: why, said
    assert _t("referee.position.unreadable") in page.voice.said and not LIVE.search(referee.position_box.value)


def test_the_variant_builder_says_its_verdict_and_lends_its_voice_to_the_tool_it_is_tried_in():
    page = tool_page("variant-builder")
    builder = page.widget
    assert isinstance(builder, VariantBuilder) and not LIVE.search(builder.status.value)
    builder.controls["ace_to_ace_bonus"].value = "1000"     # without ace_to_ace: refused
    assert not LIVE.search(builder.status.value) and page.voice.said.startswith(_t("variants.refused"))
    builder.controls["ace_to_ace"].value = True
    assert page.voice.said == spoken(builder.status.value) and builder.ruleset is not None
    builder.use_in.value = "referee"
    tried = builder.tool.children[0]
    assert tried.voice is page.voice and not LIVE.search(tried.verdict.value)


def test_practice_and_the_final_test_speak_by_the_pages_voice():
    progress = Progress()
    progress.record("melds.ex1", correct=False, hints=0, retries=0, solution_shown=False, rule="run.gap")
    practice = PracticeWidget(progress=progress, lang="en")
    voice = PageVoice()
    practice.speak_with(voice)
    practice.check_button.click()                   # nothing answered
    assert practice.verdict_html.value and not LIVE.search(practice.verdict_html.value)
    assert voice.said == spoken(practice.verdict_html.value)
    practice.hint_button.click()
    hints = len(practice.session.current.hints)
    assert not LIVE.search(practice.hints_html.value)
    assert voice.said.startswith(_t("widget.hint-of", number=1, count=hints))
    test = FinalTestWidget(progress=Progress(), seed=7, lang="en")
    assert 'aria-live="polite"' in test.count_html.value     # alone: how far the test is, a live region itself
    test.speak_with(voice)
    assert not LIVE.search(test.count_html.value)
    test.check_button.click()                       # nothing answered: said, the test does not go on
    assert voice.said == spoken(test.verdict_html.value) and not LIVE.search(test.verdict_html.value)


def test_the_play_tables_message_is_drawn_again_without_a_live_role_once_a_voice_says_it():
    from lessons.widgets.style import BAD
    from lessons.widgets.table import PlayTable

    table = PlayTable(seed=1, computer_moves=False)
    table._say(BAD, "Not allowed", "<div>the reason</div>")       # a refusal, shown before the page's voice came
    assert 'role="alert"' in table.message.value
    table.speak_with(PageVoice())
    assert not LIVE.search(table.message.value) and 'class="bt-refused"' in table.message.value
    assert "the reason" in table.message.value and f'data-said="{table.said}"' in table.message.value


def test_the_home_page_has_the_voice_and_says_an_import_a_reset_and_a_language_switch(fresh, monkeypatch):
    from lessons.widgets.home import HomePage
    from lessons.widgets.style import t

    page = HomePage()
    voice = page.voice
    assert isinstance(voice, PageVoice) and voice in page.children and page.panel.voice is voice
    focused: list[str] = []
    monkeypatch.setattr(voice, "focus", focused.append)
    panel = page.panel
    panel.upload.set_state({"value": [{"name": "p.json", "type": "application/json", "size": 8,   # as the page sends it
                                       "content": memoryview(b"not json"), "last_modified": 0}]})
    assert _t("progress.notice.import-failed", reason="").split(":")[0] in voice.said
    assert not LIVE.search(panel.notice.value) and spoken(panel.notice.value) == voice.said
    panel.reset_button.click()                      # the question said, the focus on "keep them"
    assert voice.said == _t("progress.panel.reset-confirm") and focused[-1].endswith(".bt-progress-keep")
    panel.confirm_yes.click()
    assert voice.said == _t("progress.notice.reset") and focused[-1].endswith(".bt-progress-reset")
    page.language.value = "it"                      # the page in its new language, said in it
    assert voice.lang == "it" and voice.said.startswith(t("home.title", "it")) and page.panel.voice is voice
    fresh.set_lang("en")


def test_a_star_clicked_hides_the_exercise_on_screen_before_the_next_one_is_built(monkeypatch):
    """A race (issue 33): the old exercise's table stayed a moment after a click on the star strip, and a
    fast keyboard user pressed its Draw. It is hidden first (voice.js also makes it inert at the click)."""
    import lessons
    import lessons.widgets.lesson as lesson_module
    from lessons.widgets.lesson import LessonWidget

    widget = LessonWidget(lessons.get_lesson("turn"), progress=Progress())
    widget.start_button.click()
    old = widget.body.children[0]
    assert old.layout.display is None and widget.session.index == 0
    seen: list[object] = []
    build = lesson_module.answer_view

    def watched(*args: object, **kwargs: object) -> object:
        seen.append(old.layout.display)         # what the page shows of the old exercise meanwhile
        return build(*args, **kwargs)

    monkeypatch.setattr(lesson_module, "answer_view", watched)
    widget.strip.buttons[1].click()
    assert seen == ["none"] and widget.session.index == 1 and widget.body.children[0] is not old
    shown = widget.body.children[0]

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(lesson_module, "answer_view", broken)
    widget.strip.buttons[2].click()             # the next one cannot be built: the one on screen comes back
    assert widget.body.children[0] is shown and shown.layout.display is None
    assert _t("widget.error") in widget.status.value


def test_the_play_tables_score_calculator_has_the_tables_voice():
    from lessons.widgets.table import PlayTable
    from tests.test_widgets import _finished_session

    voice = PageVoice()
    table = PlayTable(players=2, seed=5, pace=0, voice=voice)
    table.use(_finished_session("classic", 2, 5))
    calc = table.count_in_calculator()
    assert calc is not None and calc.voice is voice and not LIVE.search(calc.hand_total.value)
    assert voice.said == spoken(table.message.value)        # the table's "counted" said last


def test_the_teachers_page_speaks_by_the_pages_voice():
    """The class summary and the worksheet maker on their tool page: a file not counted, Make's answer,
    each said by the page's voice, their boxes without a live role of their own."""
    from lessons.teachers.widgets import ClassSummaryWidget, WorksheetMaker

    page = tool_page("class-summary")
    summary, maker = page.widget.children
    assert isinstance(summary, ClassSummaryWidget) and isinstance(maker, WorksheetMaker)
    assert summary.voice is page.voice and maker.voice is page.voice
    summary.add_files([("anna.json", "not progress")])
    assert "anna.json" in summary.problems.value and not LIVE.search(summary.problems.value)
    assert page.voice.said == spoken(summary.problems.value) and "anna.json" in page.voice.said
    for box in maker.kinds.values():
        box.value = False
    maker.make_button.click()
    assert not LIVE.search(maker.status.value) and page.voice.said == _t("worksheet.no-kind")
    maker.kinds["judge-meld"].value = True
    maker.make_button.click()
    assert maker.page and not LIVE.search(maker.result.value)
    assert page.voice.said.startswith(_t("worksheet.ready", count=maker.number.value, seed=maker.seed.value))
    alone = WorksheetMaker(kinds=())                # in a notebook of its own: its box is the live region
    alone.make_button.click()
    assert 'role="alert"' in alone.status.value and alone.voice is None
    lone = ClassSummaryWidget(lang="en", feed=None)
    lone.add_files([("bea.json", "not progress")])
    assert 'role="alert"' in lone.problems.value


def test_the_live_class_and_the_work_panel_speak_by_the_pages_voice():
    """Live from a class service: a refusal and the first "Live" line are said once (not at every answer,
    every few seconds); the work panel's answers are said too. The line that says to reload the page keeps
    its own alert: the browser alone shows it, when the kernel that would say it may be gone."""
    from burraco_core.messages import Message as M
    from lessons.learner.classlink import ServiceError
    from lessons.teachers.live import ClassFeed
    from lessons.teachers.widgets import ClassSummaryWidget
    from tests.test_class_display import FakeClient, class_body, wait

    def line(value: str) -> str:
        return value.split('<div class="bt-stale"')[0]      # the box, without the reload line inside it

    client = FakeClient(ServiceError(401, "service.not-identified"))     # refused until the log-in is back
    feed = ClassFeed(client, interval=0.05)
    summary = ClassSummaryWidget(lang="en", feed=feed)
    try:
        voice = PageVoice()
        summary.speak_with(voice)
        assert summary.work is not None and summary.work.voice is voice
        assert not LIVE.search(summary.live_status.value) and voice.said == ""
        assert wait(lambda: voice.said == _t("class.live.expired"), feed)
        assert not LIVE.search(summary.live_status.value)
        client.answers = [class_body()]
        assert wait(lambda: summary.live is not None, feed)
        assert voice.said == _t("class.live.updated", count=0, time=voice.said.split("at ")[-1][:-1])
        assert not LIVE.search(line(summary.live_status.value)) and 'role="alert"' in summary.live_status.value
        voice.said = ""
        assert feed.wait_for_answer(feed.answers, 5)     # another answer: the line redrawn, not said again
        assert voice.said == "" and "Live" in summary.live_status.value
        work = summary.work
        work.set_button.click()                          # no lesson chosen
        assert voice.said == _t("class.set.choose-lessons") and not LIVE.search(work.status.value)
        work.lessons.value = (work.lessons.options[0][1],)
        work.set_button.click()
        assert voice.said.startswith(M("class.set.sent", work="").text("en")[:10]) and not LIVE.search(work.status.value)
        feed.error = ServiceError(429, "service.too-fast")
        work.failed()
        assert voice.said == _t("class.set.too-fast") and not LIVE.search(work.status.value)
    finally:
        feed.close()


def test_the_story_caption_and_the_attach_warning_are_said_by_the_pages_voice():
    """Lesson 1's story: Next's caption said by the page's voice, the caption without a live role of its own;
    the table's "a clean burraco would lose points" warning, said before the move, likewise."""
    import lessons
    from lessons.widgets.intro import StoryView
    from lessons.widgets.lesson import LessonWidget
    from lessons.widgets.style import esc_suits
    from tests.test_attach_target import last_discard_table

    widget = LessonWidget(lessons.get_lesson("game"), progress=Progress())
    [story] = [part for part in widget.body.children[0].children if isinstance(part, StoryView)]
    assert story.voice is widget.voice and not LIVE.search(story.caption.value) and widget.voice.said == ""
    story.next.click()
    caption = story.frames[1].caption.text("en")
    assert widget.voice.said == caption and esc_suits(caption) in story.caption.value and not LIVE.search(story.caption.value)
    [which] = [block.story for block in lessons.get_lesson("game").intro if block.story is not None]
    assert 'role="status"' in StoryView(which, "en").caption.value     # alone in a notebook: a live region itself
    table = last_discard_table()
    assert 'role="status"' not in table.attach_note.value
    table.hand.select("JK")
    assert 'role="status"' in table.attach_note.value           # without a voice: "Which meld?" is one itself
    voice = PageVoice()
    table.speak_with(voice)
    assert table.attach_note.value and not LIVE.search(table.attach_note.value) and voice.said == ""
    table.attach_to.value = 1                                   # the burraco: the warning, said
    assert not LIVE.search(table.attach_note.value) and voice.said == spoken(table.attach_note.value)
    assert voice.said.startswith(_t("table.attach.spoils.title"))


def test_a_lessons_notice_is_said_once_and_a_predict_exercises_note_is_no_live_region(fresh):
    """A notice about the progress file (redrawn at every save) is said once by the page's voice, its box no
    live region; the note a predict exercise shows above its question is part of the exercise, not news."""
    import lessons
    from lessons.widgets.lesson import LessonWidget
    from lessons.widgets.views import answer_view

    widget = LessonWidget(lessons.get_lesson("melds"), keeper=fresh)
    fresh.problem = Message("progress.notice.unreadable", path="p.json", detail="denied")
    widget._progress_changed(widget.session.progress)
    notice = fresh.problem.text("en")
    assert notice in spoken(widget.status.value) and not LIVE.search(widget.status.value)
    assert widget.voice.said == notice
    widget.voice.said = ""
    widget._progress_changed(widget.session.progress)      # another save: the same notice, not said again
    assert widget.voice.said == "" and notice in spoken(widget.status.value)
    predict = next(ex for lesson in lessons.LESSONS for ex in lesson.exercises if ex.kind == "predict-under-ruleset")
    view = answer_view(predict, "en")
    notes = [part.value for part in view.widget.children if isinstance(getattr(part, "value", None), str)]
    assert any(_t("widget.predict.under", rules=predict.rules.label) in note for note in notes)
    assert not any(LIVE.search(note) for note in notes)
