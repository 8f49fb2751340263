"""The staff area's routes, mounted on the backend at /admin (``build_admin()`` in the app's api_transformer).

Server-rendered pages (Jinja2, autoescaped) rather than Reflex pages: Reflex cannot set an HttpOnly
cookie, and its state travels over a websocket any visitor can open, while these routes answer only a
request carrying the signed session cookie. Here the pages of each role's package (accounts, work, setup)
are composed and wrapped in the area's request rules.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.responses import RedirectResponse
from starlette.routing import Mount, Route

from marketing_site.admin.accounts import account_pages, preferences_pages, signin_pages
from marketing_site.admin.frame import static_files
from marketing_site.admin.frame.middleware import StaffAreaRules
from marketing_site.admin.setup import booking_pages, speed_pages
from marketing_site.admin.signin.guard import BASE
from marketing_site.admin.work import channel_pages, lead_pages, outcome_pages
from marketing_site.web.outage_page import DatabaseOutagePage

ROUTES = [
    *signin_pages.ROUTES,
    *lead_pages.ROUTES,
    *preferences_pages.ROUTES,
    *account_pages.ROUTES,
    *booking_pages.ROUTES,
    *speed_pages.ROUTES,
    *outcome_pages.ROUTES,
    *channel_pages.ROUTES,
]
PUBLIC = signin_pages.PUBLIC | outcome_pages.PUBLIC  # the routes open without signing in


def build_admin() -> Starlette:
    staff_area = Starlette(routes=ROUTES)
    staff_area.router.redirect_slashes = False  # its redirect trusts the Host header; StaffAreaRules redirects
    staff_area.add_middleware(StaffAreaRules, router=staff_area.router)
    staff_area.add_middleware(DatabaseOutagePage)  # outermost: it also answers for the session's own lookups
    return Starlette(
        routes=[
            Route(BASE, lambda _request: RedirectResponse(f"{BASE}/", status_code=307)),
            static_files.ROUTE,
            Mount(BASE, app=staff_area),
        ]
    )
