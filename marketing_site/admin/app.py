"""The staff area's routes, mounted on the backend at /admin (``build_admin()`` in the app's api_transformer).

Server-rendered pages (Jinja2, autoescaped) rather than Reflex pages: Reflex cannot set an HttpOnly
cookie, and its state travels over a websocket any visitor can open, while these routes answer only a
request carrying the signed session cookie. Handlers stay thin: guard, call a service, render.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable
from dataclasses import replace
from urllib.parse import quote, urlencode

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route

from marketing_site.admin import (
    account_pages,
    agenda,
    booking_pages,
    erasure,
    export,
    inbox_query,
    lead_routing,
    lead_work,
    response_times,
    signin_pages,
    speed_pages,
    users,
)
from marketing_site.admin.guard import BASE, staff_only
from marketing_site.admin.middleware import StaffAreaRules
from marketing_site.admin.rendering import NO_STORE, render
from marketing_site.admin.roles import kinds_seen, may_download_resumes, may_erase
from marketing_site.admin.staff_db import staff_session
from marketing_site.core.clock import utc_now
from marketing_site.leads.models import Lead
from marketing_site.settings import settings
from marketing_site.staff.models import StaffUser
from marketing_site.web.outage_page import DatabaseOutagePage


def _inbox_view(user: StaffUser, chosen: inbox_query.InboxFilter) -> dict:
    now = utc_now()
    with staff_session() as db_session:
        leads, total = inbox_query.inbox_page(db_session, chosen, user.role)
        clocks = response_times.clocks(db_session, leads, now)
        late = response_times.late_per_owner(db_session, user.role, now)
        per_kind, per_status, unread = inbox_query.counts(db_session, user.role)
        chart = inbox_query.per_day(db_session, user.role)
        quarantined = inbox_query.quarantined_count(db_session, user.role)
        mail_counts = inbox_query.mail_counts(db_session, kinds_seen(user.role))
    return {
        "leads": leads,
        "clocks": clocks,
        "late": late,
        "total": total,
        "per_kind": per_kind,
        "per_status": per_status,
        "unread": unread,
        "chart": chart,
        "chart_max": max([number for _, number in chart] + [1]),
        "quarantined": quarantined,
        "mail_counts": mail_counts,
        "pages": max(math.ceil(total / inbox_query.PAGE_SIZE), 1),
    }


@staff_only
async def inbox(request: Request, user: StaffUser) -> Response:
    try:
        chosen = inbox_query.InboxFilter.from_query(request.query_params)
    except inbox_query.BadFilter as bad:
        return PlainTextResponse(str(bad), status_code=400)
    if not request.query_params and await run_in_threadpool(lead_routing.takes_leads, user.id):
        chosen = replace(chosen, owner=str(user.id))  # "My leads": the default of whoever takes leads
    view = await run_in_threadpool(_inbox_view, user, chosen)
    staff = await run_in_threadpool(users.staff_users)
    return render(
        request,
        "inbox.html",
        user,
        chosen=chosen,
        kinds=kinds_seen(user.role),
        sorts=inbox_query.SORTS,
        staff_users=staff,
        owners={item.id: item.email for item in staff},
        smtp_configured=bool(settings.smtp_host),
        export_query=urlencode(chosen.query_string(page=1)),
        page_query=lambda page: urlencode(chosen.query_string(page=page)),
        **view,
    )


@staff_only(page=False)
async def export_csv(request: Request, user: StaffUser) -> Response:
    try:
        chosen = inbox_query.InboxFilter.from_query(request.query_params)
    except inbox_query.BadFilter as bad:
        return PlainTextResponse(str(bad), status_code=400)
    # Not a with-block: the response streams the spool after this returns; chunks() closes it when done.
    spool = tempfile.SpooledTemporaryFile(max_size=8 * 1024 * 1024, mode="w+", encoding="utf-8", newline="")  # noqa: SIM115
    await run_in_threadpool(export.write_export, chosen, user, spool)
    spool.seek(0)

    def chunks():
        with spool:
            while chunk := spool.read(256 * 1024):
                yield chunk.encode("utf-8")

    return StreamingResponse(
        chunks(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="leads.csv"', **NO_STORE},
    )


def _fields(lead: Lead) -> list[tuple[str, str]]:
    """Every column the lead's kind asks for (NULL: never asked), in the table's order, labelled by its name."""
    return [
        (name.replace("_", " ").capitalize(), str(value))
        for name, value in lead.model_dump().items()
        if value is not None and name != "resume_filename"
    ]


@staff_only
async def lead_page(request: Request, user: StaffUser, error: str = "", status_code: int = 200) -> Response:
    try:
        lead_file = await run_in_threadpool(lead_work.lead_open, request.path_params["lead_id"], user)
    except lead_work.LeadNotFound:
        return PlainTextResponse("No such lead", status_code=404)
    staff = await run_in_threadpool(users.staff_users)
    booking = await run_in_threadpool(agenda.lead_booking, lead_file.lead.id)
    return render(
        request,
        "lead.html",
        user,
        status_code,
        file=lead_file,
        fields=_fields(lead_file.lead),
        error=error,
        booking=booking,
        staff_users=staff,
        owners={item.id: item.email for item in staff},
        may_download=may_download_resumes(user.role),
    )


def _lead_action(work: Callable[..., None], *fields: str, then: str = "lead"):
    """A POST on one lead: run the service with the form's fields, then show the lead (or the inbox)."""

    @staff_only
    async def act(request: Request, user: StaffUser) -> Response:
        form = await request.form()
        lead_id = request.path_params["lead_id"]
        extra = [request.path_params[name] for name in ("mail_id",) if name in request.path_params]
        try:
            await run_in_threadpool(work, lead_id, *extra, user, *(str(form.get(name, "")) for name in fields))
        except lead_work.LeadNotFound:
            return PlainTextResponse("No such lead", status_code=404)
        except lead_work.WorkRefused as refused:
            return PlainTextResponse(str(refused), status_code=400)
        target = f"{BASE}/leads/{lead_id}" if then == "lead" else f"{BASE}/?quarantine=1"
        return RedirectResponse(target, status_code=303)

    return act


