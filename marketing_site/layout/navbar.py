"""Top strip, logo and the five dropdown menus.

Dropdowns are a small React disclosure (`nav_dropdown.jsx`): hover, keyboard and
Escape all work in the browser with no server round trip. The mobile menu is a
native <details>.
"""

from __future__ import annotations

import re

import reflex as rx
from reflex.vars import Var
from reflex_components_core.react_router.dom import ReactRouterLink

from .. import routes
from ..components.image import image
from ..components.links import route_link
from ..content import site
from ..content.types import Menu
from ..content.widgets import MOBILE_MENU_LABEL, SKIP_LINK_LABEL
from ..settings import settings

_MENU_ITEM = "block px-4 py-2 text-sm text-slate-700 hover:bg-sky-50 hover:text-sky-800 focus:bg-sky-50 focus:outline-none"


def top_strip() -> rx.Component:
    portal = (
        rx.el.a(site.TOP_STRIP_PORTAL_LABEL, href=settings.portal_url, class_name="hover:underline")
        if settings.portal_url
        else rx.fragment()
    )
    return rx.el.div(
        rx.el.div(
            portal,
            route_link(site.TOP_STRIP_SUPPORT, class_name="hover:underline"),
            route_link(
                site.TOP_STRIP_CONTACT,
                class_name="rounded-full bg-white px-3 py-1 font-semibold text-sky-900 hover:bg-sky-100",
            ),
            class_name="mx-auto flex max-w-7xl items-center justify-end gap-5 px-4 py-1.5 text-sm",
        ),
        class_name="bg-sky-900 text-white",
    )


class NavDropdown(rx.Component):
    """The React side of `dropdown()`: open state held in the browser."""

    library = rx.asset("nav_dropdown.jsx", shared=True).importable_path
    tag = "NavDropdown"

    label: rx.Var[str]
    menu_id: rx.Var[str]
    button_class_name: rx.Var[str]
    menu_class_name: rx.Var[str]


def dropdown(menu: Menu) -> rx.Component:
    """Opens on mouse-over or its button, closes on mouse-leave, Escape or leaving with Tab."""
    return NavDropdown.create(
        *[rx.el.li(route_link(item, class_name=_MENU_ITEM)) for item in menu.items],
        label=menu.label,
        menu_id=f"menu-{_slug(menu.label)}",
        class_name="group relative",
        button_class_name=(
            "flex items-center px-3 py-5 text-[15px] font-medium text-slate-800 hover:text-sky-700 "
            "group-data-[open=true]:text-sky-700 focus-visible:outline-2 focus-visible:outline-sky-700"
        ),
        menu_class_name=(
            "invisible absolute left-0 top-full z-30 min-w-56 rounded-b-lg border border-slate-200 bg-white py-2 "
            "opacity-0 shadow-lg transition group-data-[open=true]:visible group-data-[open=true]:opacity-100"
        ),
    )


def _slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


# Choosing a link closes the <details> menu, also when the link points at the page already shown.
# A raw React handler (custom_attrs): Reflex's on_click would hand over a copy without target/currentTarget.
_CLOSE_ON_LINK = Var("(event) => { if (event.target.closest('a')) event.currentTarget.open = false; }")


def mobile_menu() -> rx.Component:
    """A native <details> toggle: opens and closes without JavaScript."""
    return rx.el.details(
        rx.el.summary(
            rx.el.span(MOBILE_MENU_LABEL, class_name="sr-only"),
            rx.el.span("☰", aria_hidden="true", class_name="text-2xl leading-none"),
            class_name="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md border border-slate-300",
        ),
        rx.el.div(
            *[
                rx.el.div(
                    rx.el.p(menu.label, class_name="px-4 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500"),
                    rx.el.ul(*[rx.el.li(route_link(item, class_name=_MENU_ITEM)) for item in menu.items]),
                )
                for menu in site.MENUS
            ],
            class_name="absolute inset-x-0 top-full z-30 max-h-[75vh] overflow-y-auto border-t border-slate-200 bg-white pb-4 shadow-lg",
        ),
        class_name="lg:hidden",
        id="mobile-menu",
        custom_attrs={"onClick": _CLOSE_ON_LINK},
    )


def navbar() -> rx.Component:
    return rx.el.header(
        # Inside the header landmark, so every piece of the page sits in a landmark (axe "region").
        rx.el.a(
            SKIP_LINK_LABEL,
            href="#main",
            class_name="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2",
        ),
        top_strip(),
        rx.el.nav(
            ReactRouterLink.create(
                image(site.LOGO, "h-10 w-auto", eager=True),
                to=routes.HOME,
                class_name="shrink-0",
            ),
            rx.el.ul(*[dropdown(menu) for menu in site.MENUS], class_name="hidden items-center lg:flex"),
            mobile_menu(),
            aria_label=site.MAIN_NAV_LABEL,
            class_name="relative mx-auto flex max-w-7xl items-center justify-between px-4 py-2 lg:py-0",
        ),
        class_name="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur",
    )
