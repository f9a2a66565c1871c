"""The pupil's side of a live class, as widgets (no browser, no hub): the home page's "Set by your teacher"
box and the page to do the work, from what a class service answers (made by the service's own code on
a real database); and nothing of it where there is no class service.
"""

from __future__ import annotations

import html
import time

import pytest

import lessons
import lessons.learner.store as store
import lessons.widgets.settings as settings
from lessons.learner.classlink import ClassReply, class_link
from lessons.learner.classwork import Assignment
from lessons.learner.progress import Progress
from lessons.teachers.live import class_feed
from lessons.teachers.service.app import ClassService
from lessons.teachers.service.database import ClassStore
from lessons.widgets.assigned import AssignedPage, assigned_html
from lessons.widgets.home import HomePage

FIRST, SECOND = lessons.LESSONS[0], lessons.LESSONS[1]


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(store, "_SHARED", store.ProgressKeeper(file_store=False, link=False))
    monkeypatch.setattr(settings, "_SHARED", None)
    return store._SHARED


@pytest.fixture
def service(tmp_path):
    from jupyterhub.services.auth import HubOAuth

    kept = ClassStore(str(tmp_path / "class.sqlite"))
    # the hub is not asked here: only the answers are made (HubOAuth is given what it would read from the hub)
    yield ClassService(kept, auth=HubOAuth(api_token="unused", api_url="http://127.0.0.1:9/hub/api"))
    kept.close()


def reply_for(service: ClassService, name: str, progress: Progress) -> ClassReply:
    """What the service answers ``name`` after their copy arrives, read as the pupil's link reads it."""
    record = service.store.save(name, progress)
    return ClassReply.from_body(service.pupil_answer(name, record, False))


def set_work(service: ClassService) -> None:
    service.store.assign(Assignment.from_body({"kind": "lessons", "lessons": [SECOND.key], "due": "2031-03-08"}),
                         "rossi")
    service.store.assign(Assignment.from_body({"kind": "worksheet", "sheet": {"number": 7, "count": 3}}), "rossi")
    service.store.assign(Assignment.from_body({"kind": "practice", "rules": ["meld.not-a-meld"]}), "rossi")


def test_the_box_lists_the_work_with_how_far_the_pupil_is(service):
    set_work(service)
    progress = Progress()
    for exercise in SECOND.exercises[:3]:
        progress.record(exercise.id, correct=True, hints=0, retries=0, solution_shown=False)
    reply = reply_for(service, "alice", progress)
    page = assigned_html(reply, progress, "en")
    assert page.index("Set by your teacher") < page.index(SECOND.title("en"))
    assert f"Done: 3 of {len(SECOND.exercises)}" in page and "by 8 March 2031" in page
    assert f'href="{SECOND.number:02d}-{SECOND.key}.ipynb"' in page          # a lesson: its own page
    assert page.count('href="assigned.ipynb"') == 2                          # a sheet, practice: the work page
    assert "Worksheet no. 7 (3 exercises)" in page
    italian = html.unescape(assigned_html(reply, progress, "it"))
    assert "Compiti assegnati dall'insegnante" in italian and "entro l'8 marzo 2031" in italian
    spanish = assigned_html(reply, progress, "es")
    assert "Tareas de tu docente" in spanish and "para el 8 de marzo de 2031" in spanish
    for exercise in SECOND.exercises[3:]:
        progress.record(exercise.id, correct=True, hints=1, retries=0, solution_shown=False)
    assert 'data-kind="lessons" data-done="1"' in assigned_html(reply, progress, "en")   # counted as the pupil works


def test_no_class_no_box(fresh):
    assert assigned_html(None, Progress(), "en") == ""
    home = HomePage()
    assert home.assigned.value == "" and fresh.link is None and fresh.class_reply is None


def test_the_home_page_shows_the_work_first_when_the_class_answers(service, fresh):
    set_work(service)
    home = HomePage()
    assert home.assigned.value == ""
    fresh._from_class(reply_for(service, "alice", Progress()))        # the link's answer, on the kernel's thread
    assert "Set by your teacher" in home.assigned.value
    children = list(home.children)
    assert children.index(home.assigned) < children.index(home.body)


def test_the_class_copy_is_merged_into_the_pupils_progress(service, fresh):
    service.store.save("alice", _solved(FIRST.exercises[1].id))        # done in another browser
    fresh.record(FIRST.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)
    reply = reply_for(service, "alice", fresh.progress)
    fresh._from_class(reply)
    assert fresh.progress.solved(FIRST.exercises[0].id) and fresh.progress.solved(FIRST.exercises[1].id)


