"""The two home-page carousels: auto-riding news slides and a looping partner-logo strip.

Rotation, pausing and navigation are React state in the two `.jsx` files; the
slides and logos are plain components passed in as children.
"""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx

from marketing_site.content import widgets

_ROUND_BUTTON = (
    "flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 "
    "shadow-sm hover:border-sky-700 hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 "
    "focus-visible:outline-sky-700"
)


class NewsCarousel(rx.Component):
    """The React side of `news_carousel()`."""

    library = rx.asset("news_carousel.jsx", shared=True).importable_path
    tag = "NewsCarousel"

    aria_label: rx.Var[str]
    role_description: rx.Var[str]
    slide_role_description: rx.Var[str]
    interval_ms: rx.Var[int]
    indicator_labels: rx.Var[list[str]]
    pause_label: rx.Var[str]
    play_label: rx.Var[str]
    track_class_name: rx.Var[str]
    slide_class_name: rx.Var[str]
    controls_class_name: rx.Var[str]
    indicator_class_name: rx.Var[str]
    indicator_dot_class_name: rx.Var[str]
    pause_class_name: rx.Var[str]


class PartnerCarousel(rx.Component):
    """The React side of `partner_carousel()`."""

    library = rx.asset("partner_carousel.jsx", shared=True).importable_path
    tag = "PartnerCarousel"

    aria_label: rx.Var[str]
    role_description: rx.Var[str]
    visible: rx.Var[int]
    gap_px: rx.Var[int]
    previous_label: rx.Var[str]
    next_label: rx.Var[str]
    list_class_name: rx.Var[str]
    item_class_name: rx.Var[str]
    button_class_name: rx.Var[str]


def news_carousel(slides: Sequence[rx.Component]) -> rx.Component:
    """Slides riding every few seconds, with indicators and a pause button."""
    total = len(slides)
    return NewsCarousel.create(
        *slides,
        aria_label=widgets.NEWS_CAROUSEL_LABEL,
        role_description=widgets.CAROUSEL_ROLE,
        slide_role_description=widgets.SLIDE_ROLE,
        interval_ms=widgets.NEWS_INTERVAL_MS,
        indicator_labels=[widgets.NEWS_SLIDE_LABEL.format(number=n, total=total) for n in range(1, total + 1)],
        pause_label=widgets.NEWS_PAUSE_LABEL,
        play_label=widgets.NEWS_PLAY_LABEL,
        class_name="min-w-0",
        track_class_name="flex transition-transform duration-700 ease-out motion-reduce:transition-none",
        slide_class_name="w-full shrink-0",
        controls_class_name="mt-5 flex items-center justify-center gap-2",
        # A 24 px target (WCAG 2.5.8) around a 12 px dot that widens for the current slide.
        indicator_class_name=(
            "group flex h-6 min-w-6 items-center justify-center rounded-full "
            "focus-visible:outline-2 focus-visible:outline-sky-700"
        ),
        indicator_dot_class_name=(
            "h-3 w-3 rounded-full bg-slate-300 transition-all group-hover:bg-slate-400 "
            "group-aria-[current=true]:w-8 group-aria-[current=true]:bg-sky-800 motion-reduce:transition-none"
        ),
        pause_class_name=(
            "ms-3 rounded-full px-3 py-1 text-xs font-semibold text-slate-700 underline-offset-2 hover:underline "
            "focus-visible:outline-2 focus-visible:outline-sky-700"
        ),
    )


def partner_carousel(
    logos: Sequence[rx.Component], aria_label: str, visible: int, visible_small: int, gap_px: int
) -> rx.Component:
    """`visible` logos at a time (`visible_small` below the sm breakpoint), looping, with previous/next buttons."""
    return PartnerCarousel.create(
        *logos,
        aria_label=aria_label,
        role_description=widgets.CAROUSEL_ROLE,
        visible=visible,
        gap_px=gap_px,
        previous_label=widgets.PARTNERS_PREVIOUS_LABEL,
        next_label=widgets.PARTNERS_NEXT_LABEL,
        class_name="flex items-center gap-3",
        list_class_name=f"flex min-w-0 flex-1 [--visible:{visible_small}] sm:[--visible:{visible}]",
        item_class_name=(
            f"flex items-center justify-center rounded-xl border border-slate-200 bg-white p-3 sm:p-4 "
            f"max-sm:nth-[n+{visible_small + 1}]:hidden"
        ),
        button_class_name=_ROUND_BUTTON,
    )
