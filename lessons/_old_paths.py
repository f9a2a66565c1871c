"""The module paths ``lessons`` had before it was split into sub-packages, kept working for now.

A teacher's notebook or an older document may still say ``from lessons.progress import FileStore``
or ``python -m lessons.coverage``. Each old name maps to the module that holds its code now (the
same module object, so a patch or an ``isinstance`` through either path is the same), or, for a
module that was split, to the modules its names went to (a small facade that looks a name up in
them in turn). New code uses the new paths; ``docs/`` and ``lessons/content/FORMAT.md`` name them.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Sequence
from typing import Any

# old module (under lessons) -> the module(s) its public names live in now, looked up in this order
OLD_PATHS: dict[str, tuple[str, ...]] = {
    "curriculum": ("lessons.curriculum",),
    "checks": ("lessons.curriculum.checks",),
    "kinds": ("lessons.curriculum.kinds",),
    "generators": ("lessons.curriculum.generators",),
    "position_generators": ("lessons.curriculum.generators.positions",),
    "score_generators": ("lessons.curriculum.generators.scores",),
    "guided": ("lessons.curriculum.guided",),
    "variants": ("lessons.curriculum.variants",),
    "coverage": ("lessons.curriculum.coverage",),
    "progress": ("lessons.learner.progress", "lessons.learner.filestore", "lessons.learner.files"),
    "session": ("lessons.learner.session",),
    "store": ("lessons.learner.store", "lessons.widgets.settings"),
    "practice": ("lessons.learner.practice",),
    "ui": ("lessons.widgets.ui", "lessons.widgets.style"),
    "hand": ("lessons.widgets.hand",),
    "referee": ("lessons.widgets.referee",),
    "position_referee": ("lessons.widgets.position_referee",),
    "score": ("lessons.widgets.score",),
    "table": ("lessons.widgets.table", "lessons.widgets.board"),
    "home": ("lessons.widgets.home", "lessons.widgets.style"),
    "navigation": ("lessons.widgets.navigation",),
    "settings": ("lessons.widgets.settings",),
    "exercise_widget": ("lessons.widgets.lesson", "lessons.widgets.views", "lessons.widgets.intro",
                        "lessons.widgets.style"),
    "classroom": ("lessons.teachers.classroom",),
    "worksheet": ("lessons.teachers.worksheet",),
    "variant_builder": ("lessons.teachers.variant_builder",),
    "teaching": ("lessons.teachers.widgets", "lessons.widgets.practice", "lessons.widgets.navigation",
                 "lessons.widgets.style"),
}

# names that changed as they moved: (old module, old name) -> (module, name now)
RENAMED: dict[tuple[str, str], tuple[str, str]] = {
    ("exercise_widget", "box"): ("lessons.widgets.style", "verdict_box"),
    ("exercise_widget", "esc"): ("lessons.widgets.style", "esc_suits"),
    ("exercise_widget", "_STYLE"): ("lessons.widgets.style", "LESSON_CSS"),
    ("exercise_widget", "SCORE_VIEWS"): ("lessons.widgets.views", "VIEWS"),
    ("teaching", "_TEACH_STYLE"): ("lessons.widgets.style", "TEACH_CSS"),
    ("teaching", "esc"): ("lessons.widgets.style", "esc_suits"),
    ("teaching", "box"): ("lessons.widgets.style", "verdict_box"),
}


class _SplitModule(types.ModuleType):
    """An old module whose names now live in several modules: each name is looked up in them in turn.

    Setting a name (a test's patch) sets it where it lives; deleting it then puts back the value it
    had there, which is how ``monkeypatch`` undoes a patch of a name this object's ``__dict__`` lacks.
    """

    def __init__(self, name: str, targets: Sequence[str]) -> None:
        super().__init__(name, f"Moved: its names are in {', '.join(targets)}.")
        object.__setattr__(self, "_targets", tuple(targets))
        object.__setattr__(self, "_before", {})     # name -> its value where it lives, before it was set here

    def _home(self, name: str) -> tuple[types.ModuleType, str] | None:
        renamed = RENAMED.get((self.__name__.partition(".")[2], name))
        if renamed is not None:
            return importlib.import_module(renamed[0]), renamed[1]
        for target in self._targets:
            module = importlib.import_module(target)
            if hasattr(module, name):
                return module, name
        return None

    def __getattr__(self, name: str) -> Any:
        home = None if name.startswith("__") else self._home(name)
        if home is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r} "
                                 f"(moved to {', '.join(self._targets)})")
        return getattr(*home)

    def __setattr__(self, name: str, value: Any) -> None:
        home = None if name.startswith("__") else self._home(name)
        if home is None:
            object.__setattr__(self, name, value)
            return
        self._before.setdefault(name, getattr(*home))
        setattr(home[0], home[1], value)

    def __delattr__(self, name: str) -> None:
        if name in self._before:
            home = self._home(name)
            assert home is not None
            setattr(home[0], home[1], self._before.pop(name))
        else:
            object.__delattr__(self, name)

    def __dir__(self) -> list[str]:
        return sorted({name for target in self._targets for name in dir(importlib.import_module(target))})


class _OldPathFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports ``lessons.<old>`` as the module(s) of :data:`OLD_PATHS`."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> importlib.machinery.ModuleSpec | None:
        package, _, old = fullname.partition(".")
        if package != "lessons" or old not in OLD_PATHS:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        targets = OLD_PATHS[spec.name.partition(".")[2]]
        if len(targets) == 1:
            module = importlib.import_module(targets[0])    # the very module: patches and isinstance agree
            spec.loader_state = module.__spec__             # the import system sets __spec__ to ours next
            return module
        return _SplitModule(spec.name, targets)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module was imported under its new name, whose spec it keeps."""
        own = getattr(module.__spec__, "loader_state", None)
        if own is not None:
            module.__spec__ = own

    def get_code(self, fullname: str) -> types.CodeType:
        """For ``python -m lessons.<old>``: run the module at its new path as the main program."""
        target = OLD_PATHS[fullname.partition(".")[2]][0]
        return compile(f"import runpy\nrunpy.run_module({target!r}, run_name='__main__', alter_sys=True)\n",
                       f"<{fullname}: moved to {target}>", "exec")


def install() -> None:
    """Put the finder on ``sys.meta_path`` once (a reload of ``lessons`` does not add a second)."""
    if not any(isinstance(finder, _OldPathFinder) for finder in sys.meta_path):
        sys.meta_path.append(_OldPathFinder())
