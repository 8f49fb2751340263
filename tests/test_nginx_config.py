"""Debian's nginx with the repo's config (deploy/nginx, rendered by scripts/render_nginx.py) on a
small export: routing like the README says, gzip sidecars, and each header on each kind of answer,
HSTS only over HTTPS. The real export and the backend behind api.conf: tests/browser/test_security_headers.py.
"""

from __future__ import annotations

import gzip
import http.client
import ssl
import subprocess
from pathlib import Path

import pytest

from marketing_site.build.csp_hashes import inline_script_hashes, write_script_hashes
from marketing_site.web.security_headers import (
    CACHE_HASHED_ASSET,
    CACHE_MEDIA,
    RESOURCE_POLICY,
    STRICT_TRANSPORT_SECURITY,
    content_security_policy,
    read_script_hashes,
)
from scripts.harness.nginx import Nginx, Site
from scripts.harness.ports import free_port

BACKEND = "https://api.example.test"
PAGE = "<html><head><script>document.title = 'home'</script></head><body>home</body></html>"


def _export(root: Path) -> Path:
    for name, body in {
        "index.html": PAGE,
        "product.html": "product",
        "product/index.html": "product/",
        "404.html": "shell",
        "assets/app-1a2b.js": "plain",
        "images/logo.svg": "<svg/>",
        "ar.html": "arabic home",
        "ar/product.html": "arabic product",
        "ar/404.html": "arabic shell",
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(body)
    (root / "assets" / "app-1a2b.js.gz").write_bytes(gzip.compress(b"sidecar"))
    for number in range(120):  # as many inline scripts as both languages' pages: a policy over nginx's 4 KB token limit
        (root / f"page{number}.html").write_text(f"<html><head><script>window.page = {number}</script></head></html>")
    (root.parent / "secret.txt").write_text("outside the root")
    write_script_hashes(root)
    return root


def _certificate(folder: Path) -> tuple[Path, Path]:
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(certificate),
        ],
        check=True,
        capture_output=True,
    )
    return certificate, key


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory):
    """The same export over plain HTTP and over HTTPS (self-signed), each its own nginx."""
    scratch = tmp_path_factory.mktemp("nginx")
    root = _export(scratch / "site" / "client")
    certificate, key = _certificate(scratch)
    no_backend = f"127.0.0.1:{free_port()}"  # nothing listens there: api.conf answers 502 itself
    plain = Site(
        root=root,
        backend_url=BACKEND,
        upstream=no_backend,
        listen=f"127.0.0.1:{free_port()}",
        api_listen=f"127.0.0.1:{free_port()}",
    )
    tls = Site(
        root=root,
        backend_url=BACKEND,
        upstream=no_backend,
        listen=f"127.0.0.1:{free_port()} ssl",
        api_listen=f"127.0.0.1:{free_port()} ssl",
        certificate=certificate,
        key=key,
        redirect_listen=f"127.0.0.1:{free_port()}",
    )
    started = [Nginx(plain, scratch / "plain").start(), Nginx(tls, scratch / "tls").start()]
    yield {"http": plain, "https": tls}
    for server in started:
        server.stop()


def get(
    site: Site, path: str, scheme: str = "http", gzip_ok: bool = False, listen: str | None = None
) -> tuple[int, http.client.HTTPMessage, bytes]:
    port = int((listen or site.listen).split()[0].rsplit(":", 1)[1])
    if scheme == "https":
        connection = http.client.HTTPSConnection("127.0.0.1", port, timeout=5, context=ssl._create_unverified_context())
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", path, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    response = connection.getresponse()
    result = response.status, response.headers, response.read()
    connection.close()
    return result


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/", PAGE.encode()),
        ("/product", b"product"),
        ("/product/", b"product/"),
        ("/product?x=1", b"product"),
    ],
)
def test_routes_resolve_like_try_files(servers, path, body):
    status, _, content = get(servers["http"], path)
    assert (status, content) == (200, body)


@pytest.mark.parametrize("path", ["/../secret.txt", "/%2e%2e/secret.txt"])
def test_paths_escaping_the_root_are_refused(servers, path):
    status, _, content = get(servers["http"], path)
    assert status in (400, 404) and b"outside the root" not in content


@pytest.mark.parametrize("path", ["/nope", "/Product", "/assets/gone-9z9z.js"])
def test_unknown_paths_get_404_html(servers, path):
    status, headers, content = get(servers["http"], path)
    assert (status, content) == (404, b"shell")
    assert headers["Cache-Control"] == "no-cache", "a 404 page is never kept, even under /assets/"


