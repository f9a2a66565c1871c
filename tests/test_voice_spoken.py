"""What the page's live region is given to say (voice.spoken): what a screen reader would read of some HTML.
Heard with Orca (issue 33, scripts/screen_reader.sh): a right answer was said as "Giusto! … ★★ ☆ 1. 2 stelle",
the stars drawn beside the verdict read although the page hides them from screen readers (aria-hidden)."""

from __future__ import annotations

from lessons.widgets.style import GOOD, stars_html, verdict_box
from lessons.widgets.voice import spoken


def test_what_is_hidden_from_screen_readers_is_not_said():
    box = verdict_box(GOOD, "Giusto!", extra=" " + stars_html(2), role="", label="1. 2 stelle")
    said = spoken(box)
    assert "★" not in said and "☆" not in said, said
    assert said.startswith("Giusto!") and "2 stelle" in said, said


def test_hidden_marks_inside_hidden_marks_are_not_said_and_the_rest_is():
    strip = ('<span><span class="bt-strip" aria-hidden="true"><span class="bt-on">★★</span>'
             '<span class="bt-off">☆</span></span> 2 di 3</span>')
    assert spoken(strip) == "2 di 3"


def test_a_card_picture_is_said_by_its_name():
    assert spoken('Hai <svg aria-label="cinque di cuori"><title>5H</title></svg> in mano') == "Hai cinque di cuori in mano"


def test_the_attach_menu_is_named_for_a_screen_reader():
    """Its label shows "a" ("to"), a word that names nothing alone: Orca said "a combo box" (issue 33).
    A screen reader is given what the menu is for; the page still shows the short word."""
    from lessons.widgets.style import t
    from lessons.widgets.table import PlayTable

    for lang in ("en", "it", "es", "pt"):
        label = PlayTable(lang=lang, seed=1).attach_to.description
        assert spoken(label) == t("table.attach-to.name", lang), label
        assert f'<span aria-hidden="true">{t("table.attach-to", lang)}</span>' in label
        # the word shown is in the name (WCAG 2.5.3, label in name: "a" said to voice control finds the menu)
        assert t("table.attach-to", lang) in t("table.attach-to.name", lang).split(), lang


def test_a_right_answer_says_the_stars_it_earned_in_words():
    """Heard with Orca: "Giusto! … 1. 2 stelle" (the summary table's label, out of its table). Now the words
    say what was earned, "Hai ottenuto 3 stelle su 3."."""
    import lessons
    from lessons.learner.progress import Progress
    from lessons.widgets.lesson import LessonWidget
    from lessons.widgets.style import t

    widget = LessonWidget(lessons.get_lesson("melds"), lang="it", progress=Progress())
    widget.session.go(0)
    widget._render()
    widget.show_verdict(widget.session.check("5H 6H 7H"))
    earned = widget.session.earned
    assert earned, earned
    assert widget.voice.said.endswith(t("widget.summary.stars", "it", stars=earned, max=3)), widget.voice.said
    assert "★" not in widget.voice.said
