"""JSON endpoints for the four lead posts of spec section 7, mounted into Reflex.

Mount with ``rx.App(api_transformer=build_api())``. The handlers only parse the request and
call the lead service; every malformed input gets a 4xx answer, never a 500.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from reflex.config import get_config
from sqlalchemy.exc import SQLAlchemyError
from starlette.middleware.cors import CORSMiddleware

from marketing_site.content.forms import HONEYPOT_NAME
from marketing_site.content.messages import message, speaking
from marketing_site.csp_hashes import inline_script_hashes
from marketing_site.languages import preferred_language
from marketing_site.leads import db, idempotency, openapi, service
from marketing_site.leads.json_body import BadBody, parse_object
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import LeadRejected, LeadValidationError, SubmissionContext
from marketing_site.settings import settings

log = logging.getLogger(__name__)
DATABASE_RETRY_AFTER_SECONDS = 30
API_KINDS = (LeadKind.PRODUCT_VIDEO, LeadKind.SCHEDULE_DEMO, LeadKind.SIGNUP_DEMO, LeadKind.PRODUCT_DEMO)
ALLOW = "POST, OPTIONS"
OTHER_METHODS = ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"]
SWAGGER_CDN = "https://cdn.jsdelivr.net"  # where FastAPI's Swagger UI page loads its script and styles


def build_api() -> FastAPI:
    docs = settings.environment != "prod"
    app = FastAPI(
        title="Lead capture API",
        version="1",
        redoc_url=None,
        docs_url=None,
        openapi_url="/api/openapi.json" if docs else None,
    )
    if docs:
        app.add_api_route("/api/docs", _docs, methods=["GET"], include_in_schema=False)
    for kind in API_KINDS:
        app.add_api_route(
            f"/api/{kind.value}",
            _endpoint(kind),
            methods=["POST"],
            status_code=201,
            name=kind.value,
            summary=f"Store a {kind.value} lead",
            max_body_size=settings.max_body_bytes,  # Content-Length and streamed bytes
            openapi_extra=openapi.operation(kind),
        )
        # Without this, other methods fall through to Reflex and answer 404 as if nothing lived here.
        app.add_api_route(f"/api/{kind.value}", _other_method, methods=OTHER_METHODS, include_in_schema=False)
    from marketing_site.booking import api as booking_api  # imported here: it builds on post_answer below

    booking_api.add_routes(app)
    # Content-Type is always allowed (Starlette's safelist); a preflight is remembered 10 minutes (its default).
    app.add_middleware(
        CORSMiddleware,
        allow_origins=settings.allowed_origins,
        allow_methods=["GET", "POST"],
        allow_headers=["Idempotency-Key"],
    )
    return app


def _docs() -> HTMLResponse:
    """Swagger UI (outside production) with a policy of its own: it loads from its CDN and runs one
    inline script, which the site's policy (security_headers.py) would refuse."""
    page = get_swagger_ui_html(openapi_url="/api/openapi.json", title="Lead capture API")
    scripts = " ".join(f"'sha256-{digest}'" for digest in sorted(inline_script_hashes(page.body.decode())))
    page.headers["Content-Security-Policy"] = (
        f"default-src 'none'; script-src {SWAGGER_CDN} {scripts}; style-src {SWAGGER_CDN} 'unsafe-inline'; "
        "img-src https://fastapi.tiangolo.com data:; connect-src 'self'; "
        "frame-ancestors 'none'; object-src 'none'; base-uri 'none'"
    )
    return page


def _endpoint(kind: LeadKind):
    async def submit(request: Request) -> JSONResponse:
        return await _submit(kind, request)

    return submit


async def _submit(kind: LeadKind, request: Request) -> JSONResponse:
    def store(payload: dict[str, Any], context: SubmissionContext) -> tuple[int, dict[str, Any]]:
        return idempotency.SUCCESS_STATUS, idempotency.success_body(service.lead_submit(kind, payload, context))

    return await post_answer(request, kind.value, store)


# Stores one posted lead (in a worker thread, within the database deadline): (status, JSON body).
Store = Callable[[dict[str, Any], SubmissionContext], tuple[int, dict[str, Any]]]


async def post_answer(request: Request, what: str, store: Store) -> JSONResponse:
    """Every lead POST's checks and refusals around ``store``, in the language the client asks for with
    Accept-Language (English by default): 415, 400, 422, 429 and 503 alike for every endpoint."""
    with speaking(preferred_language(request.headers.get("accept-language", "")).code):
        return await _answer(request, what, store)


async def _answer(request: Request, what: str, store: Store) -> JSONResponse:
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        return _error(415, message("api.json_only"))
    key = request.headers.get("idempotency-key")
    if key is not None and not idempotency.key_is_valid(key):
        return _error(400, message("api.idempotency_key"))
    try:
        payload = parse_object(await request.body())
    except BadBody as bad:
        return _error(400, str(bad))
    try:
        status, body = await db.run_bounded(store, payload, _context(request, payload, key or ""))
    except LeadValidationError as invalid:
        return JSONResponse({"errors": invalid.errors}, status_code=422)
    except LeadRejected as rejected:
        return JSONResponse(
            {"error": str(rejected)}, status_code=429, headers={"Retry-After": str(rejected.retry_after_seconds)}
        )
    except SQLAlchemyError:
        # The database is down or refusing writes: nothing was stored, so tell the client to retry.
        log.exception("Storing a %s lead failed: database unavailable", what)
        return JSONResponse(
            {"error": message("lead.not_stored")},
            status_code=503,
            headers={"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS)},
        )
    return JSONResponse(body, status_code=status)


async def _other_method(request: Request) -> Response:
    """405 naming POST; a plain OPTIONS (not a CORS preflight, which the middleware answers) is told the same."""
    return other_method(request, ALLOW, "api.post_only")


def other_method(request: Request, allow: str, message_id: str) -> Response:
    if request.method == "OPTIONS":
        return Response(status_code=204, headers={"Allow": allow})
    with speaking(preferred_language(request.headers.get("accept-language", "")).code):
        return JSONResponse({"error": message(message_id)}, status_code=405, headers={"Allow": allow})


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


def client_address(request: Request) -> str:
    """The visitor's IP: X-Forwarded-For is believed only through REFLEX_TRUSTED_PROXY_HOPS proxies,
    the same rule Reflex applies to the forms' websocket, so both share one rate-limit bucket per visitor."""
    address = request.client.host if request.client else "unknown"
    hops = get_config().trusted_proxy_hops
    forwarded = [ip.strip() for ip in request.headers.get("x-forwarded-for", "").split(",") if ip.strip()]
    return forwarded[-hops] if hops and len(forwarded) >= hops else address


def _context(request: Request, payload: dict[str, Any], key: str) -> SubmissionContext:
    trap = payload.get(HONEYPOT_NAME)
    # A sent "referrer" is validated; the Referer header is only a hint, so it is cut to fit.
    referer_header = service.fitted(request.headers.get("referer"), "referrer")
    return SubmissionContext(
        client_id=client_address(request),
        page=payload.get("page", ""),
        referrer=payload.get("referrer", referer_header),
        utm={name: payload[name] for name in service.UTM_KEYS if name in payload},
        honeypot="" if trap in (None, "") else str(trap),
        consent_text_version=payload.get("consentTextVersion", ""),
        idempotency_key=key,
    )
