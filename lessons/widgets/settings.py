"""The learner's choices that are not progress: the ruleset the tools open with, projector
mode and the four-colour deck.

Kept in the browser's localStorage (like the progress, see ``store.py``), so the home
page's choice reaches the tool pages, across reloads and a new Binder session::

    prefs = shared_preferences()
    display(prefs)                     # invisible; it only has to be on the page
    prefs.rules                        # "classic" until the page sends the saved choice
    prefs.on_change(lambda p: picker.set(p.rules))
    prefs.rules = "italiano"           # written to the browser
    prefs.projector = True             # large cards and text on every page

Projector mode and the four-colour deck are drawn by the browser alone: ``settings.js`` puts
the classes ``bt-projector`` and ``bt-four-colour`` on the page's root element and
``settings.css`` (loaded with this widget) scales every card (``--bt-card-scale``, honoured by
every picture of ``burraco_core.svg``) and the text, and recolours diamonds and clubs. So every
widget that draws cards follows them at once, without being redrawn. In a notebook cell::

    lessons.preferences(projector=True, four_colour=True)   # sets them and shows the switches

The language is part of the progress (``Progress.lang``), not of these preferences.

:class:`ProgressPanel` is the learner's other panel: their progress summarised, exported,
imported or reset.
"""

from __future__ import annotations

import base64
import html
import json
import logging
import pathlib
import time
from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as w
import traitlets

import burraco_core as bc
from burraco_core.errors import shown
from burraco_core.messages import Message
from burraco_core.svg import FOUR_COLOUR_CSS

from ..learner.progress import Progress, ProgressError
from ..learner.scripted import ScriptedWidget
from ..learner.store import ProgressKeeper, belongs_to, browser_key

__all__ = ["DEFAULT_RULES", "DISPLAY_CHOICES", "Preferences", "PreferencesPanel", "ProgressPanel", "RulesPicker",
           "preferences", "shared_preferences"]

DEFAULT_RULES = "classic"
DISPLAY_CHOICES = ("projector", "four_colour")
"""The on/off choices of how cards are shown (False unless chosen); each is a key of the JSON text."""
_log = logging.getLogger(__name__)
_HERE = pathlib.Path(__file__).parent


class Preferences(ScriptedWidget):
    """Settings as JSON text in localStorage under ``key``; only known values are taken from it."""

    _esm = (_HERE / "settings.js").read_text(encoding="utf-8")
    _css = (_HERE / "settings.css").read_text(encoding="utf-8") + FOUR_COLOUR_CSS.format(scope=".bt-four-colour")

    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def __init__(self, key: str | None = None, **kwargs: Any) -> None:
        super().__init__(key=key or browser_key().replace("progress", "settings"), **kwargs)
        self._callbacks: list[Callable[[Preferences], None]] = []
        self.observe(self._changed, names=["value"])

    def _saved(self) -> dict[str, Any]:
        """The known choices of the JSON text, each only if its value makes sense."""
        try:
            found = json.loads(self.value) if self.value else {}
        except (ValueError, RecursionError):   # (a list in a list thousands deep: RecursionError)
            found = None
        if not isinstance(found, dict):
            _log.warning("unreadable preferences in the browser: %r", self.value[:200])
            return {}
        known: dict[str, Any] = {}
        if isinstance(found.get("rules"), str) and found["rules"] in bc.RULESETS:
            known["rules"] = found["rules"]
        known.update({name: found[name] for name in DISPLAY_CHOICES if isinstance(found.get(name), bool)})
        return known

    def _save(self, name: str, value: object) -> None:
        saved = self._saved()
        if saved.get(name) != value or not self.value:
            self.value = json.dumps({**saved, name: value}, sort_keys=True)

    @property
    def rules(self) -> str:
        """The ruleset id the tools open with (a built-in one; ``classic`` when none is saved)."""
        return str(self._saved().get("rules", DEFAULT_RULES))

    @rules.setter
    def rules(self, value: str) -> None:
        if not isinstance(value, str) or value not in bc.RULESETS:
            raise bc.RulesetError(Message("ruleset.unknown", value=shown(value), known=tuple(bc.RULESETS)))
        self._save("rules", value)

    @property
    def projector(self) -> bool:
        """Projector mode: every card and text large enough to read from the back of a classroom."""
        return bool(self._saved().get("projector", False))

    @projector.setter
    def projector(self, value: bool) -> None:
        self._save("projector", bool(value))

    @property
    def four_colour(self) -> bool:
        """The four-colour deck: diamonds blue and clubs green on every card of every page."""
        return bool(self._saved().get("four_colour", False))

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        self._save("four_colour", bool(value))

    def on_change(self, callback: Callable[[Preferences], None]) -> Callable[[Preferences], None]:
        """Call ``callback(self)`` whenever a value arrives from the page or is set here."""
        self._callbacks.append(callback)
        return callback

    def forget(self, owners: Collection[int]) -> None:
        """Stop calling the listeners that belong to these objects (their ``id``; see ``store.belongs_to``)."""
        self._callbacks = [callback for callback in self._callbacks if not belongs_to(callback, owners)]

    def _changed(self, change: dict[str, Any]) -> None:
        for callback in list(self._callbacks):
            try:
                callback(self)
            except Exception:       # one broken listener must not stop the others
                _log.exception("a preferences listener failed")


