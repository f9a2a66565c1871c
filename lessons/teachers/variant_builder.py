"""VariantBuilder: make a house-rule variant from a built-in ruleset, see how it differs, save it, use it.

Start from a built-in ruleset, change its fields with controls (each with its name and explanation
from the catalogue, keys ``variants.field.<name>`` and ``variants.field.<name>.explain``, written from
the field's docstring in ``burraco_core.rulesets``, which stays the engine's documentation), name the variant and see its differences from the four
built-ins as a table. The variant is ``dataclasses.replace(base, ...)``: contradictory fields are
refused by the engine's ``RulesetError``, shown in words. It is saved and loaded as a small JSON
text (:func:`variant_json`, :func:`read_variant`) and opened in the meld referee, the score
calculator, the play table or the position referee. This module decides no rule.
"""

from __future__ import annotations

import ast
import base64
import dataclasses
import functools
import inspect
import json
import typing
from typing import Any

import ipywidgets as w

import burraco_core as bc
from burraco_core import rulesets
from burraco_core.errors import shown
from burraco_core.messages import Message

from ..curriculum.variants import value_message
from ..widgets.style import BAD, GOOD, SR_ONLY, box, esc
from ..widgets.ui import shielded
from ..widgets.voice import Speaks

FORMAT = "burraco-variant"
VERSION = 1
FIXED = ("id", "name")   # not edited as fields: the id stays the base's, the name has its own box


def _t(key: str, lang: str, **params: Any) -> str:
    return Message(key, **params).text(lang)


@functools.cache
def field_docs() -> dict[str, str]:
    """Each Ruleset field's docstring (the string under it in the class body), by field name."""
    tree = ast.parse(inspect.getsource(rulesets.Ruleset))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for node, after in zip(body, body[1:], strict=False):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[node.target.id] = " ".join(after.value.value.split()).replace("``", "")
    return docs


def field_label(name: str) -> Message:
    """A Ruleset field's name for people (key ``variants.field.<name>``)."""
    return Message(f"variants.field.{name}")


def field_explanation(name: str) -> Message:
    """What a Ruleset field means, for people (key ``variants.field.<name>.explain``)."""
    return Message(f"variants.field.{name}.explain")


def editable_fields() -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(bc.Ruleset) if f.name not in FIXED]


def _choices(field: dataclasses.Field[Any]) -> tuple[str, ...] | None:
    hint = typing.get_type_hints(bc.Ruleset)[field.name]
    if typing.get_origin(hint) is typing.Literal:
        return tuple(typing.get_args(hint))
    return None


def _optional(field: dataclasses.Field[Any]) -> bool:
    hint = typing.get_type_hints(bc.Ruleset)[field.name]
    return type(None) in typing.get_args(hint)


def variant_json(rules: bc.Ruleset) -> str:
    """A small JSON text: the base ruleset's id and the fields that differ from it (the name included)."""
    base = bc.RULESETS.get(rules.id)
    if base is None:
        changes = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    else:
        changes = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
                   if getattr(rules, f.name) != getattr(base, f.name)}
    return json.dumps({"format": FORMAT, "version": VERSION, "base": rules.id, "changes": changes}, indent=1)


