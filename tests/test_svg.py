"""SVG pictures: well-formed, accessible, drawn without typefaces, and a sample sheet to look at."""

from __future__ import annotations

import pathlib
import re
import xml.etree.ElementTree as ET

import pytest

import burraco_core as bc
from burraco_core import svg

NS = "{http://www.w3.org/2000/svg}"
ARTEFACTS = pathlib.Path(__file__).resolve().parent.parent / "test-artifacts" / "svg"
FACES = [bc.Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)] + [bc.Card(0, "", 0), bc.Card(0, "", 1)]


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == NS + "svg"
    assert root.get("role") == "img"
    assert root.get("aria-label")
    assert root.find(NS + "title") is not None
    assert root.find(NS + "title").text == root.get("aria-label")  # type: ignore[union-attr]
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    return root


def assert_no_type_or_links(picture: str) -> None:
    root = ET.fromstring(picture)
    assert not list(root.iter(NS + "text"))
    assert "font" not in picture.lower()
    assert "<text" not in picture
    assert re.findall(r"https?://[^\"' ]+", picture) == ["http://www.w3.org/2000/svg"]
    assert " id=" not in picture  # many pictures share one page


def cards_in(picture: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(picture).iter(NS + "g") if g.get("class") == "card"]


def meld(text: str, rules: str = "classic") -> bc.Meld:
    return bc.Meld.parse(text, rules)


@pytest.mark.parametrize("card", FACES, ids=lambda c: c.code)
def test_every_face_renders(card: bc.Card) -> None:
    for four in (False, True):
        picture = svg.card_svg(card, four_colour=four)
        root = parse(picture)
        assert root.get("aria-label") == card.name == svg.card_text(card)
        assert root.get("viewBox") == "0 0 100 140"
        assert_no_type_or_links(picture)
        assert len(cards_in(picture)) == 1


def test_every_face_differs() -> None:
    pictures = {svg.card_svg(card) for card in FACES}
    assert len(pictures) == len(FACES)


@pytest.mark.parametrize("deck", [0, 1])
def test_backs(deck: int) -> None:
    picture = svg.back_svg(deck)
    root = parse(picture)
    assert_no_type_or_links(picture)
    assert ("blue" if deck == 0 else "red") in root.get("aria-label", "")
    assert svg.card_svg(bc.Card(7, "H", deck), face_down=True) == picture
    # a face-down card does not tell a screen reader what it is
    assert "seven" not in svg.card_svg(bc.Card(7, "H", deck), face_down=True)
    assert svg.back_svg(0) != svg.back_svg(1)


def test_size_and_aspect() -> None:
    root = parse(svg.card_svg("7H", width=60))
    assert float(root.get("width", "")) == 60
    assert float(root.get("height", "")) == pytest.approx(60 * svg.CARD_ASPECT)
    assert 1.35 <= svg.CARD_ASPECT <= 1.45


def test_card_text() -> None:
    assert svg.card_text(bc.parse_card("7H")) == "seven of hearts"
    assert svg.card_text("JK") == "joker"
    assert svg.card_text("10S'") == "ten of spades"


def test_four_colour_recolours_diamonds_and_clubs_only() -> None:
    for code in ("7D", "7C"):
        assert svg.card_svg(code) != svg.card_svg(code, four_colour=True)
    fills = {code: set(re.findall(r'(?:fill|color)="(#[0-9a-f]{6})"', svg.card_svg(code, four_colour=True)))
             for code in ("7S", "7H", "7D", "7C")}
    assert fills["7D"] - fills["7H"] and fills["7C"] - fills["7S"]
    assert len({frozenset(f) for f in fills.values()}) == 4
    for code in ("7S", "7H"):
        assert svg.card_svg(code) == svg.card_svg(code, four_colour=True)


