"""What an exercise needs stays on screen (issue 30): an intro block the lesson keeps (``"keep": true``) is
folded under each of its exercises; the seat picture shows which way the dealer's left is; the card-value
table says the suit does not matter; a side with no melds is said to have none."""

from __future__ import annotations

import copy
import html
import re

import pytest

import lessons
from lessons.curriculum.model import CurriculumError, Lesson
from lessons.learner.progress import Progress
from lessons.widgets.intro import intro_table, seats_html
from lessons.widgets.lesson import LessonWidget
from lessons.widgets.views import answer_view


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def lesson(key: str) -> Lesson:
    return next(each for each in lessons.LESSONS if each.key == key)


def opened(which: Lesson, index: int, lang: str = "en") -> LessonWidget:
    widget = LessonWidget(which, lang=lang, progress=Progress())
    widget.go_to(index)
    return widget


def shown_html(widget: LessonWidget) -> str:
    """Every HTML the exercise card shows, in order."""
    found: list[str] = []

    def walk(node) -> None:
        if hasattr(node, "value") and isinstance(node.value, str):
            found.append(node.value)
        for child in getattr(node, "children", ()):
            walk(child)

    walk(widget.body)
    return "".join(found)


def folds(markup: str) -> list[str]:
    return re.findall(r'<details class="bt-kept" data-kept="([^"]+)">', markup)


@pytest.mark.parametrize("lang", ["en", "it", "es", "pt"])
def test_every_scoring_exercise_keeps_the_card_values_folded_under_it(lang):
    scoring = lesson("scoring")
    for index, exercise in enumerate(scoring.exercises):
        markup = shown_html(opened(scoring, index, lang))
        assert folds(markup) == ["card-values"], exercise.id
        fold = markup[markup.index('<details class="bt-kept"'):]
        fold = fold[:fold.index("</details>")]
        assert "<details " in markup and " open" not in fold.split(">")[0]        # folded until asked
        assert 'class="bt-variants bt-card-values"' in fold and "bt-any-suit" in fold


def test_the_intro_of_scoring_keeps_the_card_values():
    kept = [block for block in lesson("scoring").intro if block.keep]
    assert [block.table for block in kept] == ["card-values"]


def _lesson_dict(**block) -> dict:
    scoring = copy.deepcopy(lesson("scoring").to_dict())
    scoring["intro"] = [block]
    return scoring


def test_keep_is_read_written_back_and_checked():
    read = Lesson.from_dict(_lesson_dict(text="lesson.scoring.intro.1", keep=True))
    assert read.intro[0].keep and read.intro[0].to_dict() == {"text": "lesson.scoring.intro.1", "keep": True}
    assert Lesson.from_dict(read.to_dict()).intro[0].keep
    assert not Lesson.from_dict(_lesson_dict(text="lesson.scoring.intro.1", keep=False)).intro[0].keep
    assert "keep" not in Lesson.from_dict(_lesson_dict(text="lesson.scoring.intro.1")).intro[0].to_dict()
    with pytest.raises(CurriculumError, match="keep"):
        Lesson.from_dict(_lesson_dict(text="lesson.scoring.intro.1", keep="yes"))
    with pytest.raises(CurriculumError, match="story"):
        Lesson.from_dict(_lesson_dict(story={"deal": 5}, keep=True))


def test_a_kept_text_meld_and_cards_fold_under_the_exercise_and_nothing_else_does():
    scoring = copy.deepcopy(lesson("scoring").to_dict())
    scoring["intro"] = [{"text": "lesson.scoring.intro.1", "keep": True},
                        {"meld": "5H 6H 7H", "caption": "lesson.scoring.intro.1", "keep": True},
                        {"cards": "7H 7H'", "face_down": True, "keep": True},
                        {"table": "card-values"}]
    markup = shown_html(opened(Lesson.from_dict(scoring), 0))
    assert folds(markup) == ["intro", "intro", "intro"]
    assert markup.count("From the lesson&#x27;s introduction") + markup.count("From the lesson's introduction") == 3
    assert "bt-card-values" not in markup          # not kept: gone with the intro


def test_a_table_the_view_draws_itself_is_not_folded_twice():
    variants = copy.deepcopy(lesson("scoring").to_dict())
    variants["intro"] = [{"table": "variants", "keep": True}]
    predict = {"id": "scoring.predict", "kind": "predict-under-ruleset", "prompt": "lesson.scoring.intro.1",
               "data": {"other": "italiano", "ask": "burraco", "cards": "4S 5S 6S 7S 8S 9S 10S 2H"},
               "solution": "semi-clean", "wrong_answers": [["dirty", None]],
               "hints": ["lesson.scoring.intro.1", "lesson.scoring.intro.1"], "explain": "lesson.scoring.intro.1",
               "teaches": []}
    variants["exercises"] = [predict, *variants["exercises"]]
    read = Lesson.from_dict(variants)
    first = shown_html(opened(read, 0))
    assert first.count('class="bt-variants"') == 1 and folds(first) == []      # the view's own fold
    assert folds(shown_html(opened(read, 1))) == ["variants"]                    # the lesson's fold


@pytest.mark.parametrize("lang", ["en", "it", "es", "pt"])
def test_the_card_values_say_the_suit_does_not_matter(lang):
    table = intro_table("card-values", lang)
    caption = text_of(table.split('class="bt-caption bt-any-suit">')[1])
    assert "K♥" in caption and "K♠" in caption


def test_who_plays_first_shows_which_way_the_dealers_left_is():
    seats = seats_html(4, "en", dealer=3, order=False)
    dealer = seats[seats.index('data-player="3"'):]
    dealer = dealer[:dealer.index("</div></div>")]
    assert "deals" in dealer and "their left" in dealer and "↙" in dealer     # from the right, left is toward you
    assert "their left" not in seats.replace(dealer, "")
    two = seats_html(2, "en", dealer=1, order=False)
    assert "↘" in two
    seat = [e for e in lesson("game").exercises if e.kind == "seat"]
    for exercise in seat:
        picture = text_of(answer_view(exercise, "en").widget.children[0].value)
        assert ("their left" in picture) == (exercise.prepared.extra["ask"] == "first"), exercise.id
    assert any(e.prepared.extra["ask"] == "first" for e in seat)


def test_a_side_with_no_melds_is_said_to_have_none():
    scoring = copy.deepcopy(lesson("scoring").to_dict())
    exercise = copy.deepcopy(next(e for e in scoring["exercises"] if e["kind"] == "count-score"
                                  and "count" in e["data"]))
    exercise["data"] = {"count": {"melds": [], "in_hand": "JK 9S 4C"}}
    exercise["solution"] = "-45" if exercise["data"].get("mode") != "total" else -45
    exercise["wrong_answers"] = [["45", None]]
    from lessons.curriculum.model import Exercise

    try:
        made = Exercise.from_dict(exercise)
    except CurriculumError as err:          # the line count of this hand: ask the engine
        pytest.fail(f"the exercise of no melds could not be made: {err}")
    markup = "".join(child.value for child in answer_view(made, "en").widget.children if hasattr(child, "value"))
    heading = text_of(markup)
    assert "The side's melds No melds yet." in heading
