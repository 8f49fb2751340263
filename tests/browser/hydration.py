"""Waiting for React: a prerendered page shows its HTML before its handlers are attached."""

from __future__ import annotations


def open_page(page, path: str = "/") -> None:
    """Load a route and wait until React has hydrated it (event handlers attached to <main>)."""
    page.goto(path)
    page.wait_for_function(
        "() => { const m = document.querySelector('main');"
        " return m && Object.keys(m).some((k) => k.startsWith('__reactProps')); }"
    )
