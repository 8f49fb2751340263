"""The Reflex app: every page of the registry, plus the lead API."""

from __future__ import annotations

import reflex as rx

from .exact_routes import serve_pages_exactly
from .leads.api import build_api
from .leads.upload_limit import refuse_malformed_uploads, upload_body_limit
from .layout.page import exact_page
from .pages.registry import PUBLISHED, SERVED_ROUTES
from .pages.seo import head_tags, share_image, sitemap_context
from .vitals.api import build_vitals_api

app = rx.App(
    html_lang="en",
    stylesheets=[],
    api_transformer=[build_api(), build_vitals_api(), upload_body_limit, serve_pages_exactly],
    # Visitors never see Reflex's developer toast ("Cannot connect to server…"): a form being
    # submitted says so calmly itself (components/submit_bar.jsx), and nothing else needs the server.
    toaster=None,
)
refuse_malformed_uploads(app._api)  # Reflex's own Starlette app, where its /_upload route lives
app.app_wraps.pop((5, "Overlay"))

for spec in PUBLISHED:
    app.add_page(
        exact_page(spec, SERVED_ROUTES),
        route=spec.route,
        title=spec.seo.title,
        description=spec.seo.description,
        image=share_image(spec),
        meta=head_tags(spec),
        context=sitemap_context(spec),
    )
