"""A class of 30 on one class service (SQLite): pupils' progress arriving at once, and the teacher's refresh.

A real JupyterHub on 127.0.0.1 with the class service beside it (tests/hub.py), 30 hub users with
their own tokens. Each pupil's tutorial is a thread that sends its progress as ``ClassLink`` does
(``POST api/me``, the whole progress as the tutorial saves it), one more exercise answered each
round; all start together, ``--rounds`` times. Meanwhile the teacher's page asks for the class
(``GET api/class``) as fast as it can. Printed side by side: p50/p95 of a pupil's post, of the
teacher's refresh (the request alone, and with reading the answer and redrawing the page), and,
for the class without a hub, the teacher's upload of the same 30 progress files today
(``ClassSummaryWidget.add_files``: reading them and redrawing the page), in the same run.

A school term (``--term``): 30 pupils each with lessons 1-13 done and 150 practice
answers, practice set as work: a pupil's post and the teacher's refresh p95, quiet and while one hostile
pupil posts 1 MB bodies back to back on 4 connections; the same on PostgreSQL with two service
processes; memory per service process; and the slope (a refresh at 1x and 10x a term of history).

    .venv/bin/python benchmarks/bench_class.py [--pupils 30] [--rounds 10] [--json]
    .venv/bin/python benchmarks/bench_class.py --term [--quick] [--hostile-seconds 60] [--pace 5] [--no-postgres]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the shared helpers in tests/
from tests.helpers import percentile  # noqa: E402


def pupil_progress(number: int, answered: int):
    """A pupil's progress after ``answered`` exercises of the course (some wrong first), as it grows."""
    import lessons
    from lessons.learner.progress import Progress

    exercises = [ex for lesson in lessons.LESSONS for ex in lesson.exercises]
    progress = Progress()
    for i, exercise in enumerate(exercises[:answered]):
        if (i + number) % 3 == 0:
            progress.record(exercise.id, correct=False, hints=0, retries=0, solution_shown=False,
                            rule=sorted(exercise.teaches)[0] if exercise.teaches else None)
        progress.record(exercise.id, correct=True, hints=(i + number) % 2, retries=0, solution_shown=False)
    return progress


def run(pupils: int, rounds: int) -> dict:
    from lessons.learner.classlink import ServiceClient
    from lessons.teachers.live import LiveClass
    from lessons.teachers.widgets import ClassSummaryWidget
    from tests.hub import start_class_hub

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="burraco-bench-"))
    hub = start_class_hub(pathlib.Path(tempfile.mkdtemp(prefix="burraco-class-bench-")), managed=False,
                          auth_cache=60)      # the service's default
    try:
        names = [f"pupil{n:02d}" for n in range(pupils)]
        clients = {name: ServiceClient(hub.service_url, hub.user(name), timeout=30) for name in names}
        teacher = ServiceClient(hub.service_url, hub.user("rossi", teacher=True), timeout=30)
        for name in names:                         # the hub has seen each token once, as after a first page
            clients[name].request("GET", "api/me")
        teacher.request("GET", "api/class")
        posts: list[float] = []
        refreshes: list[float] = []
        failures: list[str] = []
        lock = threading.Lock()
        start = threading.Barrier(pupils + 1)
        done = threading.Event()

        def pupil(number: int, name: str) -> None:
            bodies = [pupil_progress(number, 8 + r).to_json().encode() for r in range(rounds)]
            start.wait()
            for body in bodies:
                began = time.perf_counter()
                try:
                    clients[name].request("POST", "api/me", raw=body)
                except Exception as err:              # counted and printed, not fatal to the run
                    with lock:
                        failures.append(f"{name}: {err}")
                    continue
                with lock:
                    posts.append(time.perf_counter() - began)

        def refresh() -> None:
            start.wait()
            while not done.is_set():
                began = time.perf_counter()
                try:
                    teacher.request("GET", "api/class")
                except Exception as err:              # counted and printed, as a pupil's post is
                    with lock:
                        failures.append(f"teacher: {err}")
                    time.sleep(0.2)
                    continue
                with lock:
                    refreshes.append(time.perf_counter() - began)

        threads = [threading.Thread(target=pupil, args=(n, name)) for n, name in enumerate(names)]
        watcher = threading.Thread(target=refresh)
        for thread in [*threads, watcher]:
            thread.start()
        began = time.perf_counter()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
        done.set()
        watcher.join()

        # the teacher's page: the request, reading the answer and redrawing (no hub needed for the drawing)
        page = ClassSummaryWidget(lang="en", feed=None)
        drawn = []
        for _ in range(10):
            t0 = time.perf_counter()
            live = LiveClass.from_body(teacher.request("GET", "api/class"))
            page.live = live
            page._draw()
            drawn.append(time.perf_counter() - t0)
        assert len(live.summary.pupils) == pupils
        # the same class by upload, as today: 30 files read and the page redrawn
        files = [(f"{name}.json", pupil_progress(n, 8 + rounds - 1).to_json().encode()) for n, name in enumerate(names)]
        uploads = []
        for _ in range(10):
            fresh = ClassSummaryWidget(lang="en", feed=None)
            t0 = time.perf_counter()
            fresh.add_files(files)
            uploads.append(time.perf_counter() - t0)
        assert len(fresh.summary.pupils) == pupils
        size = sum(len(body) for _, body in files) // pupils
    finally:
        hub.close()
    ms = lambda xs, f: round(1000 * percentile(xs, f), 1) if xs else None  # noqa: E731
    return {"pupils": pupils, "rounds": rounds, "posts": len(posts), "failed_posts": len(failures),
            "failures": failures[:5], "elapsed_s": round(elapsed, 1), "progress_bytes": size,
            "post_p50_ms": ms(posts, 0.5), "post_p95_ms": ms(posts, 0.95),
            "refreshes": len(refreshes), "refresh_p50_ms": ms(refreshes, 0.5), "refresh_p95_ms": ms(refreshes, 0.95),
            "refresh_drawn_p50_ms": ms(drawn, 0.5), "refresh_drawn_p95_ms": ms(drawn, 0.95),
            "upload_p50_ms": ms(uploads, 0.5), "upload_p95_ms": ms(uploads, 0.95),
            "load": os.getloadavg()}



