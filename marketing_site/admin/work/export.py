"""CSV export of exactly what the inbox filters show, one row per lead as a person reads it: names for codes
(kind, status, modules, responsibilities), the owner's address, the demo's time and state, how many notes,
and every time in ISO 8601 with the exporter's offset. UTF-8 with a BOM (spreadsheets then read it as UTF-8).

Safe to open in Excel or LibreOffice: a cell a spreadsheet would run as a formula gets a leading apostrophe,
but only then (a phone number such as +96891234567 is a plain number to it, and stays as it is); the
bidirectional controls a visitor typed, which no cell can isolate, are dropped.
"""

from __future__ import annotations

import csv
import re
from typing import IO, Any

from sqlalchemy import and_, func
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from marketing_site.admin.audit import audit
from marketing_site.admin.staff_db import BULK_WORK_SECONDS, staff_session, staff_write_session
from marketing_site.admin.viewer import Viewer
from marketing_site.admin.work.inbox_query import InboxFilter, conditions, filtered
from marketing_site.admin.work.lead_view import TOUCH_NAMES, campaign_label
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.core.plain_text import BIDI_CONTROLS
from marketing_site.leads.attribution import CAMPAIGN_KEYS
from marketing_site.leads.labels import kind_name, module_names, responsibility_names
from marketing_site.leads.models import Lead, LeadModule, LeadNote, LeadResponsibility, LeadTouch, Touch
from marketing_site.leads.schemas import UTM_KEYS, LeadKind
from marketing_site.staff.audit import AuditAction
from marketing_site.staff.models import StaffUser

# Rows fetched at a time: PostgreSQL ends a transaction idle for DATABASE_IDLE_IN_TRANSACTION_TIMEOUT (1 s), and
# between two fetches the transaction waits while Python writes the batch; 500 rows take well under that.
BATCH = 500
# What Excel and LibreOffice start a formula with (the full-width forms too: some input methods type them),
# and a line break or tab that would start one on a line of its own.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")  # a spreadsheet reads it as a number, never a formula

# display_name in SQL: the one name field, or first and last name
_NAME = func.coalesce(
    Lead.full_name, func.trim(func.coalesce(Lead.first_name, "") + " " + func.coalesce(Lead.last_name, ""))
)


_STARTS = frozenset(FORMULA_STARTS)
_DROP = dict.fromkeys(map(ord, BIDI_CONTROLS))


def cell(value: object) -> str:
    """A value a visitor typed, safe in a spreadsheet (100,000 rows call this millions of times: kept lean)."""
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    if not text.isascii():
        text = text.translate(_DROP)
    if text and text[0] in _STARTS and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


TYPED = "typed"  # a visitor's text: neutralised by ``cell``
WHEN = "when"  # an instant: ISO 8601 in the exporter's zone
KIND, STATUS, MODULES, RESPONSIBILITIES, NOTES = "kind", "status", "modules", "responsibilities", "notes"
# Modules, responsibilities and notes are read beforehand in one pass each (``_per_lead``), not as subqueries
# of every row: PostgreSQL would compute every row's subqueries before sorting, in the first fetch, which must
# finish within DATABASE_STATEMENT_TIMEOUT. (Reading them per batch on its ids costs more: 100,000 bound ids.)
OURS = "ours"  # written by the site (an id, a count, a state): as it is
OWNER = "owner"  # a staff account's id: its email address
DEMO_STATUS = "demo status"  # a BookingStatus code: its label, as the lead's page says it ("Booked")
DEMO_STATUSES = {status.value: status.label for status in BookingStatus}

# Each touch joined once under its own name (leads/attribution.py): one column per field, empty where none was kept
TOUCHES = {touch: aliased(LeadTouch, name=f"{touch.value}_touch") for touch in Touch}


def _touch_columns(touch: Touch) -> tuple[tuple[str, Any, str], ...]:
    kept, name = TOUCHES[touch], TOUCH_NAMES[touch]
    return (
        (f"{name} landed", kept.landed_at, WHEN),
        (f"{name} landing page", kept.landing_url, TYPED),
        (f"{name} referrer", kept.referrer, TYPED),
        *((f"{name} {campaign_label(key)}", getattr(kept, key), TYPED) for key in CAMPAIGN_KEYS),
    )


COLUMNS: tuple[tuple[str, Any, str], ...] = (
    ("Lead", Lead.id, OURS),
    ("Received", Lead.created_at, WHEN),
    ("Kind", Lead.kind, KIND),
    ("Status", Lead.status, STATUS),
    ("Owner", Lead.owner_id, OWNER),
    ("First contacted", Lead.first_contacted_at, WHEN),
    ("Name", _NAME, TYPED),
    ("First name", Lead.first_name, TYPED),
    ("Last name", Lead.last_name, TYPED),
    ("Email", Lead.email, TYPED),
    ("Phone", Lead.phone_e164, TYPED),
    ("Country", Lead.country, TYPED),
    ("City", Lead.city, TYPED),
    ("School", Lead.school, TYPED),
    ("Type of school", Lead.school_type, TYPED),
    ("Job title", Lead.job_title, TYPED),
    ("Students", Lead.student_count, TYPED),
    ("System today", Lead.current_system, TYPED),
    ("Uses Smart School Suite now", Lead.current_product_use, TYPED),
    ("Heard about us", Lead.heard_about_us, TYPED),
    ("Website", Lead.website, TYPED),
    ("Product", Lead.product, TYPED),
    ("Modules", Lead.id, MODULES),
    ("Responsibilities", Lead.id, RESPONSIBILITIES),
    ("Position", Lead.position, TYPED),
    ("Demo", DemoBooking.starts_at, WHEN),
    ("Demo status", DemoBooking.status, DEMO_STATUS),
    ("Notes", Lead.id, NOTES),
    ("Page", Lead.source_page, TYPED),
    ("Referrer", Lead.referrer, TYPED),
    *((key.replace("utm_", "UTM "), getattr(Lead, key), TYPED) for key in UTM_KEYS),
    *_touch_columns(Touch.FIRST),
    *_touch_columns(Touch.LAST),
    ("Language", Lead.language, TYPED),
    ("Consent wording", Lead.consent_text_version, TYPED),
    ("Consent to communications", Lead.consent_communications_at, WHEN),
    ("Consent to data processing", Lead.consent_data_processing_at, WHEN),
)


