"""MeldReferee: is this meld legal, and what happens when these cards are attached?

Pick cards in the palette or type them; the verdict follows at once. Every
decision is burraco_core's (``Meld.lay_down_options``, ``Meld.parse``,
``Meld.attach_options``); this module only shows the answer, so it also
settles a dispute at the table: the verdict names the rule and its id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import ipywidgets as w

import burraco_core as bc
from burraco_core import svg
from burraco_core.melds import BURRACO_MIN_CARDS
from burraco_core.messages import Message

from .hand import Hand
from .style import BAD, GOOD, NEUTRAL, WARN, box, esc, facts_table, refusal_html
from .ui import safe_ruleset_picker, shielded
from .voice import Speaks, spoken


@dataclass
class Verdict:
    """What the referee decided: ``legal`` is None when there was nothing to judge or the text was unreadable."""

    html: str
    legal: bool | None = None
    rule: str | None = None
    melds: tuple[bc.Meld, ...] = ()

    @property
    def meld(self) -> bc.Meld | None:
        return self.melds[0] if self.melds else None


def every_card(rules: str | bc.Ruleset = "classic") -> tuple[bc.Card, ...]:
    """The palette: both copies of every card, suit by suit (a row of the first deck's, then a row of the
    second's: ``7H`` and ``7H'``), then the ruleset's jokers (none in ``pulito``)."""
    jokers = bc.ruleset(rules).jokers
    cards = [bc.Card(rank, suit, deck) for suit in ("S", "H", "D", "C") for deck in (0, 1) for rank in range(1, 14)]
    return tuple(cards + [bc.Card(bc.JOKER, "", i % 2) for i in range(jokers)])


def readable_cards(text: str) -> list[bc.Card]:
    """The cards of ``text`` that can be read, token by token, so that a palette keeps in step with a
    text that cannot be read as a whole. A placed wild (``2C=4H``) is the wild itself; a natural card
    named a second time without its apostrophe is its twin (the table has two)."""
    cards: list[bc.Card] = []
    for token in text.replace(",", " ").split():
        try:
            card = bc.parse_card(token.split("=")[0])
        except bc.NotationError:
            continue
        if card in cards and not card.is_joker:
            card = bc.Card(card.rank, card.suit, 1 - card.deck)
        cards.append(card)
    return cards


_CODE = re.compile(r"(?<![\w#])(?:(?:10|[2-9AJQK])[SHDC](?:'|&#x27;)?(?:=(?:10|[2-9AJQK])[SHDC])?|JK)(?!\w)")


def codes(text: str) -> str:
    """Escaped text with its card codes (``7H``, ``7H'``, ``2C=4H``, ``JK``) shown as code."""
    return _CODE.sub(lambda found: f"<code>{found.group(0)}</code>", text)


def _t(key: str, lang: str, **params: object) -> str:
    return Message(key, **params).text(lang)


def _meld_picture(meld: bc.Meld, four_colour: bool, lang: str) -> str:
    picture = svg.meld_svg(meld, width=60, four_colour=four_colour, lang=lang)
    return f'<div class="bt-meld-svg" style="margin:6px 0">{picture}</div>'


def _wild_text(meld: bc.Meld, lang: str) -> str:
    if meld.wild is None:
        return esc(_t("referee.meld.wild.none", lang))
    how = "group" if meld.kind == bc.GROUP else "free" if meld.wild_is_free else "bound"
    return esc(_t(f"referee.meld.wild.{how}", lang, wild=meld.wild, stands=meld.wild_stands_for))


def _burraco_text(meld: bc.Meld, lang: str) -> str:
    if meld.burraco is None:
        return esc(_t("referee.meld.burraco.not-yet", lang, count=len(meld), needed=BURRACO_MIN_CARDS))
    return (f"<b>{esc(_t('score.burraco', lang, kind=meld.burraco))}</b>: "
            f"{esc(_t('referee.meld.burraco.bonus', lang, bonus=meld.burraco_bonus))}")


def describe_meld(meld: bc.Meld, four_colour: bool = False, lang: str = "en") -> str:
    """The engine's description of a legal meld, its wild, burraco and points, with its picture, as HTML."""
    if meld.burraco_bonus:
        points = _t("referee.meld.card-points.bonus", lang, points=meld.points(), bonus=meld.burraco_bonus,
                    total=meld.points() + meld.burraco_bonus)
    else:
        points = _t("referee.meld.card-points", lang, points=meld.points())
    rows = [
        (_t("referee.meld", lang), esc(meld.describe().text(lang))),
        (_t("referee.meld.wild", lang), _wild_text(meld, lang)),
        (_t("referee.meld.burraco", lang), _burraco_text(meld, lang)),
        (_t("referee.meld.points", lang), esc(points)),
        (_t("referee.meld.table-form", lang), f"<code>{esc(meld.table_code)}</code>"),
    ]
    return _meld_picture(meld, four_colour, lang) + facts_table(rows)


