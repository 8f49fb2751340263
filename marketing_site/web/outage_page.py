"""A plain page for a request the database could not answer: 503 with Retry-After, in the language the
visitor's browser asks for, never a bare "Internal Server Error".

An ASGI middleware for the server-rendered pages (the staff area, the visitor's booking page): any
SQLAlchemy error (the database refused, or did not answer within the request's deadline) that reaches it
before the answer started becomes this page. It must sit inside the Starlette app that holds the routes,
between Starlette's own 500 handler and them, so it sees the error first (admin/app.py puts it in the
staff area's middleware; ``with_outage_page`` adds it to the booking page's app). The deadlines keep
the wait short: a staff page's database work and the booking page's have a submission's deadline,
DATABASE_SUBMIT_TIMEOUT (admin/staff_db.py).
"""

from __future__ import annotations

import html
import logging

from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from marketing_site.content.messages import message, speaking
from marketing_site.i18n.languages import preferred_language
from marketing_site.web.answers import DATABASE_RETRY_AFTER_SECONDS

log = logging.getLogger(__name__)


def outage_page(accept_language: str) -> HTMLResponse:
    language = preferred_language(accept_language)
    with speaking(language.code):
        title, text = (html.escape(message(part), quote=False) for part in ("outage.title", "outage.text"))
    page = (
        f'<!doctype html>\n<html lang="{language.code}" dir="{language.direction}">\n<head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head>\n<body><main><h1>{title}</h1><p>{text}</p></main></body>\n</html>\n"
    )
    return HTMLResponse(
        page,
        status_code=503,
        headers={"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store"},
    )


class DatabaseOutagePage:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        answering = False

        async def sending(message: Message) -> None:
            nonlocal answering
            answering = answering or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except SQLAlchemyError:
            if answering:
                raise
            log.exception("%s %s: the database did not answer; sent the outage page", scope["method"], scope["path"])
            request = Request(scope)
            await outage_page(request.headers.get("accept-language", ""))(scope, receive, send)


def with_outage_page(app: Starlette) -> Starlette:
    """``app`` (a Starlette app whose routes sit directly in it, like the booking page's) with the page."""
    app.add_middleware(DatabaseOutagePage)
    return app
