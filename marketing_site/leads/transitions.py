"""Every change of a lead's status, owner, first contact or quarantine, in one place (as saleor keeps one
``actions`` module per order): the staff area and the booking call these and hold no copy of the rules.

Each runs in its caller's transaction and does all its side effects there: the audit entry, the timers
stopped or re-aimed, first contact stamped, the CRM's webhook, the owners' mails. A quarantined lead changes
quietly (no webhook) until it is released. ``tests/leads/test_lead_writers.py`` fails on a lead's status or
owner written anywhere else outside ``leads/``.

A booking hands its lead one set of facts (``BookedDemo``) and ``demo_booked`` does the rest, sales' notice and
the channel report's count included; ``tests/booking/test_calls_into_leads.py`` fails on booking/ calling any
other function of leads/ that writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlmodel import Session, col

from marketing_site.core.columns import stored_id
from marketing_site.leads import events
from marketing_site.leads.labels import kind_name
from marketing_site.leads.mails import queue_booked_notice
from marketing_site.leads.models import Lead, LeadModule
from marketing_site.leads.outcomes import CLOSED, ENDS_FOLLOW_UP, OUTCOMES, follow_up_withdraw
from marketing_site.leads.owners import routing, timers
from marketing_site.leads.owners.owner_mails import tell_previous_owner
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.statuses import LeadStatus
from marketing_site.leads.tallies import counting as tallies
from marketing_site.mail import outbox
from marketing_site.staff.audit import AuditAction, AuditDetail, audit

BOOKED_WHY = "the visitor booked the demo with them"  # the previous owner's mail says why the lead moved


@dataclass(frozen=True)
class BookedDemo:
    """What a booked demo tells its lead: the facts only the booking package knows (leads/ imports nothing of
    booking/)."""

    host_id: int  # who gives the demo: the lead's owner by the routing rules
    host: str  # their name, as sales and a previous owner read it
    booking_id: int
    when: str  # in the host's zone, in the staff language (sales' notice)
    counted: tallies.Funnel  # the change to the channel report's count (``booking.models.demo_counted``)
    news: Mapping[str, Any]  # the CRM's ``demo.booked`` payload, told after the lead's new status
    booked_at: datetime


class TransitionRefused(ValueError):
    """The change is not one the lead can make; the message says why, in words staff read."""


def _move(db_session: Session, lead: Lead, status: str, actor_id: int | None, *, audited: bool = True) -> None:
    """The status itself: audited, stored, told to the CRM."""
    previous = lead.status
    if audited:
        audit(db_session, actor_id, AuditAction.STATUS, lead.id, AuditDetail(before=previous, after=status))
    tallies.status_moving(db_session, stored_id(lead), status)
    db_session.execute(update(Lead).where(col(Lead.id) == lead.id).values(status=status))
    if not lead.quarantined:
        events.status_changed(db_session, lead, previous, status)


def _first_contact(db_session: Session, lead: Lead, now: datetime) -> None:
    if lead.first_contacted_at is None:
        db_session.execute(update(Lead).where(col(Lead.id) == lead.id).values(first_contacted_at=now))


def set_status(db_session: Session, lead: Lead, status: str, actor_id: int | None, now: datetime) -> None:
    """Staff move the lead to ``status`` of its own pipeline: worked, its timers stop; leaving "new" the first
    time stamps its first contact; to won, lost or contacted, the held demo's recap is theirs now."""
    pipeline = LeadKind(lead.kind).pipeline
    if status not in set(pipeline):
        raise TransitionRefused(f"A {kind_name(lead.kind).lower()} has no status {status!r}")
    if status == lead.status:
        return
    lead_id = stored_id(lead)
    audit(db_session, actor_id, AuditAction.STATUS, lead.id, AuditDetail(before=lead.status, after=status))
    if status in ENDS_FOLLOW_UP:
        follow_up_withdraw(db_session, lead_id, actor_id, status)
    timers.stop(db_session, lead_id)  # worked: its reminder and escalation never fire
    _move(db_session, lead, status, actor_id, audited=False)
    if status != pipeline.NEW:
        _first_contact(db_session, lead, now)


def set_owner(
    db_session: Session, lead: Lead, owner: routing.Owner | None, actor_id: int | None, now: datetime
) -> None:
    """Staff give the lead to ``owner`` (None: nobody): audited, the owner mailed, the timers aimed at them."""
    routing.reassign(db_session, lead, owner, routing.Rule.STAFF, actor_id, now)


