"""Webhook deliveries' database side: written in the transaction of the change they tell about, claimed
atomically by the sender, each outcome recorded, sent again on an admin's request.

Claims are the mail outbox's (``core.outbox_claim``), and only deliveries of enabled endpoints are claimed.
"""

from __future__ import annotations

import json
import random
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlmodel import Session, col

from marketing_site.core import commit_trip, db, outbox_claim, wakeup
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.core.columns import max_length, table_of
from marketing_site.core.config_version import Cached
from marketing_site.settings import settings
from marketing_site.webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint, WebhookEvent

DELIVERIES = table_of(WebhookDelivery)
CLAIM_BATCH = 16  # one pass
LANES = 4  # an endpoint's deliveries of a pass share this many connections, one after another on each (``sender``)
LEASE_MARGIN_SECONDS = 30.0
MAX_RETRY_AFTER = timedelta(days=1)  # a Retry-After further out is cut to this
GONE = 410  # the endpoint is no more: it is disabled


@dataclass(frozen=True)
class ClaimedDelivery:
    id: int
    endpoint_id: int
    message_id: str
    payload: str
    attempts: int
    url: str
    signing_secrets: tuple[str, ...]


def _enabled_endpoints(db_session: Session) -> tuple[tuple[int, frozenset[str]], ...]:
    rows = db_session.execute(
        select(col(WebhookEndpoint.id), col(WebhookEndpoint.events)).where(col(WebhookEndpoint.enabled).is_(True))
    ).all()
    return tuple((endpoint_id, frozenset(events.split())) for endpoint_id, events in rows)


_endpoints = Cached(_enabled_endpoints)  # every lead reads them; kept until one changes (core.config_version)


def enqueue(db_session: Session, event: WebhookEvent, data: dict[str, Any], lead_id: int | None) -> None:
    """One delivery per enabled endpoint that wants ``event``, in the caller's transaction; the loops are
    woken when it commits."""
    wanting = [endpoint_id for endpoint_id, events in _endpoints.get(db_session) if event.value in events]
    if not wanting:
        return
    now = utc_now()
    body = json.dumps({"type": event.value, "timestamp": now.isoformat(), "data": data}, ensure_ascii=False)
    commit_trip.insert(
        db_session,
        DELIVERIES,
        [
            {
                "endpoint_id": endpoint_id,
                "lead_id": lead_id,
                "message_id": f"msg_{uuid.uuid4().hex}",
                "event": event.value,
                "payload": body,
                "status": DeliveryStatus.QUEUED,
                "attempts": 0,
                "next_attempt_at": now,
                "created_at": now,
                "last_error": "",
            }
            for endpoint_id in wanting
        ],
    )
    wakeup.on_commit(db_session)


