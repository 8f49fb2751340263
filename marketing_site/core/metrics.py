"""What the backend counts for Prometheus, in every worker process, and the text a scrape answers.

With several workers each process counts in its own files under PROMETHEUS_MULTIPROC_DIR
(core/metrics_directory.py), and a scrape sums them. The library's multiprocess rules, followed here:
the metrics never sit on its global registry and every scrape builds a fresh registry over the files
(a registry kept between scrapes would count the files twice); a gauge names how the workers' values
combine (``livesum``: only living workers); a worker gone (Granian replaced it, or it crashed) has its
live gauges removed at the next scrape (``mark_process_dead``), its counters kept, as they happened.
Values that live in the database (the outbox, the quarantine) are read at scrape time by a collector the
caller passes, never counted here. A process without the folder (a test) counts in memory instead.

Metrics take no personal data as labels: kinds, reasons, routes and status codes only.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
    values,
)
from prometheus_client.registry import Collector

from marketing_site.core.metrics_directory import VARIABLE

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"  # the Prometheus text format
_WORKER_FILE = re.compile(r"_(\d+)\.db$")
disable_created_metrics()  # type: ignore[no-untyped-call]  # the *_created series multiprocess mode cannot give: the same text either way

LEADS_STORED = Counter(
    "leads_stored",
    "Leads committed, by kind; quarantined: the time trap held it for staff to release.",
    ["kind", "quarantined"],
    registry=None,
)
LEADS_REFUSED = Counter(
    "leads_refused",
    "Submissions not stored, by kind and reason: invalid (the visitor can fix it), honeypot, "
    "forged_render_time, rate_limit (the spam traps), database (unreachable or too slow).",
    ["kind", "reason"],
    registry=None,
)
API_SECONDS = Histogram(
    "api_request_duration_seconds",
    "Time to answer a lead or booking API request, by route, method and status.",
    ["route", "method", "status"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
    registry=None,
)
API_IN_PROGRESS = Gauge(
    "api_requests_in_progress",
    "Lead and booking API requests being answered now, across the living workers.",
    multiprocess_mode="livesum",
    registry=None,
)
BOOKING_CONFLICTS = Counter(
    "booking_conflicts", "Bookings refused because the slot was taken meanwhile.", registry=None
)
SIGNIN_FAILURES = Counter(
    "staff_signin_failures",
    "Staff sign-in steps refused, by reason: wrong_credentials (a password, code or passkey), throttled.",
    ["reason"],
    registry=None,
)
OWN_METRICS = (LEADS_STORED, LEADS_REFUSED, API_SECONDS, API_IN_PROGRESS, BOOKING_CONFLICTS, SIGNIN_FAILURES)


def lead_stored(kind: str, quarantined: bool) -> None:
    LEADS_STORED.labels(kind=kind, quarantined=str(quarantined).lower()).inc()


def lead_refused(kind: str, reason: str) -> None:
    LEADS_REFUSED.labels(kind=kind, reason=reason).inc()


def booking_conflict() -> None:
    BOOKING_CONFLICTS.inc()


def signin_failed(reason: str) -> None:
    """A staff sign-in was refused (the sign-in handler calls this; reasons: see SIGNIN_FAILURES)."""
    SIGNIN_FAILURES.labels(reason=reason).inc()


@contextmanager
def api_request_timed(method: str) -> Iterator[dict[str, str]]:
    """Time one API request; the caller fills in ``route`` (empty: not an API route, not recorded) and
    ``status`` in the yielded dict once it knows them."""
    labels = {"route": "", "status": ""}
    started = time.perf_counter()
    API_IN_PROGRESS.inc()
    try:
        yield labels
    finally:
        API_IN_PROGRESS.dec()
        if labels["route"]:
            API_SECONDS.labels(route=labels["route"], method=method, status=labels["status"] or "500").observe(
                time.perf_counter() - started
            )


def _multiprocess_folder() -> Path | None:
    """The folder the workers count in, or None when this process counts in memory."""
    if values.ValueClass is values.MutexValue:
        return None
    return Path(os.environ[VARIABLE])


def _mark_dead_workers(folder: Path) -> None:
    pids = {int(found.group(1)) for path in folder.glob("*.db") if (found := _WORKER_FILE.search(path.name))}
    for pid in pids:
        if not _alive(pid):
            multiprocess.mark_process_dead(pid, str(folder))  # type: ignore[no-untyped-call]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def scrape(collectors: Iterable[Collector] = ()) -> bytes:
    """The Prometheus text of every worker's metrics and of ``collectors`` (read now), from a fresh registry."""
    registry = CollectorRegistry()
    folder = _multiprocess_folder()
    if folder is None:
        for metric in OWN_METRICS:
            registry.register(metric)
    else:
        _mark_dead_workers(folder)
        multiprocess.MultiProcessCollector(registry, str(folder))  # type: ignore[no-untyped-call]
    for collector in collectors:
        registry.register(collector)
    return generate_latest(registry)
