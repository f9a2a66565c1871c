"""burraco_core: a pure-Python rules engine for the card game Burraco.

Standard library only, so it runs unchanged in Pyodide::

    import burraco_core as bc
    rules = bc.ruleset("classic")
    meld = bc.Meld.lay_down(bc.parse_cards("2H 5H 6H"), rules)   # 2♥ stands for 4♥
    meld.attach("8H")                                             # 5♥ 6♥ 2♥(7♥) 8♥

The rooms, each importing only those above it (``tests/test_layout.py`` keeps it so):

- ``messages`` (every text a person reads), ``errors``, ``cards``, ``rulesets``;
- ``melds/``: ``base`` (the kinds of meld), ``explain`` (refusals), ``verdict`` (the fast
  arithmetic), ``arrange`` (where a run's cards and its wild stand), ``meld`` (``Meld``);
- ``scoring``, ``state``, ``actions``, ``search`` (the candidate plays of a hand);
- ``position`` (``Game.setup`` and ``game.position()``), ``savefile``, ``game``;
- ``bots/`` (``evaluation`` of a hand's plays, ``policies``: the bots and hints), ``narration``,
  ``match``, ``session``;
- ``svg`` draws cards and melds; ``Card`` and ``Meld`` load it lazily, only to draw themselves.
"""

import importlib
from typing import TYPE_CHECKING, Any

from .cards import JOKER, Card, Cards, format_cards, full_deck, parse_card, parse_cards
from .errors import RULE_IDS, BurracoError, GameFileError, IllegalMove, NotationError, RulesetError
from .melds import GROUP, RUN, BurracoKind, Meld, MeldKind
from .rulesets import RULESETS, Ruleset, ruleset
from .scoring import (
    VICTORY_POINT_SOURCE,
    VICTORY_POINT_TABLES,
    ScoreBreakdown,
    ScoreLine,
    SideCount,
    score_hand,
    score_side,
    victory_points,
)
from .state import PHASES, Phase, Result

__version__ = "0.1.0"

__all__ = [
    "JOKER", "Card", "Cards", "format_cards", "full_deck", "parse_card", "parse_cards",
    "RULE_IDS", "BurracoError", "GameFileError", "IllegalMove", "NotationError", "RulesetError",
    "GROUP", "RUN", "Meld", "MeldKind", "BurracoKind",
    "RULESETS", "Ruleset", "ruleset",
    "VICTORY_POINT_SOURCE", "VICTORY_POINT_TABLES", "ScoreBreakdown", "ScoreLine",
    "SideCount", "score_hand", "score_side", "victory_points",
    "PHASES", "Phase", "Result",
]

# The game, the bots and matches load on first use, so that judging melds (the lessons,
# the referee) starts fast; ``from burraco_core import Game`` works as usual.
_LAZY = {
    "actions": ("Action", "Attach", "Discard", "Draw", "LayDown", "TakePile", "TakePozzetto",
                "parse_action", "typed", "typed_action", "typed_refusal"),
    "game": ("Game",),
    "bots": ("GreedyBot", "Hint", "RandomBot", "hints", "play_hand"),
    "match": ("Match",),
    "narration": ("narrate",),
}
_LAZY_NAMES = {name: module for module, names in _LAZY.items() for name in names}
__all__ += [
    "Action", "Attach", "Discard", "Draw", "LayDown", "TakePile", "TakePozzetto", "parse_action",
    "typed", "typed_action", "typed_refusal",
    "Game",
    "GreedyBot", "Hint", "RandomBot", "hints", "play_hand",
    "Match", "narrate",
]


def __getattr__(name: str) -> Any:
    module = _LAZY_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module 'burraco_core' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY_NAMES))


if TYPE_CHECKING:
    from .actions import (
        Action,
        Attach,
        Discard,
        Draw,
        LayDown,
        TakePile,
        TakePozzetto,
        parse_action,
        typed,
        typed_action,
        typed_refusal,
    )
    from .bots import GreedyBot, Hint, RandomBot, hints, play_hand
    from .game import Game
    from .match import Match
    from .narration import narrate
