"""1280x720 video posters: a title card on the module's colour with its illustration beside it.

The centre stays quiet because the page draws its own play button there.
"""

from __future__ import annotations

from collections.abc import Sequence

from scripts.artwork.brand import mark
from scripts.artwork.palette import SLATE, WHITE, Palette
from scripts.artwork.parts import backdrop
from scripts.artwork.scenes import Scene
from scripts.artwork.svg import circle, document, el, group, rect, text


def _defs(p: Palette) -> str:
    gradient = el(
        "linearGradient",
        el("stop", offset="0", stop_color=p.deep),
        el("stop", offset="1", stop_color=SLATE[900]),
        id="poster-bg",
        x1="0",
        y1="0",
        x2="1",
        y2="1",
    )
    clip = el("clipPath", rect(0, 0, 640, 480, WHITE, 28), id="art-clip")
    return gradient + clip


def _framed(scene: Scene, p: Palette, x: float, y: float, scale: float) -> str:
    """A 640x480 illustration with its backdrop, clipped to a rounded frame."""
    art = group(backdrop(p), scene(p), clip_path="url(#art-clip)")
    frame = rect(-10, -10, 660, 500, WHITE, 36, opacity=0.12)
    return group(frame, art, transform=f"translate({x} {y}) scale({scale})")


def single_art(scene: Scene, p: Palette) -> str:
    """One module's illustration on the right third."""
    return _framed(scene, p, 676, 170, 0.84)


def collage_art(tiles: Sequence[tuple[Scene, Palette]]) -> str:
    """Four module illustrations in a 2x2 grid, for the suite-wide promo."""
    return "".join(
        _framed(scene, p, 676 + (i % 2) * 276, 170 + (i // 2) * 210, 0.4) for i, (scene, p) in enumerate(tiles)
    )


def poster(title: str, subtitle: Sequence[str], art: str, p: Palette) -> str:
    """Eyebrow, a two-line title (name / last word) and a subtitle at the left, art at the right."""
    first, _, last = title.rpartition(" ")
    subtitle_lines = "".join(
        text(80, 440 + i * 40, part, 30, WHITE, 500, opacity=0.85) for i, part in enumerate(subtitle)
    )
    return document(
        1280,
        720,
        rect(0, 0, 1280, 720, "url(#poster-bg)"),
        circle(1180, 40, 260, WHITE, opacity=0.05),
        circle(140, 700, 200, WHITE, opacity=0.04),
        rect(80, 196, 48, 6, p.highlight, 3),
        text(80, 236, "PRODUCT TOUR", 20, WHITE, 700, letter_spacing="4", opacity=0.8),
        text(80, 310, first or last, 68, WHITE, 800),
        text(80, 384, last if first else "", 68, p.highlight, 800),
        subtitle_lines,
        group(mark(), transform="translate(80 610) scale(1.25)"),
        text(132, 640, "Smart School Suite", 22, WHITE, 700),
        art,
        defs=_defs(p),
    )


def wrap(words: str, width: int = 30) -> list[str]:
    """Greedy word wrap for the subtitle (SVG text does not wrap)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + len(word) < width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
