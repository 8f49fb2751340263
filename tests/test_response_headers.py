"""The backend's header middleware, in-process, stacked the way Reflex stacks it: a CORS layer around
a mounted API app, the middleware, and Reflex's outermost CORS layer. Also the build step's hashes."""

from __future__ import annotations

import asyncio
import base64
import hashlib
from pathlib import Path

import httpx
from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Route

from marketing_site.build.csp_hashes import inline_script_hashes, write_script_hashes
from marketing_site.web.response_headers import add_security_headers
from marketing_site.web.security_headers import (
    CACHE_HASHED_ASSET,
    RESOURCE_POLICY,
    STRICT_TRANSPORT_SECURITY,
    answer_type,
)

SITE = "http://site.test"


def _stack(static_dir: Path) -> Starlette:
    inner = Starlette(
        routes=[
            Route("/api/lead", lambda _: JSONResponse({"id": 1}, 201), methods=["POST"]),
            Route("/product", lambda _: HTMLResponse("<p>page</p>")),
            Route("/assets/app-1.js", lambda _: HTMLResponse("x", media_type="text/javascript")),
            Route("/docs", lambda _: HTMLResponse("docs", headers={"Content-Security-Policy": "script-src cdn.test"})),
        ]
    )
    inner.add_middleware(CORSMiddleware, allow_origins=[SITE], allow_credentials=True)
    outer = Starlette()
    outer.mount("", add_security_headers(inner, static_dir=static_dir, backend_url="https://api.test"))
    outer.add_middleware(CORSMiddleware, allow_origins=[SITE], allow_credentials=True)
    return outer


def _fetch(static_dir: Path, method: str, path: str, base_url: str = "http://api.test", **kwargs) -> httpx.Response:
    async def fetch() -> httpx.Response:
        transport = httpx.ASGITransport(app=_stack(static_dir))
        async with httpx.AsyncClient(transport=transport, base_url=base_url) as client:
            return await client.request(method, path, **kwargs)

    return asyncio.run(fetch())


def test_api_answer_carries_the_headers_and_vary_origin_once(tmp_path: Path):
    for headers in ({"Origin": SITE}, {"Origin": "https://evil.test"}, {}):
        response = _fetch(tmp_path, "POST", "/api/lead", headers=headers)
        assert response.status_code == 201
        assert response.headers.get_list("vary") == ["Origin"], headers
        assert response.headers["content-security-policy"] == RESOURCE_POLICY
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "strict-origin-when-cross-origin"
        assert response.headers["cache-control"] == "no-cache"
        assert "strict-transport-security" not in response.headers


def test_hsts_only_when_the_request_came_over_https(tmp_path: Path):
    response = _fetch(tmp_path, "GET", "/product", base_url="https://api.test")
    assert response.headers["strict-transport-security"] == STRICT_TRANSPORT_SECURITY


def test_pages_get_the_exports_script_hashes_and_assets_a_long_cache(tmp_path: Path):
    (tmp_path / "index.html").write_text(
        "<script>go()</script><script src='/x.js'></script><script type='application/ld+json'>{}</script>"
    )
    (digest,) = write_script_hashes(tmp_path)
    assert digest == base64.b64encode(hashlib.sha256(b"go()").digest()).decode()
    page = _fetch(tmp_path, "GET", "/product")
    assert f"'sha256-{digest}'" in page.headers["content-security-policy"]
    assert "connect-src 'self' https://api.test wss://api.test" in page.headers["content-security-policy"]
    assert page.headers["cache-control"] == "no-cache"
    assert _fetch(tmp_path, "GET", "/assets/app-1.js").headers["cache-control"] == CACHE_HASHED_ASSET


def test_a_page_that_brings_its_own_policy_keeps_it(tmp_path: Path):
    """The lead API's Swagger UI page (outside production) sets one that allows its CDN."""
    response = _fetch(tmp_path, "GET", "/docs")
    assert response.headers.get_list("content-security-policy") == ["script-src cdn.test"]
    assert response.headers["x-content-type-options"] == "nosniff"


def test_module_and_classic_scripts_are_hashed_data_blocks_are_not():
    html = '<script type="module">a()</script><script>b()</script><script type="application/json">{}</script>'
    assert len(inline_script_hashes(html)) == 2


def test_a_304_counts_as_the_type_of_the_file_it_revalidates():
    """It has no Content-Type; a page has no extension, a file we do not know is no page."""
    assert answer_type("/ar/product", "") == answer_type("/", "") == "text/html"
    assert answer_type("/images/hero.webp", "") == "image/webp"
    assert answer_type("/fonts/noto.woff2", "") == "font/woff2"
    assert answer_type("/assets/app-1.js", "") == "text/javascript"
    assert answer_type("/notes.unknownext", "") == "application/octet-stream"
    assert answer_type("/product", "application/json") == "application/json"  # a sent type always wins
