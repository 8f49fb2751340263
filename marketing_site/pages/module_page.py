"""The ten module pages (/studentSmart ...): one page function fed each `Module` record."""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.links import route_link
from marketing_site.components.widgets.product_video_modal import product_video_modal
from marketing_site.components.widgets.video_modal import video_modal
from marketing_site.content import labels
from marketing_site.content.modules import MODULES
from marketing_site.content.types import Link, Module
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import (
    CARD,
    PRIMARY_BUTTON,
    SECONDARY_BUTTON,
    breadcrumb,
    call_band,
    page_for,
    page_hero,
    section,
)

VIDEO_ID = "module-video"


def feature_card(name: str, description: str) -> rx.Component:
    return rx.el.li(
        rx.el.span(
            "✓",
            aria_hidden="true",
            class_name="flex h-9 w-9 items-center justify-center rounded-full bg-sky-100 font-bold text-sky-800",
        ),
        rx.el.h3(name, class_name="mt-4 text-lg font-semibold text-slate-900"),
        rx.el.p(description, class_name="mt-2 text-slate-700"),
        class_name=CARD,
    )


def module_page(module: Module) -> rx.Component:
    actions = (
        product_video_modal(module, labels.WATCH_VIDEO_LABEL, PRIMARY_BUTTON),
        route_link(
            Link(labels.BOOK_DEMO_LABEL, routes.DEMO_REQUEST, product_name=module.name), class_name=SECONDARY_BUTTON
        ),
    )
    return frame(
        page_hero(
            module.heading,
            module.intro,
            eyebrow=module.name,
            top=breadcrumb((labels.HOME, labels.PRODUCTS), module.name),
            actions=actions,
            image=module.image,
        ),
        section(
            rx.el.div(
                video_modal(
                    module.video.src,
                    module.poster,
                    labels.PLAY_VIDEO_LABEL.format(name=module.name),
                    labels.VIDEO_TITLE.format(name=module.name),
                    element_id=VIDEO_ID,
                ),
                class_name="mx-auto max-w-4xl",
            ),
            tinted=True,
        ),
        section(
            rx.el.p(labels.FEATURES_INTRO.format(name=module.name), class_name="-mt-4 mb-8 text-lg text-slate-700"),
            rx.el.ul(
                *[feature_card(feature.name, feature.description) for feature in module.features],
                class_name="grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
            ),
            heading=labels.FEATURES_HEADING,
        ),
        call_band(),
    )


PAGES: tuple[PageSpec, ...] = tuple(PageSpec(m.route, m.seo, page_for(module_page, m)) for m in MODULES)
