"""/product: the ten module cards, alternating image left and right."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.links import route_link
from marketing_site.components.widgets.read_more import read_more
from marketing_site.content import labels, product_overview
from marketing_site.content.modules import MODULES
from marketing_site.content.types import Link, Module
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import CONTAINER, PRIMARY_BUTTON, page_hero, picture


def module_card(module: Module, index: int) -> rx.Component:
    direction = "md:flex-row-reverse" if index % 2 else "md:flex-row"
    return rx.el.li(
        rx.el.article(
            rx.el.div(
                picture(module.image, "rounded-2xl", eager=index == 0),
                class_name="md:w-1/2",
            ),
            rx.el.div(
                rx.el.p(module.small_heading, class_name="text-sm font-semibold uppercase tracking-wider text-sky-800"),
                rx.el.h2(module.name, class_name="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl"),
                read_more(
                    module.card_text,
                    module.read_more,
                    element_id=f"{module.slug}-description",
                    class_name="mt-4 text-base leading-relaxed text-slate-700",
                ),
                route_link(
                    Link(labels.VIEW_LABEL, module.route, product_name=module.name),
                    class_name=f"{PRIMARY_BUTTON} mt-6",
                    context=module.name,  # named "View Student Smart" while the visible label says "View"
                ),
                class_name="md:w-1/2",
            ),
            # The colour as a class: a style prop becomes a <style> element in the body (W3C: invalid there).
            class_name=(
                f"flex flex-col items-center gap-8 rounded-3xl p-6 sm:p-10 bg-[{module.background_color}] {direction}"
            ),
        ),
    )


def product_overview_page() -> rx.Component:
    return frame(
        page_hero(product_overview.HEADING, product_overview.INTRO),
        rx.el.section(
            rx.el.ul(*[module_card(m, i) for i, m in enumerate(MODULES)], class_name="space-y-8"),
            class_name=f"{CONTAINER} pb-16",
        ),
    )


PAGES: tuple[PageSpec, ...] = (PageSpec(routes.PRODUCT, product_overview.SEO, product_overview_page),)
