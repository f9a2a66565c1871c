"""Projector mode and the four-colour deck (no browser): the preferences, their switches, and the
hooks every card picture gives the page's stylesheet. The browser side is tests/browser/test_projector.py."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

import burraco_core as bc
import lessons
import lessons.learner.store as store
import lessons.widgets.settings as settings
from burraco_core import svg
from lessons.widgets.home import HomePage, tool_page
from lessons.widgets.navigation import lesson_page

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """Fresh shared preferences (and a keeper without a file) for every test."""
    monkeypatch.setattr(store, "_SHARED", store.ProgressKeeper(file_store=False))
    monkeypatch.setattr(settings, "_SHARED", None)


def test_display_choices_are_off_until_chosen_and_kept_beside_the_rules():
    prefs = settings.Preferences()
    assert (prefs.projector, prefs.four_colour, prefs.rules) == (False, False, "classic")
    prefs.rules = "italiano"
    prefs.projector = True
    prefs.four_colour = True
    assert json.loads(prefs.value) == {"rules": "italiano", "projector": True, "four_colour": True}
    prefs.projector = False
    assert json.loads(prefs.value) == {"rules": "italiano", "projector": False, "four_colour": True}


@pytest.mark.parametrize("text", ['{"projector": "yes", "four_colour": 1}', "[true]", "not json", '"x"'])
def test_values_that_make_no_sense_are_not_taken(text):
    prefs = settings.Preferences()
    prefs.value = text                              # as a browser could send it
    assert (prefs.projector, prefs.four_colour, prefs.rules) == (False, False, "classic")
    prefs.projector = True                          # and a new choice replaces them
    assert json.loads(prefs.value) == {"projector": True}


def test_preferences_from_code_show_their_switches():
    panel = lessons.preferences(projector=True)
    prefs = settings.shared_preferences()
    assert panel.preferences is prefs and prefs.projector and not prefs.four_colour
    assert panel.switches["projector"].value and not panel.switches["four_colour"].value
    assert prefs in panel.children                  # the panel is all a notebook cell needs
    panel.switches["four_colour"].value = True      # a click on a switch
    assert prefs.four_colour
    prefs.value = json.dumps({"projector": False})  # chosen in another tab
    assert not panel.switches["projector"].value and not panel.switches["four_colour"].value
    with pytest.raises(bc.BurracoError, match="projector, four_colour"):
        lessons.preferences(projectr=True)


def test_switch_labels_are_catalogue_texts_in_every_language():
    for lang in ("en", "it", "es"):
        panel = settings.PreferencesPanel(settings.Preferences(), lang)
        labels = [switch.description for switch in panel.switches.values()]
        assert all(labels) and len(set(labels)) == 2
        assert all(switch.tooltip for switch in panel.switches.values())
    assert settings.PreferencesPanel(lang="it").switches["projector"].description.startswith("Modalità proiettore")


def test_every_page_has_the_preferences_and_the_tools_share_their_four_colour_switch():
    prefs = settings.shared_preferences()
    home = HomePage()
    assert home.display_choices.preferences is prefs
    assert prefs in lesson_page(lessons.LESSONS[0].key).children
    table = tool_page("play")
    assert prefs in table.display_choices.children
    table.widget.four_colour.value = True           # the table's own switch is the page's preference
    assert prefs.four_colour and home.display_choices.switches["four_colour"].value
    referee = tool_page("referee")
    assert referee.widget.children[-1].four_colour.value   # a tool opens with the saved choice
    prefs.four_colour = False
    assert not table.widget.four_colour.value and not referee.widget.children[-1].four_colour.value
    # one switch on screen: the page's display choices; the tools' own copies are hidden on a tool page
    assert table.widget.four_colour.layout.display == "none"
    assert referee.widget.children[-1].four_colour.layout.display == "none"
    assert home.display_choices.switches["four_colour"].layout.display != "none"


def test_the_stylesheet_scales_cards_recolours_suits_and_rings_the_focus():
    css = settings.Preferences._css.default_value           # a trait of the class (lessons.learner.scripted)
    scale = float(re.search(r"--bt-card-scale:\s*([\d.]+)", css).group(1))
    assert scale >= 1.4
    assert ".bt-four-colour [data-ink=\"D\"] { color: #1560bd; }" in css
    assert ".bt-four-colour [data-ink=\"C\"] { color: #1a7f37; }" in css
    assert ":focus-visible" in css and "outline: 3px solid" in css


def pictures():
    meld = bc.Meld.parse("2C=7D 8D 9D 10D JD QD KD", "classic")
    return [svg.card_svg("7D"), svg.card_svg("KC", turned=True), svg.card_svg("2D", wild_for="7C"),
            svg.hand_svg("5H 6D 7C JK"), svg.meld_svg(meld), svg.back_svg(1)]


def test_every_picture_grows_with_the_page_and_stays_inside_its_box():
    for picture in pictures():
        root = ET.fromstring(picture)
        width = root.get("width")
        assert f"width:calc({width}px * var(--bt-card-scale, 1))" in root.get("style", "")
        assert "max-width:100%" in root.get("style", "") and "height:auto" in root.get("style", "")


def test_diamonds_and_clubs_are_inked_where_a_stylesheet_can_recolour_them():
    red, black = "#c8102e", "#1b1b1b"
    for picture in pictures():
        root = ET.fromstring(picture)
        for element in root.iter():
            for attribute in ("fill", "stroke"):
                # a suit's ink is only ever currentColor, set by a group that says which suit it is
                assert element.get(attribute) not in ("#1560bd", "#1a7f37")
        for group in root.iter(NS + "g"):
            if group.get("data-ink") in ("D", "C"):
                assert group.get("color") == (red if group.get("data-ink") == "D" else black)
    inks = [g.get("data-ink") for g in ET.fromstring(svg.card_svg("2D", wild_for="7C")).iter(NS + "g")
            if g.get("data-ink")]
    assert inks == ["D", "C"]                        # the badge of a wild is inked as the card it stands for
    four = ET.fromstring(svg.card_svg("7C", four_colour=True))
    assert [g.get("color") for g in four.iter(NS + "g") if g.get("data-ink")] == ["#1a7f37"]
