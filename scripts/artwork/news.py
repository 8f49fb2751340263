"""News-carousel illustrations (640x400): the upcoming apps and the community user group."""

from __future__ import annotations

from scripts.artwork.palette import GOLD, LEAF_DARK, SITE, SKY, SLATE, WHITE
from scripts.artwork.parts import avatar, backdrop, card, person, sparkle
from scripts.artwork.svg import circle, document, group, line, rect, text


def _phone(x: float, y: float, scale: float, accent: str, label: str) -> str:
    """A phone showing an app home screen with a coloured header and three tiles."""
    body = group(
        rect(8, 10, 150, 300, SLATE[900], 26, opacity=0.15),
        rect(0, 0, 150, 300, SLATE[800], 26),
        rect(8, 8, 134, 284, WHITE, 20),
        rect(8, 8, 134, 70, accent, 20),
        rect(8, 58, 134, 20, accent),
        rect(57, 14, 36, 8, SLATE[800], 4),
        text(22, 58, label, 16, WHITE, 700),
        avatar(118, 44, 14, WHITE, accent),
        rect(20, 94, 110, 46, SLATE[100], 10),
        rect(30, 106, 50, 8, SLATE[400], 4) + rect(30, 122, 76, 6, SLATE[300], 3),
        rect(20, 150, 52, 52, SKY[100], 10) + rect(78, 150, 52, 52, "#FEF3C7", 10),
        circle(46, 176, 10, SKY[600]) + circle(104, 176, 10, GOLD),
        rect(20, 212, 110, 46, SLATE[100], 10),
        rect(30, 224, 70, 8, SLATE[400], 4) + rect(30, 240, 50, 6, SLATE[300], 3),
    )
    return group(body, transform=f"translate({x} {y}) scale({scale})")


def apps() -> str:
    """Three phones: parent, student and staff apps."""
    return document(
        640,
        400,
        backdrop(SITE, 640, 400),
        _phone(92, 80, 0.9, LEAF_DARK, "Parent"),
        _phone(428, 80, 0.9, "#7C3AED", "Staff"),
        _phone(245, 36, 1.0, SKY[600], "Student"),
        sparkle(70, 70, 14, GOLD),
        sparkle(590, 300, 10, SKY[600]),
    )


def community() -> str:
    """School leaders around a presentation at the user group."""
    seats = ((150, SKY[600]), (240, "#7C3AED"), (330, LEAF_DARK), (420, GOLD), (510, SLATE[500]))
    audience = "".join(
        person(x, 380, 96, colour, skin=("#F8C9A0", "#C68B59")[i % 2]) for i, (x, colour) in enumerate(seats)
    )
    return document(
        640,
        400,
        backdrop(SITE, 640, 400),
        card(170, 40, 300, 170, SITE, 14),
        rect(170, 40, 300, 40, SKY[700], 14),
        rect(170, 66, 300, 14, SKY[700]),
        text(320, 67, "User Group", 18, WHITE, 700, text_anchor="middle"),
        line("M200 180l50-40 40 20 50-46 40 26 60-30", SKY[500], 6),
        rect(200, 100, 90, 8, SLATE[300], 4),
        audience,
        rect(100, 376, 460, 12, SLATE[700], 6),
        sparkle(80, 80, 14, GOLD),
        sparkle(560, 110, 10, SKY[600]),
    )