def _update(lead_id: int, user: StaffUser, status: str, owner: str) -> None:
    owner_id = inbox_query.whole_number(owner)
    if owner and owner_id is None:
        raise lead_work.WorkRefused("Unknown owner")
    lead_work.lead_update(lead_id, user, status=status, owner_id=owner_id)


@staff_only(allowed=may_download_resumes, page=False)
async def resume(request: Request, user: StaffUser) -> Response:
    try:
        stored = await run_in_threadpool(lead_work.lead_resume, request.path_params["lead_id"], user)
    except lead_work.LeadNotFound:
        return PlainTextResponse("No such lead", status_code=404)
    if stored is None:
        return PlainTextResponse("No résumé stored", status_code=404)
    return Response(
        stored.content,
        media_type=stored.content_type,
        headers={"Content-Disposition": attachment(stored.filename), "X-Content-Type-Options": "nosniff", **NO_STORE},
    )


def attachment(filename: str) -> str:
    """Content-Disposition for a download under ``filename`` (RFC 6266; non-ASCII names as RFC 5987)."""
    quoted = quote(filename)
    return f"attachment; filename*=utf-8''{quoted}" if quoted != filename else f'attachment; filename="{filename}"'


@staff_only(allowed=may_erase)
async def erase_form(request: Request, user: StaffUser) -> Response:
    return render(request, "erase.html", user, erased=None)


@staff_only(allowed=may_erase)
async def erase(request: Request, user: StaffUser) -> Response:
    form = await request.form()
    erased = await run_in_threadpool(erasure.person_erase, str(form.get("email", "")), user)
    return render(request, "erase.html", user, erased=erased)


ROUTES = [
    *signin_pages.ROUTES,
    Route("/", inbox, methods=["GET"]),
    Route("/export.csv", export_csv, methods=["GET"]),
    Route("/leads/{lead_id:int}", lead_page, methods=["GET"]),
    Route("/leads/{lead_id:int}/update", _lead_action(_update, "status", "owner"), methods=["POST"]),
    Route("/leads/{lead_id:int}/note", _lead_action(lead_work.note_add, "body"), methods=["POST"]),
    Route("/leads/{lead_id:int}/call", _lead_action(lead_work.call_log), methods=["POST"]),
    Route("/leads/{lead_id:int}/reassign", _lead_action(lead_work.lead_reassign), methods=["POST"]),
    Route("/leads/{lead_id:int}/unread", _lead_action(lead_work.lead_mark_unread), methods=["POST"]),
    Route("/leads/{lead_id:int}/release", _lead_action(lead_work.quarantine_release), methods=["POST"]),
    Route(
        "/leads/{lead_id:int}/delete", _lead_action(lead_work.quarantine_delete, then="quarantine"), methods=["POST"]
    ),
    Route("/leads/{lead_id:int}/mails/{mail_id:int}/resend", _lead_action(lead_work.mail_resend), methods=["POST"]),
    Route("/leads/{lead_id:int}/resume", resume, methods=["GET"]),
    Route("/erase", erase_form, methods=["GET"]),
    Route("/erase", erase, methods=["POST"]),
    *account_pages.ROUTES,
    *booking_pages.ROUTES,
    *speed_pages.ROUTES,
]


def build_admin() -> Starlette:
    staff_area = Starlette(routes=ROUTES)
    staff_area.router.redirect_slashes = False  # its redirect trusts the Host header; StaffAreaRules redirects
    staff_area.add_middleware(StaffAreaRules, router=staff_area.router)
    staff_area.add_middleware(DatabaseOutagePage)  # outermost: it also answers for the session's own lookups
    return Starlette(
        routes=[
            Route(BASE, lambda _request: RedirectResponse(f"{BASE}/", status_code=307)),
            Mount(BASE, app=staff_area),
        ]
    )
