"""The phone field's country follows the form's Country select: an Omani number typed after choosing Oman
is read and stored as Omani (not refused as 'not valid in Pakistan'), in English and on /ar."""

from __future__ import annotations

import pytest
from hydration import open_page
from lead_forms import email_for, fill_demo_contact_country_first, submit
from playwright.sync_api import Page, expect
from stored_leads import leads_for

from marketing_site.leads.schemas import LeadKind


@pytest.mark.parametrize("prefix", ["", "/ar"])
def test_an_omani_number_typed_after_choosing_oman_is_stored_as_omani(page: Page, site_db, prefix: str) -> None:
    email = email_for("oman")
    open_page(page, f"{prefix}/schedule")
    phone_country = page.locator("#schedule-demo select.PhoneInputCountrySelect")
    expect(phone_country).to_have_value("PK")
    fill_demo_contact_country_first(page, "schedule-demo", email, "Oman", "9123 4567")
    expect(phone_country).to_have_value("OM")
    expect(page.locator("#schedule-demo input[type=hidden][name=phone]")).to_have_value("+96891234567")
    submit(page, "schedule-demo")

    expect(page.locator("#schedule-demo-success")).to_be_visible()
    [row] = leads_for(email, LeadKind.SCHEDULE_DEMO, site_db)
    assert (row.phone_e164, row.country) == ("+96891234567", "Oman")


def test_a_country_the_visitor_picked_in_the_phone_field_is_kept(page: Page) -> None:
    open_page(page, "/schedule")
    phone_country = page.locator("#schedule-demo select.PhoneInputCountrySelect")
    phone_country.select_option("AE")
    page.select_option("#schedule-demo-country", "Oman")
    page.wait_for_timeout(300)
    expect(phone_country).to_have_value("AE")
