"""Services of a staff member working a lead: open it, move it through the pipeline, own it (or hand it to
the next in the rotation), note it, log a call, release or delete it from quarantine, resend its mails.
Each change is audited in its own transaction; working a lead (status, note, call) stops its timers."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import or_, select
from sqlmodel import Session, col

from marketing_site.admin.audit import audit, lead_history
from marketing_site.admin.roles import kinds_seen, may_take
from marketing_site.admin.staff_db import staff_session, staff_write_session
from marketing_site.booking.models import BookingStatus, DemoBooking, demo_counted
from marketing_site.core.clock import utc_now
from marketing_site.leads import attribution, transitions, uploads
from marketing_site.leads import outcomes as lead_outcomes
from marketing_site.leads.models import Lead, LeadModule, LeadNote, LeadResponsibility, LeadTouch, Touch
from marketing_site.leads.owners import routing
from marketing_site.leads.schemas import LeadKind
from marketing_site.mail import outbox
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.audit import AuditAction, AuditDetail
from marketing_site.staff.models import AuditEntry, StaffUser
from marketing_site.staff.refused import ChangeRefused

MAX_NOTE_LENGTH = 4000


class LeadNotFound(LookupError):
    """No such lead, or one the staff member's role may not see (both answer 404)."""


class WorkRefused(ChangeRefused):
    """A lead change that is not valid; one kind of staff refusal (the pages catch ``ChangeRefused``)."""


@dataclass(frozen=True)
class LeadFile:
    """Everything the lead's page shows."""

    lead: Lead
    modules: list[str]
    responsibilities: list[str]
    notes: list[LeadNote]
    history: list[AuditEntry]
    mails: list[OutboxMail]
    duplicates: list[Lead]
    touches: dict[Touch, LeadTouch] = field(default_factory=dict)  # first and last touch, where the browser kept them


def _visible(db_session: Session, lead_id: int, user: StaffUser) -> Lead:
    lead = db_session.get(Lead, lead_id)
    if lead is None or lead.kind not in kinds_seen(user.role):
        raise LeadNotFound(lead_id)
    return lead


def lead_get(lead_id: int, user: StaffUser) -> Lead:
    """The lead alone, unchanged (the page of its demo's free times does not count as reading it)."""
    with staff_session() as db_session:
        return _visible(db_session, lead_id, user)


def lead_resume(lead_id: int, user: StaffUser) -> uploads.StoredResume | None:
    """The résumé of a lead ``user`` may see, or None (a download does not count as reading the lead)."""
    with staff_session() as db_session:
        lead = _visible(db_session, lead_id, user)
        return uploads.resume_read(db_session, lead_id, lead.resume_filename)


def lead_open(lead_id: int, user: StaffUser) -> LeadFile:
    """The lead's whole file; opening it clears its unread marker."""
    with staff_write_session() as db_session:
        lead = _visible(db_session, lead_id, user)
        if lead.seen_at is None:
            lead.seen_at = utc_now()
            db_session.add(lead)
            db_session.commit()
        same_person = [col(Lead.email) == lead.email]
        if lead.phone_e164:
            same_person.append(col(Lead.phone_e164) == lead.phone_e164)
        return LeadFile(
            lead=lead,
            modules=list(
                db_session.execute(select(col(LeadModule.module)).where(col(LeadModule.lead_id) == lead_id)).scalars()
            ),
            responsibilities=list(
                db_session.execute(
                    select(col(LeadResponsibility.responsibility)).where(col(LeadResponsibility.lead_id) == lead_id)
                ).scalars()
            ),
            notes=list(
                db_session.execute(
                    select(LeadNote).where(col(LeadNote.lead_id) == lead_id).order_by(col(LeadNote.id))
                ).scalars()
            ),
            history=lead_history(db_session, lead_id, lead.created_at),
            mails=list(
                db_session.execute(
                    select(OutboxMail).where(col(OutboxMail.lead_id) == lead_id).order_by(col(OutboxMail.id))
                ).scalars()
            ),
            duplicates=list(
                db_session.execute(
                    select(Lead)
                    .where(or_(*same_person), col(Lead.id) != lead_id, col(Lead.kind).in_(kinds_seen(user.role)))
                    .order_by(col(Lead.created_at).desc())
                    .limit(20)
                ).scalars()
            ),
            touches=attribution.touches_read(db_session, lead_id),
        )


def lead_mark_unread(lead_id: int, user: StaffUser) -> None:
    with staff_write_session() as db_session:
        lead = _visible(db_session, lead_id, user)
        lead.seen_at = None
        db_session.add(lead)
        audit(db_session, user.id, AuditAction.UNREAD, lead_id)
        db_session.commit()


