"""The webhook tables: the endpoints admins register, and one delivery row per event and endpoint.

A delivery is ``queued`` until the endpoint answers 2xx (``sent``), gives up after its tries or answers
410 (``dead``). Like the mail outbox, ``next_attempt_at`` is both the back-off and the claim. Its
``message_id`` is the ``webhook-id`` of every attempt, so receivers de-duplicate on it.
"""

from __future__ import annotations

import enum
from datetime import datetime

from sqlalchemy import Index, Text
from sqlalchemy import true as sa_true
from sqlmodel import Field, SQLModel

from marketing_site.core.clock import utc_now
from marketing_site.core.columns import timestamp


class WebhookEvent(enum.StrEnum):
    """What an endpoint can subscribe to: the ``type`` of each payload."""

    LEAD_CREATED = "lead.created"
    LEAD_STATUS_CHANGED = "lead.status_changed"
    DEMO_BOOKED = "demo.booked"
    DEMO_MOVED = "demo.moved"
    DEMO_CANCELLED = "demo.cancelled"
    DEMO_HELD = "demo.held"
    DEMO_NO_SHOW = "demo.no_show"


class DeliveryStatus(enum.StrEnum):
    QUEUED = "queued"  # waiting for its next attempt
    SENT = "sent"  # the endpoint answered 2xx
    DEAD = "dead"  # every try failed, or the endpoint answered 410 Gone


class WebhookEndpoint(SQLModel, table=True):
    """A URL of the vendor's CRM, the events it wants, and its own signing secret (``whsec_…``). During a
    rotation the previous secret signs too, until ``previous_secret_until``."""

    __tablename__ = "webhook_endpoint"

    id: int | None = Field(default=None, primary_key=True)
    url: str = Field(max_length=2000)
    events: str = Field(max_length=200)  # WebhookEvent values, space-separated
    secret: str = Field(max_length=100)
    previous_secret: str = Field(default="", max_length=100)
    previous_secret_until: datetime | None = timestamp(default=None, nullable=True)
    enabled: bool = Field(default=True, sa_column_kwargs={"server_default": sa_true()})
    disabled_reason: str = Field(default="", max_length=200)  # e.g. the endpoint answered 410 Gone
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)

    def wants(self, event: WebhookEvent) -> bool:
        return event.value in self.events.split()


class WebhookDelivery(SQLModel, table=True):
    __tablename__ = "webhook_delivery"
    __table_args__ = (
        # The sender's claim reads the queued deliveries in the order they came and stops at its batch: with the
        # time in an index sorted by it instead, SQLite scanned every delivery of the history for each claim.
        Index("ix_webhook_delivery_claim", "status", "id", "next_attempt_at"),
        Index("ix_webhook_delivery_endpoint_id", "endpoint_id", "id"),  # an endpoint's page, newest first
        Index("ix_webhook_delivery_lead_id", "lead_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    endpoint_id: int = Field(foreign_key="webhook_endpoint.id", ondelete="CASCADE")
    lead_id: int | None = Field(default=None, foreign_key="lead.id", ondelete="CASCADE", nullable=True)
    message_id: str = Field(max_length=40, unique=True)  # the webhook-id header: "msg_" + 32 hex digits
    event: str = Field(max_length=40)  # a WebhookEvent value
    payload: str = Field(sa_type=Text)  # the JSON body, fixed when written (each attempt signs it afresh)
    status: str = Field(default=DeliveryStatus.QUEUED.value, max_length=10)  # a DeliveryStatus value
    attempts: int = Field(default=0)
    next_attempt_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    created_at: datetime = timestamp(default_factory=utc_now, nullable=False)
    sent_at: datetime | None = timestamp(default=None, nullable=True)
    last_status: int | None = Field(default=None, nullable=True)  # the endpoint's last HTTP status, if it answered
    last_error: str = Field(default="", max_length=500)
