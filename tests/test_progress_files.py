"""Progress, exports, class files and worksheets read and replace only regular files (or links to one).

Each case puts something that is not a file at the path (a folder, a named pipe, a socket, a
device node like /dev/null), made inside the test's temporary folder, feeds it through the public
interface and checks the error (or the notice), and that the thing is exactly as it was. Opening a
named pipe to read or write waits for the other end, so a regression would hang: an alarm turns
that into a failure.
"""

from __future__ import annotations

import os
import pathlib
import signal
import socket
import stat

import pytest

from lessons.learner.files import NotAFile, read_regular, what_is_there
from lessons.learner.filestore import FileStore, read_file
from lessons.learner.progress import Progress, ProgressError
from lessons.learner.store import ProgressKeeper
from lessons.teachers.classroom import load_class
from lessons.teachers.worksheet import save_worksheet

KINDS = ["folder", "pipe", "socket", "device"]


@pytest.fixture(autouse=True)
def no_hang():
    """Fail (instead of blocking the whole run) when something opens a pipe and waits."""

    def hung(signum, frame):
        raise TimeoutError("blocked on something that is not a file")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def sockets():
    held: list[socket.socket] = []
    yield held
    for each in held:
        each.close()


def make(kind: str, path: pathlib.Path, sockets: list[socket.socket]) -> pathlib.Path:
    """Put a ``kind`` at ``path`` (inside the test's temporary folder, never on a real device path)."""
    if kind == "folder":
        path.mkdir()
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        sockets.append(server)
    elif kind == "device":
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))     # the numbers of /dev/null
    return path


def state(folder: pathlib.Path) -> dict[str, tuple[int, int, int]]:
    """Every entry of the folder as it is: kind and permissions, inode, device numbers (links not followed)."""
    return {p.name: (p.lstat().st_mode, p.lstat().st_ino, p.lstat().st_rdev) for p in folder.iterdir()}


def sample() -> Progress:
    p = Progress()
    p.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False)
    return p


# ---------------------------------------------------------------- the helpers
@pytest.mark.parametrize("kind", KINDS)
def test_what_is_there_names_it_without_opening_it(tmp_path, kind, sockets):
    path = make(kind, tmp_path / "progress.json", sockets)
    assert what_is_there(path) == kind
    with pytest.raises(NotAFile) as caught:
        read_regular(path)
    assert caught.value.what == kind and isinstance(caught.value, OSError)
    assert str(path) in str(caught.value)


