"""Several kernels of one learner saving to one file at once (two tabs, the home page and a lesson): every
answer is kept, and a writer killed mid-save never leaves a file that does not load, nor its temp file
after the next save (issue 29). Real processes, the real file, through the keeper and FileStore."""

from __future__ import annotations

import multiprocessing
import os
import pathlib
import random
import signal
import subprocess
import sys
import time

import pytest

from lessons.learner.filestore import FileStore
from lessons.learner.progress import Progress

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _answer_many(path: str, writer: int, count: int, start: multiprocessing.synchronize.Event) -> None:
    from lessons.learner.store import ProgressKeeper
    keeper = ProgressKeeper(file_store=FileStore(path), link=False)
    start.wait()
    for n in range(count):
        keeper.record(f"w{writer}.e{n}", correct=True, hints=n % 2, retries=0, solution_shown=False)
        keeper.progress.record(f"gen.attach.{writer * 1000 + n}", correct=True, hints=0, retries=0,
                               solution_shown=False, teaches=("run.gap",))
        keeper.save()
    if keeper.problem is not None:
        raise SystemExit(f"writer {writer}: {keeper.problem}")


@pytest.mark.slow
@pytest.mark.parametrize(("writers", "answers"), [(8, 25), (2, 60)])
def test_several_kernels_saving_at_once_keep_every_answer(tmp_path, writers, answers):
    path = str(tmp_path / "progress.json")
    context = multiprocessing.get_context("fork")
    start = context.Event()
    processes = [context.Process(target=_answer_many, args=(path, w, answers, start)) for w in range(writers)]
    for process in processes:
        process.start()
    start.set()
    for process in processes:
        process.join(120)
        assert process.exitcode == 0
    saved = FileStore(path).load()
    expected = {f"w{w}.e{n}" for w in range(writers) for n in range(answers)}
    assert expected <= set(saved.exercise_ids())                      # not one answer lost
    assert all(saved.stars(f"w{w}.e{n}") == (3 if n % 2 == 0 else 2) for w in range(writers) for n in range(answers))
    assert saved.practice_counts()["classic"]["run.gap"] >= min(writers * answers, 300)
    assert not list(tmp_path.glob(".progress.json.*.tmp"))


_WRITER = """
import sys
from lessons.learner.filestore import FileStore
from lessons.learner.progress import Progress
store = FileStore(sys.argv[1])
n = 0
print("ready", flush=True)
while True:
    p = Progress()
    for k in range(60):            # a record big enough that a write takes a while
        p.record(f"x{n}.e{k}", correct=k % 3 == 0, hints=0, retries=0, solution_shown=False, rule="run.gap")
    store.save(p)
    n += 1
"""


@pytest.mark.slow
def test_a_writer_killed_mid_save_never_leaves_a_file_that_does_not_load(tmp_path):
    path = tmp_path / "progress.json"
    rng = random.Random(29)
    for _ in range(25):
        writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(path)], cwd=ROOT, stdout=subprocess.PIPE,
                                  text=True)
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        if path.exists():
            Progress.from_json(path.read_bytes())        # always loads: the old file or the new, whole
            store = FileStore(path)
            store.load()
            assert store.problem is None
    FileStore(path).save(Progress())
    assert not list(tmp_path.glob(".progress.json.*.tmp"))      # what the killed writers left is cleaned
    assert FileStore(path).load().exercise_ids()
