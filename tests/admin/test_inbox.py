"""The inbox and a lead's page as staff use them: roles, filters, search, paging, work on a lead, audit."""

from __future__ import annotations

import time
import uuid

from leads.lead_payloads import CAREERS, VALID
from samples import PDF
from sqlalchemy import select, update
from staff_client import token_of

from marketing_site.admin.inbox_query import PAGE_SIZE
from marketing_site.core import db
from marketing_site.leads.models import Lead
from marketing_site.leads.service import LeadKind, ResumeUpload, SubmissionContext, application_submit, lead_submit
from marketing_site.mail.models import OutboxMail
from marketing_site.staff.models import AuditEntry

API = SubmissionContext("inbox-tests")


def tag() -> str:
    return uuid.uuid4().hex[:10]


def demo(school: str, **changes) -> int:
    return lead_submit(
        LeadKind.SCHEDULE_DEMO,
        {**VALID["ScheduleDemo"], "school": school, "email": f"{tag()}@school.example", **changes},
        API,
    )


def application(city: str, resume: bytes | None = None, **changes) -> int:
    upload = ResumeUpload("My CV <1>.pdf", resume) if resume else None
    return application_submit({**CAREERS, "city": city, "email": f"{tag()}@mail.example", **changes}, upload, API)


def audit_actions(lead_id: int | None = None) -> list[tuple[str, str]]:
    with db.session() as db_session:
        query = select(AuditEntry.action, AuditEntry.detail).order_by(AuditEntry.id)
        if lead_id is not None:
            query = query.where(AuditEntry.lead_id == lead_id)
        return [tuple(row) for row in db_session.execute(query)]


def test_each_role_sees_only_its_own_kinds(as_role):
    school = f"Role School {tag()}"
    demo_id, careers_id = demo(school), application(school)
    sales, _ = as_role("sales")
    hr, _ = as_role("hr")
    admin, _ = as_role("admin")
    assert f"/admin/leads/{demo_id}" in sales.get("/admin/", params={"q": school}).text
    assert f"/admin/leads/{careers_id}" not in sales.get("/admin/", params={"q": "", "kind": "Careers"}).text
    assert sales.get(f"/admin/leads/{careers_id}").status_code == 404
    assert hr.get(f"/admin/leads/{demo_id}").status_code == 404
    assert hr.get(f"/admin/leads/{careers_id}").status_code == 200
    assert (
        admin.get(f"/admin/leads/{demo_id}").status_code == admin.get(f"/admin/leads/{careers_id}").status_code == 200
    )
    assert sales.get("/admin/erase").status_code == hr.get("/admin/users").status_code == 403


def test_search_filters_sorting_and_paging_happen_in_the_database(as_role):
    browser, _ = as_role("sales")
    school = f"Paged Academy {tag()}"
    ids = [demo(school) for _ in range(PAGE_SIZE + 2)]
    other = demo(school, country="Oman", tSchool="Kindergarten")
    first = browser.get("/admin/", params={"q": school.upper()})
    assert f"Page 1 of 2 ({len(ids) + 1} leads)" in first.text
    assert first.text.index(f'/admin/leads/{other}"') < first.text.index(f'/admin/leads/{ids[-1]}"')  # newest first
    second = browser.get("/admin/", params={"q": school, "page": "2"})
    assert f'/admin/leads/{ids[0]}"' in second.text and f'/admin/leads/{other}"' not in second.text
    oldest = browser.get("/admin/", params={"q": school, "sort": "oldest"})
    assert f'/admin/leads/{ids[0]}"' in oldest.text
    only_oman = browser.get("/admin/", params={"q": school, "country": "Oman", "school_type": "Kindergarten"})
    assert "(1 leads)" in only_oman.text and f'/admin/leads/{other}"' in only_oman.text
    by_module = browser.get("/admin/", params={"q": school, "module": "financeSmart"})
    assert "(0 leads)" in by_module.text  # the sample ticks student, hr and academic only
    assert "(53 leads)" in browser.get("/admin/", params={"q": school, "module": "hrSmart"}).text
    by_phone = browser.get(
        "/admin/",
        params={
            "q": school,
            "since": "2000-01-01",
            "until": "2999-12-31",
            "status": "new",
            "owner": "none",
            "kind": "ScheduleDemo",
        },
    )
    assert f"({len(ids) + 1} leads)" in by_phone.text
    assert "(0 leads)" in browser.get("/admin/", params={"q": school, "until": "2000-01-01"}).text
    assert "(0 leads)" in browser.get("/admin/", params={"q": school, "source": "newsletter"}).text
    tracked = lead_submit(
        LeadKind.SCHEDULE_DEMO,
        {**VALID["ScheduleDemo"], "school": school},
        SubmissionContext("utm", page="/schedule", utm={"utm_source": "newsletter_50%"}),
    )
    by_source = browser.get("/admin/", params={"q": school, "source": "letter_50%"}).text
    assert "(1 leads)" in by_source and f'/admin/leads/{tracked}"' in by_source


