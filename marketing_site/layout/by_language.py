"""A block written once per language, shown in the language of the address.

For what one route serves at addresses of every language: the 404 page."""

from __future__ import annotations

from collections.abc import Sequence

import reflex as rx

from marketing_site.i18n.languages import DEFAULT, Language
from marketing_site.layout.address import address_under, set_document_title


def by_language(blocks: Sequence[tuple[Language, rx.Component, str]]) -> rx.Component:
    """Of (language, block, title in that language), the block whose language prefix the address has
    (the default language's otherwise), chosen in the browser; showing it names the tab."""
    shown: rx.Component | None = None
    for language, block, title in sorted(blocks, key=lambda entry: entry[0] != DEFAULT):
        named = rx.fragment(block, on_mount=set_document_title(title))
        shown = named if shown is None else rx.cond(address_under(language.prefix), named, shown)
    if shown is None:
        raise ValueError("by_language needs at least the default language's block")
    return shown
