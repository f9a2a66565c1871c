"""The beginners' walks beside the lesson estimates (lessons/content/walks.json, docs/curriculum.md)."""

from __future__ import annotations

import json

import pytest

import lessons
from lessons.curriculum import coverage
from lessons.curriculum.model import CurriculumError


def test_the_last_walk_names_every_lesson_and_a_split():
    walk = coverage.last_walk(lessons.LESSONS)
    assert walk is not None
    assert set(walk["minutes"]) == {lesson.key for lesson in lessons.LESSONS}
    assert all(0 < m < 60 for m in walk["minutes"].values())
    assert walk["split_after"] in walk["minutes"]
    page = coverage.table(lessons.LESSONS)
    assert "| walked |" in page and f"on commit {walk['commit']}" in page


def _write(tmp_path, walks):
    (tmp_path / coverage.WALKS_FILE).write_text(json.dumps(walks), encoding="utf-8")
    return tmp_path


def test_a_walk_that_misses_a_lesson_or_is_malformed_is_refused(tmp_path):
    keys = [lesson.key for lesson in lessons.LESSONS]
    good = {"date": "d", "commit": "c", "how": "h", "minutes": {k: 1 for k in keys}, "split_after": keys[0]}
    assert coverage.last_walk(lessons.LESSONS, _write(tmp_path, {"walks": [good]}))["split_after"] == keys[0]
    short = {**good, "minutes": {k: 1 for k in keys[1:]}}
    unknown_split = {**good, "split_after": "nowhere"}
    for bad in ({"walks": [short]}, {"walks": [unknown_split]}, {"walks": []}, {"walks": "no"},
                {"walks": [{**good, "minutes": {k: "x" for k in keys}}]}, [1]):
        with pytest.raises(CurriculumError):
            coverage.last_walk(lessons.LESSONS, _write(tmp_path, bad))


def test_no_walk_file_means_no_walked_column(tmp_path):
    assert coverage.last_walk(lessons.LESSONS, tmp_path) is None
