"""The base of every widget here that brings its own script: an anywidget whose script, style and id
are traits of its class, set up once when the class is defined.

anywidget's own ``__init__`` adds those three to every instance (traitlets' ``add_traits``), and so
makes a new Python class for each one: some 8 ms a widget under Pyodide, where the home page alone
has five of these and a lesson tens of hands (issue 31), and a class per instance besides. A subclass
here gives ``_esm`` (and ``_css``) as text, as before; the page receives exactly what anywidget sends.
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets
import traitlets

# anywidget's names for them (anywidget._util): the page's anywidget reads these three
_SCRIPT, _STYLE, _ID = "_esm", "_css", "_anywidget_id"


class ScriptedWidget(anywidget.AnyWidget):
    """An anywidget with its script (``_esm``) and style (``_css``) given as text in the class body."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Runs while the class is made, before traitlets sets it up: traits put here are set up with it.
        if getattr(cls, "_anywidget_commands", None):
            raise TypeError(f"{cls.__name__}: anywidget commands need anywidget's own __init__")
        own = {key: cls.__dict__[key] for key in (_SCRIPT, _STYLE) if isinstance(cls.__dict__.get(key), str)}
        if own or not hasattr(cls, _ID):
            own[_ID] = f"{cls.__module__}.{cls.__name__}"
        for key, text in own.items():
            trait = traitlets.Unicode(text).tag(sync=True)
            trait.class_init(cls, key)
            setattr(cls, key, trait)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Not AnyWidget.__init__: the class has the traits it would add (and no anywidget commands).
        ipywidgets.DOMWidget.__init__(self, *args, **kwargs)
