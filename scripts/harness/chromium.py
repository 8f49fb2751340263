"""Which Chromium to drive and how: Debian's build, headless, with no background traffic."""

from __future__ import annotations

import shutil

CHROMIUM_ARGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def chromium_path() -> str:
    """The first Chromium on PATH; `scripts/ensure_chromium.sh` installs Debian's if none."""
    for name in _CANDIDATES:
        if found := shutil.which(name):
            return found
    raise FileNotFoundError("Chromium not found: run scripts/ensure_chromium.sh (make test does)")
