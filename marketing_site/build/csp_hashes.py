"""Build step: the sha256 of every inline script in the exported pages, for the CSP's script-src.

React Router and React write small inline scripts into each prerendered page (theme, scroll
restoration, the stream that hands over loader data) and `hydrate_after_paint` writes the boot
script; the boot script differs per page, the rest are shared. A CSP without 'unsafe-inline' runs
exactly the scripts whose hash it names, so the build lists them all in `csp-hashes.json` next to
the pages, where the backend and the nginx config renderer read them (security_headers.py).
It must run after `hydrate_after_paint`, which rewrites the boot script.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from reflex.plugins import Plugin
from reflex_base.plugins.base import PostBuildContext

SCRIPT_HASHES_FILE = "csp-hashes.json"  # beside the export; the CSP (web/security_headers.py) reads it
_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""")
_SRC = re.compile(r"\bsrc\s*=")
# Types a browser runs as script; others (application/json, ld+json) are data and need no hash.
_EXECUTABLE = {"", "text/javascript", "application/javascript", "module"}


def inline_script_hashes(html: str) -> set[str]:
    """Base64 sha256 of each inline script the browser would run, over its exact text (UTF-8)."""
    hashes = set()
    for attributes, body in _SCRIPT.findall(html):
        kind = _TYPE.search(attributes)
        if _SRC.search(attributes) or (kind.group(1).lower() if kind else "") not in _EXECUTABLE:
            continue
        hashes.add(base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii"))
    return hashes


def write_script_hashes(static_dir: Path) -> list[str]:
    """Hash the inline scripts of every page under `static_dir` into its csp-hashes.json (sorted)."""
    hashes = sorted(
        set().union(*(inline_script_hashes(page.read_text(encoding="utf-8")) for page in static_dir.rglob("*.html")))
    )
    (static_dir / SCRIPT_HASHES_FILE).write_text(json.dumps(hashes, indent=0) + "\n", encoding="utf-8")
    return hashes


@dataclass(kw_only=True, frozen=True)
class CspHashesPlugin(Plugin):
    """Writes csp-hashes.json into the export (list it after HydrateAfterPaintPlugin)."""

    def post_build(self, **context: Unpack[PostBuildContext]) -> None:
        write_script_hashes(Path(context["static_dir"]))
