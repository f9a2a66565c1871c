"""ScoreCalculator: count a hand for both sides, keep the match total, convert to victory points.

The count is burraco_core's ``score_hand`` (both sides together, so that a card given
too many times across the two sides, or a closing side with no burraco, is refused); the conversion is ``victory_points``.
This module reads the boxes, shows each line of the count and keeps the list
of hands played. ``ScoreCalculator.load_game`` fills the boxes from a finished
``burraco_core.Game``, so a hand played at the PlayTable can be counted by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import ipywidgets as w

import burraco_core as bc
from burraco_core.messages import Message

from .board import YOU, player_names
from .style import BAD, GOOD, NEUTRAL, box, esc, refusal_html
from .ui import choose_ruleset, safe_ruleset_picker, shielded
from .voice import Speaks, spoken

SIDES = ("A", "B")
MELD_EXAMPLES = ("5H 6H 7H 8H 9H 10H JH", "7S 7D JK", "2C=4H 5H 6H")   # notation: the same in every language
_WHOLE_LABEL = {"description_width": "initial"}     # a label as long as its words ("Combinazioni"), never cut


def _t(key: str, lang: str, **params: object) -> str:
    return Message(key, **params).text(lang)


@dataclass
class SideResult:
    """One side's count, or the problems that keep it from being counted."""

    breakdown: bc.ScoreBreakdown | None
    problems: list[str] = field(default_factory=list)

    @property
    def total(self) -> int | None:
        return None if self.breakdown is None else self.breakdown.total


def read_melds(text: str, rules: str | bc.Ruleset, lang: str = "en") -> tuple[list[bc.Meld], list[str]]:
    """One meld per line (``Meld.parse``: plain cards or table form); the melds and one problem per bad
    line, said in ``lang``."""
    melds, problems = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            melds.append(bc.Meld.parse(line, rules))
        except bc.IllegalMove as err:
            problems.append(_t("referee.score.meld-line.rule", lang, number=number, line=line.strip(),
                               reason=err.msg, rule=err.rule))
        except bc.NotationError as err:
            problems.append(_t("referee.score.meld-line", lang, number=number, line=line.strip(),
                               reason=err.msg or err.message(lang)))
    return melds, problems


def breakdown_html(result: SideResult, lang: str = "en", *, live: bool = True) -> str:
    """The count line by line, as a table (or the problems, in red), said in ``lang``; ``live`` False: the
    problems' box is no live region (the page's one live region says them)."""
    if result.breakdown is None:
        items = "".join(f"<li>{esc(p)}</li>" for p in result.problems)
        return box(BAD, _t("referee.score.cannot-count", lang), f"<ul style='margin:4px 0'>{items}</ul>", big=False,
                   role="alert" if live else "")
    rows = "".join(
        f"<tr class='bt-line bt-line-{esc(line.key)}'><td style='padding:1px 10px 1px 0'>{esc(line.text(lang))}</td>"
        f"<td style='text-align:right;padding:1px 10px;font-variant-numeric:tabular-nums'>{line.points:+d}</td>"
        f"<td style='color:#555'>{esc(line.detail)}</td></tr>"
        for line in result.breakdown.lines
    )
    total = result.breakdown.total
    rows += (f"<tr style='border-top:2px solid #333;font-weight:700'><td>{esc(_t('referee.score.hand-total', lang))}</td>"
             f"<td class='bt-side-total' style='text-align:right;padding:1px 10px'>{total:+d}</td><td></td></tr>")
    return f"<table class='bt-breakdown' style='border-collapse:collapse;margin:4px 0'>{rows}</table>"


def hand_result_html(game: bc.Game, lang: str = "en", viewer: int = YOU) -> str:
    """A finished hand as the play table shows it: how it ended, then each side's score line by line, the
    viewer's side first, in a box whose colour says whether the viewer's side came out ahead (or level)."""
    result = game.result
    if result is not None and result.player is not None and result.closed:
        how = _t("table.end.closed", lang, name=player_names(game.players, "start")[result.player])
    else:
        how = _t("table.end.void" if result is not None and result.reason == "void" else "table.end.stock", lang)
    scores = game.score()
    mine = game.side_of(viewer)
    parts = [f"<div style='flex:1 1 300px'><b>{esc(_t('table.your-side' if side == mine else 'table.other-side', lang))}"
             f"</b>{breakdown_html(SideResult(scores[side]), lang)}</div>" for side in (mine, 1 - mine)]
    totals = _t("table.end.totals", lang, mine=scores[mine].total, theirs=scores[1 - mine].total)
    body = f"<div>{esc(how)}</div><div style='display:flex;flex-wrap:wrap;gap:16px'>{''.join(parts)}</div>"
    return box(GOOD if scores[mine].total >= scores[1 - mine].total else BAD, totals, body, big=False)


