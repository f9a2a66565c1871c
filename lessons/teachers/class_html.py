"""The class summary as HTML: pupils x lessons with stars, the rules missed most, who is stuck, the work set.

Plain strings drawn with :mod:`lessons.widgets.style` (no ipywidgets), so the teacher's page in the
tutorial (:class:`~lessons.teachers.widgets.ClassSummaryWidget`) and the class service's own page
show the same tables. Every text is a catalogue key (``class.*``); nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import burraco_core as bc
from burraco_core.messages import Message

from ..curriculum import model
from ..learner.classwork import Assignment
from ..learner.practice import parse_generated_id
from ..learner.progress import Progress
from ..widgets.style import esc_suits as esc
from ..widgets.style import rule_summary, t
from .classroom import ClassSummary, name_text, visible

__all__ = ["assignment_label", "due_text", "exercise_label", "missed_html", "name_html", "name_text", "rule_text",
           "stars_html", "stuck_html", "visible", "waited", "work_html"]

_DRAW_ERRORS = (ValueError, TypeError, KeyError, AttributeError, ArithmeticError, RecursionError)


def name_html(name: str) -> str:
    """A pupil's name on a page: visible, escaped, isolated (``<bdi>``) from the text around it."""
    return f'<bdi class="bt-name" style="unicode-bidi:isolate">{esc(visible(name))}</bdi>'


def rule_text(rule: str, lang: str) -> str:
    """A rule's one-line summary; a rule id this version does not know (a newer version's, or made
    up) is said to be one, never looked up."""
    if rule in bc.RULE_IDS:
        return rule_summary(rule, lang)
    return t("class.rule.unknown", lang, rule=visible(rule[:60]))


def _bad_row(pupil: str, why: Message, lang: str, columns: int) -> str:
    return (f'<tr data-pupil="{esc(visible(pupil))}" class="bt-bad-record"><td class="bt-pupil">{name_html(pupil)}</td>'
            f'<td colspan="{columns}" role="note">{esc(why.text(lang))}</td></tr>')


def _stars_row(pupil: str, summary: ClassSummary, found: Sequence[model.Lesson], lang: str) -> str:
    progress = summary.pupils[pupil]
    cells = []
    total = 0
    for lesson in found:
        got, most = progress.total_stars([ex.id for ex in lesson.exercises]), 3 * len(lesson.exercises)
        total += got
        css = "bt-full" if got == most else "bt-some" if got else "bt-none"
        spoken = t("class.cell", lang, pupil=name_text(pupil), number=lesson.number, stars=got, max=most)
        cells.append(f'<td class="{css}" data-lesson="{esc(lesson.key)}" data-stars="{got}" '
                     f'title="{esc(spoken)}" aria-label="{esc(spoken)}">{"★ " if got else ""}{got}</td>')
    return (f'<tr data-pupil="{esc(visible(pupil))}"><td class="bt-pupil">{name_html(pupil)}</td>{"".join(cells)}'
            f"<td><b>{total}</b></td>{_final_cell(pupil, progress, lang)}</tr>")


def _final_cell(pupil: str, progress: Progress, lang: str) -> str:
    """The pupil's last final test: "17/20", or a dash when none was taken."""
    final = progress.final_test
    if final is None:
        spoken = t("class.final.none", lang, pupil=name_text(pupil))
        return f'<td class="bt-final" title="{esc(spoken)}" aria-label="{esc(spoken)}">–</td>'
    spoken = t("class.final.cell", lang, pupil=name_text(pupil), score=final.score, total=final.total)
    return (f'<td class="bt-final" data-score="{final.score}" data-total="{final.total}" title="{esc(spoken)}" '
            f'aria-label="{esc(spoken)}">{final.score}/{final.total}</td>')


def stars_html(summary: ClassSummary, lang: str) -> str:
    """Pupils x lessons with the stars earned (a title, the table, the lessons' names), or a note. Each
    pupil's row is drawn on its own: a record that cannot be read or drawn is said to be, in its row."""
    summary = summary.believable()
    if not summary.pupils and not summary.unreadable:
        return f'<div class="bt-text bt-class-empty">{esc(t("class.empty", lang))}</div>'
    found = tuple(model.all_lessons())
    head = "".join(f'<th title="{esc(lesson.title(lang))}" scope="col">{lesson.number}</th>' for lesson in found)
    rows = []
    for pupil in sorted({*summary.pupils, *summary.unreadable}):
        if pupil in summary.unreadable:
            rows.append(_bad_row(pupil, summary.unreadable[pupil], lang, len(found) + 2))
            continue
        try:
            rows.append(_stars_row(pupil, summary, found, lang))
        except _DRAW_ERRORS as err:
            why = Message("class.bad-record", reason=Message("class.bad-numbers-detail", detail=type(err).__name__))
            rows.append(_bad_row(pupil, why, lang, len(found) + 2))
    legend = "".join(f"<li>{lesson.number}: {esc(lesson.title(lang))}</li>" for lesson in found)
    return (f'<h2>{esc(t("class.table-title", lang, count=len(rows)))}</h2>'
            f'<div class="bt-class-wrap"><table class="bt-class" style="border-collapse:collapse">'
            f'<tr><th class="bt-pupil" scope="col">{esc(t("class.col.pupil", lang))}</th>{head}'
            f'<th scope="col">{esc(t("class.col.total", lang))}</th>'
            f'<th scope="col">{esc(t("class.col.final", lang))}</th></tr>{"".join(rows)}</table></div>'
            f'<details><summary>{esc(t("class.legend", lang))}</summary>'
            f'<ol style="columns:2;list-style:none;padding-left:0">{legend}</ol></details>')


