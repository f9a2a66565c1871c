"""The views played at a table: position (move buttons under the hand), why-not (the table and the
conditions to choose from) and the guided hand (the play table over the exercise's HandSession).
"""

from __future__ import annotations

import functools
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg

from ...curriculum.guided import human_actions
from ...curriculum.model import Exercise
from ..hand import Hand
from ..style import CARD_WIDTH, NOTE, melds_row, move_text, t, verdict_box
from ..style import esc_suits as esc
from ..table import PlayTable
from .base import VIEWS, AnswerView, answer_text, quietly
from .cards import CardsView, ChoiceView


class PositionView(CardsView):
    """Take actions at the table: the hand, the melds, the discard pile, and move buttons."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang, arrangements=False)
        self.moves: list[str] = []
        self.pile = w.HTML()
        self.table = w.HTML()
        self.table.add_class("bt-table")
        self.moves_html = w.HTML()
        labels = {"meld": "widget.act.meld", "attach": "widget.act.attach", "discard": "widget.act.discard",
                  "draw": "widget.act.draw", "take": "widget.act.take", "pozzetto": "widget.act.pozzetto",
                  "undo": "widget.act.undo"}
        self.buttons = {name: w.Button(description=t(key, lang), layout=w.Layout(width="auto"))
                        for name, key in labels.items()}
        for name, button in self.buttons.items():
            button.add_class(f"bt-act-{name}")
        self.target = w.Dropdown(options=[], layout=w.Layout(width="auto"))
        for name, button in self.buttons.items():
            button.on_click(functools.partial(self._move, name))
        row = w.HBox([self.buttons["draw"], self.buttons["take"], self.buttons["meld"], self.buttons["attach"],
                      self.target, self.buttons["discard"], self.buttons["pozzetto"], self.buttons["undo"]],
                     layout=w.Layout(flex_flow="row wrap", grid_gap="6px"))
        # the learner is the position's player from the first move to the last (after a discard the
        # turn passes, but the table stays theirs)
        self.player = bc.Game.setup(exercise.rules, **exercise.prepared.position).current_player
        self.widget = w.VBox([self.table, self.pile, w.HTML(f"<b>{esc(t('widget.your-hand', lang))}</b>"),
                              self.hand, self.chosen, row, self.moves_html])
        self._redraw()

    def _game(self) -> Any:
        """The position after the moves the engine accepts so far (the hand shown is the one after them)."""
        game = bc.Game.setup(self.exercise.rules, **self.exercise.prepared.position)
        for move in self.moves:
            if game.explain(move) is not None:
                break
            game.apply(move)
        return game

    def _redraw(self) -> None:
        game = self._game()
        player = self.player
        side = game.side_of(player)
        self.table.value = table_html(game, player, self.lang)
        self.pile.value = ""
        before = self.hand.cards
        self.hand.cards = game.hands[player]
        drawn = [c for c in game.hands[player] if c not in before] if self.moves and self.moves[-1] == "draw" else []
        if not drawn and game.current_player == player and game.pile_pick is not None:
            drawn = [game.pile_pick[0]]          # the one card just taken as the whole pile
        if drawn:
            self.hand.mark(drawn)
        chosen = self.target.value
        self.target.options = [(t("widget.meld-number", self.lang, number=i + 1), i)
                               for i in range(len(game.melds[side]))]
        if self.target.options:
            self.target.value = chosen if chosen is not None and chosen < len(game.melds[side]) else 0
        done = esc(t("widget.actions", self.lang)) + " " + (esc("; ".join(move_text(m, self.lang) for m in self.moves))
                                                              if self.moves
                                                              else esc(t("widget.actions-none", self.lang)))
        self.moves_html.value = f"<div class='bt-moves'>{done}</div>"

    @quietly
    def _move(self, name: str, button: object = None) -> None:
        cards = self.cards_text()
        if name == "undo":
            if self.moves:
                self.moves.pop()
        elif name in ("draw", "take", "pozzetto"):
            self.moves.append(name)
        elif cards and name == "meld":
            self.moves.append(f"meld {cards}")
        elif cards and name == "attach" and self.target.value is not None:
            self.moves.append(f"attach {self.target.value} {cards}")
        elif cards and name == "discard" and len(self.hand.selected_cards) == 1:
            self.moves.append(f"discard {cards}")
        self._redraw()

    def answer(self) -> Any:
        return "; ".join(self.moves)

    def fill(self, answer: Any) -> None:
        self.moves = [part.strip() for part in str(answer).split(";") if part.strip()]
        self._redraw()


def table_html(game: Any, player: int, lang: str) -> str:
    """The table as ``player`` sees it: both sides' melds, the stock, the discard pile, the pozzetti, the turn."""
    side = game.side_of(player)
    parts = []
    if game.melds[1 - side]:
        parts.append(f"<b>{esc(t('widget.their-melds', lang))}</b>"
                     + melds_row(game.melds[1 - side], lang, numbered=False))
    if game.melds[side]:
        parts.append(f"<b>{esc(t('widget.your-melds', lang))}</b>" + melds_row(game.melds[side], lang))
    pile = game.discard_pile
    pile_picture = (svg.hand_svg(pile, width=40, overlap=0.0 if len(pile) < 10 else 0.5, lang=lang) if pile
                    else esc(t("widget.pile-empty", lang)))
    facts = [t("widget.stock-size", lang, count=len(game.stock)),
             t("widget.pozzetto.ours" if game.took_pozzetto[side] else "widget.pozzetto.ours-not", lang),
             t("widget.pozzetto.theirs" if game.took_pozzetto[1 - side] else "widget.pozzetto.theirs-not", lang)]
    parts.append('<div class="bt-table-facts" style="display:flex;flex-wrap:wrap;gap:6px 28px;align-items:center">'
                 f'<div class="bt-pile" style="display:flex;align-items:center;gap:8px"><b>{esc(t("widget.discard-pile", lang))}</b> {pile_picture}</div>'
                 + "".join(f'<div class="bt-fact">{esc(fact)}</div>' for fact in facts) + "</div>")
    parts.append(f'<div class="bt-turn" style="margin:4px 0;font-weight:600">{esc(_turn_text(game, player, lang))}</div>')
    return "".join(parts)


