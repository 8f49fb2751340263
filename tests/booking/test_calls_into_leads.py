"""A booking crosses into leads/ through a few entry points only: ``lead_prepare`` and ``lead_store`` on the API's
path, ``transitions.demo_booked`` on the site's and a rebooking's, and the transitions of a cancellation and an
outcome. Everything a booking does to its lead (status, owner, timers, sales' notice, the channel report) is
theirs: a booking module that names any other function of leads/ fails here, so no copy of a lead's rules grows
back in booking/. Types, and helpers that write nothing (a lead's link, the work calendar), are listed too."""

from __future__ import annotations

import ast
from pathlib import Path

import marketing_site

PACKAGE = Path(marketing_site.__file__).parent
BOOKING = PACKAGE / "booking"
LEADS = "marketing_site.leads"

ENTRY_POINTS = {
    "service.lead_prepare",
    "service.lead_store",
    "transitions.demo_booked",
    "transitions.demo_cancelled",
    "transitions.demo_outcome",
}
TYPES = {
    "transitions.BookedDemo",
    "errors.LeadValidationError",
    "mails.RequestMails",
    "models.Lead",
    "models.LeadModule",
    "models.WrittenLead",
    "schemas.LeadKind",
    "service.SubmissionContext",
    "statuses.LeadStatus",
    "tallies.counting.Funnel",
    "owners.work_calendar.WorkWeek",
}
READERS = {
    "mails.lead_link",
    "models.display_name",
    "owners.owner_mails.contact_links",
    "owners.owner_mails.when",
    "owners.work_calendar.company_week",
    "owners.work_calendar.use_own_weeks",  # the hosts' weeks, handed to the work calendar at start-up
}
ALLOWED = {f"{LEADS}.{name}" for name in ENTRY_POINTS | TYPES | READERS}


def _is_module(dotted: str) -> bool:
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.is_dir() or path.with_suffix(".py").is_file()


def leads_names(source: str) -> set[str]:
    """Every name of leads/ that ``source`` uses: imported by name, or an attribute of an imported module."""
    used: set[str] = set()
    modules: dict[str, str] = {}  # local name -> module of leads/
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(LEADS):
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                if _is_module(dotted):
                    modules[alias.asname or alias.name] = dotted
                else:
                    used.add(dotted)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(LEADS):
                    modules[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            used.add(f"{modules[node.value.id]}.{node.attr}")
    return used


def test_booking_calls_into_leads_only_through_its_entry_points():
    beyond = {
        str(path.relative_to(PACKAGE)): sorted(names - ALLOWED)
        for path in sorted(BOOKING.rglob("*.py"))
        if (names := leads_names(path.read_text(encoding="utf-8"))) - ALLOWED
    }
    assert beyond == {}, "a booking changes its lead through leads/transitions.py and leads/service.py only"


def test_the_check_sees_the_calls_a_booking_made_before():
    """Positive control: the eight crossings of the API's path before the booking handed its lead one set of
    facts (refusals counted, fields checked, tallied, mails withdrawn and queued by booking/ itself) are found."""
    source = """
from marketing_site.leads import service as lead_service
from marketing_site.leads import mails as lead_mails
from marketing_site.leads import transitions
from marketing_site.leads.tallies import counting as tallies
from marketing_site.leads.models import Lead

with lead_service.counted(kind):
    lead_service.lead_check(kind, fields, context)
    prepared = lead_service.lead_prepare(kind, fields, context)
    lead_service.lead_store(prepared, with_lead=book)
tallies.tally(db_session, lead_id, change)
lead_mails.withdraw_unsent(db_session, lead_id)
lead_mails.queue_booked_notice(db_session, lead_id, demo, first, booking_id)
transitions.demo_booked(db_session, lead_id, host_id, host_name, now)
"""
    assert sorted(name.removeprefix(f"{LEADS}.") for name in leads_names(source) - ALLOWED) == [
        "mails.queue_booked_notice",
        "mails.withdraw_unsent",
        "service.counted",
        "service.lead_check",
        "tallies.counting.tally",
    ]
