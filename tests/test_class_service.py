"""The class service behind a real JupyterHub on 127.0.0.1: who may see what, bad input, and the pupil's
and teacher's sides in Python (the keeper's link, the teacher's live page), without a browser.

Tokens are the hub's own, made through its API for pupils ``alice`` and ``bob`` and the teacher
``rossi`` (a member of the ``teachers`` group), with the scope a pupil's server token has. The service
runs beside the hub (so it can be stopped); ``test_the_hub_starts_the_service_itself`` runs it as the
hub's managed service instead, as docs/classroom.md's first set-up does.
"""

from __future__ import annotations

import json
import threading
import time

import pytest

import lessons
from lessons.learner.classlink import ClassLink, ServiceClient
from lessons.learner.filestore import FileStore
from lessons.learner.progress import Progress
from lessons.learner.store import ProgressKeeper
from lessons.teachers.live import ClassFeed
from tests.helpers import required
from tests.hub import SERVICE, call, start_class_hub

pytestmark = pytest.mark.hub

FIRST, SECOND = lessons.LESSONS[0], lessons.LESSONS[1]


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    required("jupyterhub")
    hub = start_class_hub(tmp_path_factory.mktemp("class-service"), managed=False)
    try:
        yield hub
    finally:
        hub.close()


def solved(*exercise_ids: str) -> Progress:
    progress = Progress()
    for exercise_id in exercise_ids:
        progress.record(exercise_id, correct=True, hints=0, retries=0, solution_shown=False)
    return progress


def post(hub, who: str, progress: Progress | bytes, path: str = "api/me", **kw):
    body = progress if isinstance(progress, bytes) else progress.to_json().encode()
    return call(hub.service_url + path, "POST", body, token=hub.user(who, **kw))


def everything(hub) -> tuple:
    """What the service keeps, as the teacher reads it (to prove a refused request changed nothing)."""
    status, body = call(hub.service_url + "api/class", token=hub.user("rossi", teacher=True))
    assert status == 200
    return body["pupils"], body["assignments"]


# -- who may see what ------------------------------------------------------------------------------

@pytest.mark.parametrize("method, path", [("GET", "api/me"), ("POST", "api/me"), ("GET", "api/class"),
                                          ("GET", "api/pupils/alice"), ("POST", "api/assignments"),
                                          ("DELETE", "api/assignments/1")])
def test_no_valid_token_gets_401_or_403_and_nothing_else(hub, method, path):
    post(hub, "alice", solved(FIRST.exercises[0].id))
    body = b"{}" if method == "POST" else None
    for token, expected in ((None, 401), ("not-a-token", 403), (hub.service_token, 403)):
        status, answer = call(hub.service_url + path, method, body, token=token)
        assert status == expected, (token, status, answer)
        assert set(answer) == {"error", "message"}                # nothing of anyone's record
    through_the_proxy = call(f"{hub.url}/services/{SERVICE}/{path}", method, body)
    assert through_the_proxy[0] == 401


def test_a_token_without_the_service_scope_is_refused(hub):
    hub.user("alice")
    token = hub.hub("POST", "users/alice/tokens", {"scopes": [], "note": "no service"})["token"]
    status, answer = call(hub.service_url + "api/me", token=token)
    assert status == 403 and set(answer) == {"error", "message"}


