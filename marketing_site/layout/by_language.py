"""A block written once per language, shown in the language of the address (layout/by_language.jsx).

For what one route serves at addresses of every language: the 404 page."""

from __future__ import annotations

import reflex as rx


class ByLanguage(rx.Component):
    """One child per language of `prefixes` (languages.py's order); the address's prefix picks it
    and its entry of `translated_titles` (already in each language) names the tab."""

    library = rx.asset("by_language.jsx", shared=True).importable_path
    tag = "ByLanguage"

    prefixes: rx.Var[list[str]]
    translated_titles: rx.Var[list[str]]
