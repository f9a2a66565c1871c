"""What the practice and final-test pages share with the learner's record: they record into the shared
progress keeper and follow the browser's copy of the record.

``_save`` keeps the record (the page's own change is not heard back as another's); ``_progress_changed``
(given to ``keeper.changed``) starts the page again from a copy that arrives before the learner acted
here (``_restart``: the browser's copy comes after the page is drawn), and else follows it
(``_follow``), in the learner's language unless the page was given one. A failure while redrawing is
logged, never raised into the keeper.
"""

from __future__ import annotations

import logging
from typing import Any

from ..learner.progress import Progress
from .navigation import chosen_language

__all__ = ["FollowsTheRecord"]

_log = logging.getLogger(__name__)


class FollowsTheRecord:
    """A page over the shared progress keeper (``keeper``; None: nothing saved). The page sets ``acted``
    once the learner answered or asked something, and defines ``_restart`` and ``_follow``."""

    keeper: Any = None
    fixed_lang: str | None = None
    lang: str = "en"
    acted = False
    _saving = False

    def _save(self) -> None:
        if self.keeper is None:
            return
        self._saving = True
        try:
            self.keeper.save()
        finally:
            self._saving = False

    def _progress_changed(self, progress: Progress) -> None:
        if self._saving:
            return
        try:
            lang = self.fixed_lang or chosen_language(progress)
            if not self.acted:
                self.lang = lang
                self._restart()
            else:
                self._follow(lang)
        except Exception:      # a listener must not break the keeper
            _log.exception("%s could not be redrawn", type(self).__name__)

    def _restart(self) -> None:
        """Start again from the record (the learner has not acted here yet)."""
        raise NotImplementedError

    def _follow(self, lang: str) -> None:
        """Follow a change of the record made elsewhere (``lang``: the language to show now)."""
        raise NotImplementedError
