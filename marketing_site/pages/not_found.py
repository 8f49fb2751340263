"""The 404 page: a friendly message inside the usual navigation, in the language of the address.

Reflex has one 404 route, rendered in the browser for every unknown address (404.html, and
<prefix>/404.html written by html_language.py with that language's lang/dir), so the page holds
one translated copy per language and `by_language` shows the one whose prefix the address has.
"""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.links import route_link
from marketing_site.content import not_found
from marketing_site.i18n.languages import DEFAULT, LANGUAGES, Language
from marketing_site.i18n.translation import translate_tree, translated_text
from marketing_site.layout.by_language import by_language
from marketing_site.layout.page import PageSpec, frame
from marketing_site.pages.blocks import CONTAINER, PRIMARY_BUTTON, SECONDARY_BUTTON


def not_found_message() -> rx.Component:
    """The 404 copy; also what a page shows instead of its own at a wrong-case address (layout/page.py)."""
    first, *rest = not_found.LINKS
    return rx.el.section(
        rx.el.p(not_found.CODE, class_name="text-6xl font-extrabold text-sky-700 sm:text-7xl"),
        rx.el.h1(not_found.HEADING, class_name="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl"),
        rx.el.p(not_found.TEXT, class_name="mx-auto mt-4 max-w-xl text-lg text-slate-700"),
        rx.el.div(
            route_link(first, class_name=PRIMARY_BUTTON),
            *[route_link(link, class_name=SECONDARY_BUTTON) for link in rest],
            class_name="mt-8 flex flex-wrap justify-center gap-3",
        ),
        class_name=f"{CONTAINER} py-20 text-center sm:py-28",
    )


def _message() -> rx.Component:
    return frame(not_found_message())


def not_found_in(language: Language) -> rx.Component:
    """The message in `language`; a translation is marked with its language, which also keeps the
    default language's catalogue scan (translation.copy_texts) out of it."""
    if language == DEFAULT:
        return _message()
    return rx.el.div(translate_tree(_message(), language), lang=language.code, dir=language.direction)


def not_found_page() -> rx.Component:
    return by_language(
        [(language, not_found_in(language), translated_text(not_found.SEO.title, language)) for language in LANGUAGES]
    )


PAGES: tuple[PageSpec, ...] = (PageSpec(routes.NOT_FOUND, not_found.SEO, not_found_page),)
