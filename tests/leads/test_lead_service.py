"""lead_submit / application_submit against the real session database, no mocks."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, timedelta

import pytest
from lead_payloads import CAREERS, CONSENTED, MODULES, VALID
from samples import PDF
from sqlalchemy.exc import IntegrityError
from sqlmodel import select
from stored_leads import count, fetch, resume_count, resume_of, ticked

from marketing_site.core import db, rate_limit
from marketing_site.core.clock import timestamp, utc_now
from marketing_site.leads import antispam, idempotency, service
from marketing_site.leads.models import Lead, LeadModule
from marketing_site.leads.service import (
    LeadKind,
    LeadRejected,
    LeadValidationError,
    ResumeUpload,
    SubmissionContext,
    application_submit,
    lead_check,
    lead_submit,
)
from marketing_site.mail.models import OutboxMail

pytestmark = pytest.mark.usefixtures("database_url")
API = SubmissionContext(client_id="203.0.113.9")


@pytest.mark.parametrize(
    "kind", [LeadKind.PRODUCT_VIDEO, LeadKind.SCHEDULE_DEMO, LeadKind.SIGNUP_DEMO, LeadKind.PRODUCT_DEMO]
)
def test_spec_payload_is_stored_and_read_back(kind):
    before = utc_now()
    lead = fetch(lead_submit(kind, VALID[kind.value], API))
    assert (lead.kind, lead.email, lead.language) == (kind.value, VALID[kind.value]["email"], "en")
    created = lead.created_at if lead.created_at.tzinfo else lead.created_at.replace(tzinfo=UTC)
    assert before - timedelta(seconds=1) <= created <= utc_now()


def test_schedule_demo_is_stored_in_named_columns_with_its_ticked_modules_and_responsibilities():
    lead = fetch(lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], API))
    assert (lead.first_name, lead.last_name, lead.school, lead.country, lead.job_title) == (
        "Amina",
        "Khan",
        "Greenfield School",
        "Pakistan",
        "Principal",
    )
    assert (
        lead.student_count,
        lead.school_type,
        lead.current_system,
        lead.current_product_use,
        lead.heard_about_us,
    ) == ("850", "Multi-branch", "Spreadsheets", "No", "Google search")
    assert (lead.phone_e164, lead.phone_raw) == ("+923001234567", "+92 300 1234567")
    assert ticked(lead.id) == ({"studentSmart", "hrSmart", "academicSmart"}, {"academic", "communication"})
    assert (lead.full_name, lead.website, lead.product, lead.position, lead.resume_filename) == (None,) * 5


def test_each_kind_fills_its_own_columns_and_leaves_the_others_null():
    video = fetch(lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], API))
    assert (video.full_name, video.phone_e164, video.product) == ("Ali Raza", "+923001234567", "Student Smart")
    assert (video.first_name, video.school, video.country, video.student_count) == (None,) * 4
    signup = fetch(lead_submit(LeadKind.SIGNUP_DEMO, {**VALID["SignupDemo"], "website": ""}, API))
    assert (signup.current_system, signup.website, signup.product) == ("Paper forms", "", None)
    assert ticked(signup.id) == (set(), set())


def test_origin_and_consent_are_stored():
    context = SubmissionContext(
        client_id="c1",
        page="/signup",
        referrer="https://www.google.com/",
        utm={"utm_source": "newsletter", "utm_campaign": "spring"},
        form_started_at=timestamp() - 30,
        require_consent=True,
        consent_text_version="2026-01",
    )
    lead = fetch(
        lead_submit(LeadKind.SIGNUP_DEMO, {**VALID["SignupDemo"], **CONSENTED, "website": "greenfield.pk"}, context)
    )
    assert (lead.source_page, lead.referrer, lead.utm_source, lead.utm_campaign, lead.utm_medium) == (
        "/signup",
        "https://www.google.com/",
        "newsletter",
        "spring",
        "",
    )
    assert lead.consent_text_version == "2026-01" and lead.website == "greenfield.pk"
    # Both consents are dated to the submission itself, the moment the lead is stored with.
    assert lead.consent_communications_at == lead.consent_data_processing_at == lead.created_at


def test_invalid_input_stores_nothing():
    before = count(LeadKind.PRODUCT_DEMO)
    with pytest.raises(LeadValidationError) as caught:
        lead_submit(LeadKind.PRODUCT_DEMO, {**VALID["ProductDemo"], "email": "nope"}, API)
    assert caught.value.errors == {"email": "Please enter a valid email address, like name@school.edu."}
    assert count(LeadKind.PRODUCT_DEMO) == before


def test_a_check_reports_every_field_error_at_once_and_stores_nothing():
    """What the demo booking asks before it books (a lead and its slot are refused together)."""
    before = count(LeadKind.SCHEDULE_DEMO)
    lead_check(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], API)
    with pytest.raises(LeadValidationError) as refused:
        lead_check(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], "email": "x", "firstName": " "}, API)
    assert set(refused.value.errors) == {"email", "firstName"}
    assert count(LeadKind.SCHEDULE_DEMO) == before


def test_a_key_replays_only_answers_of_the_endpoint_it_was_first_sent_to():
    """The demo booking stores its ScheduleDemo lead under its own endpoint: the same key on the plain form is new."""
    context = SubmissionContext("203.0.113.30", idempotency_key="per-endpoint")
    booked = lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], context, endpoint="demo-bookings")
    assert lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], context, endpoint="demo-bookings") == booked
    plain = lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], context)
    assert plain != booked and lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], context) == plain


def test_rows_written_with_the_lead_commit_with_it_or_not_at_all():
    """A caller storing more with the lead (the demo booking) writes in the lead's own session."""
    prepared = service.lead_prepare(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], API)
    with db.write_session() as session:
        lead = service.lead_write(session, prepared)
        seen = [(lead.id, session.execute(select(Lead.kind).where(Lead.id == lead.id)).scalar_one())]
        session.commit()
        lead_id = lead.id
    assert seen == [(lead_id, "ScheduleDemo")]
    before = count(LeadKind.SCHEDULE_DEMO)
    prepared = service.lead_prepare(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], API)
    with pytest.raises(LeadRejected), db.write_session() as session:
        service.lead_write(session, prepared)
        raise LeadRejected()  # what the caller's own rows refused
    assert count(LeadKind.SCHEDULE_DEMO) == before


