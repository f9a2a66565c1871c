"""What one click sends to the page: the widget messages (comm) a lesson's Check costs.

Counts, not times: a message is a round of work for the kernel, the network and the
browser alike, whatever the machine's load. A Check updates the verdict, the exercise's
button in the star strip, the total and the browser's copy of the progress: nothing is
created, and the verdict goes first.
"""

from __future__ import annotations

import json
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm

import lessons
from lessons.learner.filestore import FileStore
from lessons.learner.progress import Progress
from lessons.learner.store import ProgressKeeper
from lessons.widgets.lesson import LessonWidget


class Recorded(BaseComm):
    sent: list[tuple[str, dict[str, Any]]] = []

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                    **keys: Any) -> None:
        Recorded.sent.append((msg_type, {**(data or {}), "comm_id": self.comm_id}))


@pytest.fixture
def sent(monkeypatch):
    """The messages widgets send from now on (every widget made in the test records them)."""
    monkeypatch.setattr(comm, "create_comm", lambda *args, **kwargs: Recorded(*args, **kwargs))
    Recorded.sent = []
    return Recorded.sent


def updated(messages) -> list[str]:
    """The traits each update message carries, one string per message ("value", "description"...)."""
    return [",".join(sorted(data.get("state", {}))) for kind, data in messages if kind == "comm_msg"]


def check(widget: LessonWidget, answer, sent: list) -> list:
    widget.view.fill(answer)
    sent.clear()
    widget.check_button.click()
    return list(sent)


def test_a_check_updates_at_most_five_things_and_creates_nothing(sent, tmp_path):
    lesson = lessons.get_lesson("game")
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), key="test-key")
    widget = LessonWidget(lesson, keeper=keeper)
    widget.start_button.click()
    exercise = lesson.exercises[0]
    strip = list(widget.strip.children)
    wrong = check(widget, exercise.wrong_answers[0][0], sent)
    assert [kind for kind, _ in wrong] == ["comm_msg"] * len(wrong)         # no widget opened or closed
    assert updated(wrong) == ["value", "said", "saved"]     # the verdict, the page's live region, the browser copy
    assert wrong[0][1]["comm_id"] == widget.verdict_html.comm.comm_id                 # the verdict first
    assert wrong[0][1]["state"]["value"] == widget.verdict_html.value
    right = check(widget, exercise.solution, sent)
    assert updated(right) == ["value", "said", "description", "value", "saved"]  # verdict, voice, stars, total, browser
    assert right[0][1]["comm_id"] == widget.verdict_html.comm.comm_id and "Correct!" in widget.verdict_html.value
    assert right[2][1]["state"]["description"] == "1 ★★☆"
    assert list(widget.strip.children) == strip                             # the same buttons, updated
    again = check(widget, exercise.solution, sent)                          # solved in this visit: not recorded
    assert updated(again) in (["value", "said"], [])
    assert json.loads(keeper.widget.saved)                                  # the browser was given the progress
    assert FileStore(tmp_path / "progress.json").load().stars(exercise.id) == 2


def test_a_hint_saves_nothing_and_the_strip_follows_the_exercise(sent, tmp_path):
    lesson = lessons.get_lesson("melds")
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), key="test-key")
    widget = LessonWidget(lesson, keeper=keeper)
    widget.start_button.click()
    sent.clear()
    widget.hint_button.click()
    assert updated(sent) == ["value", "said"]           # the hints box and the live region; no progress saved
    buttons = widget.strip.children[:-1]
    widget.next_button.click()
    assert widget.strip.children[:-1] == buttons
    assert [("bt-current" in b._dom_classes) for b in buttons[:3]] == [False, True, False]
    assert [b.button_style for b in buttons[:3]] == ["", "info", ""]


def late_copy(keeper: ProgressKeeper, progress: Progress) -> None:
    """The page's localStorage copy arriving after the lesson was drawn."""
    keeper.widget.saved = progress.to_json()


def test_the_browsers_late_copy_never_rebuilds_the_exercise_on_screen(sent, tmp_path):
    lesson = lessons.get_lesson("play")
    mine = Progress()
    mine.resume = ("play", 0)                        # the page opens on the guided hand
    FileStore(tmp_path / "progress.json").save(mine)
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), key="test-key")
    widget = LessonWidget(lesson, keeper=keeper)
    view, table = widget.view, widget.view.table
    assert widget.session.phase == "exercise" and not widget.acted
    table.draw.click()                               # the learner plays (the lesson's buttons untouched)
    said = table.said
    theirs = Progress()
    theirs.record(lesson.exercises[1].id, correct=True, hints=0, retries=0, solution_shown=False)
    theirs.resume, theirs.lang = ("play", 1), "it"
    sent.clear()
    late_copy(keeper, theirs)
    assert widget.view is view and widget.body.children[0].children[2] is view.widget    # not rebuilt
    assert [kind for kind, _ in sent if kind != "comm_msg"] == []                        # nothing created
    assert widget.session.index == 0 and widget.lang == "en"                             # the learner stays
    assert widget.strip.children[1].description == "2 ★★★"                               # stars merged
    assert table.said == said and keeper.progress.stars(lesson.exercises[1].id) == 3