def hand_on(db_session: Session, lead: Lead, actor_id: int | None, now: datetime) -> routing.Owner | None:
    """The next in the rotation other than its owner takes the lead; None when nobody else takes them."""
    if lead.quarantined:
        return None
    return routing.reassign_next(db_session, lead, routing.Rule.ROUND_ROBIN, actor_id, now)


def mark_contacted(db_session: Session, lead: Lead, actor_id: int | None, now: datetime) -> None:
    """Staff logged a call: first contact, timers stopped, and the recap they got ahead of withdrawn."""
    _first_contact(db_session, lead, now)
    timers.stop(db_session, stored_id(lead))
    follow_up_withdraw(db_session, stored_id(lead), actor_id, None)
    audit(db_session, actor_id, AuditAction.CALL, lead.id)


def note_added(db_session: Session, lead_id: int, actor_id: int | None) -> None:
    """Staff wrote a note (the caller stores it): the lead is worked, its timers stop."""
    timers.stop(db_session, lead_id)
    audit(db_session, actor_id, AuditAction.NOTE, lead_id)


def release(
    db_session: Session,
    lead: Lead,
    actor_id: int | None,
    now: datetime,
    booked_host: int | None = None,
    demo: tallies.Funnel = tallies.NO_DEMO,
) -> None:
    """A human sent it after all: into the inbox with its held mails, an owner as on arrival (``booked_host``: the
    host of its live demo), its timers (stopped again if it has moved on from "new"), ``lead.created``, and the
    channel report's counts (``demo``: its booking's part)."""
    if not lead.quarantined:
        raise TransitionRefused("This lead is not in quarantine")
    db_session.execute(update(Lead).where(col(Lead.id) == lead.id).values(quarantined=False))
    tallies.released(db_session, stored_id(lead), demo)
    outbox.release_held(db_session, stored_id(lead))
    audit(db_session, actor_id, AuditAction.RELEASE, lead.id)
    routing.assign_released(db_session, lead, now, booked_host=booked_host)
    if lead.status != LeadStatus.NEW:
        timers.stop(db_session, stored_id(lead))
    modules = db_session.execute(select(col(LeadModule.module)).where(col(LeadModule.lead_id) == lead.id)).scalars()
    events.lead_created(db_session, lead, modules.all())


def demo_booked(db_session: Session, lead_id: int, demo: BookedDemo) -> None:
    """All a booked demo does to its lead (the booking's own rows, entry and mails are the booking's): the channel
    report counts it, sales hears of it once (the request's unsent mails withdrawn), the lead is "demo booked",
    no longer waiting (timers stop), the host owns it by the routing rules, an owner it left who had been told it
    was theirs hears where it went, and the CRM hears of the demo after the lead's new status."""
    tallies.tally(db_session, lead_id, demo.counted)
    queue_booked_notice(db_session, lead_id, demo.when, demo.host, demo.booking_id)
    lead = db_session.get_one(Lead, lead_id)
    audited = lead.status not in (LeadStatus.NEW, LeadStatus.DEMO_BOOKED)  # e.g. booked again after a cancellation
    _move(db_session, lead, LeadStatus.DEMO_BOOKED, None, audited=audited)
    if lead.quarantined:  # its owner, timers and webhooks come with its release
        return
    previous_owner = lead.owner_id
    timers.stop(db_session, lead_id)
    routing.host_takes_over(db_session, lead, demo.host_id, demo.booked_at)
    if previous_owner is not None and lead.owner_id == demo.host_id != previous_owner:
        tell_previous_owner(db_session, lead, previous_owner, demo.host, BOOKED_WHY)
    events.demo_booked(db_session, lead_id, demo.news)


def demo_cancelled(db_session: Session, lead: Lead, actor_id: int | None) -> None:
    """A lead still at "demo booked" whose demo was cancelled is one to win back, not a demo to prepare."""
    if lead.status == LeadStatus.DEMO_BOOKED:
        _move(db_session, lead, LeadStatus.DEMO_CANCELLED, actor_id)


def demo_outcome(
    db_session: Session, lead: Lead, status: LeadStatus, actor_id: int | None, counted: tallies.Funnel
) -> None:
    """The lead of a demo just marked (``status`` one of OUTCOMES) moves there, unless it is closed; ``counted``:
    the change to the channel report's count (``booking.models.demo_counted``)."""
    if status not in OUTCOMES:
        raise ValueError(f"{status} is not a demo's outcome")
    tallies.tally(db_session, stored_id(lead), counted)
    if lead.status in CLOSED or lead.status == status:
        return
    _move(db_session, lead, status, actor_id)