def test_a_pupil_reads_and_writes_only_their_own_record(hub):
    post(hub, "bob", solved(SECOND.exercises[0].id))
    status, mine = post(hub, "alice", solved(FIRST.exercises[0].id))
    assert status == 200 and mine["name"] == "alice" and not mine["teacher"]
    assert FIRST.exercises[0].id in mine["progress"]["exercises"]
    before = everything(hub)
    assert call(hub.service_url + "api/pupils/bob", token=hub.user("alice"))[0] == 403
    assert call(hub.service_url + "api/class", token=hub.user("alice"))[0] == 403
    forged = post(hub, "alice", solved(FIRST.exercises[1].id), path="api/pupils/bob")      # a name in the path
    assert forged[0] == 403
    sneaky = json.loads(solved(FIRST.exercises[1].id).to_json()) | {"name": "bob"}          # a name in the body
    assert post(hub, "alice", json.dumps(sneaky).encode())[0] == 400
    assert call(hub.service_url + "api/assignments", "POST", json.dumps({"kind": "lessons", "lessons": [FIRST.key]}).encode(),
                token=hub.user("alice"))[0] == 403
    assert everything(hub) == before
    status, own = call(hub.service_url + "api/pupils/alice", token=hub.user("alice"))
    assert status == 200 and own["progress"] == mine["progress"]
    status, read = call(hub.service_url + "api/pupils/bob", token=hub.user("rossi", teacher=True))
    assert status == 200 and SECOND.exercises[0].id in read["progress"]["exercises"]


def test_the_teacher_reads_the_class_and_sets_work(hub):
    post(hub, "alice", solved(*[ex.id for ex in SECOND.exercises]))
    teacher = hub.user("rossi", teacher=True)
    status, made = call(hub.service_url + "api/assignments", "POST",
                        json.dumps({"kind": "lessons", "lessons": [SECOND.key], "due": "2030-06-01"}).encode(),
                        token=teacher)
    assert status == 201 and made["id"] > 0
    pupils, work = everything(hub)
    assert {"alice", "bob"} <= set(pupils) and "rossi" not in pupils
    [ours] = [w for w in work if w["id"] == made["id"]]
    assert "alice" in ours["done_by"] and "bob" not in ours["done_by"]
    status, bob = call(hub.service_url + "api/me", token=hub.user("bob"))
    [theirs] = [w for w in bob["assignments"] if w["id"] == made["id"]]
    assert theirs["done"] is False and theirs["steps"][1] == len(SECOND.exercises)
    assert call(hub.service_url + f"api/assignments/{made['id']}", "DELETE", token=hub.user("bob"))[0] == 403
    assert call(hub.service_url + f"api/assignments/{made['id']}", "DELETE", token=teacher)[0] == 204
    assert call(hub.service_url + f"api/assignments/{made['id']}", "DELETE", token=teacher)[0] == 404


# -- bad input ------------------------------------------------------------------------------------

def _stars_out_of_range() -> bytes:
    body = solved(FIRST.exercises[0].id).to_body()
    body["exercises"][FIRST.exercises[0].id]["stars"] = 4
    return json.dumps(body).encode()


BAD_PROGRESS = {
    "malformed JSON": (b'{"format": "burraco-tutor/progress", "exercises": {', 400, "progress.error.not-json"),
    # (a body over the bound is refused on its Content-Length before it is read, so a client still sending
    # it may meet a closed connection instead of the answer: tests/test_class_door.py)
    "stars out of range": (_stars_out_of_range(), 400, "progress.error.bad-field"),
    "an unknown lesson's exercise": (solved("no-such-lesson.first").to_json().encode(), 400,
                                     "classwork.error.unknown-exercise"),
    "not progress at all": (b"[1, 2, 3]", 400, "progress.error.not-progress"),
    "NaN for a time": (solved().to_json().replace('"epoch": 0.0', '"epoch": NaN').encode(), 400,
                       "progress.error.not-json"),
}


@pytest.mark.parametrize("what", BAD_PROGRESS)
def test_bad_progress_gets_a_4xx_and_changes_nothing(hub, what):
    body, status, key = BAD_PROGRESS[what]
    post(hub, "alice", solved(FIRST.exercises[0].id))
    before = everything(hub)
    got, answer = post(hub, "alice", body)
    assert (got, answer["error"]) == (status, key)
    assert everything(hub) == before


