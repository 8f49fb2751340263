"""The build step that defers React Router's boot script until the page has loaded and painted."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import unescape

import pytest

from marketing_site.build.csp_hashes import inline_script_hashes
from marketing_site.build.hydrate_after_paint import BOOT_RUNNER, BootScriptChanged, hydrate_after_paint


def sha256_of(script: str) -> str:
    return base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()


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


def boot_data(html: str) -> dict:
    """The `data-boot` attribute of the one deferred boot script, as the browser's dataset reads it."""
    (attribute,) = re.findall(r"<script data-boot='([^']*)'>", html)
    return json.loads(unescape(attribute))


def test_same_imports_run_in_order_after_load_and_a_paint():
    html = hydrate_after_paint(EXPORTED)
    assert html.index('addEventListener("load"') < html.index("requestAnimationFrame") < html.index("setTimeout")
    assert boot_data(html) == {
        "preloads": ["/assets/manifest-1.js", "/assets/root-2.js"],  # preloaded again, in parallel
        "steps": [
            ["import", "/assets/manifest-1.js", None],
            ["import", "/assets/root-2.js", "route0"],
            ["import", "/assets/_index-3.js", "route1"],
            ["routes", {"root": "route0", "routes/_index": "route1"}],
            ["import", "/assets/entry.client-4.js", None],
        ],
    }


def test_every_page_runs_the_same_script_text_so_the_policy_needs_one_hash():
    other_page = EXPORTED.replace("_index-3.js", "_product-5.js").replace("routes/_index", "routes/product._index")
    first, second = hydrate_after_paint(EXPORTED), hydrate_after_paint(other_page)
    assert boot_data(first) != boot_data(second)
    assert inline_script_hashes(first) == inline_script_hashes(second) == {sha256_of(BOOT_RUNNER)}


def test_a_quote_or_ampersand_in_an_address_survives_the_attribute():
    html = hydrate_after_paint(EXPORTED.replace("_index-3.js", "_it's&more.js"))
    assert ["import", "/assets/_it's&more.js", "route1"] in boot_data(html)["steps"]


def test_an_unknown_boot_script_fails_the_build():
    with pytest.raises(BootScriptChanged):
        hydrate_after_paint(EXPORTED.replace("import * as route1 from", "import route1 from"))
    with pytest.raises(BootScriptChanged):
        hydrate_after_paint(EXPORTED.replace('import("/assets/entry.client-4.js");', "startApp();"))
    with pytest.raises(BootScriptChanged):
        hydrate_after_paint("<html><body>no boot script</body></html>")
