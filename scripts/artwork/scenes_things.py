"""Module scenes about places and objects: academics, campus and library (640x480)."""

from __future__ import annotations

from scripts.artwork.palette import GOLD, SLATE, WHITE, Palette
from scripts.artwork.parts import school, sparkle, tree
from scripts.artwork.svg import circle, group, line, path, place, rect


def _book(x: float, y: float, w: float, h: float, cover: str) -> str:
    """A book lying flat, spine left, pages showing on the right."""
    return group(
        rect(x, y, w, h, cover, 8),
        rect(x + w - 30, y + 7, 24, h - 14, WHITE, 4),
        line(f"M{x + w - 26} {y + h / 2}h16", SLATE[300], 2),
        rect(x + 18, y + 8, 6, h - 16, WHITE, 3, opacity=0.35),
    )


def academics(p: Palette) -> str:
    """A stack of books crowned by a graduation cap, with a pencil."""
    return group(
        _book(186, 326, 268, 46, p.deep),
        _book(204, 282, 236, 44, p.mid),
        _book(220, 240, 204, 42, p.highlight),
        path("M262 212v34q58 26 116 0v-34l-58 22z", SLATE[700]),
        path("M320 150L446 196L320 242L194 196Z", SLATE[800]),
        line("M320 196L412 214V262", p.highlight, 4),
        rect(405, 258, 14, 26, p.highlight, 5),
        circle(320, 196, 7, p.highlight),
        group(
            rect(486, 170, 22, 150, GOLD, 4),
            path("M486 320h22l-11 26z", "#FDE68A"),
            path("M493 336h8l-4 10z", SLATE[800]),
            rect(486, 162, 22, 14, "#FB7185", 4),
            transform="rotate(16 497 258)",
        ),
        sparkle(150, 150, 14, p.highlight),
        sparkle(150, 290, 9, p.mid),
    )


def _wing(x: float, p: Palette) -> str:
    windows = "".join(
        rect(x + 14 + col * 32, 252 + row * 40, 22, 26, p.soft, 4) for row in range(2) for col in range(2)
    )
    return rect(x, 230, 90, 140, WHITE) + rect(x - 4, 222, 98, 12, p.mid, 3) + windows


def campus(p: Palette) -> str:
    """The main campus building with wings, trees and a flag."""
    return group(
        _wing(120, p),
        _wing(430, p),
        place(200, 176, 1.2, school(p)),
        tree(88, 378, 70),
        tree(560, 378, 60),
        sparkle(540, 120, 14, p.highlight),
        sparkle(110, 170, 10, p.mid),
    )


_SHELF_BOOKS = ((22, 70), (16, 58), (26, 74), (18, 64), (24, 52), (14, 70), (22, 60), (28, 72), (16, 66))


def _shelf_row(y_base: float, p: Palette, offset: int) -> str:
    colours = (p.deep, p.mid, p.highlight, SLATE[400], p.soft, p.deep, "#FB7185", p.mid, SLATE[700])
    x, books = 196, []
    for i, (w, h) in enumerate(_SHELF_BOOKS[offset:] + _SHELF_BOOKS[:offset]):
        if x + w > 412:
            break
        books.append(rect(x, y_base - h, w, h, colours[(i + offset) % len(colours)], 3))
        books.append(rect(x + 4, y_base - h + 10, w - 8, 4, WHITE, 2, opacity=0.5))
        x += w + 4
    leaning = rect(x + 10, y_base - 66, 20, 66, p.highlight, 3, transform=f"rotate(-14 {x + 10} {y_base})")
    return "".join(books) + leaning


def library(p: Palette) -> str:
    """A bookshelf of three full rows with a plant on top."""
    return group(
        rect(178, 100, 300, 292, p.deep, 14, opacity=0.14, transform="translate(8 10)"),
        rect(170, 92, 300, 292, p.deep, 14),
        rect(184, 106, 272, 264, p.tint, 6),
        rect(184, 186, 272, 10, p.deep),
        rect(184, 276, 272, 10, p.deep),
        _shelf_row(186, p, 0),
        _shelf_row(276, p, 3),
        _shelf_row(370, p, 6),
        path("M380 92l6-30h36l6 30z", p.highlight),
        path("M404 64c-20-6-30-24-26-40 18 4 28 20 26 40z", "#10B981"),
        path("M404 64c16-10 34-10 44 2-14 12-32 10-44-2z", "#34D399"),
        path("M404 64c0-18 8-32 20-40 6 16-4 32-20 40z", "#059669"),
        sparkle(130, 140, 14, p.highlight),
        sparkle(520, 300, 10, p.mid),
    )
