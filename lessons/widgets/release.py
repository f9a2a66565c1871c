"""Letting a page go: every widget it holds closed, every listener it left on shared objects removed.

A widget lives in ipywidgets' registry, and in the page, until it is closed; a listener lives in
the keeper or the preferences it was given to. So a page that is simply dropped stays in the
kernel's memory (and its models in the browser's) for the whole visit. :func:`release` closes
what only that page reaches::

    release(page, keep=[app], listeners=[keeper, preferences])

What a page reaches: its widgets (children, layouts, styles, any widget it keeps in an attribute)
and the objects of this project's widget modules it holds (a lesson's answer view, a tool's parts),
through lists, tuples, sets and dicts. Whatever ``keep`` reaches as well (the app, the home page,
the shared keeper's widget) is left alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

import ipywidgets as w

__all__ = ["reach", "release"]

_OURS = ("lessons.widgets", "lessons.teachers")


class _Listened(Protocol):
    def forget(self, owners: set[int]) -> None: ...


def _ours(thing: object) -> bool:
    return type(thing).__module__.startswith(_OURS) and hasattr(thing, "__dict__")


def reach(roots: Iterable[object], stop: set[int] | None = None) -> dict[int, object]:
    """The widgets and this project's widget-module objects reachable from ``roots`` (by ``id``),
    never entering an object whose ``id`` is in ``stop``."""
    stop = stop or set()
    found: dict[int, object] = {}
    seen: set[int] = set()
    todo: list[Any] = list(roots)
    while todo:
        thing = todo.pop()
        key = id(thing)
        if key in seen or key in stop:
            continue
        seen.add(key)
        if isinstance(thing, w.Widget) or _ours(thing):
            found[key] = thing
            todo.extend(_worth_following(vars(thing).values()))
        elif isinstance(thing, dict):
            todo.extend(_worth_following(thing.values()))
        elif isinstance(thing, (list, tuple, set, frozenset)):
            todo.extend(_worth_following(thing))
    return found


def _worth_following(values: Iterable[Any]) -> list[Any]:
    return [value for value in values
            if isinstance(value, (w.Widget, dict, list, tuple, set, frozenset)) or _ours(value)]


def release(page: object, keep: Iterable[object], listeners: Iterable[_Listened] = ()) -> int:
    """Close every widget ``page`` reaches that ``keep`` does not, and remove the listeners of the
    objects it alone reaches from each of ``listeners``. Returns how many widgets were closed."""
    kept = set(reach(keep))
    owned = reach([page], stop=kept)
    for shared in listeners:
        shared.forget(set(owned))
    closed = 0
    for thing in owned.values():
        if isinstance(thing, w.Widget) and thing.comm is not None:
            thing.close()
            closed += 1
    return closed
