"""axe-core in the page under test: finds the library, injects it and returns its violations.

axe-core is a test-only npm package kept in the git-ignored tools folder: installed there on first
use with ``npm install --prefix .tools axe-core@AXE_VERSION`` (or point ``AXE_CORE_JS`` at an ``axe.min.js``).
"""

from __future__ import annotations

import os
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE_VERSION = "4.14.1"
TOOLS_AXE = ROOT / ".tools" / "node_modules" / "axe-core" / "axe.min.js"


@cache
def axe_source() -> str:
    configured = os.environ.get("AXE_CORE_JS")
    if configured:
        return Path(configured).read_text(encoding="utf-8")
    if not TOOLS_AXE.is_file():
        subprocess.run(
            [
                "npm",
                "install",
                "--prefix",
                str(ROOT / ".tools"),
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                f"axe-core@{AXE_VERSION}",
            ],
            check=True,
        )
    return TOOLS_AXE.read_text(encoding="utf-8")


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