def test_the_inbox_shows_counts_a_chart_and_visitor_text_escaped(as_role):
    browser, _ = as_role("sales")
    school = f"<img src=x onerror=alert(1)> {tag()}"
    demo(school)
    page = browser.get("/admin/", params={"q": school}).text
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "<img src=x" not in page
    assert "ScheduleDemo: <b>" in page and "Unread: <b>" in page and 'aria-label="Leads per day, last 90 days"' in page
    assert page.count("<rect ") == 90


def test_a_right_to_left_name_cannot_reorder_the_text_around_it(as_role):
    """A name typed in Arabic, or with a bidi override, is isolated (<bdi>) where it sits inline with other text."""
    browser, _ = as_role("sales")
    lead_id = demo(f"Bidi School {tag()}", firstName="\u202eلينا", lastName="<i>Haddad</i>")
    page = browser.get(f"/admin/leads/{lead_id}").text
    assert "<h1>ScheduleDemo from <bdi>\u202eلينا &lt;i&gt;Haddad&lt;/i&gt;</bdi></h1>" in page


def test_working_a_lead_status_owner_notes_unread_and_the_audit_trail(as_role):
    browser, user = as_role("sales")
    lead_id = demo(f"Worked School {tag()}")
    assert 'class="unread"' in browser.get("/admin/", params={"q": "Worked School"}).text
    page = browser.get(f"/admin/leads/{lead_id}")
    assert page.status_code == 200 and "Greenfield" not in page.text and "Principal" in page.text
    token = token_of(browser)
    moved = browser.post(
        f"/admin/leads/{lead_id}/update", data={"status": "contacted", "owner": str(user.id), "csrf_token": token}
    )
    assert moved.status_code == 303
    browser.post(f"/admin/leads/{lead_id}/note", data={"body": "Called <b>twice</b>", "csrf_token": token})
    page = browser.get(f"/admin/leads/{lead_id}").text
    assert "Called &lt;b&gt;twice&lt;/b&gt;" in page and '<option value="contacted" selected>' in page
    with db.session() as db_session:
        lead = db_session.get(Lead, lead_id)
    assert lead.first_contacted_at is not None and lead.owner_id == user.id and lead.seen_at is not None
    assert audit_actions(lead_id) == [("status", "new -> contacted"), ("owner", f"nobody -> {user.id}"), ("note", "")]
    browser.post(f"/admin/leads/{lead_id}/update", data={"status": "won", "owner": str(user.id), "csrf_token": token})
    with db.session() as db_session:
        assert db_session.get(Lead, lead_id).first_contacted_at == lead.first_contacted_at  # set once
    browser.post(f"/admin/leads/{lead_id}/unread", data={"csrf_token": token})
    with db.session() as db_session:
        assert db_session.get(Lead, lead_id).seen_at is None
    assert audit_actions(lead_id)[-1] == ("unread", "")
    assert (
        browser.post(
            f"/admin/leads/{lead_id}/update", data={"status": "bogus", "owner": "", "csrf_token": token}
        ).status_code
        == 400
    )


def test_a_lead_shows_everything_captured_and_its_possible_duplicates(as_role):
    browser, _ = as_role("sales")
    email = f"{tag()}@dup.example"
    first = lead_submit(
        LeadKind.PRODUCT_VIDEO,
        {**VALID["ProductVideo"], "email": email, "contactNo": "+96891234567"},
        SubmissionContext("dup", page="/product", utm={"utm_source": "newsletter"}, referrer="https://search.example/"),
    )
    second = demo(f"Dup School {tag()}", email=email)
    third = demo(f"Dup School {tag()}", phone="+968 9123 4567")
    page = browser.get(f"/admin/leads/{first}").text
    for shown in ("/product", "newsletter", "https://search.example/", "Consent text version", "+96891234567"):
        assert shown in page
    assert f'/admin/leads/{second}"' in page and f'/admin/leads/{third}"' in page  # same email, same phone
    assert f'/admin/leads/{first}"' not in page


