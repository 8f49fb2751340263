"""The page record and the frame every page shares (header with navigation and chat, footer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import reflex as rx

from ..content.types import Seo
from .footer import footer
from .navbar import navbar


@dataclass(frozen=True)
class PageSpec:
    """One route of the site: where it lives, its head tags and how to build its body."""

    route: str
    seo: Seo
    body: Callable[[], rx.Component]
    # Aliases (e.g. /HybridSchool) stay out of the sitemap and point search engines at the canonical route.
    canonical: str = ""


def frame(*children: rx.Component) -> rx.Component:
    """Wrap page content in the shared header (with the chat widget) and footer.

    `main` takes the focus from the skip link (tabindex -1) and clears the sticky header when scrolled to.
    """
    return rx.el.div(
        navbar(),
        rx.el.main(*children, id="main", tab_index=-1, class_name="min-h-[60vh] scroll-mt-16 outline-none xl:scroll-mt-28"),
        footer(),
        class_name="flex min-h-screen flex-col bg-white font-sans text-slate-800 antialiased",
    )