class RulesPicker(ScriptedWidget):
    """The home page's choice of the ruleset the tools open with: ``options`` (label, id) pairs, the
    chosen id in ``value``, a label in ``description`` (the traits of the Dropdown it replaces).

    The browser keeps the choice in the preferences' storage (``key``) the moment the learner makes
    it, then tells Python (``rules.js``). Through a Dropdown the choice reached the storage only
    after a round trip through the kernel (the Dropdown to Python, Python's preferences back to
    the page): a busy kernel made the tools open under the old rules, and a page left at once lost
    the choice.
    """

    _esm = (_HERE / "rules.js").read_text(encoding="utf-8")
    _css = (".bt-rules-picker { display: flex; align-items: center; gap: 8px; margin: 2px;"
            " font-size: var(--jp-widgets-font-size, 13px); }"
            " .bt-rules-picker select { height: var(--jp-widgets-inline-height, 28px); font-size: inherit;"
            " max-width: 100%; }")

    key = traitlets.Unicode("").tag(sync=True)
    options: traitlets.List[Any] = traitlets.List().tag(sync=True)
    value = traitlets.Unicode(DEFAULT_RULES).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)

    def __init__(self, prefs: Preferences | None = None, **kwargs: Any) -> None:
        super().__init__(key=(prefs or shared_preferences()).key, **kwargs)


_SHARED: Preferences | None = None


