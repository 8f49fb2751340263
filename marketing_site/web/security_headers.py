"""The security headers and cache rules of every response, defined once.

Two servers send them: the backend (`response_headers.py`, an ASGI middleware: lead API, vitals,
and pages in the single-port deployment) and nginx in front of the static export (its config is
rendered from `deploy/nginx/*.conf` by `scripts/render_nginx.py`, which writes these values in).
The Content-Security-Policy allows no inline script but the ones the build emits, by hash
(`csp_hashes.py` writes them next to the pages); the backend is named in connect-src because the
forms talk to it over a websocket and the vitals beacon and uploads over HTTP.
"""

from __future__ import annotations

import json
import mimetypes
from pathlib import Path
from urllib.parse import urlsplit

from marketing_site.build.csp_hashes import SCRIPT_HASHES_FILE

ONE_YEAR_SECONDS = 31_536_000
# Vite names everything under /assets/ by its content hash: a changed file gets a new address.
HASHED_ASSETS_PREFIX = "/assets/"
CACHE_HASHED_ASSET = f"public, max-age={ONE_YEAR_SECONDS}, immutable"
# Everything else revalidates (ETag/Last-Modified): HTML shows a new release at once, API answers are never reused.
CACHE_REVALIDATE = "no-cache"
# Pictures, videos, fonts: unhashed names that a release may change; an hour stale at most.
CACHE_MEDIA = f"public, max-age={60 * 60}"
# Content-type prefix -> Cache-Control outside /assets/ (first match wins; default CACHE_REVALIDATE).
CACHE_BY_CONTENT_TYPE = (("image/", CACHE_MEDIA), ("video/", CACHE_MEDIA), ("font/", CACHE_MEDIA))
# Sent only over HTTPS (a browser ignores it over HTTP, and it must not pin a plain-HTTP dev host).
STRICT_TRANSPORT_SECURITY = f"max-age={2 * ONE_YEAR_SECONDS}; includeSubDomains"
# Written by the build next to the exported pages: the sha256 of every inline script they carry.

PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)


def backend_origins(backend_url: str) -> tuple[str, str]:
    """The backend's HTTP origin and its websocket origin (`https://api.x` gives also `wss://api.x`)."""
    parts = urlsplit(backend_url)
    websocket = {"https": "wss", "http": "ws"}[parts.scheme]
    return f"{parts.scheme}://{parts.netloc}", f"{websocket}://{parts.netloc}"


def content_security_policy(script_hashes: tuple[str, ...], backend_url: str) -> str:
    """The pages' policy: nothing by default; each kind of resource from the site itself, scripts also by inline hash.

    style-src keeps 'unsafe-inline': React and Radix set style attributes and the build inlines
    critical CSS; styles cannot run code, and Mozilla's Observatory does not deduct for it.
    """
    scripts = " ".join(["'self'", *(f"'sha256-{digest}'" for digest in script_hashes)])
    return "; ".join(
        (
            "default-src 'none'",
            f"script-src {scripts}",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self'",
            "media-src 'self'",
            "manifest-src 'self'",
            f"connect-src 'self' {' '.join(backend_origins(backend_url))}",
            "form-action 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'none'",
        )
    )


# Answers that are not HTML (scripts, images, API JSON) are never rendered as a document, so their
# policy only has to allow nothing; it spares every asset the page policy's ~3 KB of script hashes.
RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'"

# Headers every answer carries besides its policy, over HTTP and HTTPS alike (HSTS: HTTPS only).
COMMON_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
}


# Types of files the site serves that Python's table may lack (it reads the system's /etc/mime.types if any).
mimetypes.add_type("font/woff2", ".woff2")
mimetypes.add_type("image/webp", ".webp")
PAGE_TYPE = "text/html"


def answer_type(path: str, content_type: str) -> str:
    """The content type an answer's headers are chosen by. A 304 Not Modified has no Content-Type, yet a
    browser merges its headers into the copy it keeps: a page revalidated with the resource policy would
    load with no stylesheet and no script (every returning visitor). So a 304 counts as the type of the
    file its path names; pages are addressed without an extension."""
    if content_type:
        return content_type
    if not Path(path).suffix:
        return PAGE_TYPE
    return mimetypes.guess_type(path)[0] or "application/octet-stream"


def policy_for(content_type: str, page_policy: str) -> str:
    """The Content-Security-Policy of an answer: the page policy for HTML, RESOURCE_POLICY otherwise."""
    return page_policy if content_type.startswith(PAGE_TYPE) else RESOURCE_POLICY


def cache_control(path: str, content_type: str) -> str:
    """How long a browser or CDN may keep a response for `path` of `content_type`.

    A 404 page answered under /assets/ is HTML, never a hashed asset, so it is not kept.
    """
    if path.startswith(HASHED_ASSETS_PREFIX) and not content_type.startswith("text/html"):
        return CACHE_HASHED_ASSET
    return next((value for prefix, value in CACHE_BY_CONTENT_TYPE if content_type.startswith(prefix)), CACHE_REVALIDATE)


def read_script_hashes(static_dir: Path | None) -> tuple[str, ...]:
    """The inline-script hashes the build wrote into `static_dir`; none without an export (backend only)."""
    if static_dir is None or not (static_dir / SCRIPT_HASHES_FILE).is_file():
        return ()
    return tuple(json.loads((static_dir / SCRIPT_HASHES_FILE).read_text(encoding="utf-8")))
