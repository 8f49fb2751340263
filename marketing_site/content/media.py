"""Conventions for asset paths, so content records name images the same way everywhere."""

from __future__ import annotations

from .types import Image


def illustration(folder: str, name: str, alt: str, width: int = 640, height: int = 480) -> Image:
    """An SVG illustration under assets/images/<folder>/."""
    return Image(src=f"/images/{folder}/{name}.svg", alt=alt, width=width, height=height)


def video(name: str) -> str:
    """A module or promo video under assets/videos/."""
    return f"/videos/{name}.mp4"


def poster(name: str, alt: str) -> Image:
    """The still shown before a video plays (16:9)."""
    return illustration("posters", name, alt, 1280, 720)
