"""A live class on a real JupyterHub (127.0.0.1) with the class service: two pupils and their teacher.

The pupils log in from their own browsers and answer exercises; the teacher's class summary shows
both within seconds, without a reload. The teacher sets lesson 2 for the class and a pupil's home page
shows it first, under "Set by your teacher". Then the service stops while a pupil works: nothing is lost
(the page answers as ever, the progress is in the pupil's file), and once the service is back the
pupil's work reaches the teacher's page. The service runs beside the hub here (an external service,
as a separate Zero to JupyterHub deployment would), so the test can stop it.
"""

from __future__ import annotations

import json
import time

import pytest

import lessons
from lessons.widgets.navigation import notebook_name
from tests.browser.pages import FIRST, answer_first_exercise, open_first_exercise, solved_verdict, wait_ready
from tests.browser.support import SCREENSHOTS
from tests.helpers import required
from tests.hub import HOME_PAGE, call, log_in, start_class_hub

pytestmark = pytest.mark.browser

SECOND = lessons.LESSONS[1]
TEACHER = "rossi"
CLASS_PAGE = "/voila/render/tutorial/class-summary.ipynb"


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    required("jupyterhub")
    hub = start_class_hub(tmp_path_factory.mktemp("class-hub"), managed=False, teacher=TEACHER)
    try:
        yield hub
    finally:
        hub.close()


def cell(page, pupil: str, lesson: str):
    return page.locator(f'.bt-class-table tr[data-pupil="{pupil}"] td[data-lesson="{lesson}"]')


def wait_cell(page, pupil: str, lesson: str, at_least: int, timeout: float = 20_000) -> float:
    """Wait until the teacher's table shows ``pupil`` with at least that many stars in ``lesson``;
    return the seconds it took."""
    started = time.monotonic()
    page.wait_for_function(
        "([pupil, lesson, n]) => { const td = document.querySelector("
        "`.bt-class-table tr[data-pupil=\"${pupil}\"] td[data-lesson=\"${lesson}\"]`);"
        " return td && Number(td.dataset.stars) >= n; }", arg=[pupil, lesson, at_least], timeout=timeout)
    return time.monotonic() - started


def do_first_exercise(page, name: str) -> None:
    page.locator(f'.bt-lesson-row[data-lesson="{FIRST.key}"] a').click()
    page.wait_for_url(lambda url: f"/user/{name}/voila/render/tutorial/index.ipynb" in url     # the app, in place
                      and url.endswith(f"#lesson/{FIRST.key}"))
    wait_ready(page, "lesson", timeout=90_000)
    open_first_exercise(page)
    answer_first_exercise(page)
    solved_verdict(page)


