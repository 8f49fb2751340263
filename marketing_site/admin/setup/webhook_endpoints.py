"""Webhook endpoints as admins manage them: register one (URL checked against SSRF, events, its own secret
shown once), see its deliveries and failures, send one again, rotate the secret, enable, disable, delete.
Each change is audited; a secret never is."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import func, select
from sqlmodel import col

from marketing_site.admin.audit import audit
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.admin.work.lead_work import WorkRefused
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import max_length
from marketing_site.staff.audit import AuditAction
from marketing_site.staff.models import StaffUser
from marketing_site.webhooks import addresses, outbox, signing
from marketing_site.webhooks.models import DeliveryStatus, WebhookDelivery, WebhookEndpoint, WebhookEvent

ROTATION_OVERLAP = timedelta(hours=24)  # the previous secret still signs this long after a rotation
DELIVERIES_SHOWN = 50


class EndpointNotFound(LookupError):
    pass


@dataclass(frozen=True)
class EndpointSummary:
    endpoint: WebhookEndpoint
    failing: int  # deliveries dead, or waiting after a failed try


@dataclass(frozen=True)
class EndpointFile:
    endpoint: WebhookEndpoint
    deliveries: list[WebhookDelivery]  # newest first


def _events(chosen: list[str]) -> str:
    known = [event.value for event in WebhookEvent if event.value in chosen]
    if not known:
        raise WorkRefused("Choose at least one event")
    return " ".join(known)


def _checked_url(url: str) -> str:
    url = url.strip()
    if len(url) > max_length(WebhookEndpoint, "url"):
        raise WorkRefused("The URL is too long")
    try:
        addresses.check(url)
    except addresses.AddressRefused as refused:
        raise WorkRefused(str(refused)) from None
    return url


def endpoint_create(actor: StaffUser, url: str, events: list[str]) -> tuple[WebhookEndpoint, str]:
    """The new endpoint and its secret (shown to the admin this once)."""
    checked, wanted = _checked_url(url), _events(events)
    secret = signing.new_secret()
    with staff_write_session() as db_session:
        endpoint = WebhookEndpoint(url=checked, events=wanted, secret=secret)
        db_session.add(endpoint)
        db_session.flush()
        audit(db_session, actor.id, AuditAction.WEBHOOK, detail=f"endpoint {endpoint.id} added: {wanted}")
        db_session.commit()
        return endpoint, secret


def endpoints() -> list[EndpointSummary]:
    with staff_session() as db_session:
        failing = dict(
            db_session.execute(
                select(col(WebhookDelivery.endpoint_id), func.count())
                .where(
                    (col(WebhookDelivery.status) == DeliveryStatus.DEAD)
                    | ((col(WebhookDelivery.status) == DeliveryStatus.QUEUED) & (col(WebhookDelivery.last_error) != ""))
                )
                .group_by(col(WebhookDelivery.endpoint_id))
            ).all()
        )
        rows = db_session.execute(select(WebhookEndpoint).order_by(col(WebhookEndpoint.id))).scalars()
        return [EndpointSummary(endpoint, failing.get(endpoint.id, 0)) for endpoint in rows]


def endpoint_file(endpoint_id: int) -> EndpointFile:
    with staff_session() as db_session:
        endpoint = db_session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            raise EndpointNotFound(endpoint_id)
        deliveries = db_session.execute(
            select(WebhookDelivery)
            .where(col(WebhookDelivery.endpoint_id) == endpoint_id)
            .order_by(col(WebhookDelivery.id).desc())
            .limit(DELIVERIES_SHOWN)
        ).scalars()
        return EndpointFile(endpoint, list(deliveries))


def endpoint_update(actor: StaffUser, endpoint_id: int, events: list[str], enabled: bool) -> None:
    wanted = _events(events)
    with staff_write_session() as db_session:
        endpoint = db_session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            raise EndpointNotFound(endpoint_id)
        if enabled and not endpoint.enabled:
            _checked_url(endpoint.url)  # the address may have moved since
            endpoint.disabled_reason = ""
        endpoint.events, endpoint.enabled = wanted, enabled
        db_session.add(endpoint)
        audit(
            db_session,
            actor.id,
            AuditAction.WEBHOOK,
            detail=f"endpoint {endpoint_id}: {wanted}, {'on' if enabled else 'off'}",
        )
        db_session.commit()


def endpoint_rotate(actor: StaffUser, endpoint_id: int) -> str:
    """A new secret (shown once); the old one signs too for ROTATION_OVERLAP, so receivers can switch."""
    secret = signing.new_secret()
    with staff_write_session() as db_session:
        endpoint = db_session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            raise EndpointNotFound(endpoint_id)
        endpoint.previous_secret, endpoint.secret = endpoint.secret, secret
        endpoint.previous_secret_until = utc_now() + ROTATION_OVERLAP
        db_session.add(endpoint)
        audit(db_session, actor.id, AuditAction.WEBHOOK, detail=f"endpoint {endpoint_id}: secret rotated")
        db_session.commit()
    return secret


def endpoint_delete(actor: StaffUser, endpoint_id: int) -> None:
    with staff_write_session() as db_session:
        endpoint = db_session.get(WebhookEndpoint, endpoint_id)
        if endpoint is None:
            raise EndpointNotFound(endpoint_id)
        db_session.delete(endpoint)
        audit(db_session, actor.id, AuditAction.WEBHOOK, detail=f"endpoint {endpoint_id} deleted")
        db_session.commit()


def delivery_resend(actor: StaffUser, endpoint_id: int, delivery_id: int) -> None:
    """Send again now, with the same webhook-id (a receiver that has it already drops the copy)."""
    with staff_write_session() as db_session:
        if not outbox.requeue(db_session, endpoint_id, delivery_id):
            raise EndpointNotFound(delivery_id)
        audit(
            db_session,
            actor.id,
            AuditAction.WEBHOOK,
            detail=f"endpoint {endpoint_id}: delivery {delivery_id} sent again",
        )
        db_session.commit()
