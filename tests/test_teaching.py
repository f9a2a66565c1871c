"""Practice, class summary and worksheet widgets, and lessons under a house ruleset: what a person
sees after each action (no browser)."""

from __future__ import annotations

import base64
import dataclasses
import datetime
import html
import re

import pytest

import burraco_core as bc
import lessons
import lessons.teachers.worksheet
from burraco_core.messages import Message
from lessons.curriculum.generators import GENERATED_KINDS, GeneratorError, generate
from lessons.learner.filestore import FileStore
from lessons.learner.practice import PracticeSession, parse_generated_id, practised, rules_to_practise
from lessons.learner.progress import Progress
from lessons.learner.store import ProgressKeeper
from lessons.teachers.widgets import ClassSummaryWidget, WorksheetMaker
from lessons.widgets.lesson import LessonWidget
from lessons.widgets.navigation import practice_link
from lessons.widgets.practice import PracticeWidget

NOW = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)
HOUSE = dataclasses.replace(bc.ruleset("classic"), id="house", name="Our table", groups_allowed=False)


def text_of(markup: str) -> str:
    markup = re.sub(r'<span class="bt-sr">.*?</span>', "", markup)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def missed(*rules: str) -> Progress:
    progress = Progress()
    for i, rule in enumerate(rules):
        progress.record(f"melds.ex{i}", correct=False, hints=0, retries=0, solution_shown=False, rule=rule)
    return progress


def keeper_for(tmp_path, progress: Progress) -> ProgressKeeper:
    store = FileStore(tmp_path / "progress.json")
    store.save(progress)
    return ProgressKeeper(file_store=store)


def needed_cells(widget: PracticeWidget) -> dict[str, int]:
    return {rule: int(n) for rule, n in re.findall(r'data-rule="([^"]+)" data-needed="(\d+)"', widget.rules_html.value)}


# -- practice ------------------------------------------------------------------------------------

def test_generated_ids_are_read_back():
    for kind in GENERATED_KINDS[:3]:
        ex = generate(kind, 17, "italiano", 2)
        assert parse_generated_id(ex.id) == (kind, 17, "italiano", 2)
    assert parse_generated_id(generate(GENERATED_KINDS[0], 5).id) == (GENERATED_KINDS[0], 5, "classic", 1)
    assert parse_generated_id("melds.first-run") is None
    assert parse_generated_id("gen.no-such-kind.3") is None


def test_practice_answers_are_kept_in_the_progress_and_a_new_session_goes_on(tmp_path):
    progress = missed("run.gap", "wild.bound")
    session = PracticeSession.from_progress(progress)
    first = session.next()
    assert first is not None
    wrong = first.wrong_answers[0][0]
    assert not session.answer(wrong).correct
    assert progress.attempted(first.id) and not progress.solved(first.id)
    assert session.answer(first.solution).correct
    assert progress.stars(first.id) == 2                     # one retry: as in a lesson
    counted = practised(progress)
    assert all(counted.get(rule, 0) == 1 for rule in first.teaches if rule in ("run.gap", "wild.bound"))
    # reloaded from the saved text: the count goes on, the solved exercise is not served again
    again = PracticeSession.from_progress(Progress.from_json(progress.to_json()))
    assert again.correct == session.correct
    assert again.next() is not None and again.next().id != first.id
    # after the solution was shown, a correct answer counts for no rule
    shown = PracticeSession.from_progress(missed("run.gap"))
    ex = shown.next()
    assert ex is not None
    shown.show_solution()
    assert shown.answer(ex.solution).correct and shown.correct["run.gap"] == 0
    assert shown.next() is not None and shown.next().id != ex.id


def test_rules_to_practise_drop_once_answered_twice():
    progress = missed("wild.bound")
    assert rules_to_practise(progress) == ("wild.bound",)
    session = PracticeSession.from_progress(progress)
    while not session.done:
        ex = session.next()
        assert ex is not None
        session.answer(ex.solution)
    assert rules_to_practise(progress) == ()
    assert "wild.bound" in progress.missed_rules()           # the miss stays on record


