"""What the vendor's CRM is told about a lead (webhooks): the fields it needs to create or update a contact,
and links into the staff area for the rest. Never a résumé's bytes: its name and a staff link."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from sqlalchemy import select
from sqlmodel import Session, col

from marketing_site.core.clock import as_utc
from marketing_site.core.columns import stored_id
from marketing_site.leads import attribution
from marketing_site.leads.mails import lead_link
from marketing_site.leads.models import AnyLead, LeadTouch, Touch, display_name
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


def lead_data(
    db_session: Session,
    lead: AnyLead,
    modules: Sequence[str],
    owner_email: str | None = None,
    touches: Mapping[Touch, LeadTouch] | None = None,
) -> dict[str, Any]:
    """``owner_email`` and ``touches``: the owner's address and the lead's touches when the caller knows them (a
    new lead's assignment and rows), else looked up."""
    lead_id = stored_id(lead)
    owner = (
        owner_email
        or db_session.execute(select(col(StaffUser.email)).where(col(StaffUser.id) == lead.owner_id)).scalar()
        if lead.owner_id
        else None
    )
    column = partial(getattr, lead)  # the columns no reader of a written lead names (see WrittenLead)
    touches = attribution.touches_read(db_session, lead_id) if touches is None else touches
    return {
        "id": lead_id,
        "kind": lead.kind,
        "createdAt": _instant(lead.created_at),
        "language": lead.language,
        "status": lead.status,
        "name": display_name(lead),
        **{key: column(name) for key, name in CONTACT_FIELDS if column(name) is not None},
        "modules": list(modules),
        "source": {
            "page": column("source_page"),
            "referrer": column("referrer"),
            "utm": {key: column(name) for key, name in UTM_FIELDS if column(name)},
            # The visits that brought the person (leads/attribution.py): null when the browser kept none
            **{name: attribution.touch_data(touches.get(touch)) for touch, name in attribution.API_NAMES.items()},
        },
        "consent": {
            "communicationsAt": _instant(column("consent_communications_at")),
            "dataProcessingAt": _instant(column("consent_data_processing_at")),
            "textVersion": column("consent_text_version"),
        },
        "owner": {"id": lead.owner_id, "email": owner} if owner else None,
        "url": lead_link(lead_id),
        "resume": {"filename": column("resume_filename"), "url": f"{lead_link(lead_id)}/resume"}
        if column("resume_filename")  # set when a résumé was stored (lead_resume)
        else None,
    }


def lead_created(
    db_session: Session,
    lead: AnyLead,
    modules: Sequence[str],
    owner_email: str | None = None,
    touches: Mapping[Touch, LeadTouch] | None = None,
) -> None:
    """``lead.created`` for a lead in the inbox (a quarantined one waits for its release)."""
    data = lead_data(db_session, lead, modules, owner_email, touches)
    enqueue(db_session, WebhookEvent.LEAD_CREATED, data, stored_id(lead))


def status_changed(db_session: Session, lead: AnyLead, previous: str, status: str) -> None:
    lead_id = stored_id(lead)
    data = {"id": lead_id, "kind": lead.kind, "previousStatus": previous, "status": status, "url": lead_link(lead_id)}
    enqueue(db_session, WebhookEvent.LEAD_STATUS_CHANGED, data, lead_id)


def demo_booked(db_session: Session, lead_id: int, booking: Mapping[str, Any]) -> None:
    """``demo.booked``, whose payload the booking package writes: told after the lead's new status."""
    enqueue(db_session, WebhookEvent.DEMO_BOOKED, dict(booking), lead_id)
