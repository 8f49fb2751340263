"""The brand mark (a graduation cap on a sky tile), the logo and the favicon."""

from __future__ import annotations

from pathlib import Path

from scripts.artwork.palette import GOLD, SKY, SLATE, WHITE
from scripts.artwork.svg import document, el, group, line, path, rect, text

# Geometry of the mark in a 32x32 box, shared by the SVG logo and the Pillow favicon.
MARK_TILE_RADIUS = 8
MARK_BOARD = ((16, 7), (28, 12.5), (16, 18), (4, 12.5))
MARK_CAP = ((9, 15.5), (9, 21), (16, 24.5), (23, 21), (23, 15.5), (16, 19))
MARK_TASSEL = ((16, 12.5), (25.5, 14), (25.5, 20.5))


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return "M" + "L".join(f"{x} {y}" for x, y in points) + "Z"


def mark() -> str:
    """The mark in a 32x32 box at the origin."""
    gradient = el(
        "linearGradient",
        el("stop", offset="0", stop_color=SKY[500]),
        el("stop", offset="1", stop_color=SKY[700]),
        id="mark-tile",
        x1="0",
        y1="0",
        x2="1",
        y2="1",
    )
    return group(
        el("defs", gradient),
        rect(0, 0, 32, 32, "url(#mark-tile)", MARK_TILE_RADIUS),
        path(_points(MARK_CAP), WHITE, opacity=0.85),
        path(_points(MARK_BOARD), WHITE),
        line("M" + "L".join(f"{x} {y}" for x, y in MARK_TASSEL), GOLD, 1.6),
    )


def logo() -> str:
    """180x40 logo for the white navbar: the mark and a two-line wordmark."""
    return document(
        180,
        40,
        group(mark(), transform="translate(2 4)"),
        text(42, 19, "Smart School", 16, SLATE[900], 700, letter_spacing="-0.2"),
        text(42, 33, "SUITE", 10, SKY[700], 700, letter_spacing="3"),
    )


def favicon(target: Path) -> None:
    """32x32 and 16x16 ICO drawn with Pillow at 8x and downsampled, same geometry as the SVG mark."""
    from PIL import Image, ImageDraw

    scale = 8
    size = 32 * scale
    tile = Image.new("RGBA", (size, size))
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, size - 1, size - 1), MARK_TILE_RADIUS * scale, fill=SKY[600])
    draw = ImageDraw.Draw(tile)
    draw.polygon([(x * scale, y * scale) for x, y in MARK_CAP], fill="#DCEFFB")
    draw.polygon([(x * scale, y * scale) for x, y in MARK_BOARD], fill=WHITE)
    draw.line([(x * scale, y * scale) for x, y in MARK_TASSEL], fill=GOLD, width=int(2 * scale), joint="curve")
    tile.save(target, format="ICO", sizes=[(32, 32), (16, 16)])
