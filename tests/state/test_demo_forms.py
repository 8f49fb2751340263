"""Schedule, signup and demo-request states: stored once, errors per field, input never lost."""

from __future__ import annotations

from form_states import run, unique_email, visit
from stored_leads import leads_for, ticked

from marketing_site.content import forms
from marketing_site.core import db
from marketing_site.core.clock import timestamp
from marketing_site.leads.schemas import LeadKind
from marketing_site.state.demo_request import DemoRequestState
from marketing_site.state.schedule import ScheduleDemoState
from marketing_site.state.signup import SignupDemoState


def demo_form(email: str, **extra: str) -> dict[str, str]:
    """What the browser posts for a filled demo form (ticked boxes post "Yes")."""
    return {
        "firstName": "Amina",
        "lastName": "Khan",
        "email": email,
        "phone": "+923001234567",
        "school": "Greenfield School",
        "job": "Principal",
        "country": "Pakistan",
        "nStudent": "850",
        "tSchool": "Multi-branch",
        "mis": "Spreadsheets",
        "ss": "No",
        "about": "Webinar",
        "consentCommunications": "Yes",
        "consentDataProcessing": "Yes",
        forms.HONEYPOT_NAME: "",
        **extra,
    }


def test_schedule_stores_flags_and_where_the_lead_came_from():
    email = unique_email("schedule")
    state = visit(ScheduleDemoState, "/schedule", {"utm_source": "newsletter", "utm_campaign": "spring"})
    run(state.submit(demo_form(email, studnetSmart="Yes", hrSmart="Yes", it="Yes")))

    assert state.submitted and state.answered == 1 and state.errors == {} and state.alert == ""
    [row] = leads_for(email, LeadKind.SCHEDULE_DEMO)
    assert ticked(row.id) == ({"studentSmart", "hrSmart"}, {"it"})
    assert (row.source_page, row.utm_source, row.utm_campaign) == ("/schedule", "newsletter", "spring")
    assert row.referrer == "https://www.google.com/"
    assert row.consent_text_version == forms.CONSENT_TEXT_VERSION
    assert row.phone_e164 == "+923001234567"


def test_second_submit_after_success_stores_nothing_and_answers_success_again():
    """The browser retries only when the first answer never arrived: it gets the success again."""
    email = unique_email("double")
    state = visit(ScheduleDemoState, "/schedule")
    run(state.submit(demo_form(email)))
    state.dirty_vars.clear()
    run(state.submit(demo_form(email)))
    assert len(leads_for(email, LeadKind.SCHEDULE_DEMO)) == 1
    assert state.submitted and state.answered == 2
    assert {"submitted", "answered"} <= state.dirty_vars, "the repeated answer carries the success"


def test_form_data_that_is_not_a_form_gets_the_plain_error_and_an_answer():
    """A string or a list instead of the form's fields (a scripted socket) never leaves the form busy."""
    state = visit(ScheduleDemoState, "/schedule")
    for bad in ("firstName=Amina", ["firstName", "Amina"], None):
        answered = state.answered
        run(state.submit(bad))
        assert (state.answered, state.submitted, state.alert) == (answered + 1, False, forms.ERROR_TEXT)
    email = unique_email("after-bad")
    run(state.submit(demo_form(email)))
    assert state.submitted and len(leads_for(email, LeadKind.SCHEDULE_DEMO)) == 1


def test_server_messages_land_next_to_their_fields():
    email = unique_email("invalid")
    state = visit(ScheduleDemoState, "/schedule")
    run(state.submit(demo_form(email, phone="+92123", school="", consentDataProcessing="")))

    assert not state.submitted
    assert set(state.errors) == {"phone", "school", "consentDataProcessing"}
    assert "Pakistan" in state.errors["phone"]
    assert state.alert == forms.FIX_FIELDS_TEXT
    assert leads_for(email, LeadKind.SCHEDULE_DEMO) == []


