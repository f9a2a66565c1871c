"""What of a learner's saved progress these lessons cannot use, said in words.

Progress is read whole whatever it names (another version of the lessons, or another site, may
have written it): a language without texts here falls back to English, a resume point in no
lesson leads to the list of lessons. Both used to happen without a word; :func:`unused_parts`
gives the notice the progress panel shows (once: the keeper remembers what it said). Pure Python.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence

from burraco_core.messages import Message

from ..curriculum import model
from ..curriculum.model import Lesson
from .progress import Progress

__all__ = ["in_course", "unused_parts"]


def unused_parts(progress: Progress, lessons: Sequence[Lesson] | None = None,
                 languages: Sequence[str] | None = None) -> Message | None:
    """A notice naming what the progress holds that cannot be used here, or None when all of it can.

    ``lessons`` and ``languages`` default to the lessons and the complete languages of this version.
    """
    known = tuple(model.languages() if languages is None else languages)
    lang = progress.lang
    odd_lang = lang is not None and lang not in known
    resume = progress.resume
    odd_resume = False
    if resume is not None:
        sizes = _sizes() if lessons is None else {lesson.key: len(lesson.exercises) for lesson in lessons}
        odd_resume = resume[0] not in sizes or resume[1] > sizes[resume[0]]   # = the count: the summary
    if odd_lang and odd_resume:
        return Message("progress.notice.unknown-lang-resume", lang=lang)
    if odd_lang:
        return Message("progress.notice.unknown-lang", lang=lang)
    if odd_resume:
        return Message("progress.notice.unknown-resume")
    return None


def in_course(key: str) -> bool:
    """Whether ``key`` is one of the course's lessons (not a teacher's single exercise or a worksheet)."""
    return key in _sizes()


@functools.cache
def _sizes() -> dict[str, int]:
    """Each lesson's key -> how many exercises it has, read from the lesson files as plain JSON: a tool's
    page keeps progress too, and reading every lesson properly (each exercise proven by the engine)
    would cost it a third of a second for this one question. A broken file is the loader's to report."""
    sizes: dict[str, int] = {}
    for path in sorted(model.CONTENT_DIR.glob("[0-9][0-9]-*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            sizes[str(data["key"])] = len(data["exercises"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sizes
