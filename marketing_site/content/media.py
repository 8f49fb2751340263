"""Conventions for asset paths, so content records name images and clips the same way everywhere.

The clips and pictures are stand-ins made by `python -m scripts.make_assets`; README's "Replacing
content and media" says how to swap in the vendor's own.
"""

from __future__ import annotations

from datetime import date

from marketing_site.content.types import Image, Video

# The stand-in clips: 640x360, five seconds (scripts/artwork/videos.py), published with the site.
STAND_IN_VIDEO_SIZE = (640, 360)
STAND_IN_VIDEO_SECONDS = 5
STAND_IN_VIDEO_UPLOADED = date(2026, 11, 1)


def illustration(folder: str, name: str, alt: str, width: int = 640, height: int = 480) -> Image:
    """An SVG illustration under assets/images/<folder>/."""
    return Image(src=f"/images/{folder}/{name}.svg", alt=alt, width=width, height=height)


def video(
    name: str,
    size: tuple[int, int] = STAND_IN_VIDEO_SIZE,
    seconds: int = STAND_IN_VIDEO_SECONDS,
    uploaded: date = STAND_IN_VIDEO_UPLOADED,
) -> Video:
    """A module or promo video under assets/videos/."""
    return Video(f"/videos/{name}.mp4", *size, seconds, uploaded)


def poster(name: str, alt: str) -> Image:
    """The still shown before a video plays (16:9)."""
    return illustration("posters", name, alt, 1280, 720)
