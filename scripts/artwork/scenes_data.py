"""Module scenes about numbers and time: finance, timetable and reports (640x480)."""

from __future__ import annotations

from scripts.artwork.palette import GOLD, GOLD_DARK, GOLD_LIGHT, SLATE, WHITE, Palette
from scripts.artwork.parts import card, sparkle
from scripts.artwork.svg import circle, ellipse, group, line, path, rect


def _coin_stack(cx: float, base: float, count: int) -> str:
    coins = []
    for i in range(count):
        y = base - i * 14
        coins.append(rect(cx - 40, y - 12, 80, 12, GOLD_DARK) + ellipse(cx, y, 40, 12, GOLD_DARK))
        coins.append(ellipse(cx, y - 12, 40, 12, GOLD))
    top = base - (count - 1) * 14 - 12
    return "".join(coins) + ellipse(cx, top, 28, 8, GOLD_LIGHT)


def finance(p: Palette) -> str:
    """Coin stacks beside a rising bar chart with a trend arrow."""
    bars = "".join(
        rect(336 + i * 42, 330 - h, 28, h, p.mid if i < 3 else p.deep, 6) for i, h in enumerate((60, 96, 130, 176))
    )
    return group(
        card(310, 100, 216, 270, p),
        rect(336, 124, 80, 10, SLATE[300], 5),
        rect(336, 142, 52, 8, SLATE[200], 4),
        line("M330 330H506", SLATE[200], 3),
        bars,
        line("M340 250L384 214L426 226L500 150", p.highlight, 6),
        path("M484 144l24-4-6 24z", p.highlight),
        _coin_stack(176, 372, 5),
        _coin_stack(262, 372, 8),
        circle(262, 150, 30, GOLD),
        circle(262, 150, 22, GOLD_LIGHT),
        sparkle(262, 150, 13, GOLD_DARK),
        sparkle(130, 150, 14, p.highlight),
    )


def timetable(p: Palette) -> str:
    """A weekly calendar with coloured lessons and a clock."""
    palette = (p.mid, p.tint, p.deep, SLATE[100], p.highlight, p.soft)
    cells = "".join(
        rect(190 + col * 54, 178 + row * 46, 46, 38, palette[(row * 5 + col * 2) % len(palette)], 8)
        for row in range(4)
        for col in range(5)
    )
    return group(
        card(170, 100, 300, 290, p),
        path("M170 160V118a18 18 0 0 1 18-18h264a18 18 0 0 1 18 18v42z", p.mid),
        rect(224, 82, 14, 38, SLATE[700], 7),
        rect(402, 82, 14, 38, SLATE[700], 7),
        rect(262, 122, 116, 12, WHITE, 6),
        cells,
        circle(470, 346, 50, WHITE),
        circle(470, 346, 42, "none", stroke=p.deep, stroke_width=6),
        line("M470 346V318M470 346l18 12", SLATE[800], 5),
        circle(470, 346, 5, p.highlight),
        sparkle(130, 140, 14, p.highlight),
        sparkle(540, 160, 10, p.mid),
    )


def reporting(p: Palette) -> str:
    """A dashboard of a donut, bars and a trend line."""
    bars = "".join(
        rect(330 + i * 28, 230 - h, 18, h, p.mid if i % 2 else p.deep, 4) for i, h in enumerate((40, 74, 56, 92, 66))
    )
    return group(
        card(146, 84, 348, 310, p),
        circle(172, 106, 5, "#FB7185") + circle(188, 106, 5, GOLD) + circle(204, 106, 5, "#34D399"),
        circle(236, 186, 46, "none", stroke=p.tint, stroke_width=22),
        circle(
            236,
            186,
            46,
            "none",
            stroke=p.deep,
            stroke_width=22,
            stroke_dasharray="188 289",
            transform="rotate(-90 236 186)",
        ),
        circle(
            236,
            186,
            46,
            "none",
            stroke=p.highlight,
            stroke_width=22,
            stroke_dasharray="52 289",
            stroke_dashoffset=-188,
            transform="rotate(-90 236 186)",
        ),
        line("M322 232H476", SLATE[200], 3),
        bars,
        path("M172 360V320L226 300L280 316L334 284L388 292L466 256V360Z", p.tint),
        line("M172 320L226 300L280 316L334 284L388 292L466 256", p.deep, 4),
        circle(334, 284, 7, WHITE, stroke=p.deep, stroke_width=4),
        circle(466, 256, 7, WHITE, stroke=p.deep, stroke_width=4),
        sparkle(110, 160, 14, p.highlight),
        sparkle(536, 320, 10, p.mid),
    )
