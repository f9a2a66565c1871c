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
    "progress": ("lessons.learner.progress",),
    "session": ("lessons.learner.session",),
    "store": ("lessons.learner.store",),
    "practice": ("lessons.learner.practice",),
    "ui": ("lessons.widgets.ui",),
    "hand": ("lessons.widgets.hand",),
    "referee": ("lessons.widgets.referee",),
    "position_referee": ("lessons.widgets.position_referee",),
    "score": ("lessons.widgets.score",),
    "table": ("lessons.widgets.table",),
    "home": ("lessons.widgets.home",),
    "navigation": ("lessons.widgets.navigation",),
    "settings": ("lessons.widgets.settings",),
    "exercise_widget": ("lessons.widgets.lesson",),
    "classroom": ("lessons.teachers.classroom",),
    "worksheet": ("lessons.teachers.worksheet",),
    "variant_builder": ("lessons.teachers.variant_builder",),
    "teaching": ("lessons.teachers.widgets",),
}


class _SplitModule(types.ModuleType):
    """An old module whose names now live in several modules: each name is looked up in them in turn."""

    def __init__(self, name: str, targets: Sequence[str]) -> None:
        super().__init__(name, f"Moved: its names are in {', '.join(targets)}.")
        self._targets = tuple(targets)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        for target in self._targets:
            module = importlib.import_module(target)
            if hasattr(module, name):
                return getattr(module, name)
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r} (moved to {', '.join(self._targets)})")

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
