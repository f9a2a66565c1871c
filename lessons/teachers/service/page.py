"""What a browser sees at the class service's address, once the hub's OAuth has said who it is.

A teacher: the class as the tutorial's class summary shows it (stars, the rules missed most, who is
stuck, the work set), redrawn every 15 seconds. A pupil: their own stars and the work set. The
page's language is the browser's first of the languages the tutorial speaks. Plain HTML, no script.
Each pupil's stored record is read on its own: one that cannot be read is said so in its row, and
the others are drawn as ever. Every name is shown isolated (``<bdi>``) and with its invisible
characters written out.
"""

from __future__ import annotations

import json
from typing import Any

from burraco_core.messages import Message

from ...curriculum import model
from ...learner.classwork import Assignment
from ...learner.progress import Progress, ProgressError
from ...widgets.style import LESSON_CSS, TEACH_CSS, esc, t
from ..class_html import assignment_label, due_text, missed_html, name_text, stars_html, stuck_html, work_html
from ..classroom import ClassSummary
from .database import ClassStore

__all__ = ["page_language", "service_page"]

REFRESH = 15


def page_language(accept: str) -> str:
    """The first language of an ``Accept-Language`` header that the tutorial speaks, else English."""
    spoken = model.languages()
    for part in accept.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in spoken:
            return code
    return "en"


def service_page(store: ClassStore, name: str, teacher: bool, lang: str = "en") -> str:
    """The page for the hub user ``name``: the class for a teacher, their own stars for a pupil."""
    if teacher:
        entries = {row.name: _entry(row) for row in store.class_rows()}
        summary = ClassSummary.from_service(entries)
        pupils = {*summary.pupils, *summary.unreadable}
        work = [(a, {n: _steps(entries[n], a, p) for n, p in summary.pupils.items()}) for a in store.assignments()]
        body = (f'<h1>{esc(t("class.live.title", lang))}</h1>'
                f'<p>{esc(t("class.live.page-about", lang, seconds=REFRESH))}</p>'
                f"{stars_html(summary, lang)}{stuck_html(summary, store.clock(), lang)}"
                f'<h2>{esc(t("class.work.title", lang))}</h2>{work_html(work, sorted(pupils), lang)}'
                f"{missed_html(summary, lang)}")
        refresh = f'<meta http-equiv="refresh" content="{REFRESH}">'
    else:
        try:
            record = store.pupil(name)
            kept = t("class.live.kept", lang, stars=record.progress.total_stars() if record else 0)
        except (ProgressError, ValueError) as err:     # their own record unreadable: said, not a 500
            reason = err.msg if isinstance(err, ProgressError) else Message("class.bad-numbers")
            kept = Message("class.bad-record", reason=reason).text(lang)
        items = "".join(
            f"<li>{esc(assignment_label(a, lang))}{' · ' + esc(due_text(a, lang)) if a.due else ''}</li>"
            for a in store.assignments())
        body = (f'<h1>{esc(t("class.live.hello", lang, name=name_text(name)))}</h1>'
                f'<p>{esc(kept)}</p>'
                + (f'<h2>{esc(t("assigned.title", lang))}</h2><ul>{items}</ul>' if items else ""))
        refresh = ""
    return (f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">{refresh}'
            f'<meta name="viewport" content="width=device-width">'
            f'<title>{esc(t("class.live.title", lang))}</title></head>'
            f'<body style="font-family:sans-serif;margin:1em auto;max-width:1100px">{LESSON_CSS}{TEACH_CSS}'
            f'<div class="bt-lesson">{body}</div></body></html>\n')


def _entry(row: Any) -> dict[str, Any] | str:
    """One stored row as the class service sends it; its texts read here, each on its own (a row that
    is not JSON stands as it is, and ClassSummary.from_service says it could not be read)."""
    try:
        return {"progress": json.loads(row.progress), "activity": json.loads(row.activity), "updated": row.updated,
                "summary": json.loads(row.summary or "{}")}
    except (ValueError, RecursionError):
        return "not JSON"


def _steps(entry: Any, assignment: Assignment, progress: Progress) -> tuple[int, int]:
    """A pupil's steps in the work set, as their summary keeps them (worked out only when it does not)."""
    try:
        done, of = entry["summary"]["steps"][str(assignment.id)]
        if isinstance(done, int) and isinstance(of, int) and 0 <= done <= of < 100_000:
            return done, of
    except (KeyError, TypeError, ValueError):
        pass
    return assignment.steps(progress)
