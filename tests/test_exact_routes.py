"""The single-port deployment serves each page at its exact address: Reflex's own frontend mount
behind `serve_pages_exactly`, on a folder shaped like the export, driven in-process."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from reflex.utils.precompressed_staticfiles import PrecompressedStaticFiles
from starlette.applications import Starlette
from starlette.routing import Mount

from marketing_site.web.exact_routes import serve_pages_exactly


def _export(root: Path) -> Path:
    for name, body in {
        "index.html": "home",
        "product.html": "products",
        "product/index.html": "products",
        "404.html": "not found",
        "assets/app.js": "js",
        "ar.html": "arabic home",
        "ar/index.html": "arabic home",
        "ar/product.html": "arabic products",
        "ar/404.html": "arabic not found",
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(body)
    return root


def _get(root: Path, *paths: str) -> list[httpx.Response]:
    site = Starlette(routes=[Mount("/", app=PrecompressedStaticFiles(directory=root, html=True))])
    app = serve_pages_exactly(site, static_dir=root)

    async def fetch() -> list[httpx.Response]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://site") as client:
            return [await client.get(path) for path in paths]

    return asyncio.run(fetch())


def test_a_page_is_served_at_its_canonical_address_without_a_redirect(tmp_path: Path) -> None:
    bare, slash, home, asset = _get(_export(tmp_path), "/product", "/product/", "/", "/assets/app.js")
    assert (bare.status_code, bare.text) == (200, "products"), "no 307 to /product/"
    assert (slash.status_code, home.text, asset.text) == (200, "home", "js")


def test_wrong_case_and_unknown_addresses_stay_404(tmp_path: Path) -> None:
    for response in _get(_export(tmp_path), "/Product", "/nothing", "/product.html/x"):
        assert (response.status_code, response.text) == (404, "not found")


def test_unknown_arabic_addresses_get_the_arabic_404_page(tmp_path: Path) -> None:
    for response in _get(_export(tmp_path), "/ar/nothing-here", "/ar/Product", "/ar/product.html/x", "/ar/a/b"):
        assert (response.status_code, response.text) == (404, "arabic not found")
    home, bare, slash = _get(tmp_path, "/ar", "/ar/product", "/ar/")
    assert [(r.status_code, r.text) for r in (home, bare, slash)] == [
        (200, "arabic home"),
        (200, "arabic products"),
        (200, "arabic home"),
    ]
    (english,) = _get(tmp_path, "/arabic-nothing")
    assert (english.status_code, english.text) == (404, "not found")


def test_without_the_mounted_frontend_the_backend_is_left_alone() -> None:
    site = Starlette()
    assert serve_pages_exactly(site) is site
