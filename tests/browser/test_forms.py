"""Every lead form as a visitor uses it in Chromium, checked against the session build's database.

Typing, picking the phone country, Select All, a PDF upload, the success modals and Continue;
server-side field errors, a database that fails (the input stays), and a double click that stores
one row. Network faults and the traps a person can meet: test_lead_path_leaks.py.
"""

from __future__ import annotations

import re
import uuid

import httpx
import pytest
from hydration import open_page
from lead_forms import MIN_FILL_MS, email_for, fill_careers, fill_demo_contact, fill_phone, submit
from playwright.sync_api import Page, expect
from samples import PDF
from sqlalchemy import text
from stored_leads import leads_for, resume_of, ticked

from marketing_site.content import forms
from marketing_site.content.modules import HR
from marketing_site.leads.schemas import CONSENT_FIELDS, LeadKind, accepted_fields, lead_form
from marketing_site.leads.uploads import size_text
from marketing_site.settings import settings
from marketing_site.state.careers import CareersState


def test_schedule_demo_with_select_all_and_a_foreign_phone(page: Page, site_db) -> None:
    email = email_for("schedule")
    page.goto("/schedule?utm_source=browser-test")
    fill_demo_contact(page, "schedule-demo", email, "OM", "9123 4567")
    page.check("#schedule-demo-select-all")
    for choice in forms.MODULE_CHOICES:
        expect(page.locator(f"#schedule-demo-{choice.name}")).to_be_checked()
    page.check("#schedule-demo-it")
    submit(page, "schedule-demo")

    modal = page.locator("#schedule-demo-success")
    expect(modal).to_be_visible()
    expect(modal).to_contain_text(forms.SCHEDULE.success.title)
    [row] = leads_for(email, LeadKind.SCHEDULE_DEMO, site_db)
    assert row.phone_e164 == "+96891234567" and row.utm_source == "browser-test"
    modules, responsibilities = ticked(row.id, site_db)
    assert modules == {
        "studentSmart",
        "hrSmart",
        "academicSmart",
        "administrationSmart",
        "communicationSmart",
        "financeSmart",
        "librarySmart",
        "pastoralSmart",
        "timetableSmart",
        "reportSmart",
    }
    assert responsibilities == {"it"} and row.school_type == "Group of schools"

    modal.get_by_role("link", name=forms.SCHEDULE.success.continue_label).click()
    page.wait_for_url("**/")


def test_signup_plays_the_student_smart_video(page: Page, site_db) -> None:
    email = email_for("signup")
    page.goto("/signup")
    fill_demo_contact(page, "signup-demo", email)
    page.fill("#signup-demo-website", "https://greenfield.edu.pk")
    submit(page, "signup-demo")

    modal = page.locator("#signup-demo-success")
    expect(modal).to_contain_text(forms.SIGNUP.success.title)
    expect(modal.locator("video")).to_have_attribute("src", forms.SIGNUP_VIDEO.src)
    [row] = leads_for(email, LeadKind.SIGNUP_DEMO, site_db)
    assert row.website == "https://greenfield.edu.pk" and row.phone_e164 == "+923001234567"


def test_demo_request_sends_the_product_from_local_storage(page: Page, site_db) -> None:
    email = email_for("demo")
    page.goto("/")
    page.evaluate("localStorage.setItem('product-name', 'Timetable Smart')")
    page.goto("/SchedulSingleDemo")
    expect(page.locator("#demo-request-product")).to_be_checked()
    expect(page.locator("#demo-request")).to_contain_text("Timetable Smart")
    fill_demo_contact(page, "demo-request", email)
    submit(page, "demo-request")

    expect(page.locator("#demo-request-success")).to_contain_text(forms.DEMO_REQUEST.success.title)
    [row] = leads_for(email, LeadKind.PRODUCT_DEMO, site_db)
    assert row.product == "Timetable Smart"


def test_careers_application_with_a_pdf_resume(page: Page, site_db) -> None:
    email = email_for("careers")
    page.goto("/careers")
    fill_careers(page, email)
    resume = page.get_by_label(forms.RESUME_LABEL, exact=True)  # the file input is named by its <label>
    expect(resume).to_have_accessible_description(forms.RESUME_HINT.format(size=size_text(settings.max_resume_bytes)))
    resume.set_input_files(files=[{"name": "sara-cv.pdf", "mimeType": "application/pdf", "buffer": PDF}])
    expect(page.locator("#careers-resume-name")).to_have_text("sara-cv.pdf")
    submit(page, "careers")

    expect(page.locator("#careers-success")).to_contain_text(forms.CAREERS.success.title)
    [row] = leads_for(email, LeadKind.CAREERS, site_db)
    assert row.position == "Mathematics" and row.resume_filename == "sara-cv.pdf"
    assert resume_of(row.id, site_db).content == PDF


