"""Each header on each kind of answer of the session's site as production serves it: the export
through Debian's nginx with the repo's config (deploy/nginx), the backend directly and through
nginx's api.conf. HTTPS (HSTS) and routing details: tests/test_nginx_config.py."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from header_checks import assert_security_headers, vary_origins

from marketing_site.build.csp_hashes import SCRIPT_HASHES_FILE, inline_script_hashes
from marketing_site.web.security_headers import CACHE_HASHED_ASSET, CACHE_MEDIA


def _static_files(static_root: Path) -> dict[str, str]:
    """One file of each kind the export holds, by its address."""
    script = next((static_root / "assets").glob("*.js")).name
    image = next((static_root / "images").rglob("*.webp")).relative_to(static_root)
    font = next((static_root / "fonts").glob("*.woff2")).relative_to(static_root)
    return {
        "page": "/product",
        "home": "/",
        "script": f"/assets/{script}",
        "image": f"/{image}",
        "font": f"/{font}",
        "missing": "/no-such-page",
    }


@pytest.mark.parametrize(
    ("kind", "status", "cache"),
    [
        ("page", 200, "no-cache"),
        ("home", 200, "no-cache"),
        ("script", 200, CACHE_HASHED_ASSET),
        ("image", 200, CACHE_MEDIA),
        ("missing", 404, "no-cache"),
    ],
)
def test_each_kind_of_static_answer_through_nginx(site_url, backend_url, static_root, kind, status, cache):
    response = httpx.get(site_url + _static_files(static_root)[kind], headers={"Accept-Encoding": "gzip"})
    assert response.status_code == status
    assert_security_headers(response, backend_url)
    assert response.headers["cache-control"] == cache


@pytest.mark.parametrize("kind", ["page", "home", "script", "image", "font"])
def test_a_304_carries_the_headers_of_its_200(site_url, static_root, kind):
    """A browser merges a 304's headers into its copy: a page revalidated under the images' policy and
    caching broke every reload (no stylesheet, no script)."""
    address = site_url + _static_files(static_root)[kind]
    first = httpx.get(address)
    again = httpx.get(
        address, headers={"If-None-Match": first.headers["etag"], "If-Modified-Since": first.headers["last-modified"]}
    )
    assert again.status_code == 304
    for name in ("content-security-policy", "cache-control", "x-content-type-options", "referrer-policy"):
        assert again.headers[name] == first.headers[name], name


def test_the_csp_names_every_inline_script_of_the_page(site_url, static_root):
    hashes = json.loads((static_root / SCRIPT_HASHES_FILE).read_text())
    csp = httpx.get(site_url + "/product").headers["content-security-policy"]
    page_scripts = inline_script_hashes((static_root / "product.html").read_text())
    assert page_scripts and page_scripts <= set(hashes)
    assert all(f"'sha256-{digest}'" in csp for digest in page_scripts)


@pytest.mark.parametrize("through_nginx", [False, True], ids=["backend", "api.conf"])
@pytest.mark.parametrize(("path", "body"), [("/api/ProductVideo", "{}"), ("/api/vitals", "[]"), ("/ping", None)])
def test_backend_answers_carry_the_headers_and_vary_origin_once(
    served, site_url, backend_url, through_nginx, path, body
):
    base = served.api_via_nginx_url if through_nginx else backend_url
    for origin in ({"Origin": site_url}, {}):
        if body is None:
            response = httpx.get(base + path, headers=origin)
        else:
            response = httpx.post(base + path, content=body, headers={"Content-Type": "application/json", **origin})
        assert response.status_code < 500
        assert_security_headers(response, backend_url)
        assert vary_origins(response) == ["Origin"], response.headers.get_list("vary")
