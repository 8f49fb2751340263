"""POST /api/vitals: the browsers' web-vitals beacons, mounted next to the lead API.

`navigator.sendBeacon` posts text/plain (a CORS-safelisted type: no preflight), so the body is
read as JSON whatever its type. Small bodies only, one rate limit per visitor with its own key
prefix, and the documented shape (vitals/beacon.py) or nothing; 204 once stored.
"""

from __future__ import annotations

import json
import logging

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from marketing_site.core.rate_limit import RateLimiter, rate_limiter
from marketing_site.routes import VITALS_API
from marketing_site.settings import settings
from marketing_site.vitals.beacon import BeaconRejected, parse_beacon
from marketing_site.vitals.service import vitals_record
from marketing_site.web.answers import client_address

log = logging.getLogger(__name__)
MAX_BODY_BYTES = 2048


def add_routes(app: FastAPI, limiter: RateLimiter | None = None) -> None:
    app.state.limiter = limiter or rate_limiter(settings.vitals_rate_limit_per_minute, prefix="vitals:rate")
    app.add_api_route(VITALS_API, _receive, methods=["POST"], status_code=204, max_body_size=MAX_BODY_BYTES)


async def _receive(request: Request) -> Response:
    if not request.app.state.limiter.allow(client_address(request)):
        return _error(429, "Too many beacons; try again in a minute.")
    try:
        beacon = parse_beacon(json.loads(await request.body()))
    except (ValueError, RecursionError) as invalid:  # bad JSON or UTF-8, or BeaconRejected
        status = 422 if isinstance(invalid, BeaconRejected) else 400
        return _error(status, str(invalid) if status == 422 else "The body must be JSON.")
    try:
        await run_in_threadpool(vitals_record, beacon)
    except SQLAlchemyError:
        log.exception("Storing web vitals failed: database unavailable")
        return _error(503, "Not stored; the database is unavailable.")
    return Response(status_code=204)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)
