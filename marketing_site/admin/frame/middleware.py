"""Rules every request to the staff area passes before its route, and the cookies every answer carries.

- Methods other than GET, HEAD and POST answer 405 with Allow (TRACE included), on any path.
- A NUL character in the path or the query string answers 400 (PostgreSQL cannot store or compare one).
- An address with a trailing slash that names a route without it is redirected there by a *relative*
  Location: Starlette's own redirect builds an absolute one from the Host header, which anyone can forge.
- The cookies a handler queued (auth.set_cookie) are added to the answer, whatever it is.
"""

from __future__ import annotations

from urllib.parse import unquote

from starlette.datastructures import MutableHeaders
from starlette.responses import PlainTextResponse, RedirectResponse
from starlette.routing import Match, Router
from starlette.types import ASGIApp, Message, Receive, Scope, Send

ALLOWED_METHODS = ("GET", "HEAD", "POST")


class StaffAreaRules:
    def __init__(self, app: ASGIApp, router: Router) -> None:
        self.app, self.router = app, router

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        scope.setdefault("state", {})

        async def with_cookies(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for cookie in scope["state"].get("cookies", []):
                    headers.append("set-cookie", cookie)
            await send(message)

        await self.app(scope, receive, with_cookies)

    def _refusal(self, scope: Scope) -> ASGIApp | None:
        if scope["method"] not in ALLOWED_METHODS:
            return PlainTextResponse(
                "Method not allowed", status_code=405, headers={"Allow": ", ".join(ALLOWED_METHODS)}
            )
        query = scope.get("query_string", b"").decode("latin-1")
        if "\x00" in scope["path"] or "\x00" in unquote(query):
            return PlainTextResponse("A NUL character is not allowed in an address", status_code=400)
        return self._slash_redirect(scope, query)

    def _slash_redirect(self, scope: Scope, query: str) -> ASGIApp | None:
        path: str = scope["path"]
        if not path.endswith("/") or path.rstrip("/") + "/" == scope.get("root_path", "") + "/":
            return None
        stripped = {**scope, "path": path.rstrip("/")}
        if any(route.matches(stripped)[0] is Match.FULL for route in self.router.routes):
            return RedirectResponse(stripped["path"] + (f"?{query}" if query else ""), status_code=307)
        return None
