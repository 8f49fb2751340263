"""The one shape a beacon may have, checked before anything is stored.

    {"route": "/product", "device": "mobile",
     "metrics": [{"name": "LCP", "value": 1234.5}, {"name": "CLS", "value": 0.02}]}

`route` is a registered page address, `device` one of DEVICES, `metrics` one to four entries with
distinct names from METRIC_LIMITS and a finite value between 0 and the metric's limit. Anything
else, extra keys included, is refused as a whole.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from marketing_site import routes

DEVICES = ("mobile", "tablet", "desktop")
# Largest plausible value per metric: milliseconds for timings, a layout-shift score for CLS.
METRIC_LIMITS = {"LCP": 120_000.0, "INP": 120_000.0, "TTFB": 120_000.0, "CLS": 100.0}
PAGE_ROUTES = frozenset(route for route in routes.ROUTES if route != routes.NOT_FOUND)


class BeaconRejected(ValueError):
    """The body is not the documented shape; the message says what is wrong."""


@dataclass(frozen=True)
class Beacon:
    route: str
    device: str
    metrics: tuple[tuple[str, float], ...]


def parse_beacon(payload: Any) -> Beacon:
    if not isinstance(payload, dict) or set(payload) != {"route", "device", "metrics"}:
        raise BeaconRejected("expected exactly the keys route, device and metrics")
    route, device, metrics = payload["route"], payload["device"], payload["metrics"]
    if route not in PAGE_ROUTES:
        raise BeaconRejected("route must be one of the site's page addresses")
    if device not in DEVICES:
        raise BeaconRejected(f"device must be one of {', '.join(DEVICES)}")
    if not isinstance(metrics, list) or not 1 <= len(metrics) <= len(METRIC_LIMITS):
        raise BeaconRejected(f"metrics must be a list of 1 to {len(METRIC_LIMITS)} entries")
    parsed = tuple(_metric(entry) for entry in metrics)
    if len({name for name, _ in parsed}) != len(parsed):
        raise BeaconRejected("each metric may appear once")
    return Beacon(route, device, parsed)


def _metric(entry: Any) -> tuple[str, float]:
    if not isinstance(entry, dict) or set(entry) != {"name", "value"}:
        raise BeaconRejected("each metric has exactly a name and a value")
    name, value = entry["name"], entry["value"]
    if name not in METRIC_LIMITS:
        raise BeaconRejected(f"metric name must be one of {', '.join(METRIC_LIMITS)}")
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or not 0 <= value <= METRIC_LIMITS[name]
    ):
        raise BeaconRejected(f"{name} must be a number from 0 to {METRIC_LIMITS[name]:g}")
    return name, float(value)
