"""The 404 page: a friendly message inside the usual navigation, exported as 404.html."""

from __future__ import annotations

import reflex as rx

from .. import routes
from ..components.links import route_link
from ..content import not_found
from ..layout.page import PageSpec, frame
from .blocks import CONTAINER, PRIMARY_BUTTON, SECONDARY_BUTTON


def not_found_page() -> rx.Component:
    first, *rest = not_found.LINKS
    return frame(
        rx.el.section(
            rx.el.p(not_found.CODE, class_name="text-6xl font-extrabold text-sky-700 sm:text-7xl"),
            rx.el.h1(not_found.HEADING, class_name="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl"),
            rx.el.p(not_found.TEXT, class_name="mx-auto mt-4 max-w-xl text-lg text-slate-700"),
            rx.el.div(
                route_link(first, class_name=PRIMARY_BUTTON),
                *[route_link(link, class_name=SECONDARY_BUTTON) for link in rest],
                class_name="mt-8 flex flex-wrap justify-center gap-3",
            ),
            class_name=f"{CONTAINER} py-20 text-center sm:py-28",
        ),
    )


PAGES: tuple[PageSpec, ...] = (PageSpec(routes.NOT_FOUND, not_found.SEO, not_found_page),)
