"""The one JSON API of the backend: the lead posts, the demo booking endpoints and their OpenAPI document
(one FastAPI app, one CORS rule), and the web-vitals beacon (its own app: no document, POST only).

Mounted by the app module through ``rx.App(api_transformer=[build_api(), build_vitals_api(), ...])``.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from starlette.middleware.cors import CORSMiddleware

from marketing_site import routes
from marketing_site.build.csp_hashes import inline_script_hashes
from marketing_site.core.rate_limit import RateLimiter
from marketing_site.settings import settings
from marketing_site.web import booking_routes, lead_routes, vitals_routes
from marketing_site.web.request_metrics import TimedApiRequests

SWAGGER_CDN = "https://cdn.jsdelivr.net"  # where FastAPI's Swagger UI page loads its script and styles


def build_api() -> FastAPI:
    docs = settings.environment != "prod"
    app = FastAPI(
        title="Lead capture API",
        version="1",
        redoc_url=None,
        docs_url=None,
        openapi_url=routes.API_DOCUMENT if docs else None,
    )
    if docs:
        app.add_api_route(routes.API_DOCS, _docs, methods=["GET"], include_in_schema=False)
    lead_routes.add_routes(app)
    booking_routes.add_routes(app)
    app.add_middleware(TimedApiRequests, api_routes=app.routes)
    # Content-Type is always allowed (Starlette's safelist); a preflight is remembered 10 minutes (its default).
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.allowed_origins,
        allow_methods=["GET", "POST"],
        allow_headers=["Idempotency-Key"],
    )
    return app


def build_vitals_api(limiter: RateLimiter | None = None) -> FastAPI:
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    vitals_routes.add_routes(app, limiter)
    app.add_middleware(CORSMiddleware, allow_origins=settings.allowed_origins, allow_methods=["POST"])
    return app


def _docs() -> HTMLResponse:
    """Swagger UI (outside production) with a policy of its own: it loads from its CDN and runs one
    inline script, which the site's policy (security_headers.py) would refuse."""
    page = get_swagger_ui_html(openapi_url=routes.API_DOCUMENT, title="Lead capture API")
    scripts = " ".join(f"'sha256-{digest}'" for digest in sorted(inline_script_hashes(bytes(page.body).decode())))
    page.headers["Content-Security-Policy"] = (
        f"default-src 'none'; script-src {SWAGGER_CDN} {scripts}; style-src {SWAGGER_CDN} 'unsafe-inline'; "
        "img-src https://fastapi.tiangolo.com data:; connect-src 'self'; "
        "frame-ancestors 'none'; object-src 'none'; base-uri 'none'"
    )
    return page