def shared_preferences() -> Preferences:
    """One Preferences per kernel, shared by every widget of a page."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Preferences()
    return _SHARED


class PreferencesPanel(w.HBox):
    """The switches of projector mode and the four-colour deck, with the preferences they set
    (so one panel is all a page needs). ``lang`` is the language of the labels."""

    def __init__(self, prefs: Preferences | None = None, lang: str = "en") -> None:
        self.preferences = prefs or shared_preferences()
        self.switches = {name: w.Checkbox(indent=False, layout=w.Layout(width="auto")) for name in DISPLAY_CHOICES}
        for name, switch in self.switches.items():
            switch.add_class(f"bt-{name.replace('_', '-')}-switch")
        super().__init__([*self.switches.values(), self.preferences],
                         layout=w.Layout(flex_flow="row wrap", grid_gap="4px 24px", align_items="center"))
        self.add_class("bt-preferences-panel")
        self.lang = lang
        self.relabel(lang)
        self._follow(self.preferences)
        self.preferences.on_change(self._follow)
        for name, switch in self.switches.items():
            switch.observe(lambda change, name=name: self._switched(name, change["new"]), names="value")

    def relabel(self, lang: str) -> None:
        """Say the switches in ``lang``."""
        self.lang = lang
        for name, switch in self.switches.items():
            key = f"settings.{name.replace('_', '-')}"
            switch.description = Message(key).text(lang)
            switch.tooltip = Message(f"{key}.help").text(lang)

    def _follow(self, prefs: Preferences) -> None:
        for name, switch in self.switches.items():
            if switch.value != getattr(prefs, name):
                switch.value = getattr(prefs, name)

    def _switched(self, name: str, value: bool) -> None:
        try:
            setattr(self.preferences, name, value)
        except Exception:       # a switch must never put a traceback on the page
            _log.exception("the preference %s could not be saved", name)


def preferences(lang: str = "en", **choices: bool) -> PreferencesPanel:
    """Set display choices from code and show their switches: ``lessons.preferences(projector=True)``.

    ``choices`` are any of :data:`DISPLAY_CHOICES` (``projector``, ``four_colour``); they are
    remembered by the browser like a choice made with the switches. An unknown choice raises
    ``BurracoError`` naming the ones there are.
    """
    unknown = sorted(set(choices) - set(DISPLAY_CHOICES))
    if unknown:
        raise bc.BurracoError(f"no preference {', '.join(unknown)}; the preferences: {', '.join(DISPLAY_CHOICES)}")
    prefs = shared_preferences()
    for name, value in choices.items():
        setattr(prefs, name, value)
    return PreferencesPanel(prefs, lang)


# -- reset, export, import: the learner's controls --------------------------------------------------

def _t(key: str, lang: str, **params: Any) -> str:
    return Message(key, **params).text(lang)


class ProgressPanel(w.VBox):
    """The learner's controls over their progress: a summary, Export, Import and Reset (confirmed).

    Export is a link that downloads the progress as a JSON file (it works in Voilà, on
    Binder and in the static site: no server file is involved); Import reads such a file
    (merged in, nothing changed when it is not progress); Reset asks first. The notice line
    shows what happened, or the keeper's problem (a corrupt file that was backed up). ``voice``: the
    page's one live region (``voice.PageVoice``, on the home page): it says the notice (then no live
    region of its own) and moves the focus after Reset's question and answer.
    """

    def __init__(self, keeper: ProgressKeeper, lang: str = "en", voice: Any = None) -> None:
        self.keeper = keeper
        self.lang = lang
        self.voice = voice
        self.summary = w.HTML()
        self.export_link = w.HTML()
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False, icon="",
                                   description=_t("progress.panel.import", lang),
                                   tooltip=_t("progress.panel.import", lang),     # else its title says "null"
                                   layout=w.Layout(width="auto"))      # the whole label, in every language
        self.reset_button = w.Button(description=_t("progress.panel.reset", lang))
        self.reset_button.add_class("bt-progress-reset")
        self.confirm_text = w.HTML()
        self.confirm_yes = w.Button(description=_t("progress.panel.reset-yes", lang), button_style="danger")
        self.confirm_no = w.Button(description=_t("progress.panel.reset-no", lang))
        self.confirm_no.add_class("bt-progress-keep")
        self.confirm = w.HBox([self.confirm_text, self.confirm_yes, self.confirm_no],
                              layout=w.Layout(display="none", align_items="center", flex_flow="row wrap"))
        self.notice = w.HTML()
        self.reset_button.on_click(self._ask_reset)
        self.confirm_yes.on_click(self._reset)
        self.confirm_no.on_click(self._keep)
        self.upload.observe(self._import, names=["value"])
        keeper.changed(self._refresh)
        controls = w.HBox([self.export_link, self.upload, self.reset_button],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        super().__init__([self.summary, controls, self.confirm, self.notice, keeper.widget])
        self.add_class("bt-progress-panel")
        self._refresh(keeper.progress)
        if keeper.problem is not None:
            self._say(keeper.problem, warn=True)

    def _say(self, message: Message | None, *, warn: bool = False) -> None:
        if message is None:
            self.notice.value = ""
            return
        colour = "#8a4b00" if warn else "#1b5e20"
        live = 'role="status" aria-live="polite" ' if self.voice is None else ""     # else the page's voice says it
        self.notice.value = (f'<div class="bt-progress-notice" {live}'
                             f'style="color:{colour};margin:4px 0">{_esc(message.text(self.lang))}</div>')
        if self.voice is not None:
            self.voice.say(message.text(self.lang))

    def _refresh(self, progress: Progress) -> None:
        solved = sum(progress.solved(i) for i in progress.exercise_ids())
        self.summary.value = (f'<div class="bt-progress-summary">'
                              f'{_esc(_t("progress.panel.summary", self.lang, stars=progress.total_stars(), solved=solved))}'
                              f"</div>")
        data = base64.b64encode(progress.to_json().encode("utf-8")).decode("ascii")
        name = f"burraco-tutor-progress-{time.strftime('%Y%m%d')}.json"
        self.export_link.value = (
            f'<a class="bt-progress-export" style="{_LINK_STYLE}" download="{name}" '
            f'href="data:application/json;charset=utf-8;base64,{data}">'
            f'{_esc(_t("progress.panel.export", self.lang))}</a>')
        if self.keeper.problem is not None:
            self._say(self.keeper.problem, warn=True)

    def _import(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        content = bytes(files[0]["content"])
        try:
            progress = self.keeper.import_json(content)
        except ProgressError as err:
            self._say(Message("progress.notice.import-failed", reason=err.msg), warn=True)
        else:
            self._say(Message("progress.notice.imported", stars=progress.total_stars()))
        finally:
            self.upload.value = ()        # the same file may be chosen again

    def _ask_reset(self, _button: object = None) -> None:
        self.confirm_text.value = f"<span>{_esc(_t('progress.panel.reset-confirm', self.lang))}</span>"
        self.confirm.layout.display = "flex"
        if self.voice is not None:      # the question said, and the focus on its safe answer ("keep them")
            self.voice.say(_t("progress.panel.reset-confirm", self.lang))
            self.voice.focus(".bt-progress-panel .bt-progress-keep")

    def _keep(self, _button: object = None) -> None:
        self.confirm.layout.display = "none"
        self._focus_reset()

    def _reset(self, _button: object = None) -> None:
        self.confirm.layout.display = "none"
        self.keeper.reset()
        self._say(Message("progress.notice.reset"))
        self._focus_reset()

    def _focus_reset(self) -> None:
        """The question gone, the focus goes back to the button that asked it (not to the page's body)."""
        if self.voice is not None:
            self.voice.focus(".bt-progress-panel .bt-progress-reset")


# The export link looks like the buttons beside it (a link, so the browser downloads the file itself).
_LINK_STYLE = ("display:inline-block;box-sizing:border-box;height:28px;line-height:28px;padding:0 12px;"
               "margin:2px 4px 2px 0;font-size:var(--jp-widgets-font-size, 13px);text-decoration:none;"
               "background:var(--jp-layout-color2, #eee);color:var(--jp-ui-font-color1, #000)")


def _esc(text: str) -> str:
    return html.escape(text, quote=True)
