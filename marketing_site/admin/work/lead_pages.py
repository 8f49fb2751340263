"""The lead work pages: the inbox, its CSV export, a lead's page and its actions (status, owner, note, call,
reassign, quarantine, mails), a demo moved, cancelled or marked from the lead's page, the résumé, erasure.

Thin handlers: the guard checks the role (and the CSRF token of every POST), a service does the work, a page
is rendered or a redirect says what was done.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import timedelta
from typing import Any
from urllib.parse import quote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from marketing_site.admin.accounts import users
from marketing_site.admin.frame.rendering import NO_STORE, after, clock_of, render, viewer_of
from marketing_site.admin.local_time import StaffClock
from marketing_site.admin.roles import kinds_seen, may_download_resumes, may_erase
from marketing_site.admin.signin.guard import BASE, Guarded, staff_only
from marketing_site.admin.staff_db import staff_session
from marketing_site.admin.staff_names import staff_name
from marketing_site.admin.viewer import Viewer
from marketing_site.admin.work import (
    activity,
    agenda,
    chart,
    demo_work,
    erasure,
    export,
    inbox_query,
    inbox_view,
    lead_view,
    lead_work,
    outcome_work,
    response_times,
)
from marketing_site.booking.views import BookingView
from marketing_site.content.forms import SCHOOL_TYPE_OPTIONS
from marketing_site.core.columns import stored_id
from marketing_site.leads.labels import kind_name, module_choices
from marketing_site.leads.schemas import LeadKind
from marketing_site.settings import settings
from marketing_site.staff.models import Role, StaffUser


def _inbox_view(viewer: Viewer, chosen: inbox_query.InboxFilter) -> dict[str, Any]:
    staff = users.staff_users()
    by_id = {stored_id(member): member for member in staff}
    with staff_session() as db_session:
        leads, total = inbox_query.inbox_page(db_session, chosen, viewer)
        counted, unread = inbox_query.counts(db_session, viewer.role)
        days = inbox_query.per_day(db_session, viewer)
        standing = response_times.clocks(db_session, leads, viewer.clock.now)
        late = response_times.late_per_owner(db_session, viewer.role, viewer.clock.now)
        return {
            "rows": inbox_view.rows(db_session, leads, by_id, viewer.clock, standing),
            "late": [
                (owner_id, staff_name(by_id[owner_id]) if owner_id in by_id else "nobody", number)
                for owner_id, number in late.items()
            ],
            "total": total,
            "summary": inbox_view.summary(counted, unread, viewer.role),
            "chart": chart.build(days, kinds_seen(viewer.role), viewer.clock),
            "countries": inbox_query.countries(db_session),
            "quarantined": inbox_query.quarantined_count(db_session, viewer.role),
            "mail_counts": inbox_query.mail_counts(db_session, kinds_seen(viewer.role)),
            "owners": inbox_view.possible_owners(staff, kinds_seen(viewer.role)),
            "pages": max(math.ceil(total / inbox_query.PAGE_SIZE), 1),
        }


def _day_links(chosen: inbox_query.InboxFilter, clock: StaffClock) -> list[tuple[str, str, bool]]:
    """Today, yesterday, the last 7 days: (label, link, chosen now), days of the reader's zone."""
    today = clock.today()
    spans = (
        ("Today", today, today),
        ("Yesterday", today - timedelta(days=1), today - timedelta(days=1)),
        ("Last 7 days", today - timedelta(days=6), today),
    )
    return [
        (
            label,
            urlencode(chosen.query_string(since=first.isoformat(), until=last.isoformat(), page=1)),
            (chosen.since, chosen.until) == (first.isoformat(), last.isoformat()),
        )
        for label, first, last in spans
    ]


