"""Table and PlayTable: see a hand of Burraco laid out, and play one against the engine's bots.

``Table`` (drawn in :mod:`.board`) shows a ``burraco_core.Game`` as one player sees it: both sides'
melds, the stock, the discard pile (all of it, or only its top card when
the ruleset plays it closed), the pozzetti, how many cards the others hold,
whose turn it is. ``PlayTable`` adds the learner's hand and buttons over a
:class:`burraco_core.session.HandSession`, which plays the computer players,
keeps the undo and tells every move; the table only shows the session.

- "New hand" deals a new random deal unless the learner types a deal number; the
  deal number is shown, so a hand can be dealt again. With a hand in progress it asks first.
- Given the learner's ``keeper``, the table keeps its hand in their record after each of their actions
  and deals none of its own when the record holds one: a reload or the next visit shows the hand as it
  was (:mod:`.kept_hand`); a damaged one is said in words, and a fresh hand dealt.
- The computer players' moves come one at a time, ``pace`` seconds apart (the
  speed menu: one by one, faster (a quarter of it), or all at once; ``pace=0`` plays
  them at once), the current one
  highlighted in the log and on the table. The pacing runs on the kernel's event
  loop (``loop.call_later``; a ``threading.Timer`` where no loop runs), so the
  kernel never blocks; a test passes ``scheduler`` to step by hand.
- The whole log is kept, newest first, in a scrolling box.
- The card just drawn is marked in the hand; buttons that can do nothing now are
  disabled.
- A session with goals (a guided hand, ``PlayTable(session=...)``) shows the current goal;
  the log says each goal reached.
- The "to" menu of Attach follows the selected cards (:mod:`.attach_target`, the engine's answer):
  the one meld they fit is chosen; when several fit nothing is, and the learner is asked which; a
  wild that would make a clean burraco dirty is said beside the menu before the move.

Every refusal is the engine's (reason and rule id). Should the engine refuse a
move a computer player chose, the table says so and the computer players stop: no
other move is played in its place. Every text is a message of the catalogues
(``table.*`` keys in ``lessons/locale/<lang>.txt``, the moves ``narrate.*`` of the engine's).
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.session import Event, HandSession, SessionError

from ..curriculum.kinds import name_seats
from .attach_target import aim, note_html
from .board import YOU, Table, describe_action, player_name, player_names
from .hand import Hand
from .kept_hand import KeepsItsHand, ProgressKeeper
from .score import ScoreCalculator, hand_result_html
from .style import BAD, GOOD, NEUTRAL, WARN, esc, named_label, refusal_html, t
from .ui import safe_ruleset_picker, shielded
from .voice import PageVoice, spoken

_DEAL_NUMBER = re.compile(rf"-?[0-9]{{1,{bc.errors.SEED_DIGITS}}}")

_log = logging.getLogger(__name__)
PACE = 1.0
"""Seconds between two computer moves (a learner can follow them); "faster" quarters it."""
FASTER = 0.25
Scheduler = Callable[[float, Callable[[], None]], Callable[[], object]]
"""``scheduler(delay, callback)`` calls ``callback`` once after ``delay`` seconds; returns a cancel function."""


def default_scheduler(delay: float, callback: Callable[[], None]) -> Callable[[], object]:
    """Call ``callback`` after ``delay`` seconds on the running event loop (the kernel's), else on a timer thread."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        timer = threading.Timer(delay, callback)
        timer.daemon = True
        timer.start()
        return timer.cancel
    handle = loop.call_later(delay, callback)
    return handle.cancel


def _button(text: str, tooltip: str, style: str = "") -> w.Button:
    return w.Button(description=text, tooltip=tooltip, button_style=style, layout=w.Layout(width="auto"))


class PlayTable(KeepsItsHand, w.VBox):
    """Play a hand against the bots: you are the player at the bottom (player 0).

    ``seed`` deals that deal first (None: a random one); later hands are random deals
    unless a number is typed in "Deal no.". ``session`` plays a session made elsewhere
    instead (a fixed position, a lesson's guided hand; the learner is its player 0), as
    :meth:`use` does later. ``pace``: seconds between two computer moves
    (0: all at once). ``scheduler``: how a later step is called (see :data:`Scheduler`;
    by default on the kernel's event loop). When a hand ends, "Count it in the score
    calculator" fills ``calculator`` with the hand (``ScoreCalculator.load_game``): the
    one given, or one shown below the table the first time the button is pressed.

    A lesson's exercise plays on the same table with parts switched off: ``settings=False`` hides the
    new-hand row (the exercise's position is the hand), ``hints=False`` the Hint button (the exercise
    has hints of its own), ``computer_moves=False`` keeps the computer players still once the
    learner's turn is over (an exercise is one turn: the table says so and waits for Check).
    ``again`` (an exercise's position, made anew) shows "Start again" once the hand is over: a finished
    hand is finished (Undo and every move are disabled then), so this is how an exercise is tried again.
    ``voice``: the page's one live region (:class:`~.voice.PageVoice`), says all the table says (no own one).
    """

    def __init__(self, rules: str | bc.Ruleset = "classic", players: int = 2, seed: int | None = None,
                 calculator: ScoreCalculator | None = None, *, pace: float = PACE,
                 scheduler: Scheduler | None = None, session: HandSession | None = None, lang: str = "en",
                 settings: bool = True, hints: bool = True, computer_moves: bool = True,
                 keeper: ProgressKeeper | None = None, again: Callable[[], HandSession] | None = None,
                 voice: PageVoice | None = None, **kwargs: object) -> None:
        self.lang = lang
        self.voice = voice
        self.computer_moves = computer_moves
        self.counting = settings        # "Count it in the score calculator" (in a lesson, counting is a lesson of its own)
        t = self._text
        self.pace = pace
        self.scheduler: Scheduler = scheduler or default_scheduler
        self.rules, warning = safe_ruleset_picker(rules, lang)
        self.rules_warning = w.HTML(warning)
        self.player_count = w.Dropdown(options=[(t("table.players", count=n), n) for n in (2, 4)], value=players,
                                       description=t("table.players.label"), layout=w.Layout(width="auto"))
        self.seed = w.Text(value="", placeholder=t("table.deal.placeholder"), description=t("table.deal.label"),
                           tooltip=t("table.deal.tooltip"), layout=w.Layout(width="14em"),
                           style={"description_width": "initial"},     # "Distribuição nº" whole, not cut
                           continuous_update=False)   # sent whole as the box is left, before New hand's click
        self.new_hand = _button(t("table.new-hand"), t("table.new-hand.tooltip"))
        self.four_colour = w.Checkbox(value=False, description=t("table.four-colours"), indent=False,
                                      layout=w.Layout(width="auto"))
        self.speed = w.Dropdown(options=[(t("table.speed.one-by-one"), 1.0), (t("table.speed.faster"), FASTER),
                                         (t("table.speed.at-once"), 0.0)], value=1.0,
                                description=t("table.speed"), tooltip=t("table.speed.tooltip"),
                                style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.table = Table(lang=lang)
        self.hand = Hand(label=t("table.your-hand"), empty_text=t("table.your-hand.empty"),
                         lang=lang)
        self.hand.add_class("bt-my-hand")
        self.sort_suit = _button(t("table.sort-suit"), t("table.sort-suit.tooltip"))
        self.sort_rank = _button(t("table.sort-rank"), t("table.sort-rank.tooltip"))
        self.draw = _button(t("table.draw"), t("table.draw.tooltip"), "primary")
        self.take_pile = _button(t("table.take"), t("table.take.tooltip"), "primary")
        self.lay_down = _button(t("table.lay-down"), t("table.lay-down.tooltip"), "success")
        self.attach_to = w.Dropdown(description=named_label(t("table.attach-to"), t("table.attach-to.name")),
                                    description_allow_html=True, layout=w.Layout(width="auto"),
                                    style={"description_width": "initial"})
        self.attach = _button(t("table.attach"), t("table.attach.tooltip"), "success")
        self.attach_note = w.HTML()         # which meld? / a clean burraco made dirty: said before the move
        self.attach_note.add_class("bt-attach-note")
        self.attach_to.add_class("bt-attach-to")
        self._chosen: int | None = None     # the meld the learner chose in the menu (None: they did not)
        self._aiming = False                # the table itself sets the menu (not the learner's choice)
        self.discard = _button(t("table.discard"), t("table.discard.tooltip"), "warning")
        self.pozzetto = _button(t("table.pozzetto"), t("table.pozzetto.tooltip"))
        self.hint = _button(t("table.hint"), t("table.hint.tooltip"), "info")
        self.undo = _button(t("table.undo"), t("table.undo.tooltip"))
        self._again = again
        self.again = _button(t("table.start-again"), t("table.start-again.tooltip"), "primary")
        self.again.layout.display = "none"      # shown once the hand is over, when there is a start to go back to
        for button, name in ((self.draw, "draw"), (self.take_pile, "take"), (self.lay_down, "meld"),
                             (self.attach, "attach"), (self.discard, "discard"), (self.pozzetto, "pozzetto"),
                             (self.hint, "hint"), (self.undo, "undo"), (self.new_hand, "new-hand"),
                             (self.again, "again")):
            button.add_class(f"bt-button-{name}")
        self.message = w.HTML()
        self.message.add_class("bt-message")
        self.now = w.HTML()
        self.now.add_class("bt-now")
        self.goal = w.HTML()
        self.goal.add_class("bt-goal")
        self.story = w.HTML()
        self.story.add_class("bt-log")
        self.final = w.HTML()
        self.final.add_class("bt-final-score")
        self.count_it = _button(t("table.count-it"), t("table.count-it.tooltip"))
        self.count_it.add_class("bt-count-it")
        self.calculator = calculator
        self.calculator_box = w.VBox()
        self.sort_mode: str | None = "suit"
        self.said = 0
        self.current: Event | None = None   # the computer move being shown (highlighted)
        self._cancel: Callable[[], object] | None = None
        self._generation = 0                # a new hand or an undo makes pending steps stale
        self._lock = threading.RLock()      # steps may come from a timer thread
        own_deal = session is None and seed is None       # the record's hand, if it holds one, comes instead
        if session is None:
            session = HandSession.new(self.rules.value, players, deal=seed, names=player_names(players, "start"))
        self.session = session
        self._keep_hand_in(keeper)          # the hand in the learner's record; "New hand" asks first

        row = w.Layout(flex_flow="row wrap", align_items="center", grid_gap="6px", margin="2px 0")
        actions = w.VBox([
            w.HBox([self.draw, self.take_pile, self.pozzetto], layout=row),
            w.HBox([self.lay_down, self.attach, self.attach_to], layout=row),
            self.attach_note,
            w.HBox([self.again, self.discard, self.hint, self.undo, self.sort_suit, self.sort_rank], layout=row),
        ])
        actions.add_class("bt-table-actions")
        mine = w.VBox([self.hand, actions], layout=w.Layout(flex="1 1 520px", min_width="0"))
        mine.add_class("bt-table-mine")
        beside = w.VBox([self.goal, self.now, self.message, self.story], layout=w.Layout(flex="1 1 320px", min_width="280px"))
        beside.add_class("bt-table-beside")
        self.settings = w.HBox([self.rules, self.player_count, self.seed, self.new_hand, self.four_colour, self.speed],
                               layout=w.Layout(flex_flow="row wrap", align_items="center", grid_gap="8px"))
        super().__init__([self.settings, self.ask_row, self.rules_warning, self.table,
                          w.HBox([mine, beside], layout=w.Layout(flex_flow="row wrap", grid_gap="12px")),
                          self.final, self.count_it, self.calculator_box], **kwargs)
        self.add_class("bt-play-table")
        if not settings:
            self.settings.layout.display = "none"
        if not hints:
            self.hint.layout.display = "none"

        self.new_hand.on_click(self.ask_new_hand)
        self.draw.on_click(lambda _: self.play(bc.Draw()))
        self.take_pile.on_click(lambda _: self.play(bc.TakePile()))
        self.pozzetto.on_click(lambda _: self.play(bc.TakePozzetto()))
        self.lay_down.on_click(lambda _: self.play(bc.LayDown(self.hand.selected_cards)))
        self.attach.on_click(self._attach)
        self.discard.on_click(self._discard)
        self.hint.on_click(self.show_hints)
        self.undo.on_click(self.take_back)
        self.again.on_click(self.start_again)
        self.sort_suit.on_click(lambda _: self._sort("suit"))
        self.sort_rank.on_click(lambda _: self._sort("rank"))
        self.four_colour.observe(self._colours, names="value")
        self.speed.observe(self._repace, names="value")
        self.hand.observe(self._selection_changed, names="selected")
        self.attach_to.observe(self._target_changed, names="value")
        self.count_it.on_click(self.count_in_calculator)
        self._begin(self.session)
        if keeper is not None and own_deal:
            self._take_up(self.kept.saved)
            keeper.changed(self._record_changed)     # the browser's copy, read after the page is drawn

    # ---------------------------------------------------------------- reading
    @property
    def game(self) -> bc.Game:
        """The game being played (the session's: a new object after an undo or a new hand)."""
        return self.session.game

    @property
    def events(self) -> list[str]:
        """The log as the learner reads it, oldest first."""
        return [self._event_text(e) for e in self.session.events]

    def _event_text(self, event: Event) -> str:
        """An event as the learner reads it: a computer move the rules refused is told in words, with
        no engine notation or rule id (the session's own text, for the terminal, has both)."""
        if event.kind == "refused" and event.refusal is not None:
            name = player_names(self.game.players, "start")[event.player]
            why = name_seats(bc.typed_refusal(event.refusal), self.game.players, YOU).text(self.lang)
            said: str = (f"{self._text('table.say.stopped.who', name=name)} {why} "
                         f"{self._text('table.say.stopped')}.")
            return said
        return event.text(self.lang)

    @property
    def stopped(self) -> bc.IllegalMove | None:
        return self.session.stopped

    @property
    def busy(self) -> bool:
        """The computer players are still making their moves (shown one at a time)."""
        return self.session.waiting == "computer" or self.current is not None

    def _text(self, key: str, **params: object) -> str:
        return t(key, self.lang, **params)

    def show_failure(self, html: str) -> None:
        """Where a failure is told (see ``ui.shielded``)."""
        self.message.value = html

    # ---------------------------------------------------------------- dealing
    @shielded
    def start(self, button: object = None) -> None:
        """Deal a new hand with the chosen ruleset and number of players: the typed deal number, or a new one."""
        typed = self.seed.value.strip()
        deal: int | None = None
        if typed:
            # ASCII digits, 40 at most: int() would read '٣' or '1_0', and a deal number too long to save
            if not _DEAL_NUMBER.fullmatch(typed):
                self._say(WARN, self._text("table.say.bad-deal", text=typed[:60]), big=False)
                return
            deal = int(typed)
        players = self.player_count.value
        self.ask_row.layout.display = "none"
        self._begin(HandSession.new(self.rules.value, players, deal=deal, names=player_names(players, "start")))
        self.kept.keep(self.game)
        self._say(NEUTRAL, self._text("table.say.dealt", deal=self.session.deal, status=self.table.status(self.game)),
                  big=False)

    def use(self, session: HandSession) -> None:
        """Play this session from now on (its human seat must be player 0, the player at the bottom)."""
        if session.human != YOU:
            raise bc.BurracoError(f"the play table shows player {YOU}'s hand: the session's human is {session.human}")
        self._begin(session)

    def _begin(self, session: HandSession) -> None:
        with self._lock:
            self._stop_pacing()
            self.session = session
            self._chosen = None
            self.table.deal = session.deal
            self.hand.cards = ()
            self._advance()

    # ---------------------------------------------------------------- playing
    def play(self, action: bc.Action) -> bool:
        """Play the learner's action; on a refusal show the engine's reason. Returns whether it was played."""
        with self._lock:
            session = self.session
            if session.is_over:
                self._say_over()
                return False
            if self._said_stopped():
                return False
            if self.busy:
                self._say(NEUTRAL, self._text("table.say.wait", name=player_names(self.game.players, "text")[
                    self.game.current_player]), big=False)
                return False
            try:
                event = session.play(action)
            except bc.IllegalMove as err:
                self._say(BAD, self._text("table.say.refused"), refusal_html(err, self.lang, rule_id=False,
                                                                         seats=(self.game.players, YOU)), big=False)
                return False
            except SessionError as err:
                self._say(NEUTRAL, err.message(self.lang), big=False)
                return False
            self.ask_row.layout.display = "none"
            self.kept.keep(session.game)
            done = event.text(self.lang)
            self._chosen = None         # a choice of meld is for one move
            said = self.said
            self._advance()
            if self.said != said:       # the computer players stopped, or ended the hand: said already
                return True
            if session.is_over:
                self._say(GOOD, self._text("table.say.over"), f"<div>{esc(done)}</div>", big=False)
            elif not self.computer_moves and session.waiting == "computer":
                self._say(GOOD, self._text("table.say.done", move=done),
                          f"<div>{esc(self._text('table.say.turn-done'))}</div>", big=False)
            else:
                after = "" if self.busy else f"<div>{esc(self.table.status(self.game))}</div>"
                self._say(GOOD, self._text("table.say.done", move=done), after, big=False)
            return True

    def _attach(self, button: object = None) -> None:
        if self.attach_to.value is None:
            if not self.attach_to.options:
                self._say(WARN, self._text("table.say.no-meld"),
                          f"<div>{esc(self._text('table.say.no-meld.how'))}</div>", big=False)
            else:
                self._say(WARN, self._text("table.say.which-meld"),
                          f"<div>{esc(self._text('table.say.which-meld.how'))}</div>", big=False)
            return
        self.play(bc.Attach(self.attach_to.value, self.hand.selected_cards))

    def _discard(self, button: object = None) -> None:
        chosen = self.hand.selected_cards
        if len(chosen) != 1:
            self._say(WARN, self._text("table.say.select-one"),
                      f"<div>{esc(self._text('table.say.selected', count=len(chosen)))}</div>", big=False)
            return
        self.play(bc.Discard(chosen[0]))

    # ---------------------------------------------------------------- the computer players, one at a time
    def _advance(self) -> None:
        """Show the table, and let the computer players move: all at once at pace 0, else one step now
        and the next ones later (not at all when ``computer_moves`` is off: see the class docstring)."""
        if not self.computer_moves:
            self.refresh()
            return
        if self._delay() <= 0:
            self.session.run_bots()
            self.current = None
            self.refresh()
            self._moves_done()
            return
        self._step(self._generation)

    def _moves_done(self) -> None:
        """The computer players are done: say why if they stopped, or how the hand ended if they ended it."""
        if self.kept.touched:
            self.kept.keep(self.game)       # the record holds the hand as the learner sees it
        if self._said_stopped():
            return
        events = self.session.events
        if self.game.is_over and events and not events[-1].human:
            self._say(NEUTRAL, self._text("table.say.over"), f"<div>{esc(events[-1].text(self.lang))}</div>",
                      big=False)

    def _delay(self) -> float:
        return self.pace * float(self.speed.value)

    def _step(self, generation: int) -> None:
        """Play and show one computer move, highlighted, and ask to be called again after the delay."""
        with self._lock:
            if generation != self._generation:
                return   # a new hand or an undo came in between
            self._cancel = None
            try:
                event = self.session.step()
            except Exception:   # called from the event loop, which would only log it: say it here too
                _log.exception("a computer move failed")
                self.current = None
                self.refresh()
                self._say(BAD, self._text("widget.error"), big=False)
                return
            self.current = event
            self.refresh()
            if event is not None and event.kind != "refused" and self.voice is not None:
                self.voice.say(event.text(self.lang))       # the computer's move, shown highlighted
            if event is None:
                if self.session.events and not self.session.events[-1].human:
                    self._moves_done()
                return
            if event.kind == "refused":
                self.current = None
                self.refresh()
                self._moves_done()
                return
            self._cancel = self.scheduler(self._delay(), lambda: self._step(generation))

    def _repace(self, change: object = None) -> None:
        """The speed changed: the move waiting to be shown comes after the new delay (all at once: now)."""
        with self._lock:
            if self._cancel is None:
                return
            if self._delay() <= 0:
                self.finish_moves()
                return
            self._cancel()
            generation = self._generation
            self._cancel = self.scheduler(self._delay(), lambda: self._step(generation))

    def _stop_pacing(self) -> None:
        self._generation += 1
        if self._cancel is not None:
            self._cancel()
        self._cancel = None
        self.current = None

    def finish_moves(self) -> None:
        """Play and show the computer players' remaining moves at once."""
        with self._lock:
            self._stop_pacing()
            self.session.run_bots()
            self.refresh()
            self._moves_done()

    def _said_stopped(self) -> bool:
        """If the computer players are stopped, say why (the engine's refusal) and return True."""
        err = self.session.stopped
        if err is None:
            return False
        name = player_names(self.game.players, "start")[self.game.current_player]
        self._say(BAD, self._text("table.say.stopped"),
                  f"<div>{esc(self._text('table.say.stopped.who', name=name))}</div>{refusal_html(err, self.lang, rule_id=False)}"
                  f"<div>{esc(self._text('table.say.stopped.how'))}</div>", big=False)
        return True

    def take_back(self, button: object = None) -> None:
        """Undo the learner's last move (and the computer players' moves that followed it)."""
        with self._lock:
            if self.game.is_over:       # a finished hand is finished: Undo does not reopen it
                self._say_over()
                return
            self._stop_pacing()
            undone = self.session.undo()
            self._chosen = None
            if undone is None:
                self.refresh()
                self._say(NEUTRAL, self._text("table.say.nothing-to-undo"), big=False)
                return
            self.kept.keep(self.game)
            self.refresh()
            self._say(NEUTRAL, self._text("table.say.undone", move=undone.message),
                      f"<div>{esc(self.table.status(self.game))}</div>", big=False)

    def _say_over(self) -> None:
        """The hand is over: say how to play again (a new deal, or the exercise from its start)."""
        if self._again is None:
            self._say(NEUTRAL, self._text("table.say.over-deal-again"), big=False)
        else:
            self._say(NEUTRAL, self._text("table.say.over"), f"<div>{esc(self._text('table.start-again.to-retry'))}</div>",
                      big=False)

    def start_again(self, button: object = None) -> None:
        """Play the exercise again from its start (only with ``again``: a lesson's table)."""
        if self._again is None:
            return
        self.use(self._again())
        self._say(NEUTRAL, self._text("table.say.started-again"), f"<div>{esc(self.table.status(self.game))}</div>",
                  big=False)

    def show_hints(self, button: object = None) -> None:
        found = self.session.hints(3) if not self.busy else []
        if not found:
            self._say(NEUTRAL, self._text("table.say.no-hint"), big=False)
            return
        # in words, its meld numbered as the table shows it (from 1), not in the engine's notation (from 0)
        items = "".join(f"<li>{esc(h.text(self.lang))}</li>" for h in found)    # each reason says its move first
        self._say(NEUTRAL, self._text("table.say.hints"), f"<ol style='margin:4px 0;padding-left:1.4em'>{items}</ol>",
                  big=False)

    # ---------------------------------------------------------------- showing
    def _say(self, colour: str, headline: str, body: str = "", *, big: bool = True) -> None:
        self.said += 1      # lets a page (or a test) tell a new message from a repeated one
        self.last_said = (colour, headline, body, big)      # drawn again without a live role once a voice says it
        self.message.value = self.message_html()
        if self.voice is not None:        # and the computer's move shown highlighted, if one is (said a moment ago)
            self.voice.say(spoken(self.message.value) + (f" {self.current.text(self.lang)}" if self.current is not None else ""))

    def _sort(self, mode: str) -> None:
        self.sort_mode = mode
        (self.hand.sort_by_suit if mode == "suit" else self.hand.sort_by_rank)()

    def _colours(self, change: object = None) -> None:
        self.table.four_colour = self.hand.four_colour = self.four_colour.value
        self.refresh()

    def _highlight(self) -> tuple[int, int] | str | None:
        event = self.current
        if event is None:
            return None
        if event.meld is not None:
            return event.meld
        if isinstance(event.action, (bc.Discard, bc.TakePile)):
            return "pile"
        return None

    def refresh(self) -> None:
        """Redraw the table, the hand (keeping the selection if the hand did not change), the log and the buttons."""
        game = self.game
        self.table.show(game, self._highlight())
        cards = game.hands[YOU]
        if Counter(cards) != Counter(self.hand.cards):
            self.hand.cards = cards
            if self.sort_mode:
                self._sort(self.sort_mode)
        self.hand.mark(self.session.just_drawn())
        self._aim()
        self.now.value = self._now_html()
        self.goal.value = self._goal_html()
        self.story.value = self._log_html()
        self.final.value = self.final_html() if game.is_over else ""
        countable = game.result is not None and game.result.reason != "void"
        self.count_it.layout.display = None if countable and self.counting else "none"
        self._buttons()

    # ---------------------------------------------------------------- the "to" menu: which meld to attach to
    def _own_melds(self) -> list[bc.Meld]:
        game = self.game
        return list(game.melds[game.side_of(YOU)])

    def _selection_changed(self, change: object = None) -> None:
        self._aim()
        self._buttons()

    def _target_changed(self, change: dict[str, Any]) -> None:
        if self._aiming:
            return
        self._chosen = change["new"]     # the learner's own choice (from the page, or a program)
        self._attach_note()

    def _aim(self) -> None:
        """Set the menu from the engine: its melds, and the target for the selected cards (see
        :func:`.attach_target.aim`: never a meld the cards do not fit unless the learner chose it)."""
        own = self._own_melds()
        options = [(self._text("table.attach-option", number=i + 1, cards=meld.cards), i)
                   for i, meld in enumerate(own)]
        target = aim(own, self.hand.selected_cards, self._chosen)
        self._aiming = True
        try:
            if list(self.attach_to.options) != options:
                self.attach_to.options = options
            self.attach_to.value = target
        finally:
            self._aiming = False
        self._attach_note()

    def _attach_note(self) -> None:
        """Say beside the menu what the table will not decide: which meld, when several take the cards; and
        that an attach makes a clean burraco dirty, before it is made."""
        note = note_html(self._own_melds(), self.hand.selected_cards, self.attach_to.value, self.lang,
                         live=self.voice is None)       # with a voice, the voice says it
        if self.attach_note.value != note:
            words = spoken(note)
            new = words != spoken(self.attach_note.value)      # not when only its live role went (speak_with)
            self.attach_note.value = note
            if new and words and self.voice is not None:
                self.voice.say(words)

    def speak_with(self, voice: Any) -> None:
        super().speak_with(voice)
        self._attach_note()             # drawn again without a live role of its own

    def _buttons(self) -> None:
        """Disable what can do nothing now: every move outside the learner's turn, the moves of the other
        phases of the turn, a move on no selected cards, undo with nothing to undo or the hand over, hint when not
        their turn."""
        moves = set() if self.busy else self.session.moves()
        picked = len(self.hand.selected)
        self.draw.disabled = "draw" not in moves
        self.take_pile.disabled = "take" not in moves
        self.pozzetto.disabled = "pozzetto" not in moves
        self.lay_down.disabled = "meld" not in moves or picked == 0
        self.attach.disabled = "attach" not in moves or picked == 0
        self.attach_to.disabled = "attach" not in moves
        self.discard.disabled = "discard" not in moves or picked == 0
        over = self.game.is_over        # "The hand is over": no move is left to offer, so none is shown
        self.undo.disabled = over or not self.session.can_undo     # nor taken back: a finished hand is finished
        self.hint.disabled = not moves
        for move in (self.draw, self.take_pile, self.pozzetto, self.lay_down, self.attach, self.attach_to, self.discard):
            move.layout.display = "none" if over else None
        self.again.layout.display = None if over and self._again is not None else "none"
        empty = not self.hand.cards
        self.sort_suit.disabled = self.sort_rank.disabled = empty

    def _now_html(self) -> str:
        event = self.current
        if event is None:
            return ""
        live = "" if self.voice else "role=status aria-live=polite "     # with a voice, the voice says it
        return (f'<div class="bt-now-move" {live}data-index="{event.index}" '
                'style="background:#fff3cd;border:2px solid #ff9800;border-radius:8px;padding:6px 10px;margin:4px 0;'
                f'font-size:1.05em">{esc(event.text(self.lang))}</div>')

    def _goal_html(self) -> str:
        """The goal of a guided hand the learner works towards now (nothing without goals)."""
        session = self.session
        if not session.goals:
            return ""
        goal = session.goal
        text = (self._text("table.goal", number=session.goals_reached + 1, count=len(session.goals), goal=goal.message)
                if goal is not None else self._text("table.goals-done"))
        return (f'<div class="bt-goal-now" {"" if self.voice else "role=status "}style="background:#e8f5e9;border:2px solid #2e7d32;'
                f'border-radius:8px;padding:6px 10px;margin:4px 0;font-weight:600">{esc(text)}</div>')

    def _log_html(self) -> str:
        events = self.session.events
        if not events:
            return ""
        current = self.current.index if self.current is not None else None
        items = []
        for event in reversed(events):
            lit = event.index == current
            style = "background:#fff3cd;font-weight:600;" if lit else ""
            who = " bt-log-you" if event.human else ""
            items.append(f'<li value="{event.index + 1}" class="bt-log-line{" bt-log-current" if lit else ""}{who}" '
                         f'style="{style}padding:1px 4px;border-radius:4px">{esc(self._event_text(event))}</li>')
        return (f"<details open><summary style='font-weight:600'>{esc(self._text('table.log', count=len(events)))}"
                "</summary><div class='bt-log-scroll' tabindex='0' style='max-height:16em;overflow-y:auto;"
                "border:1px solid #ddd;border-radius:6px;margin-top:4px'>"
                f"<ol reversed style='margin:2px 0;padding-left:2.6em'>{''.join(items)}</ol></div></details>")

    def count_in_calculator(self, button: object = None) -> ScoreCalculator | None:
        """Fill the score calculator with the finished hand; returns the calculator (None if nothing to count)."""
        game = self.game
        if not game.is_over:
            self._say(NEUTRAL, self._text("table.say.count.not-over"), big=False)
            return None
        if game.result is not None and game.result.reason == "void":
            self._say(NEUTRAL, self._text("table.say.count.void"), big=False)
            return None
        if self.calculator is None:
            self.calculator = ScoreCalculator(rules=game.rules,
                                              names=(self._text("table.your-side"), self._text("table.other-side")),
                                              lang=self.lang)
            self.calculator.speak_with(self.voice)      # its totals said by the page's live region, if there is one
            self.calculator_box.children = [self.calculator]
        self.calculator.load_game(game)
        self._say(GOOD, self._text("table.say.counted"), f"<div>{esc(self._text('table.say.counted.how'))}</div>",
                  big=False)
        return self.calculator

    def final_html(self) -> str:
        """How the hand ended and both sides' scores, as the table shows them when it is over."""
        return hand_result_html(self.game, self.lang)


__all__ = ["PlayTable", "Table", "default_scheduler", "describe_action", "player_name", "player_names", "play_tool"]


def play_tool(rules: str, lang: str = "en") -> w.Widget:
    """The Play tool's page: a hand against the computer, four players."""
    from ..learner.store import shared_keeper

    return PlayTable(rules=rules, players=4, lang=lang, keeper=shared_keeper())    # the hand kept in the record
