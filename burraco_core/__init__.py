"""burraco_core: a pure-Python rules engine for the card game Burraco.

Standard library only, so it runs unchanged in Pyodide::

    import burraco_core as bc
    rules = bc.ruleset("classic")
    meld = bc.Meld.lay_down(bc.parse_cards("2H 5H 6H"), rules)   # 2♥ stands for 4♥
    meld.attach("8H")                                             # 5♥ 6♥ 2♥(7♥) 8♥
"""

from .cards import JOKER, Card, format_cards, full_deck, parse_card, parse_cards
from .errors import RULE_IDS, BurracoError, IllegalMove, NotationError, RulesetError
from .melds import GROUP, RUN, Meld
from .rulesets import RULESETS, Ruleset, ruleset
from .scoring import (
    VICTORY_POINT_SOURCE,
    VICTORY_POINT_TABLES,
    ScoreBreakdown,
    ScoreLine,
    score_side,
    victory_points,
)

__version__ = "0.1.0"

__all__ = [
    "JOKER", "Card", "format_cards", "full_deck", "parse_card", "parse_cards",
    "RULE_IDS", "BurracoError", "IllegalMove", "NotationError", "RulesetError",
    "GROUP", "RUN", "Meld",
    "RULESETS", "Ruleset", "ruleset",
    "VICTORY_POINT_SOURCE", "VICTORY_POINT_TABLES", "ScoreBreakdown", "ScoreLine",
    "score_side", "victory_points",
]

from .actions import Action, Attach, Discard, Draw, LayDown, TakePile, TakePozzetto, parse_action  # noqa: E402
from .game import PHASES, Game, GameFileError  # noqa: E402

__all__ += [
    "Action", "Attach", "Discard", "Draw", "LayDown", "TakePile", "TakePozzetto", "parse_action",
    "PHASES", "Game", "GameFileError",
]

from .bots import GreedyBot, Hint, RandomBot, hints, play_hand  # noqa: E402
from .match import Match  # noqa: E402

__all__ += ["GreedyBot", "Hint", "RandomBot", "hints", "play_hand", "Match"]
