"""A lead's history as sentences a person reads, newest first: "Sana took the lead", "Demo moved to
Wed 2 Dec, 09:45 (Muscat) by the visitor", "Demo cancelled by the visitor".

The audit log stores codes and ids (never a visitor's words: an entry outlives an erasure); this is the one
place that turns them into words, in the reader's zone and with colleagues' names. An action it does not
know yet is still shown, plainly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from marketing_site.admin.local_time import StaffClock
from marketing_site.admin.staff_names import staff_name
from marketing_site.booking import history, outcomes
from marketing_site.booking.models import BookingChange
from marketing_site.leads import outcomes as lead_outcomes
from marketing_site.leads.labels import kind_name
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import LeadKind
from marketing_site.staff.models import AuditEntry, StaffUser

_CHANGE = re.compile(r"^(?P<before>.*?) -> (?P<after>.*)$")


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


def _sentence(entry: AuditEntry, reader: _Reader) -> str:
    actor = reader.who(entry.actor_id)
    change = _CHANGE.match(entry.detail)
    if entry.action.startswith(history.ACTION_PREFIX):
        return _demo_sentence(entry, reader)
    if entry.action == "status" and change:
        before, after = reader.status(change["before"]), reader.status(change["after"])
        if entry.actor_id is None:
            return f"Status changed from {before} to {after}"
        return f"{actor} moved it from {before} to {after}"
    if entry.action == "assign":  # a new lead's owner by the routing rules: "<id> (<rule>)"
        owner, _, rule = entry.detail.partition(" (")
        return f"Given to {reader.whom(owner)}" + (f" ({rule.rstrip(')')})" if rule else "")
    if entry.action == "owner" and change:  # "<before> -> <after>", and " (<rule>)" when the rules chose
        after, _, rule = change["after"].partition(" (")
        why = f" ({rule.rstrip(')')})" if rule else ""
        if after.isdigit() and int(after) == entry.actor_id:
            return f"{actor} took the lead{why}"
        if not after.isdigit():
            return f"{actor} took {reader.whom(change['before'])} off the lead (no owner now){why}"
        return f"{actor} gave the lead to {reader.whom(after)}{why}"
    simple = {
        "call": "logged a call",
        "note": "added a note",
        "unread": "marked it unread",
        "release": "released it from quarantine into the inbox",
    }
    if entry.action in simple:
        return f"{actor} {simple[entry.action]}"
    if entry.action == lead_outcomes.FOLLOW_UP_WITHDRAWN:  # detail: "status won", "call"
        why = (
            "logged a call"
            if entry.detail == "call"
            else f"moved it to {reader.status(entry.detail.removeprefix('status '))}"
        )
        return f"The recap mail to the visitor was withdrawn: {actor.replace('You', 'you')} {why} first"
    if entry.action == "resend":
        audience = entry.detail.rpartition("(")[2].rstrip(")") or "a"
        return f"{actor} sent the {audience} mail again"
    return f"{actor}: {entry.action} {entry.detail}".strip()


def _demo_sentence(entry: AuditEntry, reader: _Reader) -> str:
    when, _, by = entry.detail.partition(history.SEPARATOR)
    who = "the visitor" if by == history.BY_VISITOR else reader.who(entry.actor_id).replace("You", "you")
    change = _CHANGE.match(when)
    action = entry.action.removeprefix(history.ACTION_PREFIX)
    if action == BookingChange.MOVED and change:
        return f"Demo moved to {reader.demo_time(change['after'])} by {who}"
    if action == BookingChange.CANCELLED:
        return f"Demo of {reader.demo_time(when)} cancelled by {who}"
    if action in (BookingChange.HELD, BookingChange.NO_SHOW):  # by staff, or by the host from their mail's link
        marked = "held" if action == BookingChange.HELD else "a no-show"
        via = " from the mail's link" if by == outcomes.BY_LINK else ""
        return f"{reader.who(entry.actor_id)} marked the demo of {reader.demo_time(when)} {marked}{via}"
    return f"Demo booked for {reader.demo_time(when)} by {who}"


def timeline(
    lead: Lead, entries: list[AuditEntry], staff: Mapping[int, StaffUser], viewer_id: int, clock: StaffClock
) -> list[Happening]:
    """Every entry of the lead as a sentence, and its arrival, newest first."""
    reader = _Reader(viewer_id, clock, staff, lead.kind)
    source = f" on {lead.source_page}" if lead.source_page else " through the API"
    arrived = Happening(lead.created_at, f"{kind_name(lead.kind)} received{source}")
    return [Happening(entry.created_at, _sentence(entry, reader)) for entry in reversed(entries)] + [arrived]
