"""A printable worksheet: N exercises with their cards, and an answer key on a page of its own."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from lessons.curriculum.generators import exercises
from lessons.teachers.worksheet import save_worksheet, worksheet

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


@pytest.mark.parametrize(("lang", "title"), [
    ("en", "Burraco worksheet · sheet no. 2026"),
    ("it", "Scheda di Burraco · n. 2026"),
    ("es", "Hoja de ejercicios de Burraco · hoja n.º 2026"),
    ("pt", "Folha de exercícios de Burraco · folha nº 2026"),
])
def test_the_title_says_the_sheets_number_not_a_year(lang, title):
    page = worksheet(["judge-meld", "attach"], 3, 2026, "classic", lang)
    assert f"<title>{title}</title>" in page and f"<h1>{title}</h1>" in page
    # each answer in the key is named as its exercise's prompt names it
    prompts = re.findall(r'<p class="bt-prompt">([^:<]+):', page)
    key = re.findall(r'<li class="bt-answer"[^>]*>([^:<]+):', page)
    assert len(prompts) == 3 and key == prompts
    assert [p.split()[-1] for p in prompts] == ["2026", "2027", "2028"]


@pytest.mark.parametrize(("lang", "corner"), [("en", "Hand"), ("it", "Smazzata"), ("es", "Ronda"), ("pt", "Rodada")])
def test_a_score_tables_corner_names_its_column_for_a_screen_reader(lang, corner):
    """axe's empty-table-header (issue 33): the corner of a score table (hands x sides) was an empty <th>."""
    page = worksheet(["count-score", "victory-points", "match-verdict"], 6, 3, "classic", lang)
    headers = re.findall(r"<th>(.*?)</th>", page)
    assert headers and 'class="bt-scores"' in page
    assert all(re.sub(r"<[^>]+>", "", header).strip() for header in headers)      # none empty
    assert f'<th><span class="bt-sr">{corner}</span></th>' in page and ".bt-sr {" in page