def judge_meld(text: str, rules: str | bc.Ruleset, four_colour: bool = False, lang: str = "en", *,
               live: bool = True) -> Verdict:
    """Judge cards laid down as a new meld (``"5H 6H 2C"``, or a table form ``"2C=4H 5H 6H"``), said in ``lang``;
    ``live`` False: the verdict box is no live region (the page's one live region says it)."""
    rules = bc.ruleset(rules)
    role = "status" if live else ""
    if not text.strip():
        return Verdict(box(NEUTRAL, _t("referee.meld.empty", lang),
                           f"<div>{esc(_t('referee.meld.empty.why', lang))}</div>", big=False, role=role))
    try:
        if "=" in text:
            melds: tuple[bc.Meld, ...] = (bc.Meld.parse(text, rules),)
        else:
            melds = bc.Meld.lay_down_options(text, rules)
    except bc.IllegalMove as err:
        return Verdict(box(BAD, _t("referee.meld.illegal", lang), refusal_html(err, lang), role=role), legal=False,
                       rule=err.rule)
    except bc.NotationError as err:
        return Verdict(box(WARN, _t("referee.unreadable", lang), f"<div>{esc(err.message(lang))}</div>", big=False,
                           role=role))
    body = describe_meld(melds[0], four_colour, lang)
    if len(melds) > 1:
        before, _, after = _t("referee.meld.also-legal", lang, others="\0").partition("\0")
        others = ", ".join(f"<code>{esc(m.table_code)}</code>" for m in melds[1:])
        body += f"<div>{esc(before)}{others}{esc(after)}</div>"
    return Verdict(box(GOOD, _t("referee.meld.legal", lang), body, role=role), legal=True, melds=melds)


def judge_attach(meld: bc.Meld | None, text: str, four_colour: bool = False, lang: str = "en", *,
                 live: bool = True) -> Verdict:
    """Judge attaching the cards in ``text`` to ``meld``: every resulting arrangement, or the refusal
    (``live`` as for :func:`judge_meld`)."""
    role = "status" if live else ""
    if meld is None:
        return Verdict(box(NEUTRAL, _t("referee.attach.no-meld", lang), big=False, role=role))
    if not text.strip():
        return Verdict(box(NEUTRAL, _t("referee.attach.empty", lang), big=False, role=role))
    try:
        options = meld.attach_options(text)
    except bc.IllegalMove as err:
        return Verdict(box(BAD, _t("referee.attach.illegal", lang), refusal_html(err, lang), big=False,
                           role=role), legal=False, rule=err.rule)
    except bc.NotationError as err:
        return Verdict(box(WARN, _t("referee.unreadable", lang), f"<div>{esc(err.message(lang))}</div>", big=False,
                           role=role))
    headline = _t("referee.attach.legal", lang, count=len(options))
    parts = []
    for number, option in enumerate(options, 1):
        title = _t("referee.attach.canonical" if number == 1 else "referee.attach.arrangement", lang, number=number)
        parts.append(f'<div class="bt-option" style="margin-top:8px"><b>{esc(title)}</b>'
                     f"{describe_meld(option, four_colour, lang)}</div>")
    return Verdict(box(GOOD, headline, "".join(parts), big=False, role=role), legal=True, melds=options)


