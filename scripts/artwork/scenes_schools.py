"""School-type scenes: one branch, multi-branch, group and hybrid (640x480)."""

from __future__ import annotations

from scripts.artwork.palette import SLATE, WHITE, Palette
from scripts.artwork.parts import avatar, card, school, sparkle, tree
from scripts.artwork.svg import circle, group, line, path, place, rect


def _pin(x: float, y: float, fill: str) -> str:
    return path(f"M{x} {y}c-18-22-26-34-26-46a26 26 0 0 1 52 0c0 12-8 24-26 46z", fill) + circle(x, y - 46, 10, WHITE)


def one_branch(p: Palette) -> str:
    """A single school building under one location pin."""
    return group(
        place(170, 180, 1.5, school(p)),
        _pin(470, 150, p.highlight),
        tree(110, 430, 70),
        tree(540, 430, 80),
        sparkle(120, 130, 14, p.highlight),
    )


def multi_branch(p: Palette) -> str:
    """Three branches on a map, joined by routes."""
    return group(
        line("M160 330Q240 200 320 250T500 300", p.mid, 5, stroke_dasharray="2 14"),
        place(90, 250, 0.7, school(p)),
        place(250, 160, 0.7, school(p)),
        place(410, 230, 0.7, school(p)),
        _pin(160, 228, p.highlight),
        _pin(320, 138, p.highlight),
        _pin(480, 210, p.highlight),
    )


def group_of_schools(p: Palette) -> str:
    """A head office linked to the schools of its group."""
    branches = ((120, 140), (520, 140), (120, 360), (520, 360))
    links = "".join(line(f"M320 250L{x} {y}", p.soft, 5) for x, y in branches)
    tiles = "".join(card(x - 48, y - 40, 96, 80, p, 14) + place(x - 30, y - 22, 0.3, school(p)) for x, y in branches)
    return group(
        links,
        circle(320, 250, 120, p.tint),
        place(240, 180, 0.8, school(p)),
        tiles,
        sparkle(320, 84, 14, p.highlight),
    )


def hybrid(p: Palette) -> str:
    """The campus and a live online class, connected."""
    faces = "".join(
        avatar(366 + col * 76, 172 + row * 66, 24, tone, body)
        for row, tones in enumerate(((p.tint, p.deep), (p.soft, p.mid)))
        for col, (tone, body) in enumerate(((tones[0], tones[1]), (SLATE[200], p.deep), (tones[0], p.highlight)))
    )
    return group(
        place(60, 200, 0.95, school(p)),
        line("M290 230q20-20 40 0M280 214q30-30 60 0", p.mid, 5),
        card(330, 120, 224, 158, p, 12, fill=SLATE[800]),
        rect(342, 132, 200, 134, WHITE, 6),
        faces,
        path("M300 290h284l-16 22H316z", SLATE[700]),
        sparkle(580, 110, 12, p.highlight),
    )
