"""The Play table keeps its hand (issue 30): the hand in progress is part of the learner's record, in the
engine's save format, bounded and checked like the rest of it; it comes back after a reload or on the next
visit, a damaged one is said in words and a fresh hand dealt; "New hand" asks before throwing a hand in
progress away; and the home page of a finished course says so and points to the Play table."""

from __future__ import annotations

import json

import pytest

import burraco_core as bc
from lessons.curriculum import model
from lessons.learner.classwork import class_copy
from lessons.learner.filestore import FileStore
from lessons.learner.progress import MAX_HAND, MAX_TEXT, Progress, ProgressError
from lessons.learner.store import ProgressKeeper
from lessons.widgets.table import PlayTable


def _keeper(tmp_path=None) -> ProgressKeeper:
    store = FileStore(tmp_path / "progress.json") if tmp_path is not None else False
    return ProgressKeeper(file_store=store, link=False)


def _played(keeper: ProgressKeeper, seed: int = 11) -> PlayTable:
    """A table of four on the learner's record, two turns of the learner's played."""
    table = PlayTable(players=4, seed=seed, pace=0, keeper=keeper)
    for _ in range(2):
        table.draw.click()
        table.hand.selected = [0]
        table.discard.click()
    assert table.game.current_player == 0 and not table.game.is_over
    return table


# ---------------------------------------------------------------- the record
def test_a_hand_in_the_record_goes_through_json_merges_and_resets_and_not_to_the_class():
    game = bc.Game.new("classic", 4, seed=5)
    game.apply("draw")
    p = Progress()
    assert "hand" not in json.loads(p.to_json())              # a record that never held one reads as before
    p.hand = game.to_json()
    again = Progress.from_json(p.to_json())
    assert again == p and again.hand == game.to_json()
    assert bc.Game.from_json(again.hand).to_json() == game.to_json()
    older = Progress.from_json(p.to_json())
    game.apply(f"discard {game.hands[0][0].code}")
    p.hand = game.to_json()
    assert older.merge(p).hand == p.merge(older).hand == game.to_json()   # the one set last
    p.reset()
    assert p.hand == game.to_json()                           # not a result: a reset keeps it
    assert "hand" not in class_copy(p).to_json()              # never sent to the class service
    p.hand = None
    assert Progress.from_json(p.to_json()).hand is None


def test_a_record_holding_only_a_hand_in_progress_is_not_empty(tmp_path):
    """An empty record is neither kept in the browser nor written: a hand alone must count (issue 30)."""
    p = Progress()
    assert p.is_empty()
    p.hand = bc.Game.new("classic", 4, seed=5).to_json()
    assert not p.is_empty() and not Progress.from_json(p.to_json()).is_empty()
    assert p.without_hand().is_empty()                        # what the class is sent: nothing else in it
    p.hand = None
    assert p.is_empty()
    store = FileStore(tmp_path / "progress.json")
    held = Progress()
    held.hand = bc.Game.new("classic", 4, seed=6).to_json()
    store.save(held)
    keeper = ProgressKeeper(file_store=store, link=False)
    assert keeper.progress.hand == held.hand and not keeper.progress.is_empty()


@pytest.mark.parametrize("hand", [12, ["x"], {"format": "burraco-tutor/game"}, "x" * (MAX_HAND + 1), "\ud800"])
def test_a_hand_of_the_wrong_form_is_refused_by_the_record_with_a_named_field(hand):
    body = json.loads(Progress().to_json()) | {"hand": hand, "hand_at": 1.0}
    with pytest.raises(ProgressError) as caught:
        Progress.from_json(json.dumps(body))
    assert caught.value.key == "bad-field" and "hand" in str(caught.value) and "saved hand" in str(caught.value)
    with pytest.raises(ProgressError):
        Progress().hand = hand                                # the same check when it is set
    body = json.loads(Progress().to_json()) | {"hand": None}  # one field without the other
    with pytest.raises(ProgressError):
        Progress.from_json(json.dumps(body))


def test_the_largest_record_with_the_largest_hand_stays_under_the_bound():
    from tests.test_progress_bounds import _largest

    p = _largest(0)
    p.hand = "\u0001" * MAX_HAND                              # each character written as \u0001: six
    text = p.to_json()
    assert len(text) < MAX_TEXT and Progress.from_json(text).hand == p.hand


# ---------------------------------------------------------------- the table
def test_the_hand_in_progress_comes_back_on_a_new_page_and_on_the_next_visit(tmp_path):
    keeper = _keeper(tmp_path)
    table = _played(keeper)
    saved = table.game.to_json()
    assert keeper.progress.hand == saved
    hand, log = list(table.game.hands[0]), table.events

    again = PlayTable(players=4, pace=0, keeper=keeper)       # a reload: the page is built again
    assert again.game.to_json() == saved and list(again.game.hands[0]) == hand
    assert again.events == log and again.session.deal == 11 and "deal 11" in again.table.view.value
    assert "Your hand in progress is back" in again.message.value
    assert again.undo.disabled is False                       # the learner's moves can still be taken back
    again.undo.click()
    assert keeper.progress.hand == again.game.to_json() != saved

    later = PlayTable(players=2, pace=0, keeper=_keeper(tmp_path))   # the next visit: another kernel, the file
    assert later.game.to_json() == again.game.to_json() and later.game.players == 4
    assert later.player_count.value == 4


