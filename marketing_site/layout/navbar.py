"""The header: top strip, logo, the five dropdown menus, Book a demo, the chat and the menu toggle.

Dropdowns keep their open state in the browser (a Reflex client state var): hover, keyboard and
Escape all work with no server round trip. Below xl the menus fold into a native <details> whose
handlers (components/browser_events.py) add Escape and closing on an outside tap.
"""

from __future__ import annotations

import re

import reflex as rx

from marketing_site import routes
from marketing_site.components.browser import ReactRouterLink, client_state_var
from marketing_site.components.browser_events import (
    DisclosureButton,
    KeyedDetails,
    KeyedLi,
    OutsidePointerListener,
    always,
    call_method,
    element,
    outside,
    when,
)
from marketing_site.components.chat_widget import chat_widget
from marketing_site.components.icons import FILLED, STROKED, icon
from marketing_site.components.image import image
from marketing_site.components.links import route_link
from marketing_site.components.styles import CONTAINER
from marketing_site.content import links, site
from marketing_site.content.types import Link, Menu
from marketing_site.content.widgets import MOBILE_MENU_LABEL, SKIP_LINK_LABEL
from marketing_site.layout.language_switch import language_links
from marketing_site.settings import settings

_FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
_MENU_ITEM = (
    "block px-4 py-2 text-sm text-slate-700 hover:bg-sky-50 hover:text-sky-800 focus-visible:bg-sky-50 "
    "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-700"
)
# The one primary action of the site, in the header at every width and first in the mobile menu;
# narrower padding below 360 px, where the Arabic label is what makes the header full.
# Below 360 px the label steps down to 12 px: set in a wide system Arabic face (a first visit, before the
# web font is cached) "احجز عرضًا توضيحيًا" at 14 px pushed the header 11 px past a 320 px screen.
_BOOK_DEMO = (
    "inline-flex min-h-11 shrink-0 items-center justify-center whitespace-nowrap rounded-full bg-sky-700 "
    "px-3 min-[360px]:px-4 text-xs min-[360px]:text-sm font-semibold text-white shadow-sm hover:bg-sky-800 "
    f"sm:px-5 {_FOCUS_RING}"
)
_MOBILE_MENU = "mobile-menu"


def top_strip() -> rx.Component:
    """Portal, Support and Contact us above the navigation on wide screens (in the menu below xl)."""
    portal = (
        rx.el.a(site.TOP_STRIP_PORTAL_LABEL, href=settings.portal_url, class_name="hover:underline")
        if settings.portal_url
        else rx.fragment()
    )
    return rx.el.div(
        rx.el.div(
            portal,
            language_links("font-semibold hover:underline"),
            route_link(site.TOP_STRIP_SUPPORT, class_name="hover:underline"),
            route_link(
                site.TOP_STRIP_CONTACT,
                class_name="rounded-full bg-white px-3 py-1 font-semibold text-sky-900 hover:bg-sky-100",
            ),
            class_name=f"{CONTAINER} flex items-center justify-end gap-5 py-1.5 text-sm",
        ),
        class_name="hidden bg-sky-900 text-white xl:block",
    )


# The id of the open dropdown ("" when none): one for the whole bar, so opening one closes the others.
OPEN_MENU = client_state_var("nav_open_menu", "")


def dropdown(menu: Menu, align_end: bool) -> rx.Component:
    """Opens on mouse-over or its button, closes on mouse-leave, Escape (focus back on the button),
    leaving with Tab or choosing a link; all in the browser, no server round trip.

    Menus near the end of the bar open towards the start, so none reaches past the viewport.
    """
    menu_id = f"menu-{_slug(menu.label)}"
    button_id = f"{menu_id}-button"
    is_open = OPEN_MENU.value == menu_id
    close = OPEN_MENU.set_value().call("")
    return KeyedLi.create(
        DisclosureButton.create(
            menu.label,
            _caret(),
            id=button_id,
            type="button",
            aria_expanded=is_open,
            aria_controls=menu_id,
            # A mouse click lands after hover already opened the menu, so only the keyboard toggles it.
            on_click=lambda from_keyboard: always(
                OPEN_MENU.set_value().call(rx.cond(from_keyboard & is_open, "", menu_id))
            ),
            class_name=(
                "flex items-center px-2.5 py-5 text-[15px] font-medium text-slate-800 hover:text-sky-700 "
                f"group-data-[open=true]:text-sky-700 {_FOCUS_RING}"
            ),
        ),
        rx.el.ul(
            *[rx.el.li(route_link(item, class_name=_MENU_ITEM)) for item in menu.items],
            id=menu_id,
            class_name=(
                f"invisible absolute {'end-0' if align_end else 'start-0'} top-full z-30 min-w-56 rounded-b-lg "
                "border border-slate-200 bg-white py-2 opacity-0 shadow-lg transition group-data-[open=true]:visible "
                "group-data-[open=true]:opacity-100"
            ),
        ),
        custom_attrs={"data-open": is_open},
        on_mouse_enter=OPEN_MENU.set_value(menu_id),
        on_mouse_leave=OPEN_MENU.set_value(""),
        on_key_down=lambda key: when((key == "Escape") & is_open, close, call_method(button_id, "focus")),
        on_blur=lambda left: when(left & is_open, close),
        on_click=lambda on_link: when(on_link, close),
        class_name="group relative",
    )