def test_the_practice_widget_one_exercise_at_a_time_until_done(tmp_path):
    keeper = keeper_for(tmp_path, missed("wild.bound", "run.gap"))
    widget = PracticeWidget(keeper=keeper)
    assert needed_cells(widget) == {"wild.bound": 2, "run.gap": 2}
    shown = text_of(widget.rules_html.value)          # the rules in words: no rule ids on a learner's page
    assert "Rule id" not in shown and "wild.bound" not in shown and "run.gap" not in shown, shown
    card = widget.body.children[0]
    header = text_of(card.children[0].value)
    assert "Practice exercise 1" in header and "This exercise practises:" in header
    ex = widget.session.current
    assert ex is not None
    # a wrong answer: the reason, and the same exercise stays
    widget.view.fill(ex.wrong_answers[0][0])
    widget.check_button.click()
    assert "have another go" in text_of(widget.verdict_html.value)
    assert widget.session.current is ex and widget.next_button.layout.display == "none"
    widget.hint_button.click()
    assert "Hint 1 of 2" in text_of(widget.hints_html.value)
    widget.view.fill(ex.solution)
    widget.check_button.click()
    assert "Correct!" in text_of(widget.verdict_html.value)
    assert widget.next_button.layout.display == "flex" and widget.check_button.disabled
    hints = widget.hints_html.value
    widget.hint_button.click()                                 # answered: no hint of the next exercise here
    assert widget.hints_html.value == hints and widget.session.current is None
    assert sum(needed_cells(widget).values()) < 4
    saved = FileStore(tmp_path / "progress.json").load()      # kept with the progress at once
    assert saved.solved(ex.id)
    numbers = 1
    while not widget.session.done:
        widget.next_button.click()
        numbers += 1
        assert f"Practice exercise {numbers}" in text_of(widget.body.children[0].children[0].value)
        current = widget.session.current
        widget.view.fill(current.solution)
        widget.check_button.click()
        assert numbers < 12
    assert needed_cells(widget) == {"wild.bound": 0, "run.gap": 0}
    end = text_of(widget.end_html.value)
    assert "Well done!" in end and "every rule you had missed correctly twice" in end
    # a reload: the finished practice says so at once
    again = PracticeWidget(keeper=ProgressKeeper(file_store=FileStore(tmp_path / "progress.json")))
    assert "Well done!" in text_of(again.body.children[0].value)


def test_the_practice_widget_in_italian_and_with_nothing_missed(tmp_path):
    widget = PracticeWidget(progress=Progress(), lang="es")
    shown = text_of(widget.body.children[0].value)
    assert "Todavía nada que repasar" in shown and "Ir a las lecciones" in shown and 'href="index.ipynb"' in widget.body.children[0].value
    italian = PracticeWidget(progress=missed("run.gap"), lang="it")
    assert "Esercizio di ripasso 1" in text_of(italian.body.children[0].children[0].value)
    assert "Controlla" in italian.check_button.description or italian.check_button.description


def test_a_rule_without_exercises_is_said_and_the_others_go_on():
    widget = PracticeWidget(progress=missed("draw.stock-empty"))
    assert "There are no practice exercises yet for" in text_of(widget.body.children[0].value)
    assert 'data-rule="draw.stock-empty" data-needed="2"' in widget.rules_html.value


def test_the_browser_copy_arriving_later_restarts_an_untouched_practice(tmp_path):
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"))
    widget = PracticeWidget(keeper=keeper)
    assert "Nothing to practise yet" in text_of(widget.body.children[0].value)
    keeper.widget.saved = missed("wild.bound").to_json()        # the page sends its copy
    assert needed_cells(widget) == {"wild.bound": 2}
    assert widget.session.current is not None


def test_the_lesson_page_offers_practice_once_a_rule_was_missed():
    assert practice_link(Progress(), "en") == ""
    link = practice_link(missed("run.gap", "wild.bound"), "en")
    assert 'href="practice.ipynb"' in link and "Practise what I missed (2 rules)" in text_of(link)


def test_the_home_page_lists_the_new_tools():
    from lessons.widgets.home import TOOLS

    assert {"practice", "class-summary"} <= {tool.key for tool in TOOLS}