def test_mails_per_lead_dead_banner_and_resend(as_role):
    browser, _ = as_role("sales")
    lead_id = demo(f"Mail School {tag()}")
    with db.session() as db_session:
        db_session.execute(
            update(OutboxMail)
            .where(OutboxMail.lead_id == lead_id, OutboxMail.audience == "visitor")
            .values(status="dead", attempts=8, last_error="SMTPRecipientsRefused: 550 no such user")
        )
        db_session.commit()
        dead_id = db_session.execute(
            select(OutboxMail.id).where(OutboxMail.lead_id == lead_id, OutboxMail.status == "dead")
        ).scalar_one()
    assert "could not be delivered after every retry" in browser.get("/admin/").text
    hr, _ = as_role("hr")
    assert "could not be delivered" not in hr.get("/admin/").text  # not a lead hr may see
    page = browser.get(f"/admin/leads/{lead_id}").text
    assert "could not be delivered after 8 tries (SMTPRecipientsRefused: 550 no such user)" in page
    assert (
        browser.post(
            f"/admin/leads/{lead_id}/mails/{dead_id}/resend", data={"csrf_token": token_of(browser)}
        ).status_code
        == 303
    )
    with db.session() as db_session:
        mail = db_session.get(OutboxMail, dead_id)
    assert (mail.status, mail.attempts) == ("queued", 0)
    assert audit_actions(lead_id)[-1] == ("resend", f"mail {dead_id} (visitor)")


def test_quarantined_submissions_wait_apart_and_can_be_released_or_deleted(as_role):
    browser, _ = as_role("admin")
    school = f"Fast School {tag()}"
    fast = SubmissionContext("fast-typist", form_started_at=time.time())
    kept, dropped = (
        lead_submit(
            LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], "school": school, "email": f"{tag()}@fast.example"}, fast
        )
        for _ in range(2)
    )
    assert "(0 leads)" in browser.get("/admin/", params={"q": school}).text
    assert "(2 leads)" in browser.get("/admin/", params={"q": school, "quarantine": "1"}).text
    token = token_of(browser)
    assert browser.post(f"/admin/leads/{kept}/release", data={"csrf_token": token}).status_code == 303
    assert browser.post(f"/admin/leads/{dropped}/delete", data={"csrf_token": token}).status_code == 303
    assert "(1 leads)" in browser.get("/admin/", params={"q": school}).text
    with db.session() as db_session:
        assert db_session.get(Lead, dropped) is None
        assert set(db_session.execute(select(OutboxMail.status).where(OutboxMail.lead_id == kept)).scalars()) == {
            "queued"
        }
    assert browser.post(f"/admin/leads/{kept}/delete", data={"csrf_token": token}).status_code == 400


def test_resumes_download_as_attachments_for_hr_only(as_role):
    lead_id = application(f"Resume City {tag()}", PDF)
    hr, _ = as_role("hr")
    sales, _ = as_role("sales")
    download = hr.get(f"/admin/leads/{lead_id}/resume")
    assert download.status_code == 200 and download.content == PDF
    assert download.headers["content-type"] == "application/pdf"
    assert download.headers["content-disposition"] == "attachment; filename*=utf-8''My%20CV%20%3C1%3E.pdf"
    assert download.headers["x-content-type-options"] == "nosniff"
    assert sales.get(f"/admin/leads/{lead_id}/resume").status_code == 403
    assert hr.get(f"/admin/leads/{application('No CV City')}/resume").status_code == 404


def test_a_resume_named_like_a_web_page_downloads_under_its_detected_type(as_role):
    upload = ResumeUpload("x.html", PDF + b"<html><script>alert(1)</script></html>")
    lead_id = application_submit({**CAREERS, "email": f"{tag()}@mail.example"}, upload, API)
    hr, _ = as_role("hr")
    download = hr.get(f"/admin/leads/{lead_id}/resume")
    assert download.headers["content-type"] == "application/pdf"
    assert download.headers["content-disposition"] == 'attachment; filename="x.pdf"'
    assert 'href="/admin/leads/' in hr.get(f"/admin/leads/{lead_id}").text.split("x.pdf")[0][-200:]
