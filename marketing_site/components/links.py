"""Internal links that navigate in the browser and remember the chosen product."""

from __future__ import annotations

import json

import reflex as rx

from marketing_site.components.browser import ReactRouterLink
from marketing_site.content.types import Link


def remember_product(name: str) -> rx.event.EventSpec:
    """Store the chosen product's display name under localStorage `product-name` (spec section 3).

    `run_script` compiles the code into the page's bundle; `call_script` would `eval` it, which the
    Content-Security-Policy forbids (no 'unsafe-eval').
    """
    return rx.run_script(f"localStorage.setItem('product-name', {json.dumps(name)})")


def route_link(link: Link, class_name: str = "", context: str = "", **props) -> rx.Component:
    """A client-side link for a site route; external addresses get a plain anchor.

    `context` is appended for screen readers and crawlers only, so a short visible label
    ("More Info") still names its target ("More Info about Hybrid Schools").
    """
    if link.product_name:
        props.setdefault("on_click", remember_product(link.product_name))
    # The space is its own text, so the context alone is the copy a catalogue translates.
    children = (link.label, rx.el.span(" ", context, class_name="sr-only")) if context else (link.label,)
    if link.href.startswith("/"):
        return ReactRouterLink.create(*children, to=link.href, class_name=class_name, **props)
    return rx.el.a(*children, href=link.href, class_name=class_name, **props)
