"""axe-core in the page under test: finds the library, injects it and returns its violations.

axe-core is a test-only npm package kept in the git-ignored tools folder: installed there on first
use with ``npm install --prefix .tools axe-core@AXE_VERSION`` (or point ``AXE_CORE_JS`` at an ``axe.min.js``).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from scripts.harness.npm_tools import npm_file

AXE_VERSION = "4.14.1"


@cache
def axe_source() -> str:
    configured = os.environ.get("AXE_CORE_JS")
    if configured:
        return Path(configured).read_text(encoding="utf-8")
    return npm_file("axe-core", AXE_VERSION, "axe.min.js").read_text(encoding="utf-8")


def inject(page, source: str) -> None:
    """Define `window.axe` in the page. Evaluated through DevTools, not as a <script> tag, which the
    site's Content-Security-Policy refuses (an inline script without a listed hash)."""
    page.evaluate(source + "\n;undefined")


def violations(page, source: str) -> list[str]:
    """Run axe on the current page (WCAG 2 A/AA rules and best practice) and describe each violation."""
    inject(page, source)
    return page.evaluate(
        """async () => {
            const result = await axe.run(document, {
                runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
            });
            return result.violations.map(
                (v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`
            );
        }"""
    )
