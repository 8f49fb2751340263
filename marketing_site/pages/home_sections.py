"""Sections of the home page below the hero, each fed by `content/home.py` records."""

from __future__ import annotations

import reflex as rx

from marketing_site.components.image import image
from marketing_site.components.links import route_link
from marketing_site.components.styles import CONTAINER
from marketing_site.components.widgets.carousels import news_carousel, partner_carousel
from marketing_site.components.widgets.tabs import tabs
from marketing_site.components.widgets.video_modal import video_modal
from marketing_site.content import home, testimonials
from marketing_site.content.school_types import SCHOOL_TYPES
from marketing_site.content.types import CustomerLogo, Link, NewsSlide, Partner, SchoolType, Testimonial

_EYEBROW = "text-sm font-semibold uppercase tracking-[0.2em] text-sky-800"
_H2 = "mt-2 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl"
_BUTTON = (
    "inline-flex items-center rounded-full bg-sky-800 px-6 py-3 font-semibold text-white shadow hover:bg-sky-900 "
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-800"
)


def video_section() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.p(home.VIDEO_EYEBROW, class_name=_EYEBROW),
            rx.el.h2(home.VIDEO_HEADING, class_name=_H2),
            rx.el.p(home.VIDEO_TEXT, class_name="mt-4 text-lg text-slate-600"),
        ),
        video_modal(home.VIDEO.src, home.VIDEO_POSTER, home.VIDEO_PLAY_LABEL, home.VIDEO_HEADING, "promo-video"),
        class_name=f"{CONTAINER} grid items-center gap-10 py-16 lg:grid-cols-[2fr_3fr]",
    )


def tagline() -> rx.Component:
    return rx.el.p(
        home.TAGLINE,
        class_name=(
            "mx-auto max-w-4xl px-4 py-12 text-center text-2xl font-semibold leading-snug text-slate-800 md:text-3xl"
        ),
    )


def _school_panel(school: SchoolType) -> rx.Component:
    return rx.el.div(
        image(school.image, "h-auto w-full rounded-2xl bg-sky-50"),
        rx.el.div(
            rx.el.h3(school.home_heading, class_name="text-2xl font-bold text-slate-900"),
            rx.el.p(school.home_text, class_name="mt-4 text-lg text-slate-600"),
            route_link(
                Link(home.MORE_INFO_LABEL, school.more_info_href),
                class_name=f"{_BUTTON} mt-8",
                context=home.MORE_INFO_CONTEXT.format(name=school.tab_label),
            ),
        ),
        class_name="grid items-center gap-8 md:grid-cols-2",
    )


def school_type_tabs() -> rx.Component:
    return rx.el.section(
        rx.el.h2(home.SCHOOL_TABS_HEADING, class_name=f"{_H2} mb-8 text-center"),
        tabs(
            "school-types",
            [school.tab_label for school in SCHOOL_TYPES],
            [_school_panel(school) for school in SCHOOL_TYPES],
            home.SCHOOL_TABS_LABEL,
        ),
        class_name=f"{CONTAINER} py-16",
    )


def _news_card(slide: NewsSlide) -> rx.Component:
    return rx.el.article(
        image(slide.image, "aspect-[8/5] h-auto w-full bg-sky-50 object-cover"),
        rx.el.div(
            rx.el.p(slide.date, class_name="text-sm font-medium text-sky-800"),
            rx.el.h3(slide.title, class_name="mt-1 text-xl font-bold text-slate-900"),
            rx.el.p(slide.text, class_name="mt-2 text-slate-600"),
            class_name="p-6",
        ),
        class_name="h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm",
    )


def news_section() -> rx.Component:
    return rx.el.section(
        rx.el.div(
            rx.el.h2(home.NEWS_HEADING, class_name=f"{_H2} mb-8"),
            rx.el.div(
                news_carousel([_news_card(slide) for slide in home.NEWS_SLIDES]),
                rx.el.aside(
                    rx.el.p(home.COMMUNITY_EYEBROW, class_name=f"{_EYEBROW} mb-3"),
                    _news_card(home.COMMUNITY_NOTICE),
                ),
                class_name="grid gap-8 lg:grid-cols-[3fr_2fr]",
            ),
            class_name=CONTAINER,
        ),
        class_name="bg-slate-50 py-16",
    )


def _partner(partner: Partner) -> rx.Component:
    """The logo with its name as text below: a logo's own lettering is too small to read on a phone
    (screen readers get the name once, from the logo's alt text)."""
    return rx.el.figure(
        image(partner.logo, "mx-auto h-auto w-full max-w-[200px]"),
        rx.el.figcaption(
            partner.name,
            aria_hidden="true",
            class_name="mt-2 text-center text-sm font-medium leading-snug text-slate-700",
        ),
        class_name="w-full",
    )


def partners_section() -> rx.Component:
    return rx.el.section(
        rx.el.h2(home.PARTNERS_HEADING, class_name=f"{_H2} mb-8 text-center"),
        partner_carousel(
            [_partner(partner) for partner in home.PARTNERS],
            home.PARTNERS_HEADING,
            home.PARTNER_CAROUSEL_VISIBLE,
            home.PARTNER_CAROUSEL_VISIBLE_SMALL,
            home.PARTNER_CAROUSEL_MARGIN_PX,
        ),
        class_name=f"{CONTAINER} py-16",
    )


def customer_quotes_section(quotes: tuple[Testimonial, ...], logos: tuple[CustomerLogo, ...]) -> rx.Component:
    """Customer quotes and logos, or nothing at all while there are none."""
    if not quotes and not logos:
        return rx.fragment()
    cards = [
        rx.el.figure(
            rx.el.blockquote(rx.el.p(f"“{quote.quote}”"), class_name="text-lg leading-relaxed text-slate-800"),
            rx.el.figcaption(
                rx.el.span(quote.name, class_name="block font-semibold text-slate-900"),
                rx.el.span(f"{quote.role}, {quote.school}", class_name="block text-sm text-slate-600"),
                class_name="mt-4",
            ),
            class_name="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm",
        )
        for quote in quotes
    ]
    strip = (
        rx.el.ul(
            *[rx.el.li(image(logo.logo, "h-12 w-auto")) for logo in logos],
            aria_label=testimonials.LOGOS_LABEL,
            class_name="mt-10 flex flex-wrap items-center justify-center gap-8",
        )
        if logos
        else rx.fragment()
    )
    return rx.el.section(
        rx.el.h2(testimonials.HEADING, class_name=f"{_H2} mb-8 text-center"),
        rx.el.div(*cards, class_name="grid gap-6 md:grid-cols-2 lg:grid-cols-3") if cards else rx.fragment(),
        strip,
        class_name=f"{CONTAINER} py-16",
    )