def test_tracking_values_are_cut_to_their_column_without_unreadable_characters():
    assert service.fitted("https://school.example/\ud800a\x07b\n c", "referrer") == "https://school.example/ab c"
    assert service.fitted("x" * 80, "module", LeadModule) == "x" * 50


def test_bad_origin_values_are_reported_by_name():
    context = SubmissionContext(client_id="c2", utm={"utm_source": "x" * 201}, page=["/"])
    with pytest.raises(LeadValidationError) as caught:
        lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    assert set(caught.value.errors) == {"utm_source", "page"}


@pytest.mark.parametrize(("honeypot", "seconds_ago"), [("http://spam.example", 60.0), ("", -3600.0)])
def test_traps_reject_and_store_nothing(honeypot, seconds_ago):
    context = SubmissionContext(client_id="bot", honeypot=honeypot, form_started_at=timestamp() - seconds_ago)
    before = count(LeadKind.PRODUCT_VIDEO)
    with pytest.raises(LeadRejected):
        lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    assert count(LeadKind.PRODUCT_VIDEO) == before


def test_too_fast_submission_is_stored_quarantined_with_its_mails_held():
    context = SubmissionContext(client_id="typist", form_started_at=timestamp())
    lead = fetch(lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context))
    assert lead.quarantined
    with db.session() as db_session:
        statuses = db_session.exec(select(OutboxMail.status).where(OutboxMail.lead_id == lead.id)).all()
    assert statuses == ["held", "held"]


def test_same_idempotency_key_stores_once():
    context = SubmissionContext(client_id="c3", idempotency_key="retry-1")
    first = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    before = count(LeadKind.PRODUCT_VIDEO)
    assert lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context) == first
    assert count(LeadKind.PRODUCT_VIDEO) == before
    demos = count(LeadKind.PRODUCT_DEMO)
    lead_submit(LeadKind.PRODUCT_DEMO, VALID["ProductDemo"], context)  # same key, other endpoint: a new lead
    assert count(LeadKind.PRODUCT_DEMO) == demos + 1


def test_concurrent_duplicates_store_once():
    context = SubmissionContext(client_id="c4", idempotency_key="race-1")
    before = count(LeadKind.PRODUCT_VIDEO)
    with ThreadPoolExecutor(max_workers=6) as pool:
        ids = list(pool.map(lambda _: lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context), range(6)))
    assert len(set(ids)) == 1
    assert count(LeadKind.PRODUCT_VIDEO) == before + 1


def test_application_with_resume_is_stored_with_the_lead_in_the_database():
    lead = fetch(application_submit(CAREERS, ResumeUpload("../../CV Sara.pdf", PDF), API))
    assert (lead.kind, lead.resume_filename, lead.position, lead.city) == (
        "Careers",
        "CV Sara.pdf",
        "Mathematics",
        "Lahore",
    )
    stored = resume_of(lead.id)
    assert (stored.content, stored.extension, stored.size) == (PDF, ".pdf", len(PDF))
    assert (lead.phone_e164, lead.phone_raw) == ("+923007654321", "0300 7654321")


def test_a_pdf_named_like_a_web_page_is_kept_under_a_pdf_name():
    lead = fetch(application_submit(CAREERS, ResumeUpload("x.html", PDF + b"<html><script>x</script></html>"), API))
    assert lead.resume_filename == "x.pdf" and resume_of(lead.id).extension == ".pdf"


def test_application_reports_field_and_file_errors_together():
    before = count(LeadKind.CAREERS), resume_count()
    with pytest.raises(LeadValidationError) as caught:
        application_submit({**CAREERS, "city": ""}, ResumeUpload("cv.pdf", b"MZ\x90\x00"), API)
    assert set(caught.value.errors) == {"city", "resume"}
    assert (count(LeadKind.CAREERS), resume_count()) == before