def test_fixed_input_goes_through_after_a_validation_error():
    email = unique_email("retry")
    state = visit(ScheduleDemoState, "/schedule")
    run(state.submit(demo_form(email, school="")))
    run(state.submit(demo_form(email)))
    assert state.submitted and state.errors == {} and len(leads_for(email, LeadKind.SCHEDULE_DEMO)) == 1


def test_a_honeypot_submit_is_refused_with_a_plain_message():
    email = unique_email("honeypot")
    state = visit(ScheduleDemoState, "/schedule")
    run(state.submit(demo_form(email, **{forms.HONEYPOT_NAME: "http://spam.example"})))
    assert not state.submitted and state.alert and state.errors == {}
    assert leads_for(email, LeadKind.SCHEDULE_DEMO) == []


def test_a_too_fast_submit_gets_the_normal_answer_and_waits_in_quarantine():
    email = unique_email("toofast")
    state = visit(ScheduleDemoState, "/schedule")
    state.started_at = timestamp()
    run(state.submit(demo_form(email)))
    assert state.submitted and not state.alert
    assert [lead.quarantined for lead in leads_for(email, LeadKind.SCHEDULE_DEMO)] == [True]


def test_database_failure_shows_the_error_and_allows_a_retry(empty_database_url, database_url):
    email = unique_email("dbdown")
    state = visit(ScheduleDemoState, "/schedule")
    db.configure_engine(empty_database_url)  # no tables: every write fails
    try:
        run(state.submit(demo_form(email)))
    finally:
        db.configure_engine(database_url)
    assert not state.submitted and state.alert == forms.ERROR_TEXT

    run(state.submit(demo_form(email)))
    assert state.submitted and len(leads_for(email, LeadKind.SCHEDULE_DEMO)) == 1


def test_signup_keeps_the_school_website():
    email = unique_email("signup")
    state = visit(SignupDemoState, "/signup")
    run(state.submit(demo_form(email, website="https://greenfield.edu.pk")))
    [row] = leads_for(email, LeadKind.SIGNUP_DEMO)
    assert state.submitted and row.website == "https://greenfield.edu.pk"


def test_demo_request_sends_the_chosen_product():
    """The page reads localStorage product-name in the browser and posts it as its ticked box."""
    email = unique_email("product")
    state = visit(DemoRequestState, "/SchedulSingleDemo")
    run(state.submit(demo_form(email, product="HR Smart")))
    [row] = leads_for(email, LeadKind.PRODUCT_DEMO)
    assert row.product == "HR Smart"


def test_a_new_visit_starts_a_fresh_form():
    state = visit(ScheduleDemoState, "/schedule")
    run(state.submit(demo_form(unique_email("fresh"))))
    first_key = state.idempotency_key
    state.start({"referrer": ""})
    assert not state.submitted and state.errors == {} and state.idempotency_key != first_key


def test_tracking_values_the_visitor_cannot_fix_never_block_the_lead():
    """A long or garbled referrer, UTM value or stored product is trimmed to its column, not an error."""
    email = unique_email("tracking")
    state = visit(
        DemoRequestState,
        "/SchedulSingleDemo",
        {"utm_source": "s" * 300, "utm_content": "ad%00copy", "utm_campaign": "spring"},
    )
    state.start({"referrer": "https://www.google.com/search?q=" + "x" * 1500, "product": "P" * 110})
    state.started_at = timestamp() - 30
    run(state.submit({**demo_form(email), "product": "P" * 110}))
    assert (state.errors, state.submitted) == ({}, True)
    [row] = leads_for(email, LeadKind.PRODUCT_DEMO)
    assert (len(row.utm_source), row.utm_content, row.utm_campaign) == (200, "adcopy", "spring")
    assert row.referrer.startswith("https://www.google.com/search?q=xxx") and len(row.referrer) == 1000
    assert row.product == "P" * 100
