"""The lesson widget: the intro, then the exercises one at a time, the star strip, the summary.

A view over :class:`~lessons.learner.session.LessonSession`: it turns clicks into answers (plain
values, as ``Exercise.check`` takes them) and verdicts into pictures; it decides
nothing. Cards are :class:`~lessons.widgets.hand.Hand` widgets (mouse, or Tab, arrows and Space).
Every text comes from the catalogues. A failure inside a callback never reaches the
page as a traceback: it is logged and the learner reads a short message instead.

``show("melds")`` is all a notebook cell needs.
"""

from __future__ import annotations

import contextlib
import functools
import html
import logging
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg
from burraco_core.messages import Message

from ..curriculum.model import Exercise, Lesson, Verdict
from ..learner.progress import Progress
from ..learner.session import EXERCISE, INTRO, SUMMARY, LessonSession
from .hand import Hand

_log = logging.getLogger(__name__)

GOOD, BAD, NOTE = "#1b5e20", "#b71c1c", "#37474f"
_BACKGROUND = {GOOD: "#e8f5e9", BAD: "#ffebee", NOTE: "#eceff1"}
STAR, NO_STAR = "★", "☆"
CARD_WIDTH = 72
MELD_WIDTH = 64

_STYLE = """<style>
.bt-lesson { max-width: 1100px; box-sizing: border-box; font-size: 16px; line-height: 1.5; color: #1a1a1a; }
.bt-lesson * { box-sizing: border-box; }
.bt-lesson .bt-title { font-size: 1.6em; font-weight: 700; margin: 4px 0 2px; }
.bt-lesson .bt-sub { color: #555; font-size: 0.95em; }
.bt-lesson .bt-prompt { font-size: 1.25em; font-weight: 600; margin: 8px 0; }
.bt-lesson .bt-text { font-size: 1.1em; margin: 8px 0 4px; max-width: 60em; }
.bt-lesson .bt-caption { color: #444; font-style: italic; margin: 0 0 8px; }
.bt-lesson .bt-box { border-radius: 10px; padding: 10px 14px; margin: 8px 0; font-size: 1.1em; }
.bt-lesson .bt-hints li { margin: 4px 0; font-size: 1.05em; }
.bt-lesson .bt-melds { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: flex-end; }
.bt-lesson .bt-meld-label { font-size: 0.9em; color: #444; }
.bt-lesson .bt-strip button { font-size: 15px; }
.bt-lesson .bt-summary td { padding: 2px 14px 2px 0; font-size: 1.1em; }
.bt-lesson .widget-radio-box label { white-space: normal; }
.bt-lesson .widget-radio-box { width: auto; }
.bt-lesson .bt-red { color: #c62828; }
.bt-lesson .bt-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.bt-lesson .bt-box .bt-red { color: inherit; }
.bt-lesson .bt-stars { color: #e6a100; letter-spacing: 1px; }
.bt-lesson .bt-no-stars { color: #9e9e9e; letter-spacing: 1px; }
.bt-lesson .bt-strip button.bt-current { font-weight: 700; }
.bt-lesson .bt-variants th, .bt-lesson .bt-variants td { border: 1px solid #cfd8dc; padding: 3px 8px; text-align: left; }
.bt-lesson .bt-scores th, .bt-lesson .bt-scores td { padding: 2px 14px 2px 0; text-align: right; }
</style>"""


def t(key: str, lang: str, /, **params: Any) -> str:
    return Message(key, **params).text(lang)


def esc(text: object) -> str:
    """Text for the page: escaped, with the red suits in red (as on the cards)."""
    escaped = html.escape(str(text), quote=True)
    for suit in ("♥", "♦"):
        escaped = escaped.replace(suit, f'<span class="bt-red">{suit}</span>')
    return escaped


def stars_html(count: int) -> str:
    return (f'<span class="bt-stars" aria-hidden="true">{STAR * count}</span>'
            f'<span class="bt-no-stars" aria-hidden="true">{NO_STAR * (3 - count)}</span>')


def solution_box(solution_html: str, lang: str, note: str = "", css_class: str = "") -> str:
    """The dashed box that shows an exercise's solution (``solution_html``, already HTML), with an
    optional note under it (plain text, escaped here)."""
    said = f"<div>{esc(note)}</div>" if note else ""
    return (f'<div class="bt-box{" " + css_class if css_class else ""}" style="border:2px dashed {NOTE};'
            f'background:#fafafa"><b>{esc(t("widget.solution-is", lang))}</b> {solution_html}{said}</div>')


def box(colour: str, text: str, role: str = "status", extra: str = "", label: str = "", headline: str = "") -> str:
    """A coloured verdict box: a headline, the text (escaped), then ``extra`` HTML; ``label`` is read out too."""
    spoken = f'<span class="bt-sr">{esc(label)}</span>' if label else ""
    top = f'<div class="bt-headline" style="font-weight:700">{esc(headline)}</div>' if headline else ""
    return (f'<div class="bt-box" role="{role}" aria-live="polite" '
            f'style="border:3px solid {colour};background:{_BACKGROUND[colour]};color:{colour}">'
            f"{top}{esc(text)}{extra}{spoken}</div>")


