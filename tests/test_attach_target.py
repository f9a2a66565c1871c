"""The play table's "to" menu (issue 30): the meld the selected cards go to is the engine's answer, never one the
table picked by itself; several melds take the cards, the learner is asked; a wild that would make a clean burraco
dirty is said before the move. And lesson 9's exercise where that happened no longer calls it "Correct ★★★".
"""

from __future__ import annotations

import html
import re

import burraco_core as bc
import lessons
from burraco_core.bots import GreedyBot
from burraco_core.session import HandSession
from lessons.learner.progress import Progress
from lessons.widgets.attach_target import aim, fitting, spoils
from lessons.widgets.lesson import LessonWidget
from lessons.widgets.table import PlayTable


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def last_discard_table(lang: str = "en") -> PlayTable:
    """Lesson 9's third exercise at the table: the joker and 6♥ in hand, 3♥ 4♥ 5♥ and a clean burraco of clubs."""
    exercise = lessons.get_lesson("closing").exercise("closing.last-discard")
    game = bc.Game.setup(exercise.rules, **exercise.prepared.position)
    return PlayTable(session=HandSession(game, [None, GreedyBot(5)], human=0), pace=0, settings=False,
                     hints=False, computer_moves=False, lang=lang)


def aces_and_jacks() -> PlayTable:
    """A Play-page table where the group of jacks was laid down last and A♥ fits only the group of aces."""
    game = bc.Game.setup("classic", hands=["AH 9S 4D", "3C 5C 7C 9C JC KC"],
                         melds=[["AS AD AC", "JC JD JS"], []], phase="play", seed=3)
    return PlayTable(session=HandSession(game, [None, GreedyBot(5)], human=0), pace=0)


# -- the engine's answer -----------------------------------------------------------------------------------------
def test_the_melds_the_cards_fit_are_the_engines():
    melds = [bc.Meld.parse("3H 4H 5H", "classic"), bc.Meld.parse("7C 8C 9C 10C JC QC KC", "classic")]
    assert fitting(melds, bc.parse_cards("6H")) == [0]
    assert fitting(melds, bc.parse_cards("JK")) == [0, 1]
    assert fitting(melds, bc.parse_cards("9S")) == [] and fitting(melds, ()) == []
    assert aim(melds, bc.parse_cards("6H"), None) == 0
    assert aim(melds, bc.parse_cards("JK"), None) is None           # several: the learner is asked
    assert aim(melds, bc.parse_cards("JK"), 1) == 1                 # ... and their own choice stands
    assert aim(melds, bc.parse_cards("6H"), 1) == 0                 # a choice the cards do not fit gives way
    assert aim(melds, bc.parse_cards("9S"), 1) == 1                 # fits none: the engine will say why
    dirty = spoils(melds[1], bc.parse_cards("JK"))
    assert dirty is not None and (melds[1].burraco, dirty.burraco) == ("clean", "dirty")
    assert spoils(melds[1], bc.parse_cards("6C")) is None and spoils(melds[0], bc.parse_cards("JK")) is None


# -- the table ----------------------------------------------------------------------------------------------------
def test_one_meld_fits_it_is_the_target_not_the_last_meld_laid():
    table = aces_and_jacks()
    assert table.attach_to.value is None                            # nothing selected: nothing chosen for them
    hinted = [h for h in table.session.hints(3) if isinstance(h.action, bc.Attach)]
    assert hinted and hinted[0].action == bc.Attach(0, bc.parse_cards("AH"))
    table.hand.select("AH")                                         # follow the hint: select A♥...
    assert table.attach_to.value == 0                               # ... the group of aces, not the jacks
    table.attach.click()                                            # ... and attach
    assert "Not allowed" not in table.message.value, table.message.value
    assert sorted(c.code for c in table.game.melds[0][0].cards) == ["AC", "AD", "AH", "AS"]


def test_several_melds_fit_the_learner_is_asked():
    table = last_discard_table()
    table.hand.select("JK")
    assert table.attach_to.value is None                            # not the burraco, not 3♥ 4♥ 5♥: asked
    assert "Which meld?" in text_of(table.attach_note.value)
    assert "more than one of your melds" in text_of(table.attach_note.value)
    table.attach.click()                                            # no meld chosen: nothing is played
    assert "Which meld?" in text_of(table.message.value)
    assert sorted(c.code for c in table.hand.cards) == ["6H", "JK"]
    table.hand.select("6H")                                         # one meld fits: it is chosen, no question
    assert table.attach_to.value == 0 and table.attach_note.value == ""


def test_a_wild_on_a_clean_burraco_is_said_before_the_move():
    table = last_discard_table()
    table.hand.select("JK")
    table.attach_to.value = 1                                       # the learner chooses the burraco
    note = text_of(table.attach_note.value)
    assert "Careful" in note and "dirty burraco" in note and "from 200 to 100" in note
    table.attach_to.value = 0                                       # another meld: nothing to warn of
    assert table.attach_note.value == ""
    table.attach.click()
    assert table.game.melds[0][1].burraco == "clean"
    assert [c.code for c in table.hand.cards] == ["6H"]


def test_the_warning_in_every_language():
    for lang, word in (("it", "sporco"), ("es", "sucia"), ("pt", "suja")):
        table = last_discard_table(lang)
        table.hand.select("JK")
        assert table.attach_to.value is None and table.attach_note.value
        table.attach_to.value = 1
        assert word in text_of(table.attach_note.value) and "200" in text_of(table.attach_note.value)


def test_a_choice_of_meld_is_for_one_move():
    table = aces_and_jacks()
    table.attach_to.value = 1                                       # chosen before the cards (the jacks)
    table.hand.select("9S")                                         # fits nothing: the choice stays, the engine says why
    assert table.attach_to.value == 1
    table.attach.click()
    assert "Not allowed" in table.message.value and "jacks" in text_of(table.message.value)
    table.hand.select("AH")                                         # fits the aces only: the menu follows the cards
    assert table.attach_to.value == 0
    table.attach.click()
    table.hand.select("4D")
    assert table.attach_to.value is None                            # played: the old choice is gone


# -- lesson 9, exercise 3 -------------------------------------------------------------------------------------------
def test_making_the_clean_burraco_dirty_is_not_correct_in_lesson_9():
    exercise = lessons.get_lesson("closing").exercise("closing.last-discard")
    widget = LessonWidget(lessons.get_lesson("closing"), progress=Progress())
    widget.start_button.click()
    widget.session.go([e.id for e in widget.lesson.exercises].index(exercise.id))
    widget._render()
    table = widget.view.table
    table.hand.select("JK")
    table.attach_to.value = 1                                       # onto the burraco, told it turns dirty
    table.attach.click()
    table.hand.select("6H")
    table.discard.click()
    assert table.session.is_over                                    # closed...
    widget.check_button.click()
    shown = text_of(widget.verdict_html.value)
    assert "Correct!" not in shown and "★★★" not in shown           # ... but not correct
    assert "should stay a clean burraco" in shown and "a dirty burraco, worth 100" in shown
    verdict = exercise.check("attach 0 JK; discard 6H")
    assert verdict.status == "correct"