class SidePanel(w.VBox):
    """The inputs for one side: name, melds, cards left, pozzetto."""

    def __init__(self, name: str, lang: str = "en") -> None:
        self.lang = lang
        self.name = w.Text(value=name, description=_t("referee.score.side", lang), layout=w.Layout(width="min(22em, 100%)"), style=_WHOLE_LABEL)
        self.melds = w.Textarea(
            description=_t("referee.score.melds", lang), rows=6, continuous_update=False,
            placeholder="\n".join((_t("referee.score.melds.placeholder", lang), *MELD_EXAMPLES)),
            layout=w.Layout(width="min(22em, 100%)"), style=_WHOLE_LABEL,
        )
        self.in_hand = w.Text(description=_t("referee.score.in-hand", lang), continuous_update=False,
                              placeholder=_t("referee.score.in-hand.placeholder", lang),
                              layout=w.Layout(width="min(22em, 100%)"), style=_WHOLE_LABEL)
        self.took_pozzetto = w.Checkbox(value=True, description=_t("referee.score.took-pozzetto", lang), indent=False)
        self.pozzetto_unused = w.Checkbox(value=False, description=_t("score.unused-pozzetto", lang), indent=False)
        self.breakdown = w.HTML()
        self.breakdown.add_class("bt-breakdown-box")
        super().__init__([self.name, self.melds, self.in_hand, self.took_pozzetto, self.pozzetto_unused,
                          self.breakdown], layout=w.Layout(border="1px solid #ccc", padding="8px",
                                                           margin="4px 0", flex="1 1 340px", max_width="100%"))

    def read(self, rules: str | bc.Ruleset) -> tuple[bc.SideCount | None, list[str]]:
        """What the boxes say, for ``score_hand``; None and one problem per bad line if they cannot be read."""
        melds, problems = read_melds(self.melds.value, rules, self.lang)
        try:
            hand = bc.parse_cards(self.in_hand.value)
        except bc.NotationError as err:
            problems.append(_t("referee.score.hand-cards", self.lang, reason=err.msg or err.message(self.lang)))
            hand = ()
        if problems:
            return None, problems
        return bc.SideCount(tuple(melds), hand, self.took_pozzetto.value, self.pozzetto_unused.value), []

    def count(self, rules: str | bc.Ruleset, closed: bool) -> SideResult:
        """This side alone (``score_side``) from the boxes as :meth:`read` reads them; the calculator
        counts both sides together with ``score_hand``."""
        side, problems = self.read(rules)
        if side is None:
            return SideResult(None, problems)
        return SideResult(bc.score_side(side.melds, side.in_hand, rules, closed=closed,
                                        took_pozzetto=side.took_pozzetto, pozzetto_unused=side.pozzetto_unused))