def test_a_hand_that_arrives_later_is_taken_up_until_the_learner_plays():
    keeper = _keeper()
    saved = _played(keeper, seed=23).game.to_json()
    browser = Progress.from_json(keeper.progress.to_json())    # the browser's copy, read after the page is drawn
    fresh = _keeper()
    table = PlayTable(players=4, pace=0, keeper=fresh)
    assert table.game.to_json() != saved
    fresh._from_browser(browser)
    assert table.game.to_json() == saved and "is back" in table.message.value
    other = PlayTable(players=4, pace=0, keeper=_keeper())
    other.draw.click()                                          # the learner plays here first: this hand stays
    mine = other.game.to_json()
    other.kept.keeper._from_browser(browser)
    assert other.game.to_json() == mine


@pytest.mark.parametrize("damage", ["not json at all", "changed", "other format", "too many players"])
def test_a_damaged_hand_is_said_in_words_and_a_fresh_hand_dealt(damage, caplog):
    game = bc.Game.new("classic", 4, seed=3)
    game.apply("draw")
    text = game.to_json()
    if damage == "not json at all":
        text = "{the hand"
    elif damage == "changed":
        text = text.replace('"seed": 3', '"seed": 4')
    elif damage == "other format":
        text = json.dumps({"format": "something-else"})
    else:
        body = json.loads(text)
        body["players"] = 3
        text = json.dumps(body)
    keeper = _keeper()
    keeper.progress.hand = text
    table = PlayTable(players=4, pace=0, keeper=keeper)         # never a traceback
    said = table.message.value
    assert "could not be read back, so a new hand is dealt" in said and "Traceback" not in said
    assert table.game.history_size == 0 or not any(e.human for e in table.session.events)
    assert keeper.progress.hand == table.game.to_json()          # the fresh hand replaces it: said once
    assert "is back" not in PlayTable(players=4, pace=0, keeper=keeper).message.value


def test_a_damaged_hand_is_said_in_the_learners_language():
    keeper = _keeper()
    keeper.progress.hand = "{"
    table = PlayTable(players=4, pace=0, keeper=keeper, lang="it")
    assert "Non è stato possibile rileggere la smazzata salvata" in table.message.value


def test_new_hand_asks_before_throwing_a_hand_in_progress_away():
    keeper = _keeper()
    table = _played(keeper)
    before = table.game.to_json()
    table.new_hand.click()
    assert table.game.to_json() == before                       # nothing thrown away yet
    assert table.ask_row.layout.display != "none"
    assert "Abandon the hand in progress?" in table.ask_row.children[0].value
    table.play_on.click()
    assert table.game.to_json() == before and table.ask_row.layout.display == "none"
    assert "You play on" in table.message.value
    table.new_hand.click()
    table.deal_anyway.click()
    assert table.game.to_json() != before and not any(e.human for e in table.session.events)
    assert "A new hand is dealt" in table.message.value and table.ask_row.layout.display == "none"
    assert keeper.progress.hand == table.game.to_json()         # the new hand is the one kept now
    table.new_hand.click()                                      # nothing played in it yet: dealt at once
    assert table.ask_row.layout.display == "none" and keeper.progress.hand == table.game.to_json()


def test_a_finished_hand_is_thrown_away_without_asking():
    from burraco_core.bots import GreedyBot

    table = PlayTable(players=2, seed=7, pace=0)
    bot = GreedyBot(99)
    for _ in range(400):
        if table.game.is_over:
            break
        table.session.play(bot.choose(table.game))
        table.session.run_bots()
    assert table.game.is_over
    table.new_hand.click()
    assert table.ask_row.layout.display == "none" and not table.game.is_over


# ---------------------------------------------------------------- the home page
def test_a_finished_course_is_said_on_the_home_page_with_the_way_to_the_play_table(monkeypatch):
    from lessons.learner import store
    from lessons.widgets import settings
    from lessons.widgets.home import HomePage

    monkeypatch.setattr(store, "_SHARED", _keeper())
    monkeypatch.setattr(settings, "_SHARED", None)
    keeper = store._SHARED
    found = tuple(model.all_lessons())
    for lesson in found:
        for exercise in lesson.exercises:
            keeper.progress.record(exercise.id, correct=True, hints=0, retries=0, solution_shown=False)
    last = found[-1]
    keeper.set_resume(last.key, len(last.exercises))           # where the learner stopped: the end of lesson 13
    body = HomePage().body.value
    assert "You have finished the course" in body
    assert f"Continue with lesson {last.number}" not in body
    assert 'class="bt-continue bt-play-on"' in body and "play" in body.split("bt-play-on")[1].split(">")[0]


def test_the_browser_copy_with_a_hand_is_sealed_and_a_planted_hand_set_aside(monkeypatch):
    from lessons.learner.store import BrowserStore
    from tests.test_progress_bounds import _page_sends

    store = BrowserStore(owner="a" * 32)
    monkeypatch.setattr(store, "send", lambda message: None)
    game = bc.Game.new("classic", 4, seed=5)
    game.apply("draw")
    mine = Progress()
    mine.hand = game.to_json()
    store.save(mine)
    assert '"hand"' in store.saved and store.owner == store.seal(store.saved)   # the seal covers the hand too
    planted = Progress.from_json(store.saved)
    planted.hand = bc.Game.new("classic", 4, seed=6).to_json()   # another hand beside the learner's seal
    _page_sends(store, planted.to_json(), store.owner)
    assert store.progress.hand == game.to_json() and store.problem.key == "progress.notice.browser-other"
