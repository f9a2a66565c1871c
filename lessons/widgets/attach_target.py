"""The play table's "to" menu: which of the learner's melds the selected cards may join, and what an
attach would cost a burraco.

The engine decides (``Meld.can_attach``, ``Meld.try_attach``, ``Meld.burraco_bonus``); this module only
asks it, so the table never picks a meld by itself: one meld takes the cards, it is the target; several
take them, the learner is asked which; a wild that would make a clean burraco dirty is said before the
move (issue 30).
"""

from __future__ import annotations

from collections.abc import Sequence

import burraco_core as bc

from .style import NEUTRAL, WARN, box, esc, t


def fitting(melds: Sequence[bc.Meld], cards: Sequence[bc.Card]) -> list[int]:
    """The indices of the melds that take ``cards`` (the engine's verdict); none for no cards."""
    if not cards:
        return []
    return [index for index, meld in enumerate(melds) if meld.can_attach(cards)]


def aim(melds: Sequence[bc.Meld], cards: Sequence[bc.Card], chosen: int | None) -> int | None:
    """The meld the menu shows for these cards: the learner's own choice where it takes them; else the one
    meld that takes them; None (the learner is asked) when several do. When none does, the learner's choice
    stays (the engine will say why it refuses), else nothing is chosen."""
    fits = fitting(melds, cards)
    if chosen is not None and chosen in fits:
        return chosen
    if len(fits) == 1:
        return fits[0]
    if fits:
        return None
    return chosen if chosen is not None and 0 <= chosen < len(melds) else None


def spoils(meld: bc.Meld, cards: Sequence[bc.Card]) -> bc.Meld | None:
    """The meld after the attach when it lowers the meld's burraco bonus (a wild on a clean burraco makes it
    dirty), else None."""
    if not cards or meld.burraco is None:
        return None
    after = meld.try_attach(cards)
    if after is not None and after.burraco_bonus < meld.burraco_bonus:
        return after
    return None


def note_html(melds: Sequence[bc.Meld], cards: Sequence[bc.Card], target: int | None, lang: str = "en", *,
              live: bool = True) -> str:
    """What the table says beside the menu, before any move: which meld, when several take the cards and none
    is chosen; that the attach would make a clean burraco dirty, when it would. Empty otherwise. ``live``
    False: the box has no live role of its own (the page's one live region says it: voice.PageVoice)."""
    if target is None:
        if len(fitting(melds, cards)) < 2:
            return ""
        return box(NEUTRAL, t("table.say.which-meld", lang),
                   f"<div>{esc(t('table.attach.several', lang, cards=tuple(cards)))}</div>", big=False,
                   role="status" if live else "")
    if not 0 <= target < len(melds):
        return ""
    meld = melds[target]
    after = spoils(meld, cards)
    if after is None:
        return ""
    said = t("table.attach.spoils", lang, cards=tuple(cards), number=target + 1, kind=after.burraco,
             was=meld.burraco_bonus, now=after.burraco_bonus)
    return box(WARN, t("table.attach.spoils.title", lang), f"<div>{esc(said)}</div>", big=False,
               role="alert" if live else "")


__all__ = ["aim", "fitting", "note_html", "spoils"]