class MeldReferee(Speaks, w.VBox):
    """Pick or type a meld and a ruleset; see at once whether it is legal, and what attaching does.

    ``rules``: a built-in ruleset's id or any ``Ruleset`` (a house variant shows in the picker by its name).
    ``lang``: the language of every text, the cards' names for a screen reader included. On a tool page the
    verdicts are said by the page's one live region (:meth:`speak_with`): said when they change.
    """

    def __init__(self, rules: str | bc.Ruleset = "classic", cards: str = "", attach: str = "", *,
                 lang: str = "en", **kwargs: object) -> None:
        self.lang = lang
        t = self._text
        self.rules, warning = safe_ruleset_picker(rules, self.lang)
        self.warning = w.HTML(warning)
        self.four_colour = w.Checkbox(value=False, description=t("table.four-colours"), indent=False,
                                      layout=w.Layout(width="auto"))
        self.target = w.ToggleButtons(
            options=[(t("referee.target.meld"), "meld"), (t("referee.target.attach"), "attach")],
            value="meld", style={"button_width": "auto"},
        )
        self.clear = w.Button(description=t("referee.clear"), tooltip=t("referee.clear.tooltip"),
                              layout=w.Layout(width="auto"))
        self.palette = Hand(every_card(self.rules.value), columns=13, card_width=46, overlap=0.0,
                            label=t("referee.palette"), lang=lang)
        self.palette.add_class("bt-palette")
        self.meld_text = w.Text(value=cards, description=t("referee.meld"), continuous_update=True,
                                placeholder=t("referee.meld.placeholder"), style={"description_width": "initial"},
                                layout=w.Layout(width="min(36em, 95%)"))
        self.meld_text.add_class("bt-meld-text")
        self.attach_text = w.Text(value=attach, description=t("referee.attach"), continuous_update=True,
                                  placeholder=t("referee.attach.placeholder"), style={"description_width": "initial"},
                                  layout=w.Layout(width="min(36em, 95%)"))
        self.attach_text.add_class("bt-attach-text")
        self.verdict = w.HTML()
        self.verdict.add_class("bt-verdict")
        self.attach_verdict = w.HTML()
        self.attach_verdict.add_class("bt-attach-verdict")
        self.result = Verdict("")
        self.attach_result = Verdict("")
        self._syncing = False

        help_text = w.HTML(f"<div style='color:#444'>{codes(esc(t('referee.notation')))}</div>")
        controls = w.HBox([self.rules, self.four_colour, self.clear],
                          layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="12px"))
        inputs = w.VBox([self.meld_text, self.verdict, self.attach_text, self.attach_verdict],
                        layout=w.Layout(min_width="min(320px, 100%)", flex="1 1 380px", align_self="flex-start"))
        inputs.add_class("bt-referee-inputs")
        picker = w.VBox([self.target, self.palette], layout=w.Layout(flex="0 1 auto"))
        super().__init__(
            [controls, self.warning, help_text, w.HBox([picker, inputs], layout=w.Layout(flex_flow="row wrap",
                                                                             grid_gap="16px"))],
            **kwargs,
        )
        self.add_class("bt-referee")

        self.palette.observe(self._palette_changed, names="selected")
        self.meld_text.observe(self._text_changed, names="value")
        self.attach_text.observe(self._text_changed, names="value")
        self.target.observe(self._target_changed, names="value")
        self.rules.observe(self._rules_changed, names="value")
        self.four_colour.observe(self._colours_changed, names="value")
        self.clear.on_click(self._clear)
        self._target_changed()
        self._update()

    def _text(self, key: str, **params: object) -> str:
        return _t(key, self.lang, **params)

    # ------------------------------------------------------------ syncing
    def _target_box(self) -> w.Text:
        return self.meld_text if self.target.value == "meld" else self.attach_text

    @shielded
    def _palette_changed(self, change: object = None) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self._target_box().value = bc.format_cards(self.palette.selected_in_click_order)
        finally:
            self._syncing = False
        self._update()

    def _show_in_palette(self, text: str) -> None:
        cards = readable_cards(text)
        self._syncing = True
        try:
            self.palette.select(cards)
        finally:
            self._syncing = False

    @shielded
    def _text_changed(self, change: dict[str, object]) -> None:
        if self._syncing:
            return
        if change["owner"] is self._target_box():
            self._show_in_palette(str(change["new"]))
        self._update()

    @shielded
    def _target_changed(self, change: object = None) -> None:
        self._show_in_palette(self._target_box().value)

    @shielded
    def _rules_changed(self, change: object = None) -> None:
        cards = every_card(self.rules.value)
        if cards != self.palette.cards:
            self._syncing = True
            try:
                self.palette.cards = cards
            finally:
                self._syncing = False
            self._target_changed()
        self._update()

    @shielded
    def _colours_changed(self, change: object = None) -> None:
        self.palette.four_colour = self.four_colour.value
        self._update()

    @shielded
    def _clear(self, button: object = None) -> None:
        self._syncing = True
        try:
            self.meld_text.value = ""
            self.attach_text.value = ""
            self.palette.clear_selection()
        finally:
            self._syncing = False
        self._update()

    # ------------------------------------------------------------ judging
    @shielded
    def _update(self, change: object = None) -> None:
        four, live = self.four_colour.value, self.voice is None
        self.result = judge_meld(self.meld_text.value, self.rules.value, four, self.lang, live=live)
        self.attach_result = judge_attach(self.result.meld, self.attach_text.value, four, self.lang, live=live)
        said = [new for html, new in ((self.verdict, self.result.html), (self.attach_verdict, self.attach_result.html))
                if spoken(html.value) != spoken(new)]     # what changed, said (not the same words at every key typed)
        self.verdict.value = self.result.html
        self.attach_verdict.value = self.attach_result.html
        self._speak(*said)

    def _draw_spoken(self) -> None:
        self._update()

    def show_failure(self, html: str) -> None:
        """Where a failure is told (see ``ui.shielded``): the verdict box."""
        self.verdict.value = html


__all__ = ["MeldReferee", "Verdict", "describe_meld", "every_card", "judge_attach", "judge_meld",
           "readable_cards", "referee_tool"]


def referee_tool(rules: str, lang: str = "en") -> w.Widget:
    """The meld referee's tool page: a hand to try the cards with, and the referee on a run with its wild."""
    demo = Hand("5H 6H 2C 7H JK QS QD QC 9D 9D' AS", label=Message("home.tool.hand-label").text(lang), lang=lang)
    about = w.HTML(f'<p style="font-size:1.05em;margin:4px 0">{esc(Message("home.tool.hand-help").text(lang))}</p>')
    return w.VBox([about, demo, MeldReferee(rules=rules, cards="2H 5H 6H", attach="8H", lang=lang)])