@staff_only
async def inbox(request: Request, user: StaffUser) -> Response:
    try:
        chosen = inbox_query.InboxFilter.from_query(request.query_params)
    except inbox_query.BadFilter as bad:
        return PlainTextResponse(str(bad), status_code=400)
    if not request.query_params and await run_in_threadpool(inbox_query.takes_leads, stored_id(user)):
        chosen = replace(chosen, owner=inbox_query.ME)  # "My leads": the default of whoever takes leads
    viewer = viewer_of(request, user)
    view = await run_in_threadpool(_inbox_view, viewer, chosen)
    sales_seen = any(LeadKind(kind).team is Role.SALES for kind in kinds_seen(user.role))
    return render(
        request,
        "inbox.html",
        user,
        chosen=chosen,
        chosen_country=inbox_query.country_name(chosen.country),
        kinds=[(kind, kind_name(kind)) for kind in kinds_seen(user.role)],
        pipelines=[
            (inbox_view.PIPELINE_NAMES[pipeline], list(pipeline)) for pipeline in inbox_view.pipelines(user.role)
        ],
        # The school's filters only for a role that sees demo leads: a job application has no module or school
        modules=module_choices() if sales_seen else [],
        school_types=SCHOOL_TYPE_OPTIONS if sales_seen else (),
        sorts=inbox_query.SORT_NAMES,
        day_links=_day_links(chosen, viewer.clock),
        smtp_configured=bool(settings.smtp_host),
        export_query=urlencode(chosen.query_string(page=1)),
        page_query=lambda page: urlencode(chosen.query_string(page=page)),
        filter_query=lambda **changes: urlencode(chosen.query_string(page=1, **changes)),
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
    await run_in_threadpool(export.write_export, chosen, viewer_of(request, user), spool)
    spool.seek(0)

    def chunks() -> Iterator[bytes]:
        with spool:
            while chunk := spool.read(256 * 1024):
                yield chunk.encode("utf-8")

    return StreamingResponse(
        chunks(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="leads.csv"', **NO_STORE},
    )


async def _lead_page(request: Request, user: StaffUser, error: str = "", status_code: int = 200) -> Response:
    try:
        lead_file = await run_in_threadpool(lead_work.lead_open, request.path_params["lead_id"], user)
    except lead_work.LeadNotFound:
        return PlainTextResponse("No such lead", status_code=404)
    lead = lead_file.lead
    staff = await run_in_threadpool(users.staff_users)
    booking = await run_in_threadpool(agenda.lead_booking, stored_id(lead))
    clock = clock_of(request, user)
    return render(
        request,
        "lead.html",
        user,
        status_code,
        file=lead_file,
        lead=lead,
        kind=kind_name(lead.kind),
        status=inbox_view.status_label(lead.kind, lead.status),
        pipeline=list(LeadKind(lead.kind).pipeline),
        owners=inbox_view.possible_owners(staff, (lead.kind,)),
        staff_by_id=(staff_by_id := {stored_id(member): member for member in staff}),
        sections=lead_view.sections(lead, lead_file.modules, lead_file.responsibilities, clock, lead_file.touches),
        contacts=lead_view.contacts(lead),
        mail_label=lead_view.mail_label,
        timeline=activity.timeline(lead, lead_file.history, staff_by_id, stored_id(user), clock),
        error=error,
        booking=booking,
        may_download=may_download_resumes(user.role),
    )


@staff_only
async def lead_page(request: Request, user: StaffUser) -> Response:
    return await _lead_page(request, user)


def _lead_action(work: Callable[..., None], *fields: str, done: str = "saved", then: str = "lead") -> Guarded:
    """A POST on one lead: run the service with the form's fields, then show the lead (or the quarantine)
    saying ``done``; a refusal shows the lead again with the reason."""

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
            return await _lead_page(request, user, str(refused), 400)
        return after(f"{BASE}/leads/{lead_id}" if then == "lead" else f"{BASE}/?quarantine=1", done)

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


async def _demo_page(request: Request, user: StaffUser, error: str = "", status_code: int = 200) -> Response:
    lead_id = request.path_params["lead_id"]
    from_day = inbox_query.day_within_range(request.query_params.get("from", ""))
    try:
        choices = await run_in_threadpool(demo_work.demo_choices, lead_id, user, clock_of(request, user), from_day)
        lead = await run_in_threadpool(lead_work.lead_get, lead_id, user)
    except lead_work.LeadNotFound:
        return PlainTextResponse("No such demo", status_code=404)
    except lead_work.WorkRefused as refused:
        return await _lead_page(request, user, str(refused), 409)
    return render(
        request,
        "demo.html",
        user,
        status_code,
        lead=lead,
        choices=choices,
        error=error,
        days_shown=demo_work.DAYS_SHOWN,
    )


@staff_only
async def demo_page(request: Request, user: StaffUser) -> Response:
    return await _demo_page(request, user)


def _demo_change(change: Callable[..., BookingView], *fields: str, done: str) -> Guarded:
    """A POST moving or cancelling a lead's demo; a refusal (a taken time, a page older than the demo's last
    change) shows the free times again with the reason."""

    @staff_only
    async def act(request: Request, user: StaffUser) -> Response:
        form = await request.form()
        lead_id = request.path_params["lead_id"]
        try:
            await run_in_threadpool(change, lead_id, user, *(str(form.get(name, "")) for name in fields))
        except lead_work.LeadNotFound:
            return PlainTextResponse("No such demo", status_code=404)
        except lead_work.WorkRefused as refused:
            return await _demo_page(request, user, str(refused), 409)
        return after(f"{BASE}/leads/{lead_id}", done)

    return act


demo_move = _demo_change(demo_work.demo_move, "slot", "sequence", done="moved")


async def _cancel_question(request: Request, user: StaffUser, error: str = "", status_code: int = 200) -> Response:
    lead_id = request.path_params["lead_id"]
    try:
        demo = await run_in_threadpool(demo_work.demo_to_cancel, lead_id, user)
        lead = await run_in_threadpool(lead_work.lead_get, lead_id, user)
    except lead_work.LeadNotFound:
        return PlainTextResponse("No such demo", status_code=404)
    except lead_work.WorkRefused as refused:
        return await _lead_page(request, user, str(refused), 409)
    form = await request.form() if request.method == "POST" else {}
    return render(
        request, "demo_cancel.html", user, status_code, lead=lead, demo=demo, error=error, reason=form.get("reason", "")
    )


@staff_only
async def demo_cancel_question(request: Request, user: StaffUser) -> Response:
    """The confirmation: the demo, an optional reason for the visitor, and the one form that cancels."""
    return await _cancel_question(request, user)


@staff_only
async def demo_cancel(request: Request, user: StaffUser) -> Response:
    """Only the confirmation page's form cancels (``confirm``); any other POST is asked first."""
    form = await request.form()
    if form.get("confirm") != "yes":
        return await _cancel_question(request, user)
    lead_id = request.path_params["lead_id"]
    fields = (str(form.get(name, "")) for name in ("sequence", "reason"))
    try:
        await run_in_threadpool(demo_work.demo_cancel, lead_id, user, *fields)
    except lead_work.LeadNotFound:
        return PlainTextResponse("No such demo", status_code=404)
    except lead_work.WorkRefused as refused:
        return await _cancel_question(request, user, str(refused), 409)
    return after(f"{BASE}/leads/{lead_id}", "cancelled")


ROUTES = [
    Route("/", inbox, methods=["GET"]),
    Route("/export.csv", export_csv, methods=["GET"]),
    Route("/leads/{lead_id:int}", lead_page, methods=["GET"]),
    Route("/leads/{lead_id:int}/update", _lead_action(_update, "status", "owner"), methods=["POST"]),
    Route("/leads/{lead_id:int}/call", _lead_action(lead_work.call_log, done="call"), methods=["POST"]),
    Route("/leads/{lead_id:int}/reassign", _lead_action(lead_work.lead_reassign, done="reassigned"), methods=["POST"]),
    Route(
        "/leads/{lead_id:int}/note",
        _lead_action(lead_work.note_add, "body", done="note"),
        methods=["POST"],
    ),
    Route(
        "/leads/{lead_id:int}/unread",
        _lead_action(lead_work.lead_mark_unread, done="unread"),
        methods=["POST"],
    ),
    Route(
        "/leads/{lead_id:int}/release",
        _lead_action(lead_work.quarantine_release, done="released"),
        methods=["POST"],
    ),
    Route(
        "/leads/{lead_id:int}/delete",
        _lead_action(lead_work.quarantine_delete, done="deleted", then="quarantine"),
        methods=["POST"],
    ),
    Route(
        "/leads/{lead_id:int}/mails/{mail_id:int}/resend",
        _lead_action(lead_work.mail_resend, done="resent"),
        methods=["POST"],
    ),
    Route("/leads/{lead_id:int}/demo", demo_page, methods=["GET"]),
    Route("/leads/{lead_id:int}/demo/move", demo_move, methods=["POST"]),
    Route("/leads/{lead_id:int}/demo/cancel", demo_cancel_question, methods=["GET"]),
    Route("/leads/{lead_id:int}/demo/cancel", demo_cancel, methods=["POST"]),
    Route(
        "/leads/{lead_id:int}/demo/held",
        _lead_action(outcome_work.demo_held, "sequence", done="held"),
        methods=["POST"],
    ),
    Route(
        "/leads/{lead_id:int}/demo/no-show",
        _lead_action(outcome_work.demo_no_show, "sequence", done="no_show"),
        methods=["POST"],
    ),
    Route("/leads/{lead_id:int}/resume", resume, methods=["GET"]),
    Route("/erase", erase_form, methods=["GET"]),
    Route("/erase", erase, methods=["POST"]),
]
