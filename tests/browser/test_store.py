"""Progress in the browser's localStorage: it survives a reload (a new kernel) and two tabs share it.

A small notebook in a temporary folder, served by its own Voilà: a ProgressKeeper with no
file (only the browser keeps the progress), its ProgressPanel, and a button that solves one
more exercise. What comes back after the reload can only have come from localStorage.
"""

from __future__ import annotations

import json
import pathlib

import nbformat
import pytest

from tests.browser.support import ARTIFACTS, missing, start_voila, stop, voila_executable, wait_for_text

pytestmark = pytest.mark.browser

KEY = "burraco-tutor-browser-test"
CELL = f'''
import ipywidgets as w
from lessons.learner.store import ProgressKeeper
from lessons.widgets.settings import ProgressPanel

keeper = ProgressKeeper(file_store=False, key={KEY!r})     # the browser's storage only
status = w.HTML()

def show(*_):
    status.value = (f"<span class='bt-store-status'>stars: {{keeper.progress.total_stars()}}; "
                    f"loaded: {{'yes' if keeper.widget.loaded else 'no'}}</span>")

def solve(_):
    keeper.record(f"test.ex{{len(keeper.progress.exercise_ids())}}", correct=True, hints=0, retries=0,
                  solution_shown=False)

keeper.changed(show)
keeper.widget.observe(show, names=["loaded"])
button = w.Button(description="Solve one")
button.on_click(solve)
show()
w.VBox([status, button, ProgressPanel(keeper)])
'''


@pytest.fixture(scope="module")
def store_url(tmp_path_factory):
    folder = tmp_path_factory.mktemp("store-notebook")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(CELL)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, folder / "store.ipynb")
    if voila_executable() is None:
        missing("voila is not installed")
    ARTIFACTS.mkdir(exist_ok=True)
    process, url = start_voila(str(folder))
    try:
        yield f"{url}/voila/render/store.ipynb"
    finally:
        stop(process)


def wait_status(page, text: str) -> None:
    page.wait_for_function(
        "text => { const el = document.querySelector('.bt-store-status'); return el && el.innerText === text; }",
        arg=text, timeout=60_000,
    )


def stored(page) -> dict:
    return json.loads(page.evaluate(f"() => window.localStorage.getItem({KEY!r})"))


def test_progress_survives_a_reload_and_two_tabs_lose_nothing(browser, store_url, shoot):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        first = context.new_page()
        first.goto(store_url, wait_until="domcontentloaded")
        wait_status(first, "stars: 0; loaded: yes")
        first.get_by_role("button", name="Solve one").click()
        wait_status(first, "stars: 3; loaded: yes")
        assert list(stored(first)["exercises"]) == ["test.ex0"]

        first.reload(wait_until="domcontentloaded")          # a new kernel: it knows only what the page sends
        wait_status(first, "stars: 3; loaded: yes")

        second = context.new_page()                          # a second tab of the same site
        second.goto(store_url, wait_until="domcontentloaded")
        wait_status(second, "stars: 3; loaded: yes")
        second.get_by_role("button", name="Solve one").click()
        wait_status(second, "stars: 6; loaded: yes")
        wait_status(first, "stars: 6; loaded: yes")          # arrived through the storage event
        first.get_by_role("button", name="Solve one").click()
        wait_status(first, "stars: 9; loaded: yes")
        wait_status(second, "stars: 9; loaded: yes")
        assert sorted(stored(second)["exercises"]) == ["test.ex0", "test.ex1", "test.ex2"]
        assert first.locator(".bt-browser-store").first.is_hidden()
        wait_for_text(first, ".bt-progress-summary", "9 stars, 3 exercises solved")
        with first.expect_download() as download:
            first.locator(".bt-progress-export").click()
        exported = json.loads(pathlib.Path(download.value.path()).read_text(encoding="utf-8"))
        assert sorted(exported["exercises"]) == ["test.ex0", "test.ex1", "test.ex2"]
        shoot(first.locator(".bt-progress-panel"), "progress-panel")
    finally:
        context.close()
