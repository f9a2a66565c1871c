"""The views played at a table: position (a turn at the play table), why-not (the table as the play
table draws it, and the conditions to choose from) and the guided hand (the play table over the
exercise's HandSession, its goal said above it).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.session import HandSession

from ...curriculum.guided import human_actions, make_session
from ...curriculum.model import Exercise
from ..board import Table
from ..hand import Hand
from ..intro import seats_html
from ..style import CARD_WIDTH, NOTE, t, verdict_box
from ..style import esc_suits as esc
from ..table import PlayTable
from .base import VIEWS, AnswerView, answer_text, rules_table
from .cards import ChoiceView


class TableView(AnswerView):
    """A view over the play table (the same table as lesson 13 and the Play tool): each move is put to
    the engine at once, a refused one is said in words by the table and changes nothing. The answer is
    the moves the table accepted, and the last refused one if no move came after it (so that Check
    says which rule it broke, as the table did)."""

    def __init__(self, exercise: Exercise, lang: str, **table: Any) -> None:
        super().__init__(exercise, lang)
        self.refused: str | None = None
        self.table = PlayTable(session=self._session(), pace=0, settings=False, lang=lang, again=self._session,
                               **table)
        played = self.table.play

        def play(action: bc.Action) -> bool:
            done = played(action)
            self.refused = None if done or self.table.session.explain(action) is None else str(action)
            self._moved()
            return done

        self.table.play = play       # type: ignore[method-assign]
        self.table.undo.on_click(lambda _: self._moved())
        self.table.again.on_click(lambda _: self._started_again())

    def _started_again(self) -> None:
        """"Start again" put the exercise's position back (a finished hand cannot be undone)."""
        self.refused = None
        self._moved()

    def _session(self) -> HandSession:
        raise NotImplementedError

    def _moved(self) -> None:
        """After each move (and undo): what the view shows besides the table."""

    def speak_with(self, voice: Any) -> None:
        self.table.speak_with(voice)        # the move report, the computer's moves, a refusal: said by the page

    def retry_note(self) -> str:
        if self.table.game.is_over:        # Undo does not reopen a finished hand: "Start again" does
            return t("table.start-again.to-retry", self.lang)
        return t("table.undo.to-retry", self.lang) if human_actions(self.table.session) else ""

    def answer(self) -> Any:
        actions = human_actions(self.table.session)
        if self.refused:
            actions.append(self.refused)
        return "; ".join(actions)

    def fill(self, answer: Any) -> None:
        """Play the answer's moves on a fresh table, as a learner would click them, up to the first the
        engine refuses (read as the check reads a typed answer)."""
        self.table.use(self._session())
        self.refused = None
        for part in str(answer).split(";"):
            if part.strip() and not self.table.play(bc.parse_action(part.strip())):
                break
        self._moved()


class PositionView(TableView):
    """position: one turn at the play table, on the exercise's position (no hints: the exercise has its
    own; the computer players wait once the turn is over)."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang, hints=False, computer_moves=False)
        self.widget = w.VBox([self.table])

    def _session(self) -> HandSession:
        return make_session(self.exercise.rules, self.exercise.prepared.position)


def table_html(game: bc.Game, player: int, lang: str) -> str:
    """The table as ``player`` sees it, drawn as the play table draws it."""
    return Table(viewer=player, lang=lang).render(game)


class WhyNotView(ChoiceView):
    """why-not: the table, the move asked about, and the conditions to choose from."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        game = bc.Game.setup(exercise.rules, **prepared.position)
        player = game.current_player
        table = w.HTML(table_html(game, player, lang))
        table.add_class("bt-table")
        hand = Hand(game.hands[player], selectable=False, card_width=CARD_WIDTH,
                    overlap=0.0 if len(game.hands[player]) <= 9 else 0.35, label=t("widget.your-hand", lang),
                    lang=lang)
        if game.pile_pick is not None:
            hand.mark([game.pile_pick[0]])       # the one card just taken as the whole pile
        move = w.HTML(f'<div class="bt-move-asked"><b>{esc(t("widget.move-asked", lang))}</b> '
                      f"{esc(answer_text(exercise, prepared.action, lang))}</div>")
        # the hand, and beside it the move asked and the answers: under the table, with Check just after them
        mine = w.VBox([w.HTML(f"<h3 class='bt-part'>{esc(t('widget.your-hand', lang))}</h3>"), hand],
                      layout=w.Layout(flex="0 1 auto", min_width="0"))
        answers = w.VBox([move, *self.widget.children], layout=w.Layout(flex="1 1 320px", min_width="0"))
        below = w.HBox([mine, answers], layout=w.Layout(flex_flow="row wrap", align_items="flex-start",
                                                         grid_gap="0 24px"))
        below.add_class("bt-why-not-answer")
        shown: list[w.Widget] = [table, below]
        if exercise.rules.id in bc.RULESETS and exercise.rules.id != "classic":   # a variant's rule: its row shown
            shown.append(rules_table(lang))
            self.tables = frozenset({"variants"})
        self.widget = w.VBox(shown)


class SeatView(ChoiceView):
    """seat: the players around the table (the dealer marked when the question is who plays first), and
    the players to choose from. The order of play is not drawn: it is what the questions ask."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        extra = exercise.prepared.extra
        players = extra["players"]
        dealer = (players - 1) if extra["ask"] == "first" else None     # the player on the learner's right
        self.widget.children = (w.HTML(seats_html(players, lang, dealer=dealer, order=False)),
                                *self.widget.children)


class GuidedView(TableView):
    """The guided hand: the play table over the exercise's HandSession, and the goal to reach now."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        self.goal_html = w.HTML()
        self.goal_html.add_class("bt-guided-goal")
        super().__init__(exercise, lang, hints=False)       # the lesson's own hints: one Hint button
        self.table.goal.layout.display = "none"             # the goal is said once, above the table
        self.widget = w.VBox([self.goal_html, self.table])
        self._moved()

    def _session(self) -> HandSession:
        return self.exercise.prepared.extra["session"]()     # type: ignore[no-any-return]

    def _moved(self) -> None:
        session = self.table.session
        goal = session.goal
        if goal is None:
            text = t("widget.guided.done", self.lang)
        else:
            text = t("widget.guided.goal", self.lang, number=session.goals_reached + 1, count=len(session.goals),
                     goal=goal.message)
        voice = self.table.voice
        shown = verdict_box(NOTE, text, role="" if voice is not None else "status")
        if voice is not None and shown != self.goal_html.value:     # a new goal: said after the move's report
            voice.say(f"{voice.said} {text}")
        self.goal_html.value = shown

    def solution_html(self) -> str:
        return esc(answer_text(self.exercise, self.exercise.solution, self.lang))   # the moves in words


VIEWS.update({"position": PositionView, "why-not": WhyNotView, "guided-hand": GuidedView, "seat": SeatView})

__all__ = ["GuidedView", "PositionView", "SeatView", "TableView", "WhyNotView", "table_html"]