def test_a_live_class(hub, browser, shoot):
    contexts = []
    pages = {}
    try:
        for name in ("alice", "bob", TEACHER):
            context, page = log_in(browser, hub.url, name)
            contexts.append(context)
            pages[name] = page
        teacher = pages[TEACHER]
        teacher.goto(f"{hub.url}/user/{TEACHER}{CLASS_PAGE}", wait_until="domcontentloaded")
        teacher.wait_for_selector(".bt-class-live .bt-box", timeout=90_000)
        teacher.wait_for_function("() => document.querySelector('.bt-class-live').innerText.includes('Live')",
                                  timeout=30_000)

        # the pupils work; the teacher's page shows each within seconds, by itself
        for name in ("alice", "bob"):
            do_first_exercise(pages[name], name)
            took = wait_cell(teacher, name, FIRST.key, 3)
            print(f"{name}'s stars on the teacher's page {took:.1f} s after the answer")
            assert took < 15
        assert cell(teacher, "alice", SECOND.key).get_attribute("data-stars") == "0"
        assert teacher.locator(f'.bt-class-table tr[data-pupil="{TEACHER}"]').count() == 0    # the teacher is no pupil
        shoot(teacher.locator(".bt-class-summary"), "class-live-teacher")

        # the teacher sets lesson 2; a pupil's home page shows it first
        teacher.locator(".bt-set-lessons select").select_option(label=f"{SECOND.number} ({SECOND.title('en')})")
        teacher.locator(".bt-set-work").click()
        teacher.wait_for_selector('.bt-work-set li.bt-work[data-kind="lessons"]', timeout=20_000)
        assert SECOND.title("en") in teacher.locator(".bt-work-set").inner_text()
        bob = pages["bob"]
        bob.goto(f"{hub.url}/user/bob{HOME_PAGE}", wait_until="domcontentloaded")
        bob.wait_for_selector('.bt-assigned li.bt-assignment[data-kind="lessons"]', timeout=60_000)
        box = bob.locator(".bt-assigned")
        assert "Set by your teacher" in box.inner_text() and SECOND.title("en") in box.inner_text()
        order = bob.evaluate("() => [...document.querySelectorAll('.bt-assigned, .bt-lessons')]"
                             ".map(e => e.className)")
        assert order[0].startswith("bt-assigned")            # above the lessons
        link = box.locator("a").get_attribute("href")
        assert link == f"#lesson/{SECOND.key}"                # a place of the app: no page load
        shoot(box, "class-assigned-home")

        # bob follows the link and gets lesson 2's first exercise wrong twice: the teacher sees him stuck
        box.locator("a").click()
        bob.wait_for_url(lambda url: url.endswith(f"#lesson/{SECOND.key}"))
        wait_ready(bob, "lesson", timeout=90_000)
        bob.locator(".bt-strip-item").first.click()
        assert SECOND.exercises[0].kind == "build-meld" and len(SECOND.exercises[0].wrong_answers) >= 2
        for cards, _rule in SECOND.exercises[0].wrong_answers[:2]:
            while bob.locator(".bt-answer-hand .bh-card.bh-selected").count():    # unselect, then choose again
                bob.locator(".bt-answer-hand .bh-card.bh-selected").first.click()
            for code in str(cards).split():
                bob.locator(f'.bt-answer-hand .bh-card[data-code="{code}"]').first.click()
            before = bob.locator(".bt-verdict").inner_text()
            bob.locator(".bt-check").click()
            bob.wait_for_function("b => document.querySelector('.bt-verdict').innerText !== b", arg=before)
        stuck = teacher.locator(f'.bt-class-stuck tr[data-pupil="bob"][data-exercise="{SECOND.exercises[0].id}"]')
        stuck.wait_for(timeout=20_000)
        assert stuck.locator("td").nth(2).inner_text() == "2"                                  # two tries
        assert f"Lesson 2 ({SECOND.title('en')}), exercise 1" in stuck.inner_text()
        shoot(teacher.locator(".bt-class-summary"), "class-live-teacher-stuck")

        # the same class at the service's own address, after the hub's OAuth; a cookie may read, not write
        teacher.goto(f"{hub.url}/services/burraco-class/", wait_until="domcontentloaded")
        teacher.wait_for_selector('.bt-class tr[data-pupil="bob"]', timeout=30_000)
        assert teacher.locator('.bt-class tr[data-pupil="rossi"]').count() == 0
        shoot(teacher.locator("body"), "class-service-page")
        written = teacher.request.post(f"{hub.url}/services/burraco-class/api/assignments",
                                       data=json.dumps({"kind": "lessons", "lessons": [FIRST.key]}),
                                       headers={"Content-Type": "application/json"})
        assert written.status == 403 and written.json()["error"] == "service.token-needed"
        teacher.goto(f"{hub.url}/user/{TEACHER}{CLASS_PAGE}", wait_until="domcontentloaded")
        teacher.wait_for_selector('.bt-class-table tr[data-pupil="bob"]', timeout=90_000)

        # the service stops while alice works: her page answers as ever, her work is kept
        hub.stop_service()
        alice = pages["alice"]
        alice.goto(f"{hub.url}/user/alice/voila/render/tutorial/{notebook_name(SECOND)}.ipynb",
                   wait_until="domcontentloaded")
        wait_ready(alice, "lesson", timeout=90_000)
        started = time.monotonic()
        answered = _answer_any_exercise(alice)
        print(f"an answer with the service down took {time.monotonic() - started:.1f} s to show")
        saved = hub.folder / "home" / "alice" / ".local" / "share" / "burraco-tutor" / "progress.json"
        assert answered in json.loads(saved.read_text())["exercises"]
        teacher.wait_for_function("() => document.querySelector('.bt-class-live').innerText"
                                  ".includes('does not answer')", timeout=30_000)
        hub.start_service()
        took = wait_cell(teacher, "alice", SECOND.key, 1, timeout=60_000)
        print(f"alice's work done while the service was down reached the teacher {took:.1f} s after its restart")
        status, body = call(hub.service_url + "api/pupils/alice", token=hub.user(TEACHER, teacher=True))
        assert status == 200 and answered in body["progress"]["exercises"]
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for name, page in pages.items():
            page.screenshot(path=str(SCREENSHOTS / f"class-hub-failure-{name}.png"))
        raise
    finally:
        for context in contexts:
            context.close()


def _answer_any_exercise(page) -> str:
    """Answer lesson 2's first exercise with its written solution, whatever its kind; return its id.
    (The first exercise of lesson 2 is a meld to build: its cards are clicked, then Check.)"""
    exercise = SECOND.exercises[0]
    page.locator(".bt-strip-item").first.click()
    page.wait_for_selector(".bt-exercise", timeout=30_000)
    assert exercise.kind == "build-meld"
    for code in str(exercise.solution).split():
        page.locator(f'.bt-answer-hand .bh-card[data-code="{code}"]').first.click()
    page.locator(".bt-check").click()
    page.wait_for_selector(".bt-verdict .bt-box", timeout=30_000)
    return exercise.id