def test_selected_changes_output() -> None:
    plain, chosen = svg.card_svg("QS"), svg.card_svg("QS", selected=True)
    assert plain != chosen
    assert 'data-selected="true"' in chosen and 'data-selected="true"' not in plain
    parse(chosen)


def test_wild_badge() -> None:
    plain = svg.card_svg("2C")
    wild = svg.card_svg("2C", wild_for="7♥")
    root = parse(wild)
    assert wild != plain
    assert root.get("aria-label") == "two of clubs, standing for a seven of hearts"
    assert_no_type_or_links(wild)
    assert svg.card_svg("2C", wild_for="7H") == wild
    assert "standing for an eight" in svg.card_svg("JK", wild_for="8")
    assert svg.card_svg("JK", wild_for="10♠") != svg.card_svg("JK", wild_for="J♠")
    with pytest.raises(ValueError):
        svg.card_svg("JK", wild_for="purple")


def test_turned_and_scale_note() -> None:
    root = parse(svg.card_svg("KH", width=60, turned=True))
    assert root.get("viewBox") == "0 0 140 100"
    assert float(root.get("height", "")) == 60
    assert 'data-turned="true"' in svg.card_svg("KH", turned=True)
    noted = svg.card_svg("AS", scale_note="+15")
    assert parse(noted).get("aria-label") == "ace of spades, +15"
    assert_no_type_or_links(noted)
    assert svg.card_svg("AS", scale_note=15) != svg.card_svg("AS")
    with pytest.raises(ValueError):
        svg.card_svg("AS", scale_note="15 pts")


def test_hand_has_one_group_per_card() -> None:
    picture = svg.hand_svg("5H 6H 2C 7H JK QS 10D", selected=(1, 3))
    root = parse(picture)
    assert_no_type_or_links(picture)
    groups = cards_in(picture)
    assert [g.get("data-card") for g in groups] == ["5H", "6H", "2C", "7H", "JK", "QS", "10D"]
    assert [g.get("data-selected") for g in groups].count("true") == 2
    assert root.get("aria-label") == ("hand of 7 cards: five of hearts, six of hearts, two of clubs, "
                                      "seven of hearts, joker, queen of spades and ten of diamonds")
    assert float(root.get("width", "")) == pytest.approx(72 * (1 + 6 * 0.55))
    assert svg.hand_svg("5H 6H") != svg.hand_svg("5H 6H", four_colour=True, overlap=0.2)
    assert parse(svg.hand_svg([])).get("aria-label") == "no cards"
    with pytest.raises(ValueError):
        svg.hand_svg("5H", overlap=1)


@pytest.mark.parametrize(("text", "kind", "turned"), [
    ("5H 6H 2H=7H 8H", None, 0),
    ("8S 8H 8D 8C 8S'", None, 0),
    ("5H 6H 7H 8H 9H 10H JH", "clean", 2),
    ("2H=4H 5H 6H 7H 8H 9H 10H", "dirty", 1),
    ("8S 8H 8D 8C 8S' 8H' JK", "dirty", 1),
])
def test_meld_burraco_marks(text: str, kind: str | None, turned: int) -> None:
    m = meld(text)
    assert m.burraco == kind
    picture = svg.meld_svg(m)
    root = parse(picture)
    assert root.get("aria-label") == str(m.describe())
    assert root.get("data-burraco") == kind
    assert_no_type_or_links(picture)
    groups = cards_in(picture)
    assert [g.get("data-card") for g in groups] == [c.code for c in m.cards]
    flags = [g.get("data-turned") for g in groups]
    assert flags.count("true") == turned
    assert flags[len(flags) - turned:] == ["true"] * turned  # the last cards lie sideways
    assert ("rotate(-90)" in picture) == bool(turned)
    assert (m.wild is not None) == ("#fff1a8" in picture)  # the wild's badge


def test_repr_svg_hooks() -> None:
    parse(bc.parse_card("9D")._repr_svg_())
    parse(meld("5H 6H 2H=7H 8H")._repr_svg_())


