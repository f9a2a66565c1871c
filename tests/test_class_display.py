"""The teacher's pages never fail because of one pupil, and show every name as it is (no hub here: the
service's page from a real database, the teacher's widget from a class service's answer, a fake feed).

A record that cannot be read, a rule id this version does not know, numbers no pupil reaches: each is
said in that pupil's row, and every other pupil is drawn as ever. A name with U+202E or U+200B is
isolated (``<bdi>``) and its invisible characters written out.
"""

from __future__ import annotations

import html
import json
import time

import pytest
import sqlalchemy as sa

import lessons
import lessons.learner.store as store
from lessons.learner.classlink import ServiceError
from lessons.learner.progress import Progress
from lessons.teachers.class_html import missed_html, stars_html, stuck_html, visible, work_html
from lessons.teachers.classroom import ClassSummary
from lessons.teachers.live import ClassFeed, LiveClass
from lessons.teachers.service.database import ClassStore
from lessons.teachers.service.page import service_page

FIRST = lessons.LESSONS[0]
EX = FIRST.exercises[0].id
RLO, ZWSP = "\u202e", "\u200b"


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(store, "_SHARED", store.ProgressKeeper(file_store=False, link=False))


def missed(rule: str, times: int = 1) -> Progress:
    progress = Progress()
    for _ in range(times):
        progress.record(EX, correct=False, hints=0, retries=0, solution_shown=False, rule=rule)
    return progress


def entry(progress: Progress | dict, **more) -> dict:
    body = progress.to_body() if isinstance(progress, Progress) else progress
    return {"progress": body, "activity": {}, "updated": 1.0, **more}


def with_misses(misses: dict) -> dict:
    body = missed("run.gap").to_body()
    body["exercises"][EX]["misses"] = misses
    return body


def rows(page: str) -> dict[str, str]:
    """pupil -> the text of their row in the stars table."""
    found = {}
    for part in page.split("<tr data-pupil=")[1:]:
        name = html.unescape(part.split('"')[1])
        found[name] = html.unescape(part.split("</tr>")[0])
    return found


# -- one pupil cannot spoil the page ------------------------------------------------------------------

def test_an_unknown_rule_is_said_to_be_one_beside_the_others():
    stuck = with_misses({"zz.fake": 2})
    stuck["exercises"][EX]["attempts"] = 3
    summary = ClassSummary.from_service({"anna": entry(missed("run.gap")),
                                         "bea": entry(stuck, activity={EX: [1.0, 2.0, None]})})
    assert set(summary.pupils) == {"anna", "bea"} and not summary.unreadable
    page = html.unescape(stuck_html(summary, 10.0, "en"))
    assert 'data-pupil="bea"' in page and "a rule this version does not know (zz.fake)" in page
    assert "una regola che questa versione non conosce (zz.fake)" in html.unescape(stuck_html(summary, 10.0, "it"))
    assert "zz.fake" not in missed_html(summary, "en") and 'data-rule="run.gap"' in missed_html(summary, "en")
    table = rows(stars_html(summary, "en"))
    assert set(table) == {"anna", "bea"} and "could not be read" not in "".join(table.values())


def test_a_record_that_cannot_be_read_is_said_so_in_its_row_and_the_others_are_drawn():
    pupils = {"anna": entry(missed("run.gap")), "carl": {"progress": "not progress"},
              "dora": entry(missed("run.gap"), summary={"error": "progress.error.too-big", "message": "too big"}),
              "ezra": entry(missed("wild.bound"))}
    summary = ClassSummary.from_service(pupils)
    assert set(summary.pupils) == {"anna", "ezra"} and set(summary.unreadable) == {"carl", "dora"}
    table = rows(stars_html(summary, "en"))
    assert set(table) == {"anna", "carl", "dora", "ezra"}
    assert "This pupil's record could not be read: This is not progress saved by Burraco Tutor." in table["carl"]
    assert "This pupil's record could not be read: the class service could not read it (too big)" in table["dora"]
    assert "could not be read" not in table["anna"] + table["ezra"]
    assert "Non è stato possibile leggere i dati di questo allievo" in stars_html(summary, "it")
    assert 'data-rule="run.gap" data-pupils="1"' in missed_html(summary, "en")


def test_numbers_no_pupil_reaches_are_not_believed_nor_summed():
    summary = ClassSummary.from_service({"anna": entry(missed("run.gap")),
                                         "huge": entry(with_misses({"run.gap": 10 ** 7}))})
    table = rows(stars_html(summary, "en"))
    assert set(table) == {"anna", "huge"} and "could not be read" not in table["anna"]
    assert "could not be read" in table["huge"] or "huge" in summary.pupils      # refused, or bounded at read
    missed_table = missed_html(summary, "en")
    assert 'data-rule="run.gap"' in missed_table and str(10 ** 7) not in missed_table


