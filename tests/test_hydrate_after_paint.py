"""The build step that defers React Router's boot script until the page has loaded and painted."""

from __future__ import annotations

import pytest

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
    assert html.index('addEventListener("load"') < html.index("requestAnimationFrame") < html.index("setTimeout")
    order = ['await import("/assets/manifest-1.js")', 'const route0 = await import("/assets/root-2.js")',
             'const route1 = await import("/assets/_index-3.js")', "window.__reactRouterRouteModules",
             'await import("/assets/entry.client-4.js")']
    positions = [html.index(step) for step in order]
    assert positions == sorted(positions)
    assert '["/assets/manifest-1.js", "/assets/root-2.js"]' in html  # preloaded again, in parallel


def test_an_unknown_boot_script_fails_the_build():
    with pytest.raises(BootScriptChanged):
        hydrate_after_paint(EXPORTED.replace('import * as route1 from', 'import route1 from'))
    with pytest.raises(BootScriptChanged):
        hydrate_after_paint("<html><body>no boot script</body></html>")
