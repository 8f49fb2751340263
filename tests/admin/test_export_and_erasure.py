"""CSV export of the filtered inbox (BOM, formulas neutralised, audited) and erasing a person."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from leads.lead_payloads import CAREERS, VALID
from samples import PDF
from sqlalchemy import func, select
from staff_client import reports_zone, token_of
from stored_leads import resume_of

from marketing_site.admin.work.erasure import applications_expire
from marketing_site.admin.work.export import cell
from marketing_site.booking.models import DemoBooking, DemoHost
from marketing_site.booking.slots import as_utc
from marketing_site.core import db
from marketing_site.leads.models import Lead, LeadNote
from marketing_site.leads.service import LeadKind, ResumeUpload, SubmissionContext, application_submit, lead_submit
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import AuditEntry

API = SubmissionContext("export-tests")


def test_export_holds_exactly_the_filtered_leads_in_utf8_with_bom_and_no_live_formulas(as_role):
    browser, user = as_role("sales")
    school = f'=HYPERLINK("http://evil") Ünïcode {uuid.uuid4().hex[:8]}'
    ids = [
        lead_submit(
            LeadKind.SIGNUP_DEMO,
            {
                **VALID["SignupDemo"],
                "school": school,
                "firstName": first,
                "email": f"{uuid.uuid4().hex[:8]}@csv.example",
            },
            API,
        )
        for first in ("+Ali", "@Sara", "-Omar")
    ]
    lead_submit(LeadKind.SIGNUP_DEMO, {**VALID["SignupDemo"], "school": "Somewhere else"}, API)
    answer = browser.get("/admin/export.csv", params={"q": school, "kind": "SignupDemo"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    assert answer.headers["content-disposition"] == 'attachment; filename="leads.csv"'
    assert answer.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert sorted(int(row["Lead"]) for row in rows) == ids
    assert {row["School"] for row in rows} == {"'" + school}
    assert sorted(row["First name"] for row in rows) == ["'+Ali", "'-Omar", "'@Sara"]
    assert {row["Phone"] for row in rows} == {"+923001234567"}  # a number, not a formula: no apostrophe
    with db.session() as db_session:
        entry = db_session.execute(
            select(AuditEntry).where(AuditEntry.action == "export", AuditEntry.actor_id == user.id)
        ).scalar_one()
    assert entry.detail.startswith("3 leads; filters")


def test_cells_that_a_spreadsheet_would_run_are_neutralised_and_plain_numbers_are_not():
    dangerous = ("=1+1", "+1-1", "-1+2", "@SUM(A1)", "\tx", "\rx", "+968 9123 4567", '=HYPERLINK("x")', "\uff1d1+1")
    assert [cell(value) for value in dangerous] == ["'" + value for value in dangerous]
    plain = ("+96891234567", "-5", "+1", "3.5", "plain", "a=b", " =1")
    assert [cell(value) for value in plain] == list(plain)
    assert (cell(None), cell(5)) == ("", "5")
    assert cell("\u202eevil\u202c name\u2066") == "evil name"
    assert cell("=\u202e1+1") == "'=1+1"


def test_the_export_is_one_row_per_lead_as_a_person_reads_it(as_role):
    browser, user = as_role("sales")
    school = f"Export School {uuid.uuid4().hex[:8]}"
    lead_id = lead_submit(
        LeadKind.SCHEDULE_DEMO,
        {
            **VALID["ScheduleDemo"],
            "school": school,
            "firstName": "\u202eAmina",
            "email": f"{uuid.uuid4().hex[:8]}@csv.example",
        },
        API,
    )
    token = token_of(browser)
    browser.post(
        f"/admin/leads/{lead_id}/update", data={"status": "contacted", "owner": str(user.id), "csrf_token": token}
    )
    for body in ("First call", "Second call"):
        browser.post(f"/admin/leads/{lead_id}/note", data={"body": body, "csrf_token": token})
    starts = datetime(2031, 3, 4, 5, 45, tzinfo=UTC)
    with db.session() as db_session:
        received = db_session.get(Lead, lead_id).created_at
        db_session.add(DemoHost(staff_user_id=user.id, display_name="Maryam"))
        db_session.flush()
        db_session.add(
            DemoBooking(
                uid=f"{uuid.uuid4()}@test",
                lead_id=lead_id,
                host_id=user.id,
                starts_at=starts,
                ends_at=starts + timedelta(minutes=30),
                visitor_time_zone="Asia/Karachi",
            )
        )
        db_session.commit()
    answer = reports_zone(browser, "Asia/Kolkata").get("/admin/export.csv", params={"q": school})
    [row] = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert (row["Kind"], row["Status"], row["Owner"], row["Notes"]) == ("Demo request", "Contacted", user.email, "2")
    assert row["Modules"] == "Student Smart, HR Smart, Academic Smart"
    assert row["Responsibilities"] == "Academic, Communication"
    assert (row["Demo"], row["Demo status"]) == ("2031-03-04T11:15:00+05:30", "Booked")  # exporter's zone; a label
    assert row["Received"] == as_utc(received).astimezone(ZoneInfo("Asia/Kolkata")).replace(microsecond=0).isoformat()
    assert (row["Name"], row["First name"]) == ("Amina Khan", "Amina")  # the bidi override dropped
    assert row["Country"] == "Pakistan" and row["Type of school"] == "Multi-branch"


def test_erasing_a_person_removes_every_lead_note_mail_and_resume_and_logs_no_personal_data(as_role):
    browser, _ = as_role("admin")
    email = f"erase-{uuid.uuid4().hex[:8]}@person.example"
    demo_id = lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], "email": email}, API)
    careers_id = application_submit({**CAREERS, "email": email.upper()}, ResumeUpload("cv.pdf", PDF), API)
    assert resume_of(careers_id).content == PDF
    token = token_of(browser)
    browser.post(f"/admin/leads/{demo_id}/note", data={"body": "Spoke to them", "csrf_token": token})
    answer = browser.post("/admin/erase", data={"email": email, "csrf_token": token})
    assert answer.status_code == 200 and "Erased 2 leads." in answer.text
    assert resume_of(careers_id) is None
    with db.session() as db_session:
        assert (
            db_session.execute(
                select(func.count()).select_from(Lead).where(func.lower(Lead.email) == email)
            ).scalar_one()
            == 0
        )
        for table in (LeadNote, OutboxMail):
            assert (
                db_session.execute(
                    select(func.count()).select_from(table).where(table.lead_id.in_([demo_id, careers_id]))
                ).scalar_one()
                == 0
            )
        entries = db_session.execute(select(AuditEntry.detail).where(AuditEntry.action == "erase")).scalars().all()
    assert "2 leads of one person erased on request" in entries and not any(email in entry for entry in entries)


def test_retention_deletes_only_applications_older_than_the_setting():
    old = application_submit(
        {**CAREERS, "email": f"{uuid.uuid4().hex[:8]}@old.example"}, ResumeUpload("cv.pdf", PDF), API
    )
    fresh = application_submit({**CAREERS, "email": f"{uuid.uuid4().hex[:8]}@new.example"}, None, API)
    demo = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], API)
    with db.session() as db_session:
        for lead_id in (old, demo):
            lead = db_session.get(Lead, lead_id)
            lead.created_at = lead.created_at.replace(year=lead.created_at.year - 2)
            db_session.add(lead)
        db_session.commit()
    assert applications_expire(0) == 0
    assert applications_expire(12) >= 1
    assert resume_of(old) is None
    with db.session() as db_session:
        assert db_session.get(Lead, old) is None
        assert db_session.get(Lead, fresh) is not None and db_session.get(Lead, demo) is not None