def test_a_row_that_fails_to_draw_is_said_so_and_the_others_are_drawn(monkeypatch):
    summary = ClassSummary(pupils={"anna": missed("run.gap"), "bad": missed("run.gap")})
    real = Progress.total_stars

    def broken(self, ids=None):
        if self is summary.pupils["bad"]:
            raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")
        return real(self, ids)

    monkeypatch.setattr(Progress, "total_stars", broken)
    table = rows(stars_html(summary, "en"))
    assert "could not be read" in table["bad"] and "could not be read" not in table["anna"]


def test_the_service_page_draws_every_pupil_when_one_record_is_broken(tmp_path):
    kept = ClassStore(str(tmp_path / "class.sqlite"))
    try:
        kept.save("anna", missed("run.gap"))
        kept.save("ben", missed("wild.bound"))
        kept.save("zed", Progress())
        with kept.engine.begin() as db:         # a record kept unreadable (written by hand, an old bug...)
            db.execute(sa.text("UPDATE burraco_pupils SET progress = '{broken', view_progress = '{broken' "
                               "WHERE name = 'zed'"))
        page = service_page(kept, "rossi", True, "en")
    finally:
        kept.close()
    table = rows(page)
    assert set(table) >= {"anna", "ben", "zed"}
    assert "This pupil's record could not be read: what the class service keeps for this pupil is damaged." \
        in html.unescape(table["zed"])
    assert "could not be read" not in table["anna"] + table["ben"]


# -- names shown as they are ---------------------------------------------------------------------------

def test_names_are_isolated_and_their_invisible_characters_written_out():
    tricky = f"eve{RLO}kcab"
    lookalike = f"bob{ZWSP}"
    summary = ClassSummary(pupils={tricky: missed("run.gap"), lookalike: Progress(), "bob": Progress()})
    table = stars_html(summary, "en")
    assert RLO not in table and ZWSP not in table
    assert '<bdi class="bt-name" style="unicode-bidi:isolate">eve\\u202ekcab</bdi>' in table
    assert ">bob\\u200b</bdi>" in table and ">bob</bdi>" in table
    assert visible("anna") == "anna" and visible("a\tb\u2066") == "a\\u0009b\\u2066"
    from lessons.learner.classwork import Assignment

    work = work_html([(Assignment.from_body({"id": 1, "kind": "lessons", "lessons": [FIRST.key]}),
                       {tricky: (0, 3), "bob": (3, 3)})], [tricky, "bob", lookalike], "en")
    assert RLO not in work and "<bdi" in work and "eve\\u202ekcab</bdi> (0/3)" in work


def test_the_service_page_isolates_a_pupils_own_name(tmp_path):
    kept = ClassStore(str(tmp_path / "class.sqlite"))
    try:
        page = service_page(kept, f"eve{RLO}x", False, "en")
    finally:
        kept.close()
    assert RLO not in page and "eve\\u202ex" in page


# -- the teacher's widget ------------------------------------------------------------------------------