class ScoreCalculator(Speaks, w.VBox):
    """Both sides' counts for a hand, the match so far, and victory points.

    ``names``: the two sides' names (default: North-South and East-West, in ``lang``); ``lang``: the
    language of every text. On a tool page the hand's total and the match's are said by the page's one
    live region (:meth:`speak_with`) when they change.
    """

    def __init__(self, rules: str | bc.Ruleset = "classic", names: tuple[str, str] | None = None, *,
                 lang: str = "en", **kwargs: object) -> None:
        self.lang = lang
        t = self._text
        if names is None:
            names = (t("referee.score.north-south"), t("referee.score.east-west"))
        self.rules, warning = safe_ruleset_picker(rules, self.lang)
        self.warning = w.HTML(warning)
        self.hands_in_match = w.Dropdown(options=[(t("referee.score.hands", count=n), n) for n in (3, 4)], value=3,
                                         description=t("referee.score.match-of"), layout=w.Layout(width="auto"))
        self.sides = {side: SidePanel(name, lang) for side, name in zip(SIDES, names, strict=True)}
        self.closed_by = w.RadioButtons(description=t("referee.score.closed-by"), style={"description_width": "initial"})
        self.hand_total = w.HTML()
        self.hand_total.add_class("bt-hand-total")
        auto = w.Layout(width="auto")
        self.add_hand = w.Button(description=t("referee.score.add-hand"), button_style="primary", layout=auto)
        self.remove_hand = w.Button(description=t("referee.score.remove-hand"), layout=auto)
        self.new_match = w.Button(description=t("referee.score.new-match"), layout=auto)
        self.match = w.HTML()
        self.match.add_class("bt-match")
        self.hands: list[tuple[int, int]] = []
        self.results: dict[str, SideResult] = {}
        self.refusal: bc.IllegalMove | None = None
        """Why the hand as typed cannot be counted (both sides' cards together, or the closing side)."""
        self._loading = False
        super().__init__(
            [
                w.HBox([self.rules, self.hands_in_match], layout=w.Layout(flex_flow="row wrap", grid_gap="12px")),
                self.warning,
                w.HBox(list(self.sides.values()), layout=w.Layout(flex_flow="row wrap")),
                self.closed_by,
                self.hand_total,
                w.HBox([self.add_hand, self.remove_hand, self.new_match],
                       layout=w.Layout(flex_flow="row wrap", grid_gap="8px")),
                self.match,
            ],
            **kwargs,
        )
        self.add_class("bt-score")
        self._set_closers()
        for panel in self.sides.values():
            panel.name.observe(self._names_changed, names="value")
            for box_ in (panel.melds, panel.in_hand, panel.took_pozzetto, panel.pozzetto_unused):
                box_.observe(self._update, names="value")
        self.closed_by.observe(self._update, names="value")
        self.rules.observe(self._update, names="value")
        self.hands_in_match.observe(self._show_match, names="value")
        self.add_hand.on_click(self._add_hand)
        self.remove_hand.on_click(self._remove_hand)
        self.new_match.on_click(self._new_match)
        self._update()

    def _text(self, key: str, **params: object) -> str:
        return _t(key, self.lang, **params)

    def _set_closers(self) -> None:
        current = self.closed_by.value
        self.closed_by.options = [(self._text("referee.score.nobody"), "none")] + [
            (self.name(side), side) for side in SIDES
        ]
        self.closed_by.value = current if current in ("none", *SIDES) else "none"

    @shielded
    def _names_changed(self, change: object = None) -> None:
        self._set_closers()
        self._update()

    def name(self, side: str) -> str:
        return self.sides[side].name.value or self._text("referee.position.side", side=side)

    def load_game(self, game: bc.Game) -> None:
        """Fill both sides from a finished hand: side A is the game's side 0 (players 0 and 2).

        The boxes get each side's melds in table form, the cards left in its players'
        hands, whether it took its pozzetto and who closed; the totals shown are then
        the game's own ``game.score()``. A void hand (only discards traded) scores
        nothing and is refused. A game under house rules adds them to the ruleset picker.
        """
        if not game.is_over:
            raise ValueError("the hand is not over yet: there is nothing to count")
        result = game.result
        if result is not None and result.reason == "void":
            raise ValueError("the hand is void (the players only traded discards): it scores nothing")
        self._loading = True
        try:
            choose_ruleset(self.rules, game.rules, self.lang)
            for index, side in enumerate(SIDES):
                panel = self.sides[side]
                panel.melds.value = "\n".join(meld.table_code for meld in game.melds[index])
                panel.in_hand.value = bc.format_cards([card for player in game.partners(index)
                                                       for card in game.hands[player]])
                panel.took_pozzetto.value = game.took_pozzetto[index]
                panel.pozzetto_unused.value = game.pozzetto_unplayed[index]
            self.closed_by.value = SIDES[result.side] if result is not None and result.side is not None else "none"
        finally:
            self._loading = False
        self._update()

    @shielded
    def _update(self, change: object = None) -> None:
        if self._loading:
            return
        rules = self.rules.value
        read = {side: panel.read(rules) for side, panel in self.sides.items()}
        self.refusal = None
        if all(count is not None for count, _ in read.values()):
            closer = self.closed_by.value
            try:
                counted = bc.score_hand([read[side][0] for side in SIDES], rules,    # type: ignore[misc]
                                        closed_by=SIDES.index(closer) if closer in SIDES else None)
                self.results = {side: SideResult(breakdown) for side, breakdown in zip(SIDES, counted, strict=True)}
            except bc.IllegalMove as err:     # both sides' cards together, or the closing side, refused
                self.refusal = err
                self.results = {side: SideResult(None, [err.message(self.lang)]) for side in SIDES}
        else:
            self.results = {side: SideResult(None, problems or [Message("referee.score.other-side").text(self.lang)])
                            for side, (_, problems) in read.items()}
        before = self.hand_total.value
        for side, panel in self.sides.items():
            panel.breakdown.value = breakdown_html(self.results[side], self.lang, live=self.voice is None)
        totals = [self.results[side].total for side in SIDES]
        self.add_hand.disabled = None in totals
        if self.refusal is not None:
            self.hand_total.value = box(BAD, Message("referee.score.refused").text(self.lang),
                                        refusal_html(self.refusal, self.lang),
                                        big=False, role=self._role("alert"))
        elif None in totals:
            self.hand_total.value = box(NEUTRAL, self._text("referee.score.fix"), big=False, role=self._role())
        else:
            text = " · ".join(f"{self.name(side)} {total:+d}" for side, total in zip(SIDES, totals, strict=True))
            self.hand_total.value = box(GOOD, self._text("referee.score.this-hand", totals=text), big=False,
                                        role=self._role())
        if spoken(before) != spoken(self.hand_total.value):      # the hand's total, said when it changes
            self._speak(self.hand_total.value)
        self._show_match()

    def _draw_spoken(self) -> None:
        self._update()

    def show_failure(self, html: str) -> None:
        """Where a failure is told (see ``ui.shielded``): the hand's total."""
        self.hand_total.value = html
        self.add_hand.disabled = True

    def current_totals(self) -> tuple[int, int] | None:
        a, b = (self.results[side].total for side in SIDES)
        return None if a is None or b is None else (a, b)

    @shielded
    def _add_hand(self, button: object = None) -> None:
        totals = self.current_totals()
        if totals is not None:
            self.hands.append(totals)
            self._show_match()
            self._speak_match()

    @shielded
    def _remove_hand(self, button: object = None) -> None:
        if self.hands:
            self.hands.pop()
            self._show_match()
            self._speak_match()

    @shielded
    def _new_match(self, button: object = None) -> None:
        self.hands.clear()
        self._show_match()
        self._speak_match()

    def _speak_match(self) -> None:
        """The match as it stands now, said (its victory points, or that no hand is counted yet)."""
        self._speak(self.match.value.rpartition("</table>")[2])

    @property
    def match_totals(self) -> tuple[int, int]:
        return (sum(a for a, _ in self.hands), sum(b for _, b in self.hands))

    @property
    def victory(self) -> tuple[int, int]:
        return bc.victory_points(*self.match_totals, hands=self.hands_in_match.value)

    @shielded
    def _show_match(self, change: object = None) -> None:
        self.remove_hand.disabled = not self.hands
        if not self.hands:
            self.match.value = f"<div style='color:#555'>{esc(self._text('referee.score.no-hands'))}</div>"
            return
        head = (f"<tr><th style='text-align:left;padding:2px 12px'>{esc(self._text('referee.score.hand'))}</th>"
                f"<th style='padding:2px 12px'>{esc(self.name('A'))}</th>"
                f"<th style='padding:2px 12px'>{esc(self.name('B'))}</th></tr>")
        running_a = running_b = 0
        rows = ""
        for number, (a, b) in enumerate(self.hands, 1):
            running_a, running_b = running_a + a, running_b + b
            rows += (f"<tr><td style='padding:2px 12px'>{number}</td><td style='text-align:right;padding:2px 12px'>"
                     f"{a:+d} <span style='color:#666'>({running_a})</span></td>"
                     f"<td style='text-align:right;padding:2px 12px'>{b:+d} "
                     f"<span style='color:#666'>({running_b})</span></td></tr>")
        total_a, total_b = self.match_totals
        rows += (f"<tr class='bt-match-total' style='border-top:2px solid #333;font-weight:700'>"
                 f"<td style='padding:2px 12px'>{esc(self._text('referee.score.match-points'))}</td>"
                 f"<td style='text-align:right;padding:2px 12px'>{total_a}</td>"
                 f"<td style='text-align:right;padding:2px 12px'>{total_b}</td></tr>")
        planned = self.hands_in_match.value
        vp_a, vp_b = self.victory
        played = len(self.hands)
        status = ("partial" if played < planned else "final" if played == planned else "over")
        said = self._text(f"referee.score.after.{status}", played=played, planned=planned)
        vp = box(GOOD, self._text("referee.score.victory", a=self.name("A"), b=self.name("B"), vp_a=vp_a, vp_b=vp_b),
                 f"<div>{esc(self._text('referee.score.difference', difference=abs(total_a - total_b), status=said, planned=planned))}</div>",
                 big=False, role=self._role())
        self.match.value = f"<table style='border-collapse:collapse'>{head}{rows}</table>{vp}"


__all__ = ["ScoreCalculator", "SidePanel", "SideResult", "breakdown_html", "hand_result_html", "read_melds", "score_tool"]


def score_tool(rules: str, lang: str = "en") -> w.Widget:
    """The score calculator's tool page."""
    return ScoreCalculator(rules=rules, lang=lang)
