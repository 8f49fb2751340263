"""axe-core in the page under test: finds the library, injects it and returns serious/critical violations.

axe-core is a test-only npm package, installed into the git-ignored tools folder:
``npm install --prefix .tools axe-core@4`` (or point ``AXE_CORE_JS`` at an ``axe.min.js``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CANDIDATES = (
    ROOT / ".tools" / "node_modules" / "axe-core" / "axe.min.js",
    ROOT / ".web" / "node_modules" / "axe-core" / "axe.min.js",
)


def open_page(page, path: str = "/") -> None:
    """Load a route and wait until React has hydrated it (handlers attached)."""
    page.goto(path)
    page.wait_for_function(
        "() => { const m = document.querySelector('main');"
        " return m && Object.keys(m).some((k) => k.startsWith('__reactProps')); }"
    )


def axe_source() -> str:
    configured = os.environ.get("AXE_CORE_JS")
    for path in ([Path(configured)] if configured else []) + list(CANDIDATES):
        if path.is_file():
            return path.read_text(encoding="utf-8")
    pytest.fail("axe-core not found: run `npm install --prefix .tools axe-core@4` or set AXE_CORE_JS")


def serious_violations(page, source: str) -> list[str]:
    """Run axe on the current page (WCAG 2 A/AA rules) and describe each serious or critical violation."""
    page.add_script_tag(content=source)
    violations = page.evaluate(
        """async () => {
            const result = await axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}});
            return result.violations
                .filter((v) => v.impact === "serious" || v.impact === "critical")
                .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
        }"""
    )
    return violations
