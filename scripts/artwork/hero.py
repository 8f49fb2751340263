"""The 1600x900 hero: a soft-focus campus at golden hour, rendered with Pillow.

It sits under a 0.7 dark overlay with white text, so it stays mid-tone, and it is the mobile LCP
element, so it is blurred (compresses well) and saved at the highest WebP quality under budget.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

WIDTH, HEIGHT = 1600, 900
BUDGET_BYTES = 80_000


def _sky() -> Image.Image:
    """Vertical gradient from deep sky to a warm horizon, with a low sun glow on the right."""
    top, horizon = (44, 94, 146), (242, 192, 140)
    sky = Image.new("RGB", (1, HEIGHT))
    for y in range(HEIGHT):
        t = min(1.0, y / (HEIGHT * 0.72)) ** 1.6
        sky.putpixel((0, y), tuple(round(a + (b - a) * t) for a, b in zip(top, horizon, strict=True)))
    sky = sky.resize((WIDTH, HEIGHT))
    glow = Image.new("L", (WIDTH, HEIGHT))
    ImageDraw.Draw(glow).ellipse((1000, 380, 1500, 780), fill=200)
    return Image.composite(
        Image.new("RGB", (WIDTH, HEIGHT), (255, 214, 150)), sky, glow.filter(ImageFilter.GaussianBlur(120))
    )


def _layer(colour: tuple[int, int, int], blur: float, paint) -> Image.Image:
    """One flat colour whose coverage `paint` draws as a mask (so blurred edges never darken)."""
    mask = Image.new("L", (WIDTH, HEIGHT))
    paint(ImageDraw.Draw(mask))
    layer = Image.new("RGBA", (WIDTH, HEIGHT), (*colour, 0))
    layer.putalpha(mask.filter(ImageFilter.GaussianBlur(blur)))
    return layer


def _building(d: ImageDraw.ImageDraw) -> None:
    """Main school block with a pediment and flagpole, centred right of the text column."""
    d.rectangle((640, 430, 1420, 780), fill=255)
    d.polygon([(860, 430), (1030, 320), (1200, 430)], fill=255)
    d.rectangle((1026, 230, 1034, 330), fill=255)


def _windows(rng: random.Random, glow: bool):
    def paint(d: ImageDraw.ImageDraw) -> None:
        for row in range(3):
            for col in range(11):
                lit = rng.random() < 0.7
                left, top = 672 + col * 68, 470 + row * 94
                d.rectangle(
                    (left, top, left + 38, top + 54), fill=(255 if lit else 60) if not glow else (230 if lit else 0)
                )

    return paint


def _discs(spots: list[tuple[int, int, int, int]]):
    """Paint discs (x, y, radius, opacity)."""

    def paint(d: ImageDraw.ImageDraw) -> None:
        for x, y, r, alpha in spots:
            d.ellipse((x - r, y - r, x + r, y + r), fill=alpha)

    return paint


def _blocks(boxes: tuple[tuple[int, int, int, int], ...]):
    """Paint opaque rectangles (left, top, right, bottom)."""

    def paint(d: ImageDraw.ImageDraw) -> None:
        for box in boxes:
            d.rectangle(box, fill=255)

    return paint


def render() -> Image.Image:
    """Sky, far blocks, the lit school, trees, ground and bokeh: every layer out of focus."""
    rng = random.Random(2026)
    bokeh = [
        (rng.randint(700, 1600), rng.randint(200, 760), rng.randint(20, 60), rng.randint(50, 120)) for _ in range(18)
    ]
    near = [(rng.randint(0, 600), rng.randint(760, 900), rng.randint(40, 80), rng.randint(30, 70)) for _ in range(6)]
    layers = (
        _layer(
            (96, 124, 158),
            14,
            _blocks(((0, 470, 280, 900), (250, 400, 470, 900), (460, 510, 720, 900), (1380, 440, 1640, 900))),
        ),
        _layer((52, 80, 116), 5, _building),
        _layer((255, 190, 110), 26, _windows(random.Random(7), glow=True)),
        _layer((255, 214, 150), 4, _windows(random.Random(7), glow=False)),
        _layer(
            (34, 84, 86),
            9,
            _discs([(90, 720, 190, 255), (340, 740, 150, 255), (540, 760, 110, 255), (1500, 720, 170, 255)]),
        ),
        _layer((46, 68, 88), 10, _blocks(((0, 780, WIDTH, HEIGHT),))),
        _layer((255, 226, 170), 18, _discs(bokeh)),
        _layer((255, 200, 140), 30, _discs(near)),
    )
    image = _sky().convert("RGBA")
    for layer in layers:
        image.alpha_composite(layer)
    return image.convert("RGB").filter(ImageFilter.GaussianBlur(2))


def save(target: Path) -> int:
    """Write the WebP at the highest quality that fits the budget; return its size in bytes."""
    image = render()
    for quality in range(82, 20, -4):
        buffer = io.BytesIO()
        image.save(buffer, format="WEBP", quality=quality, method=6)
        if buffer.tell() < BUDGET_BYTES:
            target.write_bytes(buffer.getvalue())
            return buffer.tell()
    raise RuntimeError("hero cannot fit the WebP budget")
