"""Prerendered pages paint before their JavaScript is fetched: the page is complete HTML, and the
scripts only add behaviour, so they start once the page has loaded and painted (LCP).

React Router writes into each exported HTML file a `<link rel="modulepreload">` per chunk and an
inline module script that imports the route modules and then the client entry. Both would compete
with the stylesheet and hero image for a slow connection. This build step removes the links and
replaces the module script with a classic one that, after `load` and the next paint, adds the same
preloads (so the chunks still download in parallel) and runs the same imports in the same order.

The replacement's text is the same on every page; what differs (the chunks, the route modules) rides
in its `data-boot` attribute, which a script hash does not cover. So the Content-Security-Policy
needs one hash for it instead of one per page: with 90-odd pages that kept each HTML response's
headers 4.5 KB larger, and pushed a page past the ~14.6 KB a new connection delivers in its first
round trip. It runs after the production build, before Reflex writes the gzip sidecars.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from reflex.plugins import Plugin
from reflex_base.plugins.base import PostBuildContext

from marketing_site.build.javascript import javascript

_PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)"/>')
_BOOT_SCRIPT = re.compile(r'<script type="module" async="">(.*?)</script>', re.S)
_NAMESPACE_IMPORT = re.compile(r'^import \* as (\w+) from ("[^"]+");$')
_SIDE_EFFECT_IMPORT = re.compile(r'^import ("[^"]+");$')
_DYNAMIC_IMPORT = re.compile(r'^import\(("[^"]+")\);$')
_ROUTE_MODULES = re.compile(r"^window\.__reactRouterRouteModules = \{(.*)\};$")
_ROUTE_ENTRY = re.compile(r'^("[^"]+"):(\w+)$')

# Runs each step of `data-boot` in order after load and a paint: ["import", url, name or null] awaits
# the module (kept under its name), ["routes", {route id: name}] hands React Router its route modules.
BOOT_RUNNER = javascript(
    '(boot=>addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(async()=>{'
    'for(const href of boot.preloads)document.head.append(Object.assign(document.createElement("link"),'
    '{rel:"modulepreload",href}));'
    "const modules={};"
    "for(const[kind,value,name]of boot.steps){"
    'if(kind==="routes")window.__reactRouterRouteModules=Object.fromEntries('
    "Object.entries(value).map(([id,module])=>[id,modules[module]]));"
    "else{const module=await import(value);if(name)modules[name]=module}}"
    "}))))(JSON.parse(document.currentScript.dataset.boot))"
)


class BootScriptChanged(RuntimeError):
    """React Router's output no longer has the shape this step rewrites; fail the build loudly."""


def boot_steps(boot: str) -> list[list[object]]:
    """React Router's boot module as data for BOOT_RUNNER: its imports and route table, in order."""
    steps: list[list[object]] = []
    for line in filter(None, (line.strip() for line in boot.splitlines())):
        if match := _NAMESPACE_IMPORT.match(line):
            steps.append(["import", json.loads(match[2]), match[1]])
        elif match := _SIDE_EFFECT_IMPORT.match(line) or _DYNAMIC_IMPORT.match(line):
            steps.append(["import", json.loads(match[1]), None])
        elif match := _ROUTE_MODULES.match(line):
            entries = [_ROUTE_ENTRY.match(entry) for entry in match[1].split(",")]
            matched = [entry for entry in entries if entry is not None]
            if len(matched) < len(entries):
                raise BootScriptChanged(f"unexpected route table in React Router's boot script: {line!r}")
            steps.append(["routes", {json.loads(entry[1]): entry[2] for entry in matched}])
        else:
            raise BootScriptChanged(f"unexpected statement in React Router's boot script: {line!r}")
    return steps


def deferred_boot(boot: str, preloads: list[str]) -> str:
    """The boot module as the shared classic script, this page's chunks in its `data-boot`."""
    data = json.dumps({"preloads": preloads, "steps": boot_steps(boot)}, separators=(",", ":"))
    attribute = data.replace("&", "&amp;").replace("'", "&#39;")  # JSON's quotes stay as they are
    return f"<script data-boot='{attribute}'>{BOOT_RUNNER}</script>"


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

    def post_build(self, **context: Unpack[PostBuildContext]) -> None:
        for page in Path(context["static_dir"]).rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            page.write_text(hydrate_after_paint(html), encoding="utf-8")