def lease() -> timedelta:
    """Long enough for a lane of deliveries that each answer just within the time limit."""
    return timedelta(seconds=settings.webhook_timeout_seconds * -(-CLAIM_BATCH // LANES) + LEASE_MARGIN_SECONDS)


def claim_due(limit: int = CLAIM_BATCH) -> list[ClaimedDelivery]:
    now = utc_now()
    waiting = (
        outbox_claim.due(WebhookDelivery, DeliveryStatus.QUEUED, now)
        .join(WebhookEndpoint, col(WebhookEndpoint.id) == col(WebhookDelivery.endpoint_id))
        .where(col(WebhookEndpoint.enabled).is_(True))
        .order_by(col(WebhookDelivery.id))
    )
    claim = outbox_claim.claim(
        WebhookDelivery,
        waiting,
        now,
        lease(),
        limit,
        col(WebhookDelivery.id),
        col(WebhookDelivery.endpoint_id),
        col(WebhookDelivery.message_id),
        col(WebhookDelivery.payload),
        col(WebhookDelivery.attempts),
    )
    with db.write_session() as db_session:
        rows = db_session.execute(claim).all()
        endpoints = {
            endpoint.id: endpoint
            for endpoint in db_session.execute(
                select(WebhookEndpoint).where(col(WebhookEndpoint.id).in_({row.endpoint_id for row in rows}))
            ).scalars()
        }
        db_session.commit()
    return [
        ClaimedDelivery(
            row.id,
            row.endpoint_id,
            row.message_id,
            row.payload,
            row.attempts,
            endpoints[row.endpoint_id].url,
            signing_secrets(endpoints[row.endpoint_id], now),
        )
        for row in sorted(rows, key=lambda row: row.id)
    ]


def signing_secrets(endpoint: WebhookEndpoint, now: datetime) -> tuple[str, ...]:
    """The current secret, and the previous one while a rotation lasts."""
    rotating = (
        endpoint.previous_secret and endpoint.previous_secret_until and as_utc(endpoint.previous_secret_until) > now
    )
    return (endpoint.secret, endpoint.previous_secret) if rotating else (endpoint.secret,)


@dataclass(frozen=True)
class Outcome:
    """How one attempt went: ``status`` the endpoint's answer (None: no answer), ``error`` empty when sent."""

    delivery: ClaimedDelivery
    status: int | None = None
    error: str = ""
    retry_after: timedelta | None = None  # the endpoint's own Retry-After (429, 503)

    @property
    def gone(self) -> bool:
        return self.status == GONE


def backoff(attempts: int) -> timedelta:
    """WEBHOOK_RETRY_SECONDS doubling with each try, spread by ±50 % jitter so that retries of one outage
    do not arrive together (60 s and 13 tries: about three days from the first to the last)."""
    return timedelta(seconds=settings.webhook_retry_seconds * 2 ** (attempts - 1) * random.uniform(0.5, 1.5))


def record(outcomes: list[Outcome]) -> None:
    """A batch's outcomes in one transaction: sent; 410 Gone: dead and its endpoint disabled; otherwise tried
    again after the back-off (or the endpoint's Retry-After), or given up (dead) after the last try."""
    now = utc_now()
    changes = [(outcome.delivery.id, {"last_status": outcome.status, **_next(outcome, now)}) for outcome in outcomes]
    with db.write_session() as db_session:
        outbox_claim.record(db_session, WebhookDelivery, DeliveryStatus.QUEUED, changes)
        for endpoint_id in sorted({outcome.delivery.endpoint_id for outcome in outcomes if outcome.gone}):
            db_session.execute(
                update(WebhookEndpoint)
                .where(col(WebhookEndpoint.id) == endpoint_id)
                .values(enabled=False, disabled_reason=f"answered 410 Gone on {now:%Y-%m-%d %H:%M} UTC")
            )
        db_session.commit()


def _next(outcome: Outcome, now: datetime) -> dict[str, Any]:
    if not outcome.error:
        return {"status": DeliveryStatus.SENT, "sent_at": now, "last_error": ""}
    error = outcome.error[: max_length(WebhookDelivery, "last_error")]
    if outcome.gone or outcome.delivery.attempts >= settings.webhook_max_attempts:
        return {"status": DeliveryStatus.DEAD, "last_error": error}
    wait = (
        min(outcome.retry_after, MAX_RETRY_AFTER)
        if outcome.retry_after is not None
        else backoff(outcome.delivery.attempts)
    )
    return {"next_attempt_at": now + wait, "last_error": error}


def requeue(db_session: Session, endpoint_id: int, delivery_id: int) -> bool:
    """Send a delivery again now (an admin's "send again"), with its webhook-id; False if it is not the endpoint's."""
    result = db_session.execute(
        update(WebhookDelivery)
        .where(col(WebhookDelivery.id) == delivery_id, col(WebhookDelivery.endpoint_id) == endpoint_id)
        .values(status=DeliveryStatus.QUEUED, attempts=0, next_attempt_at=utc_now(), last_error="")
    )
    wakeup.on_commit(db_session)
    return bool(result.rowcount == 1)  # type: ignore[attr-defined]  # an UPDATE's result has rowcount