def _turn_text(game: Any, player: int, lang: str) -> str:
    """Where the turn stands, as the engine's state says (nothing decided here)."""
    if game.is_over:
        return t(f"widget.turn.over.{game.result.reason}", lang)
    if game.current_player != player:
        return t("widget.turn.passed", lang)
    if game.phase == "play" and game.pile_pick is not None:
        key = "widget.turn.play-pile-card-twin" if game.pile_pick[1] else "widget.turn.play-pile-card"
        return t(key, lang, card=game.pile_pick[0])
    return t(f"widget.turn.{game.phase}", lang)


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
        self.widget = w.VBox([table, w.HTML(f"<b>{esc(t('widget.your-hand', lang))}</b>"), hand, move,
                              *self.widget.children])


class GuidedView(AnswerView):
    """The guided hand: the play table over the exercise's HandSession, and the goal to reach now."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        self.refused: str | None = None     # the learner's last action, when the engine refused it
        self.table = PlayTable(session=exercise.prepared.extra["session"](), pace=0, lang=lang)
        self.table.children[0].layout.display = "none"      # no new deals or rulesets: this deal is the lesson
        self.table.goal.layout.display = "none"             # the goal is said once, above the table (below)
        played = self.table.play

        def play(action: bc.Action) -> bool:
            done = played(action)
            self.refused = None if done or self.table.session.explain(action) is None else str(action)
            self._goal()
            return done

        self.table.play = play       # type: ignore[method-assign]
        self.table.undo.on_click(lambda _: self._goal())
        self.goal_html = w.HTML()
        self.goal_html.add_class("bt-guided-goal")
        self.widget = w.VBox([self.goal_html, self.table])
        self._goal()

    def _goal(self) -> None:
        session = self.table.session
        goal = session.goal
        if goal is None:
            text = t("widget.guided.done", self.lang)
        else:
            text = t("widget.guided.goal", self.lang, number=session.goals_reached + 1, count=len(session.goals),
                     goal=goal.message)
        self.goal_html.value = verdict_box(NOTE, text)

    def answer(self) -> Any:
        actions = human_actions(self.table.session)
        if self.refused:
            actions.append(self.refused)
        return "; ".join(actions)

    def fill(self, answer: Any) -> None:
        self.table.use(self.exercise.prepared.extra["session"]())
        self.refused = None
        for part in str(answer).split(";"):
            if part.strip():
                self.table.play(bc.parse_action(part.strip()))
        self._goal()

    def solution_html(self) -> str:
        return esc(str(self.exercise.solution))


VIEWS.update({"position": PositionView, "why-not": WhyNotView, "guided-hand": GuidedView})

__all__ = ["GuidedView", "PositionView", "WhyNotView", "table_html"]
