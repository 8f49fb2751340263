"""The staff area's one stylesheet and one small script, served by the backend under /admin/static.

Pages name them with their content hash (``?v=``), so a browser keeps them for a year and fetches a new
release at once; both come from 'self', which is all the staff pages' Content-Security-Policy allows (no
inline script or style anywhere in the staff area). Outside the session: a stylesheet needs no cookie.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from marketing_site.admin.signin.guard import BASE

FOLDER = Path(__file__).parents[1] / "static"
TYPES = {"staff.css": "text/css; charset=utf-8", "staff.js": "text/javascript; charset=utf-8"}
CACHE_FOREVER = "public, max-age=31536000, immutable"


@cache
def _content(name: str) -> tuple[bytes, str]:
    content = (FOLDER / name).read_bytes()
    return content, hashlib.sha256(content).hexdigest()[:16]


def static_url(name: str) -> str:
    return f"{BASE}/static/{name}?v={_content(name)[1]}"


async def _serve(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in TYPES:
        return PlainTextResponse("Not found", status_code=404)
    return Response(_content(name)[0], media_type=TYPES[name], headers={"Cache-Control": CACHE_FOREVER})


ROUTE = Route(f"{BASE}/static/{{name}}", _serve, methods=["GET"])
