"""The footer every page shows (spec section 2, Footer)."""

from __future__ import annotations

import reflex as rx

from marketing_site.components.image import image
from marketing_site.components.links import route_link
from marketing_site.components.styles import CONTAINER
from marketing_site.content import site
from marketing_site.layout.language_switch import language_links

_LINK = "text-slate-300 hover:text-white"


def _column(heading: str, *items: rx.Component) -> rx.Component:
    return rx.el.div(
        rx.el.h2(heading, class_name="mb-3 text-sm font-semibold uppercase tracking-wide text-white"),
        rx.el.ul(*[rx.el.li(item) for item in items], class_name="space-y-2 text-sm"),
    )


def footer() -> rx.Component:
    return rx.el.footer(
        rx.el.div(
            rx.el.div(
                rx.el.p(site.BRAND, class_name="text-lg font-bold text-white"),
                rx.el.p(site.BRAND_TAGLINE, class_name="mt-2 text-sm text-slate-300"),
                image(site.FOOTER_PARTNERS_IMAGE, "mt-6 h-auto w-full max-w-xs rounded bg-white/95 p-2"),
            ),
            _column(site.FOOTER_LINKS_HEADING, *[route_link(link, class_name=_LINK) for link in site.FOOTER_LINKS]),
            _column(site.FOOTER_BLOG_HEADING, *[route_link(link, class_name=_LINK) for link in site.FOOTER_BLOG_LINKS]),
            _column(
                site.FOOTER_MORE_HEADING,
                *[
                    rx.el.span(label, class_name="text-slate-400")
                    for label in site.FOOTER_LABELS + site.FOOTER_SOCIAL_LABELS
                ],
            ),
            class_name=f"{CONTAINER} grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4",
        ),
        rx.el.div(
            rx.el.p(site.FOOTER_COPYRIGHT),
            language_links("font-semibold text-slate-200 underline-offset-2 hover:text-white hover:underline"),
            class_name=(
                "flex flex-wrap items-center justify-center gap-x-6 gap-y-2 border-t border-slate-700 py-4 "
                "text-xs text-slate-400"
            ),
        ),
        class_name="bg-slate-900",
    )