@pytest.mark.parametrize("path", ["/ar/nothing-here", "/ar/Product", "/ar/a/b?x=1"])
def test_unknown_arabic_paths_get_the_arabic_404_html(servers, path):
    status, headers, content = get(servers["http"], path)
    assert (status, content) == (404, b"arabic shell")
    assert headers["Cache-Control"] == "no-cache" and "'sha256-" in headers["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("path", "status", "body"),
    [
        ("/ar", 200, b"arabic home"),
        ("/ar/product", 200, b"arabic product"),
        ("/arabic", 404, b"shell"),
        ("/AR/nothing", 404, b"shell"),
    ],
)
def test_arabic_pages_and_english_lookalikes_keep_their_answers(servers, path, status, body):
    assert get(servers["http"], path)[::2] == (status, body)


def test_gzip_sidecar_and_long_cache_for_hashed_assets(servers):
    status, headers, content = get(servers["http"], "/assets/app-1a2b.js", gzip_ok=True)
    assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(content) == b"sidecar"
    assert headers["Cache-Control"] == CACHE_HASHED_ASSET == "public, max-age=31536000, immutable"
    _, plain_headers, plain = get(servers["http"], "/assets/app-1a2b.js")
    assert "Content-Encoding" not in plain_headers and plain == b"plain"


@pytest.mark.parametrize(
    ("path", "cache", "is_page"),
    [
        ("/", "no-cache", True),
        ("/product", "no-cache", True),
        ("/assets/app-1a2b.js", CACHE_HASHED_ASSET, False),
        ("/images/logo.svg", CACHE_MEDIA, False),
        ("/nope", "no-cache", True),
    ],
)
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_every_kind_of_answer_carries_the_security_headers(servers, scheme, path, cache, is_page):
    _, headers, _ = get(servers[scheme], path, scheme)
    csp = headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert "unsafe-eval" not in csp and "'unsafe-inline'" not in directives.get("script-src", "")
    assert (directives["frame-ancestors"], directives["object-src"], directives["base-uri"]) == ("'none'",) * 3
    if is_page:
        assert directives["connect-src"] == "'self' https://api.example.test wss://api.example.test"
    else:
        assert csp == RESOURCE_POLICY, "assets are not documents: no script hashes repeated on each"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "camera=()" in headers["Permissions-Policy"]
    assert headers.get_all("Cache-Control") == [cache]
    assert headers.get_all("Strict-Transport-Security") == ([STRICT_TRANSPORT_SECURITY] if scheme == "https" else None)
    assert "origin" not in (headers["Vary"] or "").lower(), "static files do not vary by Origin (the backend does)"


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_nginx_own_api_answers_carry_the_backends_headers(servers, scheme):
    """A 502 while the backend is down (or a 413 over client_max_body_size) comes from nginx itself.
    That a proxied answer gets each header once: tests/browser/test_security_headers.py."""
    status, headers, _ = get(servers[scheme], "/api/ProductVideo", scheme, listen=servers[scheme].api_listen)
    assert status == 502
    assert headers.get_all("Content-Security-Policy") == [RESOURCE_POLICY]
    assert headers.get_all("X-Content-Type-Options") == ["nosniff"]
    assert (
        headers["Referrer-Policy"] == "strict-origin-when-cross-origin" and "camera=()" in headers["Permissions-Policy"]
    )
    assert headers.get_all("Strict-Transport-Security") == ([STRICT_TRANSPORT_SECURITY] if scheme == "https" else None)


def test_the_pages_inline_script_is_allowed_by_its_hash(servers):
    _, headers, _ = get(servers["http"], "/")
    (digest,) = inline_script_hashes(PAGE)
    assert f"'sha256-{digest}'" in headers["Content-Security-Policy"]


def test_a_policy_longer_than_one_nginx_token_arrives_whole(servers):
    site = servers["http"]
    _, headers, _ = get(site, "/page7")
    policy = content_security_policy(read_script_hashes(site.root), BACKEND)
    assert len(policy) > 4096 and headers["Content-Security-Policy"] == policy


def test_plain_http_is_sent_to_https_when_tls_is_configured(servers):
    port = int(servers["https"].redirect_listen.rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", "/product?x=1", headers={"Host": "www.example.test"})
    response = connection.getresponse()
    assert (response.status, response.headers["Location"]) == (301, "https://www.example.test/product?x=1")
    connection.close()


def test_hsts_lasts_at_least_a_year():
    assert int(STRICT_TRANSPORT_SECURITY.split("max-age=")[1].split(";")[0]) >= 31_536_000