# -- class summary -------------------------------------------------------------------------------

def _pupil(correct: int, wrong_rule: str | None) -> bytes:
    progress = Progress()
    first = lessons.LESSONS[0]
    for ex in first.exercises[:correct]:
        progress.record(ex.id, correct=True, hints=0, retries=0, solution_shown=False)
    if wrong_rule:
        progress.record(first.exercises[-1].id, correct=False, hints=0, retries=0, solution_shown=False, rule=wrong_rule)
    return progress.to_json().encode("utf-8")


def test_the_class_summary_from_uploaded_files_names_a_bad_one():
    widget = ClassSummaryWidget(lang="en")
    assert "No pupil's file yet." in text_of(widget.table.value)
    widget.upload.value = ({"name": "anna.json", "type": "application/json", "size": 1, "content": memoryview(_pupil(3, "run.gap")), "last_modified": NOW},
                           {"name": "ben.json", "type": "application/json", "size": 1, "content": memoryview(_pupil(1, "run.gap")), "last_modified": NOW},
                           {"name": "notes.json", "type": "application/json", "size": 1, "content": memoryview(b'{"hello": 1}'), "last_modified": NOW})
    table = widget.table.value
    assert 'data-pupil="anna"' in table and 'data-pupil="ben"' in table and "notes" not in table
    first = lessons.LESSONS[0].key
    assert f'data-lesson="{first}" data-stars="9"' in table and f'data-lesson="{first}" data-stars="3"' in table
    assert "Stars per lesson (2 pupils)" in text_of(table)
    problems = text_of(widget.problems.value)
    assert "notes.json was not counted" in problems and "not progress saved by Burraco Tutor" in problems
    missed_text = text_of(widget.missed.value)
    assert 'data-rule="run.gap" data-pupils="2"' in widget.missed.value
    assert bc.IllegalMove("run.gap").summary in missed_text and "2 of 2" in missed_text
    widget.clear_button.click()
    assert "No pupil's file yet." in text_of(widget.table.value) and widget.problems.value == ""


def test_the_class_summary_from_a_folder_in_spanish(tmp_path):
    (tmp_path / "carla.json").write_bytes(_pupil(2, "wild.bound"))
    (tmp_path / "roto.json").write_text("{not json", encoding="utf-8")
    widget = lessons.class_summary(tmp_path, lang="es")
    assert isinstance(widget, ClassSummaryWidget)
    assert 'data-pupil="carla"' in widget.table.value and "Estrellas por lección (1 alumno)" in text_of(widget.table.value)
    assert "roto.json no se ha contado" in text_of(widget.problems.value)
    assert bc.IllegalMove("wild.bound").summary_in("es") in text_of(widget.missed.value)


# -- worksheet maker -----------------------------------------------------------------------------

def test_the_worksheet_maker_gives_the_page_to_download():
    maker = WorksheetMaker("classic", lang="en")
    assert set(maker.kinds) == set(GENERATED_KINDS)
    for checkbox in maker.kinds.values():
        checkbox.value = False
    maker.make_button.click()
    assert "Tick at least one kind" in text_of(maker.status.value) and maker.result.value == ""
    maker.kinds["judge-meld"].value = True
    maker.kinds["stands-for"].value = True
    maker.number.value, maker.seed.value, maker.difficulty.value, maker.rules.value = 4, 77, 2, "italiano"
    maker.make_button.click()
    assert "4 exercises, sheet no. 77" in text_of(maker.result.value)      # as the sheet's title says it
    data = re.search(r'href="data:text/html;charset=utf-8;base64,([^"]+)"', maker.result.value)
    assert data is not None
    page = base64.b64decode(data.group(1)).decode("utf-8")
    assert page == maker.page and page.count('class="bt-exercise"') == 4
    assert generate("judge-meld", 77, "italiano", 2).id in page and "bt-key" in page


# -- a failure in a teaching widget: told in words, never a traceback --------------------------------

def _kaput(*args: object, **kwargs: object) -> None:
    raise RuntimeError("kaput in a callback")