# -- a term: history, a hostile pupil, replicas, the slope -----------------------------------------

TERM_ANSWERS = 150          # practice answers of each pupil in a term
HOSTILE_BODY = 1_000_000    # bytes of each hostile post (the service's limit)


def practice_pool(count: int) -> list:
    """``count`` distinct generated exercises (classic, difficulty 1), made once."""
    from lessons.curriculum.generators import GENERATED_KINDS, GeneratorError, generate

    pool, seed = [], 0
    while len(pool) < count:
        for kind in GENERATED_KINDS:
            try:
                pool.append(generate(kind, seed, "classic", 1))
            except GeneratorError:
                continue
        seed += 1
    return pool[:count]


def term_progress(number: int, pool: list, answers: int):
    """Pupil ``number`` at the end of a term: every lesson's exercise answered (some wrong first), then
    ``answers`` practice answers from the pool (one in four wrong first), as the tutorial records them."""
    progress = pupil_progress(number, 10_000)
    for i in range(answers):
        ex = pool[(number * 37 + i) % len(pool)]
        if (i + number) % 4 == 0:
            progress.record(ex.id, correct=False, hints=0, retries=0, solution_shown=False,
                            rule=sorted(ex.teaches)[0] if ex.teaches else None)
        progress.record(ex.id, correct=True, hints=0, retries=0, solution_shown=False, teaches=ex.teaches)
    return progress


def hostile_body() -> bytes:
    """A pupil's progress padded with made-up practice records to the service's limit (1 MB)."""
    from lessons.learner.progress import Progress

    body = Progress().to_body()
    record = {"stars": 3, "solved": True, "attempts": 1, "misses": {}}
    one = len(json.dumps({"gen.judge-meld.100000000": record})) - 1       # each record's bytes, with its comma
    room = HOSTILE_BODY - len(json.dumps(body)) - 16
    count = room // one
    while True:
        body["exercises"] = {f"gen.judge-meld.{10**8 + n}": record for n in range(count)}
        text = json.dumps(body).encode()
        if len(text) <= HOSTILE_BODY:
            return text
        count -= (len(text) - HOSTILE_BODY) // one + 1


def rss_mb(process) -> tuple[float, float]:
    """(resident now, peak) in MB of a running process."""
    fields = dict(line.split(":", 1) for line in pathlib.Path(f"/proc/{process.pid}/status").read_text().splitlines()
                  if ":" in line)
    return (round(int(fields["VmRSS"].split()[0]) / 1024, 1), round(int(fields["VmHWM"].split()[0]) / 1024, 1))


