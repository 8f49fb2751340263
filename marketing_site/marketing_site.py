"""The Reflex app: every page of the registry, plus the lead API."""

from __future__ import annotations

import reflex as rx

from .exact_routes import serve_pages_exactly
from .leads.api import build_api
from .leads.upload_limit import upload_body_limit
from .pages.registry import PAGES
from .pages.seo import head_tags, sitemap_context

app = rx.App(
    html_lang="en",
    stylesheets=[],
    api_transformer=[build_api(), upload_body_limit, serve_pages_exactly],
    # Visitors never see Reflex's developer toast ("Cannot connect to server…"): a form being
    # submitted says so calmly itself (components/submit_bar.jsx), and nothing else needs the server.
    toaster=None,
)
app.app_wraps.pop((5, "Overlay"))

for spec in PAGES:
    app.add_page(
        spec.page,
        route=spec.route,
        title=spec.seo.title,
        description=spec.seo.description,
        meta=head_tags(spec),
        context=sitemap_context(spec),
    )
