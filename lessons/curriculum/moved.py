"""Exercise ids of earlier versions of the course (``content/moved-ids.json``) and the exercise each one's
stars now belong to, so a learner's record saved before the course was rebuilt keeps its stars.

Every record is read through :func:`moved_ids` (a tool's page, the home page, a class summary), so it reads
only the lesson files' ids, never proving a lesson: that is :func:`~.model.load_all`'s work, done once, by
the pages that show lessons.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

from burraco_core.errors import shown

from .checks import CurriculumError
from .model import CONTENT_DIR

MOVED_FILE = "moved-ids.json"
"""Exercise ids of earlier versions of the course and the exercise each one's stars now belong to."""
_MOVED: dict[str, str] | None = None


def _json(path: pathlib.Path, name: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise CurriculumError(name, "", f"cannot be read as JSON: {err}") from err
    except RecursionError as err:   # lists in lists thousands deep
        raise CurriculumError(name, "", "cannot be read as JSON: nested too deep") from err


def exercise_ids(folder: str | pathlib.Path = CONTENT_DIR) -> set[str]:
    """The ids of every exercise of the folder's lesson files, as written (no lesson built or proved)."""
    ids: set[str] = set()
    for path in sorted(pathlib.Path(folder).glob("[0-9][0-9]-*.json")):
        data = _json(path, path.name)
        exercises = data.get("exercises") if isinstance(data, dict) else None
        if not isinstance(exercises, list):
            raise CurriculumError(path.name, "exercises", "a list of exercises")
        ids.update(ex["id"] for ex in exercises if isinstance(ex, dict) and isinstance(ex.get("id"), str))
    return ids


def moved_ids(folder: str | pathlib.Path = CONTENT_DIR) -> dict[str, str]:
    """``old exercise id -> id now`` (``lessons/content/moved-ids.json``), every new id checked to be an
    exercise of the course; CurriculumError when the file is wrong. Read once."""
    global _MOVED
    if _MOVED is not None and pathlib.Path(folder) == CONTENT_DIR:
        return _MOVED
    path = pathlib.Path(folder) / MOVED_FILE
    if not path.exists():
        return {}
    data = _json(path, MOVED_FILE)
    moved = data.get("moved") if isinstance(data, dict) else None
    if not isinstance(moved, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in moved.items()):
        raise CurriculumError(MOVED_FILE, "moved", "an object of old id -> new id")
    known = exercise_ids(folder)
    unknown = sorted(v for v in moved.values() if v not in known)
    if unknown:
        raise CurriculumError(MOVED_FILE, "moved", f"no exercise {shown(unknown[0])} in the course")
    if pathlib.Path(folder) == CONTENT_DIR:
        _MOVED = dict(moved)
    return dict(moved)


__all__ = ["MOVED_FILE", "exercise_ids", "moved_ids"]
