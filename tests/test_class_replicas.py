"""Two class service processes on one PostgreSQL database behind a real JupyterHub, as a district runs
replicas on Zero to JupyterHub: pupils' copies spread over both, two tabs of one pupil arriving at both at
once, the teacher reading from either: nothing lost, the same class. And a pupil's record removed (a
family's request) over HTTP: the words of the answer, and nothing else changed.
"""

from __future__ import annotations

import subprocess
import threading

import pytest

import lessons
from lessons.learner.progress import Progress
from tests.browser.support import ARTIFACTS, ROOT, free_port, stop
from tests.helpers import required
from tests.hub import _wait_for, call, service_command, start_class_hub
from tests.postgres import postgres_url

pytestmark = pytest.mark.hub

EXERCISES = [ex.id for lesson in lessons.LESSONS[:3] for ex in lesson.exercises]
PUPILS = [f"pupil{n}" for n in range(6)]
ROUNDS = 8


@pytest.fixture(scope="module")
def replicas(tmp_path_factory):
    """The hub, its service on PostgreSQL (the hub's), and a second process on the same database; yields
    the hub and both services' addresses."""
    required("jupyterhub")
    with postgres_url() as url:
        hub = start_class_hub(tmp_path_factory.mktemp("replicas"), managed=False)
        second: subprocess.Popen[bytes] | None = None
        try:
            hub.stop_service()
            hub.db = url
            hub.start_service()
            port = free_port()
            env = {**hub.service_env(), "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}"}
            with open(ARTIFACTS / f"class-service-{port}.log", "ab") as log:
                second = subprocess.Popen(service_command(url, hub.auth_cache), cwd=ROOT, stdout=log,
                                          stderr=subprocess.STDOUT, env=env)
            other = hub.service_url.replace(f":{hub.service_port}/", f":{port}/")
            _wait_for(other + "api/me", process=second)
            yield hub, (hub.service_url, other)
        finally:
            if second is not None:
                stop(second)
            hub.close()


def answered(number: int, first: int, count: int) -> Progress:
    """Pupil ``number``'s answers to ``count`` exercises from the ``first`` (the first try at every third
    one wrong): each copy holds only what is new, so a copy lost would show."""
    progress = Progress()
    for i, exercise in enumerate(EXERCISES[first:first + count], start=first):
        if (i + number) % 3 == 0:
            progress.record(exercise, correct=False, hints=0, retries=0, solution_shown=False, rule="run.gap")
        progress.record(exercise, correct=True, hints=0, retries=0, solution_shown=False)
    return progress


def test_two_replicas_lose_nothing_and_show_the_same_class(replicas):
    hub, services = replicas
    teacher = hub.user("rossi", teacher=True)
    status, work = call(services[1] + "api/assignments", "POST",
                        b'{"kind": "lessons", "lessons": ["%s"]}' % lessons.LESSONS[0].key.encode(), token=teacher)
    assert status == 201, work
    tokens = {name: hub.user(name) for name in PUPILS}
    failures: list[tuple[str, int, object]] = []

    def pupil(number: int, name: str) -> None:
        for r in range(1, ROUNDS + 1):                 # each copy to the other replica than the last
            status, answer = call(services[(number + r) % 2] + "api/me", "POST",
                                  answered(number, 2 * (r - 1), 2).to_json().encode(), token=tokens[name])
            if status != 200:
                failures.append((name, status, answer))

    def other_tab(i: int) -> None:                     # two tabs of one pupil, each with its own exercise
        status, answer = call(services[i] + "api/me", "POST", tab(EXERCISES[-1 - i]).to_json().encode(),
                              token=tokens["twotabs"])
        if status != 200:
            failures.append(("twotabs", status, answer))

    tokens["twotabs"] = hub.user("twotabs")
    threads = [threading.Thread(target=pupil, args=(n, name)) for n, name in enumerate(PUPILS)]
    tabs = [threading.Thread(target=other_tab, args=(i,)) for i in (0, 1)]      # at the two replicas at once
    for thread in [*threads, *tabs]:
        thread.start()
    for thread in [*threads, *tabs]:
        thread.join()
    assert failures == []

    views = [call(service + "api/class", token=teacher) for service in services]
    assert [status for status, _ in views] == [200, 200]
    first, second = (body for _, body in views)
    assert {**first, "now": 0} == {**second, "now": 0}                    # the same class from either
    assert set(first["pupils"]) == {*PUPILS, "twotabs"}
    for name in PUPILS:                                                  # every copy counted
        kept = Progress.from_body(first["pupils"][name]["progress"])
        assert all(kept.solved(ex) for ex in EXERCISES[:2 * ROUNDS]), name
        assert first["pupils"][name]["summary"]["total"] == kept.total_stars()
    both = Progress.from_body(first["pupils"]["twotabs"]["progress"])
    assert both.solved(EXERCISES[-1]) and both.solved(EXERCISES[-2])      # both tabs
    [set_work] = first["assignments"]
    of = len(lessons.LESSONS[0].exercises)
    assert set_work["id"] == work["id"]
    assert set_work["steps"] == {name: [min(of, 2 * ROUNDS), of] for name in PUPILS} | {"twotabs": [0, of]}


def tab(exercise: str) -> Progress:
    progress = Progress()
    progress.record(exercise, correct=True, hints=0, retries=0, solution_shown=False)
    return progress


def without(by_name: dict) -> dict:
    return {name: value for name, value in by_name.items() if name != "gone"}


def test_a_teacher_removes_one_record_and_nothing_else(replicas):
    hub, services = replicas
    teacher = hub.user("rossi", teacher=True)
    for name in ("gone", "stays"):
        assert call(services[0] + "api/me", "POST", tab(EXERCISES[0]).to_json().encode(), token=hub.user(name))[0] == 200
    status, before = call(services[0] + "api/class", token=teacher)
    # a pupil may not, not even their own record (the family asks the school)
    status, answer = call(services[1] + "api/pupils/gone", "DELETE", token=hub.user("gone"))
    assert (status, answer) == (403, {"error": "service.teachers-only",
                                      "message": "only the teacher group removes a record"})
    status, answer = call(services[1] + "api/pupils/gone", "DELETE", token=teacher)
    assert (status, answer) == (204, None)
    status, after = call(services[0] + "api/class", token=teacher)       # gone for the other replica too
    assert status == 200 and "gone" not in after["pupils"]
    assert {**after, "now": 0} == {**before, "now": 0, "pupils": without(before["pupils"]), "assignments": [
        {**work, "steps": without(work["steps"]), "done_by": [n for n in work["done_by"] if n != "gone"]}
        for work in before["assignments"]]}
    status, answer = call(services[0] + "api/pupils/gone", "DELETE", token=teacher)
    assert (status, answer) == (404, {"error": "service.no-pupil", "message": "no record for this pupil"})
    assert call(services[0] + "api/pupils/gone", token=teacher)[0] == 404