def test_sample_sheet() -> None:
    """Writes test-artifacts/svg/sheet.html: every face, backs, a hand, melds, four colours."""
    rows = [["<h2>All faces, two backs</h2>"]]
    for suit in "SHDC":
        rows.append([svg.card_svg(bc.Card(rank, suit), width=72) for rank in range(1, 14)])
    rows.append([svg.card_svg("JK", width=72), svg.card_svg("JK'", width=72), svg.back_svg(0, width=72),
                 svg.back_svg(1, width=72), svg.card_svg("2C", width=72, wild_for="7♥"),
                 svg.card_svg("JK", width=72, wild_for="10♠"), svg.card_svg("QH", width=72, selected=True),
                 svg.card_svg("AS", width=72, scale_note="+15"), svg.card_svg("KD", width=72, turned=True)])
    rows.append(["<h2>Four colours</h2>"])
    rows.append([svg.card_svg(bc.Card(rank, suit), width=60, four_colour=True)
                 for suit in "SHDC" for rank in (1, 7, 10, 12)])
    rows.append(["<h2>A hand (60 px), two selected</h2>"])
    rows.append([svg.hand_svg("AS 5H 6H 2C 7H 10D JK QS KC 9C' 3D", width=60, selected=(2, 6)),
                 svg.hand_svg("AS 5H 6H 2C 7H 10D", width=60, four_colour=True)])
    rows.append(["<h2>Melds (60 px per card): plain, dirty burraco, clean burraco, group</h2>"])
    for text in ("5H 6H 2H=7H 8H", "2H=4H 5H 6H 7H 8H 9H 10H", "5S 6S 7S 8S 9S 10S JS QS",
                 "8S 8H 8D 8C 8S' 8H' JK"):
        rows.append([svg.meld_svg(meld(text), width=60)])
    rows.append(["<h2>Projector size (160 px)</h2>"])
    rows.append([svg.card_svg(code, width=160) for code in ("10H", "QS", "JK", "AD", "2C")])
    html = "\n".join(f'<div class="row">{"".join(row)}</div>' for row in rows)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page = ARTEFACTS / "sheet.html"
    page.write_text(
        "<!doctype html><meta charset='utf-8'><title>Card pictures</title><style>"
        "body{background:#2e7d4f;margin:12px;color:#fff;font-family:sans-serif}"
        "h2{font-size:15px;margin:10px 0 4px}.row{display:flex;gap:6px;align-items:center;flex-wrap:wrap;"
        "margin-bottom:6px}</style>" + html, encoding="utf-8")
    assert page.stat().st_size > 10_000


@pytest.mark.parametrize("text", ["5H 6H 7H 8H 9H 10H JH", "2H=4H 5H 6H 7H 8H 9H 10H",
                                  "5H 6H 7H 8H 9H 10H JH QH KH", "8S 8H 8D 8C 8S' 8H' JK"])
def test_a_burracos_sideways_cards_hide_no_card(text: str) -> None:
    """The cards lying sideways lie after the row, each whole: laid across the row (issue 30) the first
    covered the last upright card's face and the second covered the first."""
    picture = svg.meld_svg(meld(text))
    boxes = []
    for g in cards_in(picture):
        x, y = (float(v) for v in re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", g.get("transform", "")).groups())
        turned = g.get("data-turned") == "true"
        boxes.append((turned, x, y, x + (140 if turned else 100), y + (100 if turned else 140)))
    view_width = float(parse(picture).get("viewBox", "").split()[2])
    for i, (turned, x0, y0, x1, y1) in enumerate(boxes):
        assert x1 <= view_width + 1e-6
        if not turned:
            continue
        for j, (_, a0, b0, a1, b1) in enumerate(boxes):
            if j != i:
                assert a1 <= x0 or a0 >= x1 or b1 <= y0 or b0 >= y1, (text, i, j)
