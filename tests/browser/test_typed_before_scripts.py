"""A visitor quicker than the page's scripts (a slow phone): the form filled, and a résumé chosen, before React
attached a single handler. Found on 29 Nov 2026: such a careers form showed its success, but the lead was
stored quarantined (no focus event had started the form, so the submit looked instant) and without the résumé
(react-dropzone never saw the file). The scripts are held here while the visitor types; the submit follows at
once when they run, as a thumb already on the button would."""

from __future__ import annotations

from collections.abc import Callable

from hydration import wait_for_hydration
from lead_forms import MIN_FILL_MS, email_for, fill_careers, fill_demo_contact_country_first
from playwright.sync_api import Page, Route, expect
from samples import PDF
from stored_leads import leads_for, resume_of

from marketing_site.content import forms
from marketing_site.leads.schemas import LeadKind


def holding_scripts(page: Page) -> Callable[[], None]:
    """Hold every script of ``page`` until the returned function releases them."""
    held: list[Route] = []
    released: list[bool] = []
    page.route("**/*.js", lambda route: route.continue_() if released else held.append(route))

    def release() -> None:
        released.append(True)
        for route in held:
            route.continue_()

    return release


def typed_for_a_while(page: Page, release: Callable[[], None]) -> None:
    """The visitor takes longer than the time trap to type; then the scripts run and the page comes alive."""
    page.wait_for_timeout(MIN_FILL_MS)
    release()
    wait_for_hydration(page)


def test_a_careers_form_filled_with_a_resume_before_the_scripts_ran_is_stored_whole(page: Page, site_db) -> None:
    email = email_for("careers-early")
    release = holding_scripts(page)
    page.goto("/careers")
    fill_careers(page, email)
    page.get_by_label(forms.RESUME_LABEL, exact=True).set_input_files(
        files=[{"name": "early-cv.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    typed_for_a_while(page, release)
    expect(page.locator("#careers-resume-name")).to_have_text("early-cv.pdf")
    page.click("#careers button[type=submit]")

    expect(page.locator("#careers-success")).to_contain_text(forms.CAREERS.success.title)
    [row] = leads_for(email, LeadKind.CAREERS, site_db)
    assert (row.quarantined, row.resume_filename) == (False, "early-cv.pdf")
    assert resume_of(row.id, site_db).content == PDF


def test_a_demo_form_filled_before_the_scripts_ran_is_not_taken_for_a_bot(page: Page, site_db) -> None:
    email = email_for("schedule-early")
    release = holding_scripts(page)
    page.goto("/schedule")
    fill_demo_contact_country_first(page, "schedule-demo", email, "Oman", "9123 4567")
    page.check(f"#schedule-demo-{forms.MODULE_CHOICES[0].name}")
    page.check("#schedule-demo-it")
    typed_for_a_while(page, release)
    page.click("#schedule-demo button[type=submit]")

    expect(page.locator("#schedule-demo-success")).to_contain_text(forms.SCHEDULE.success.title)
    [row] = leads_for(email, LeadKind.SCHEDULE_DEMO, site_db)
    assert (row.quarantined, row.phone_e164) == (False, "+96891234567")