def _told(status: str, lang: str) -> bool:
    shown = text_of(status)
    return (Message("widget.error").text(lang) in shown and "kaput" not in shown and "Traceback" not in shown
            and 'role="alert"' in status)


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_failing_action_in_a_teaching_widget_is_told_in_words(lang, monkeypatch, caplog):
    practice = PracticeWidget(progress=missed("run.gap"), lang=lang)
    assert practice.status.value == ""
    monkeypatch.setattr(practice.session, "answer", _kaput)
    practice.check_button.click()                     # no exception reaches the caller
    assert _told(practice.status.value, lang)
    practice.status.value = ""
    assert practice.view is not None and practice.view.on_error is not None
    practice.view.on_error()                          # what the answer view calls when its own callback fails
    assert _told(practice.status.value, lang)

    maker = WorksheetMaker("classic", lang=lang)
    monkeypatch.setattr(lessons.teachers.worksheet, "worksheet_page", _kaput)
    maker.make_button.click()
    assert _told(maker.status.value, lang) and maker.result.value == ""

    summary = ClassSummaryWidget(lang=lang)
    monkeypatch.setattr(summary.summary, "add", _kaput)
    summary.upload.value = ({"name": "anna.json", "type": "application/json", "size": 1,
                             "content": memoryview(_pupil(1, "run.gap")), "last_modified": NOW},)
    assert _told(summary.status.value, lang)
    assert caplog.text.count("RuntimeError: kaput in a callback") == 3     # the details are in the log


def test_one_text_says_something_went_wrong_in_every_widget():
    from burraco_core.messages import catalogue

    for lang in ("en", "it", "es"):
        assert "widget.error" in catalogue(lang) and "referee.failed" not in catalogue(lang)


# -- lessons and exercises under a house ruleset ---------------------------------------------------

def test_a_lesson_under_a_derived_ruleset_is_checked_by_the_engine_under_it():
    melds = lessons.get_lesson("melds")
    under = melds.under(HOUSE)
    assert under.house is HOUSE and under.left_out and len(under.exercises) + len(under.left_out) == len(melds.exercises)
    for ex in under.exercises:
        assert ex.check(ex.solution).correct
        assert ex.rules is HOUSE or ex.ruleset != melds.ruleset     # one written for pulito stays so
    widget = lessons.show("melds", rules=HOUSE, progress=Progress())
    assert isinstance(widget, LessonWidget)
    assert "Rules: Our table (house rules)." in text_of(widget.header.value)
    assert f"{len(under.left_out)} exercises" in text_of(widget.header.value)


@pytest.mark.parametrize("key", ["melds", "closing"])
def test_a_lesson_under_a_house_ruleset_is_written_and_read_back_under_it(key):
    import json

    under = lessons.get_lesson(key).under(HOUSE)
    written = json.loads(json.dumps(under.to_dict()))  # plain JSON, as a teacher's file holds it
    assert written["ruleset"] == {"id": "house", "name": "Our table", "groups_allowed": False}
    again = lessons.Lesson.from_dict(written)
    assert again.house == HOUSE and again.rules == HOUSE and again.ruleset == "house"
    assert [ex.id for ex in again.exercises] == [ex.id for ex in under.exercises]
    for ex, before in zip(again.exercises, under.exercises, strict=True):
        assert ex.rules == before.rules       # the house rules, or the ruleset it was written for
        assert ex.check(ex.solution).correct
    assert again.to_dict() == under.to_dict()
    # a built-in lesson still writes its id alone
    assert lessons.get_lesson(key).to_dict()["ruleset"] == lessons.get_lesson(key).ruleset


def test_a_lesson_file_with_a_malformed_house_ruleset_names_the_field():
    written = lessons.get_lesson("melds").under(HOUSE).to_dict()
    written["ruleset"]["groups_alowed"] = False
    with pytest.raises(lessons.CurriculumError, match="groups_alowed"):
        lessons.Lesson.from_dict(written)
    written["ruleset"] = {"name": "no id"}
    with pytest.raises(lessons.CurriculumError, match="ruleset.id"):
        lessons.Lesson.from_dict(written)