def missed_html(summary: ClassSummary, lang: str, most: int = 12) -> str:
    """The rules the class misses most: the rule, its id, how many pupils, how many misses."""
    title = f'<h2>{esc(t("class.missed-title", lang))}</h2>'
    summary = summary.believable()
    missed = summary.missed_by()
    if not summary.pupils:
        return ""
    if not missed:
        return f'{title}<div class="bt-text">{esc(t("class.none-missed", lang))}</div>'
    lines = "".join(
        f'<tr data-rule="{esc(rule)}" data-pupils="{pupils}"><td>{esc(rule_text(rule, lang))}</td>'
        f"<td><code>{esc(visible(rule))}</code></td>"
        f"<td>{esc(t('class.pupils-of', lang, count=pupils, total=len(summary.pupils)))}</td>"
        f"<td>{esc(t('class.misses', lang, count=misses))}</td></tr>"
        for rule, pupils, misses in missed[:most])
    return (f'{title}<table class="bt-rules-left"><tr><th>{esc(t("practice.col.rule", lang))}</th>'
            f'<th>{esc(t("practice.col.id", lang))}</th><th>{esc(t("class.col.pupils", lang))}</th>'
            f'<th>{esc(t("class.col.misses", lang))}</th></tr>{lines}</table>')


def exercise_label(exercise_id: str, lang: str) -> str:
    """An exercise as a teacher says it: "Lesson 2, Melds: exercise 3", or a practice or worksheet one."""
    for lesson in model.all_lessons():
        for index, exercise in enumerate(lesson.exercises):
            if exercise.id == exercise_id:
                return t("class.exercise", lang, number=lesson.number, title=lesson.title(lang), exercise=index + 1)
    parsed = parse_generated_id(exercise_id)
    if parsed is not None:
        return t("class.exercise.generated", lang, seed=parsed[1])
    return exercise_id


def waited(seconds: float, lang: str) -> str:
    """A length of time in whole minutes ("less than a minute", "12 minutes", "2 h 5 min")."""
    minutes = max(0, int(seconds // 60))
    if minutes < 1:
        return t("class.time.now", lang)
    if minutes < 60:
        return t("class.time.minutes", lang, count=minutes)
    return t("class.time.hours", lang, hours=minutes // 60, minutes=minutes % 60)


def stuck_html(summary: ClassSummary, now: float, lang: str) -> str:
    """Who is stuck on what for how long (from a class service's activity); "" without activity."""
    if not summary.activity:
        return ""
    title = f'<h2>{esc(t("class.stuck-title", lang))}</h2>'
    stuck = summary.believable().stuck()
    if not stuck:
        return f'{title}<div class="bt-text bt-none-stuck">{esc(t("class.none-stuck", lang))}</div>'
    rows = "".join(
        f'<tr data-pupil="{esc(visible(s.pupil))}" data-exercise="{esc(s.exercise)}">'
        f'<td class="bt-pupil">{name_html(s.pupil)}</td><td>{esc(visible(exercise_label(s.exercise, lang)))}</td>'
        f"<td>{esc(t('class.tries', lang, count=s.attempts))}</td>"
        f"<td>{esc(rule_text(s.rule, lang)) if s.rule else ''}</td>"
        f'<td class="bt-for">{esc(waited(now - s.since, lang))}</td>'
        f"<td>{esc(t('class.last-try', lang, time=waited(now - s.last, lang)))}</td></tr>"
        for s in stuck)
    return (f'{title}<table class="bt-rules-left bt-stuck"><tr><th>{esc(t("class.col.pupil", lang))}</th>'
            f'<th>{esc(t("class.col.exercise", lang))}</th><th>{esc(t("class.col.tries", lang))}</th>'
            f'<th>{esc(t("class.col.rule-missed", lang))}</th><th>{esc(t("class.col.for", lang))}</th>'
            f'<th>{esc(t("class.col.last", lang))}</th></tr>{rows}</table>')


def assignment_label(assignment: Assignment, lang: str) -> str:
    """What was set, in words: the lessons, the worksheet's number, or the rules to practise."""
    return assignment.label().text(lang)


def due_text(assignment: Assignment, lang: str) -> str:
    """"by 19 December 2025", or "" when there is no due date."""
    due = assignment.due_message()
    return due.text(lang) if due is not None else ""


def work_html(assignments: Sequence[tuple[Assignment, Mapping[str, Sequence[int]]]], pupils: Sequence[str],
              lang: str) -> str:
    """The work set, each with who has done it and how far the others are (``steps``: pupil -> (done, of))."""
    if not assignments:
        return f'<div class="bt-text bt-no-work">{esc(t("class.work.none", lang))}</div>'
    items = []
    for assignment, steps in assignments:
        done_by = [p for p in pupils if p in steps and steps[p][0] >= steps[p][1]]
        rest = [f"{name_html(p)} ({steps[p][0]}/{steps[p][1]})" if p in steps else name_html(p)
                for p in pupils if p not in done_by]
        due = due_text(assignment, lang)
        items.append(
            f'<li class="bt-work" data-id="{assignment.id}" data-kind="{esc(assignment.kind)}" '
            f'data-done="{len(done_by)}"><b>{esc(assignment_label(assignment, lang))}</b>'
            f'{" · " + esc(due) if due else ""}'
            f'<div>{esc(t("class.work.done-by", lang, count=len(done_by), total=len(pupils)))}'
            f'{": " + ", ".join(name_html(p) for p in done_by) if done_by else ""}</div>'
            f'{"<div>" + esc(t("class.work.not-yet", lang)) + " " + ", ".join(rest) + "</div>" if rest else ""}</li>')
    return f'<ul class="bt-work-list">{"".join(items)}</ul>'
