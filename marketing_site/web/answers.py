"""Answers every JSON POST shares: the checks around storing a posted lead (415, 400, 422, 429, 503 in
the client's language), 405 with Allow for other methods, and the client's address behind proxies.

The lead, booking and vitals routes build on these, so one refusal reads the same on every endpoint.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse, Response
from reflex.config import get_config
from sqlalchemy.exc import SQLAlchemyError

from marketing_site.content.forms import HONEYPOT_NAME
from marketing_site.content.messages import message, speaking
from marketing_site.core import db
from marketing_site.i18n.languages import preferred_language
from marketing_site.leads import attribution, idempotency, service
from marketing_site.leads.errors import LeadRejected, LeadValidationError
from marketing_site.leads.service import SubmissionContext
from marketing_site.web.json_body import BadBody, parse_object

log = logging.getLogger(__name__)
DATABASE_RETRY_AFTER_SECONDS = 30
ALLOW = "POST, OPTIONS"
OTHER_METHODS = ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"]


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
        status, body = await db.run_bounded(store, payload, submission_context(request, payload, key or ""))
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


def submission_context(request: Request, payload: dict[str, Any], key: str) -> SubmissionContext:
    trap = payload.get(HONEYPOT_NAME)
    # A sent "referrer" is validated; the Referer header is only a hint, so it is cut to fit.
    referer_header = service.fitted(request.headers.get("referer"), "referrer")
    return SubmissionContext(
        client_id=client_address(request),
        page=payload.get("page", ""),
        referrer=payload.get("referrer", referer_header),
        utm={name: payload[name] for name in service.UTM_KEYS if name in payload},
        touches={name: payload[name] for name in attribution.API_NAMES.values() if name in payload},
        honeypot="" if trap in (None, "") else str(trap),
        consent_text_version=payload.get("consentTextVersion", ""),
        idempotency_key=key,
    )
