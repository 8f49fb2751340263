"""Reflex configuration: Tailwind only (no Radix Themes bundle) to stay within the page-weight budget."""

from marketing_site.core import metrics_directory

metrics_directory.prepare()  # first: prometheus-client reads its folder once, when the app imports it

import os  # noqa: E402

import reflex as rx  # noqa: E402

from marketing_site.build.csp_hashes import CspHashesPlugin  # noqa: E402
from marketing_site.build.html_language import HtmlLanguagePlugin  # noqa: E402
from marketing_site.build.hydrate_after_paint import HydrateAfterPaintPlugin  # noqa: E402
from marketing_site.build.lazy_socket import LazySocketPlugin  # noqa: E402
from marketing_site.build.phone_countries import PhoneCountriesPlugin  # noqa: E402
from marketing_site.build.plain_jsx import PlainJsxPlugin  # noqa: E402
from marketing_site.build.robots import RobotsTxtPlugin  # noqa: E402
from marketing_site.core.db import reflex_environment  # noqa: E402
from marketing_site.settings import settings  # noqa: E402

for _name, _value in reflex_environment().items():  # our worker count; Reflex's engine within DATABASE_MAX_CONNECTIONS
    os.environ.setdefault(_name, _value)

config = rx.Config(
    app_name="marketing_site",
    db_url=settings.database_url,
    redis_url=settings.redis_url or None,
    deploy_url=settings.site_url,
    # Reflex echoes any Origin back unless told otherwise; only the site may call the backend.
    cors_allowed_origins=settings.allowed_origins,
    show_built_with_reflex=False,
    telemetry_enabled=False,
    plugins=[
        rx.plugins.SitemapPlugin(),
        RobotsTxtPlugin(),
        LazySocketPlugin(),  # state.js: no websocket until an event needs the server
        PlainJsxPlugin(),  # React's createElement for @emotion/react's jsx: flat css props become inline styles
        HydrateAfterPaintPlugin(),
        HtmlLanguagePlugin(),
        PhoneCountriesPlugin(),
        CspHashesPlugin(),  # last of the rewriting steps: hashes the inline scripts as finally served
        rx.plugins.TailwindV4Plugin(),
    ],
)
