"""A class summary: the progress files pupils export, as a table of pupils x lessons with stars,
and the rules the class misses most. A file that cannot be read is reported by name, not fatal.

For a teacher with a folder of exported files::

    summary = load_class(pathlib.Path("class-3b").glob("*.json"))
    summary.stars(lessons.LESSONS)       # pupil -> lesson key -> stars
    summary.missed_by()                  # [(rule id, pupils who missed it, misses)], most first
    summary.bad_files                    # file name -> Message saying why it was not read

``lessons.class_summary(paths)`` shows the same as a widget (the tool page uploads files instead).
No ipywidgets here.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from burraco_core.messages import Message

from ..curriculum.model import Lesson, moved_ids
from ..learner.files import NotAFile, read_regular
from ..learner.progress import Progress, ProgressError


@dataclass
class ClassSummary:
    """``pupils``: name -> Progress; ``bad_files``: file name -> why it could not be read (a Message)."""

    pupils: dict[str, Progress] = field(default_factory=dict)
    bad_files: dict[str, Message] = field(default_factory=dict)

    def add(self, file_name: str, content: bytes | str) -> bool:
        """One pupil's exported file (the pupil is named by the file's stem); False when it is not
        progress (the reason goes to ``bad_files``, the other pupils stay)."""
        name = pathlib.PurePath(file_name).name
        try:
            progress = Progress.from_json(content)
        except ProgressError as err:
            self.bad_files[name] = Message("class.bad-file", file=name, reason=err.msg)
            return False
        progress.move_ids(moved_ids())        # a file saved before the course was rebuilt keeps its stars
        pupil = pathlib.PurePath(name).stem or name
        if pupil in self.pupils:           # the same pupil twice (two exports): keep the best of both
            progress = self.pupils[pupil].merge(progress, keep_all=True)
        self.pupils[pupil] = progress
        self.bad_files.pop(name, None)
        return True

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

    def missed_by(self) -> list[tuple[str, int, int]]:
        """(rule id, how many pupils missed it, misses in all), the rule most pupils missed first."""
        pupils: dict[str, int] = {}
        misses: dict[str, int] = {}
        for progress in self.pupils.values():
            for rule, n in progress.missed_rules().items():
                pupils[rule] = pupils.get(rule, 0) + 1
                misses[rule] = misses.get(rule, 0) + n
        return sorted(((rule, pupils[rule], misses[rule]) for rule in pupils),
                      key=lambda item: (-item[1], -item[2], item[0]))


def load_class(paths: Iterable[str | pathlib.Path]) -> ClassSummary:
    """Read each pupil's exported progress file (the pupil is named by the file's stem); a folder
    stands for the ``*.json`` files in it."""
    summary = ClassSummary()
    for each in paths:
        path = pathlib.Path(each)
        if path.is_dir():
            for inner in sorted(path.glob("*.json")):
                _read_into(summary, inner)
        else:
            _read_into(summary, path)
    return summary


def _read_into(summary: ClassSummary, path: pathlib.Path) -> None:
    try:
        content = read_regular(path)        # a named pipe or a device among the files is not opened
    except NotAFile as err:
        summary.bad_files[path.name] = Message("class.bad-file", file=path.name,
                                               reason=Message("progress.error.not-a-file", path=path.name, what=err.what))
        return
    except OSError as err:
        summary.bad_files[path.name] = Message("class.bad-file", file=path.name,
                                               reason=Message("class.unreadable", detail=err.strerror or str(err)))
        return
    summary.add(path.name, content)


__all__ = ["ClassSummary", "load_class"]
