"""A lead's history as sentences a person reads, newest first: "Sana took the lead", "Demo moved to
Wed 2 Dec, 09:45 (Muscat) by the visitor", "Demo cancelled by the visitor".

The audit log stores codes and ids (never a visitor's words: an entry outlives an erasure); this is the one
place that turns them into words, in the reader's zone and with colleagues' names. An action it does not
know yet is still shown, plainly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from marketing_site.admin.local_time import StaffClock
from marketing_site.admin.staff_names import staff_name
from marketing_site.booking import history
from marketing_site.booking.models import BookingChange
from marketing_site.leads import outcomes as lead_outcomes
from marketing_site.leads.labels import kind_name
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import LeadKind
from marketing_site.staff.audit import AuditAction, AuditDetail
from marketing_site.staff.models import AuditEntry, StaffUser


@dataclass(frozen=True)
class Happening:
    at: datetime
    sentence: str


@dataclass(frozen=True)
class _Reader:
    """Who reads the history: names colleagues ("You" for themselves) and writes times in their zone."""

    viewer_id: int
    clock: StaffClock
    staff: Mapping[int, StaffUser]
    kind: str

    def who(self, staff_id: int | None) -> str:
        if staff_id is None:
            return "The system"
        if staff_id == self.viewer_id:
            return "You"
        user = self.staff.get(staff_id)
        return staff_name(user) if user else "A former colleague"

    def whom(self, staff_id: str) -> str:
        """An owner as the entry stores it ("nobody" or an id) as the object of a sentence."""
        if not staff_id.isdigit():
            return "nobody"
        return "you" if int(staff_id) == self.viewer_id else self.who(int(staff_id))

    def status(self, value: str) -> str:
        pipeline = LeadKind(self.kind).pipeline if self.kind in set(LeadKind) else None
        return pipeline(value).label if pipeline and value in set(pipeline) else value

    def demo_time(self, text: str) -> str:
        try:
            return self.clock.when(datetime.fromisoformat(text))
        except ValueError:
            return text


SIMPLE = {
    AuditAction.CALL: "logged a call",
    AuditAction.NOTE: "added a note",
    AuditAction.UNREAD: "marked it unread",
    AuditAction.RELEASE: "released it from quarantine into the inbox",
}
DEMO_ACTIONS = {history.action_of(change): change for change in BookingChange}


def _why(rule: str) -> str:
    return f" ({rule})" if rule else ""


def _sentence(entry: AuditEntry, reader: _Reader) -> str:
    actor = reader.who(entry.actor_id)
    detail = AuditDetail.read(entry.detail)
    action = AuditAction(entry.action) if entry.action in set(AuditAction) else None
    if action in DEMO_ACTIONS:
        return _demo_sentence(DEMO_ACTIONS[action], entry.actor_id, detail, reader)
    if action is AuditAction.STATUS and detail.before:
        before, after = reader.status(detail.before), reader.status(detail.after)
        if entry.actor_id is None:
            return f"Status changed from {before} to {after}"
        return f"{actor} moved it from {before} to {after}"
    if action is AuditAction.ASSIGN:  # a new lead's owner by the routing rules
        return f"Given to {reader.whom(detail.after)}{_why(detail.rule)}"
    if action is AuditAction.OWNER and detail.before:
        if detail.after.isdigit() and int(detail.after) == entry.actor_id:
            return f"{actor} took the lead{_why(detail.rule)}"
        if not detail.after.isdigit():
            return f"{actor} took {reader.whom(detail.before)} off the lead (no owner now){_why(detail.rule)}"
        return f"{actor} gave the lead to {reader.whom(detail.after)}{_why(detail.rule)}"
    if action in SIMPLE:
        return f"{actor} {SIMPLE[action]}"
    if action is AuditAction.FOLLOW_UP_WITHDRAWN:
        # a call: rule "call"; a status: after (entries before the typed log: "call", "status won")
        called = lead_outcomes.CALLED in (detail.rule, detail.after)
        why = "logged a call" if called else f"moved it to {reader.status(detail.after.removeprefix('status '))}"
        return f"The recap mail to the visitor was withdrawn: {actor.replace('You', 'you')} {why} first"
    if action is AuditAction.RESEND:
        return f"{actor} sent the {detail.rule or 'a'} mail again"
    return f"{actor}: {entry.action} {entry.detail}".strip()


def _demo_sentence(change: BookingChange, actor_id: int | None, detail: AuditDetail, reader: _Reader) -> str:
    who = "the visitor" if detail.by == history.BY_VISITOR else reader.who(actor_id).replace("You", "you")
    when = reader.demo_time(detail.after)
    if change == BookingChange.MOVED:
        return f"Demo moved to {when} by {who}"
    if change == BookingChange.CANCELLED:
        return f"Demo of {when} cancelled by {who}"
    if change in (BookingChange.HELD, BookingChange.NO_SHOW):  # by staff, or by the host from their mail's link
        marked = "held" if change == BookingChange.HELD else "a no-show"
        via = " from the mail's link" if detail.by == history.BY_LINK else ""
        return f"{reader.who(actor_id)} marked the demo of {when} {marked}{via}"
    return f"Demo booked for {when} by {who}"


def timeline(
    lead: Lead, entries: list[AuditEntry], staff: Mapping[int, StaffUser], viewer_id: int, clock: StaffClock
) -> list[Happening]:
    """Every entry of the lead as a sentence, and its arrival, newest first."""
    reader = _Reader(viewer_id, clock, staff, lead.kind)
    source = f" on {lead.source_page}" if lead.source_page else " through the API"
    arrived = Happening(lead.created_at, f"{kind_name(lead.kind)} received{source}")
    return [Happening(entry.created_at, _sentence(entry, reader)) for entry in reversed(entries)] + [arrived]