def _caret() -> rx.Component:
    return icon("M5 7l5 6 5-6z", 14, FILLED, view_box="0 0 20 20", class_name="ms-1 transition-transform")


def _slug(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def _menu_group(heading: str, links: tuple[Link, ...]) -> rx.Component:
    return rx.el.div(
        rx.el.p(heading, class_name="px-4 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-600"),
        rx.el.ul(*[rx.el.li(route_link(item, class_name=_MENU_ITEM)) for item in links]),
    )


def mobile_menu() -> rx.Component:
    """Below xl: Book a demo first, then every menu and the top strip's links."""
    strip = (site.TOP_STRIP_SUPPORT, site.TOP_STRIP_CONTACT)
    if settings.portal_url:
        strip = (Link(site.TOP_STRIP_PORTAL_LABEL, settings.portal_url), *strip)
    close = call_method(_MOBILE_MENU, "removeAttribute", "open")
    return rx.el.nav(
        # A native <details>: it opens and closes before any script runs; these handlers add Escape
        # (focus back on its toggle), a tap outside it and choosing a link.
        KeyedDetails.create(
            rx.el.summary(
                rx.el.span(MOBILE_MENU_LABEL, class_name="sr-only"),
                icon("M4 7h16M4 12h16M4 17h16", 24, STROKED, class_name="group-open:hidden"),
                # The close icon while the menu is open (CSS on [open]).
                icon("M6 6l12 12M18 6L6 18", 24, STROKED, class_name="hidden group-open:block", data_icon="close"),
                id=f"{_MOBILE_MENU}-toggle",
                class_name=(
                    "flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md border "
                    f"border-slate-300 text-slate-800 [&::-webkit-details-marker]:hidden {_FOCUS_RING}"
                ),
            ),
            rx.el.div(
                rx.el.div(route_link(links.BOOK_DEMO, class_name=f"{_BOOK_DEMO} w-full"), class_name="px-4 pt-4"),
                *[_menu_group(menu.label, menu.items) for menu in site.MENUS],
                _menu_group(site.MOBILE_MENU_CONTACT_HEADING, strip),
                rx.el.div(
                    language_links(f"{_MENU_ITEM} font-semibold"), class_name="mt-2 border-t border-slate-200 pt-2"
                ),
                class_name=(
                    "absolute inset-x-0 top-full z-30 max-h-[calc(100dvh-4rem)] overflow-y-auto border-t "
                    "border-slate-200 bg-white pb-4 shadow-lg"
                ),
            ),
            id=_MOBILE_MENU,
            on_key_down=lambda key: when(
                (key == "Escape") & element(_MOBILE_MENU)["open"].to(bool),
                close,
                call_method(f"{_MOBILE_MENU}-toggle", "focus"),
            ),
            on_click=lambda on_link: when(on_link, close),
            class_name="group",
        ),
        OutsidePointerListener.create(on_pointer_down=lambda event: when(outside(_MOBILE_MENU, event), close)),
        aria_label=site.MAIN_NAV_LABEL,
        class_name="xl:hidden",
    )


def _logo() -> rx.Component:
    """The full logo; below the sm breakpoint only its mark (the image cropped), so the header fits 320 px.
    Logos do not mirror on right-to-left pages."""
    return ReactRouterLink.create(
        # Left to right in every language: the crop keeps the logo's mark, which is at its left.
        rx.el.span(
            image(site.LOGO, "h-10 w-auto max-w-none", eager=True),
            dir="ltr",
            class_name="block overflow-hidden max-sm:w-10",
        ),
        to=routes.HOME,
        class_name=f"shrink-0 rounded {_FOCUS_RING}",
    )


def navbar() -> rx.Component:
    """A sticky header no taller than 64 px below xl: logo, Book a demo, chat and the menu toggle."""
    return rx.el.header(
        # Inside the header landmark, so every piece of the page sits in a landmark (axe "region").
        # A plain <a>: rx.el.a is a router link, which would point at "/page/#main" and move no focus.
        rx.el.A.create(
            SKIP_LINK_LABEL,
            href="#main",
            class_name=(
                "sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded "
                "focus:bg-white focus:px-3 focus:py-2"
            ),
        ),
        top_strip(),
        rx.el.div(
            _logo(),
            rx.el.nav(
                rx.el.ul(
                    *[dropdown(menu, index >= len(site.MENUS) - 2) for index, menu in enumerate(site.MENUS)],
                    class_name="flex items-center",
                ),
                aria_label=site.MAIN_NAV_LABEL,
                class_name="ms-auto hidden xl:block",
            ),
            rx.el.div(
                route_link(links.BOOK_DEMO, class_name=_BOOK_DEMO),
                chat_widget(),
                mobile_menu(),
                class_name="ms-auto flex items-center gap-2 xl:ms-4",
            ),
            class_name=f"{CONTAINER} relative flex h-16 items-center gap-3 xl:h-auto",
        ),
        # A shadow, not a border: the bar below xl stays exactly 64 px tall.
        class_name="sticky top-0 z-40 bg-white shadow-[0_1px_0_var(--color-slate-200)]",
    )