def test_failed_commit_leaves_no_row_and_no_resume(monkeypatch):
    """The database refuses the transaction (a NOT NULL breach): neither lead nor résumé survives."""
    record = idempotency.record

    def broken(endpoint: str, key: str, lead_id: int):
        return {**record(endpoint, key, lead_id), "endpoint": None}  # the database, not Python, refuses it

    monkeypatch.setattr(idempotency, "record", broken)
    before = count(LeadKind.CAREERS), resume_count()
    with pytest.raises(IntegrityError, match="endpoint"):
        application_submit(CAREERS, ResumeUpload("cv.pdf", PDF), SubmissionContext("c5", idempotency_key="k"))
    assert (count(LeadKind.CAREERS), resume_count()) == before


def test_an_application_that_loses_the_key_race_gets_the_first_id_and_keeps_no_resume(monkeypatch):
    """A twin with the same key committed between this one's key check and its commit (the race the concurrent
    test below may or may not hit): the first id comes back, this résumé is rolled back, one lead stays."""
    context = SubmissionContext("careers-twin", idempotency_key="twin-careers")
    first = application_submit(CAREERS, ResumeUpload("cv.pdf", PDF), context)
    before = count(LeadKind.CAREERS), resume_count()
    replayed, checks = service._replayed, []

    def checked_before_the_twin_committed(endpoint: str, context: SubmissionContext) -> int | None:
        checks.append(endpoint)
        return None if len(checks) == 1 else replayed(endpoint, context)

    monkeypatch.setattr(service, "_replayed", checked_before_the_twin_committed)
    assert application_submit(CAREERS, ResumeUpload("cv.pdf", PDF), context) == first
    assert (count(LeadKind.CAREERS), resume_count()) == before


def test_a_careers_retry_with_its_key_gets_the_first_id_without_spending_the_rate_limit():
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1))
    context = SubmissionContext("careers-retry", idempotency_key="apply-once")
    first = application_submit(CAREERS, ResumeUpload("cv.pdf", PDF), context)
    resumes = resume_count()
    assert application_submit(CAREERS, ResumeUpload("cv.pdf", PDF), context) == first
    assert resume_count() == resumes


def test_careers_applications_are_screened_per_client_and_for_speed():
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1))
    for client in ("203.0.113.20", "203.0.113.21"):
        assert application_submit(CAREERS, None, SubmissionContext(client))
    assert fetch(
        application_submit(CAREERS, None, SubmissionContext("203.0.113.22", form_started_at=timestamp()))
    ).quarantined
    with pytest.raises(LeadRejected):
        application_submit(CAREERS, None, SubmissionContext("203.0.113.22"))


def test_concurrent_applications_with_one_key_keep_one_lead_and_one_resume():
    context = SubmissionContext("careers-race", idempotency_key="race-careers")
    before = count(LeadKind.CAREERS), resume_count()
    with ThreadPoolExecutor(max_workers=4) as pool:
        ids = set(pool.map(lambda _: application_submit(CAREERS, ResumeUpload("cv.pdf", PDF), context), range(4)))
    [lead_id] = ids
    assert (count(LeadKind.CAREERS), resume_count()) == (before[0] + 1, before[1] + 1)
    assert resume_of(lead_id).content == PDF


def test_the_staff_mail_names_the_modules_ticked_and_only_those():
    """Sales read what the school wants before opening the lead: the modules, not the responsibilities."""
    lead_id = lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], API)
    with db.session() as db_session:
        [staff] = db_session.exec(
            select(OutboxMail.text_body).where(OutboxMail.lead_id == lead_id, OutboxMail.audience == "staff")
        ).all()
    [line] = [line for line in staff.splitlines() if "Modules" in line]
    # by their display names, in the form's order; the API's "studnetSmart" (the spec's spelling) is Student Smart
    assert line.split("Modules", 1)[1].strip(" :") == "Student Smart, HR Smart, Academic Smart"


def test_a_form_without_module_checkboxes_stores_no_modules_even_if_sent():
    lead_id = lead_submit(LeadKind.SIGNUP_DEMO, {**VALID["SignupDemo"], **dict.fromkeys(MODULES, "Yes")}, API)
    assert ticked(lead_id) == (set(), set())


def test_a_replay_gets_its_first_answer_without_spending_the_rate_limit_or_being_checked_again():
    """A client retrying after a timeout must not be told "too many" or "invalid" for the lead it already sent."""
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=1))
    context = SubmissionContext("203.0.113.40", idempotency_key="video-once")
    first = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    before = count(LeadKind.PRODUCT_VIDEO)
    assert lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context) == first
    assert lead_submit(LeadKind.PRODUCT_VIDEO, {**VALID["ProductVideo"], "email": "not an address"}, context) == first
    assert count(LeadKind.PRODUCT_VIDEO) == before
