"""What the app's browser tests and benchmarks share: opening tutorial pages, doing an exercise.

Every platform shows the same notebooks; only the address differs (``page_url``). The
first exercise of lesson 1 ("how many cards?") is answered by typing, so it is the one
the tests complete: with the mouse, or with the keyboard alone.
"""

from __future__ import annotations

from typing import Any

import lessons

# What appears once a page of the app is drawn (each page's outermost widget).
READY = {
    "home": ".bt-home .bt-lesson-row",
    "lesson": ".bt-lesson-page .bt-lesson",
    "tool": "[class*='bt-tool-page-'] .bh-card svg, .bt-tool-page-score .bt-score",
}
FIRST = lessons.LESSONS[0]
SECOND = lessons.LESSONS[1]
FIRST_ANSWER = str(FIRST.exercises[0].solution)
WRONG_ANSWER = str(FIRST.exercises[0].wrong_answers[0][0]) if FIRST.exercises[0].wrong_answers else "100"
# Widget views removed from the page that the widget manager's models still hold, with their DOM (ipywidgets 8
# keeps them through each view's msg:custom listener and its layout's and style's views; lite/widget_views.py
# patches the static site's copy, issue 31): 0 once fixed; -1 where the page has no widget manager to ask.
VIEWS_GONE_KEPT = """async () => {
  const manager = window.jupyterapp?._widgetManager;
  if (!manager) return -1;
  let kept = 0;
  for (const model of await Promise.all(Object.values(manager._models))) {
    const views = (await Promise.all(Object.values(model.views || {}))).filter(Boolean);
    kept += Math.max(0, ((model._events || {})["msg:custom"] || []).length - views.length);
    kept += views.filter(view => view.options?.parent?.luminoWidget?.isDisposed).length;
  }
  return kept;
}"""


def notebook(name: str, static: bool = False) -> str:
    return f"{name}.html" if static else f"{name}.ipynb"


def wait_ready(page: Any, what: str, timeout: float = 60_000) -> None:
    page.wait_for_selector(READY[what], timeout=timeout)


def home_stars(page: Any, key: str) -> int:
    """The stars the home page shows for lesson ``key``."""
    value = page.locator(f'.bt-lesson-row[data-lesson="{key}"]').get_attribute("data-stars")
    return int(value or 0)


def wait_home_stars(page: Any, key: str, at_least: int, timeout: float = 30_000) -> None:
    page.wait_for_function(
        "([key, n]) => { const row = document.querySelector(`.bt-lesson-row[data-lesson=\"${key}\"]`);"
        " return row && Number(row.dataset.stars) >= n; }", arg=[key, at_least], timeout=timeout)


def open_first_exercise(page: Any, timeout: float = 30_000) -> None:
    """In an open lesson page, go to exercise 1 (from the intro, the summary or elsewhere)."""
    page.locator(".bt-strip-item").first.click()
    page.wait_for_selector(".bt-exercise .bt-number input", timeout=timeout)


def answer_first_exercise(page: Any, answer: str = FIRST_ANSWER, timeout: float = 30_000) -> str:
    """Type the answer to lesson 1's first exercise, press Check; return the verdict's text."""
    box = page.locator(".bt-exercise .bt-number input")
    before = page.evaluate("() => document.querySelector('.bt-verdict')?.innerText ?? ''")
    box.fill(answer)
    page.locator(".bt-check").click()
    page.wait_for_function(
        "before => { const v = document.querySelector('.bt-verdict');"
        " return v && v.innerText.trim().length > 0 && v.innerText !== before; }", arg=before, timeout=timeout)
    return str(page.locator(".bt-verdict").inner_text())


def solved_verdict(page: Any, timeout: float = 30_000) -> None:
    page.wait_for_selector(".bt-verdict .bt-stars", timeout=timeout)