def test_the_work_page_shows_a_worksheet_and_practice(service, fresh):
    set_work(service)
    fresh._from_class(reply_for(service, "alice", Progress()))
    page = AssignedPage(lang="en")
    buttons = [child for child in page.list.children if hasattr(child, "on_click")]
    assert [b.description for b in buttons] == ["Do it: Worksheet no. 7 (3 exercises)",
                                                 "Do it: Practice on 1 rule the class misses most"]
    buttons[0].click()
    [sheet] = page.work.children
    assert [ex.id for ex in sheet.lesson.exercises] == ["gen.judge-meld.7", "gen.stands-for.8", "gen.attach.9"]
    buttons[1].click()
    [practice] = page.work.children
    assert practice.session.wanted == ("meld.not-a-meld",)
    # issue 33: the practice speaks through the page's one live region, its boxes have none of their own
    assert practice.voice is page.voice and page.voice in page.children
    practice.check_button.click()                   # nothing answered: said by the page
    assert page.voice.said and "aria-live" not in practice.verdict_html.value


def test_without_a_class_the_work_page_says_where_work_comes_from(fresh):
    page = AssignedPage(lang="es")
    assert "servicio de la clase" in page.list.children[0].value
    # issue 33: <html lang> in the pupil's language, the main landmark and one live region (PageVoice); the
    # note is what the page is about, no live region of its own
    assert page.voice.lang == "es" and "aria-live" not in page.list.children[0].value


def test_no_link_and_no_feed_without_the_hubs_address_and_token():
    assert class_link(environ={}) is None and class_feed(environ={}) is None
    assert class_link(environ={"BURRACO_CLASS_URL": "http://127.0.0.1:9/"}) is None          # no token
    assert class_link(environ={"JUPYTERHUB_API_TOKEN": "t"}) is None                          # no address
    link = class_link(environ={"BURRACO_CLASS_URL": "http://127.0.0.1:9/s", "JUPYTERHUB_API_TOKEN": "t"})
    assert link is not None and link.client.url == "http://127.0.0.1:9/s/"


def _solved(*ids: str) -> Progress:
    progress = Progress()
    for exercise_id in ids:
        progress.record(exercise_id, correct=True, hints=0, retries=0, solution_shown=False)
    return progress


def test_work_this_tutorial_cannot_read_is_left_out_not_fatal(service):
    set_work(service)
    answer = service.pupil_answer("alice", service.store.save("alice", Progress()), False)
    answer["assignments"].append({"id": 99, "kind": "lessons", "lessons": ["a-lesson-of-a-newer-version"],
                                  "set_at": 1.0, "due": None, "steps": [0, 5], "done": False})
    reply = ClassReply.from_body(answer)
    assert [a.kind for a in reply.assignments] == ["lessons", "worksheet", "practice"]
    assert reply.steps[reply.assignments[0].id] == (0, len(SECOND.exercises))


def test_an_answer_cut_short_is_no_answer_not_a_dead_link():
    """http.client's IncompleteRead is no OSError: it is said as 'no answer', and the sender keeps going."""
    import socket
    import threading

    from lessons.learner.classlink import ServiceClient, ServiceError

    server = socket.create_server(("127.0.0.1", 0))

    def answer_half() -> None:
        conn, _ = server.accept()
        conn.recv(65536)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"na")
        conn.close()

    threading.Thread(target=answer_half, daemon=True).start()
    client = ServiceClient(f"http://127.0.0.1:{server.getsockname()[1]}/services/burraco-class/", "t", timeout=5)
    with pytest.raises(ServiceError) as err:
        client.request("GET", "api/me")
    server.close()
    assert err.value.status == 0


def test_a_class_answer_with_junk_numbers_leaves_the_teachers_feed_running():
    from lessons.learner.classlink import ServiceError
    from lessons.teachers.live import ClassFeed

    answers = [{"assignments": [], "now": "soon"}, {"assignments": [], "pupils": {}, "now": 5.0}]

    class Client:
        def request(self, method, path, body=None):
            if not answers:
                raise ServiceError(0, "service.no-answer")
            return answers.pop(0)

    feed = ClassFeed(Client(), interval=0.05)    # type: ignore[arg-type]
    feed.start()
    try:
        assert feed.wait_for_answer(0, timeout=5)
        assert feed.live is not None and feed.live.now == 5.0     # the junk one was said, the next one read
    finally:
        feed.close()


def test_a_copy_refused_as_too_fast_is_sent_again_not_given_up():
    from lessons.learner.classlink import ClassLink, ServiceError

    sent: list[bytes] = []

    class Client:
        def request(self, method, path, body=None, *, raw=None):
            if raw is not None:
                sent.append(raw)
                if len(sent) == 1:          # the service's rate limit: wait and send again
                    raise ServiceError(429, "service.too-fast")
            return {"name": "alice", "progress": None, "assignments": [], "teacher": False}

    progress = Progress()
    progress.record(FIRST.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)
    link = ClassLink(Client(), retry=(0.05,), poll=60)     # type: ignore[arg-type]
    try:
        link.push(progress)
        deadline = time.monotonic() + 10
        while link.sent < 1 and time.monotonic() < deadline:
            link.wait(1)
        assert link.sent == 1 and link.state != "refused" and len(sent) == 2 and sent[0] == sent[1]
    finally:
        link.close()
