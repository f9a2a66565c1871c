"""The Play table's hand kept in the learner's record, so that a reload or the next visit brings it back.

The hand is the engine's saved game (``Game.to_json()``, ``burraco_core.savefile``) in ``Progress.hand``:
saved by the table after each of the learner's actions, so with the learner's other records it reaches
the file and the browser's copy (``ProgressKeeper.save``). Read back, it goes through
``Game.from_json`` (format, checksum, the deal and its moves replayed), then through a new session of the
same deal in which the learner's moves are played again and the computer players choose theirs again:
the log, the undo and the computer players' next moves are as they were. When they would choose other
moves (a later version's players), the position is played on from where it stands, with a new log.
Anything wrong raises a :class:`~burraco_core.BurracoError` (a ``GameFileError`` saying what), for the table
to say in words before it deals a fresh hand.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import ipywidgets as w

import burraco_core as bc
from burraco_core.bots import GreedyBot
from burraco_core.messages import Message
from burraco_core.session import HandSession

from ..learner.progress import ProgressError
from ..learner.store import ProgressKeeper
from .board import YOU, player_names
from .style import BAD, NEUTRAL, WARN, box, esc, t
from .ui import shielded
from .voice import spoken

__all__ = ["KeepsItsHand", "KeptHand", "ProgressKeeper", "session_from"]

_log = logging.getLogger(__name__)


def session_from(text: str) -> HandSession:
    """The session of a saved hand, the learner at player 0 (see the module docstring)."""
    game = bc.Game.from_json(text)
    if game.players not in (2, 4):
        raise bc.GameFileError(Message("file.wrong-length"))
    names = player_names(game.players, "start")
    if game.from_deal and game.seed is not None:
        session = HandSession.new(game.rules, game.players, deal=game.seed, names=names)
        try:
            for move in game.history:
                if session.waiting == "human":
                    session.play(move)
                elif session.step() is None or session.game.history[-1] != move:
                    break       # the computer players choose otherwise now
            else:
                if session.game.to_json() == game.to_json():
                    return session
        except bc.BurracoError:
            pass
        _log.info("the saved hand of deal %s is played on from its position, with a new log", game.seed)
    bots = {p: GreedyBot((game.seed or 0) * 10 + p) for p in range(game.players) if p != YOU}
    return HandSession(game, bots, YOU, names=names)


class KeptHand:
    """Where a table keeps its hand: ``keeper``'s record (None: nowhere, as in a lesson).

    ``kept`` is the hand's text last saved or read back here; ``touched`` turns True at the learner's first
    action, from when on this table's hand is the one to keep (before it, a hand that arrives in the record,
    the browser's copy read after the page was drawn, is taken up: :meth:`arrived`). ``restored``: the hand
    came back from the record.
    """

    def __init__(self, keeper: ProgressKeeper | None) -> None:
        self.keeper = keeper
        self.kept = ""
        self.touched = False
        self.restored = False

    @property
    def saved(self) -> str | None:
        """The hand the record holds (None: none, or no record)."""
        return self.keeper.progress.hand if self.keeper is not None else None

    def arrived(self) -> str | None:
        """A hand of the record to take up now: this table is untouched and shows another one."""
        saved = self.saved
        return saved if saved and not self.touched and saved != self.kept else None

    def keep(self, game: bc.Game) -> None:
        """Save ``game`` as the hand in progress (the learner acted on it)."""
        self.touched = True
        if self.keeper is None:
            return
        text = game.to_json()
        if text == self.kept:
            return
        self.kept = text
        try:
            self.keeper.progress.hand = text
        except ProgressError:       # beyond MAX_HAND: no real hand comes near it; the table plays on
            _log.warning("the hand (%d characters) is too long to keep", len(text))
            return
        self.keeper.save()


class KeepsItsHand:
    """The Play table's part that keeps its hand (a mixin of ``PlayTable``, which calls :meth:`_keep_hand_in`
    before drawing, :meth:`_take_up` with the record's hand once drawn, and ``kept.keep(game)`` after each of
    the learner's actions and each new deal)."""

    kept: KeptHand
    ask_row: w.HBox
    lang: str
    session: HandSession
    rules: w.Dropdown
    player_count: w.Dropdown
    table: Any
    voice: Any          # the page's one live region (voice.PageVoice), or None: then the question is one itself
    message: w.HTML
    said: int           # how many messages the table said
    last_said: tuple[str, str, str, bool] | None = None     # the last one: colour, headline, body (HTML), big

    if TYPE_CHECKING:       # PlayTable's
        @property
        def game(self) -> bc.Game: ...

        def start(self, button: object = None) -> None: ...
        def _begin(self, session: HandSession) -> None: ...
        def _say(self, colour: str, headline: str, body: str = "", *, big: bool = True) -> None: ...
        def _text(self, key: str, **params: object) -> str: ...

    def _keep_hand_in(self, keeper: ProgressKeeper | None) -> None:
        """Where the hand is kept (``keeper``: the learner's record, or None), and the question "New hand" asks."""
        self.kept = KeptHand(keeper)
        lang = self.lang
        self.deal_anyway = w.Button(description=t("table.new-hand.yes", lang), button_style="warning",
                                    tooltip=t("table.new-hand.ask.how", lang), layout=w.Layout(width="auto"))
        self.play_on = w.Button(description=t("table.new-hand.no", lang), button_style="primary",
                                tooltip=t("table.say.play-on", lang), layout=w.Layout(width="auto"))
        self.deal_anyway.add_class("bt-button-deal-anyway")
        self.play_on.add_class("bt-button-play-on")
        self.asking = w.HTML()      # the question, written when it is asked
        self.ask_row = w.HBox([self.asking, self.deal_anyway, self.play_on], layout=w.Layout(
            display="none", flex_flow="row wrap", align_items="center", grid_gap="8px"))
        self.ask_row.add_class("bt-new-hand-ask")
        self.deal_anyway.on_click(lambda _: self._answer(deal=True))
        self.play_on.on_click(lambda _: self._answer(deal=False))

    def speak_with(self, voice: Any) -> None:
        """From now on the table says all it says (its message, the moves, this question) through ``voice``,
        the page's one live region (voice.PageVoice): the message shown now is drawn again without a live role."""
        self.voice = voice
        if self.last_said is not None and self.message.value.startswith("<div data-said="):    # not a failure shown
            self.message.value = self.message_html()

    def message_html(self) -> str:
        """The table's last message (:attr:`last_said`) as a box: a live region itself only without a voice."""
        colour, headline, body, big = self.last_said or (NEUTRAL, "", "", False)
        role = "" if self.voice is not None else "alert" if colour == BAD else "status"
        said = box(colour, headline, body, big=big, role=role)
        return f'<div data-said="{self.said}" class="bt-{"refused" if colour == BAD else "said"}">{said}</div>'

    def ask_new_hand(self, button: object = None) -> None:
        """"New hand": a new deal at once, or, with a hand in progress, once the learner says so."""
        if not self._in_progress():
            self.start()
            return
        lang, voice = self.lang, self.voice
        self.asking.value = box(WARN, t("table.new-hand.ask", lang), f"<div>{esc(t('table.new-hand.ask.how', lang))}</div>",
                                big=False, role="" if voice is not None else "alert")
        self.ask_row.layout.display = None
        if voice is not None:
            voice.say(spoken(self.asking.value))

    def _answer(self, *, deal: bool) -> None:
        self.ask_row.layout.display = "none"
        if deal:
            self.start()
        else:
            self._say(NEUTRAL, self._text("table.say.play-on"), f"<div>{esc(self.table.status(self.game))}</div>",
                      big=False)

    def _in_progress(self) -> bool:
        """A hand the learner has played in and that is not over (a new deal would throw it away)."""
        if self.game.is_over:
            return False
        return (any(event.human and event.kind == "move" for event in self.session.events)
                or (self.kept.restored and self.game.history_size > 0))

    @shielded
    def _take_up(self, text: str | None) -> None:
        """Show the hand the record keeps; a damaged one is said in words, and the fresh deal kept instead."""
        if not text:
            return
        self.kept.kept = text
        try:
            session = session_from(text)
        except bc.BurracoError as err:
            _log.warning("the saved hand could not be read back: %s", err)
            msg = getattr(err, "msg", None)
            reason = msg.text(self.lang) if isinstance(msg, Message) else self._text("table.say.hand-damaged.how")
            self._say(WARN, self._text("table.say.hand-damaged"), f"<div>{esc(reason)}</div>", big=False)
            self.kept.keep(self.game)       # the fresh deal replaces it: said once
            return
        self.kept.restored = True
        game = session.game
        if any(value == game.rules.id for _, value in self.rules.options):
            self.rules.value = game.rules.id
        self.player_count.value = game.players
        self._begin(session)
        if self._in_progress():         # (a hand not played in yet is just the deal shown)
            self._say(NEUTRAL, self._text("table.say.hand-back"), f"<div>{esc(self.table.status(self.game))}</div>",
                      big=False)

    def _record_changed(self, progress: object) -> None:
        try:
            self._take_up(self.kept.arrived())
        except Exception:      # a listener must not break the keeper
            _log.exception("the kept hand could not be shown")
