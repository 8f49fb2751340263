"""Colours: the site's sky/slate scale plus a per-module palette derived from its card colour."""

from __future__ import annotations

import colorsys
from dataclasses import dataclass

WHITE = "#FFFFFF"
SLATE = {
    100: "#F1F5F9",
    200: "#E2E8F0",
    300: "#CBD5E1",
    400: "#94A3B8",
    500: "#64748B",
    700: "#334155",
    800: "#1E293B",
    900: "#0F172A",
}
SKY = {50: "#F0F9FF", 100: "#E0F2FE", 300: "#7DD3FC", 500: "#0EA5E9", 600: "#0284C7", 700: "#0369A1", 900: "#0C4A6E"}
GOLD, GOLD_LIGHT, GOLD_DARK = "#F59E0B", "#FCD34D", "#B45309"
LEAF, LEAF_DARK = "#34D399", "#059669"
ROSE = "#F43F5E"
SKY_HUE = 199 / 360


@dataclass(frozen=True)
class Palette:
    """Five tones of one hue plus a complementary highlight, for one illustration."""

    bg: str
    tint: str
    soft: str
    mid: str
    deep: str
    highlight: str


def _hls(hue: float, lightness: float, saturation: float) -> str:
    red, green, blue = colorsys.hls_to_rgb(hue % 1, lightness, saturation)
    return "#" + "".join(f"{round(channel * 255):02X}" for channel in (red, green, blue))


def _is_warm(hue: float) -> bool:
    """Reds, oranges and yellows get a sky highlight; every cooler hue gets gold."""
    return hue < 0.17 or hue > 0.92


def palette_for(background: str) -> Palette:
    """Derive the tones from a card background; greys borrow the site's sky hue."""
    red, green, blue = (int(background[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, _, saturation = colorsys.rgb_to_hls(red, green, blue)
    if saturation < 0.15:
        hue = SKY_HUE
    return Palette(
        bg=background,
        tint=_hls(hue, 0.88, 0.70),
        soft=_hls(hue, 0.76, 0.62),
        mid=_hls(hue, 0.54, 0.58),
        deep=_hls(hue, 0.34, 0.58),
        highlight=SKY[500] if _is_warm(hue) else GOLD,
    )


SITE = palette_for(SKY[100])
