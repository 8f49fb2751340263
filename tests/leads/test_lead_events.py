"""What the vendor's CRM is told about a lead (the webhook's data): each field under the name the CRM reads, where
the lead came from, the consent given, the owner and the staff links; a résumé by name and link, never its bytes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from leads.lead_payloads import CAREERS, CONSENTED, VALID
from leads.takers import nobody_takes_leads, person, takers  # noqa: F401  (autouse)
from samples import PDF

from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads import events
from marketing_site.leads.models import Lead
from marketing_site.leads.service import LeadKind, ResumeUpload, SubmissionContext, application_submit, lead_submit
from marketing_site.settings import settings

MONDAY_10_MUSCAT = datetime(2027, 3, 1, 6, 0, tzinfo=UTC)
FROM_AN_AD = SubmissionContext(
    client_id="203.0.113.7",
    page="/schedule",
    referrer="https://www.google.com/",
    utm={"utm_source": "google", "utm_medium": "cpc", "utm_campaign": "spring", "utm_term": "erp", "utm_content": "a1"},
    require_consent=True,
    consent_text_version="consent-2026-11",
    touches={
        "firstTouch": {
            "landingUrl": "https://school.example/studentSmart?utm_source=news&gclid=T1",
            "utm_source": "news",
            "gclid": "T1",
            "landedAt": "2027-02-20T08:00:00Z",
        },
        "lastTouch": {"landingUrl": "https://school.example/schedule?utm_source=google", "utm_source": "google"},
    },
)


def data_of(lead_id: int, modules: list[str]) -> dict[str, Any]:
    with db.session() as db_session:
        lead = db_session.get(Lead, lead_id)
        assert lead is not None
        return events.lead_data(db_session, lead, modules)


def test_a_demo_requests_data_names_every_contact_field_where_it_came_from_the_consent_and_the_owner():
    [seller] = takers(1)
    visitor = person()
    with frozen(MONDAY_10_MUSCAT):
        lead_id = lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], **visitor, **CONSENTED}, FROM_AN_AD)
    link = f"{settings.staff_url}/leads/{lead_id}"
    assert data_of(lead_id, ["studentSmart", "hrSmart"]) == {
        "id": lead_id,
        "kind": "ScheduleDemo",
        "createdAt": "2027-03-01T06:00:00+00:00",
        "language": "en",
        "status": "new",
        "name": "Amina Khan",
        "firstName": "Amina",
        "lastName": "Khan",
        "email": visitor["email"],
        "phone": visitor["phone"].replace(" ", ""),
        "country": "Pakistan",
        "school": "Greenfield School",
        "schoolType": "Multi-branch",
        "jobTitle": "Principal",
        "studentCount": "850",
        "currentSystem": "Spreadsheets",
        "modules": ["studentSmart", "hrSmart"],
        "source": {
            "page": "/schedule",
            "referrer": "https://www.google.com/",
            "utm": {"source": "google", "medium": "cpc", "campaign": "spring", "term": "erp", "content": "a1"},
            "firstTouch": {
                "landingUrl": "https://school.example/studentSmart?utm_source=news&gclid=T1",
                "utm_source": "news",
                "gclid": "T1",
                "landedAt": "2027-02-20T08:00:00+00:00",
                "channel": {"source": "news", "medium": "(not set)", "campaign": "(not set)"},
            },
            "lastTouch": {
                "landingUrl": "https://school.example/schedule?utm_source=google",
                "utm_source": "google",
                "landedAt": None,
                "channel": {"source": "google", "medium": "(not set)", "campaign": "(not set)"},
            },
        },
        "consent": {
            "communicationsAt": "2027-03-01T06:00:00+00:00",
            "dataProcessingAt": "2027-03-01T06:00:00+00:00",
            "textVersion": "consent-2026-11",
        },
        "owner": {"id": seller.id, "email": seller.email},
        "url": link,
        "resume": None,
    }


def test_an_application_names_its_position_city_and_resume_by_link_and_leaves_out_what_was_not_given():
    [recruiter] = takers(1, "hr")
    visitor = person()
    answers = {**CAREERS, "email": visitor["email"], "mobile": visitor["phone"]}
    lead_id = application_submit(answers, ResumeUpload("CV Sara.pdf", PDF), SubmissionContext(client_id="203.0.113.8"))
    data = data_of(lead_id, [])
    link = f"{settings.staff_url}/leads/{lead_id}"
    assert data["resume"] == {"filename": "CV Sara.pdf", "url": f"{link}/resume"}
    assert (data["position"], data["city"], data["country"], data["owner"]) == (
        "Mathematics",
        "Lahore",
        "Pakistan",
        {"id": recruiter.id, "email": recruiter.email},
    )
    # an API client that sent no page, campaign or touches
    assert data["source"] == {"page": "", "referrer": "", "utm": {}, "firstTouch": None, "lastTouch": None}
    assert data["consent"] == {"communicationsAt": None, "dataProcessingAt": None, "textVersion": ""}
    assert not {"school", "schoolType", "jobTitle", "studentCount", "currentSystem", "product"} & data.keys()
    assert data["modules"] == [] and data["url"] == link