def read_variant(text: str) -> bc.Ruleset:
    """The variant a :func:`variant_json` text describes; a text that is not one raises ``RulesetError``."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise bc.RulesetError(Message("variants.file.not-text"))
    try:
        data = json.loads(text)
    except ValueError as err:
        raise bc.RulesetError(Message("variants.file.not-json", line=err.lineno, column=err.colno)
                              if isinstance(err, json.JSONDecodeError) else Message("variants.file.not-text")) from None
    except RecursionError:   # lists in lists thousands deep
        raise bc.RulesetError(Message("variants.file.not-text")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bc.RulesetError(Message("variants.file.format", format=FORMAT))
    if data.get("version") != VERSION:
        raise bc.RulesetError(Message("variants.file.version", value=shown(data.get("version"))))
    changes = data.get("changes")
    if not isinstance(changes, dict):
        raise bc.RulesetError(Message("variants.file.changes"))
    known = {f.name for f in dataclasses.fields(bc.Ruleset)}
    unknown = sorted(set(changes) - known)
    if unknown:
        raise bc.RulesetError(Message("variants.file.unknown-fields", count=len(unknown), fields=tuple(unknown)),
                              fields=unknown)
    base = bc.RULESETS.get(data["base"]) if isinstance(data.get("base"), str) else None
    if base is None:
        if known - set(changes):   # a house ruleset's own file gives every field; else its base must exist
            raise bc.RulesetError(Message("variants.file.base", base=shown(data.get("base")),
                                          known=tuple(bc.RULESETS)), fields=("base",))
        return bc.Ruleset(**changes)
    return dataclasses.replace(base, **changes)


def _label(rules: bc.Ruleset, lang: str) -> str:
    label = rules.label
    return label.text(lang) if isinstance(label, Message) else label


def _cell(value: object, lang: str) -> str:
    return value_message(value).text(lang)


def _field_head(name: str, lang: str) -> str:
    """A field's name for people, with its code (as in a saved variant) beside it."""
    return (f"{esc(field_label(name).text(lang))} <code style='color:#555;font-size:0.85em'>{esc(name)}</code>")


def differences(rules: bc.Ruleset) -> list[tuple[str, object, tuple[object, ...]]]:
    """(field, the variant's value, the built-ins' values) of every field where the variant differs
    from at least one built-in ruleset."""
    rows = []
    for f in editable_fields():
        mine = getattr(rules, f.name)
        theirs = tuple(getattr(builtin, f.name) for builtin in bc.RULESETS.values())
        if any(value != mine for value in theirs):
            rows.append((f.name, mine, theirs))
    return rows


def differences_html(rules: bc.Ruleset, lang: str = "en") -> str:
    """The differences as a table: one row per field, the variant's column first; a built-in's value
    that equals the variant's is shown in green."""
    head = "".join(f"<th style='padding:2px 10px'>{esc(_label(builtin, lang))}</th>"
                   for builtin in bc.RULESETS.values())
    rows = ""
    for name, mine, theirs in differences(rules):
        cells = "".join(
            f"<td style='padding:2px 10px;{'color:#1b5e20;font-weight:600' if value == mine else 'color:#555'}'>"
            f"{esc(_cell(value, lang))}</td>" for value in theirs)
        rows += (f"<tr class='bt-variant-row' data-field='{esc(name)}'><th style='text-align:left;padding:2px 10px'>"
                 f"{_field_head(name, lang)}</th><td style='padding:2px 10px;font-weight:700'>{esc(_cell(mine, lang))}"
                 f"</td>{cells}</tr>")
    title = esc(_label(rules, lang))
    return (f"<table class='bt-variant-table' style='border-collapse:collapse;margin:6px 0'>"
            f"<tr><th><span style='{SR_ONLY}'>{esc(_t('variants.field', lang))}</span></th>"
            f"<th style='padding:2px 10px'>{title}</th>{head}</tr>{rows}</table>")


