"""What the vendor's CRM is told about a lead (webhooks): the fields it needs to create or update a contact,
and links into the staff area for the rest. Never a résumé's bytes: its name and a staff link."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlmodel import Session, col

from marketing_site.core.clock import as_utc
from marketing_site.leads.mails import lead_link
from marketing_site.leads.models import Lead, display_name
from marketing_site.staff.models import StaffUser
from marketing_site.webhooks.models import WebhookEvent
from marketing_site.webhooks.outbox import enqueue

CONTACT_FIELDS = (
    ("firstName", "first_name"),
    ("lastName", "last_name"),
    ("email", "email"),
    ("phone", "phone_e164"),
    ("country", "country"),
    ("city", "city"),
    ("school", "school"),
    ("schoolType", "school_type"),
    ("jobTitle", "job_title"),
    ("studentCount", "student_count"),
    ("currentSystem", "current_system"),
    ("product", "product"),
    ("position", "position"),
)
UTM_FIELDS = (
    ("source", "utm_source"),
    ("medium", "utm_medium"),
    ("campaign", "utm_campaign"),
    ("term", "utm_term"),
    ("content", "utm_content"),
)


def _instant(moment: datetime | None) -> str | None:
    return as_utc(moment).isoformat() if moment else None


def lead_data(db_session: Session, lead: Lead, modules: Sequence[str]) -> dict[str, Any]:
    owner = (
        db_session.execute(select(col(StaffUser.email)).where(col(StaffUser.id) == lead.owner_id)).scalar()
        if lead.owner_id
        else None
    )
    return {
        "id": lead.id,
        "kind": lead.kind,
        "createdAt": _instant(lead.created_at),
        "language": lead.language,
        "status": lead.status,
        "name": display_name(lead),
        **{key: getattr(lead, column) for key, column in CONTACT_FIELDS if getattr(lead, column) is not None},
        "modules": list(modules),
        "source": {
            "page": lead.source_page,
            "referrer": lead.referrer,
            "utm": {key: getattr(lead, column) for key, column in UTM_FIELDS if getattr(lead, column)},
        },
        "consent": {
            "communicationsAt": _instant(lead.consent_communications_at),
            "dataProcessingAt": _instant(lead.consent_data_processing_at),
            "textVersion": lead.consent_text_version,
        },
        "owner": {"id": lead.owner_id, "email": owner} if owner else None,
        "url": lead_link(lead.id),
        "resume": {"filename": lead.resume_filename, "url": f"{lead_link(lead.id)}/resume"}
        if lead.resume_file
        else None,
    }


def lead_created(db_session: Session, lead: Lead, modules: Sequence[str]) -> None:
    """``lead.created`` for a lead in the inbox (a quarantined one waits for its release)."""
    enqueue(db_session, WebhookEvent.LEAD_CREATED, lead_data(db_session, lead, modules), lead.id)


def status_changed(db_session: Session, lead: Lead, previous: str, status: str) -> None:
    data = {"id": lead.id, "kind": lead.kind, "previousStatus": previous, "status": status, "url": lead_link(lead.id)}
    enqueue(db_session, WebhookEvent.LEAD_STATUS_CHANGED, data, lead.id)
