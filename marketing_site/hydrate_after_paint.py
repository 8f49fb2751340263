"""Prerendered pages paint before their JavaScript is fetched: the page is complete HTML, and the
scripts only add behaviour, so they start once the page has loaded and painted (LCP).

React Router writes into each exported HTML file a `<link rel="modulepreload">` per chunk and an
inline module script that imports the route modules and then the client entry. Both would compete
with the stylesheet and hero image for a slow connection. This build step removes the links and
replaces the module script with a classic one that, after `load` and the next paint, adds the same
preloads (so the chunks still download in parallel) and runs the same imports in the same order.
It runs after the production build, before Reflex writes the gzip sidecars.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from reflex.plugins import Plugin

_PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)"/>')
_BOOT_SCRIPT = re.compile(r'<script type="module" async="">(.*?)</script>', re.S)
_NAMESPACE_IMPORT = re.compile(r'^import \* as (\w+) from ("[^"]+");$', re.M)
_SIDE_EFFECT_IMPORT = re.compile(r'^import ("[^"]+");$', re.M)
_DYNAMIC_IMPORT = re.compile(r"^import\((\"[^\"]+\")\);$", re.M)


class BootScriptChanged(RuntimeError):
    """React Router's output no longer has the shape this step rewrites; fail the build loudly."""


def deferred_boot(boot: str, preloads: list[str]) -> str:
    """The boot module as a classic script: same imports, awaited in order, after load + one paint."""
    body = _NAMESPACE_IMPORT.sub(r"const \1 = await import(\2);", boot)
    body = _SIDE_EFFECT_IMPORT.sub(r"await import(\1);", body)
    body = _DYNAMIC_IMPORT.sub(r"await import(\1);", body)
    if re.search(r"^import\b", body, re.M):
        raise BootScriptChanged(f"unexpected import in React Router's boot script: {boot!r}")
    return (
        "<script>addEventListener(\"load\", () => requestAnimationFrame(() => setTimeout(async () => {\n"
        f"for (const href of {json.dumps(preloads)}) "
        "document.head.append(Object.assign(document.createElement(\"link\"), {rel: \"modulepreload\", href}));\n"
        f"{body}\n}})));</script>"
    )


def hydrate_after_paint(html: str) -> str:
    """`html` with its modulepreload links removed and its boot script deferred."""
    boots = _BOOT_SCRIPT.findall(html)
    if len(boots) != 1:
        raise BootScriptChanged(f"expected one React Router boot script, found {len(boots)}")
    preloads = _PRELOAD.findall(html)
    html = _PRELOAD.sub("", html)
    return _BOOT_SCRIPT.sub(lambda _: deferred_boot(boots[0], preloads), html)


@dataclass(kw_only=True, frozen=True)
class HydrateAfterPaintPlugin(Plugin):
    """Applies `hydrate_after_paint` to every exported HTML page."""

    def post_build(self, **context):
        for page in Path(context["static_dir"]).rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            page.write_text(hydrate_after_paint(html), encoding="utf-8")