class VariantBuilder(Speaks, w.VBox):
    """Build a house-rule variant field by field, compare it with the built-ins, save, load and use it. On
    a tool page its verdict (ready, or refused and why) is said by the page's one live region when it
    changes, and so is all the tool it is tried in says (:meth:`speak_with`)."""

    def __init__(self, base: str = "classic", name: str = "", *, lang: str = "en", **kwargs: object) -> None:
        self.lang = lang
        t = self._text
        self.base = w.Dropdown(options=[(_label(rules, lang), rules.id) for rules in bc.RULESETS.values()],
                               value=base if base in bc.RULESETS else "classic", description=t("variants.base"),
                               style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.name = w.Text(value=name, description=t("variants.name"), placeholder=t("variants.name.placeholder"),
                           style={"description_width": "initial"}, layout=w.Layout(width="min(30em, 95%)"))
        self.controls: dict[str, w.Widget] = {}
        rows = []
        for f in editable_fields():
            choices = _choices(f)
            if choices is not None:
                control: w.Widget = w.Dropdown(options=[(value_message(c).text(lang), c) for c in choices],
                                               layout=w.Layout(width="auto"))
            elif isinstance(getattr(bc.RULESETS["classic"], f.name), bool):
                control = w.Checkbox(indent=False, layout=w.Layout(width="auto"))
            else:
                control = w.Text(layout=w.Layout(width="7em"),
                                 placeholder=t("variants.none") if _optional(f) else "")
            control.description = field_label(f.name).text(lang)     # its name for a screen reader: the eye
            control.add_class("bt-label-hidden")                     # reads it in the row's first column
            control.add_class(f"bt-field-{f.name}")
            self.controls[f.name] = control
            rows.append(w.HBox([w.HTML(f"<span style='display:inline-block;min-width:15em'>"
                                       f"{_field_head(f.name, lang)}</span>", layout=w.Layout(flex="0 1 22em")),
                                control,
                                w.HTML(f"<span style='color:#444'>{esc(field_explanation(f.name).text(lang))}</span>",
                                       layout=w.Layout(flex="1 1 20em"))],
                               layout=w.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px")))
        self.status = w.HTML()
        self.status.add_class("bt-variant-status")
        self.table = w.HTML()
        self.table.add_class("bt-variant-differences")
        self.json = w.Textarea(rows=6, description=t("variants.json"), style={"description_width": "initial"},
                               layout=w.Layout(width="min(40em, 95%)"))
        self.json.add_class("bt-variant-json")
        self.load = w.Button(description=t("variants.load"), layout=w.Layout(width="auto"))
        self.upload = w.FileUpload(accept=".json", multiple=False, description=t("variants.upload"),
                                   tooltip=t("variants.upload"), layout=w.Layout(width="auto"))
        self.download = w.HTML()
        self.use_in = w.ToggleButtons(options=[(t("home.tool.referee"), "referee"),      # the tools' own names
                                               (t("home.tool.score"), "score"),
                                               (t("home.tool.play"), "play"),
                                               (t("home.tool.position-referee"), "position")],
                                      value=None, description=t("variants.use"),
                                      style={"description_width": "initial", "button_width": "auto"})
        self.tool = w.VBox()
        self.ruleset: bc.Ruleset | None = None
        self._filling = False
        super().__init__([
            w.HBox([self.base, self.name], layout=w.Layout(flex_flow="row wrap", grid_gap="12px")),
            w.VBox(rows), self.status, self.table,
            w.HBox([self.json, w.VBox([self.load, self.upload, self.download])],
                   layout=w.Layout(flex_flow="row wrap", grid_gap="12px")),
            self.use_in, self.tool,
        ], **kwargs)
        self.add_class("bt-variant-builder")
        self.base.observe(self._base_chosen, names="value")
        self.name.observe(self._changed, names="value")
        for control in self.controls.values():
            control.observe(self._changed, names="value")
        self.load.on_click(self._load_text)
        self.upload.observe(self._uploaded, names="value")
        self.use_in.observe(self._use, names="value")
        self._base_chosen()

    def _text(self, key: str, **params: Any) -> str:
        return _t(key, self.lang, **params)

    def show_failure(self, html: str) -> None:
        self.status.value = html

    # ------------------------------------------------------------ filling the controls
    def show(self, rules: bc.Ruleset) -> None:
        """Fill every control from these rules (the base picker too, when their id is a built-in's)."""
        self._filling = True
        try:
            if rules.id in bc.RULESETS:
                self.base.value = rules.id
            base = bc.RULESETS.get(rules.id)
            self.name.value = "" if base is not None and base.name == rules.name else rules.name
            for name, control in self.controls.items():
                value = getattr(rules, name)
                control.value = ("" if value is None else str(value)) if isinstance(control, w.Text) else value
        finally:
            self._filling = False
        self._changed()

    @shielded
    def _base_chosen(self, change: object = None) -> None:
        if not self._filling:
            self.show(bc.RULESETS[self.base.value])

    def _values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name, control in self.controls.items():
            if isinstance(control, w.Text):
                text = control.value.strip()
                if not text:
                    values[name] = None
                else:
                    try:
                        values[name] = int(text)
                    except ValueError:   # the engine refuses it in words (ruleset.problem.whole-number)
                        values[name] = text
            else:
                values[name] = control.value
        return values

    def build(self) -> bc.Ruleset:
        """The variant the controls describe (``RulesetError`` when its fields contradict each other)."""
        base = bc.RULESETS[self.base.value]
        values = self._values()
        name = self.name.value.strip()
        if name:
            values["name"] = name
        elif any(values[key] != getattr(base, key) for key in values):
            values["name"] = _t("variants.default-name", self.lang, base=base.label)
        return dataclasses.replace(base, **values)

    @shielded
    def _changed(self, change: object = None) -> None:
        if self._filling:
            return
        try:
            rules = self.build()
        except bc.RulesetError as err:
            self.ruleset = None
            self.status.value = box(BAD, self._text("variants.refused"), f"<div>{esc(err.message(self.lang))}</div>",
                                    big=False, role=self._role("alert"))
            self.table.value = ""
            self._speak(self.status.value, again=False)
            return
        self.ruleset = rules
        self.status.value = box(GOOD, self._text("variants.ready", name=rules.label), big=False, role=self._role())
        self._speak(self.status.value, again=False)
        self.table.value = differences_html(rules, self.lang)
        text = variant_json(rules)
        self.json.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        filename = "".join(ch if ch.isalnum() else "-" for ch in str(rules.name or rules.id)).strip("-") or "variant"
        self.download.value = (f"<a class='bt-variant-download' download='{esc(filename)}.json' "
                               f"href='data:application/json;base64,{data}'>{esc(self._text('variants.save'))}</a>")
        if self.use_in.value is not None:
            self._use()

    # ------------------------------------------------------------ loading and using
    def load_json(self, text: str) -> bc.Ruleset | None:
        """Load a saved variant into the controls; a text that is not one is refused in words."""
        try:
            rules = read_variant(text)
        except (bc.RulesetError, TypeError) as err:
            said = err.message(self.lang) if isinstance(err, bc.BurracoError) else str(err)
            self.status.value = box(BAD, self._text("variants.bad-file"), f"<div>{esc(said)}</div>", big=False,
                                    role=self._role("alert"))
            self._speak(self.status.value)
            return None
        self.show(rules)
        return rules

    @shielded
    def _load_text(self, button: object = None) -> None:
        self.load_json(self.json.value)

    @shielded
    def _uploaded(self, change: object = None) -> None:
        files = self.upload.value
        if files:
            first = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
            content = first["content"]
            self.load_json(bytes(content).decode("utf-8", errors="replace"))

    @shielded
    def _use(self, change: object = None) -> None:
        rules, where = self.ruleset, self.use_in.value
        if rules is None or where is None:
            self.tool.children = []
            return
        if where == "referee":
            from ..widgets.referee import MeldReferee

            self.tool.children = [MeldReferee(rules=rules, lang=self.lang)]
        elif where == "score":
            from ..widgets.score import ScoreCalculator

            self.tool.children = [ScoreCalculator(rules=rules, lang=self.lang)]
        elif where == "play":
            from ..widgets.table import PlayTable

            self.tool.children = [PlayTable(rules=rules, players=2, lang=self.lang)]
        else:
            from ..widgets.position_referee import PositionReferee

            self.tool.children = [PositionReferee(rules, lang=self.lang)]
        speak_with = getattr(self.tool.children[0], "speak_with", None)
        if self.voice is not None and speak_with is not None:   # the tool tried speaks by the page's live region too
            speak_with(self.voice)

    def _draw_spoken(self) -> None:
        self._changed()


__all__ = ["VariantBuilder", "differences", "differences_html", "field_docs", "field_explanation", "field_label",
           "read_variant", "variant_json", "variant_builder_tool"]


def variant_builder_tool(rules: str, lang: str = "en") -> w.Widget:
    """The variant builder's tool page, starting from the rules chosen (a built-in; else the classic ones)."""
    return VariantBuilder(rules if rules in bc.RULESETS else "classic", lang=lang)
