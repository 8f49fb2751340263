"""The web-vitals reporter every page mounts (`web_vitals.jsx`); the beacons go to the backend's
/api/vitals (marketing_site/web/vitals_routes.py)."""

from __future__ import annotations

import reflex as rx
from reflex.config import get_config

from marketing_site.routes import VITALS_API

PACKAGE = "web-vitals@6.2.3"


class WebVitals(rx.Component):
    """Renders nothing; loads web-vitals after the page and reports on hide."""

    library = rx.asset("web_vitals.jsx", shared=True).importable_path
    lib_dependencies: list[str] = [PACKAGE]  # noqa: RUF012 - Reflex reads it as a class attribute
    tag = "WebVitals"

    endpoint: rx.Var[str]


def web_vitals() -> rx.Component:
    return WebVitals.create(endpoint=f"{get_config().api_url.rstrip('/')}{VITALS_API}")