class _Words:
    """The display names of codes, each worked out once per export (a code repeats on thousands of rows)."""

    def __init__(self) -> None:
        self.kinds: dict[str, str] = {}
        self.statuses: dict[tuple[str, str], str] = {}
        self.lists: dict[tuple[str, tuple[str, ...]], str] = {}

    def kind(self, kind: str) -> str:
        if kind not in self.kinds:
            self.kinds[kind] = kind_name(kind)
        return self.kinds[kind]

    def status(self, kind: str, status: str) -> str:
        if (kind, status) not in self.statuses:
            pipeline = LeadKind(kind).pipeline if kind in set(LeadKind) else None
            self.statuses[kind, status] = pipeline(status).label if pipeline and status in set(pipeline) else status
        return self.statuses[kind, status]

    def joined(self, column: str, codes: tuple[str, ...]) -> str:
        if not codes:
            return ""
        if (column, codes) not in self.lists:
            names = module_names if column == MODULES else responsibility_names
            self.lists[column, codes] = cell(", ".join(names(codes)))
        return self.lists[column, codes]


def _per_lead(db_session: Session, chosen: InboxFilter, viewer: Viewer) -> dict[str, dict[int, Any]]:
    """The exported leads' modules and responsibilities (code tuples) and note counts, by lead id: three
    passes joined to the same filter, before the leads themselves stream."""
    where = conditions(chosen, viewer)
    found: dict[str, dict[int, Any]] = {MODULES: {}, RESPONSIBILITIES: {}}
    for column, table, value in (
        (MODULES, LeadModule, LeadModule.module),
        (RESPONSIBILITIES, LeadResponsibility, LeadResponsibility.responsibility),
    ):
        rows = db_session.execute(
            select(col(table.lead_id), col(value)).join(Lead, col(Lead.id) == col(table.lead_id)).where(*where)
        )
        codes = found[column]
        for lead_id, code in rows:
            codes[lead_id] = (*codes.get(lead_id, ()), code)
    notes = db_session.execute(
        select(col(LeadNote.lead_id), func.count())
        .join(Lead, col(Lead.id) == col(LeadNote.lead_id))
        .where(*where)
        .group_by(col(LeadNote.lead_id))
    )
    found[NOTES] = {row[0]: row[1] for row in notes}
    return found


def write_export(chosen: InboxFilter, viewer: Viewer, out: IO[str]) -> int:
    """Write the CSV to ``out`` in batches (100,000 leads never sit in memory as rows), audit it, return the count."""
    writer = csv.writer(out, lineterminator="\r\n")
    out.write("\ufeff")
    writer.writerow(heading for heading, _, _ in COLUMNS)
    typed = [index for index, (_, _, how) in enumerate(COLUMNS) if how == TYPED]
    times = [index for index, (_, _, how) in enumerate(COLUMNS) if how == WHEN]
    lists = [(index, how) for index, (_, _, how) in enumerate(COLUMNS) if how in (MODULES, RESPONSIBILITIES)]
    notes_at = next(index for index, (_, _, how) in enumerate(COLUMNS) if how == NOTES)
    kind_at, status_at, owner_at, demo_at = (
        next(index for index, (_, _, how) in enumerate(COLUMNS) if how == wanted)
        for wanted in (KIND, STATUS, OWNER, DEMO_STATUS)
    )
    words, iso = _Words(), viewer.clock.iso
    written = 0
    with staff_session(BULK_WORK_SECONDS) as db_session:
        staff = db_session.execute(select(col(StaffUser.id), col(StaffUser.email)))
        owners = {staff_id: cell(email) for staff_id, email in staff}
        selected = (
            filtered(chosen, viewer, *(expression for _, expression, _ in COLUMNS))
            .select_from(Lead)
            .outerjoin(DemoBooking, col(DemoBooking.lead_id) == col(Lead.id))
        )
        for touch, kept in TOUCHES.items():
            selected = selected.outerjoin(kept, and_(col(kept.lead_id) == col(Lead.id), col(kept.touch) == touch.value))
        # Core rows (the session's connection), not the ORM's: the per-row cost of 100,000 rows is what counts
        per_lead = _per_lead(db_session, chosen, viewer)
        for batch in db_session.connection().execute(selected.execution_options(yield_per=BATCH)).partitions():
            for row in batch:
                values = list(row)
                for index in typed:
                    values[index] = cell(values[index])
                for index in times:
                    values[index] = iso(values[index])
                for index, how in lists:
                    values[index] = words.joined(how, per_lead[how].get(values[index], ()))
                values[notes_at] = per_lead[NOTES].get(values[notes_at], 0)
                values[status_at] = words.status(values[kind_at], values[status_at])
                values[kind_at] = words.kind(values[kind_at])
                values[owner_at] = owners.get(values[owner_at], "")
                values[demo_at] = DEMO_STATUSES.get(values[demo_at], values[demo_at] or "")
                writer.writerow(values)
                written += 1
    with staff_write_session() as db_session:
        audit(
            db_session,
            viewer.user_id,
            AuditAction.EXPORT,
            None,
            f"{written} leads; filters {chosen.query_string(page=1)}",
        )
        db_session.commit()
    return written
