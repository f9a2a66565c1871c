"""A printable worksheet: N exercises with their cards, and an answer key on a page of its own."""

from __future__ import annotations

from html.parser import HTMLParser

from lessons.generators import exercises
from lessons.worksheet import save_worksheet, worksheet

KINDS = ["judge-meld", "attach", "stands-for", "free-or-bound", "spot-burraco", "build-meld"]


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.exercises: list[str] = []
        self.answers: list[tuple[str, str]] = []
        self.svgs = 0
        self.in_key = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "li" and a.get("class") == "bt-exercise":
            self.exercises.append(a["data-id"])
        if tag == "li" and a.get("class") == "bt-answer":
            assert self.in_key
            self.answers.append((a["data-id"], a["data-answer"]))
        if tag == "section" and a.get("class") == "bt-key":
            self.in_key = True
        if tag == "svg":
            self.svgs += 1


def test_the_worksheet_holds_n_exercises_and_their_answers(tmp_path):
    n, seed = 8, 40
    page = worksheet(KINDS, n, seed, "classic", "it")
    parsed = _Page()
    parsed.feed(page)
    made = list(exercises(KINDS, n, seed, "classic"))
    assert parsed.exercises == [ex.id for ex in made]
    assert parsed.answers == [(ex.id, str(ex.solution)) for ex in made]
    assert all(ex.check(answer).correct for ex, (_, answer) in zip(made, parsed.answers, strict=True))
    assert parsed.svgs >= n                                  # cards drawn as SVG
    assert "page-break-before: always" in page and "Soluzioni" in page
    path = save_worksheet(tmp_path / "sheet.html", KINDS, n, seed, "pulito", "es")
    assert "Soluciones" in path.read_text(encoding="utf-8")
