"""A pupil's summary: what the teacher's page shows of one pupil, worked out once when the pupil writes.

The class service keeps it beside the pupil's record (``burraco_pupils.summary``, JSON), written in the
same transaction as the merge, and works it out again for every pupil when work is set or taken away.
So a teacher's refresh reads rows and computes nothing, however long the pupils' history, and every
service process reading the same database gives the same class::

    {"written": 1733390000.0,                 # when the record was last written
     "stars": {"melds": 9, ...}, "total": 31, # stars per lesson (every lesson), and in all
     "missed": {"run.gap": 3, ...},           # incorrect answers per rule
     "steps": {"7": [3, 6], ...},             # assignment id -> (done, of)
     "stuck": {"exercise", "attempts", "rule", "since", "last"} or null}

A record that cannot be read gets ``{"written", "error", "message"}`` instead of the rest.

Beside it the service keeps the pupil's record as the teacher's page reads it (:func:`teachers_copy`):
the lessons' exercises and the one tried last, without the practice history (which only grows; its
counts stay in the record), so the class a teacher is sent has the same size in May as in September.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...curriculum import model
from ...learner.classwork import Assignment
from ...learner.progress import Progress, ProgressError
from ..classroom import Activity, ClassSummary

__all__ = ["pupil_summary", "teachers_copy", "unreadable_summary"]


def pupil_summary(progress: Progress, activity: Activity, assignments: Iterable[Assignment],
                  written: float) -> dict[str, Any]:
    """The summary of one pupil's record (see the module's doc)."""
    stars = {lesson.key: progress.total_stars([ex.id for ex in lesson.exercises]) for lesson in model.all_lessons()}
    # the same rule as the teacher's page (ClassSummary.stuck), for this pupil alone
    stuck = ClassSummary(pupils={"": progress}, activity={"": activity}).stuck()
    return {"written": written, "stars": stars, "total": sum(stars.values()),
            "missed": dict(sorted(progress.missed_rules().items())),
            "steps": {str(a.id): list(a.steps(progress)) for a in assignments},
            "stuck": None if not stuck else {"exercise": stuck[0].exercise, "attempts": stuck[0].attempts,
                                             "rule": stuck[0].rule, "since": stuck[0].since, "last": stuck[0].last}}


def unreadable_summary(error: ProgressError, written: float) -> dict[str, Any]:
    """What stands for the summary of a record the service cannot read (the other pupils are unaffected)."""
    return {"written": written, "error": f"progress.error.{error.key}", "message": str(error)}


def teachers_copy(progress: Progress, activity: Activity) -> tuple[dict[str, Any], dict[str, list[float | None]]]:
    """(progress body, activity) of the pupil as the teacher's page reads them: every exercise but the
    generated ones (practice, worksheets), and the one tried last whatever it is, with its activity. The
    page's stars per lesson, rules missed (generated misses are counts of the record), practice counts and
    who is stuck (the exercise tried last) are those of the whole record."""
    latest = max(activity.items(), key=lambda item: (item[1][1], item[0]))[0] if activity else None
    body = progress.to_body()
    body["exercises"] = {key: record for key, record in body["exercises"].items()
                         if not key.startswith("gen.") or key == latest}
    return body, ({} if latest is None else {latest: list(activity[latest])})
