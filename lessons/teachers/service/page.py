"""What a browser sees at the class service's address, once the hub's OAuth has said who it is.

A teacher: the class as the tutorial's class summary shows it (stars, the rules missed most, who is
stuck, the work set), redrawn every 15 seconds. A pupil: their own stars and the work set. The
page's language is the browser's first of the languages the tutorial speaks. Plain HTML, no script.
"""

from __future__ import annotations

from ...curriculum import model
from ...widgets.style import LESSON_CSS, TEACH_CSS, esc, t
from ..class_html import assignment_label, due_text, missed_html, stars_html, stuck_html, work_html
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
        pupils = store.pupils()
        summary = ClassSummary(pupils={n: r.progress for n, r in pupils.items()},
                               activity={n: r.activity for n, r in pupils.items()},
                               seen={n: r.updated for n, r in pupils.items()})
        work = [(a, {n: a.steps(r.progress) for n, r in pupils.items()}) for a in store.assignments()]
        body = (f'<h1>{esc(t("class.live.title", lang))}</h1>'
                f'<p>{esc(t("class.live.page-about", lang, seconds=REFRESH))}</p>'
                f"{stars_html(summary, lang)}{stuck_html(summary, store.clock(), lang)}"
                f'<h2>{esc(t("class.work.title", lang))}</h2>{work_html(work, sorted(pupils), lang)}'
                f"{missed_html(summary, lang)}")
        refresh = f'<meta http-equiv="refresh" content="{REFRESH}">'
    else:
        record = store.pupil(name)
        stars = record.progress.total_stars() if record else 0
        items = "".join(
            f"<li>{esc(assignment_label(a, lang))}{' · ' + esc(due_text(a, lang)) if a.due else ''}</li>"
            for a in store.assignments())
        body = (f'<h1>{esc(t("class.live.hello", lang, name=name))}</h1>'
                f'<p>{esc(t("class.live.kept", lang, stars=stars))}</p>'
                + (f'<h2>{esc(t("assigned.title", lang))}</h2><ul>{items}</ul>' if items else ""))
        refresh = ""
    return (f'<!DOCTYPE html>\n<html lang="{esc(lang)}"><head><meta charset="utf-8">{refresh}'
            f'<meta name="viewport" content="width=device-width">'
            f'<title>{esc(t("class.live.title", lang))}</title></head>'
            f'<body style="font-family:sans-serif;margin:1em auto;max-width:1100px">{LESSON_CSS}{TEACH_CSS}'
            f'<div class="bt-lesson">{body}</div></body></html>\n')
