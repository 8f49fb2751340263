"""A form on an Arabic page answers in Arabic: field errors, alerts, and the consent wording stored."""

from __future__ import annotations

from form_states import run, unique_email, visit
from stored_leads import leads_for
from test_demo_forms import demo_form

from marketing_site.content import forms, messages
from marketing_site.core.clock import timestamp
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC
from marketing_site.leads.schemas import LeadKind
from marketing_site.settings import settings
from marketing_site.state.schedule import ScheduleDemoState


def test_errors_on_an_arabic_page_are_in_arabic():
    state = visit(ScheduleDemoState, "/ar/schedule")
    state.started_at = timestamp() - settings.min_submit_seconds - 1
    run(state.submit(demo_form("not-an-email", firstName="")))

    assert not state.submitted
    assert state.alert == catalogue(ARABIC)[forms.FIX_FIELDS_TEXT]
    assert state.errors["email"] == messages.CATALOGUES["ar"]["email.invalid"]
    assert state.errors["firstName"] == "يرجى إدخال الاسم الأول."


def test_a_lead_from_an_arabic_page_stores_its_language_and_the_arabic_consent_wording_version():
    email = unique_email("arabic")
    state = visit(ScheduleDemoState, "/ar/schedule")
    state.started_at = timestamp() - settings.min_submit_seconds - 1
    run(state.submit(demo_form(email)))

    assert state.submitted and state.errors == {}
    [row] = leads_for(email, LeadKind.SCHEDULE_DEMO)
    assert (row.source_page, row.consent_text_version, row.language) == (
        "/ar/schedule",
        f"{forms.CONSENT_TEXT_VERSION}/ar",
        "ar",
    )


def test_the_same_form_in_english_still_answers_in_english():
    state = visit(ScheduleDemoState, "/schedule")
    state.started_at = timestamp() - settings.min_submit_seconds - 1
    run(state.submit(demo_form("not-an-email")))
    assert state.alert == forms.FIX_FIELDS_TEXT and state.errors["email"] == messages.ENGLISH["email.invalid"]