def test_a_regular_file_or_a_link_to_one_is_a_file(tmp_path):
    (tmp_path / "real.json").write_text("x", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    (tmp_path / "dangling.json").symlink_to(tmp_path / "gone.json")
    assert what_is_there(tmp_path / "real.json") is None
    assert what_is_there(tmp_path / "link.json") is None and read_regular(tmp_path / "link.json") == b"x"
    assert what_is_there(tmp_path / "dangling.json") is None and what_is_there(tmp_path / "nothing") is None
    (tmp_path / "to-fifo").symlink_to(make("pipe", tmp_path / "fifo", []))
    assert what_is_there(tmp_path / "to-fifo") == "pipe"


# ---------------------------------------------------------------- the learner's file
@pytest.mark.parametrize("kind", KINDS)
def test_the_progress_file_store_reports_what_is_there_and_leaves_it(tmp_path, kind, sockets):
    path = make(kind, tmp_path / "progress.json", sockets)
    before = state(tmp_path)
    store = FileStore(path)
    assert store.load().is_empty()
    assert store.problem is not None and store.problem.key == "progress.notice.not-a-file"
    assert store.problem.params["what"] == kind and store.backup is None
    text = store.problem.text("en")
    assert str(path) in text and "not a file" in text
    assert store.problem.text("it") != text and store.problem.text("es") != text
    with pytest.raises(ProgressError) as caught:
        store.save(sample())
    assert caught.value.key == "not-a-file" and caught.value.params["what"] == kind
    assert state(tmp_path) == before            # not moved aside, not replaced, nothing beside it


@pytest.mark.parametrize("kind", ["pipe", "device"])
def test_a_link_to_a_pipe_or_a_device_is_not_followed_into_it(tmp_path, kind, sockets):
    (tmp_path / "progress.json").symlink_to(make(kind, tmp_path / "thing", sockets))
    before = state(tmp_path)
    store = FileStore(tmp_path / "progress.json")
    assert store.load().is_empty() and store.problem.params["what"] == kind
    with pytest.raises(ProgressError):
        store.save(sample())
    assert state(tmp_path) == before


def test_a_link_to_the_progress_file_is_read_and_written_through(tmp_path):
    real = tmp_path / "kept" / "progress.json"
    FileStore(real).save(sample())
    link = tmp_path / "progress.json"
    link.symlink_to(real)
    store = FileStore(link)
    loaded = store.load()
    assert loaded == sample() and store.problem is None
    loaded.record("melds.group", correct=True, hints=0, retries=0, solution_shown=False)
    store.save(loaded)
    assert link.is_symlink() and FileStore(real).load() == loaded     # the link stays, the file changed


def test_a_corrupt_file_behind_a_link_is_moved_aside_and_the_link_stays(tmp_path):
    real = tmp_path / "kept" / "progress.json"
    real.parent.mkdir()
    real.write_text("not progress", encoding="utf-8")
    link = tmp_path / "progress.json"
    link.symlink_to(real)
    store = FileStore(link)
    assert store.load().is_empty() and store.problem.key == "progress.notice.corrupt"
    assert store.backup is not None and store.backup.parent == real.parent
    assert store.backup.read_text(encoding="utf-8") == "not progress"
    store.save(sample())
    assert link.is_symlink() and FileStore(real).load() == sample()


@pytest.mark.parametrize("kind", KINDS)
def test_export_and_import_refuse_what_is_not_a_file(tmp_path, kind, sockets):
    store = FileStore(tmp_path / "progress.json")
    store.save(sample())
    thing = make(kind, tmp_path / "export.json", sockets)
    before = state(tmp_path)
    with pytest.raises(ProgressError) as caught:
        store.export(thing)
    assert caught.value.key == "not-a-file"
    with pytest.raises(ProgressError) as caught:
        store.import_(thing)
    assert caught.value.key == "not-a-file"
    with pytest.raises(ProgressError):
        read_file(thing)
    assert state(tmp_path) == before and store.load() == sample()


@pytest.mark.parametrize("kind", ["pipe", "device"])
def test_the_keeper_reports_it_and_keeps_working(tmp_path, kind, sockets):
    path = make(kind, tmp_path / "progress.json", sockets)
    before = state(tmp_path)
    keeper = ProgressKeeper(file_store=FileStore(path), key="test")
    assert keeper.problem is not None and keeper.problem.key == "progress.notice.not-a-file"
    assert keeper.record("melds.first-run", correct=True, hints=0, retries=0, solution_shown=False) == 3
    assert keeper.problem.key == "progress.notice.save-failed"          # said, not raised; the page goes on
    assert "not a file" in keeper.problem.text("en")
    assert keeper.progress.stars("melds.first-run") == 3                # kept in the kernel and the browser
    assert keeper.widget.progress.stars("melds.first-run") == 3
    with pytest.raises(ProgressError):
        keeper.import_file(path)
    with pytest.raises(ProgressError):
        keeper.export_file(path)
    assert state(tmp_path) == before


# ---------------------------------------------------------------- the teacher's files
@pytest.mark.parametrize("kind", ["pipe", "device", "socket"])
def test_a_class_folder_names_what_is_not_a_file_and_counts_the_others(tmp_path, kind, sockets):
    (tmp_path / "ada.json").write_text(sample().to_json(), encoding="utf-8")
    make(kind, tmp_path / "bob.json", sockets)
    before = state(tmp_path)
    summary = load_class([tmp_path])
    assert list(summary.pupils) == ["ada"]
    assert "bob.json" in summary.bad_files
    assert "not a file" in summary.bad_files["bob.json"].text("en")
    assert state(tmp_path) == before


@pytest.mark.parametrize("kind", ["folder", "pipe", "device"])
def test_a_worksheet_is_not_written_into_a_pipe_or_a_device(tmp_path, kind, sockets):
    path = make(kind, tmp_path / "sheet.html", sockets)
    before = state(tmp_path)
    with pytest.raises(NotAFile) as caught:
        save_worksheet(path, "stands-for", 2, 1)
    assert caught.value.what == kind
    assert state(tmp_path) == before
    written = save_worksheet(tmp_path / "ok.html", "stands-for", 2, 1)
    assert written.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


# ---------------------------------------------------------------- bytes and text
def test_progress_reads_the_bytes_of_a_file_in_any_form(tmp_path):
    text = sample().to_json()
    raw = text.encode("utf-8")
    for given in (raw, bytearray(raw), memoryview(raw), b"\xef\xbb\xbf" + raw, "\ufeff" + text):
        assert Progress.from_json(given) == sample()
    (tmp_path / "notepad.json").write_bytes(b"\xef\xbb\xbf" + raw)      # an editor's byte-order mark
    assert read_file(tmp_path / "notepad.json") == sample()
    with pytest.raises(ProgressError) as caught:
        Progress.from_json(b"\xff\xfe" + raw)
    assert caught.value.key == "not-text"
