"""The other lead forms on their Arabic pages, end to end (the schedule form: test_arabic.py and
test_slot_picker.py): the Arabic success modal, and a stored lead that remembers the visitor's language
and, where the form asks for consent, the Arabic wording's version, with brand names and positions
stored as HR and sales read them."""

from __future__ import annotations

from hydration import open_page
from lead_forms import email_for, fill_careers, fill_demo_contact, fill_phone, submit
from playwright.sync_api import Page, expect
from samples import PDF
from stored_leads import leads_for

from marketing_site.content import forms
from marketing_site.content.modules import HR
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC, localized_route
from marketing_site.leads.schemas import LeadKind

AR = catalogue(ARABIC)


def arabic(route: str) -> str:
    return localized_route(route, ARABIC)


def assert_stored_in_arabic(email: str, kind: LeadKind, site_db, consented: bool = False):
    """The lead's language, and for the forms that ask for consent, the Arabic wording's version."""
    [row] = leads_for(email, kind, site_db)
    assert row.language == ARABIC.code
    assert row.consent_text_version.endswith(f"/{ARABIC.code}") if consented else row.consent_text_version == ""
    return row


def test_signup_on_the_arabic_page(page: Page, site_db) -> None:
    email = email_for("signup-ar")
    page.goto(arabic("/signup"))
    fill_demo_contact(page, "signup-demo", email)
    submit(page, "signup-demo")
    expect(page.locator("#signup-demo-success")).to_contain_text(AR[forms.SIGNUP.success.title])
    assert_stored_in_arabic(email, LeadKind.SIGNUP_DEMO, site_db, consented=True)


def test_demo_request_on_the_arabic_page(page: Page, site_db) -> None:
    email = email_for("demo-ar")
    page.goto(arabic("/"))
    page.evaluate("localStorage.setItem('product-name', 'Timetable Smart')")
    page.goto(arabic("/SchedulSingleDemo"))
    fill_demo_contact(page, "demo-request", email)
    submit(page, "demo-request")
    expect(page.locator("#demo-request-success")).to_contain_text(AR[forms.DEMO_REQUEST.success.title])
    assert assert_stored_in_arabic(email, LeadKind.PRODUCT_DEMO, site_db, consented=True).product == "Timetable Smart"


def test_careers_on_the_arabic_page_with_a_resume(page: Page, site_db) -> None:
    email = email_for("careers-ar")
    # After hydration: a file chosen before the scripts ran is test_typed_before_scripts.py's subject.
    open_page(page, arabic("/careers"))
    # The position is suggested in Arabic and stored for HR in English.
    fill_careers(page, email, first="سارة", last="إقبال", city="لاهور", position=AR["Mathematics"])
    page.get_by_label(AR[forms.RESUME_LABEL], exact=True).set_input_files(
        files=[{"name": "sara-cv.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    expect(page.locator("#careers-resume-name")).to_have_text("sara-cv.pdf")
    submit(page, "careers")
    expect(page.locator("#careers-success")).to_contain_text(AR[forms.CAREERS.success.title])
    row = assert_stored_in_arabic(email, LeadKind.CAREERS, site_db)
    assert row.position == "Mathematics" and row.first_name == "سارة" and row.resume_filename == "sara-cv.pdf"


def test_careers_on_the_arabic_page_keeps_a_typed_position(page: Page, site_db) -> None:
    """Issue 33: a position outside the suggestions, typed in Arabic, is accepted and kept as typed."""
    email = email_for("careers-ar-typed")
    page.goto(arabic("/careers"))
    fill_careers(page, email, first="سارة", last="إقبال", city="لاهور", position="معلمة رياضيات")
    page.get_by_label(AR[forms.RESUME_LABEL], exact=True).set_input_files(
        files=[{"name": "cv.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    submit(page, "careers")
    expect(page.locator("#careers-success")).to_contain_text(AR[forms.CAREERS.success.title])
    assert assert_stored_in_arabic(email, LeadKind.CAREERS, site_db).position == "معلمة رياضيات"


def test_product_video_on_the_arabic_module_page(page: Page, site_db) -> None:
    email = email_for("video-ar")
    open_page(page, arabic(HR.route))
    page.evaluate(f"localStorage.setItem('product-name', '{HR.name}')")
    page.click("#watch-video")
    expect(page.locator("#product-video-dialog")).to_be_visible()
    page.fill("#product-video-name", "علي رضا")
    page.fill("#product-video-email", email)
    fill_phone(page, "product-video-contactNo", "3001234567")
    submit(page, "product-video")
    modal = page.locator("#product-video-success")
    expect(modal).to_contain_text(AR[forms.PRODUCT_VIDEO.success.title])
    expect(modal.locator("video")).to_have_attribute("src", HR.video.src)
    row = assert_stored_in_arabic(email, LeadKind.PRODUCT_VIDEO, site_db)
    assert row.product == HR.name and row.phone_e164 == "+923001234567"
