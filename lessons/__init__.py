"""Interactive pieces of Burraco Tutor, built with ipywidgets on burraco_core.

The widgets only show and collect; every rule is decided by burraco_core.
"""

from .hand import Hand, palette_cards
from .referee import MeldReferee
from .score import ScoreCalculator
from .table import PlayTable, Table

__all__ = ["Hand", "MeldReferee", "PlayTable", "ScoreCalculator", "Table", "palette_cards"]
