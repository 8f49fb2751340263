"""The home page: hero, video, tagline, school-type tabs, news and partners."""

from __future__ import annotations

import reflex as rx

from .. import routes
from ..components.counter import counter_strip
from ..components.image import image
from ..components.links import route_link
from ..content import home
from ..layout.page import PageSpec, frame
from .home_sections import news_section, partners_section, school_type_tabs, tagline, video_section


def hero() -> rx.Component:
    return rx.el.section(
        image(home.HERO_IMAGE, "absolute inset-0 h-full w-full object-cover", high_priority=True),
        rx.el.div(class_name="absolute inset-0 bg-slate-950", style={"opacity": home.HERO_OVERLAY_OPACITY}),
        rx.el.div(
            rx.el.h1(home.HERO_HEADING, class_name="max-w-3xl text-4xl font-bold leading-tight text-white md:text-5xl"),
            rx.el.p(home.HERO_TEXT, class_name="mt-5 max-w-2xl text-lg text-slate-100"),
            rx.el.div(
                *[
                    route_link(
                        action,
                        class_name="rounded-full bg-white px-6 py-3 font-semibold text-sky-900 hover:bg-sky-100",
                    )
                    for action in home.HERO_ACTIONS
                ],
                class_name="mt-8 flex flex-wrap gap-4",
            ),
            class_name="relative mx-auto max-w-7xl px-4 py-24 md:py-32",
        ),
        class_name="relative isolate overflow-hidden",
    )


def home_page() -> rx.Component:
    return frame(
        hero(),
        rx.el.div(
            counter_strip(
                home.COUNTERS,
                threshold_px=home.COUNTER_SCROLL_THRESHOLD_PX,
                duration_ms=home.COUNTER_DURATION_MS,
                delay_ms=home.COUNTER_DELAY_MS,
                start=home.COUNTER_START,
                aria_label=home.COUNTERS_LABEL,
            ),
            class_name="bg-gradient-to-b from-sky-50 to-white",
        ),
        video_section(),
        tagline(),
        school_type_tabs(),
        news_section(),
        partners_section(),
    )


PAGES = (PageSpec(routes.HOME, home.SEO, home_page),)