def test_careers_keeps_a_position_the_list_does_not_name(page: Page, site_db) -> None:
    """Issue 33: "Mathematics Teacher" was refused ("Please choose the position…"); a typed position is kept."""
    email = email_for("careers-typed")
    page.goto("/careers")
    fill_careers(page, email, position="Mathematics Teacher")
    page.get_by_label(forms.RESUME_LABEL, exact=True).set_input_files(
        files=[{"name": "cv.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    submit(page, "careers")
    expect(page.locator("#careers-success")).to_contain_text(forms.CAREERS.success.title)
    [row] = leads_for(email, LeadKind.CAREERS, site_db)
    assert row.position == "Mathematics Teacher"


def test_watch_video_lead_then_the_module_video(page: Page, site_db) -> None:
    email = email_for("video")
    open_page(page, HR.route)
    page.evaluate(f"localStorage.setItem('product-name', '{HR.name}')")
    page.click("#watch-video")
    dialog = page.locator("#product-video-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#product-video-product")).to_be_disabled()
    expect(page.locator("#product-video-product")).to_have_value(HR.name)
    dialog.get_by_role("button", name=forms.CANCEL_LABEL).click()
    expect(dialog).to_be_hidden()

    page.click("#watch-video")
    page.fill("#product-video-name", "Ali Raza")
    page.fill("#product-video-email", email)
    fill_phone(page, "product-video-contactNo", "3001234567")
    submit(page, "product-video")

    modal = page.locator("#product-video-success")
    expect(modal).to_contain_text(forms.PRODUCT_VIDEO.success.title)
    expect(modal.locator("video")).to_have_attribute("src", HR.video.src)
    expect(dialog).to_be_hidden()
    [row] = leads_for(email, LeadKind.PRODUCT_VIDEO, site_db)
    assert row.product == HR.name and row.phone_e164 == "+923001234567"


def test_server_errors_appear_next_to_fields_and_keep_the_input(page: Page, site_db) -> None:
    email = "amina@school"  # the browser's email check lets this through; the server does not
    page.goto("/schedule")
    fill_demo_contact(page, "schedule-demo", email, number="30012")
    submit(page, "schedule-demo")

    expect(page.locator("#schedule-demo-email-error")).to_contain_text("valid email address")
    expect(page.locator("#schedule-demo-phone-error")).to_contain_text("isn't valid")
    expect(page.locator("#schedule-demo-email")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#schedule-demo-school")).to_have_value("Greenfield School")
    expect(page.locator("#schedule-demo-success")).to_have_count(0)
    assert leads_for(email, LeadKind.SCHEDULE_DEMO, site_db) == []


def test_double_click_stores_one_row(page: Page, site_db) -> None:
    email = email_for("double")
    page.goto("/signup")
    fill_demo_contact(page, "signup-demo", email)
    page.wait_for_timeout(MIN_FILL_MS)
    page.dblclick("#signup-demo button[type=submit]")
    expect(page.locator("#signup-demo-success")).to_be_visible()
    page.wait_for_timeout(500)
    assert len(leads_for(email, LeadKind.SIGNUP_DEMO, site_db)) == 1


def test_database_failure_shows_error_keeps_input_and_retry_works(page: Page, site_db) -> None:
    email = email_for("dbdown")
    page.goto("/SchedulSingleDemo")
    fill_demo_contact(page, "demo-request", email)
    with site_db.begin() as connection:
        connection.execute(text("ALTER TABLE lead RENAME TO lead_away"))
    try:
        submit(page, "demo-request")
        alert = page.locator("#demo-request [role=alert]")
        expect(alert).to_contain_text(forms.ERROR_TITLE)
        expect(alert).to_contain_text(forms.ERROR_TEXT)
    finally:
        with site_db.begin() as connection:
            connection.execute(text("ALTER TABLE lead_away RENAME TO lead"))
    expect(page.locator("#demo-request-firstName")).to_have_value("Amina")
    expect(page.locator("#demo-request-consentDataProcessing")).to_be_checked()

    page.click("#demo-request button[type=submit]")
    expect(page.locator("#demo-request-success")).to_be_visible()
    assert len(leads_for(email, LeadKind.PRODUCT_DEMO, site_db)) == 1


def test_careers_server_errors_appear_next_to_the_phone_and_the_resume(page: Page, site_db) -> None:
    email = email_for("careers-bad")
    page.goto("/careers")
    # The phone is too short for Pakistan (only the server knows); the position is a typed one, kept (issue 33).
    fill_careers(page, email, mobile="30012", position="Mathematics Teacher")
    page.get_by_label(forms.RESUME_LABEL, exact=True).set_input_files(
        files=[{"name": "cv.pdf", "mimeType": "application/pdf", "buffer": b"MZ not really a pdf"}]
    )
    submit(page, "careers")

    expect(page.locator("#careers-mobile-error")).to_contain_text("isn't valid")
    expect(page.locator("#careers-mobile")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#careers-position")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#careers-resume-error")).to_contain_text("PDF or Word")
    expect(page.get_by_label(forms.RESUME_LABEL, exact=True)).to_have_accessible_description(re.compile("PDF or Word"))
    expect(page.locator("#careers-city")).to_have_value("Lahore")
    assert leads_for(email, LeadKind.CAREERS, site_db) == []


FORM_PAGES = {  # exported page → (form id, lead kind, fields the state fills itself)
    "careers": ("careers", LeadKind.CAREERS, set()),
    "schedule": ("schedule-demo", LeadKind.SCHEDULE_DEMO, set()),
    "signup": ("signup-demo", LeadKind.SIGNUP_DEMO, set()),
    "SchedulSingleDemo": ("demo-request", LeadKind.PRODUCT_DEMO, set()),
    HR.route.strip("/"): ("product-video", LeadKind.PRODUCT_VIDEO, {"product"}),  # disabled field, from state
}


@pytest.mark.parametrize("route", list(FORM_PAGES))
def test_every_field_the_service_checks_has_an_error_slot(static_root, route: str) -> None:
    """A server message for any field the visitor typed has a place next to that field."""
    form_id, kind, from_state = FORM_PAGES[route]
    html = (static_root / f"{route}.html").read_text()
    consent = (
        {spec.name for spec in CONSENT_FIELDS} if form_id in ("schedule-demo", "signup-demo", "demo-request") else set()
    )
    names = (
        {spec.name for spec in accepted_fields(lead_form(kind))} - {spec.name for spec in CONSENT_FIELDS} | consent
    ) - from_state
    if kind is LeadKind.CAREERS:
        names.add("resume")
    missing = sorted(name for name in names if f'id="{form_id}-{name}-error"' not in html)
    assert missing == []


def test_the_upload_endpoint_refuses_a_body_far_over_the_resume_limit(backend_url: str) -> None:
    """Reflex would spool any size to disk before the careers handler sees it; the backend refuses first."""
    headers = {"Reflex-Client-Token": uuid.uuid4().hex, "Reflex-Event-Handler": f"{CareersState.get_full_name()}.apply"}
    oversize = PDF + b"0" * (settings.max_resume_bytes + 2 * 1024 * 1024)
    response = httpx.post(
        f"{backend_url}/_upload", files={"files": ("cv.pdf", oversize, "application/pdf")}, headers=headers, timeout=30
    )
    assert response.status_code == 413


# Every <dialog> that opens on the page, recorded from the first script on (the flash lasts one connection).
WATCH_DIALOGS = """window.__dialogsOpened = [];
new MutationObserver((changes) => changes.forEach((change) => change.target.open && change.target.id &&
    window.__dialogsOpened.push(change.target.id))).observe(document, {subtree: true, attributes: true,
    attributeFilter: ["open"]});"""


def test_a_second_request_in_the_same_tab_keeps_every_keystroke_and_shows_no_old_success(page: Page, site_db):
    """A visitor who sent a form and later loads a form page in the same tab: the first connection brings the old
    visit's state back (submitted) until the new start clears it. The old success modal must not flash up and take
    the focus, which sent the last name into the first name field or nowhere (seen in the attribution journey)."""
    page.goto("/signup")
    fill_demo_contact(page, "signup-demo", email_for("first-request"))
    submit(page, "signup-demo")
    expect(page.locator("#signup-demo-success")).to_be_visible()
    start = f"#signup-demo input[name={forms.START_TOKEN_NAME}]"
    old_start = page.input_value(start)
    page.add_init_script(WATCH_DIALOGS)
    page.goto("/signup")  # a new page load: the same tab, the same Reflex client token
    page.fill("#signup-demo-firstName", "Amina")
    page.fill("#signup-demo-lastName", "Khan")
    page.fill("#signup-demo-email", "second@school.edu")
    expect(page.locator("#signup-demo-firstName")).to_have_value("Amina")
    expect(page.locator("#signup-demo-lastName")).to_have_value("Khan")
    page.wait_for_function(  # the new start arrived: the old visit's state is gone
        "([field, old]) => { const value = document.querySelector(field)?.value; return value && value !== old; }",
        arg=[start, old_start],
    )
    assert page.evaluate("window.__dialogsOpened") == []
    expect(page.locator("#signup-demo-success")).to_have_count(0)
