"""One way every staff page is rendered: the Jinja2 templates (autoescaped), the session's CSRF token and no caching."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from marketing_site.admin import auth, pipeline
from marketing_site.admin.guard import BASE
from marketing_site.leads.models import StaffUser
from marketing_site.mail.compose import display_name

templates = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))

NO_STORE = {"Cache-Control": "no-store"}  # leads never rest in a browser's or proxy's cache


def render(request: Request, template: str, user: StaffUser | None, status_code: int = 200, **values) -> Response:
    return templates.TemplateResponse(
        request,
        template,
        {
            "base": BASE,
            "user": user,
            "csrf": auth.csrf_token(request),
            "name": display_name,
            "statuses": pipeline.STATUSES,
            "error": "",
            **values,
        },
        status_code=status_code,
        headers=NO_STORE,
    )
