"""The two pipelines a lead moves through, statuses in their order with the words staff see for them:
demo leads follow the sales pipeline, job applications the hiring one (``LeadKind.pipeline`` chooses).
Both start at "new", the status every lead is stored with."""

from __future__ import annotations

import enum


class LeadStatus(enum.StrEnum):
    """The sales pipeline."""

    NEW = "new"
    CONTACTED = "contacted"
    QUALIFIED = "qualified"
    DEMO_BOOKED = "demo_booked"  # set by booking.service when the lead books a slot
    DEMO_HELD = "demo_held"  # set by leads.outcomes when the host marks the demo held
    DEMO_NO_SHOW = "demo_no_show"  # set by leads.outcomes when the host marks the visitor absent
    DEMO_CANCELLED = "demo_cancelled"  # set by booking.service when a booked demo is cancelled: win it back
    WON = "won"
    LOST = "lost"

    @property
    def label(self) -> str:
        return "Demo no-show" if self is LeadStatus.DEMO_NO_SHOW else self.value.replace("_", " ").capitalize()


class HrStatus(enum.StrEnum):
    """The hiring pipeline of job applications."""

    NEW = "new"
    SCREENING = "screening"
    INTERVIEW = "interview"
    OFFER = "offer"
    HIRED = "hired"
    REJECTED = "rejected"

    @property
    def label(self) -> str:
        return self.value.capitalize()


Pipeline = type[LeadStatus] | type[HrStatus]