class FakeClient:
    """A class service that answers ``answers`` in turn (the last one again and again)."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.asked = 0

    def request(self, method, path, body=None):
        self.asked += 1
        answer = self.answers[0] if len(self.answers) == 1 else self.answers.pop(0)
        if isinstance(answer, ServiceError):
            raise answer
        return answer


def class_body(**pupils) -> dict:
    return {"now": 5.0, "pupils": pupils, "assignments": []}


def wait(predicate, feed, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not predicate():
        time.sleep(0.05)
        feed.deliver()
    return predicate()


def test_the_widget_draws_a_bad_record_beside_the_others():
    from lessons.teachers.widgets import ClassSummaryWidget

    client = FakeClient(class_body(anna=entry(missed("run.gap")), zed={"progress": [1, 2]},
                                   bea=entry(with_misses({"zz.fake": 2}))))
    feed = ClassFeed(client, interval=0.1)
    page = ClassSummaryWidget(lang="en", feed=feed)
    try:
        assert wait(lambda: page.live is not None, feed)
        table = rows(page.table.value)
        assert set(table) == {"anna", "bea", "zed"} and "could not be read" in table["zed"]
        assert "Live: 3 pupils" in page.live_status.value and "bt-stale" in page.live_status.value
        assert page.work.layout.display is None          # a teacher: the panel to set work is there
    finally:
        feed.close()


def test_a_pupil_never_sees_the_panel_to_set_work():
    from lessons.teachers.widgets import ClassSummaryWidget

    feed = ClassFeed(FakeClient(ServiceError(403, "service.teachers-only")), interval=0.1)
    page = ClassSummaryWidget(lang="en", feed=feed)
    try:
        assert page.work.layout.display == "none"
        assert wait(lambda: "teachers' group" in html.unescape(page.live_status.value), feed)
        assert page.work.layout.display == "none"
    finally:
        feed.close()


def test_a_hub_that_forgot_the_log_in_says_reload_the_page():
    from lessons.teachers.widgets import ClassSummaryWidget

    client = FakeClient(class_body(anna=entry(missed("run.gap"))), ServiceError(403, "service.not-identified"))
    feed = ClassFeed(client, interval=0.1)
    page = ClassSummaryWidget(lang="en", feed=feed)
    try:
        assert wait(lambda: feed.state == "expired", feed)
        assert wait(lambda: "reload the page" in page.live_status.value, feed)
        assert "Live" not in page.live_status.value
    finally:
        feed.close()


@pytest.mark.parametrize("key, words", [("service.teachers-only", "Only the teachers' group can set work"),
                                        ("service.too-fast", "wait a few seconds"),
                                        ("classwork.error.unknown-lesson", "Check what you chose")])
def test_a_refused_assignment_reads_as_what_it_is(key, words):
    from lessons.teachers.assign import AssignPanel

    feed = ClassFeed(FakeClient(class_body()), interval=60)
    feed.error = ServiceError(403 if "teachers" in key else 429 if "fast" in key else 400, key)
    panel = AssignPanel(feed, "en")
    panel.failed()
    assert words in html.unescape(panel.status.value)


def test_practice_is_never_set_on_a_rule_this_version_does_not_know():
    from lessons.teachers.assign import AssignPanel

    summary = ClassSummary(pupils={"anna": missed("run.gap")})
    summary.pupils["bea"] = missed("run.gap")
    panel = AssignPanel(ClassFeed(FakeClient(class_body()), interval=60), "en")
    panel.show(LiveClass(summary))
    assert panel.practice_rules() == ("run.gap",)


def test_the_feed_stops_asking_when_the_page_is_gone_and_starts_again_when_it_is_back():
    client = FakeClient(class_body(anna=entry(missed("run.gap"))))
    feed = ClassFeed(client, interval=0.05, stale=0.5)
    feed.start()
    try:
        assert feed.wait_for_answer(0, 5)
        assert wait(lambda: feed.state == "paused", feed, 5)
        asked = client.asked
        time.sleep(0.5)
        assert client.asked == asked                  # nobody looks: nothing asked
        feed.alive()                                  # the page's heartbeat
        assert wait(lambda: client.asked > asked and feed.state == "live", feed, 5)
    finally:
        feed.close()


def test_a_page_that_beats_keeps_the_feed_asking():
    from lessons.teachers.widgets import ClassSummaryWidget

    client = FakeClient(class_body(anna=entry(missed("run.gap"))))
    feed = ClassFeed(client, interval=0.05, stale=0.4)
    page = ClassSummaryWidget(lang="en", feed=feed)
    try:
        assert page.beat is not None and not page.beat.playing
        assert wait(lambda: page.live is not None, feed)
        assert page.beat.playing                                    # asked to tick once the class arrived
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            page.beat.value += 1                                    # what the browser's Play sends
            time.sleep(0.1)
            feed.deliver()
        assert feed.state == "live"
        asked = client.asked
        assert wait(lambda: feed.state == "paused", feed, 5)        # the ticks stopped: the tab died
        time.sleep(0.3)
        assert client.asked - asked <= 12
        assert "not seen for a while" in page.live_status.value
    finally:
        feed.close()


def test_a_class_answer_is_read_pupil_by_pupil():
    live = LiveClass.from_body(json.loads(json.dumps(class_body(anna=entry(missed("run.gap")), bad="junk"))))
    assert set(live.summary.pupils) == {"anna"} and set(live.summary.unreadable) == {"bad"}


def test_a_pupils_own_page_says_their_record_could_not_be_read(tmp_path):
    kept = ClassStore(str(tmp_path / "class.sqlite"))
    try:
        kept.save("zed", missed("run.gap"))
        with kept.engine.begin() as db:
            db.execute(sa.text("UPDATE burraco_pupils SET progress = '[1]' WHERE name = 'zed'"))
        page = html.unescape(service_page(kept, "zed", False, "en"))
        fine = html.unescape(service_page(kept, "anna", False, "en"))
    finally:
        kept.close()
    assert "This pupil's record could not be read" in page and "Hello" in page
    assert "0 stars so far" in fine


def test_every_answer_redraws_the_live_line_even_when_the_class_is_the_same():
    from lessons.teachers.widgets import ClassSummaryWidget

    feed = ClassFeed(FakeClient({"now": 5.0, "pupils": {}, "assignments": []}), interval=0.05)
    page = ClassSummaryWidget(lang="en", feed=feed)
    try:
        assert feed.wait_for_answer(0, 5)
        first = page.live_status.value
        assert feed.wait_for_answer(feed.answers, 5)
        assert page.live_status.value != first and "Live: 0 pupils" in page.live_status.value
    finally:
        feed.close()


def test_an_uploaded_files_name_is_shown_with_its_invisible_characters_written_out():
    summary = ClassSummary()
    assert not summary.add(f"eve{RLO}nosj.json", "not progress")
    [said] = summary.bad_files.values()
    assert RLO not in said.text("en") and "eve\\u202enosj.json was not counted" in said.text("en")
