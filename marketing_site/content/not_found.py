"""The friendly page shown for an address that does not exist."""

from __future__ import annotations

from marketing_site.content.links import BOOK_DEMO, CONTACT_US, HOME, PRODUCTS
from marketing_site.content.types import Link, Seo

SEO = Seo("Page not found", "The page you are looking for has moved or never existed. Find your way back from here.")
CODE = "404"
HEADING = "We couldn't find that page"
TEXT = "The address may be mistyped, or the page may have moved. These links are a good place to start again."
LINKS: tuple[Link, ...] = (
    HOME,
    PRODUCTS,
    BOOK_DEMO,
    CONTACT_US,
)
