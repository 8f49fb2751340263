"""The inbox as a salesperson scans it: one card per lead (a row on a wide screen) with its name, school,
kind, country, age and owner in words, and badges, each one short fact worth a glance (unread, a new lead's
time to answer, the demo's time, a cancelled demo): ``badges`` is where a fact worth a badge is added.

Also the inbox's summary (leads per kind and per status of each pipeline the viewer works) and the lists its
filters offer: the pipelines' statuses and the colleagues who may own the leads the viewer sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from marketing_site.admin.local_time import StaffClock
from marketing_site.admin.roles import kinds_seen, may_take
from marketing_site.admin.staff_names import staff_name
from marketing_site.admin.work.inbox_query import country_name
from marketing_site.admin.work.response_times import Clock as Standing
from marketing_site.admin.work.response_times import Response
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.core.clock import as_utc
from marketing_site.core.columns import stored_id
from marketing_site.leads.labels import kind_name
from marketing_site.leads.models import Lead, display_name
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.statuses import HrStatus, LeadStatus, Pipeline
from marketing_site.staff.models import StaffUser

PIPELINE_NAMES: dict[Pipeline, str] = {LeadStatus: "Sales pipeline", HrStatus: "Hiring pipeline"}


@dataclass(frozen=True)
class Badge:
    text: str
    tone: str  # "info", "good", "warn", "late" or "quiet": its colour in the stylesheet
    title: str = ""  # more, on hover


@dataclass(frozen=True)
class InboxRow:
    lead: Lead
    name: str
    kind: str
    status: str
    country: str
    owner: str
    received: str  # "Tue 25 Nov, 09:34 (Muscat)"
    age: str  # "2 h ago"
    badges: list[Badge]
    escalated: bool  # the admins were told it is late: one click hands it to the next in the rotation


def status_label(kind: str, status: str) -> str:
    """The status in its pipeline's words ("Demo booked", "Interview"); an unknown value as it is."""
    pipeline = LeadKind(kind).pipeline if kind in set(LeadKind) else LeadStatus
    return pipeline(status).label if status in set(pipeline) else status


def pipelines(role: str) -> list[Pipeline]:
    """The pipelines of the kinds a role sees, sales first."""
    seen = {LeadKind(kind).pipeline for kind in kinds_seen(role)}
    return [pipeline for pipeline in PIPELINE_NAMES if pipeline in seen]


def possible_owners(staff: list[StaffUser], kinds: tuple[str, ...]) -> list[StaffUser]:
    """The colleagues who may own a lead of any of ``kinds`` (a team's own, and admins)."""
    return [member for member in staff if any(may_take(member.role, LeadKind(kind).team) for kind in kinds)]


def _demos(db_session: Session, lead_ids: list[int]) -> dict[int, tuple[datetime, str]]:
    rows = db_session.execute(
        select(col(DemoBooking.lead_id), col(DemoBooking.starts_at), col(DemoBooking.status)).where(
            col(DemoBooking.lead_id).in_(lead_ids)
        )
    )
    return {lead_id: (starts_at, status) for lead_id, starts_at, status in rows}


RESPONSE_TONES = {Response.ON_TIME: "quiet", Response.DUE_SOON: "warn", Response.LATE: "late"}
DEMO_ENDS: dict[str, tuple[str, str]] = {
    BookingStatus.HELD: ("Demo held", "good"),
    BookingStatus.NO_SHOW: ("Demo no-show", "warn"),
}


def badges(
    lead: Lead, demo: tuple[datetime, str] | None, clock: StaffClock, standing: Standing | None = None
) -> list[Badge]:
    """Unread; a new lead's time to answer (on time, due soon, late, escalated); the demo's time or its end."""
    found = [Badge("Unread", "info")] if lead.seen_at is None else []
    if standing is not None:
        due = f"reminder due {clock.when(standing.due_at)}"
        found.append(Badge(standing.response, RESPONSE_TONES[standing.response], due))
        if standing.escalated:
            found.append(Badge("escalated", "late", "the admins were told"))
    if demo and demo[1] == BookingStatus.BOOKED:
        tone = "good" if as_utc(demo[0]) > clock.now else "quiet"  # a demo still ahead, or one given
        found.append(Badge(f"Demo {clock.when(demo[0])}", tone))
    elif demo:
        found.append(Badge(*DEMO_ENDS.get(demo[1], ("Demo cancelled", "warn"))))
    return found


def rows(
    db_session: Session,
    leads: list[Lead],
    staff: Mapping[int, StaffUser],
    clock: StaffClock,
    standing: Mapping[int, Standing] | None = None,
) -> list[InboxRow]:
    demos, standing = _demos(db_session, [stored_id(lead) for lead in leads]), standing or {}
    return [
        InboxRow(
            lead=lead,
            name=display_name(lead) or lead.email,
            kind=kind_name(lead.kind),
            status=status_label(lead.kind, lead.status),
            country=country_name(lead.country) if lead.country else "",
            owner=staff_name(staff[lead.owner_id]) if lead.owner_id is not None and lead.owner_id in staff else "",
            received=clock.when(lead.created_at),
            age=clock.ago(lead.created_at),
            badges=badges(lead, demos.get(stored_id(lead)), clock, standing.get(stored_id(lead))),
            escalated=stored_id(lead) in standing and standing[stored_id(lead)].escalated,
        )
        for lead in leads
    ]


@dataclass(frozen=True)
class Summary:
    per_kind: list[tuple[str, str, int]]  # (kind, its name, leads)
    per_status: list[tuple[str, list[tuple[str, str, int]]]]  # (pipeline name, [(status, label, leads)])
    unread: int


def summary(counted: list[tuple[str, str, int]], unread: int, role: str) -> Summary:
    per_kind = dict.fromkeys(kinds_seen(role), 0)
    per_status: dict[tuple[Pipeline, str], int] = {}
    for kind, status, number in counted:
        per_kind[kind] = per_kind.get(kind, 0) + number
        pipeline = LeadKind(kind).pipeline if kind in set(LeadKind) else LeadStatus
        per_status[pipeline, status] = per_status.get((pipeline, status), 0) + number
    return Summary(
        per_kind=[(kind, kind_name(kind), number) for kind, number in per_kind.items()],
        per_status=[
            (
                PIPELINE_NAMES[pipeline],
                [(status.value, status.label, per_status.get((pipeline, status.value), 0)) for status in pipeline],
            )
            for pipeline in pipelines(role)
        ],
        unread=unread,
    )