def test_a_late_copy_on_an_untouched_page_is_followed(sent, tmp_path):
    lesson = lessons.get_lesson("melds")
    keeper = ProgressKeeper(file_store=False, key="test-key")
    widget = LessonWidget(lesson, keeper=keeper)
    assert widget.session.phase == "intro"
    theirs = Progress()
    theirs.resume, theirs.lang = ("melds", 2), "it"
    late_copy(keeper, theirs)
    assert widget.session.index == 2 and widget.lang == "it"      # resume point and language, both
    assert "3" in widget.body.children[0].children[0].value
    view = widget.view
    widget.strip.children[2].click()                               # the exercise already open: kept as it is
    assert widget.view is view


def test_a_jump_to_the_open_exercise_keeps_its_state(tmp_path):
    widget = LessonWidget(lessons.get_lesson("play"), progress=Progress())
    widget.start_button.click()
    view = widget.view
    view.table.draw.click()
    widget.strip.children[0].click()
    assert widget.view is view and view.answer() == "draw"


def test_a_click_on_the_intro_the_page_left_changes_nothing(tmp_path):
    lesson = lessons.get_lesson("play")
    keeper = ProgressKeeper(file_store=False, key="test-key")
    widget = LessonWidget(lesson, keeper=keeper)
    theirs = Progress()
    theirs.resume = ("play", 1)
    late_copy(keeper, theirs)                        # the page moves to exercise 2 by itself...
    view = widget.view
    widget.start_button.click()                      # ...as the learner clicks the intro's Start
    assert widget.view is view and widget.session.index == 1


def test_the_guided_hand_says_its_goal_once():
    widget = LessonWidget(lessons.get_lesson("play"), progress=Progress())
    widget.start_button.click()
    view = widget.view
    assert "Goal 1 of 3" in view.goal_html.value
    assert view.table.goal.layout.display == "none"      # the play table's own goal panel stays hidden


def test_the_play_tables_hints_name_the_meld_by_its_cards():
    import burraco_core as bc
    from lessons.widgets.table import PlayTable

    exercise = lessons.get_lesson("play").exercise("play.guided-hand")
    table = PlayTable(session=exercise.prepared.extra["session"](), pace=0)
    for action in exercise.solution.split("; ")[:5]:                 # up to the attach to the first meld
        table.play(bc.parse_action(action))
    assert "attach 0 JH" in [str(hint.action) for hint in table.session.hints(3)]   # the engine's notation
    table.hint.click()
    said = table.message.value
    assert "Attach J♥ to your run of hearts 5♥ 6♥ 7♥ 8♥ 9♥ 10♥" in said and "attach 0" not in said
    assert table.attach_to.options[0][0].startswith("Meld 1:")         # what the learner picks: meld 1


# -- the hand's selection: sent by the page as a message of its own ------------------------------

def from_page(hand, content) -> None:
    """What hand.js sends when a card is clicked, as the kernel receives it."""
    hand._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def sent_traits(messages) -> set[str]:
    return {name for kind, data in messages if kind == "comm_msg" for name in data.get("state", {})}


def test_a_selection_from_the_page_is_taken_and_not_sent_back(sent):
    from lessons.widgets.table import PlayTable

    table = PlayTable(players=2, seed=7, pace=0)
    table.draw.click()
    hand = table.hand
    assert table.lay_down.disabled                              # nothing selected yet
    sent.clear()
    from_page(hand, {"selected": [2, 0, 1], "arrangement": hand.arrangement})
    assert hand.selected == [2, 0, 1]
    assert not table.lay_down.disabled                          # the table's buttons follow it
    assert "selected" not in sent_traits(sent)                  # neither echoed nor sent back: the page has it


def test_a_selection_among_cards_since_moved_is_not_taken(sent):
    from lessons.widgets.hand import Hand

    hand = Hand("5H KS 6H 2C")
    hand.selected = [1]
    chosen_in = hand.arrangement
    hand.sort_by_rank()                                         # the cards move: index 0 is another card now
    moved = list(hand.selected)
    sent.clear()
    from_page(hand, {"selected": [0], "arrangement": chosen_in})
    assert hand.selected == moved
    assert [card.code for card in hand.selected_cards] == ["KS"]
    assert "selected" in sent_traits(sent)                      # the page is shown the selection that counts


@pytest.mark.parametrize("content", [None, "0", [0], {"selected": "0"}, {"arrangement": 1}])
def test_a_malformed_message_from_the_page_changes_nothing(sent, content):
    from lessons.widgets.hand import Hand

    hand = Hand("5H 6H 7H")
    hand.selected = [1]
    from_page(hand, content)
    assert hand.selected == [1]


def test_only_cards_shown_can_be_selected_from_the_page(sent):
    from lessons.widgets.hand import Hand

    hand = Hand("5H 6H 7H")
    from_page(hand, {"selected": [5, -1, "1", True, 2, 2, 0], "arrangement": hand.arrangement})
    assert hand.selected == [2, 0]
