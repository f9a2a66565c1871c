"""A class summary: the progress files pupils export, as a table of pupils x lessons with stars,
and the rules the class misses most. A file that cannot be read is reported by name, not fatal.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from burraco_core import BurracoError

from .curriculum import Lesson
from .progress import Progress


@dataclass
class ClassSummary:
    """``pupils``: name -> Progress; ``bad_files``: file name -> why it could not be read."""

    pupils: dict[str, Progress] = field(default_factory=dict)
    bad_files: dict[str, str] = field(default_factory=dict)

    def stars(self, lessons: Iterable[Lesson]) -> dict[str, dict[str, int]]:
        """Pupil -> lesson key -> the stars earned in that lesson's exercises."""
        lessons = tuple(lessons)
        return {name: {lesson.key: progress.total_stars([ex.id for ex in lesson.exercises]) for lesson in lessons}
                for name, progress in sorted(self.pupils.items())}

    def most_missed(self) -> list[tuple[str, int]]:
        """Rule id and misses over the whole class, most missed first."""
        total: dict[str, int] = {}
        for progress in self.pupils.values():
            for rule, n in progress.missed_rules().items():
                total[rule] = total.get(rule, 0) + n
        return sorted(total.items(), key=lambda item: (-item[1], item[0]))


def load_class(paths: Iterable[str | pathlib.Path]) -> ClassSummary:
    """Read each pupil's exported progress file (the pupil is named by the file's stem)."""
    summary = ClassSummary()
    for each in paths:
        path = pathlib.Path(each)
        try:
            summary.pupils[path.stem] = Progress.from_json(path.read_bytes())
        except (OSError, BurracoError, ValueError) as err:
            summary.bad_files[path.name] = str(err)
    return summary


__all__ = ["ClassSummary", "load_class"]
