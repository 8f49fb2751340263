"""One way every staff page is rendered: the Jinja2 templates (autoescaped), the session's CSRF token and no caching."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from marketing_site.admin import auth, roles
from marketing_site.admin.guard import BASE
from marketing_site.leads.models import display_name
from marketing_site.leads.statuses import LeadStatus
from marketing_site.mail.models import OutboxStatus
from marketing_site.staff.models import StaffUser

templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))

NO_STORE = {"Cache-Control": "no-store"}  # leads never rest in a browser's or proxy's cache


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
            "name": display_name,
            "statuses": LeadStatus,
            "roles": roles,
            "mail_statuses": OutboxStatus,
            "error": "",
            **values,
        },
        status_code=status_code,
        headers={**NO_STORE, **(headers or {})},
    )
