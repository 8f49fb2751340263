"""The Reflex app: every page of the registry, the lead API, the staff area (/admin) and the background loops
(mail, lead timers, webhooks)."""

from __future__ import annotations

import reflex as rx

from marketing_site.admin.app import build_admin
from marketing_site.background import run_forever as run_background_loops
from marketing_site.booking import calendar
from marketing_site.core.heap import freeze_startup_objects
from marketing_site.core.logs import configure_logging
from marketing_site.core.parent_death import end_backend_with_its_parents, end_with_parent
from marketing_site.layout.page import exact_page
from marketing_site.pages.head.seo import head_tags, share_image, sitemap_context
from marketing_site.pages.not_found import not_found_message
from marketing_site.pages.registry import PUBLISHED, SERVED_ROUTES
from marketing_site.settings import settings
from marketing_site.web.api import build_api, build_vitals_api
from marketing_site.web.exact_routes import serve_pages_exactly
from marketing_site.web.health import build_health
from marketing_site.web.html.booking_pages import build_booking_pages
from marketing_site.web.method_refusal import refuse_trace
from marketing_site.web.outage_page import with_outage_page
from marketing_site.web.own_host_redirects import relative_redirects
from marketing_site.web.request_id import with_request_id
from marketing_site.web.response_headers import add_security_headers
from marketing_site.web.state_fallback import fall_back_to_memory
from marketing_site.web.unread_body import close_after_unread_body
from marketing_site.web.upload_limit import refuse_malformed_uploads, upload_body_limit

configure_logging()  # LOG_FORMAT: text lines, or one JSON object each in production

app = rx.App(
    html_lang="en",
    stylesheets=[],
    # Inside out: each app is mounted in the next and is reached through every later one's stack (its
    # middlewares, its routes tried first), so the busiest requests' apps come last: a lead (the API) passes
    # through no other app, a page view's beacon through one. Their paths are disjoint, so no order shadows a route.
    api_transformer=[
        build_admin(),
        with_outage_page(build_booking_pages()),
        build_health(),
        build_vitals_api(),
        build_api(),
        upload_body_limit,
        serve_pages_exactly,
        refuse_trace,
        add_security_headers,
        relative_redirects,
        close_after_unread_body,
        with_request_id,
    ],
    # Visitors never see Reflex's developer toast ("Cannot connect to server…"): a form being
    # submitted says so calmly itself (components/forms/submit_bar.py), and nothing else needs the server.
    toaster=None,
)
if app._api is None:  # rx.App builds it on creation
    raise RuntimeError("Reflex built no Starlette app to refuse malformed uploads on")
refuse_malformed_uploads(app._api)  # Reflex's own Starlette app, where its /_upload route lives
app.app_wraps.pop((5, "Overlay"))
fall_back_to_memory(app)  # forms keep answering while Redis is unreachable
end_backend_with_its_parents()  # no orphan keeps the port after a kill -9 of the backend
app.register_lifespan_task(end_with_parent)  # also without REFLEX_LOG_JSON, from a worker's start on
calendar.install()  # response times and the rotation read demo hosts' own weeks
if settings.mail_sender_in_backend:
    app.register_lifespan_task(run_background_loops)  # every worker runs them; claims keep each row single

for spec in PUBLISHED:
    head = spec.head()
    app.add_page(
        exact_page(spec, SERVED_ROUTES, not_found_message),
        route=spec.route,
        title=head.title,
        description=head.description,
        image=share_image(spec),
        meta=head_tags(spec),
        context=sitemap_context(spec),
    )
freeze_startup_objects()  # the pages just added and every module stay out of the collector's walks
