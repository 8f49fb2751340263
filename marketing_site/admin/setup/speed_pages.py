"""Staff pages of speed to lead (admins): who takes leads and the response times (``lead_routing``), and the
webhook endpoints with their deliveries (``webhook_endpoints``). Thin handlers like lead_pages.py's: the guard
checks the role and every POST's CSRF token; the services check the input and audit the change."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from marketing_site.admin.frame.rendering import render
from marketing_site.admin.roles import may_route_leads
from marketing_site.admin.setup import lead_routing, webhook_endpoints
from marketing_site.admin.signin.guard import BASE, Guarded, staff_only
from marketing_site.admin.work.lead_work import WorkRefused
from marketing_site.core.columns import stored_id
from marketing_site.staff.models import StaffUser
from marketing_site.staff.refused import ChangeRefused
from marketing_site.webhooks.models import WebhookEvent
from marketing_site.webhooks.signing import masked


async def _routing_page(request: Request, user: StaffUser, error: str = "") -> Response:
    view = await run_in_threadpool(lead_routing.routing_view)
    return render(
        request,
        "routing.html",
        user,
        400 if error else 200,
        error=error,
        view=view,
        teams=lead_routing.TEAM_LABELS,
        max_weight=lead_routing.MAX_WEIGHT,
        max_minutes=lead_routing.MAX_MINUTES,
        saved="saved" in request.query_params,
    )


@staff_only(allowed=may_route_leads)
async def routing_form(request: Request, user: StaffUser) -> Response:
    return await _routing_page(request, user)


@staff_only(allowed=may_route_leads)
async def routing_save(request: Request, user: StaffUser) -> Response:
    form = {key: str(value) for key, value in (await request.form()).items()}
    try:
        await run_in_threadpool(lead_routing.routing_save, user, form)
    except ChangeRefused as refused:
        return await _routing_page(request, user, str(refused))
    return RedirectResponse(f"{BASE}/routing?saved=1", status_code=303)


async def _endpoints_page(request: Request, user: StaffUser, error: str = "", url: str = "") -> Response:
    summaries = await run_in_threadpool(webhook_endpoints.endpoints)
    return render(
        request,
        "webhooks.html",
        user,
        400 if error else 200,
        error=error,
        summaries=summaries,
        events=WebhookEvent,
        url=url,
    )


async def _endpoint_page(
    request: Request, user: StaffUser, endpoint_id: int, secret: str = "", error: str = ""
) -> Response:
    try:
        found = await run_in_threadpool(webhook_endpoints.endpoint_file, endpoint_id)
    except webhook_endpoints.EndpointNotFound:
        return PlainTextResponse("No such endpoint", status_code=404)
    return render(
        request,
        "webhook.html",
        user,
        400 if error else 200,
        error=error,
        found=found,
        events=WebhookEvent,
        secret=secret,  # shown this once, just after it was made
        masked=masked(found.endpoint.secret),
    )


@staff_only(allowed=may_route_leads)
async def endpoints_list(request: Request, user: StaffUser) -> Response:
    return await _endpoints_page(request, user)


@staff_only(allowed=may_route_leads)
async def endpoint_add(request: Request, user: StaffUser) -> Response:
    form = await request.form()
    url = str(form.get("url", ""))
    try:
        endpoint, secret = await run_in_threadpool(
            webhook_endpoints.endpoint_create, user, url, [str(event) for event in form.getlist("events")]
        )
    except WorkRefused as refused:
        return await _endpoints_page(request, user, str(refused), url)
    return await _endpoint_page(request, user, stored_id(endpoint), secret=secret)


@staff_only(allowed=may_route_leads)
async def endpoint_show(request: Request, user: StaffUser) -> Response:
    return await _endpoint_page(request, user, request.path_params["endpoint_id"])


@staff_only(allowed=may_route_leads)
async def endpoint_rotate(request: Request, user: StaffUser) -> Response:
    endpoint_id = request.path_params["endpoint_id"]
    try:
        secret = await run_in_threadpool(webhook_endpoints.endpoint_rotate, user, endpoint_id)
    except webhook_endpoints.EndpointNotFound:
        return PlainTextResponse("No such endpoint", status_code=404)
    return await _endpoint_page(request, user, endpoint_id, secret=secret)


Change = Callable[[StaffUser, int, FormData, Mapping[str, Any]], str]


def _endpoint_change(change: Change) -> Guarded:
    """A POST changing one endpoint: then its page again (or the list, once deleted)."""

    @staff_only(allowed=may_route_leads)
    async def act(request: Request, user: StaffUser) -> Response:
        endpoint_id = request.path_params["endpoint_id"]
        form = await request.form()
        try:
            target = await run_in_threadpool(change, user, endpoint_id, form, request.path_params)
        except webhook_endpoints.EndpointNotFound:
            return PlainTextResponse("No such endpoint or delivery", status_code=404)
        except WorkRefused as refused:
            return await _endpoint_page(request, user, endpoint_id, error=str(refused))
        return RedirectResponse(target, status_code=303)

    return act


def _update(user: StaffUser, endpoint_id: int, form: FormData, _params: Mapping[str, Any]) -> str:
    events = [str(event) for event in form.getlist("events")]
    webhook_endpoints.endpoint_update(user, endpoint_id, events, form.get("enabled") == "on")
    return f"{BASE}/webhooks/{endpoint_id}"


def _delete(user: StaffUser, endpoint_id: int, _form: FormData, _params: Mapping[str, Any]) -> str:
    webhook_endpoints.endpoint_delete(user, endpoint_id)
    return f"{BASE}/webhooks"


def _resend(user: StaffUser, endpoint_id: int, _form: FormData, params: Mapping[str, Any]) -> str:
    webhook_endpoints.delivery_resend(user, endpoint_id, params["delivery_id"])
    return f"{BASE}/webhooks/{endpoint_id}"


ROUTES = [
    Route("/routing", routing_form, methods=["GET"]),
    Route("/routing", routing_save, methods=["POST"]),
    Route("/webhooks", endpoints_list, methods=["GET"]),
    Route("/webhooks", endpoint_add, methods=["POST"]),
    Route("/webhooks/{endpoint_id:int}", endpoint_show, methods=["GET"]),
    Route("/webhooks/{endpoint_id:int}", _endpoint_change(_update), methods=["POST"]),
    Route("/webhooks/{endpoint_id:int}/rotate", endpoint_rotate, methods=["POST"]),
    Route("/webhooks/{endpoint_id:int}/delete", _endpoint_change(_delete), methods=["POST"]),
    Route(
        "/webhooks/{endpoint_id:int}/deliveries/{delivery_id:int}/resend", _endpoint_change(_resend), methods=["POST"]
    ),
]
