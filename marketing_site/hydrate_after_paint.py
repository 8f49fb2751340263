"""Prerendered pages paint before their JavaScript is fetched: the page is complete HTML, and the
scripts only add behaviour, so they start once the page has loaded and painted (LCP).

React Router writes into each exported HTML file a `<link rel="modulepreload">` per chunk and an
inline module script that imports the route modules and then the client entry. Both would compete
with the stylesheet and hero image for a slow connection. This build step removes the links and
replaces the module script with a classic one that, after `load` and the next paint, adds the same
preloads (so the chunks still download in parallel) and runs the same imports in the same order.
It runs after the production build, before Reflex writes the gzip sidecars.

The script is the same on every page (the modules it loads are data in a JSON block beside it), so
the Content-Security-Policy needs one hash for it, not one per page (csp_hashes.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from reflex.plugins import Plugin

_PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)"/>')
_BOOT_SCRIPT = re.compile(r'<script type="module" async="">(.*?)</script>', re.S)
_NAMESPACE_IMPORT = re.compile(r'^import \* as (\w+) from "([^"]+)";$', re.M)
_SIDE_EFFECT_IMPORT = re.compile(r'^import "([^"]+)";$', re.M)
_ROUTE_MODULES = re.compile(r"^\s*window\.__reactRouterRouteModules = \{(.*)\};$", re.M)
_ROUTE_ENTRY = re.compile(r'"([^"]+)":(\w+)')
_DYNAMIC_IMPORT = re.compile(r'^import\("([^"]+)"\);$', re.M)

# The same on every page: preload, then import in React Router's order, after load + one paint.
BOOT_SCRIPT = """<script>addEventListener("load", () => requestAnimationFrame(() => setTimeout(async () => {
const boot = JSON.parse(document.getElementById("boot-modules").textContent);
for (const href of boot.preloads) document.head.append(Object.assign(document.createElement("link"), {rel: "modulepreload", href}));
for (const src of boot.imports) await import(src);
const routes = {};
for (const [id, src] of Object.entries(boot.routes)) routes[id] = await import(src);
window.__reactRouterRouteModules = routes;
await import(boot.entry);
})));</script>"""


class BootScriptChanged(RuntimeError):
    """React Router's output no longer has the shape this step rewrites; fail the build loudly."""


def boot_modules(boot: str, preloads: list[str]) -> dict:
    """What React Router's boot module loads, in its order: side-effect imports, the route modules
    (by route id), then the client entry. Anything else in it fails the build."""
    imports = _SIDE_EFFECT_IMPORT.findall(boot)
    namespaces = dict(_NAMESPACE_IMPORT.findall(boot))
    assignments, entries = _ROUTE_MODULES.findall(boot), _DYNAMIC_IMPORT.findall(boot)
    rest = _DYNAMIC_IMPORT.sub("", _ROUTE_MODULES.sub("", _NAMESPACE_IMPORT.sub("", _SIDE_EFFECT_IMPORT.sub("", boot))))
    if rest.strip() or len(assignments) != 1 or len(entries) != 1:
        raise BootScriptChanged(f"unexpected statement in React Router's boot script: {boot!r}")
    order = [m.start() for pattern in (_SIDE_EFFECT_IMPORT, _NAMESPACE_IMPORT, _ROUTE_MODULES, _DYNAMIC_IMPORT)
             for m in pattern.finditer(boot)]
    route_of = {name: route for route, name in _ROUTE_ENTRY.findall(assignments[0])}
    if order != sorted(order) or sorted(route_of) != sorted(namespaces):
        raise BootScriptChanged(f"React Router's boot script loads modules in another way: {boot!r}")
    routes = {route_of[name]: src for name, src in namespaces.items()}  # in import order
    return {"preloads": preloads, "imports": imports, "routes": routes, "entry": entries[0]}


def deferred_boot(boot: str, preloads: list[str]) -> str:
    """The page's modules as a JSON block (not run, so no CSP hash) and the shared BOOT_SCRIPT."""
    data = json.dumps(boot_modules(boot, preloads)).replace("</", "<\\/")
    return f'<script type="application/json" id="boot-modules">{data}</script>{BOOT_SCRIPT}'


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
