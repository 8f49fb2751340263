"""Play button that opens a 16:9 video modal (autoplay, Escape closes).

PLACEHOLDER RENDERING (owned by the widgets engineer; the signature is the contract).
"""

from __future__ import annotations

import reflex as rx

from ..content.types import Image


def video_modal(video_src: str, poster: Image, play_label: str, title: str, element_id: str) -> rx.Component:
    """A poster with a play button; `element_id` is unique per page."""
    return rx.el.div(
        rx.el.img(src=poster.src, alt=poster.alt, width=poster.width, height=poster.height, loading="lazy",
                  class_name="h-auto w-full rounded-xl"),
        rx.el.button(play_label, type="button", aria_label=play_label),
        id=element_id,
        aria_label=title,
    )
