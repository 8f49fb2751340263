"""The web-vitals reporter every page mounts; the beacons go to the backend's /api/vitals
(marketing_site/web/vitals_routes.py). The measuring itself is `vitals_beacon.js` (why: see its header)."""

from __future__ import annotations

import reflex as rx
from reflex.config import get_config

from marketing_site.components.browser import imported_function
from marketing_site.routes import VITALS_API

PACKAGE = "web-vitals@6.2.3"
BEACON_MODULE = rx.asset("vitals_beacon.js", shared=True)


class WebVitals(rx.Fragment):
    """Renders nothing; brings the web-vitals package into the build for the beacon script to import."""

    lib_dependencies: list[str] = [PACKAGE]  # noqa: RUF012 - Reflex reads it as a class attribute


def start_reporting(endpoint: str) -> rx.Var:
    """The beacon script's `reportWebVitals(endpoint)`, as a handler (run on mount, no server involved)."""
    report = imported_function("reportWebVitals", BEACON_MODULE.importable_path)
    return report.partial(endpoint)


def web_vitals() -> rx.Component:
    return WebVitals.create(on_mount=start_reporting(f"{get_config().api_url.rstrip('/')}{VITALS_API}"))
