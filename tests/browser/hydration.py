"""Waiting for React: a prerendered page shows its HTML before its handlers are attached."""

from __future__ import annotations


def open_page(page, path: str = "/") -> None:
    """Load a route and wait until React has hydrated it."""
    page.goto(path)
    wait_for_hydration(page)


def wait_for_hydration(page) -> None:
    """Until React's event handlers are attached to <main>."""
    page.wait_for_function(
        "() => { const m = document.querySelector('main');"
        " return m && Object.keys(m).some((k) => k.startsWith('__reactProps')); }"
    )
