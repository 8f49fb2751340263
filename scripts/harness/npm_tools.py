"""Test-only npm packages (axe-core, ical.js) kept in the git-ignored tools folder, installed there on first use
with ``npm install --prefix .tools <package>@<version>``, like bun in scripts/setup.sh."""

from __future__ import annotations

import subprocess
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / ".tools"


def npm_file(package: str, version: str, path: str) -> Path:
    """``path`` inside the installed ``package`` (installing ``version`` first if the file is missing)."""
    wanted = TOOLS / "node_modules" / package / path
    if not wanted.is_file():
        subprocess.run(
            [
                "npm",
                "install",
                "--prefix",
                str(TOOLS),
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                f"{package}@{version}",
            ],
            check=True,
        )
    return wanted
