"""The class service's door behind a real JupyterHub on 127.0.0.1 (tests/hub.py): one pupil, one share;
names shown as they are; one pupil's record cannot break the teacher's answer; the IT person's set-up
(the records readable by the service alone, a missing folder made, no password in any log).

Each refusal is checked by its status, its named error and that the class is the same before and after.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import stat
import subprocess
import time
import urllib.parse

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lessons
from lessons.learner.progress import Progress
from tests.browser.support import ARTIFACTS, free_port, stop
from tests.helpers import required
from tests.hub import SERVICE, SERVICE_SCOPE, _wait_for, call, service_command, start_class_hub

pytestmark = pytest.mark.hub

FIRST = lessons.LESSONS[0]
EX = FIRST.exercises[0].id
EXERCISES = [ex.id for ex in FIRST.exercises]


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    required("jupyterhub")
    hub = start_class_hub(tmp_path_factory.mktemp("class-door"), managed=False)
    try:
        yield hub
    finally:
        hub.close()


def solved(*ids: str) -> Progress:
    progress = Progress()
    for each in ids:
        progress.record(each, correct=True, hints=0, retries=0, solution_shown=False)
    return progress


def everything(hub) -> tuple:
    status, body = call(hub.service_url + "api/class", token=hub.user("rossi", teacher=True))
    assert status == 200
    return body["pupils"], body["assignments"]


def raw(url: str, method: str, token: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, dict, dict]:
    """A request sent as given (headers, then ``body`` only): (status, headers, JSON body)."""
    parts = urllib.parse.urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    try:
        conn.putrequest(method, parts.path)
        conn.putheader("Authorization", f"token {token}")
        for key, value in {**({"Content-Length": str(len(body))} if body else {}), **headers}.items():
            conn.putheader(key, value)
        conn.endheaders(body or None)
        answer = conn.getresponse()
        text = answer.read()
        return answer.status, dict(answer.getheaders()), json.loads(text) if text else {}
    finally:
        conn.close()


# -- one pupil, one share -------------------------------------------------------------------------

def test_a_pupil_writing_too_fast_gets_429_with_retry_after(hub):
    token = hub.user("speedy")
    body = solved(EX).to_json().encode()
    def post(_: int):
        return raw(hub.service_url + "api/me", "POST", token, {"Content-Type": "application/json"}, body)

    first = post(0)
    # on eight connections at once: one by one, a loaded machine's 200 ms a post refills the bucket
    # (5 a second) as fast as it is spent, and no 429 ever comes (seen once on CI)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        answers = [first, *pool.map(post, range(80))]
    statuses = [status for status, _, _ in answers]
    assert statuses[0] == 200 and 429 in statuses
    status, headers, refusal = next(a for a in answers if a[0] == 429)
    assert refusal["error"] == "service.too-fast" and int(headers["Retry-After"]) >= 1
    other = call(hub.service_url + "api/me", "POST", body, token=hub.user("calm"))     # another pupil: untouched
    assert other[0] == 200
    reads = [call(hub.service_url + "api/me", token=token)[0] for _ in range(5)]       # reads: a bucket of their own
    assert reads == [200] * 5
    time.sleep(int(headers["Retry-After"]) + 0.2)
    assert call(hub.service_url + "api/me", "POST", body, token=token)[0] == 200      # and it passes again


def test_a_pupil_reading_in_a_loop_gets_429_and_the_others_still_read(hub):
    # GET api/me sends the pupil's whole record (up to ~700 kB, 40 ms of a thread): unlimited, one pupil
    # reading it in a loop on a few connections filled the service's threads for everybody
    token = hub.user("reader")
    assert call(hub.service_url + "api/me", "POST", solved(EX).to_json().encode(), token=token)[0] == 200
    answers = [raw(hub.service_url + "api/me", "GET", token, {}) for _ in range(80)]
    statuses = [status for status, _, _ in answers]
    assert statuses[0] == 200 and 429 in statuses
    status, headers, refusal = next(a for a in answers if a[0] == 429)
    assert refusal["error"] == "service.too-fast" and int(headers["Retry-After"]) >= 1
    assert call(hub.service_url + "api/me", token=hub.user("calm"))[0] == 200          # another pupil: untouched
    teacher = hub.user("rossi", teacher=True)
    assert [call(hub.service_url + "api/class", token=teacher)[0] for _ in range(60)] == [200] * 60   # never limited
    time.sleep(int(headers["Retry-After"]) + 0.2)
    assert call(hub.service_url + "api/me", token=token)[0] == 200


def _costly_body(limit: int = 1_000_000) -> bytes:
    """A pupil's progress padded to the service's limit with made-up practice records: the most work one
    post can ask of the service (each record read, checked, bounded and merged)."""
    body = Progress().to_body()
    record = {"stars": 3, "solved": True, "attempts": 1, "misses": {}}
    count = (limit - 200) // len(json.dumps({"gen.judge-meld.100000000": record}))
    body["exercises"] = {f"gen.judge-meld.{10**8 + n}": record for n in range(count)}
    text = json.dumps(body).encode()
    assert len(text) <= limit
    return text


def test_a_hostile_pupil_posting_costly_bodies_does_not_stall_the_others(hub):
    # before: one pupil's 370 kB post took 54 s, and another pupil's GET api/me sent meanwhile 52 s
    import threading

    hostile, body, stop_at = hub.user("mallory"), _costly_body(), time.monotonic() + 8
    hostile_answers: list[int] = []

    def flood() -> None:
        while time.monotonic() < stop_at:
            try:
                hostile_answers.append(raw(hub.service_url + "api/me", "POST", hostile,
                                           {"Content-Type": "application/json"}, body)[0])
            except OSError:
                hostile_answers.append(0)

    threads = [threading.Thread(target=flood) for _ in range(4)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1.0)                  # the flood under way
        waits, statuses = [], []
        for n in range(len(EXERCISES)):      # other pupils, each answering as they work (one post, one read)
            token = hub.user(f"quiet{n}")
            began = time.monotonic()
            statuses.append(call(hub.service_url + "api/me", "POST", solved(*EXERCISES[:n + 1]).to_json().encode(),
                                 token=token)[0])
            statuses.append(call(hub.service_url + "api/me", token=token)[0])
            waits.append(time.monotonic() - began)
            time.sleep(0.3)
        teacher_began = time.monotonic()
        assert call(hub.service_url + "api/class", token=hub.user("rossi", teacher=True))[0] == 200
        teacher_wait = time.monotonic() - teacher_began
    finally:
        for thread in threads:
            thread.join()
    assert statuses == [200] * 2 * len(EXERCISES)
    assert max(waits) < 3.0 and teacher_wait < 3.0, (waits, teacher_wait)    # a post and a read, and the class
    assert hostile_answers and set(hostile_answers) <= {200, 400, 429, 0}


def test_a_declared_body_over_the_bound_is_refused_before_a_byte_is_read(hub):
    token = hub.user("bigmouth")
    before = everything(hub)
    started = time.monotonic()
    # the headers alone: a service that waited for the 5 MB would never answer (none is sent)
    status, _, refusal = raw(hub.service_url + "api/me", "POST", token,
                             {"Content-Type": "application/json", "Content-Length": str(5_000_000)})
    assert (status, refusal["error"]) == (413, "service.too-big") and time.monotonic() - started < 10
    status, _, refusal = raw(hub.service_url + "api/assignments", "POST", hub.user("rossi", teacher=True),
                             {"Content-Type": "application/json", "Content-Length": str(1_000_001)})
    assert (status, refusal["error"]) == (413, "service.too-big")
    assert everything(hub) == before


def test_a_body_just_over_the_bound_sent_whole_changes_nothing(hub):
    token = hub.user("bigmouth2")
    before = everything(hub)
    body = b" " * 1_000_001
    try:
        status, answer = call(hub.service_url + "api/me", "POST", body, token=token)
    except OSError:     # refused on its Content-Length, the connection may close while the rest is being sent
        pass
    else:
        assert (status, answer["error"]) == (413, "service.too-big")
    assert everything(hub) == before


# -- names shown as they are ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["bob\u200b", "eve\u202ekcab"])
def test_a_hub_name_with_an_invisible_character_has_no_record(hub, name):
    quoted = urllib.parse.quote(name)
    hub.hub("POST", f"users/{quoted}")
    token = hub.hub("POST", f"users/{quoted}/tokens", {"scopes": [SERVICE_SCOPE], "note": "test"})["token"]
    before = everything(hub)
    for method, body in (("POST", solved(EX).to_json().encode()), ("GET", None)):
        status, answer = call(hub.service_url + "api/me", method, body, token=token)
        assert (status, answer["error"]) == (403, "service.bad-name"), (method, answer)
        assert "U+" in answer["message"]
    assert everything(hub) == before and name not in everything(hub)[0]


# -- one pupil cannot break the teacher's answer ----------------------------------------------------

def test_an_unknown_rule_and_a_bad_record_are_drawn_beside_the_others(hub):
    teacher = hub.user("rossi", teacher=True)
    body = solved(EX).to_body()
    body["exercises"][EX]["misses"] = {"zz.fake": 2}
    assert call(hub.service_url + "api/me", "POST", json.dumps(body).encode(), token=hub.user("bea"))[0] == 200
    assert call(hub.service_url + "api/me", "POST", solved(EX).to_json().encode(), token=hub.user("anna"))[0] == 200
    engine = sa.create_engine(f"sqlite:///{hub.db}")
    try:                          # a record kept unreadable (an older version, a hand edit): planted in the database
        with engine.begin() as db:
            db.execute(sa.text("INSERT INTO burraco_pupils (name, progress, activity, updated, teacher) "
                               "VALUES ('zed', '{\"format\": \"something else\"}', '{}', 1.0, 0)"))
    finally:
        engine.dispose()
    status, answer = call(hub.service_url + "api/class", token=teacher)
    assert status == 200 and {"anna", "bea", "zed"} <= set(answer["pupils"])
    status, page = call(hub.service_url, token=teacher, headers={"Accept-Language": "en"})
    assert status == 200, page
    rows = {part.split('"')[1]: part.split("</tr>")[0] for part in page.split("<tr data-pupil=")[1:]}
    assert {"anna", "bea", "zed"} <= set(rows)
    assert "This pupil&#x27;s record could not be read" in rows["zed"]
    assert "could not be read" not in rows["anna"] + rows["bea"]
    # reading that record (the teacher, or 'zed' himself) is refused by name, as his POST is: not a bare 500
    for token, path in ((teacher, "api/pupils/zed"), (hub.user("zed"), "api/me")):
        status, refusal = call(hub.service_url + path, token=token)
        assert status == 500 and refusal["error"] == "progress.error.not-progress", refusal


# -- the service's bodies, fuzzed --------------------------------------------------------------------

_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                     max_leaves=20)
_progressish = st.fixed_dictionaries({"format": st.just("burraco-tutor/progress"), "version": st.integers(0, 3),
                                      "exercises": st.dictionaries(st.text(max_size=30), _json, min_size=1, max_size=3)})
_bodies = st.one_of(st.binary(max_size=300), _json.map(lambda v: json.dumps(v).encode()),
                    _progressish.map(lambda v: json.dumps(v).encode()))


def _post(hub, path: str, body: bytes, token: str) -> tuple[int, object]:
    for _ in range(5):
        status, answer = call(hub.service_url + path, "POST", body, token=token)
        if status != 429:
            return status, answer
        time.sleep(1.1)           # past the rate: wait as Retry-After says, then the body is judged
    return status, answer


def test_fuzzed_bodies_get_only_named_4xx_and_change_nothing(hub):
    pupil, teacher = hub.user("fuzzy"), hub.user("rossi", teacher=True)
    assert _post(hub, "api/me", solved(EX).to_json().encode(), pupil)[0] == 200
    before = everything(hub)
    mine = call(hub.service_url + "api/me", token=pupil)[1]["progress"]

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(body=_bodies, path=st.sampled_from(["api/me", "api/assignments"]))
    def check(body: bytes, path: str) -> None:
        status, answer = _post(hub, path, body, pupil if path == "api/me" else teacher)
        assert 400 <= status < 500, (status, answer, body)
        assert isinstance(answer, dict) and set(answer) == {"error", "message"}, answer
        assert answer["error"].startswith(("progress.error.", "classwork.error.", "service.")), answer

    check()
    assert everything(hub) == before
    assert call(hub.service_url + "api/me", token=pupil)[1]["progress"] == mine


# -- the IT person's set-up ---------------------------------------------------------------------------

def test_the_records_are_readable_by_the_service_alone(hub):
    call(hub.service_url + "api/me", "POST", solved(EX).to_json().encode(), token=hub.user("anna"))
    for suffix in ("", "-wal", "-shm"):
        path = f"{hub.db}{suffix}"
        if os.path.exists(path):
            assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, (path, oct(os.stat(path).st_mode))
    assert stat.S_IMODE(os.stat(hub.db).st_mode) == 0o600


def _second_service(hub, db_args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, str, object]:
    """Another service process beside the hub's (its own port, database and log)."""
    port = free_port()
    log = ARTIFACTS / f"class-service-door-{port}.log"
    ARTIFACTS.mkdir(exist_ok=True)
    command = [a for a in service_command("x") if a not in ("--db", "x")] + db_args
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                   env={**hub.service_env(), "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
                                        **env})
    url = f"http://127.0.0.1:{port}/services/{SERVICE}/"
    _wait_for(url + "api/me", process=process)
    return process, url, log


