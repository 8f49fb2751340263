"""Build step: each exported page's `<html>` carries the language and direction of its address.

Reflex writes one app-wide `html_lang` into every page; the pages of another language live under
that language's prefix (languages.py), so their files are rewritten after the build to
`<html lang="ar" dir="rtl">`. Served that way in the first response, the browser lays the page out
right to left before any script runs (the `rtl:` variants and logical utilities depend on it).
The app shells Reflex writes without a `<title>` (the 404 pages, the SPA fallback: the W3C checker
refuses a head without one) get one: "Page not found" in the address's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from markupsafe import escape
from reflex.plugins import Plugin
from reflex_base.constants import ReactRouter
from reflex_base.plugins.base import PostBuildContext

from marketing_site.content import not_found
from marketing_site.i18n.languages import DEFAULT, LANGUAGES, Language, language_of_path
from marketing_site.i18n.translation import translated_text

_HTML_TAG = re.compile(r"<html\b[^>]*>")
_HEAD_TAG = re.compile(r"<head\b[^>]*>")
_LANG_OR_DIR = re.compile(r'\s(lang|dir)="[^"]*"')


class HtmlTagMissing(RuntimeError):
    """An exported page has no single <html> start tag to mark; fail the build loudly."""


def route_of_file(static_dir: Path, page: Path) -> str:
    """The address a file is served at: ar/product.html and ar/product/index.html are /ar/product."""
    parts = list(page.relative_to(static_dir).with_suffix("").parts)
    if parts and parts[-1] == "index":
        parts.pop()
    return "/" + "/".join(parts)


def with_language(html: str, language: Language) -> str:
    """`html` with its <html> start tag carrying `language`'s lang and dir (and no other lang/dir)."""
    tags = _HTML_TAG.findall(html)
    if len(tags) != 1:
        raise HtmlTagMissing(f"expected one <html> start tag, found {len(tags)}")
    marked = _LANG_OR_DIR.sub("", tags[0]).replace(
        "<html", f'<html lang="{language.code}" dir="{language.direction}"', 1
    )
    return html.replace(tags[0], marked, 1)


def with_title(html: str, title: str) -> str:
    """`html` with `title` as its <title>, if its head has none."""
    if "<title>" in html:
        return html
    head = _HEAD_TAG.search(html)
    if head is None:
        raise HtmlTagMissing("expected a <head> start tag")
    return f"{html[: head.end()]}<title>{escape(title)}</title>{html[head.end() :]}"


def shell_title(static_dir: Path, page: Path) -> str | None:
    """The title of an app shell Reflex writes without one: a 404 file's, in its language. The SPA fallback is
    the default language's (Reflex copies it to 404.html after the build steps; no other address serves it)."""
    if page == static_dir / ReactRouter.SPA_FALLBACK:
        return translated_text(not_found.SEO.title, DEFAULT)
    for language in LANGUAGES:
        if page == static_dir / not_found_page(language).lstrip("/"):
            return translated_text(not_found.SEO.title, language)
    return None


def not_found_page(language: Language) -> str:
    """The file served for an unknown address under `language`'s prefix: /404.html, /ar/404.html."""
    return f"{language.prefix}/404.html"


def write_not_found_pages(static_dir: Path) -> None:
    """Each other language's 404 file: the app shell Reflex copies to 404.html (its client router
    renders the 404 page, in the address's language), under the language's prefix so that it is
    served with that language's lang/dir; nginx and exact_routes.py answer with it."""
    shell = static_dir / ReactRouter.SPA_FALLBACK
    for language in LANGUAGES:
        if language.prefix:
            target = static_dir / not_found_page(language).lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(shell.read_text(encoding="utf-8"), encoding="utf-8")


@dataclass(kw_only=True, frozen=True)
class HtmlLanguagePlugin(Plugin):
    """Writes each language's 404 file, then applies `with_language` to every exported HTML page,
    by the language of its address, and gives the shells their titles."""

    def post_build(self, **context: Unpack[PostBuildContext]) -> None:
        static_dir = Path(context["static_dir"])
        write_not_found_pages(static_dir)
        for page in static_dir.rglob("*.html"):
            html = with_language(page.read_text(encoding="utf-8"), language_of_path(route_of_file(static_dir, page)))
            title = shell_title(static_dir, page)
            page.write_text(with_title(html, title) if title else html, encoding="utf-8")
