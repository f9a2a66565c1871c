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

A page also drops widgets while it is shown (a lesson draws a new answer view for every exercise,
and never closes the one before). :class:`Sweeper` remembers the widgets it saw in a page and, when
asked, closes those that nothing the app shows reaches any more. It never touches a widget it
did not see, such as one of another cell of the same notebook.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import Any, Protocol

import ipywidgets as w

__all__ = ["Sweeper", "let_go", "reach", "release"]

_OURS = ("lessons.widgets", "lessons.teachers")
# What ipywidgets and traitlets keep on every widget that never holds a page's widget (observers, locks,
# the comm): not followed, which makes a walk of the whole app some twenty times quicker.
_INTERNALS = frozenset({"_trait_notifiers", "_trait_validators", "_property_lock", "_states_to_send",
                        "_msg_callbacks", "_display_callbacks", "_cross_validation_lock", "comm", "_comm",
                        "_holding_sync", "_model_id", "keys"})


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
            todo.extend(_worth_following(value for name, value in vars(thing).items() if name not in _INTERNALS))
        elif isinstance(thing, dict):
            todo.extend(_worth_following(thing.values()))
        elif isinstance(thing, (list, tuple, set, frozenset)):
            todo.extend(_worth_following(thing))
    return found


def _worth_following(values: Iterable[Any]) -> list[Any]:
    return [value for value in values
            if isinstance(value, (w.Widget, dict, list, tuple, set, frozenset)) or _ours(value)]


def let_go(things: Iterable[object], listeners: Iterable[_Listened] = ()) -> int:
    """Remove the listeners of ``things`` from each of ``listeners``, then close the widgets among them.
    Returns how many widgets were closed."""
    things = list(things)
    for shared in listeners:
        shared.forget({id(thing) for thing in things})
    closed = 0
    for thing in things:
        if isinstance(thing, w.Widget) and thing.comm is not None:
            thing.close()
            closed += 1
    return closed


def release(page: object, keep: Iterable[object], listeners: Iterable[_Listened] = ()) -> int:
    """Close every widget ``page`` reaches that ``keep`` does not, and remove the listeners of the
    objects it alone reaches from each of ``listeners``. Returns how many widgets were closed."""
    return let_go(reach([page], stop=set(reach(keep))).values(), listeners)


class Sweeper:
    """The widgets seen in the pages shown (held weakly: a widget closed and gone is forgotten)."""

    def __init__(self) -> None:
        self.seen: weakref.WeakValueDictionary[str, w.Widget] = weakref.WeakValueDictionary()

    def remember(self, page: object) -> None:
        """Note every open widget ``page`` reaches now."""
        for thing in reach([page]).values():
            if isinstance(thing, w.Widget) and thing.comm is not None:
                self.seen[thing.model_id] = thing

    def sweep(self, keep: Iterable[object], listeners: Iterable[_Listened] = ()) -> int:
        """Close the widgets seen that ``keep`` no longer reaches; returns how many were closed."""
        kept = reach(keep)
        dropped = [thing for thing in list(self.seen.values()) if id(thing) not in kept]
        return let_go(dropped, listeners)
