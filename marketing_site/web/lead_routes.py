"""The four lead posts of spec section 7 (``POST /api/<kind>``): parse, call the lead service, answer.

A demo request (ScheduleDemo, ProductDemo) is stored by the booking service, whose mails offer a link to
pick a free time.

Every malformed input gets a 4xx answer, never a 500 (the checks are ``answers.post_answer``'s).

A POST is answered by the API's innermost middleware (``PostsFirst``), after its CORS rule and timing but ahead
of FastAPI's routing, request wrapper and dependency solving, which cost the worker more per lead than the
middlewares around them (py-spy under load, ``docs/benchmarks.md``). The routes stay on the app for the OpenAPI
document and the other methods.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.middleware.body_limit import RequestBodyLimitMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from marketing_site import routes
from marketing_site.booking.service import demo_request
from marketing_site.leads import idempotency, service
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext
from marketing_site.settings import settings
from marketing_site.web import openapi
from marketing_site.web.answers import ALLOW, OTHER_METHODS, other_method, post_answer

API_KINDS = (LeadKind.PRODUCT_VIDEO, LeadKind.SCHEDULE_DEMO, LeadKind.SIGNUP_DEMO, LeadKind.PRODUCT_DEMO)
DEMO_REQUESTS = (LeadKind.SCHEDULE_DEMO, LeadKind.PRODUCT_DEMO)


def add_routes(app: FastAPI) -> None:
    """The routes, and the middleware that answers their POSTs: add them before the API's other middlewares."""
    app.add_middleware(PostsFirst)
    for kind in API_KINDS:
        app.add_api_route(
            routes.lead_api(kind.value),
            _endpoint(kind),
            methods=["POST"],
            status_code=201,
            name=kind.value,
            summary=f"Store a {kind.value} lead",
            max_body_size=settings.max_body_bytes,  # Content-Length and streamed bytes
            openapi_extra=openapi.operation(kind),
        )
        # Without this, other methods fall through to Reflex and answer 404 as if nothing lived here.
        app.add_api_route(routes.lead_api(kind.value), _other_method, methods=OTHER_METHODS, include_in_schema=False)


def _endpoint(kind: LeadKind) -> Callable[[Request], Awaitable[JSONResponse]]:
    async def submit(request: Request) -> JSONResponse:
        return await _submit(kind, request)

    return submit


async def _submit(kind: LeadKind, request: Request) -> JSONResponse:
    def store(payload: dict[str, Any], context: SubmissionContext) -> tuple[int, dict[str, Any]]:
        stored = demo_request if kind in DEMO_REQUESTS else service.lead_submit
        return idempotency.SUCCESS_STATUS, idempotency.success_body(stored(kind, payload, context))

    return await post_answer(request, kind.value, store)


class PostsFirst:
    """Answers ``POST /api/<kind>`` itself, with the route's body limit; hands every other request on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._posts = {
            routes.lead_api(kind.value): RequestBodyLimitMiddleware(_answered(kind), settings.max_body_bytes)
            for kind in API_KINDS
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        post = self._posts.get(scope["path"]) if scope["type"] == "http" and scope["method"] == "POST" else None
        await (post or self.app)(scope, receive, send)


def _answered(kind: LeadKind) -> ASGIApp:
    async def answer(scope: Scope, receive: Receive, send: Send) -> None:
        response = await _submit(kind, Request(scope, receive))
        await response(scope, receive, send)

    return answer


async def _other_method(request: Request) -> Response:
    """405 naming POST; a plain OPTIONS (not a CORS preflight, which the middleware answers) is told the same."""
    return other_method(request, ALLOW, "api.post_only")