def test_a_missing_database_folder_is_made_for_the_service_alone(hub, tmp_path):
    db = tmp_path / "srv" / "burraco" / "class.sqlite"
    process, url, _ = _second_service(hub, ["--db", str(db)], {})
    try:
        assert call(url + "api/me", "POST", solved(EX).to_json().encode(), token=hub.user("anna"))[0] == 200
        assert stat.S_IMODE(os.stat(db.parent).st_mode) == 0o700
        assert stat.S_IMODE(os.stat(db).st_mode) == 0o600
        assert all(stat.S_IMODE(os.stat(p).st_mode) == 0o600 for p in db.parent.iterdir())
    finally:
        stop(process)


def test_a_database_it_cannot_open_is_said_and_the_service_stays_up(hub, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    process, url, log = _second_service(hub, ["--db", str(blocker / "class.sqlite")], {})
    try:
        status, answer = call(url + "api/me", token=hub.user("anna"))
        assert (status, answer["error"]) == (503, "service.no-database") and "database" in answer["message"]
        assert process.poll() is None             # up: a hub that manages it keeps running
    finally:
        stop(process)
    assert "cannot open its records" in log.read_text()


def test_the_database_password_is_in_no_log_line(hub):
    from tests.postgres import postgres_url

    secret = "S3cret-Pa55word"
    with postgres_url() as url:
        with_password = url.replace("postgres@", f"postgres:{secret}@")       # the server trusts; the URL still says it
        closed = f"postgresql+psycopg://burraco:{secret}@127.0.0.1:{free_port()}/class"
        for where in (with_password, closed):
            process, service, log = _second_service(hub, [], {"BURRACO_CLASS_DB": where})
            try:
                status, _ = call(service + "api/me", "POST", solved(EX).to_json().encode(), token=hub.user("anna"))
                assert status == (200 if where == with_password else 503)
            finally:
                stop(process)
            text = log.read_text()
            assert secret not in text and "***" in text, text[-2000:]
            assert secret not in " ".join(process.args)         # nor on the command line (ps shows it)


def test_an_exercise_no_course_or_generator_knows_is_refused(hub):
    before = everything(hub)
    status, answer = call(hub.service_url + "api/me", "POST", solved("lesson-13.made-up").to_json().encode(),
                          token=hub.user("anna"))
    assert (status, answer["error"]) == (400, "classwork.error.unknown-exercise")
    assert everything(hub) == before



def test_the_hub_starting_the_service_logs_no_password(tmp_path):
    """docs/classroom.md's set-up: the URL in the service's environment; the hub's log (which holds the
    service's command and everything the service writes) never shows the password."""
    from tests.postgres import postgres_url

    required("jupyterhub")
    secret = "Hub-S3cret-Pa55"
    with postgres_url() as url:
        hub = start_class_hub(tmp_path, managed=True, db_url=url.replace("postgres@", f"postgres:{secret}@"))
        try:
            status, _ = call(hub.url + f"/services/{SERVICE}/api/me", "POST", solved(EX).to_json().encode(),
                             token=hub.user("anna"))
            assert status == 200
            assert call(hub.url + f"/services/{SERVICE}/api/class", token=hub.user("rossi", teacher=True))[0] == 200
        finally:
            hub.close()
    log = (ARTIFACTS / f"hub-{urllib.parse.urlsplit(hub.url).port}.log").read_text()
    assert "burraco class service on" in log and "postgres:***@" in log      # the service's own lines are there
    assert secret not in log
