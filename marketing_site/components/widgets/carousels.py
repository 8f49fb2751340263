"""The two home-page carousels: auto-riding news slides and a looping partner-logo strip.

Which slide or logo comes first, and whether the ride is paused, are browser-only state
(`widget_state`). Both follow a swipe, one card per swipe in the page's reading direction, and a sideways
swipe never becomes the browser's Back (`swipe.py`). The news ride is timed by a CSS animation
(`AnimationClock`): each iteration moves to the next slide, a paused carousel pauses the animation, and
under `prefers-reduced-motion` there is no animation, hence no ride. Positions are Tailwind classes keyed on
data attributes, so nothing needs an inline style.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

import reflex as rx

from marketing_site.components.browser_state import AnimationClock, clock_classes, page_is_rtl, widget_state
from marketing_site.components.widgets.swipe import SWIPE_CLASSES, SwipeDiv, SwipeSection, swipe_handlers
from marketing_site.content import widgets

_ROUND_BUTTON = (
    "flex h-10 w-10 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 "
    "shadow-sm hover:border-sky-700 hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 "
    "focus-visible:outline-sky-700"
)
# A 24 px target (WCAG 2.5.8) around a 12 px dot that widens for the current slide.
_INDICATOR = (
    "group flex h-6 min-w-6 items-center justify-center rounded-full "
    "focus-visible:outline-2 focus-visible:outline-sky-700"
)
_INDICATOR_DOT = (
    "h-3 w-3 rounded-full bg-slate-300 transition-all group-hover:bg-slate-400 "
    "group-aria-[current=true]:w-8 group-aria-[current=true]:bg-sky-800 motion-reduce:transition-none"
)
_PAUSE = (
    "ms-3 rounded-full px-3 py-1 text-xs font-semibold text-slate-700 underline-offset-2 hover:underline "
    "focus-visible:outline-2 focus-visible:outline-sky-700"
)


def track_classes(count: int, rtl: bool) -> str:
    """One class per slide moving the track to it: right to left the slides lie leftwards, so the track
    moves right."""
    sign = "" if rtl else "-"
    return " ".join(f"data-[active={index}]:{sign}translate-x-[{index * 100}%]" for index in range(count))


def news_carousel(slides: Sequence[rx.Component]) -> rx.Component:
    """Slides riding every few seconds, pausing while hovered, focused or paused by the button, with
    one indicator per slide."""
    total = len(slides)
    active = widget_state("news-carousel", 0)
    hovered = widget_state("news-carousel-hovered", False)
    focused = widget_state("news-carousel-focused", False)
    stopped = widget_state("news-carousel-stopped", False)
    paused = hovered.value | focused.value | stopped.value
    clock = AnimationClock.create(
        aria_hidden="true",
        class_name=(
            f"{clock_classes(widgets.NEWS_INTERVAL_MS, 'infinite')} "
            "group-data-[paused=true]:[animation-play-state:paused]! motion-reduce:animate-none!"
        ),
        on_animation_iteration=active.set_value((active.value + 1) % total),
    )
    track = rx.el.div(
        *[
            rx.el.div(
                slide,
                role="group",
                aria_roledescription=widgets.SLIDE_ROLE,
                aria_label=f"{index + 1} / {total}",
                aria_hidden=active.value != index,
                data_active=active.value == index,
                class_name="w-full shrink-0",
            )
            for index, slide in enumerate(slides)
        ],
        data_active=active.value,
        aria_live=rx.cond(paused, "polite", "off"),
        class_name=(
            "flex transition-transform duration-700 ease-out motion-reduce:transition-none "
            f"{track_classes(total, page_is_rtl())}"
        ),
    )
    indicators = [
        rx.el.button(
            rx.el.span(aria_hidden="true", class_name=_INDICATOR_DOT),
            type="button",
            aria_label=widgets.NEWS_SLIDE_LABEL.format(number=number, total=total),
            aria_current=rx.cond(active.value == number - 1, "true", None),
            on_click=active.set_value(number - 1),
            class_name=_INDICATOR,
        )
        for number in range(1, total + 1)
    ]
    pause = rx.el.button(
        rx.cond(stopped.value, rx.fragment(widgets.NEWS_PLAY_LABEL), rx.fragment(widgets.NEWS_PAUSE_LABEL)),
        type="button",
        aria_pressed=stopped.value,
        on_click=stopped.set_value(~stopped.value),
        class_name=_PAUSE,
    )
    return rx.el.section(
        clock,
        SwipeDiv.create(
            track,
            class_name=f"overflow-hidden {SWIPE_CLASSES}",
            **swipe_handlers("news-carousel", active, total),
        ),
        rx.el.div(*indicators, pause, class_name="mt-5 flex items-center justify-center gap-2"),
        aria_roledescription=widgets.CAROUSEL_ROLE,
        aria_label=widgets.NEWS_CAROUSEL_LABEL,
        data_paused=paused,
        on_mouse_enter=hovered.set_value(True),
        on_mouse_leave=hovered.set_value(False),
        on_focus=focused.set_value(True),
        on_blur=focused.set_value(False),
        class_name="group min-w-0",
    )


def _chevron(path: str) -> rx.Component:
    """An arrow icon; its geometry goes in as plain attributes (no styling, nothing to translate)."""
    return rx.el.svg(
        rx.el.path(custom_attrs={"d": path}),
        view_box="0 0 24 24",
        width="20",
        height="20",
        aria_hidden="true",
        custom_attrs={"fill": "none", "stroke": "currentColor", "strokeWidth": "2.5"},
        class_name="rtl:-scale-x-100",
    )


def _slot(logos: Sequence[rx.Component], shown: rx.Var) -> rx.Component:
    """The logo whose index is `shown` (a browser-side number): every logo is compiled in, one renders.
    Each slot gets its own copies, so a pass over the tree (the translation) meets each copy once."""
    copies = copy.deepcopy(list(logos))
    return rx.match(shown, *[(index, logo) for index, logo in enumerate(copies[:-1])], copies[-1])


def partner_carousel(
    logos: Sequence[rx.Component], aria_label: str, visible: int, visible_small: int, gap_px: int
) -> rx.Component:
    """`visible` logos at a time (`visible_small` below the sm breakpoint), looping, with previous/next buttons."""
    count = len(logos)
    first = widget_state("partner-carousel", 0)
    width = f"calc((100%_-_(var(--visible)_-_1)_*_{gap_px}px)_/_var(--visible))"
    items = [
        rx.el.li(
            _slot(logos, (first.value + offset) % count),
            class_name=(
                f"flex shrink-0 grow-0 basis-[{width}] items-center justify-center rounded-xl border border-slate-200 "
                f"bg-white p-3 sm:p-4 max-sm:nth-[n+{visible_small + 1}]:hidden"
            ),
        )
        for offset in range(min(visible, count))
    ]
    return SwipeSection.create(
        rx.el.button(
            _chevron("M15 5l-7 7 7 7"),
            type="button",
            aria_label=widgets.PARTNERS_PREVIOUS_LABEL,
            on_click=first.set_value((first.value + count - 1) % count),
            class_name=_ROUND_BUTTON,
        ),
        rx.el.ul(
            *items,
            aria_live="polite",
            class_name=f"flex min-w-0 flex-1 gap-[{gap_px}px] [--visible:{visible_small}] sm:[--visible:{visible}]",
        ),
        rx.el.button(
            _chevron("M9 5l7 7-7 7"),
            type="button",
            aria_label=widgets.PARTNERS_NEXT_LABEL,
            on_click=first.set_value((first.value + 1) % count),
            class_name=_ROUND_BUTTON,
        ),
        aria_roledescription=widgets.CAROUSEL_ROLE,
        aria_label=aria_label,
        class_name=f"flex items-center gap-3 {SWIPE_CLASSES}",
        **swipe_handlers("partner-carousel", first, count),
    )
