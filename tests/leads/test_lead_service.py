"""lead_submit / application_submit against the real session database, no mocks."""

from __future__ import annotations

import resource
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta, timezone

import pytest
from lead_rows import count, fetch
from lead_payloads import CAREERS, CONSENTED, VALID
from samples import PDF

from marketing_site.leads import idempotency, models
from marketing_site.leads.models import utc_now
from marketing_site.leads.schemas import FORMS
from marketing_site.leads.service import (
    LeadKind, LeadRejected, LeadValidationError, ResumeUpload, SubmissionContext, application_submit, lead_submit,
)
from marketing_site.settings import settings

pytestmark = pytest.mark.usefixtures("database_url")
API = SubmissionContext(client_id="203.0.113.9")


@pytest.mark.parametrize("kind", [LeadKind.PRODUCT_VIDEO, LeadKind.SCHEDULE_DEMO, LeadKind.SIGNUP_DEMO,
                                  LeadKind.PRODUCT_DEMO])
def test_spec_payload_is_stored_and_read_back(kind):
    before = utc_now()
    lead = fetch(FORMS[kind].model, lead_submit(kind, VALID[kind.value], API))
    assert lead.email == VALID[kind.value]["email"]
    created = lead.created_at if lead.created_at.tzinfo else lead.created_at.replace(tzinfo=timezone.utc)
    assert before - timedelta(seconds=1) <= created <= utc_now()


def test_schedule_demo_columns_hold_real_types():
    lead = fetch(models.ScheduleDemoLead, lead_submit(LeadKind.SCHEDULE_DEMO, VALID["ScheduleDemo"], API))
    assert (lead.first_name, lead.n_student, lead.t_school) == ("Amina", "850", "Multi-branch")
    assert (lead.phone_e164, lead.phone_raw) == ("+923001234567", "+92 300 1234567")
    assert lead.student_smart is True and lead.communication_smart is False
    assert lead.resp_academic is True and lead.resp_finance is False


def test_origin_and_consent_are_stored():
    context = SubmissionContext(client_id="c1", page="/signup", referrer="https://www.google.com/",
                                utm={"utm_source": "newsletter", "utm_campaign": "spring"},
                                form_started_at=time.time() - 30, require_consent=True,
                                consent_text_version="2026-01")
    lead = fetch(models.SignupDemoLead,
                 lead_submit(LeadKind.SIGNUP_DEMO, {**VALID["SignupDemo"], **CONSENTED, "website": "greenfield.pk"},
                             context))
    assert (lead.source_page, lead.referrer, lead.utm_source, lead.utm_campaign, lead.utm_medium) == (
        "/signup", "https://www.google.com/", "newsletter", "spring", "")
    assert lead.consent_text_version == "2026-01" and lead.website == "greenfield.pk"
    assert lead.consent_communications_at is not None and lead.consent_data_processing_at is not None


def test_invalid_input_stores_nothing():
    before = count(models.ProductDemoLead)
    with pytest.raises(LeadValidationError) as caught:
        lead_submit(LeadKind.PRODUCT_DEMO, {**VALID["ProductDemo"], "email": "nope"}, API)
    assert caught.value.errors == {"email": "Please enter a valid email address, like name@school.edu."}
    assert count(models.ProductDemoLead) == before


def test_bad_origin_values_are_reported_by_name():
    context = SubmissionContext(client_id="c2", utm={"utm_source": "x" * 201}, page=["/"])
    with pytest.raises(LeadValidationError) as caught:
        lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    assert set(caught.value.errors) == {"utm_source", "page"}


@pytest.mark.parametrize(("honeypot", "seconds_ago"), [("http://spam.example", 60.0), ("", 0.0), ("", -3600.0)])
def test_traps_reject_and_store_nothing(honeypot, seconds_ago):
    context = SubmissionContext(client_id="bot", honeypot=honeypot, form_started_at=time.time() - seconds_ago)
    before = count(models.ProductVideoLead)
    with pytest.raises(LeadRejected):
        lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    assert count(models.ProductVideoLead) == before


def test_same_idempotency_key_stores_once():
    context = SubmissionContext(client_id="c3", idempotency_key="retry-1")
    first = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context)
    before = count(models.ProductVideoLead)
    assert lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context) == first
    assert count(models.ProductVideoLead) == before
    demos = count(models.ProductDemoLead)
    lead_submit(LeadKind.PRODUCT_DEMO, VALID["ProductDemo"], context)  # same key, other endpoint: a new lead
    assert count(models.ProductDemoLead) == demos + 1


def test_concurrent_duplicates_store_once():
    context = SubmissionContext(client_id="c4", idempotency_key="race-1")
    before = count(models.ProductVideoLead)
    with ThreadPoolExecutor(max_workers=6) as pool:
        ids = list(pool.map(lambda _: lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], context), range(6)))
    assert len(set(ids)) == 1
    assert count(models.ProductVideoLead) == before + 1


def test_application_with_resume_is_stored_outside_the_web_root():
    lead = fetch(models.CareersApplication,
                 application_submit(CAREERS, ResumeUpload("../../CV Sara.pdf", PDF), API))
    assert (lead.resume_filename, lead.resume_content_type, lead.resume_size) == ("CV Sara.pdf", "application/pdf",
                                                                               len(PDF))
    stored = settings.resume_dir / lead.resume_path.rsplit("/", 1)[-1]
    assert stored.read_bytes() == PDF and stored.suffix == ".pdf" and "Sara" not in stored.name
    assert lead.mobile_e164 == "+923007654321"


def test_application_reports_field_and_file_errors_together():
    before = count(models.CareersApplication), sorted(settings.resume_dir.glob("*"))
    with pytest.raises(LeadValidationError) as caught:
        application_submit({**CAREERS, "city": ""}, ResumeUpload("cv.pdf", b"MZ\x90\x00"), API)
    assert set(caught.value.errors) == {"city", "resume"}
    assert (count(models.CareersApplication), sorted(settings.resume_dir.glob("*"))) == before


def test_failed_commit_leaves_no_row_and_no_file(monkeypatch):
    """The database refuses the transaction (a NOT NULL breach): neither lead nor résumé survives."""
    broken = idempotency.record("Careers", "k", 0)
    broken.status_code = None
    monkeypatch.setattr(idempotency, "record", lambda *_: broken)
    before = count(models.CareersApplication), sorted(settings.resume_dir.glob("*"))
    with pytest.raises(Exception):  # noqa: B017 - the driver's own IntegrityError subclass varies
        application_submit(CAREERS, ResumeUpload("cv.pdf", PDF), SubmissionContext("c5", idempotency_key="k"))
    assert (count(models.CareersApplication), sorted(settings.resume_dir.glob("*"))) == before


def test_a_resume_write_that_fails_midway_leaves_no_file():
    """A full disk (here: a 16-byte file-size limit) must not leave a truncated résumé behind."""
    before = set(settings.resume_dir.glob("*")) if settings.resume_dir.exists() else set()
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (16, hard))
    try:
        with pytest.raises(OSError):
            application_submit(CAREERS, ResumeUpload("cv.pdf", PDF * 4), API)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert set(settings.resume_dir.glob("*")) == before
