"""Images with their intrinsic size as real HTML attributes.

`rx.el.img(width=..., height=...)` does not emit attributes: Reflex turns unknown
props into inline emotion CSS (`width:1280px;height:720px`), which is unlayered
and beats every Tailwind class, so images lose their responsive size and ratio.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.content.types import Image


def image(
    picture: Image, class_name: str = "", eager: bool = False, high_priority: bool = False, **props
) -> rx.Component:
    """An <img> sized by its attributes (no layout shift) and by `class_name`; lazy unless `eager`.

    `high_priority` marks the largest image above the fold (the LCP candidate) for early fetching.
    """
    attrs: dict[str, int | str] = {"width": picture.width, "height": picture.height}
    if high_priority:
        attrs["fetchPriority"] = "high"
    return rx.el.img(
        src=picture.src,
        alt=picture.alt,
        custom_attrs=attrs,
        loading="eager" if eager or high_priority else "lazy",
        decoding="async",
        class_name=class_name,
        **props,
    )
