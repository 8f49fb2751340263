"""The build step that defers React Router's boot script until the page has loaded and painted."""

from __future__ import annotations

import json
import re

import pytest

from marketing_site.csp_hashes import inline_script_hashes
from marketing_site.hydrate_after_paint import BootScriptChanged, hydrate_after_paint

EXPORTED = (
    '<head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/>'
    '<link href="/assets/styles.css" rel="stylesheet"/></head><body><main>Hello</main>'
    '<script type="module" async="">import "/assets/manifest-1.js";\n'
    'import * as route0 from "/assets/root-2.js";\n'
    'import * as route1 from "/assets/_index-3.js";\n'
    '  \n  window.__reactRouterRouteModules = {"root":route0,"routes/_index":route1};\n\n'
    'import("/assets/entry.client-4.js");</script></body>'
)


def test_preload_links_and_module_script_leave_the_html():
    html = hydrate_after_paint(EXPORTED)
    assert '<link rel="modulepreload"' not in html and 'type="module"' not in html
    assert '<link href="/assets/styles.css" rel="stylesheet"/>' in html and "<main>Hello</main>" in html


def test_same_imports_run_in_order_after_load_and_a_paint():
    html = hydrate_after_paint(EXPORTED)
    data = json.loads(re.search(r'<script type="application/json" id="boot-modules">(.*?)</script>', html).group(1))
    assert data == {
        "preloads": ["/assets/manifest-1.js", "/assets/root-2.js"],  # preloaded again, in parallel
        "imports": ["/assets/manifest-1.js"],
        "routes": {"root": "/assets/root-2.js", "routes/_index": "/assets/_index-3.js"},
        "entry": "/assets/entry.client-4.js",
    }
    assert list(data["routes"]) == ["root", "routes/_index"], "imported in React Router's order"
    assert html.index('addEventListener("load"') < html.index("requestAnimationFrame") < html.index("setTimeout")
    steps = ["boot.preloads", "boot.imports", "routes[id] = await import", "window.__reactRouterRouteModules = routes",
             "await import(boot.entry)"]
    positions = [html.index(step) for step in steps]
    assert positions == sorted(positions)


def test_every_page_runs_the_same_inline_script():
    """One CSP hash serves every page: only the JSON block (data, never run) differs."""
    other = EXPORTED.replace("_index-3.js", "_product-9.js").replace("routes/_index", "routes/product")
    first, second = hydrate_after_paint(EXPORTED), hydrate_after_paint(other)
    assert first != second and inline_script_hashes(first) == inline_script_hashes(second)


def test_an_unknown_boot_script_fails_the_build():
    with pytest.raises(BootScriptChanged):
        hydrate_after_paint(EXPORTED.replace('import * as route1 from', 'import route1 from'))
    with pytest.raises(BootScriptChanged):  # a statement this step does not know
        hydrate_after_paint(EXPORTED.replace("window.__reactRouterRouteModules", "window.__other"))
    with pytest.raises(BootScriptChanged):  # the entry imported before the route modules are set
        hydrate_after_paint(EXPORTED.replace('import("/assets/entry.client-4.js");', "").replace(
            'import "/assets/manifest-1.js";\n', 'import "/assets/manifest-1.js";\nimport("/assets/entry.client-4.js");\n'))
    with pytest.raises(BootScriptChanged):
        hydrate_after_paint("<html><body>no boot script</body></html>")