def second_service(hub, db: str):
    """Another service process on the same database, beside the hub's (a replica); (process, its URL)."""
    import subprocess

    from tests.browser.support import ARTIFACTS, ROOT, free_port
    from tests.hub import _wait_for, service_command

    port = free_port()
    env = {**hub.service_env(), "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}"}
    ARTIFACTS.mkdir(exist_ok=True)
    with open(ARTIFACTS / f"class-service-{port}.log", "ab") as log:
        process = subprocess.Popen(service_command(db, 60), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = hub.service_url.replace(f":{hub.service_port}/", f":{port}/")
    _wait_for(url + "api/me", process=process)
    return process, url


def phase(services: list[str], tokens: dict[str, str], teacher: str, bodies: dict[str, list[bytes]],
          seconds: float, hostile: str | None, pace: float) -> dict:
    """Pupils post about every ``pace`` seconds each (their whole progress, one more answer each time), pupil n to
    ``services[n % len]``, and the teacher refreshes every second from each service in turn, for
    ``seconds``; with ``hostile``, that pupil posts 1 MB bodies back to back on 4 connections meanwhile."""
    import http.client
    import random
    from urllib.parse import urlparse

    from tests.hub import call

    posts: list[float] = []
    refreshes: list[float] = []
    failures: list[str] = []
    hostile_answers: dict[int, int] = {}
    lock = threading.Lock()
    stop = threading.Event()

    def pupil(number: int, name: str) -> None:
        random.seed(number)
        time.sleep(pace * random.random())
        i = 0
        while not stop.is_set():
            began = time.perf_counter()
            status, answer = call(services[number % len(services)] + "api/me", "POST",
                                  bodies[name][i % len(bodies[name])], token=tokens[name])
            with lock:
                (posts.append(time.perf_counter() - began) if status == 200
                 else failures.append(f"{name}: {status} {str(answer)[:80]}"))
            i += 1
            time.sleep(max(0.0, pace * (0.5 + random.random()) - (time.perf_counter() - began)))

    def refresh() -> None:
        i = 0
        while not stop.is_set():
            began = time.perf_counter()
            status, answer = call(services[i % len(services)] + "api/class", token=teacher)
            with lock:
                (refreshes.append(time.perf_counter() - began) if status == 200
                 else failures.append(f"teacher: {status} {str(answer)[:80]}"))
            i += 1
            time.sleep(max(0.0, 1.0 - (time.perf_counter() - began)))

    def attacker(connection: int, body: bytes) -> None:
        url = urlparse(services[connection % len(services)])
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        while not stop.is_set():
            try:
                conn.request("POST", url.path + "api/me", body=body,
                             headers={"Authorization": f"token {tokens[hostile]}", "Content-Type": "application/json"})
                answer = conn.getresponse()
                answer.read()
                with lock:
                    hostile_answers[answer.status] = hostile_answers.get(answer.status, 0) + 1
                if answer.getheader("Connection", "").lower() == "close":
                    conn.close()
            except (OSError, http.client.HTTPException):
                with lock:
                    hostile_answers[0] = hostile_answers.get(0, 0) + 1      # 0: the connection cut
                conn.close()
                conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)

    names = [name for name in bodies if name != hostile]
    threads = [threading.Thread(target=pupil, args=(n, name)) for n, name in enumerate(names)]
    threads.append(threading.Thread(target=refresh))
    if hostile is not None:
        body = hostile_body()
        threads += [threading.Thread(target=attacker, args=(c, body)) for c in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    ms = lambda xs, f: round(1000 * percentile(xs, f), 1) if xs else None  # noqa: E731
    return {"seconds": seconds, "posts": len(posts), "post_p50_ms": ms(posts, 0.5), "post_p95_ms": ms(posts, 0.95),
            "refreshes": len(refreshes), "refresh_p50_ms": ms(refreshes, 0.5), "refresh_p95_ms": ms(refreshes, 0.95),
            "failures": len(failures), "failed": failures[:3], "hostile_answers": hostile_answers}


def quiet_refresh(service: str, teacher: str, count: int = 30) -> dict:
    """The teacher alone refreshing ``count`` times: p50/p95 and the answer's size."""
    from tests.hub import call

    took, size = [], 0
    for _ in range(count):
        began = time.perf_counter()
        status, answer = call(service + "api/class", token=teacher)
        took.append(time.perf_counter() - began)
        assert status == 200, answer
        size = len(json.dumps(answer))
    return {"refresh_p50_ms": round(1000 * percentile(took, 0.5), 1),
            "refresh_p95_ms": round(1000 * percentile(took, 0.95), 1), "answer_kb": size // 1000}


def term_run(pupils: int, seconds: float, hostile_seconds: float, postgres: bool, slope: bool, pace: float) -> dict:
    """One hub; the class seeded with a term; quiet and hostile phases; then the slope, on SQLite (one
    service) and, with ``postgres``, on PostgreSQL (two service processes)."""
    from tests.hub import call, start_class_hub

    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp(prefix="burraco-bench-"))
    pool = practice_pool(TERM_ANSWERS * (10 if slope else 1) + 40)
    names = [f"pupil{n:02d}" for n in range(pupils)]
    hostile = "mallory"
    results: dict = {"pupils": pupils}
    rounds = 8                         # copies a pupil cycles through: one more answer each
    bodies = {}
    for n, name in enumerate(names):
        progress = term_progress(n, pool, TERM_ANSWERS)
        bodies[name] = []
        for r in range(rounds):
            ex = pool[-1 - (n + r) % 40]
            progress.record(ex.id, correct=True, hints=0, retries=0, solution_shown=False, teaches=ex.teaches)
            bodies[name].append(progress.to_json().encode())
    results["progress_kb"] = len(bodies[names[0]][-1]) // 1000
    bodies[hostile] = [bodies[names[0]][0]]
    backends = [("sqlite", None)]
    if postgres:
        from tests.postgres import postgres_url

        backends.append(("postgresql", postgres_url))
    for backend, make_url in backends:
        context = make_url() if make_url else None
        db_url = context.__enter__() if context else None
        hub = start_class_hub(pathlib.Path(tempfile.mkdtemp(prefix="burraco-term-")), managed=False, auth_cache=60)
        extra = None
        try:
            if db_url:
                hub.stop_service()
                hub.db = db_url
                hub.start_service()
                extra, other = second_service(hub, db_url)
                services = [hub.service_url, other]
            else:
                services = [hub.service_url]
            tokens = {name: hub.user(name) for name in [*names, hostile]}
            teacher = hub.user("rossi", teacher=True)
            for name in names:                        # the term so far, then the practice set as work
                status, _ = call(services[0] + "api/me", "POST", bodies[name][0], token=tokens[name])
                assert status == 200
            rules = ["run.gap", "meld.not-a-meld", "meld.too-few-cards"]
            status, _ = call(services[0] + "api/assignments", "POST",
                             json.dumps({"kind": "practice", "rules": rules}).encode(), token=teacher)
            assert status == 201
            quiet_refresh(services[0], teacher, 3)     # the hub has seen the teacher's token
            side = {"services": len(services), "quiet_alone": quiet_refresh(services[0], teacher)}
            side["quiet"] = phase(services, tokens, teacher, bodies, seconds, None, pace)
            side["hostile"] = phase(services, tokens, teacher, bodies, hostile_seconds, hostile, pace)
            processes = [hub.service_process] + ([extra] if extra else [])
            side["memory_mb"] = [rss_mb(p) for p in processes]
            if slope and backend == "sqlite":
                side["slope_1x"] = quiet_refresh(services[0], teacher)
                for name in names:                    # nine more terms of practice for every pupil
                    n = names.index(name)
                    ten = term_progress(n, pool, TERM_ANSWERS * 10)
                    status, _ = call(services[0] + "api/me", "POST", ten.to_json().encode(), token=tokens[name])
                    assert status == 200
                side["slope_10x"] = quiet_refresh(services[0], teacher)
            results[backend] = side
        finally:
            if extra is not None:
                from tests.browser.support import stop as stop_process

                stop_process(extra)
            hub.close()
            if context:
                context.__exit__(None, None, None)
    results["load"] = os.getloadavg()
    return results


def term_main(options) -> int:
    quick = options.quick
    hostile_seconds = options.hostile_seconds or (15.0 if quick else 60.0)
    result = term_run(options.pupils, hostile_seconds, hostile_seconds, not options.no_postgres, True, options.pace)
    if options.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"A term: {result['pupils']} pupils, lessons 1-13 and {TERM_ANSWERS} practice answers each "
          f"(progress ~{result['progress_kb']} kB), practice set as work; each pupil posts every ~{options.pace:g} s "
          f"(0.5-1.5x), the teacher refreshes every second")
    failed = 0
    for backend in ("sqlite", "postgresql"):
        if backend not in result:
            continue
        side = result[backend]
        print(f"  {backend}, {side['services']} service process(es):")
        for label, key in (("quiet", "quiet"), (f"hostile pupil, 1 MB x 4 connections, {hostile_seconds:g} s", "hostile")):
            p = side[key]
            failed += p["failures"]
            print(f"    {label:48} post p50 {p['post_p50_ms']} ms p95 {p['post_p95_ms']} ms ({p['posts']}),"
                  f" refresh p50 {p['refresh_p50_ms']} ms p95 {p['refresh_p95_ms']} ms ({p['refreshes']}),"
                  f" {p['failures']} failed" + (f"; hostile answers {p['hostile_answers']}" if key == "hostile" else ""))
            for failure in p["failed"]:
                print(f"        {failure}")
        q, h = side["quiet"], side["hostile"]
        if q["post_p95_ms"] and h["post_p95_ms"]:
            print(f"    others' post p95 under the hostile pupil: {h['post_p95_ms'] / q['post_p95_ms']:.2f}x quiet (target <= 1.5x)")
        print(f"    teacher alone: refresh p50 {side['quiet_alone']['refresh_p50_ms']} ms "
              f"p95 {side['quiet_alone']['refresh_p95_ms']} ms, answer {side['quiet_alone']['answer_kb']} kB")
        print(f"    memory per service process (now, peak): {side['memory_mb']} MB")
        if "slope_10x" in side:
            one, ten = side["slope_1x"], side["slope_10x"]
            print(f"    slope: teacher alone, 1x a term p50 {one['refresh_p50_ms']} ms p95 {one['refresh_p95_ms']} ms "
                  f"({one['answer_kb']} kB); 10x p50 {ten['refresh_p50_ms']} ms p95 {ten['refresh_p95_ms']} ms "
                  f"({ten['answer_kb']} kB)")
    print(f"  load average {', '.join(f'{x:.1f}' for x in result['load'])} (figures from a busy machine say little)")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--term", action="store_true", help="a term of history, a hostile pupil, replicas, the slope")
    parser.add_argument("--quick", action="store_true", help="--term in a few minutes: shorter phases")
    parser.add_argument("--hostile-seconds", type=float, default=None,
                        help="how long the hostile pupil posts (default 60, or 10 with --quick)")
    parser.add_argument("--no-postgres", action="store_true", help="--term on SQLite only")
    parser.add_argument("--pace", type=float, default=5.0,
                        help="--term: seconds between a pupil's posts, on average (default 5: a brisk class)")
    options = parser.parse_args()
    if options.term:
        return term_main(options)
    result = run(options.pupils, options.rounds)
    if options.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"{result['pupils']} pupils posting at once to one class service (SQLite), {result['rounds']} rounds: "
          f"{result['posts']} posts in {result['elapsed_s']} s, {result['failed_posts']} failed; "
          f"progress ~{result['progress_bytes'] // 1000} kB each")
    for failure in result["failures"]:
        print(f"    {failure}")
    print(f"  {'':38} {'p50':>8} {'p95':>8}")
    print(f"  {'a pupil post (POST api/me)':38} {result['post_p50_ms']:>6} ms {result['post_p95_ms']:>6} ms")
    print(f"  {'teacher refresh under that load':38} {result['refresh_p50_ms']:>6} ms {result['refresh_p95_ms']:>6} ms"
          f"   ({result['refreshes']} refreshes)")
    print(f"  {'teacher refresh, read and drawn':38} {result['refresh_drawn_p50_ms']:>6} ms "
          f"{result['refresh_drawn_p95_ms']:>6} ms   (after the load)")
    print(f"  {'upload of ' + str(result['pupils']) + ' files today, drawn':38} {result['upload_p50_ms']:>6} ms {result['upload_p95_ms']:>6} ms")
    print(f"  load average {', '.join(f'{x:.1f}' for x in result['load'])} (figures from a busy machine say little)")
    return 1 if result["failed_posts"] else 0


if __name__ == "__main__":
    sys.exit(main())
