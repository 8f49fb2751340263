"""Motifs shared by several scenes, so people, buildings and cards look alike everywhere."""

from __future__ import annotations

from scripts.artwork.palette import LEAF, LEAF_DARK, SLATE, WHITE, Palette
from scripts.artwork.svg import circle, ellipse, group, line, path, rect


def backdrop(p: Palette, width: int = 640, height: int = 480) -> str:
    """Card-coloured field with two soft discs, a dot grid and a ground shadow.

    Every shape stays inside the canvas with a margin: a disc cut by the image's edge looks like a
    clipped illustration on a page whose background differs from the field's."""
    dots = "".join(circle(44 + col * 18, height - 150 + row * 18, 3, p.soft) for row in range(4) for col in range(4))
    return group(
        rect(0, 0, width, height, p.bg),
        circle(width - 168, 156, 140, p.tint, opacity=0.7),
        circle(112, height - 104, 88, p.tint, opacity=0.6),
        dots,
        ellipse(width / 2, height - 62, width * 0.32, 14, p.deep, opacity=0.12),
    )


def sparkle(x: float, y: float, size: float, fill: str) -> str:
    """A four-point star accent."""
    s = size
    return path(f"M{x} {y - s}Q{x} {y} {x + s} {y}Q{x} {y} {x} {y + s}Q{x} {y} {x - s} {y}Q{x} {y} {x} {y - s}Z", fill)


def card(x: float, y: float, w: float, h: float, p: Palette, rx: float = 18, fill: str = WHITE) -> str:
    """A panel with the house drop shadow (offset, tinted, no blur filter)."""
    return rect(x + 8, y + 10, w, h, p.deep, rx, opacity=0.12) + rect(x, y, w, h, fill, rx)


def avatar(cx: float, cy: float, r: float, ring: str, body: str, skin: str = "#F8C9A0") -> str:
    """A person bust inside a disc."""
    head = circle(cx, cy - r * 0.22, r * 0.36, skin)
    shoulders = path(f"M{cx - r * 0.62} {cy + r * 0.72}a{r * 0.62} {r * 0.56} 0 0 1 {r * 1.24} 0z", body)
    return circle(cx, cy, r, ring) + shoulders + head


def person(cx: float, base: float, h: float, shirt: str, skin: str = "#F8C9A0", hair: str = SLATE[800]) -> str:
    """A standing bust (head, hair, torso) of height h whose torso ends at `base`."""
    head_r = h * 0.2
    head_y = base - h + head_r
    torso = path(f"M{cx - h * 0.34} {base}v{-h * 0.22}a{h * 0.34} {h * 0.3} 0 0 1 {h * 0.68} 0v{h * 0.22}z", shirt)
    hair_cap = path(f"M{cx - head_r} {head_y}a{head_r} {head_r} 0 0 1 {head_r * 2} 0z", hair)
    return torso + circle(cx, head_y, head_r, skin) + hair_cap


def check_badge(cx: float, cy: float, r: float, fill: str = LEAF_DARK) -> str:
    return circle(cx, cy, r, fill) + line(
        f"M{cx - r * 0.42} {cy + r * 0.02}l{r * 0.28} {r * 0.3}l{r * 0.56} {r * 0.6 * -1}", WHITE, r * 0.18
    )


def tree(cx: float, base: float, size: float) -> str:
    return rect(cx - size * 0.08, base - size * 0.7, size * 0.16, size * 0.7, "#92400E", size * 0.04) + group(
        circle(cx, base - size * 0.95, size * 0.45, LEAF),
        circle(cx - size * 0.22, base - size * 0.75, size * 0.3, LEAF_DARK, opacity=0.55),
    )


def school(p: Palette) -> str:
    """A school building designed in a 200x170 box at the origin (pediment, columns, flag)."""
    columns = "".join(rect(x, 78, 12, 74, p.tint, 3) for x in (28, 58, 130, 160))
    return group(
        line("M100 6V-26", SLATE[700], 3),
        path("M100 -26h28l-7 8 7 8h-28z", p.highlight),
        rect(14, 62, 172, 96, WHITE),
        path("M4 66L100 6l96 60z", p.deep),
        circle(100, 44, 12, WHITE),
        line("M100 37v7l5 4", p.deep, 3),
        rect(10, 62, 180, 12, p.mid),
        columns,
        path("M84 158v-42a16 16 0 0 1 32 0v42z", p.deep),
        rect(0, 156, 200, 8, SLATE[300], 2),
        rect(-10, 162, 220, 8, SLATE[200], 2),
    )


def cloud(x: float, y: float, w: float, fill: str) -> str:
    """A flat cloud of width w whose flat base sits at y."""
    h = w * 0.5
    return group(
        rect(x, y - h * 0.42, w, h * 0.42, fill, h * 0.21),
        circle(x + w * 0.32, y - h * 0.44, h * 0.36, fill),
        circle(x + w * 0.6, y - h * 0.56, h * 0.46, fill),
    )