BAD_WORK = {
    "malformed JSON": (b'{"kind": "lessons", ', "service.not-json"),
    "an unknown lesson id": (b'{"kind": "lessons", "lessons": ["no-such-lesson"]}', "classwork.error.unknown-lesson"),
    "a bad due date": (json.dumps({"kind": "lessons", "lessons": [FIRST.key], "due": "tomorrow"}).encode(), "classwork.error.bad-date"),
    "an unknown rule": (b'{"kind": "practice", "rules": ["run.gapp"]}', "classwork.error.unknown-rule"),
}


@pytest.mark.parametrize("what", BAD_WORK)
def test_bad_work_gets_a_400_and_changes_nothing(hub, what):
    body, key = BAD_WORK[what]
    before = everything(hub)
    status, answer = call(hub.service_url + "api/assignments", "POST", body, token=hub.user("rossi", teacher=True))
    assert (status, answer["error"]) == (400, key)
    assert everything(hub) == before


def test_copies_are_merged_never_replaced_by_an_older_one(hub):
    a, b = FIRST.exercises[2].id, FIRST.exercises[3].id
    post(hub, "bob", solved(a))
    older = Progress()
    older.record(a, correct=False, hints=0, retries=0, solution_shown=False, rule="meld.not-a-meld")
    status, answer = post(hub, "bob", older)
    assert status == 200 and answer["progress"]["exercises"][a]["stars"] == 3
    copies = [solved(*[ex.id for ex in FIRST.exercises[i:i + 1]]) for i in range(4, 8)] + [solved(b)]
    threads = [threading.Thread(target=post, args=(hub, "bob", copy)) for copy in copies]   # tabs posting at once
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    kept = call(hub.service_url + "api/me", token=hub.user("bob"))[1]["progress"]["exercises"]
    assert {a, b, *[ex.id for ex in FIRST.exercises[4:8]]} <= set(kept)


# -- the pupil's side: the keeper's link -------------------------------------------------------------

def test_the_keeper_sends_in_the_background_and_merges_the_class_copy(hub, tmp_path):
    token = hub.user("carla")
    post(hub, "carla", solved(SECOND.exercises[1].id))              # done on another computer
    link = ClassLink(ServiceClient(hub.service_url, token))
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), link=link)
    assert link.wait(20)
    assert keeper.progress.solved(SECOND.exercises[1].id)         # the class's copy, merged in and saved
    assert SECOND.exercises[1].id in (tmp_path / "progress.json").read_text()
    assert keeper.class_reply is not None and keeper.class_reply.name == "carla"
    started = time.monotonic()
    keeper.record(FIRST.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)
    assert time.monotonic() - started < 0.5                          # never waits for the service
    assert link.wait(20) and link.state == "sent"
    kept = call(hub.service_url + "api/me", token=token)[1]["progress"]["exercises"]
    assert FIRST.exercises[0].id in kept and SECOND.exercises[1].id in kept
    link.close()


def test_work_done_while_the_service_is_down_arrives_when_it_is_back(hub, tmp_path):
    token = hub.user("dario")
    link = ClassLink(ServiceClient(hub.service_url, token, timeout=2), retry=(0.5, 1.0))
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), link=link)
    assert link.wait(20)
    hub.stop_service()
    try:
        started = time.monotonic()
        keeper.record(FIRST.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)
        keeper.record(FIRST.exercises[1].id, correct=True, hints=1, retries=0, solution_shown=False)
        assert time.monotonic() - started < 0.5
        assert not link.wait(3) and link.state == "waiting" and link.error.status == 0
        assert FIRST.exercises[1].id in (tmp_path / "progress.json").read_text()     # kept meanwhile
    finally:
        hub.start_service()
    assert link.wait(30) and link.state == "sent"
    kept = call(hub.service_url + "api/me", token=token)[1]["progress"]["exercises"]
    assert kept[FIRST.exercises[0].id]["stars"] == 3 and kept[FIRST.exercises[1].id]["stars"] == 2
    link.close()