def test_a_teachers_exercise_under_a_house_ruleset_asks_the_engine_under_it():
    data = {"id": "class.three-sevens", "kind": "judge-meld", "prompt": "lesson.melds.judge-same-card.prompt",
            "data": {"cards": "7D 7D' 7S", "choices": ["card.too-many-copies", "run.duplicate-rank"]},
            "solution": "legal", "wrong_answers": [["card.too-many-copies", "card.too-many-copies"]],
            "hints": ["lesson.melds.judge-same-card.hint.1", "lesson.melds.judge-same-card.hint.2"],
            "explain": "lesson.melds.judge-same-card.explain", "teaches": ["card.too-many-copies"]}
    classic = lessons.Exercise.from_dict(data)
    assert classic.check("legal").correct
    # No groups at this table: the engine refuses the solution under it, so the exercise is refused, saying why.
    with pytest.raises(lessons.CurriculumError) as caught:
        classic.under(HOUSE)
    assert caught.value.field == "solution"
    assert Message("rule.group.not-allowed.summary").text("en") in caught.value.problem
    with pytest.raises(lessons.CurriculumError, match="'solution'"):
        lessons.Exercise.from_dict(data, ruleset=HOUSE)
    refused = lessons.show(classic, rules=HOUSE)
    assert "the answer to this exercise would change" in text_of(refused.value)
    # Written for the house, with the house's answer, it is shown and judged under the house's rules.
    house = lessons.Exercise.from_dict({**data, "solution": "group.not-allowed", "data": {**data["data"], "choices": [
        "group.not-allowed", "card.too-many-copies"]}, "wrong_answers": [["legal", "group.not-allowed"]]}, ruleset=HOUSE)
    assert house.rules is HOUSE and house.check("legal").rule == "group.not-allowed"
    widget = lessons.show(house)
    assert isinstance(widget, LessonWidget) and "Our table" in text_of(widget.header.value)
    widget.view.fill("legal")
    widget.check_button.click()
    assert "have another go" in text_of(widget.verdict_html.value)


@pytest.mark.parametrize("rules", ["no-such-rules", 42])
def test_rules_that_cannot_be_used_give_a_message_not_a_traceback(rules):
    widget = lessons.show("melds", rules=rules)
    assert "These rules cannot be used" in text_of(widget.value)


def test_a_lesson_with_nothing_left_under_the_rules_says_so():
    strict = dataclasses.replace(bc.ruleset("classic"), id="strict", name="Strict", groups_allowed=False, jokers=0)
    lesson = lessons.get_lesson("melds")
    tiny = dataclasses.replace(lesson, exercises=tuple(ex for ex in lesson.exercises if ex.id in lesson.under(HOUSE).left_out))
    widget = lessons.show(tiny, rules=strict)
    assert "nothing to show" in text_of(widget.value)


LIGHT_HOUSE = dataclasses.replace(bc.ruleset("classic"), id="club", name="Our club", clean_bonus=300, joker_value=25)


@pytest.mark.parametrize("lesson", lessons.LESSONS, ids=[lesson.key for lesson in lessons.LESSONS])
def test_every_lesson_under_a_derived_ruleset_plays_through(lesson):
    widget = lessons.show(lesson.key, rules=LIGHT_HOUSE, progress=Progress())
    assert isinstance(widget, LessonWidget), lesson.key
    shown = widget.lesson
    assert shown.house is LIGHT_HOUSE and "Our club" in text_of(widget.header.value)
    widget.start_button.click()
    for ex in shown.exercises:
        assert widget.session.exercise is ex
        assert ex.rules is LIGHT_HOUSE or ex.ruleset != lesson.ruleset
        widget.view.fill(ex.solution)
        widget.check_button.click()
        assert "Correct!" in text_of(widget.verdict_html.value), (ex.id, text_of(widget.verdict_html.value))
        widget.next_button.click()
    assert widget.session.phase == "summary"
    # what the engine counts differently under these rules left some exercises out, and said so
    for left in shown.left_out:
        with pytest.raises(lessons.CurriculumError):      # refused under them (proven otherwise, or not set up)
            lesson.exercise(left).under(LIGHT_HOUSE)


