"""The address the browser shows, as a Var (React Router's location), for choices made in the browser:
which language's 404 copy to show, and whether a page sits at exactly its registered address."""

from __future__ import annotations

from collections.abc import Iterable

import reflex as rx
from reflex import Var

from marketing_site.components.browser import StringVar, js, js_function, react_hook


def _pathname() -> StringVar:
    """`location.pathname` of React Router's `useLocation`: it changes, and re-renders, on every navigation."""
    return react_hook(
        "routerLocation.pathname", "const routerLocation = useLocation()", "react-router", "useLocation"
    ).to(str)


def address_is_one_of(routes: Iterable[str]) -> Var[bool]:
    """Whether the address, without a trailing slash, is exactly one of `routes` (case included)."""
    trimmed = _pathname().rstrip("/")
    return Var.create(sorted(routes)).contains(rx.cond(trimmed, trimmed, "/")).to(bool)


def address_under(prefix: str) -> Var[bool]:
    """Whether the address is `prefix` or below it ("/ar", "/ar/product")."""
    pathname = _pathname()
    return ((pathname == prefix) | pathname.startswith(f"{prefix}/")).to(bool)


def set_document_title(title: str) -> Var:
    """A handler naming the browser tab (an assignment, written as the call `Reflect.set`)."""
    return js_function("Reflect.set").partial(js("document"), "title", title)
