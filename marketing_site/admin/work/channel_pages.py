"""The channel report's page and its CSV (sales and admins): which sources, media and campaigns bring demo leads,
booked and held demos and won deals. Thin handlers like app.py's: guard, read the filter, run the selector."""

from __future__ import annotations

import io
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from marketing_site.admin.frame.rendering import NO_STORE, render, viewer_of
from marketing_site.admin.roles import may_read_channels
from marketing_site.admin.signin.guard import staff_only
from marketing_site.admin.staff_db import staff_session
from marketing_site.admin.viewer import Viewer
from marketing_site.admin.work import channel_report
from marketing_site.admin.work.inbox_query import BadFilter
from marketing_site.admin.work.lead_view import TOUCH_NAMES
from marketing_site.leads.models import Touch
from marketing_site.staff.models import StaffUser

Report = tuple[list[channel_report.ChannelRow], channel_report.ChannelRow]


def _report(chosen: channel_report.ChannelFilter, viewer: Viewer) -> Report:
    with staff_session() as db_session:
        return channel_report.channel_rows(db_session, chosen, viewer)


async def _asked_report(request: Request, user: StaffUser) -> tuple[channel_report.ChannelFilter, Report] | Response:
    """The report the query asks for, in the reader's time zone and scope; a 400 naming a bad filter."""
    viewer = viewer_of(request, user)
    try:
        chosen = channel_report.ChannelFilter.from_query(request.query_params, viewer.clock.today())
    except BadFilter as bad:
        return PlainTextResponse(str(bad), status_code=400)
    return chosen, await run_in_threadpool(_report, chosen, viewer)


@staff_only(allowed=may_read_channels)
async def channels(request: Request, user: StaffUser) -> Response:
    asked = await _asked_report(request, user)
    if isinstance(asked, Response):
        return asked
    chosen, (rows, total) = asked
    return render(
        request,
        "channels.html",
        user,
        chosen=chosen,
        rows=rows,
        total=total,
        share=channel_report.ChannelRow.share,
        touches=[(touch.value, TOUCH_NAMES[touch]) for touch in Touch],
        groupings=list(channel_report.Grouping),
        columns=[name.capitalize() for name in chosen.grouping.columns],
        touch_name=TOUCH_NAMES[Touch(chosen.touch)],
        export_query=urlencode(chosen.query_string()),
        touch_query=lambda touch: urlencode(chosen.query_string(touch=touch)),
    )


@staff_only(allowed=may_read_channels, page=False)
async def channels_csv(request: Request, user: StaffUser) -> Response:
    asked = await _asked_report(request, user)
    if isinstance(asked, Response):
        return asked
    chosen, (rows, total) = asked
    out = io.StringIO(newline="")
    channel_report.write_csv(rows, total, chosen, out)
    name = f"channels-{chosen.touch}-touch-{chosen.since}-to-{chosen.until}.csv"
    return Response(
        out.getvalue().encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"', **NO_STORE},
    )


ROUTES = [
    Route("/channels", channels, methods=["GET"]),
    Route("/channels.csv", channels_csv, methods=["GET"]),
]
