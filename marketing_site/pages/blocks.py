"""Building blocks shared by the page families: hero, breadcrumb, buttons, images and link lists.

They take content records and hold no copy, so every page family looks the same.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

import reflex as rx

from marketing_site.components.image import image
from marketing_site.components.links import route_link
from marketing_site.components.styles import CONTAINER
from marketing_site.content import labels
from marketing_site.content.types import Image, Link, Section

Record = TypeVar("Record")

_FOCUS = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
PRIMARY_BUTTON = (
    "inline-flex min-h-11 items-center justify-center rounded-full bg-sky-700 px-6 py-3 text-base "
    f"font-semibold text-white shadow-sm transition hover:bg-sky-800 {_FOCUS}"
)
SECONDARY_BUTTON = (
    "inline-flex min-h-11 items-center justify-center rounded-full border border-sky-700 bg-white px-6 py-3 "
    f"text-base font-semibold text-sky-800 transition hover:bg-sky-50 {_FOCUS}"
)
TEXT_LINK = f"font-semibold text-sky-800 underline-offset-4 hover:underline {_FOCUS}"
CARD = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
H2 = "text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"


def picture(picture_: Image, class_name: str = "", eager: bool = False, high_priority: bool = False) -> rx.Component:
    """A full-width responsive picture for page blocks; sizing rules live in `components.image`."""
    return image(picture_, class_name=f"h-auto w-full {class_name}", eager=eager, high_priority=high_priority)


def breadcrumb(trail: tuple[Link, ...], current: str) -> rx.Component:
    """Where the page sits in the site; the last crumb is the page itself."""
    separator = rx.el.span("›", aria_hidden="true", class_name="inline-block text-slate-400 rtl:-scale-x-100")
    crumbs = [
        rx.el.li(
            route_link(link, class_name=f"text-sky-800 hover:underline {_FOCUS}"),
            separator,
            class_name="flex items-center gap-2",
        )
        for link in trail
    ]
    crumbs.append(rx.el.li(rx.el.span(current, aria_current="page", class_name="font-medium text-slate-700")))
    return rx.el.nav(
        rx.el.ol(*crumbs, class_name="flex flex-wrap items-center gap-2 text-sm"),
        aria_label=labels.BREADCRUMB_LABEL,
    )


def page_hero(
    heading: str,
    intro: str,
    *,
    eyebrow: str = "",
    top: rx.Component | None = None,
    actions: tuple[rx.Component, ...] = (),
    image: Image | None = None,
) -> rx.Component:
    """The opening block of an inner page: one h1, its introduction, actions and an illustration."""
    text = rx.el.div(
        top or rx.fragment(),
        rx.el.p(eyebrow, class_name="mt-6 text-sm font-semibold uppercase tracking-wider text-sky-800")
        if eyebrow
        else rx.fragment(),
        rx.el.h1(
            heading,
            class_name="mt-3 text-3xl font-bold leading-tight tracking-tight text-slate-900 sm:text-4xl lg:text-5xl",
        ),
        rx.el.p(intro, class_name="mt-5 max-w-2xl text-lg leading-relaxed text-slate-700"),
        rx.el.div(*actions, class_name="mt-8 flex flex-wrap gap-3") if actions else rx.fragment(),
    )
    columns = "lg:grid-cols-2" if image else ""
    return rx.el.section(
        rx.el.div(
            text,
            # The page's LCP element: fetched first, not after the fonts (the Arabic pages' font came first).
            picture(image, "rounded-3xl", high_priority=True) if image else rx.fragment(),
            class_name=f"{CONTAINER} grid items-center gap-10 py-12 sm:py-16 {columns}",
        ),
        class_name="bg-gradient-to-b from-sky-50 to-white",
    )


def section(*children: rx.Component, heading: str = "", tinted: bool = False, element_id: str = "") -> rx.Component:
    """A full-width band with an optional h2, alternating white and slate backgrounds."""
    title = rx.el.h2(heading, class_name=f"{H2} mb-8") if heading else rx.fragment()
    return rx.el.section(
        rx.el.div(title, *children, class_name=f"{CONTAINER} py-12 sm:py-16"),
        class_name="bg-slate-50" if tinted else "bg-white",
        id=element_id or None,
    )


def call_button(secondary: bool = False) -> rx.Component:
    """'Give us a call': a tel: link, which dials straight away on a phone."""
    return route_link(labels.CALL, class_name=SECONDARY_BUTTON if secondary else PRIMARY_BUTTON)


def call_band() -> rx.Component:
    """A closing invitation to phone the team."""
    return rx.el.section(
        rx.el.div(
            rx.el.div(
                rx.el.h2(labels.CALL_HEADING, class_name="text-2xl font-bold text-white"),
                rx.el.p(labels.CALL_TEXT, class_name="mt-2 text-sky-100"),
            ),
            route_link(labels.CALL, class_name=f"{SECONDARY_BUTTON} border-white"),
            class_name=f"{CONTAINER} flex flex-col items-start justify-between gap-6 py-12 md:flex-row md:items-center",
        ),
        class_name="bg-sky-900",
    )


def link_cards(links: tuple[Link, ...]) -> rx.Component:
    """A responsive row of link cards (related pages, useful links)."""
    return rx.el.ul(
        *[
            rx.el.li(
                route_link(
                    link,
                    class_name=(
                        "flex h-full items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white "
                        "p-5 font-semibold text-sky-800 shadow-sm transition hover:border-sky-300 hover:shadow-md "
                        "after:size-2 after:shrink-0 after:rotate-45 after:border-e-2 after:border-t-2 "
                        f"rtl:after:-rotate-45 after:border-sky-700 after:content-[''] {_FOCUS}"
                    ),
                ),
            )
            for link in links
        ],
        class_name="grid gap-4 sm:grid-cols-2 lg:grid-cols-3",
    )


def page_for(page: Callable[[Record], rx.Component], record: Record) -> Callable[[], rx.Component]:
    """Bind one content record to a page-family function, keeping the family's module and name
    (Reflex chunks JavaScript by the page function's module)."""

    @functools.wraps(page)
    def body() -> rx.Component:
        return page(record)

    return body


def section_card(block: Section) -> rx.Component:
    return rx.el.article(
        rx.el.h2(block.heading, class_name="text-xl font-semibold text-slate-900"),
        *[rx.el.p(text, class_name="mt-3 leading-relaxed text-slate-700") for text in block.paragraphs],
        class_name=CARD,
    )
