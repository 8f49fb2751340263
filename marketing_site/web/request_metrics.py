"""Time the lead and booking API's answers (core/metrics.py), by route template, method and status.

An ASGI middleware on the API's own FastAPI app. The rest of the backend (the staff area, the forms'
websocket, Reflex) is mounted behind that app, so its requests pass through here too: only those one of
the API's routes matches are timed.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.routing import BaseRoute, Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from marketing_site.core import metrics


class TimedApiRequests:
    def __init__(self, app: ASGIApp, api_routes: Sequence[BaseRoute]) -> None:
        self.app = app
        self._routes = api_routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = self._matched(scope)
        if route is None:
            await self.app(scope, receive, send)
            return
        with metrics.api_request_timed(scope["method"]) as labels:
            labels["route"] = route.path

            async def sending(message: Message) -> None:
                if message["type"] == "http.response.start":
                    labels["status"] = str(message["status"])
                await send(message)

            await self.app(scope, receive, sending)

    def _matched(self, scope: Scope) -> Route | None:
        if scope["type"] != "http":
            return None
        for route in self._routes:
            if isinstance(route, Route) and route.matches(scope)[0] == Match.FULL:
                return route
        return None
