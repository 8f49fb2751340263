"""The only writer of web-vitals rows, and the read the report (and later the staff page) uses."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlmodel import col

from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.vitals.beacon import Beacon
from marketing_site.vitals.models import WebVital


def vitals_record(beacon: Beacon) -> None:
    """Store every metric of one beacon in one transaction."""
    with db.session() as db_session:
        now = utc_now()
        db_session.add_all(
            WebVital(created_at=now, route=beacon.route, metric=name, value=value, device=beacon.device)
            for name, value in beacon.metrics
        )
        db_session.commit()


@dataclass(frozen=True)
class Percentile:
    route: str
    metric: str
    p75: float
    samples: int


def p75_by_route(db_session: Session, since: datetime) -> list[Percentile]:
    """Nearest-rank 75th percentile per route and metric since `since`, in one SQL query that
    SQLite and PostgreSQL both run (window functions; ceil(3n/4) in integer arithmetic)."""
    ranked = (
        select(
            col(WebVital.route),
            col(WebVital.metric),
            col(WebVital.value),
            func.row_number()
            .over(partition_by=(col(WebVital.route), col(WebVital.metric)), order_by=col(WebVital.value))
            .label("rank"),
            func.count().over(partition_by=(col(WebVital.route), col(WebVital.metric))).label("samples"),
        )
        .where(col(WebVital.created_at) >= since)
        .subquery()
    )
    query = (
        select(ranked.c.route, ranked.c.metric, ranked.c.value, ranked.c.samples)
        .where(ranked.c.rank == (3 * ranked.c.samples + 3) // 4)
        .order_by(ranked.c.route, ranked.c.metric)
    )
    return [Percentile(route, metric, value, samples) for route, metric, value, samples in db_session.execute(query)]


def p75_windows(days: tuple[int, ...] = (7, 28), now: datetime | None = None) -> dict[int, list[Percentile]]:
    """The percentiles for each window of `days` ending now."""
    now = now or utc_now()
    with db.session() as db_session:
        return {window: p75_by_route(db_session, now - timedelta(days=window)) for window in days}