def meld_picture(meld: bc.Meld, label: str = "", lang: str = "en") -> str:
    caption = f'<div class="bt-meld-label">{esc(label)}</div>' if label else ""
    return f'<div class="bt-meld">{caption}{svg.meld_svg(meld, width=MELD_WIDTH, lang=lang)}</div>'


def melds_row(melds: tuple[bc.Meld, ...], lang: str, numbered: bool = True) -> str:
    items = [meld_picture(m, t("widget.meld-number", lang, number=i + 1) if numbered else "", lang)
             for i, m in enumerate(melds)]
    return f'<div class="bt-melds">{"".join(items)}</div>'


def arrangement_text(meld: bc.Meld, lang: str) -> str:
    """A meld as it lies, its wild with what it stands for: ``5♥ 6♥ 2♥ as 7♥ 8♥``."""
    return " ".join(t("widget.arrangement.wild", lang, wild=card, card=meld.wild_stands_for)
                    if i == meld.wild_index and meld.kind == bc.RUN else str(card)
                    for i, card in enumerate(meld.cards))


def static_cards(cards: tuple[bc.Card, ...], lang: str, face_down: bool = False) -> Hand:
    hand = Hand(cards, selectable=False, overlap=0.0 if len(cards) < 8 else 0.3, card_width=CARD_WIDTH,
                face_down=face_down, label=t("widget.the-meld", lang), lang=lang)
    return hand


# -- answer views: one per kind ------------------------------------------------------------------

