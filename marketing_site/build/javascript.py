"""Marks the JavaScript a build step writes into Reflex's output, so the JS budget counts it.

`tests/test_browser_code.py` counts the source lines of every text passed to `javascript` (as it counts the
widgets' `js`, `js_function`... of components/browser.py and the `.js` files); the texts a step only looks
for in Reflex's own code are Reflex's, and not counted.
"""

from __future__ import annotations


def javascript(text: str) -> str:
    """`text`, unchanged: JavaScript this site writes, counted in the budget."""
    return text
