"""The answer views: one per exercise kind, each the controls of one exercise.

:mod:`.base` holds :class:`AnswerView` and the registry :data:`VIEWS`; the views register from
:mod:`.cards` (cards and melds), :mod:`.table` (played at a table) and :mod:`.scores` (lessons
10-12), all imported here. A new kind's view: a class in the module of its family and a line in
that module's ``VIEWS.update``. A kind with no view of its own gets the choices (:class:`ChoiceView`).
"""

from ...curriculum.model import Exercise
from . import cards, scores, table  # noqa: F401  (each registers its views)
from .base import VIEWS, AnswerView, answer_text, number_box, quietly, static_cards
from .cards import AttachView, CardsView, ChoiceView, CountView
from .scores import MatchView, PredictView, ScoreView, VictoryPointsView
from .table import GuidedView, PositionView, WhyNotView, table_html


def answer_view(exercise: Exercise, lang: str) -> AnswerView:
    """The view of this exercise's kind, in ``lang``."""
    return VIEWS.get(exercise.kind, ChoiceView)(exercise, lang)


__all__ = ["VIEWS", "AnswerView", "AttachView", "CardsView", "ChoiceView", "CountView", "GuidedView", "MatchView",
           "PositionView", "PredictView", "ScoreView", "VictoryPointsView", "WhyNotView", "answer_text", "answer_view",
           "number_box", "quietly", "static_cards", "table_html"]