def lead_update(lead_id: int, user: StaffUser, *, status: str, owner_id: int | None) -> None:
    """Set status (one of the lead's own pipeline) and owner (someone of its team, or an admin), as
    ``transitions`` moves a lead."""
    with staff_write_session() as db_session:
        lead = _visible(db_session, lead_id, user)
        owner = db_session.get(StaffUser, owner_id) if owner_id is not None else None
        if owner_id is not None and (owner is None or not may_take(owner.role, LeadKind(lead.kind).team)):
            raise WorkRefused("Choose an owner from the list: someone of this lead's team, or an admin")
        if status != lead.status and status in lead_outcomes.OUTCOMES and _has_live_demo(db_session, lead_id):
            raise WorkRefused("Mark the demo Held or No-show in its card, once it has ended")
        try:
            transitions.set_status(db_session, lead, status, user.id, utc_now())
        except transitions.TransitionRefused as refused:
            raise WorkRefused(str(refused)) from None
        if owner_id != lead.owner_id:
            new_owner = routing.Owner(owner.id, owner.email) if owner is not None and owner.id is not None else None
            transitions.set_owner(db_session, lead, new_owner, user.id, utc_now())
        db_session.commit()


def _has_live_demo(db_session: Session, lead_id: int) -> bool:
    """The lead has a demo still booked: its outcome is marked on the demo, not chosen as a status."""
    live = select(col(DemoBooking.id)).where(
        col(DemoBooking.lead_id) == lead_id, col(DemoBooking.status) == BookingStatus.BOOKED
    )
    return db_session.execute(live).first() is not None


def lead_reassign(lead_id: int, user: StaffUser) -> None:
    """One click: the lead goes to the next in the rotation other than its owner (after an escalation)."""
    with staff_write_session() as db_session:
        lead = _visible(db_session, lead_id, user)
        if transitions.hand_on(db_session, lead, user.id, utc_now()) is None:
            raise WorkRefused("Nobody else takes these leads: set who does under Lead routing")
        db_session.commit()


def call_log(lead_id: int, user: StaffUser) -> None:
    """A call was made: the lead counts as contacted (``transitions.mark_contacted``)."""
    with staff_write_session() as db_session:
        transitions.mark_contacted(db_session, _visible(db_session, lead_id, user), user.id, utc_now())
        db_session.commit()


def note_add(lead_id: int, user: StaffUser, body: str) -> None:
    body = body.strip()
    if not body or len(body) > MAX_NOTE_LENGTH:
        raise WorkRefused(f"A note needs between 1 and {MAX_NOTE_LENGTH} characters")
    with staff_write_session() as db_session:
        _visible(db_session, lead_id, user)
        db_session.add(LeadNote(lead_id=lead_id, author_id=user.id, body=body))
        transitions.note_added(db_session, lead_id, user.id)
        db_session.commit()


def mail_resend(lead_id: int, mail_id: int, user: StaffUser) -> None:
    with staff_write_session() as db_session:
        _visible(db_session, lead_id, user)
        mail = db_session.get(OutboxMail, mail_id)
        if mail is None or mail.lead_id != lead_id or not outbox.requeue(db_session, mail_id):
            raise WorkRefused("This mail cannot be sent again")
        audit(
            db_session, user.id, AuditAction.RESEND, lead_id, AuditDetail(after=f"mail {mail_id}", rule=mail.audience)
        )
        db_session.commit()


def quarantine_release(lead_id: int, user: StaffUser) -> None:
    """A human sent it after all: into the inbox, and its held mails go out (``transitions.release``)."""
    with staff_write_session() as db_session:
        lead = _visible(db_session, lead_id, user)
        demo = db_session.execute(
            select(col(DemoBooking.host_id), col(DemoBooking.status)).where(col(DemoBooking.lead_id) == lead_id)
        ).first()
        host = demo.host_id if demo is not None and demo.status == BookingStatus.BOOKED else None
        status = demo.status if demo is not None else None
        try:
            transitions.release(db_session, lead, user.id, utc_now(), booked_host=host, demo=demo_counted(status))
        except transitions.TransitionRefused as refused:
            raise WorkRefused(str(refused)) from None
        db_session.commit()


def quarantine_delete(lead_id: int, user: StaffUser) -> None:
    with staff_write_session() as db_session:
        lead = _visible(db_session, lead_id, user)
        if not lead.quarantined:
            raise WorkRefused("Only a quarantined submission can be deleted here")
        db_session.delete(lead)  # its résumé cascades
        audit(db_session, user.id, AuditAction.DELETE, lead_id, "quarantined submission")
        db_session.commit()