def quietly(method: Callable[..., Any]) -> Callable[..., Any]:
    """For a view's own callbacks (a selection, a move button): a failure is logged and reported, not raised."""

    @functools.wraps(method)
    def run(self: AnswerView, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception:
            _log.exception("the exercise view failed in %s", method.__name__)
            if self.on_error is not None:
                self.on_error()
            return None

    return run


class AnswerView:
    """The controls of one exercise: ``widget``, ``answer()`` (a plain value) and ``fill(answer)``."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        self.exercise = exercise
        self.lang = lang
        self.widget: w.Widget = w.VBox()
        self.on_error: Callable[[], None] | None = None

    def answer(self) -> Any:
        raise NotImplementedError

    def fill(self, answer: Any) -> None:
        """Set the controls as a learner would to give ``answer`` (used for the solution, and by tests)."""
        raise NotImplementedError

    def solution_html(self) -> str:
        return esc(_answer_text(self.exercise, self.exercise.solution, self.lang))


def _answer_text(exercise: Exercise, answer: Any, lang: str) -> str:
    for choice in exercise.choices:
        if choice.key == answer:
            return choice.label.text(lang)
    if isinstance(answer, str):
        try:
            parts = []
            for part in answer.split(";"):
                words = part.split()
                if words and words[0] in ("meld", "attach", "discard", "draw", "take", "pozzetto"):
                    parts.append(move_text(part, lang))
                else:
                    parts.append(bc.format_cards(bc.parse_cards(part), pretty=True))
            return "; ".join(parts)
        except bc.BurracoError:
            return answer
    return str(answer)


class CountView(AnswerView):
    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        self.text = _number_box(t("widget.number-placeholder", lang), width="18em",
                                description=t("widget.your-answer", lang), style={"description_width": "initial"})
        self.widget = w.HBox([self.text])

    def answer(self) -> Any:
        value = self.text.value.strip()
        return int(value) if value.isdigit() else value

    def fill(self, answer: Any) -> None:
        self.text.value = str(answer)


class CardsView(AnswerView):
    """Choose cards from a hand (pick-cards, build-meld); build-meld may offer arrangements."""

    def __init__(self, exercise: Exercise, lang: str, *, arrangements: bool = False) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        self.hand = Hand(prepared.hand, face_down=prepared.face_down, card_width=CARD_WIDTH,
                         overlap=0.0 if len(prepared.hand) <= 9 else 0.35,
                         label=t("widget.cards-label", lang), lang=lang)
        self.hand.add_class("bt-answer-hand")
        self.chosen = w.HTML()
        self.options = w.RadioButtons(options=[], layout=w.Layout(width="auto", display="none"))
        self.options_label = w.HTML(f"<b>{esc(t('widget.arrangement', lang))}</b>",
                                    layout=w.Layout(display="none"))
        self.arrangements = arrangements
        parts: list[w.Widget] = []
        if exercise.kind in ("build-meld", "attach", "position"):
            if prepared.opponent_melds:
                parts.append(w.HTML(f"<b>{esc(t('widget.their-melds', lang))}</b>"
                                    + melds_row(prepared.opponent_melds, lang, numbered=False)))
            if prepared.melds:
                parts.append(w.HTML(f"<b>{esc(t('widget.your-melds', lang))}</b>" + melds_row(prepared.melds, lang)))
            parts.append(w.HTML(f"<b>{esc(t('widget.your-hand', lang))}</b>"))
        parts += [self.hand, self.chosen, self.options_label, self.options]
        self.widget = w.VBox(parts)
        self.hand.observe(self._selection_changed, names="selected")
        self._selection_changed()

    def cards_text(self) -> str:
        return bc.format_cards(self.hand.selected_cards)

    @quietly
    def _selection_changed(self, change: object = None) -> None:
        picked = self.hand.selected_cards
        if not self.exercise.prepared.face_down:
            self.chosen.value = esc(t("widget.selected", self.lang, cards=picked) if picked
                                    else t("widget.selected-none", self.lang))
        self._offer(self._arrangements(picked) if self.arrangements and picked else ())

    def _arrangements(self, picked: tuple[bc.Card, ...]) -> tuple[bc.Meld, ...]:
        try:
            return bc.Meld.lay_down_options(picked, self.exercise.rules)
        except bc.BurracoError:
            return ()

    def _offer(self, options: tuple[bc.Meld, ...]) -> None:
        shown = "flex" if len(options) > 1 else "none"
        self.options.options = [(arrangement_text(m, self.lang), i) for i, m in enumerate(options)] if len(options) > 1 else []
        self.options.value = 0 if len(options) > 1 else None
        self.options.layout.display = shown
        self.options_label.layout.display = "block" if len(options) > 1 else "none"

    def _option(self) -> str:
        return f" #{self.options.value}" if self.options.value else ""

    def answer(self) -> Any:
        return self.cards_text() + (self._option() if self.hand.selected else "")

    def fill(self, answer: Any) -> None:
        text, _, option = str(answer).removeprefix("meld ").partition("#")
        self.hand.select(text)
        if option.strip():
            self.options.value = int(option)


class AttachView(CardsView):
    """Choose cards from the hand and the meld to attach them to; the engine's arrangements to pick from."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang, arrangements=True)
        melds = exercise.prepared.melds
        self.target = w.ToggleButtons(options=[(t("widget.meld-number", lang, number=i + 1), i)
                                               for i in range(len(melds))], value=0,
                                      style={"button_width": "auto"},
                                      layout=w.Layout(display="flex" if len(melds) > 1 else "none"))
        self.target.observe(self._selection_changed, names="value")
        self.widget.children = (*self.widget.children[:-2], self.target, *self.widget.children[-2:])

    def _arrangements(self, picked: tuple[bc.Card, ...]) -> tuple[bc.Meld, ...]:
        index = getattr(self, "target", None)
        meld = self.exercise.prepared.melds[index.value if index is not None else 0]
        try:
            return meld.attach_options(picked)
        except bc.BurracoError:
            return ()

    def answer(self) -> Any:
        if not self.hand.selected:
            return ""
        return f"attach {self.target.value} {self.cards_text()}{self._option()}"

    def fill(self, answer: Any) -> None:
        action = bc.parse_action(str(answer))
        assert isinstance(action, bc.Attach)
        self.target.value = action.meld
        self.hand.select(action.cards)
        if action.option:
            self.options.value = action.option


class ChoiceView(AnswerView):
    """Pick one answer: legal or a rule (judge-meld), a card, free or bound, a kind of burraco."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        parts: list[w.Widget] = []
        if exercise.kind == "judge-meld":
            if prepared.meld is not None:
                parts.append(w.HTML(f"<b>{esc(t('widget.the-meld', lang))}</b>" + meld_picture(prepared.meld, "", lang)))
                parts.append(w.HTML(f"<b>{esc(t('widget.to-attach', lang))}</b>"))
            parts.append(static_cards(prepared.cards, lang))
        elif prepared.meld is not None:
            parts.append(w.HTML(meld_picture(prepared.meld, "", lang)))
        self.choice = w.RadioButtons(options=[(c.label.text(lang), c.key) for c in exercise.choices], value=None,
                                     layout=w.Layout(width="auto"))
        self.choice.add_class("bt-choices")
        parts.append(self.choice)
        self.widget = w.VBox(parts)

    def answer(self) -> Any:
        return self.choice.value

    def fill(self, answer: Any) -> None:
        self.choice.value = answer


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


# -- the table of a position (position, why-not; lessons 7-9) -------------------------------------

def move_text(move: str, lang: str) -> str:
    """A move in words, its meld numbered as the table shows it: "Attach 8♥ to meld 1"."""
    try:
        action = bc.parse_action(move)
    except bc.BurracoError:
        return move
    if isinstance(action, bc.Attach):
        return t("widget.move.attach", lang, cards=action.cards, number=action.meld + 1)
    if isinstance(action, bc.LayDown):
        return t("widget.move.meld", lang, cards=action.cards)
    if isinstance(action, bc.Discard):
        return t("widget.move.discard", lang, card=action.card)
    return t(f"widget.move.{action}", lang)


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
                      f"{esc(_answer_text(exercise, prepared.action, lang))}</div>")
        self.widget = w.VBox([table, w.HTML(f"<b>{esc(t('widget.your-hand', lang))}</b>"), hand, move,
                              *self.widget.children])


# == score helper's views (lessons 10-13): count a hand line by line, victory points, the match,
# == another ruleset's verdict, the guided hand. They collect numbers and choices; the engine decides.

def _number_box(placeholder: str = "", width: str = "8em", **options: Any) -> w.Text:
    # The answer goes to Python when the box is left (Tab, or the click on Check), in one message:
    # sent key by key, ipywidgets holds the last keys back until the kernel has answered the first,
    # and a quick Tab and Enter on Check could be judged on half an answer.
    box_ = w.Text(placeholder=placeholder, layout=w.Layout(width=width), continuous_update=False, **options)
    box_.add_class("bt-number")
    return box_


def _numbers_answer(boxes: list[w.Text]) -> str:
    values = [b.value.strip() for b in boxes]
    if not any(values):
        return ""
    return " ".join(v or "?" for v in values)


class ScoreView(AnswerView):
    """Count a side's hand: its melds and cards left in hand, then a number per line (or the total)."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        extra = prepared.extra
        facts = extra["facts"]
        said = [t("widget.score.closed" if facts["closed"] else "widget.score.not-closed", lang)]
        if not facts["took_pozzetto"]:
            said.append(t("widget.score.not-took", lang))
        elif facts["pozzetto_unused"]:
            said.append(t("widget.score.unused", lang))
        else:
            said.append(t("widget.score.took", lang))
        parts: list[w.Widget] = [
            w.HTML(f"<b>{esc(t('widget.score.melds', lang))}</b>" + melds_row(prepared.melds, lang, numbered=False)),
            w.HTML(f"<b>{esc(t('widget.score.in-hand', lang))}</b>"
                   + ("" if prepared.hand else f" {esc(t('widget.score.none-in-hand', lang))}")),
        ]
        if prepared.hand:
            parts.append(static_cards(prepared.hand, lang))
        parts.append(w.HTML(f'<div class="bt-text bt-score-facts">{esc(" ".join(said))}</div>'))
        self.boxes: list[w.Text] = []
        if extra["mode"] == "total":
            self.boxes.append(_number_box(t("widget.number-placeholder", lang)))
            parts.append(w.HBox([w.HTML(f"<b>{esc(t('widget.score.your-total', lang))}</b>&nbsp;"), self.boxes[0]],
                                layout=w.Layout(align_items="center")))
        else:
            rows = []
            for line in extra["breakdown"].lines:
                entry = _number_box(t("widget.score.line-points", lang))
                self.boxes.append(entry)
                label = w.HTML(f'<span class="bt-score-label">{esc(line.text(lang))}</span>',
                               layout=w.Layout(width="34em"))
                rows.append(w.HBox([label, entry], layout=w.Layout(align_items="center")))
            lines = w.VBox(rows)
            lines.add_class("bt-score-lines")
            parts.append(lines)
        self.widget = w.VBox(parts)

    def answer(self) -> Any:
        if self.exercise.prepared.extra["mode"] == "total":
            value = self.boxes[0].value.strip()
            return int(value) if value.lstrip("+-").isdigit() else value
        return _numbers_answer(self.boxes)

    def fill(self, answer: Any) -> None:
        if self.exercise.prepared.extra["mode"] == "total":
            self.boxes[0].value = str(answer)
            return
        values = str(answer).replace(",", " ").split()
        for i, entry in enumerate(self.boxes):
            entry.value = values[i] if i < len(values) else ""


def _scores_table(scores: tuple[tuple[int, int], ...], totals: tuple[int, int], lang: str) -> str:
    head = (f"<tr><th></th><th>{esc(t('widget.vp.side-0', lang))}</th>"
            f"<th>{esc(t('widget.vp.side-1', lang))}</th></tr>")
    rows = "".join(f"<tr><td>{esc(t('widget.vp.hand', lang, number=i + 1))}</td><td>{a}</td><td>{b}</td></tr>"
                   for i, (a, b) in enumerate(scores))
    total = (f"<tr><td><b>{esc(t('widget.vp.total', lang))}</b></td><td><b>{totals[0]}</b></td>"
             f"<td><b>{totals[1]}</b></td></tr>")
    return f'<table class="bt-summary bt-scores">{head}{rows}{total}</table>'


class VictoryPointsView(AnswerView):
    """Match points (or each hand's score) shown; two boxes for the victory points."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        extra = exercise.prepared.extra
        self.mine = _number_box()
        self.theirs = _number_box()
        self.widget = w.VBox([
            w.HTML(f'<div class="bt-text">{esc(t("widget.vp.hands", lang, count=extra["hands"]))}</div>'
                   + _scores_table(extra["scores"], extra["points"], lang)),
            w.HBox([w.HTML(f"{esc(t('widget.vp.answer-0', lang))}&nbsp;"), self.mine,
                    w.HTML(f"&nbsp;{esc(t('widget.vp.answer-1', lang))}&nbsp;"), self.theirs],
                   layout=w.Layout(align_items="center", flex_flow="row wrap")),
        ])

    def answer(self) -> Any:
        a, b = self.mine.value.strip(), self.theirs.value.strip()
        return f"{a}-{b}" if a or b else ""

    def fill(self, answer: Any) -> None:
        a, _, b = str(answer).partition("-")
        self.mine.value, self.theirs.value = a.strip(), b.strip()


class MatchView(ChoiceView):
    """The hands of a game so far, and who has won (or whether it goes on)."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        extra = exercise.prepared.extra
        self.widget.children = (w.HTML(_scores_table(extra["scores"], extra["totals"], lang)), *self.widget.children)


class PredictView(ChoiceView):
    """The same cards or moves under the exercise's ruleset (the engine's verdict shown), then the other."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        prepared = exercise.prepared
        extra = prepared.extra
        shown: list[w.Widget] = []
        if prepared.cards:
            shown.append(static_cards(prepared.cards, lang))
        else:
            if prepared.melds:
                shown.append(w.HTML(f"<b>{esc(t('widget.your-melds', lang))}</b>" + melds_row(prepared.melds, lang)))
            shown.append(w.HTML(f"<b>{esc(t('widget.your-hand', lang))}</b>"))
            shown.append(static_cards(prepared.hand, lang))
            shown.append(w.HTML(f'<div class="bt-text">{esc(t("widget.predict.moves", lang, moves=extra["play"]))}</div>'))
        first = extra["first_verdict"]
        if extra["ask"] == "burraco":
            said = t("widget.predict.burraco", lang, kind=Message(f"ex.burraco.{first}"))
        elif first == "legal":
            said = t("widget.predict.legal", lang)
        else:
            said = t("widget.predict.refused", lang, rule=Message(f"rule.{first}.summary"))
        under = t("widget.predict.under", lang, rules=exercise.rules.label)
        shown.append(w.HTML(box(NOTE, f"{under} {said}")))
        shown.append(w.HTML(f'<div class="bt-prompt">{esc(t("widget.predict.now", lang, rules=extra["other"].label))}</div>'))
        self.widget.children = (*shown, self.choice)


class GuidedView(AnswerView):
    """The guided hand: the play table over the exercise's HandSession, and the goal to reach now."""

    def __init__(self, exercise: Exercise, lang: str) -> None:
        super().__init__(exercise, lang)
        from .table import PlayTable

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
        self.goal_html.value = box(NOTE, text)

    def answer(self) -> Any:
        from ..curriculum.guided import human_actions

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


def intro_table(name: str, lang: str) -> str:
    """An intro's table drawn from the engine (``variants``: lessons/variants.py)."""
    from ..curriculum.variants import variant_table

    header, rows = variant_table(lang)
    head = "".join(f"<th>{esc(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<table class="bt-variants" style="border-collapse:collapse;margin:8px 0;font-size:0.95em">'
            f"<tr>{head}</tr>{body}</table>")


SCORE_VIEWS: dict[str, type[AnswerView]] = {"count-score": ScoreView, "victory-points": VictoryPointsView,
                                            "match-verdict": MatchView, "predict-under-ruleset": PredictView,
                                            "guided-hand": GuidedView}

# == end of the score helper's views


def answer_view(exercise: Exercise, lang: str) -> AnswerView:
    kind = exercise.kind
    if kind in SCORE_VIEWS:
        return SCORE_VIEWS[kind](exercise, lang)
    if kind == "count":
        return CountView(exercise, lang)
    if kind == "pick-cards":
        return CardsView(exercise, lang)
    if kind == "build-meld":
        return CardsView(exercise, lang, arrangements=True)
    if kind == "attach":
        return AttachView(exercise, lang)
    if kind == "position":
        return PositionView(exercise, lang)
    if kind == "why-not":
        return WhyNotView(exercise, lang)
    return ChoiceView(exercise, lang)


# -- the lesson ----------------------------------------------------------------------------------

def guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run a callback; a failure is logged and shown as a friendly message, never as a traceback."""

    @functools.wraps(method)
    def run(self: LessonWidget, *args: Any, **kwargs: Any) -> Any:
        self.acted = True
        try:
            return method(self, *args, **kwargs)
        except Exception:
            _log.exception("the lesson widget failed in %s", method.__name__)
            self._report_error()
            return None

    return run


def learner_language(progress: Progress | None) -> str:
    """The learner's saved language when every text exists in it, else English."""
    import lessons

    lang = getattr(progress, "lang", None)
    return lang if lang in lessons.languages() else "en"


def language_names(current: str) -> list[tuple[str, str]]:
    """(name, code) of every language the lessons are complete in (and ``current``), each named in itself."""
    import lessons

    codes = list(lessons.languages())
    if current not in codes:
        codes.append(current)
    return [(t("language.name", code), code) for code in codes]


class LessonWidget(w.VBox):
    """One lesson: intro, exercises with Check / Hint / Solution / Next, star strip, summary.

    ``lang`` is the language it speaks; without it, the learner's (``Progress.lang``), else English.
    The language switch on the lesson changes it at once and remembers it with the progress.
    """

    def __init__(self, lesson: Lesson, *, lang: str | None = None, keeper: Any = None, store: Any = None,
                 progress: Progress | None = None) -> None:
        self.lesson = lesson
        self._labelled: list[tuple[w.Button, str]] = []
        self.keeper = keeper
        self.store = store
        if keeper is not None:
            progress = keeper.progress
        elif store is not None:
            progress = store.load()
        self._verdict_pending = False
        self._save_waiting = False
        self.session = LessonSession(lesson, progress if progress is not None else Progress(),
                                     on_change=self._save)
        self._saved_text = self.session.progress.to_json()
        self.fixed_lang = lang
        self.lang = lang or learner_language(self.session.progress)
        names = language_names(self.lang)
        self.language = w.Dropdown(options=names, value=self.lang, description=t("widget.language", self.lang),
                                   style={"description_width": "initial"},
                                   layout=w.Layout(width="auto", display="flex" if len(names) > 1 else "none"))
        self.language.add_class("bt-language")
        self._switching = False
        self.language.observe(self._on_language, names="value")
        self.status = w.HTML()
        self.status.add_class("bt-status")
        self.header = w.HTML()
        self.strip = w.HBox(layout=w.Layout(flex_flow="row wrap", grid_gap="4px"))
        self.strip.add_class("bt-strip")
        self.body = w.VBox()
        self.view: AnswerView | None = None
        self.acted = False          # the learner clicked something in this widget
        self.check_button = self._button("widget.check", "bt-check", self._on_check, "success")
        self.hint_button = self._button("widget.hint", "bt-hint", self._on_hint)
        self.solution_button = self._button("widget.solution", "bt-solution", self._on_solution)
        self.next_button = self._button("widget.next", "bt-next", self._on_next, "primary")
        self.back_button = self._button("widget.back", "bt-back", self._on_back)
        self.start_button = self._button("widget.start", "bt-start", self._on_start, "primary")
        self.intro_button = self._button("widget.intro", "bt-intro-again", self._on_intro)
        self.restart_button = self._button("widget.restart", "bt-restart", self._on_restart, "primary")
        self.verdict_html = w.HTML()
        self.verdict_html.add_class("bt-verdict")
        self.hints_html = w.HTML()
        self.hints_html.add_class("bt-hints-box")
        self.solution_html = w.HTML(layout=w.Layout(display="none"))
        self.solution_html.add_class("bt-solution-box")
        top = w.HBox([self.header, self.language],
                     layout=w.Layout(justify_content="space-between", align_items="flex-start", width="100%"))
        children: list[w.Widget] = [w.HTML(_STYLE), top, self.strip, self.status, self.body]
        if keeper is not None:
            children.append(keeper.widget)
            keeper.changed(self._progress_changed)
        super().__init__(children, layout=w.Layout(width="100%", max_width="1100px"))
        self.add_class("bt-lesson")
        self._build_strip()
        self._render()

    def _report_error(self) -> None:
        self.status.value = box(BAD, t("widget.error", self.lang), role="alert")

    def _button(self, key: str, css: str, handler: Callable[..., Any], style: str = "") -> w.Button:
        button = w.Button(description=t(key, self.lang), button_style=style, layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(handler)
        self._labelled.append((button, key))
        return button

    # ---------------------------------------------------------------- saving
    def _save(self, session: LessonSession) -> None:
        """Keep the progress (file, browser), unless it is what was kept last; while a verdict is
        being shown the save waits until the verdict is on its way to the page."""
        if self._verdict_pending:
            self._save_waiting = True
            return
        text = session.progress.to_json()
        if text == self._saved_text:
            return          # a hint, a repeated check, an answer not given: nothing new to keep
        try:
            if self.keeper is not None:
                self.keeper.save()
            elif self.store is not None:
                self.store.save(session.progress)
            self._saved_text = text
        except bc.BurracoError:
            _log.exception("progress not saved")
            self.status.value = box(BAD, t("widget.error", self.lang), role="alert")

    @contextlib.contextmanager
    def _verdict_first(self) -> Iterator[None]:
        """Send the verdict before writing the progress (a file write waits for the disk)."""
        self._verdict_pending = True
        try:
            yield
        finally:
            self._verdict_pending = False
            if self._save_waiting:
                self._save_waiting = False
                self._save(self.session)

    def _progress_changed(self, progress: Progress) -> None:
        """The progress changed (a save here, or the browser's copy arriving after the page was drawn).

        Stars and notices are updated in place. The browser's resume point and language are
        followed only where nothing can be lost: on the intro, or on an exercise not yet
        answered, and only until the learner acts here. The exercise the learner works on is
        never rebuilt under them (a click on the old one would be lost).
        """
        try:
            problem = getattr(self.keeper, "problem", None)
            self.status.value = box(NOTE, problem.text(self.lang)) if problem is not None else ""
            wanted = self.fixed_lang or learner_language(progress)
            if self.acted:
                self._render_strip()
            elif self.session.phase == INTRO:
                moved = self.session.follow_resume()
                if wanted != self.lang:
                    self._speak(wanted)             # redraws everything: the intro holds nothing to lose
                elif moved:
                    self._render()
                else:
                    self._render_strip()
            elif wanted != self.lang and self._untouched():
                self._speak(wanted)
            else:
                self._render_strip()
        except Exception:   # a listener must not break the keeper
            _log.exception("star strip not redrawn")

    def _untouched(self) -> bool:
        """The exercise on screen has no answer begun (redrawing it loses nothing)."""
        try:
            return self.view is None or self.view.answer() in (None, "")
        except Exception:
            return False

    # ---------------------------------------------------------------- drawing
    def _render(self) -> None:
        session = self.session
        lesson = self.lesson
        house = getattr(lesson, "house", None)
        under = (f'<div class="bt-sub bt-rules-name">{esc(t("widget.rules-house", self.lang, rules=house.label))}'
                 + (f' {esc(t("widget.rules-left-out", self.lang, count=len(lesson.left_out)))}' if lesson.left_out else "")
                 + "</div>") if house is not None else ""
        number = (f'<div class="bt-sub">{esc(t("widget.lesson-number", self.lang, number=lesson.number))}</div>'
                  if lesson.number else "")      # a single exercise (lessons.show(exercise)) is in no lesson
        self.header.value = f'{number}<div class="bt-title">{esc(lesson.title(self.lang))}</div>{under}'
        self._render_strip()
        if session.phase == INTRO:
            self.body.children = self._intro()
        elif session.phase == EXERCISE:
            self.body.children = self._exercise()
        else:
            self.body.children = self._summary()

    def _build_strip(self) -> None:
        """The star strip's buttons, made once: a Check or a late copy of the progress only updates them."""
        self._strip_buttons: list[w.Button] = []
        for index in range(self.session.count):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("bt-strip-item")
            button.on_click(functools.partial(self._on_jump, index))
            self._strip_buttons.append(button)
        self._strip_total = w.HTML()
        self.strip.children = (*self._strip_buttons, self._strip_total)

    def _render_strip(self) -> None:
        """Bring the strip up to date; traits set to what they already hold send nothing to the page."""
        session = self.session
        for row, button in zip(session.rows(), self._strip_buttons, strict=True):
            button.description = f"{row.number} {STAR * row.stars}{NO_STAR * (3 - row.stars)}"
            button.tooltip = t("widget.exercise-of", self.lang, number=row.number, count=session.count)
            if session.index == row.number - 1:
                button.add_class("bt-current")
                button.button_style = "info"
            else:
                button.remove_class("bt-current")
                button.button_style = ""
        self._strip_total.value = (
            f'<span class="bt-total" aria-label="{esc(t("widget.star-strip", self.lang))}">'
            f'&nbsp;{esc(t("widget.stars-label", self.lang, stars=session.total, max=session.max_stars))}'
            "</span>")

    def _intro(self) -> list[w.Widget]:
        parts: list[w.Widget] = []
        for block in self.lesson.intro:
            if block.table is not None:
                parts.append(w.HTML(intro_table(block.table, self.lang)))
            if block.text is not None:
                parts.append(w.HTML(f'<div class="bt-text">{esc(block.text.text(self.lang))}</div>'))
                continue
            if block.meld is not None:
                parts.append(w.HTML(meld_picture(block.meld, "", self.lang)))
            elif block.cards:
                parts.append(static_cards(block.cards, self.lang, block.face_down))
            if block.caption is not None:
                parts.append(w.HTML(f'<div class="bt-caption">{esc(block.caption.text(self.lang))}</div>'))
        intro = w.VBox(parts)
        intro.add_class("bt-intro")
        return [intro, w.HBox([self.start_button])]

    def _exercise(self) -> list[w.Widget]:
        session = self.session
        exercise = session.exercise
        assert exercise is not None
        self.view = answer_view(exercise, self.lang)
        self.view.on_error = self._report_error
        self.verdict_html.value = ""
        self.hints_html.value = ""
        self.solution_html.value = ""
        self.solution_html.layout.display = "none"
        self.next_button.description = t("widget.finish" if session.index == session.count - 1 else "widget.next",
                                         self.lang)
        counter = w.HTML(f'<div class="bt-sub">{esc(t("widget.exercise-of", self.lang, number=session.index + 1, count=session.count))}</div>')
        prompt = w.HTML(f'<div class="bt-prompt">{esc(exercise.prompt.text(self.lang))}</div>')
        prompt.add_class("bt-prompt-box")
        buttons = w.HBox([self.check_button, self.hint_button, self.solution_button, self.back_button,
                          self.next_button], layout=w.Layout(flex_flow="row wrap", grid_gap="8px", margin="8px 0"))
        self.view.widget.add_class("bt-answer")
        card = w.VBox([counter, prompt, self.view.widget, buttons, self.verdict_html, self.hints_html,
                       self.solution_html])
        card.add_class("bt-exercise")
        card.add_class(f"bt-kind-{exercise.kind}")
        return [card]

    def _summary(self) -> list[w.Widget]:
        session = self.session
        rows = "".join(
            f"<tr><td>{esc(row.number)}. {esc(row.exercise.prompt.text(self.lang))}</td>"
            f'<td aria-label="{esc(t("widget.summary.exercise", self.lang, number=row.number, stars=row.stars))}">'
            f"{stars_html(row.stars)}</td></tr>"
            for row in session.rows())
        perfect = session.total == session.max_stars
        html_text = (
            f'<div class="bt-summary" role="status">'
            f'<div class="bt-title">{esc(t("widget.summary.title", self.lang, title=self.lesson.title(self.lang)))}</div>'
            f'<div class="bt-text bt-summary-stars">{esc(t("widget.summary.stars", self.lang, stars=session.total, max=session.max_stars))}'
            f' {esc(t("widget.summary.all" if perfect else "widget.summary.more", self.lang))}</div>'
            f"<table>{rows}</table>"
            f'<div class="bt-text">{esc(self.lesson.summary.text(self.lang))}</div></div>')
        return [w.HTML(html_text), w.HBox([self.restart_button, self.intro_button],
                                          layout=w.Layout(grid_gap="8px"))]

    def show_verdict(self, verdict: Verdict) -> None:
        if verdict.status == "correct":
            earned = self.session.earned or 0
            self.verdict_html.value = box(GOOD, verdict.message(self.lang), extra=" " + stars_html(earned),
                                          label=t("widget.summary.exercise", self.lang,
                                                  number=self.session.index + 1, stars=earned))
        elif verdict.status == "incorrect":
            self.verdict_html.value = box(BAD, verdict.message(self.lang), extra=self._pointing_at(verdict),
                                          headline=t("widget.try-again", self.lang))
        else:
            self.verdict_html.value = box(NOTE, verdict.message(self.lang))

    def _pointing_at(self, verdict: Verdict) -> str:
        """Small pictures of the cards the verdict is about (face down ones stay face down)."""
        if not verdict.cards or self.session.exercise is None or self.session.exercise.prepared.face_down:
            return ""
        faces = "".join(svg.card_svg(card, width=44, lang=self.lang) for card in verdict.cards)
        return f'<div class="bt-involved" style="display:flex;gap:4px;margin-top:6px">{faces}</div>'

    # ---------------------------------------------------------------- buttons
    def _on_language(self, change: Any) -> None:
        lang = change["new"] if isinstance(change, dict) else change.new
        if lang and lang != self.lang and not self._switching:
            self._language_chosen(lang)

    @guarded
    def _language_chosen(self, lang: str) -> None:
        """The learner switched the language: say everything in it, and remember it with the progress."""
        self.session.progress.lang = lang
        self._save(self.session)
        self._speak(lang)

    def _speak(self, lang: str) -> None:
        """Say everything in ``lang`` from now on (the switch shows it too)."""
        self.lang = lang
        for button, key in self._labelled:
            button.description = t(key, lang)
        self._switching = True          # redrawing the switch is not the learner choosing
        try:
            self.language.options = language_names(lang)
            self.language.value = lang
        finally:
            self._switching = False
        self.language.description = t("widget.language", lang)
        self._render()

    @guarded
    def _on_start(self, button: object = None) -> None:
        if self.session.phase != INTRO:
            return          # a click on an intro already gone (the page followed the resume point)
        self.status.value = ""
        self.session.start()
        self._render()

    @guarded
    def _on_intro(self, button: object = None) -> None:
        if self.session.phase != SUMMARY:
            return          # the summary's button, clicked as the page left the summary
        self.session.intro()
        self._render()

    @guarded
    def _on_restart(self, button: object = None) -> None:
        if self.session.phase != SUMMARY:
            return
        self.session.go(0)
        self._render()

    @guarded
    def _on_jump(self, index: int, button: object = None) -> None:
        if index == self.session.index:
            return          # the exercise already open: keep it as it is (a redraw would lose its state)
        self.session.go(index)
        self._render()

    @guarded
    def _on_check(self, button: object = None) -> None:
        assert self.view is not None
        with self._verdict_first():
            verdict = self.session.check(self.view.answer())
            self.show_verdict(verdict)
            self._render_strip()        # only the exercise's stars and the total change

    @guarded
    def _on_hint(self, button: object = None) -> None:
        self.session.hint()
        session = self.session
        exercise = session.exercise
        assert exercise is not None
        items = "".join(f"<li><b>{esc(t('widget.hint-of', self.lang, number=i + 1, count=len(exercise.hints)))}</b> "
                        f"{esc(h.text(self.lang))}</li>" for i, h in enumerate(session.hints))
        more = "" if session.hints_shown < len(exercise.hints) else f"<div>{esc(t('widget.no-more-hints', self.lang))}</div>"
        self.hints_html.value = f'<ul class="bt-hints" aria-live="polite">{items}</ul>{more}'

    @guarded
    def _on_solution(self, button: object = None) -> None:
        assert self.view is not None
        self.session.show_solution()
        note = "" if self.session.earned is not None else t("widget.solution-note", self.lang)
        self.solution_html.value = solution_box(self.view.solution_html(), self.lang, note)
        self.solution_html.layout.display = "block"

    @guarded
    def _on_next(self, button: object = None) -> None:
        self.session.next()
        self._render()

    @guarded
    def _on_back(self, button: object = None) -> None:
        self.session.back()
        self._render()


def missing_lesson(key: str, lang: str) -> w.HTML:
    import lessons

    keys = ", ".join(lesson.key for lesson in lessons.LESSONS)
    return w.HTML(box(NOTE, t("widget.missing-lesson", lang, key=key, keys=keys)))


def single_lesson(exercise: Exercise) -> Lesson:
    """A one-exercise lesson around a teacher's exercise (``show(Exercise.from_dict(...))``)."""
    return Lesson(key=exercise.id.split(".")[0], number=0, ruleset=exercise.ruleset,
                  title_msg=Message("widget.single-exercise", id=exercise.id),
                  intro=(), summary=exercise.explain, exercises=(exercise,), house=exercise.house)


def show(lesson: str | Lesson | Exercise, lang: str | None = None, **options: Any) -> w.Widget:
    """The widget of a lesson (by key), or of one exercise; a missing lesson gives a clear message.

    ``lang`` (``"it"``, ``"es"``): the language; without it, the learner's saved choice, else English.
    """
    import lessons

    try:
        if isinstance(lesson, Exercise):
            if not {"keeper", "store", "progress"} & set(options):
                options["progress"] = Progress()     # a teacher's exercise: nothing to keep
            widget = LessonWidget(single_lesson(lesson), lang=lang, **options)
            widget.session.start()
            widget._render()
            return widget
        if isinstance(lesson, str):
            found = [each for each in lessons.LESSONS if each.key == lesson]
            if not found:
                return missing_lesson(lesson, lang or "en")
            lesson = found[0]
        if "keeper" not in options and "store" not in options and "progress" not in options:
            from ..learner.store import shared_keeper

            options["keeper"] = shared_keeper()
        return LessonWidget(lesson, lang=lang, **options)
    except Exception:
        _log.exception("the lesson %r could not be shown", lesson)
        return w.HTML(box(BAD, t("widget.error", lang or "en"), role="alert"))


__all__ = ["AnswerView", "LessonWidget", "answer_view", "language_names", "learner_language", "show"]
