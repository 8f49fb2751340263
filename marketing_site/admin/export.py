"""CSV export of exactly what the inbox filters show: UTF-8 with a BOM (spreadsheets then read it as
UTF-8), and any cell a spreadsheet would run as a formula neutralised with a leading apostrophe."""

from __future__ import annotations

import csv
from typing import TextIO

from marketing_site.admin.audit import audit
from marketing_site.admin.inbox_query import InboxFilter, filtered
from marketing_site.admin.staff_db import BULK_WORK_SECONDS, staff_session, staff_write_session
from marketing_site.leads.models import Lead
from marketing_site.leads.schemas import UTM_KEYS
from marketing_site.staff.models import StaffUser

COLUMNS = (
    "id",
    "created_at",
    "kind",
    "status",
    "owner_id",
    "first_contacted_at",
    "email",
    "full_name",
    "first_name",
    "last_name",
    "phone_e164",
    "phone_raw",
    "country",
    "city",
    "school",
    "school_type",
    "job_title",
    "student_count",
    "current_system",
    "current_product_use",
    "heard_about_us",
    "website",
    "product",
    "position",
    "source_page",
    "referrer",
    *UTM_KEYS,
    "consent_text_version",
    "consent_communications_at",
    "consent_data_processing_at",
)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BATCH = 2000


def cell(value) -> str:
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def write_export(chosen: InboxFilter, user: StaffUser, out: TextIO) -> int:
    """Write the CSV to ``out`` in batches (100,000 leads never sit in memory as rows), audit it, return the count."""
    writer = csv.writer(out, lineterminator="\r\n")
    out.write("\ufeff")
    writer.writerow(COLUMNS)
    written = 0
    with staff_session(BULK_WORK_SECONDS) as db_session:
        selected = filtered(chosen, user.role, *(getattr(Lead, column) for column in COLUMNS))
        for row in db_session.execute(selected.execution_options(yield_per=BATCH)):
            writer.writerow([cell(value) for value in row])
            written += 1
    with staff_write_session() as db_session:
        audit(db_session, user.id, "export", None, f"{written} leads; filters {chosen.query_string(page=1)}")
        db_session.commit()
    return written
