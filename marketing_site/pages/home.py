"""The home page: hero, video, tagline, school-type tabs, news and partners."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.image import image
from marketing_site.components.links import route_link
from marketing_site.components.styles import CONTAINER
from marketing_site.components.widgets.counter import counter_strip
from marketing_site.content import home, testimonials
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.home_sections import (
    customer_quotes_section,
    news_section,
    partners_section,
    school_type_tabs,
    tagline,
    video_section,
)

# Primary (solid), secondary (outlined) and tertiary (text) actions, in the order of HERO_ACTIONS.
_HERO_BUTTONS = (
    "inline-flex min-h-12 items-center rounded-full bg-white px-7 py-3 text-lg font-bold text-sky-900 shadow-lg "
    "hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white",
    "inline-flex min-h-12 items-center rounded-full border-2 border-white/80 px-6 py-3 font-semibold text-white "
    "hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white",
    "inline-flex min-h-12 items-center px-2 py-3 font-semibold text-white underline decoration-white/60 "
    "underline-offset-4 hover:decoration-white focus-visible:outline-2 focus-visible:outline-offset-4 "
    "focus-visible:outline-white",
)


def hero() -> rx.Component:
    return rx.el.section(
        image(home.HERO_IMAGE, "absolute inset-0 h-full w-full object-cover", high_priority=True),
        # Classes, not a style prop: Reflex writes a style prop as a <style> element inside the body (W3C: invalid).
        rx.el.div(class_name=f"absolute inset-0 bg-slate-950 opacity-[{home.HERO_OVERLAY_OPACITY}]"),
        rx.el.div(
            rx.el.h1(home.HERO_HEADING, class_name="max-w-3xl text-4xl font-bold leading-tight text-white md:text-5xl"),
            rx.el.p(home.HERO_TEXT, class_name="mt-5 max-w-2xl text-lg text-slate-100"),
            rx.el.div(
                *[
                    route_link(action, class_name=look)
                    for action, look in zip(home.HERO_ACTIONS, _HERO_BUTTONS, strict=True)
                ],
                class_name="mt-8 flex flex-wrap items-center gap-4",
            ),
            class_name=f"{CONTAINER} relative py-20 md:py-28",
        ),
        class_name="relative isolate overflow-hidden",
    )


def counters() -> rx.Component:
    """The home page's counter strip, timed by content/home.py."""
    return counter_strip(
        home.COUNTERS,
        threshold_px=home.COUNTER_SCROLL_THRESHOLD_PX,
        duration_ms=home.COUNTER_DURATION_MS,
        delay_ms=home.COUNTER_DELAY_MS,
        start=home.COUNTER_START,
        aria_label=home.COUNTERS_LABEL,
    )


def home_page() -> rx.Component:
    """The video section follows the hero, so no blank band shows before the counters appear
    (past 400 px of scroll, by which time they are in view)."""
    return frame(
        hero(),
        video_section(),
        rx.el.div(
            counters(),
            class_name="bg-gradient-to-b from-white via-sky-50 to-white",
        ),
        tagline(),
        school_type_tabs(),
        customer_quotes_section(testimonials.TESTIMONIALS, testimonials.CUSTOMER_LOGOS),
        news_section(),
        partners_section(),
    )


PAGES = (PageSpec(routes.HOME, home.SEO, home_page),)
