"""What of a learner's saved progress these lessons cannot use, said in words.

Progress is read whole whatever it names (another version of the lessons, or another site, may
have written it): a language without texts here falls back to English, a resume point in no
lesson leads to the list of lessons. Both used to happen without a word; :func:`unused_parts`
gives the notice the progress panel shows (once: the keeper remembers what it said). Pure Python.
"""

from __future__ import annotations

from collections.abc import Sequence

from burraco_core.messages import Message

from ..curriculum import model
from ..curriculum.model import Lesson
from .progress import Progress

__all__ = ["unused_parts"]


def unused_parts(progress: Progress, lessons: Sequence[Lesson] | None = None,
                 languages: Sequence[str] | None = None) -> Message | None:
    """A notice naming what the progress holds that cannot be used here, or None when all of it can.

    ``lessons`` and ``languages`` default to the lessons and the complete languages of this version.
    """
    found = tuple(model.all_lessons() if lessons is None else lessons)
    known = tuple(model.languages() if languages is None else languages)
    lang = progress.lang
    odd_lang = lang is not None and lang not in known
    resume = progress.resume
    odd_resume = resume is not None and not any(
        lesson.key == resume[0] and resume[1] < len(lesson.exercises) for lesson in found)
    if odd_lang and odd_resume:
        return Message("progress.notice.unknown-lang-resume", lang=lang)
    if odd_lang:
        return Message("progress.notice.unknown-lang", lang=lang)
    if odd_resume:
        return Message("progress.notice.unknown-resume")
    return None
