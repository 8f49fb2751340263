"""The Reflex app: every page of the registry, plus the lead API."""

from __future__ import annotations

import reflex as rx

from .leads.api import build_api
from .leads.upload_limit import refuse_malformed_uploads, upload_body_limit
from .pages.registry import PAGES
from .pages.seo import head_tags, sitemap_context

app = rx.App(
    html_lang="en",
    stylesheets=[],
    api_transformer=[build_api(), upload_body_limit],
)
refuse_malformed_uploads(app._api)  # Reflex's own Starlette app, where its /_upload route lives

for spec in PAGES:
    app.add_page(
        spec.body,
        route=spec.route,
        title=spec.seo.title,
        description=spec.seo.description,
        meta=head_tags(spec),
        context=sitemap_context(spec),
    )
