"""/livez, /readyz and /metrics: what a load balancer and Prometheus ask each backend.

- /livez: the process answers, nothing else is asked (restarting a backend fixes no database outage).
- /readyz: the database answers within READINESS_DATABASE_SECONDS and, with SMTP_HOST set, no due mail
  has waited OUTBOX_STALL_SECONDS; otherwise 503. The JSON names each check only for those who may scrape
  /metrics (below): through nginx the public sees the status alone, not the state of the database and
  the mail outbox. One indexed query,
  cheap enough for a probe every second. Redis is not asked: the forms' state falls back to the worker's
  memory (web/state_fallback.py) and the rate limiter lets leads through, so a Redis outage is no reason
  to take a backend out of rotation (Reflex's own /_health answers 503 then: no probe should use it).
- /metrics: the Prometheus text of every worker (core/metrics.py) and figures read from the database
  now (outbox, quarantine). Only for METRICS_ALLOWED_ADDRESSES asking directly (a request that came
  through a proxy is never trusted by address) or a request carrying METRICS_TOKEN.
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Iterator

from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import func, select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import col
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from marketing_site import routes
from marketing_site.core import db, metrics
from marketing_site.core.clock import utc_now
from marketing_site.leads.models import Lead
from marketing_site.mail.backlog import backlog, due_mails
from marketing_site.settings import settings

NO_STORE = {"Cache-Control": "no-store"}
PROXY_HEADERS = ("x-forwarded-for", "forwarded", "x-real-ip")
SCRAPE_DATABASE_SECONDS = 2.0  # the database figures of one scrape; past it they are left out (database_up 0)


async def livez(_request: Request) -> Response:
    return PlainTextResponse("ok", headers=NO_STORE)


def _checks() -> dict[str, str]:
    """Each check's verdict ("ok" or why not), within the deadline run_bounded set."""
    with db.session() as db_session:
        if not settings.smtp_host:
            db_session.execute(text("SELECT 1"))
            return {"database": "ok", "outbox": "ok (no SMTP_HOST: mails wait by design)"}
        due, waited = due_mails(db_session, utc_now())
    stalled = waited > settings.outbox_stall_seconds
    return {"database": "ok", "outbox": f"stalled: {due} due mails, the oldest for {waited:.0f} s" if stalled else "ok"}


async def readyz(request: Request) -> Response:
    try:
        checks = await db.run_bounded(_checks, seconds=settings.readiness_database_seconds)
    except SQLAlchemyError:
        checks = {"database": f"no answer within {settings.readiness_database_seconds} s"}
    ready = all(verdict.startswith("ok") for verdict in checks.values())
    answer: dict[str, object] = {"status": "ready" if ready else "not ready"}
    if may_scrape(request):
        answer["checks"] = checks
    return JSONResponse(answer, status_code=200 if ready else 503, headers=NO_STORE)


class DatabaseFigures(Collector):
    """Gauges read from the database at scrape time (never counted in a worker: every worker sees them);
    with ``read`` False (the database did not answer in time) only ``database_up 0``."""

    def __init__(self, read: bool = True) -> None:
        self._read = read

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("database_up", "1 when this scrape read the database figures below, else 0.")
        try:
            if not self._read:
                raise db.DatabaseTimeout("not asked")
            with db.session() as db_session:
                mails = backlog(db_session, utc_now())
                quarantined = db_session.execute(
                    select(func.count()).select_from(Lead).where(col(Lead.quarantined))
                ).scalar_one()
        except SQLAlchemyError:
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        yield GaugeMetricFamily("outbox_due_mails", "Mails whose attempt is due and not yet claimed.", value=mails.due)
        yield GaugeMetricFamily(
            "outbox_oldest_due_age_seconds",
            "How long the longest-waiting due mail has waited; grows while no sender runs.",
            value=mails.oldest_due_seconds,
        )
        yield GaugeMetricFamily(
            "outbox_dead_mails", "Mails that used up their retries (Send again in the inbox).", value=mails.dead
        )
        yield GaugeMetricFamily(
            "outbox_held_mails", "Mails of quarantined leads, held until staff release them.", value=mails.held
        )
        yield GaugeMetricFamily("leads_quarantined", "Leads waiting in quarantine for staff.", value=quarantined)


def may_scrape(request: Request) -> bool:
    """The token, or an allowed address asking directly (behind a proxy every request looks local)."""
    sent = request.headers.get("authorization", "")
    if settings.metrics_token and secrets.compare_digest(sent.encode(), f"Bearer {settings.metrics_token}".encode()):
        return True
    if any(header in request.headers for header in PROXY_HEADERS) or request.client is None:
        return False
    try:
        peer = ipaddress.ip_address(request.client.host)
    except ValueError:
        return False
    return any(peer in ipaddress.ip_network(allowed, strict=False) for allowed in settings.metrics_allowed_addresses)


async def metrics_text(request: Request) -> Response:
    if not may_scrape(request):
        return PlainTextResponse("Metrics are not public", status_code=403, headers=NO_STORE)
    try:
        body = await db.run_bounded(metrics.scrape, [DatabaseFigures()], seconds=SCRAPE_DATABASE_SECONDS)
    except SQLAlchemyError:  # the thread was stuck past its deadline: the workers' counts still answer
        body = await run_in_threadpool(metrics.scrape, [DatabaseFigures(read=False)])
    return Response(body, media_type=metrics.CONTENT_TYPE, headers=NO_STORE)


def build_health() -> Starlette:
    """Mounted among the app's api_transformers (``marketing_site.py``, which says in what order)."""
    return Starlette(
        routes=[
            Route(routes.LIVEZ, livez, methods=["GET"]),
            Route(routes.READYZ, readyz, methods=["GET"]),
            Route(routes.METRICS, metrics_text, methods=["GET"]),
        ]
    )
