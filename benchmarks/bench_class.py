"""A class of 30 on one class service (SQLite): pupils' progress arriving at once, and the teacher's refresh.

A real JupyterHub on 127.0.0.1 with the class service beside it (tests/hub.py), 30 hub users with
their own tokens. Each pupil's tutorial is a thread that sends its progress as ``ClassLink`` does
(``POST api/me``, the whole progress as the tutorial saves it), one more exercise answered each
round; all start together, ``--rounds`` times. Meanwhile the teacher's page asks for the class
(``GET api/class``) as fast as it can. Printed side by side: p50/p95 of a pupil's post, of the
teacher's refresh (the request alone, and with reading the answer and redrawing the page), and,
for the class without a hub, the teacher's upload of the same 30 progress files today
(``ClassSummaryWidget.add_files``: reading them and redrawing the page), in the same run.

    .venv/bin/python benchmarks/bench_class.py [--pupils 30] [--rounds 10] [--json]
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
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
