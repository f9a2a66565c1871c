"""The class summary: pupils x lessons with stars, the rules missed most, bad files named."""

from __future__ import annotations

import lessons
from lessons.learner.progress import Progress
from lessons.teachers.classroom import load_class


def test_a_class_of_progress_files(tmp_path):
    first = lessons.LESSONS[0]
    anna, ben = Progress(), Progress()
    anna.record(first.exercises[0].id, correct=True, hints=0, retries=0, solution_shown=False)
    ben.record(first.exercises[0].id, correct=False, hints=0, retries=0, solution_shown=False, rule="run.gap")
    ben.record(first.exercises[1].id, correct=False, hints=0, retries=0, solution_shown=False, rule="run.gap")
    anna.record(first.exercises[1].id, correct=False, hints=0, retries=0, solution_shown=False, rule="wild.bound")
    (tmp_path / "anna.json").write_text(anna.to_json(), encoding="utf-8")
    (tmp_path / "ben.json").write_text(ben.to_json(), encoding="utf-8")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    summary = load_class(sorted(tmp_path.glob("*.json")) + [tmp_path / "missing.json"])
    assert sorted(summary.pupils) == ["anna", "ben"]
    assert set(summary.bad_files) == {"broken.json", "missing.json"}
    table = summary.stars(lessons.LESSONS[:2])
    assert table["anna"][first.key] == anna.stars(first.exercises[0].id) > 0
    assert table["ben"][first.key] == 0
    assert summary.most_missed() == [("run.gap", 2), ("wild.bound", 1)]
