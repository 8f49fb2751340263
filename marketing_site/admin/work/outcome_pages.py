"""The page of the host's one-click link (``/admin/demo-outcome/<token>``), in the staff area's look.

Opening the link changes nothing (mail scanners open every link they see): the page names the demo and
holds one button, a POST to the same address, which records the outcome. Neither asks anything else, nor
a sign-in: the signed link is the key, and it does one thing (so the POST needs no CSRF token: no cookie
carries any power here). A changed or made-up link (404), an expired one (410), and one that can no longer
act (the demo is marked already, moved, cancelled or not over yet: 409) each get a page saying so.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from marketing_site.admin.frame.rendering import render
from marketing_site.admin.signin.guard import BASE
from marketing_site.admin.work import outcome_work
from marketing_site.booking import outcome_links, outcomes
from marketing_site.booking.models import BookingStatus
from marketing_site.booking.tokens import TokenExpired, TokenInvalid
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import describe
from marketing_site.mail.render import STAFF_LANGUAGE
from marketing_site.settings import settings

PATH = f"/{outcome_links.PATH}/{{token}}"
PUBLIC = {PATH}  # open without signing in (the sign-in tests walk every other route)
INVALID = (
    "This link is not valid: it was changed or cut short. Open it from the mail again, or mark the demo on the "
    "lead's page."
)


def _expired() -> str:
    return (
        f"This link has expired: links work for {settings.demo_outcome_link_days} days after their mail. "
        "Mark the demo on the lead's page."
    )


def _refused(request: Request, refused: Exception) -> Response:
    """The clear page of a link that cannot act; nothing was changed."""
    if isinstance(refused, TokenExpired):
        text, status = _expired(), 410
    elif isinstance(refused, TokenInvalid):
        text, status = INVALID, 404
    else:
        text, status = str(refused), getattr(refused, "status_code", 409)
    # A double click's second POST lands here: its heading says what happened rather than alarm.
    heading = "Already marked" if isinstance(refused, outcomes.AlreadyMarked) else "This link cannot be used"
    return render(request, "demo_outcome.html", None, status, refused=text, heading=heading, inbox=f"{BASE}/")


def _demo(booking: BookingView) -> dict[str, Any]:
    return {
        "booking": booking,
        "when": describe(*booking.in_zone(booking.host_time_zone), STAFF_LANGUAGE),
        "lead_link": f"{BASE}/leads/{booking.lead_id}",
    }


async def outcome_question(request: Request) -> Response:
    try:
        link, booking = await run_in_threadpool(outcome_work.link_check, request.path_params["token"])
    except (TokenInvalid, outcomes.OutcomeRefused) as refused:
        return _refused(request, refused)
    return render(
        request, "demo_outcome.html", None, held=link.outcome is BookingStatus.HELD, asked=True, **_demo(booking)
    )


async def outcome_record(request: Request) -> Response:
    try:
        marked = await run_in_threadpool(outcome_work.link_use, request.path_params["token"])
    except (TokenInvalid, outcomes.OutcomeRefused) as refused:
        return _refused(request, refused)
    return render(
        request,
        "demo_outcome.html",
        None,
        held=marked.outcome is BookingStatus.HELD,
        recap_due=marked.recap_due,
        **_demo(marked.booking),
    )


ROUTES = [
    Route(PATH, outcome_question, methods=["GET"]),
    Route(PATH, outcome_record, methods=["POST"]),
]
