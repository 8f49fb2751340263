"""Attribution, first and last touch, as a visitor makes it and staff read it: a visitor lands on a module page
from a campaign (UTM and a Google Ads click ID), goes to /schedule through the menu and books a demo; the lead's
page and the CSV show that landing as both touches. The same browser comes back from Facebook and sends another
request: the first touch is unchanged, the last touch is the new campaign. Nothing of it needs the server before
the form is sent: the page keeps it in its own storage."""

from __future__ import annotations

import csv
import io

from booking_visitor import FORM, PICKER, booking_of, host, pick, visitor  # noqa: F401 (host: fixture)
from lead_forms import email_for, fill_demo_contact, submit
from playwright.sync_api import Page, expect
from sqlmodel import Session, select
from staff_browser import create_staff, sign_in

from marketing_site.content.booking import SLOT_PICKER
from marketing_site.leads.models import Lead, LeadTouch, Touch

LANDING = "/studentSmart?utm_source=news&utm_campaign=term1&gclid=TEST123"


def touches_of(site_db, email: str) -> dict[Touch, LeadTouch]:
    with Session(site_db) as db_session:
        rows = db_session.exec(select(LeadTouch).join(Lead, Lead.id == LeadTouch.lead_id).where(Lead.email == email))
        return {Touch(row.touch): row for row in rows}


def lead_id_of(site_db, email: str) -> int:
    with Session(site_db) as db_session:
        return db_session.exec(select(Lead.id).where(Lead.email == email)).one()


def kept(page: Page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('attribution'))")


def test_a_campaigns_landing_is_the_first_and_last_touch_until_another_campaign_brings_the_person_back(
    browser, served, site_db, host
):
    page = visitor(browser, served, "Asia/Karachi")
    page.goto(LANDING)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_function("() => localStorage.getItem('attribution') !== null")
    landing = kept(page)["firstTouch"]
    assert (landing["utm_source"], landing["utm_campaign"], landing["gclid"]) == ("news", "term1", "TEST123")
    assert landing["landingUrl"] == f"{served.site_url}{LANDING}" and kept(page)["lastTouch"] == landing

    page.get_by_role("banner").get_by_role("link", name="Book a demo").click()  # the menu bar's own link
    expect(page).to_have_url(f"{served.site_url}/schedule")
    assert kept(page)["firstTouch"] == landing  # a page of the same visit without a campaign changes nothing
    email = email_for("first-touch")
    fill_demo_contact(page, FORM, email)
    submit(page, FORM)
    expect(page.locator(f"{PICKER} input[name=slot]").first).to_be_attached()
    pick(page, page.locator(f"{PICKER} input[name=slot]").first.get_attribute("value"))
    page.get_by_role("button", name=SLOT_PICKER.book_label).click()
    expect(page.locator(f"#{FORM}-success")).to_contain_text(SLOT_PICKER.booked_title)
    assert booking_of(site_db, email) is not None
    first = touches_of(site_db, email)
    for touch in Touch:
        row = first[touch]
        assert (row.landing_url, row.utm_source, row.utm_campaign, row.gclid) == (
            f"{served.site_url}{LANDING}",
            "news",
            "term1",
            "TEST123",
        )
        assert (row.source, row.campaign) == ("news", "term1")

    page.goto("/?utm_source=fb")  # another visit, another campaign
    page.wait_for_function("() => JSON.parse(localStorage.getItem('attribution')).lastTouch.utm_source === 'fb'")
    assert kept(page)["firstTouch"] == landing
    page.get_by_role("banner").get_by_role("link", name="Book a demo").click()
    second_email = email_for("last-touch")
    fill_demo_contact(page, FORM, second_email)
    submit(page, FORM)
    expect(page.locator(f"{PICKER} input[name=slot]").first).to_be_attached()
    second = touches_of(site_db, second_email)
    assert (second[Touch.FIRST].utm_source, second[Touch.FIRST].gclid) == ("news", "TEST123")
    assert (second[Touch.LAST].utm_source, second[Touch.LAST].gclid, second[Touch.LAST].landing_url) == (
        "fb",
        "",
        f"{served.site_url}/?utm_source=fb",
    )

    staff = page.context.browser.new_context(viewport={"width": 390, "height": 800}).new_page()
    sign_in(staff, served, create_staff(served, "sales"))
    for address, last in ((email, "news / (not set) / term1"), (second_email, "fb / (not set) / (not set)")):
        staff.goto(f"{served.backend_url}/admin/leads/{lead_id_of(site_db, address)}")
        source = staff.get_by_role("region", name="Source")
        expect(source).to_contain_text("news / (not set) / term1")
        expect(source).to_contain_text("TEST123")
        expect(source).to_contain_text(last)
    answer = staff.request.get(f"{served.backend_url}/admin/export.csv", params={"kind": "ScheduleDemo"})
    rows = {row["Email"]: row for row in csv.DictReader(io.StringIO(answer.text().lstrip("\ufeff")))}
    assert (rows[email]["First touch gclid"], rows[email]["First touch UTM campaign"]) == ("TEST123", "term1")
    assert (rows[email]["Last touch gclid"], rows[email]["Last touch UTM source"]) == ("TEST123", "news")
    assert rows[email]["First touch landing page"] == f"{served.site_url}{LANDING}"
    assert (rows[second_email]["First touch gclid"], rows[second_email]["Last touch UTM source"]) == ("TEST123", "fb")
    assert rows[second_email]["Last touch gclid"] == ""

    staff.goto(f"{served.backend_url}/admin/channels?touch=last")  # the report at phone width
    expect(staff.get_by_role("heading", name="Channels: what brings demos")).to_be_visible()
    assert staff.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