def test_the_work_set_arrives_while_the_pupil_waits_on_the_page(hub, tmp_path):
    link = ClassLink(ServiceClient(hub.service_url, hub.user("fabio")), poll=0.5)
    keeper = ProgressKeeper(file_store=FileStore(tmp_path / "progress.json"), link=link)
    assert link.wait(20)
    status, made = call(hub.service_url + "api/assignments", "POST",
                        json.dumps({"kind": "practice", "rules": ["run.gap"]}).encode(),
                        token=hub.user("rossi", teacher=True))
    assert status == 201
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and made["id"] not in [a.id for a in keeper.class_reply.assignments]:
        time.sleep(0.2)
        link.deliver()
    assert made["id"] in [a.id for a in keeper.class_reply.assignments]     # no answer given, no reload
    link.close()


def test_a_refused_copy_is_not_sent_again_and_again(hub):
    link = ClassLink(ServiceClient(hub.service_url, "not-a-token"), retry=(0.2,))
    link.push(solved(FIRST.exercises[0].id))
    assert link.wait(10) and link.state == "refused" and link.error.status == 403 and link.sent == 0


# -- the teacher's side: the live page ---------------------------------------------------------------

def test_the_teachers_page_follows_the_class_and_sets_work(hub):
    from lessons.teachers.widgets import ClassSummaryWidget

    feed = ClassFeed(ServiceClient(hub.service_url, hub.user("rossi", teacher=True)), interval=0.3)
    page = ClassSummaryWidget(lang="en", feed=feed)
    assert feed.wait_for_answer(0, 20)
    assert 'data-pupil="alice"' in page.table.value and "Live" in page.live_status.value
    post(hub, "erin", solved(FIRST.exercises[0].id))
    seen = feed.answers
    assert feed.wait_for_answer(seen, 20) and 'data-pupil="erin"' in page.table.value
    panel = page.work
    panel.lessons.value = (SECOND.key,)
    panel.set_button.click()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not any(a.lessons == (SECOND.key,) for a in panel.live.assignments):
        feed.wait_for_answer(feed.answers, 5)
    [made] = [a for a in panel.live.assignments if a.lessons == (SECOND.key,)]
    assert f'data-id="{made.id}"' in panel.list.value
    status, erin = call(hub.service_url + "api/me", token=hub.user("erin"))
    assert made.id in [w["id"] for w in erin["assignments"]]
    panel.remove_choice.value = made.id
    panel.remove_button.click()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(a.id == made.id for a in panel.live.assignments):
        feed.wait_for_answer(feed.answers, 5)
    assert made.id not in [a.id for a in panel.live.assignments]
    feed.close()


def test_a_pupil_on_the_teachers_page_is_told_and_keeps_the_upload(hub):
    from lessons.teachers.widgets import ClassSummaryWidget

    feed = ClassFeed(ServiceClient(hub.service_url, hub.user("alice")), interval=0.3)
    page = ClassSummaryWidget(lang="it", feed=feed)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and feed.state != "refused":
        time.sleep(0.1)
    feed.deliver()
    assert feed.state == "refused" and "Solo il gruppo degli insegnanti" in page.live_status.value
    assert page.live is None and 'data-pupil="bob"' not in page.table.value
    page.add_files([("zoe.json", solved(FIRST.exercises[0].id).to_json())])
    assert 'data-pupil="zoe"' in page.table.value
    feed.close()


# -- the hub starts it -------------------------------------------------------------------------------

def test_the_hub_starts_the_service_itself(tmp_path):
    required("jupyterhub")
    hub = start_class_hub(tmp_path, managed=True)
    try:
        status, answer = call(f"{hub.url}/services/{SERVICE}/api/me", "POST",
                              solved(FIRST.exercises[0].id).to_json().encode(), token=hub.user("alice"))
        assert status == 200 and answer["name"] == "alice"
        status, answer = call(f"{hub.url}/services/{SERVICE}/api/class", token=hub.user("rossi", teacher=True))
        assert status == 200 and list(answer["pupils"]) == ["alice"]
        assert (tmp_path / "class.sqlite").exists()
    finally:
        hub.close()