def test_a_generated_exercise_and_the_teaching_widgets_take_a_derived_ruleset():
    ex = generate("judge-meld", 11).under(HOUSE)
    assert ex.rules is HOUSE and "11" in ex.prompt.text("en")           # the seed stays in the prompt
    practice = PracticeWidget(progress=missed("run.gap"), rules=HOUSE)   # generated under the house rules
    assert practice.session.rules is HOUSE and practice.session.current is not None
    assert practice.session.current.house is HOUSE
    maker = WorksheetMaker(HOUSE, lang="en")
    assert maker.rules.value is HOUSE
    maker.make_button.click()
    assert "sheet no. 1," in text_of(maker.result.value) and "bt-left-out" not in maker.result.value
    made, left_out = lessons.teachers.worksheet.sheet_exercises(maker.chosen_kinds(), 6, 1, HOUSE)
    assert not left_out and all(ex.house is HOUSE for ex in made)
    assert re.findall(r'<li class="bt-exercise" data-id="([^"]+)"', maker.page) == [ex.id for ex in made]
    assert "Rules: Our table (house rules)." in text_of(maker.page)


NOTHING_COUNTS = dataclasses.replace(bc.ruleset("classic"), id="zero", name="Nothing counts", two_value=0,
                                     joker_value=0, ace_value=0, high_value=0, low_value=0, clean_bonus=0,
                                     dirty_bonus=0, closing_bonus=0, no_pozzetto_penalty=0)


@pytest.mark.parametrize("lang", ["en", "it", "es"])
def test_a_kind_the_house_rules_cannot_give_is_left_out_of_the_sheet_and_the_teacher_told(lang):
    said = Message("gen.unavailable", kind=Message("worksheet.kind.count"), rules="Nothing counts",
                   reason=Message("gen.unavailable.no-deal", tries=60)).text(lang)
    maker = WorksheetMaker(NOTHING_COUNTS, lang=lang)
    for kind, checkbox in maker.kinds.items():
        checkbox.value = kind in ("count", "judge-meld")
    maker.number.value = 4
    maker.make_button.click()
    assert said in text_of(maker.result.value) and 'data-kind="count"' in maker.result.value
    assert maker.page.count('class="bt-exercise"') == 4 and 'data-id="gen.count.' not in maker.page
    key = maker.page.split('class="bt-key"')[1]
    assert said in text_of(key)                        # the answer key, the teacher's page, says it too
    assert Message("worksheet.rules", rules="Nothing counts").text(lang) not in text_of(maker.page)
    assert Message("widget.rules-house", rules="Nothing counts").text(lang) in text_of(maker.page)
    maker.kinds["judge-meld"].value = False            # nothing left to make: said, no traceback, no page
    maker.make_button.click()
    assert maker.result.value == "" and maker.page == ""
    shown = text_of(maker.status.value)
    assert Message("worksheet.none-left", rules="Nothing counts").text(lang) in shown and said in shown
    assert "Traceback" not in shown
    with pytest.raises(GeneratorError):
        lessons.teachers.worksheet.worksheet("count", 2, 1, NOTHING_COUNTS, lang)
    # the practice page leaves the kind out too, and says so
    practice = PracticeWidget(progress=missed("meld.not-a-meld"), rules=NOTHING_COUNTS, lang=lang,
                              kinds=("count", "build-meld"))
    for _ in range(2):
        if practice.session.unavailable:
            break
        assert practice.view is not None and practice.session.current is not None
        practice.view.fill(practice.session.current.solution)
        practice.check_button.click()
        practice.next_button.click()
    assert list(practice.session.unavailable) == ["count"] and said in text_of(practice.rules_html.value)


def test_the_lesson_page_shows_the_practice_button_once_a_rule_is_missed(monkeypatch, tmp_path):
    import lessons.learner.store as store
    import lessons.widgets.navigation as navigation

    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"))
    monkeypatch.setattr(store, "_SHARED", keeper)
    page = navigation.LessonPage("melds")
    assert page.practice.value == ""
    keeper.record("melds.first-run", correct=False, hints=0, retries=0, solution_shown=False, rule="meld.not-a-meld")
    assert 'href="practice.ipynb"' in page.practice.value and "(1 rule)" in text_of(page.practice.value)
