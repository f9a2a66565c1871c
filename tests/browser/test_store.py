"""Progress in the browser's localStorage: it survives a reload (a new kernel) and two tabs share it.

A small notebook in a temporary folder, served by its own Voilà: it shows a BrowserStore
and a button that solves one more exercise. Nothing is kept on the server's disk, so
what comes back after the reload came from localStorage.
"""

from __future__ import annotations

import json

import nbformat
import pytest

from tests.browser.support import ARTIFACTS, missing, start_voila, stop, voila_executable

pytestmark = pytest.mark.browser

KEY = "burraco-tutor-browser-test"
CELL = f'''
import ipywidgets as w
from lessons.store import BrowserStore

store = BrowserStore(key={KEY!r})
status = w.HTML()

def show(*_):
    p = store.progress
    status.value = (f"<span class='bt-store-status'>stars: {{p.total_stars()}}; "
                    f"loaded: {{'yes' if store.loaded else 'no'}}</span>")

def solve(_):
    p = store.progress.copy()
    p.record(f"test.ex{{len(p.exercise_ids())}}", correct=True, hints=0, retries=0, solution_shown=False)
    store.save(p)
    show()

store.on_load(show)
store.observe(show, names=["loaded"])
button = w.Button(description="Solve one")
button.on_click(solve)
show()
w.VBox([status, button, store])
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


def test_progress_survives_a_reload_and_two_tabs_lose_nothing(browser, store_url):
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
    finally:
        context.close()
