"""One way every staff page is rendered: the Jinja2 templates (autoescaped), the session's CSRF token, the
reader's clock, the confirmation of the change just made, no caching, and the staff area's own strict
Content-Security-Policy (its stylesheet and script from 'self', nothing inline, nothing from elsewhere).

A change answers with a redirect (POST, redirect, GET) to an address ending in ``done=<what>`` (``after``),
and that page says so ("Saved"): a word from ``NOTICES``, never text from the address.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from marketing_site.admin import roles
from marketing_site.admin.frame.static_files import static_url
from marketing_site.admin.local_time import BROWSER_ZONE_COOKIE, StaffClock, viewer_zone
from marketing_site.admin.signin import auth
from marketing_site.admin.signin.guard import BASE
from marketing_site.admin.staff_names import staff_name
from marketing_site.admin.viewer import Viewer
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import stored_id
from marketing_site.leads.models import display_name
from marketing_site.mail.models import OutboxStatus
from marketing_site.staff.models import StaffUser
from marketing_site.web.html.page_templates import templates

NO_STORE = {"Cache-Control": "no-store"}  # leads never rest in a browser's or proxy's cache
POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",  # the passkey script's calls
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
    )
)
NOTICES = {
    "saved": "Saved",
    "note": "Saved: note added",
    "unread": "Saved: marked unread",
    "released": "Saved: released into the inbox",
    "deleted": "Deleted",
    "resent": "Saved: the mail goes out again",
    "call": "Saved: call logged",
    "reassigned": "Saved: handed to the next in the rotation",
    "moved": "Saved: the demo moved; visitor and host get the new invitation",
    "cancelled": "Saved: the demo is cancelled; the visitor gets our apology and a link to book again",
    "held": "Saved: the demo was held; the visitor gets a short recap the next working morning",
    "no_show": "Saved: marked a no-show; the visitor gets a mail with a link to book another time",
}


def after(target: str, done: str = "saved") -> RedirectResponse:
    """The redirect that follows a change: the page to see next, told what was done (a ``NOTICES`` key)."""
    return RedirectResponse(f"{target}{'&' if '?' in target else '?'}{urlencode({'done': done})}", status_code=303)


def clock_of(request: Request, user: StaffUser | None) -> StaffClock:
    zone = viewer_zone(user.time_zone if user else None, request.cookies.get(BROWSER_ZONE_COOKIE))
    return StaffClock.at(zone, utc_now())


def viewer_of(request: Request, user: StaffUser) -> Viewer:
    return Viewer(user.role, stored_id(user), clock_of(request, user))


def render(
    request: Request,
    template: str,
    user: StaffUser | None,
    status_code: int = 200,
    headers: dict[str, str] | None = None,
    **values: Any,
) -> Response:
    return templates.TemplateResponse(
        request,
        template,
        {
            "base": BASE,
            "user": user,
            "csrf": auth.csrf_token(request),
            "clock": clock_of(request, user),
            "saved_notice": NOTICES.get(request.query_params.get("done", ""), ""),
            "static_url": static_url,
            "name": display_name,
            "staff_name": staff_name,
            "roles": roles,
            "mail_statuses": OutboxStatus,
            "here": request.url.path,
            "error": "",
            **values,
        },
        status_code=status_code,
        headers={**NO_STORE, "Content-Security-Policy": POLICY, **(headers or {})},
    )
