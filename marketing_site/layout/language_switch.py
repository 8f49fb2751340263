"""The link to the same page in the other language(s), on every page.

A plain <a>, not a router link: the switch is a full page load, so the served file's
`<html lang dir>`, its font and its head tags are the new language's. Each name is written in its
own language and marked with `lang`, so screen readers pronounce it right and the translation step
(translation.py) leaves it alone.
"""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.building import building_page
from marketing_site.i18n.languages import LANGUAGES, localized_route


def language_links(class_name: str) -> rx.Component:
    """One link per other language to the page being built (nothing for the 404 page)."""
    page = building_page()
    if page is None or page.source_route == routes.NOT_FOUND:
        return rx.fragment()
    return rx.fragment(
        *[
            rx.el.A.create(
                language.name,
                href=localized_route(page.source_route, language),
                lang=language.code,
                href_lang=language.code,
                class_name=class_name,
            )
            for language in LANGUAGES
            if language != page.language
        ]
    )
