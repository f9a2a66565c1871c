"""SVG pictures of cards, hands and melds, in pure Python (standard library only).

Everything a learner reads on a card (ranks, suits, the joker's mark, the
badge of a wild card) is drawn from the path data below, so the pictures
need no installed typeface and look the same in every browser, in Pyodide
and on a projector. Each picture is one ``<svg>`` element with ``role="img"``,
an ``aria-label`` and a ``<title>``; no ``id`` attributes are used, so any
number of pictures can share one page. The labels are messages of the catalogues
(keys ``svg.*``): every picture function takes ``lang``, the language they are said in.

A card is drawn in a 100 x 140 box (:data:`CARD_ASPECT` is height / width);
``width`` arguments are in CSS pixels, times the page's ``--bt-card-scale`` (1 unless a page
sets it: projector mode does), and a picture never grows wider than its container.

The ink of a suit is ``currentColor`` inside a group with ``data-ink`` (the suit) and the
``color`` chosen here, so a page's stylesheet can recolour every card at once: the
four-colour deck of ``lessons/settings.css`` (:data:`FOUR_COLOUR_CSS`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from math import cos, pi, sin
from typing import TYPE_CHECKING

from .cards import SUIT_SYMBOLS, SUITS, Card, parse_card, parse_cards, rank_code
from .errors import BurracoError, NotationError, shorten, shown
from .messages import DEFAULT_LANGUAGE, Message, card_name

if TYPE_CHECKING:
    from .melds import Meld

CARD_ASPECT = 1.4
"""Height of a card divided by its width."""

_W, _H = 100, 140
_SVG_NS = "http://www.w3.org/2000/svg"
_INK = {"S": "#1b1b1b", "H": "#c8102e", "D": "#c8102e", "C": "#1b1b1b"}
_INK_FOUR = {"S": "#1b1b1b", "H": "#c8102e", "D": "#1560bd", "C": "#1a7f37"}
_CURRENT = "currentColor"
FOUR_COLOUR_CSS = "".join(f'{{scope}} [data-ink="{suit}"] {{{{ color: {_INK_FOUR[suit]}; }}}}\n' for suit in "DC")
"""A stylesheet template (``FOUR_COLOUR_CSS.format(scope=".bt-four-colour")``) that draws every
card inside ``scope`` in four colours, whatever ``four_colour`` it was drawn with."""
_GOLD, _CREAM, _EDGE = "#e9b824", "#fdf6e0", "#8d8d8d"
_HIGHLIGHT = "#ff9800"
_BACKS = ("#1d4f91", "#b3202c")  # deck 0 blue, deck 1 red

# Rank and letter glyphs: stroked centre lines in a box 10 high (y -5..5), centred on x = 0.
# Each entry is (path, width of the glyph).
_GLYPHS: dict[str, tuple[str, float]] = {
    "A": ("M-3.2,5 L0,-5 L3.2,5 M-2,1.6 L2,1.6", 6.4),
    "1": ("M-1.4,-3.1 L0.9,-5 L0.9,5", 2.8),
    "2": ("M-2.7,-2.6 C-2.7,-4.1 -1.5,-5 0,-5 C1.6,-5 2.8,-4 2.8,-2.5 "
          "C2.8,-0.6 0.8,0.6 -0.4,1.8 L-2.9,5 L3,5", 6),
    "3": ("M-2.7,-3.6 C-2.2,-4.6 -1.2,-5 0,-5 C1.6,-5 2.6,-4.1 2.6,-2.7 C2.6,-1.2 1.4,-0.3 -0.4,-0.3 "
          "C1.8,-0.3 3,0.8 3,2.4 C3,4 1.7,5 0,5 C-1.4,5 -2.5,4.4 -3,3.4", 6),
    "4": ("M1.4,5 L1.4,-5 L-3.1,2 L3.2,2", 6.4),
    "5": ("M2.6,-5 L-1.9,-5 L-2.4,-0.4 C-1.6,-1 -0.8,-1.3 0.2,-1.3 C1.9,-1.3 3,0 3,1.8 "
          "C3,3.8 1.7,5 0,5 C-1.4,5 -2.5,4.4 -3,3.4", 6),
    "6": ("M2.4,-4.2 C1.9,-4.8 1.1,-5 0.4,-5 C-1.9,-5 -3,-2.8 -3,0.6 C-3,3.4 -1.9,5 0,5 "
          "C1.8,5 3,3.7 3,1.9 C3,0.1 1.8,-1.1 0.1,-1.1 C-1.4,-1.1 -2.5,-0.3 -3,0.9", 6),
    "7": ("M-3,-5 L3,-5 C1,-2 -0.4,1 -0.8,5", 6),
    "8": ("M0,-0.3 C-1.7,-0.3 -2.6,-1.3 -2.6,-2.65 C-2.6,-4.1 -1.5,-5 0,-5 C1.5,-5 2.6,-4.1 2.6,-2.65 "
          "C2.6,-1.3 1.7,-0.3 0,-0.3 C-1.9,-0.3 -3,0.9 -3,2.4 C-3,4 -1.7,5 0,5 C1.7,5 3,4 3,2.4 "
          "C3,0.9 1.9,-0.3 0,-0.3 Z", 6),
    "0": ("M0,-5 C-1.7,-5 -2.5,-2.8 -2.5,0 C-2.5,2.8 -1.7,5 0,5 C1.7,5 2.5,2.8 2.5,0 "
          "C2.5,-2.8 1.7,-5 0,-5 Z", 5),
    "O": ("M0,-5 C-2.1,-5 -3.2,-2.8 -3.2,0 C-3.2,2.8 -2.1,5 0,5 C2.1,5 3.2,2.8 3.2,0 "
          "C3.2,-2.8 2.1,-5 0,-5 Z", 6.4),
    "J": ("M-0.6,-5 L2.8,-5 M1.8,-5 L1.8,2.2 C1.8,4 0.9,5 -0.4,5 C-1.7,5 -2.6,4.2 -2.8,2.8", 5.6),
    "K": ("M-2.6,-5 L-2.6,5 M2.9,-5 L-2.6,1.3 M-0.9,-0.6 L3,5", 6),
    "E": ("M2.8,-5 L-2.4,-5 L-2.4,5 L2.8,5 M-2.4,0 L1.8,0", 5.6),
    "R": ("M-2.6,5 L-2.6,-5 L0.6,-5 C2.2,-5 3,-4.1 3,-2.6 C3,-1.1 2.2,-0.2 0.6,-0.2 L-2.6,-0.2 "
          "M0.2,-0.2 L3,5", 6),
    "+": ("M-2.5,0 L2.5,0 M0,-2.5 L0,2.5", 5),
    "-": ("M-2,0 L2,0", 4),
}
_GLYPHS["9"] = (re.sub(r"-?\d+(?:\.\d+)?", lambda m: f"{-float(m.group()):g}", _GLYPHS["6"][0]), 6)
_GLYPHS["Q"] = (_GLYPHS["O"][0] + " M0.9,2.2 L3.4,5.6", 6.4)


def _circle(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r:g},{cy:g} A{r:g},{r:g} 0 1 0 {cx + r:g},{cy:g} A{r:g},{r:g} 0 1 0 {cx - r:g},{cy:g} Z"


# Suit symbols: filled outlines in a box from -1 to 1 centred on the origin.
_SUIT_PATHS = {
    "H": ("M0,0.95 C-0.35,0.6 -1,0.15 -1,-0.4 C-1,-0.78 -0.72,-1 -0.45,-1 C-0.2,-1 -0.05,-0.85 0,-0.62 "
          "C0.05,-0.85 0.2,-1 0.45,-1 C0.72,-1 1,-0.78 1,-0.4 C1,0.15 0.35,0.6 0,0.95 Z"),
    "D": ("M0,-1 C0.25,-0.6 0.5,-0.3 0.75,0 C0.5,0.3 0.25,0.6 0,1 C-0.25,0.6 -0.5,0.3 -0.75,0 "
          "C-0.5,-0.3 -0.25,-0.6 0,-1 Z"),
    "S": ("M0,-1 C-0.35,-0.6 -1,-0.25 -1,0.2 C-1,0.55 -0.75,0.72 -0.48,0.72 C-0.28,0.72 -0.12,0.64 "
          "-0.04,0.5 C-0.06,0.72 -0.16,0.88 -0.34,1 L0.34,1 C0.16,0.88 0.06,0.72 0.04,0.5 "
          "C0.12,0.64 0.28,0.72 0.48,0.72 C0.75,0.72 1,0.55 1,0.2 C1,-0.25 0.35,-0.6 0,-1 Z"),
    "C": " ".join((_circle(0, -0.5, 0.42), _circle(-0.5, 0.14, 0.42), _circle(0.5, 0.14, 0.42),
                   "M0,-0.4 L-0.35,0.2 L0.35,0.2 Z",
                   "M-0.08,0.2 C-0.08,0.6 -0.2,0.85 -0.38,1 L0.38,1 C0.2,0.85 0.08,0.6 0.08,0.2 Z")),
}

# Pip layout, rows in twelfths of the pip area: side columns (left and right) and the middle column.
_SIDE_ROWS = {4: (0, 12), 5: (0, 12), 6: (0, 6, 12), 7: (0, 6, 12), 8: (0, 6, 12),
              9: (0, 4, 8, 12), 10: (0, 4, 8, 12)}
_MIDDLE_ROWS = {2: (0, 12), 3: (0, 6, 12), 5: (6,), 7: (3,), 8: (3, 9), 9: (6,), 10: (2, 10)}

# Court headwear, drawn gold on the card's ink: king's crown, queen's tiara, jack's cap with a feather.
_HEADWEAR = {
    11: ("M34,45 C34,36 41,31 50,31 C59,31 66,35 67,41 L66,45 Z "
         "M58,33 C63,25 70,21 77,19 C74,26 67,32 61,35 Z", "M35,41.5 L66,41.5"),
    12: ("M35,46 C36,38 42,33.5 50,33.5 C58,33.5 64,38 65,46 Z "
         + " ".join(_circle(x, y, 2.3) for x, y in ((38.5, 37), (44, 33.4), (50, 31), (56, 33.4), (61.5, 37))),
         "M36,42.5 L64,42.5"),
    13: ("M36,46 L35,30 L42.5,37 L50,26.5 L57.5,37 L65,30 L64,46 Z "
         + " ".join(_circle(x, y, 2.2) for x, y in ((35, 30), (50, 26.5), (65, 30))),
         "M36,42 L64,42"),
}
_JESTER = ("M33,74 C30,60 24,50 19,42 C32,46 42,58 46,74 Z",
           "M67,74 C70,60 76,50 81,42 C68,46 58,58 54,74 Z",
           "M42,74 C42,58 46,46 50,34 C54,46 58,58 58,74 Z")

_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_RANK_CODES = {rank_code(rank): rank for rank in range(1, 14)} | {"T": 10}


def _n(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _word_width(text: str, height: float, weight: float = 1.45) -> float:
    """Width of a string of glyphs ``height`` tall, strokes included."""
    return (sum(_GLYPHS[ch][1] for ch in text) + (weight + 0.35) * (len(text) - 1) + weight) * height / 10


def _word(text: str, x: float, y: float, height: float, ink: str, weight: float = 1.45,
          fit: float = 0) -> str:
    """A string of glyphs, ``height`` tall, centred on (x, y); squeezed sideways to ``fit`` if given."""
    gap = weight + 0.35
    left = -(_word_width(text, 10, weight) - weight) / 2
    paths = []
    for ch in text:
        d, w = _GLYPHS[ch]
        paths.append(f'<path d="{d}" transform="translate({_n(left + w / 2)} 0)"/>')
        left += w + gap
    scale = height / 10
    squeeze = min(1.0, fit / _word_width(text, height, weight)) if fit else 1.0
    return (f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(scale * squeeze)} {_n(scale)})" fill="none" '
            f'stroke="{ink}" stroke-width="{weight}" stroke-linecap="round" stroke-linejoin="round">'
            f'{"".join(paths)}</g>')


def _suit(suit: str, x: float, y: float, size: float, ink: str, flip: bool = False) -> str:
    turn = " rotate(180)" if flip else ""
    return (f'<path d="{_SUIT_PATHS[suit]}" fill="{ink}" '
            f'transform="translate({_n(x)} {_n(y)}) scale({_n(size)}){turn}"/>')


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        r, a = (outer if i % 2 == 0 else inner), -pi / 2 + i * pi / 5
        points.append(f"{_n(cx + r * cos(a))},{_n(cy + r * sin(a))}")
    return " ".join(points)


def _both_corners(drawing: str) -> str:
    """A corner index top left and the same upside down bottom right."""
    return drawing + f'<g transform="rotate(180 50 70)">{drawing}</g>'


def _pips(card: Card, ink: str) -> str:
    rank = card.rank
    parts = []
    size = 8.4 if rank == 10 else 9
    for column, rows in ((32.0, _SIDE_ROWS.get(rank, ())), (68.0, _SIDE_ROWS.get(rank, ())),
                         (50.0, _MIDDLE_ROWS.get(rank, ()))):
        for row in rows:
            parts.append(_suit(card.suit, column, 28 + row * 7, size, ink, flip=row > 6))
    return "".join(parts)


def _court(card: Card, ink: str) -> str:
    shape, band = _HEADWEAR[card.rank]
    return (f'<rect x="21" y="19" width="58" height="102" rx="3" fill="{_CREAM}" stroke="{ink}" '
            f'stroke-width="1.2"/><rect x="24" y="22" width="52" height="96" rx="2" fill="none" '
            f'stroke="{ink}" stroke-width="0.5"/>'
            f'<path d="{shape}" fill="{_GOLD}" stroke="{ink}" stroke-width="1.1" stroke-linejoin="round"/>'
            f'<path d="{band}" stroke="{ink}" stroke-width="1"/>'
            + _word(rank_code(card.rank), 50, 71, 27, ink, weight=1.3)
            + _suit(card.suit, 50, 103, 11, ink))


def _joker(card: Card) -> str:
    main, accent = ("#1b1b1b", "#c8102e") if card.deck == 0 else ("#c8102e", "#1b1b1b")
    corner = "".join(_word(letter, 10.5, 9.5 + 10.4 * i, 8.5, main, weight=1.8) for i, letter in enumerate("JOKER"))
    horns = "".join(f'<path d="{d}" fill="{colour}" stroke="#1b1b1b" stroke-width="1"/>'
                    for d, colour in zip(_JESTER, (main, main, accent), strict=True))
    bells = "".join(f'<circle cx="{x}" cy="{y}" r="3.6" fill="{_GOLD}" stroke="#1b1b1b" stroke-width="0.9"/>'
                    for x, y in ((19, 42), (81, 42), (50, 34)))
    return (_both_corners(corner) + horns + bells
            + f'<rect x="31" y="72" width="38" height="9" rx="3" fill="{_GOLD}" stroke="#1b1b1b" stroke-width="1"/>'
            + f'<polygon points="{_star(50, 97, 12, 5)}" fill="{_GOLD}" stroke="#1b1b1b" stroke-width="1"/>'
            + _word("JOKER", 50, 120, 9, main, weight=1.5))


def _inked(suit: str, four_colour: bool, drawing: str) -> str:
    """A drawing in ``currentColor``, in the ink of ``suit``: the colour a stylesheet may change."""
    ink = (_INK_FOUR if four_colour else _INK).get(suit, "#1b1b1b")
    return f'<g color="{ink}" data-ink="{suit}">{drawing}</g>'


def _face(card: Card, four_colour: bool) -> str:
    if card.is_joker:
        return _joker(card)
    ink = _CURRENT
    index = _word(rank_code(card.rank), 10.5, 15.5, 20, ink, weight=1.8, fit=18) + _suit(card.suit, 10.5, 35, 7, ink)
    if card.rank == 1:
        middle = _suit(card.suit, 50, 70, 26 if card.suit == "S" else 21, ink)
    elif card.rank > 10:
        middle = _court(card, ink)
    else:
        middle = _pips(card, ink)
    return _inked(card.suit, four_colour, _both_corners(index) + middle)


def _back(deck: int) -> str:
    """A back: white border, coloured field, white lattice and a medallion of the four suits."""
    x0, y0, x1, y1 = 9, 9, 91, 131
    lines = []
    for b in range(y0 - x1, y1 - x0, 8):  # lines y = x + b
        lo, hi = max(x0, y0 - b), min(x1, y1 - b)
        if lo < hi:
            lines.append(f"M{lo},{lo + b} L{hi},{hi + b}")
    for b in range(x0 + y0, x1 + y1, 8):  # lines y = b - x
        lo, hi = max(x0, b - y1), min(x1, b - y0)
        if lo < hi:
            lines.append(f"M{lo},{b - lo} L{hi},{b - hi}")
    colour = _BACKS[deck]
    suits = "".join(_suit(s, 50 + dx, 70 + dy, 6.5, "#ffffff")
                    for s, dx, dy in (("S", 0, -12), ("H", 10, 0), ("D", 0, 12), ("C", -10, 0)))
    return (f'<rect x="6" y="6" width="88" height="128" rx="4" fill="{colour}"/>'
            f'<path d="{" ".join(lines)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.2"/>'
            f'<rect x="9" y="9" width="82" height="122" rx="3" fill="none" stroke="#ffffff" stroke-width="1.2"/>'
            f'<ellipse cx="50" cy="70" rx="21" ry="28" fill="{colour}" stroke="#ffffff" stroke-width="2"/>'
            f'<ellipse cx="50" cy="70" rx="17" ry="24" fill="none" stroke="#ffffff" stroke-width="0.8"/>' + suits)


def _read_stands_for(text: str) -> tuple[int, str]:
    """``"7♥"`` / ``"7H"`` -> (7, "H"); ``"8"`` (a group's wild) -> (8, "")."""
    if not isinstance(text, str):
        raise NotationError(Message("notation.stands-for", text=shown(text)), shown(text))
    code = text.strip().upper()
    suit = ""
    if code[-1:] in _SYMBOL_SUITS:
        code, suit = code[:-1], _SYMBOL_SUITS[code[-1]]
    elif len(code) > 1 and code[-1] in SUITS and code[:-1] in _RANK_CODES:
        code, suit = code[:-1], code[-1]
    if code not in _RANK_CODES:
        raise NotationError(Message("notation.stands-for", text=shorten(text)), text)
    return _RANK_CODES[code], suit


def _badge(rank: int, suit: str, four_colour: bool, top: float) -> str:
    """A yellow tag on the left edge (visible in overlapped rows) with the rank and suit a wild stands for."""
    middle = top + 13.5
    glyphs = _word(rank_code(rank), 15 if suit else 21.5, middle, 15, _CURRENT, weight=1.7, fit=17)
    mark = _suit(suit, 32.5, middle, 6.5, _CURRENT) if suit else ""
    return (f'<rect x="2.5" y="{_n(top)}" width="38" height="27" rx="5" fill="#fff1a8" stroke="#7a5c00" '
            f'stroke-width="1.6"/>{_inked(suit, four_colour, glyphs + mark)}')


def _upright_index(card: Card, four_colour: bool) -> str:
    """The rank and suit of a card lying sideways, upright in a white tag top left: its own corner
    index reads sideways, and in a meld the next card covers most of it."""
    if card.is_joker:
        ink = "#1b1b1b" if card.deck == 0 else "#c8102e"
        index = _word("JK", 21.5, 16, 13, ink, weight=1.7, fit=30)
    else:
        index = _inked(card.suit, four_colour, _word(rank_code(card.rank), 15, 16, 15, _CURRENT, weight=1.7, fit=17)
                       + _suit(card.suit, 32.5, 16, 6.5, _CURRENT))
    return (f'<rect x="2.5" y="2.5" width="38" height="27" rx="5" fill="#ffffff" stroke="{_EDGE}" '
            f'stroke-width="1.2"/>{index}')


def _note_text(note: object) -> str:
    """A scale note as text: a short number or text; anything else (a number of thousands of digits str()
    refuses to write, a list) is refused in words, as a note of unknown signs is."""
    if isinstance(note, str):
        return note
    if type(note) is int and -(10**6) < note < 10**6:
        return str(note)
    raise NotationError(Message("notation.note", text=shown(note), unknown=shown(note)), shown(note))


def _note(text: str) -> str:
    """A dark tag bottom left with a short note such as a point value ("+15")."""
    unknown = sorted(set(text.upper()) - set(_GLYPHS))
    if unknown:
        raise NotationError(Message("notation.note", text=shorten(text), unknown=shorten("".join(unknown))), text)
    text = text.upper()
    width = _word_width(text, 11) + 7
    return (f'<rect x="2.5" y="119" width="{_n(width)}" height="18" rx="4" fill="#263238"/>'
            + _word(text, 2.5 + width / 2, 128, 11, "#ffffff", weight=1.6))


def _stands_for(rank: int, suit: str) -> Message:
    """What a wild stands for, in words with its article: "a seven of hearts", "an eight"."""
    return Message("a-card", rank=rank, suit=suit) if suit else Message("a-rank", rank=rank)


def _card_group(card: Card, *, four_colour: bool = False, selected: bool = False, face_down: bool = False,
                wild_for: str | None = None, turned: bool = False, scale_note: str | None = None,
                x: float = 0, y: float = 0) -> str:
    """One card as a ``<g class="card">`` in card units, its top left corner at (x, y).

    A turned card lies sideways (rotated a quarter turn anticlockwise); its badge stays upright.
    """
    inside = (f'<rect x="0.5" y="0.5" width="99" height="139" rx="7" fill="#ffffff" stroke="{_EDGE}"/>'
              + (_back(card.deck) if face_down else _face(card, four_colour)))
    if scale_note and not face_down:
        inside += _note(scale_note)
    if selected:
        inside += (f'<rect x="2.5" y="2.5" width="95" height="135" rx="6" fill="none" stroke="{_HIGHLIGHT}" '
                   'stroke-width="5"/>')
    if turned:
        inside = f'<g transform="translate(0 100) rotate(-90)">{inside}</g>'
        if not face_down:
            inside += _upright_index(card, four_colour)
    if wild_for and not face_down:
        inside += _badge(*_read_stands_for(wild_for), four_colour, top=36.5 if turned else 49)
    code = "back" if face_down else card.code
    return (f'<g class="card" data-card="{escape(code)}" data-turned="{str(turned).lower()}" '
            f'data-selected="{str(selected).lower()}" transform="translate({_n(x)} {_n(y)})">{inside}</g>')


def _svg(body: str, view_width: float, view_height: float, width: float, label: str, extra: str = "") -> str:
    height = width * view_height / view_width
    # The attributes give the size where no stylesheet applies; in a page the style scales it by
    # --bt-card-scale and keeps it inside its container (a long meld shrinks instead of overflowing).
    size = f"width:calc({_n(width)}px * var(--bt-card-scale, 1));max-width:100%;height:auto"
    return (f'<svg xmlns="{_SVG_NS}" viewBox="0 0 {_n(view_width)} {_n(view_height)}" width="{_n(width)}" '
            f'height="{_n(height)}" style="{size}" role="img" aria-label="{escape(label)}"{extra}>'
            f"<title>{escape(label)}</title>{body}</svg>")


def card_text(card: Card | str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Text alternative of a card: ``"seven of hearts"``, ``"joker"`` (in the language ``lang``)."""
    return card_name(parse_card(card), lang)


def card_label(card: Card | str, *, face_down: bool = False, wild_for: str | None = None,
               scale_note: str | int | None = None) -> Message:
    """What :func:`card_svg` says of a card to a screen reader (its ``aria-label`` and ``<title>``)."""
    card = parse_card(card)
    if face_down:
        return Message("svg.back", deck=card.deck)
    label = Message("svg.card", card=card)
    if wild_for:
        label = Message("svg.card.wild", card=card, stands_for=_stands_for(*_read_stands_for(wild_for)))
    if scale_note is not None and _note_text(scale_note):
        label = Message("svg.card.note", label=label, note=_note_text(scale_note))
    return label


def card_svg(card: Card | str, *, width: float = 72, four_colour: bool = False, selected: bool = False,
             face_down: bool = False, wild_for: str | None = None, turned: bool = False,
             scale_note: str | int | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """One card as an ``<svg>`` element, ``width`` CSS pixels wide (``turned``: lying sideways).

    ``four_colour`` draws diamonds blue and clubs green; ``selected`` adds an
    orange border; ``face_down`` shows the back (blue for the first deck,
    red for the second); ``wild_for`` (``"7♥"``, or ``"8"`` in a group)
    puts a yellow badge on a wild card; ``scale_note`` is a short tag such as
    a point value (``"+15"``, digits, ``+``, ``-`` and A J Q K) drawn bottom left.
    ``lang`` is the language of the label a screen reader says (:func:`card_label`).
    """
    card = parse_card(card)
    note = None if scale_note is None else _note_text(scale_note)
    label = card_label(card, face_down=face_down, wild_for=wild_for, scale_note=note).text(lang)
    group = _card_group(card, four_colour=four_colour, selected=selected, face_down=face_down,
                        wild_for=wild_for, turned=turned, scale_note=note)
    if turned:
        return _svg(group, _H, _W, width * CARD_ASPECT, label)
    return _svg(group, _W, _H, width, label)


def back_svg(deck: int = 0, *, width: float = 72, lang: str = DEFAULT_LANGUAGE) -> str:
    """The back of a card: blue for the first deck (0), red for the second (1)."""
    return card_svg(Card(0, "", deck), width=width, face_down=True, lang=lang)


def hand_label(cards: str | Iterable[Card | str]) -> Message:
    """What :func:`hand_svg` says of a row of cards to a screen reader."""
    hand = parse_cards(cards)
    return Message("svg.hand", count=len(hand), cards=hand) if hand else Message("svg.hand.empty")


def hand_svg(cards: str | Iterable[Card | str], *, width: float = 72, overlap: float = 0.45,
             four_colour: bool = False, selected: Iterable[int] = (), lang: str = DEFAULT_LANGUAGE) -> str:
    """A row of overlapping cards; ``overlap`` is the part of each card the next one covers.

    Cards whose index is in ``selected`` get the orange border and stand a
    little higher than the others.
    """
    if not 0 <= overlap < 1:
        raise BurracoError(f"overlap must be at least 0 and less than 1, not {overlap!r}")
    hand = parse_cards(cards)
    chosen = set(selected)
    lift = 10
    step = _W * (1 - overlap)
    groups = "".join(_card_group(card, four_colour=four_colour, selected=i in chosen, x=i * step,
                                 y=0 if i in chosen else lift) for i, card in enumerate(hand))
    label = hand_label(hand).text(lang)
    if not hand:
        groups = (f'<rect x="1" y="{lift + 1}" width="98" height="138" rx="7" fill="none" stroke="{_EDGE}" '
                  'stroke-dasharray="6 4"/>')
    view_width = _W + step * max(len(hand) - 1, 0)
    return _svg(groups, view_width, _H + lift, width * view_width / _W, label)


def meld_svg(meld: Meld, *, width: float = 60, four_colour: bool = False, lang: str = DEFAULT_LANGUAGE,
             plain: bool = False) -> str:
    """A meld as a row of overlapping cards in table order, ``width`` pixels per card.

    The wild carries a badge with what it stands for. A burraco is marked as
    at the table: the last card lies sideways for a dirty one, the last two
    for a clean one (and for semi-clean, royal and ace-to-ace). ``plain`` draws the
    cards alone, labelled by their names only: for a question whose answer the badge or
    the marks would give away (what does the wild stand for? which kind of burraco?).
    """
    kind = None if plain else meld.burraco
    turned_count = 0 if kind is None else (1 if kind == "dirty" else 2)
    step, gap, groups, x = 42.0, 6.0, [], 0.0
    count = len(meld.cards)
    # The upright cards overlap, each showing its left strip (its index); the sideways ones lie after
    # them, side by side, each whole: laid across the row they covered their neighbours' faces.
    for i, card in enumerate(meld.cards):
        turned = i >= count - turned_count
        if turned and i > 0:
            x += (_W if i == count - turned_count else _H) + gap - step
        wild_for = meld.wild_stands_for if i == meld.wild_index and not plain else None
        groups.append(_card_group(card, four_colour=four_colour, wild_for=wild_for, turned=turned,
                                  x=x, y=20 if turned else 0))
        x += step
    view_width = x - step + (_H if turned_count else _W)
    extra = f' data-burraco="{kind}"' if kind else ""
    described: str | Message = hand_label(meld.cards) if plain else meld.describe()
    label = described.text(lang) if isinstance(described, Message) else described
    return _svg("".join(groups), view_width, _H, width * view_width / _W, label, extra)


__all__ = ["CARD_ASPECT", "FOUR_COLOUR_CSS", "back_svg", "card_label", "card_svg", "card_text", "hand_label", "hand_svg", "meld_svg"]
