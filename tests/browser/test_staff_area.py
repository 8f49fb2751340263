"""The staff area in Chromium against the served backend: sign in, search and filter, work a lead, release a
quarantined one, export CSV and read it back, erase a person; roles and signed-out requests refused."""

from __future__ import annotations

import csv
import io
import re
import uuid
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect
from sqlalchemy import text
from staff_browser import api_lead, create_staff, sign_in, sign_out

from marketing_site.admin.app import PUBLIC, ROUTES


def search(page: Page, served, words: str, **filters: str) -> None:
    page.goto(f"{served.backend_url}/admin/")
    page.get_by_label("Search").fill(words)
    if filters and not page.locator("#filters").evaluate("details => details.open"):
        page.get_by_text("Filters", exact=True).click()  # folded on a phone
    for label, value in filters.items():
        page.get_by_label(label, exact=True).select_option(value)
    page.get_by_role("button", name="Show").first.click()


def test_sales_signs_in_filters_works_a_lead_releases_one_and_exports_csv(page: Page, served, site_db) -> None:
    email = create_staff(served, "sales")
    school = f"Browser Academy {uuid.uuid4().hex[:6]}"
    first = api_lead(served, "ScheduleDemo", email=f"{uuid.uuid4().hex[:8]}@school.edu", school=school)
    api_lead(served, "SignupDemo", email=f"{uuid.uuid4().hex[:8]}@school.edu", school=school)
    caught = api_lead(
        served, "ProductDemo", email=f"{uuid.uuid4().hex[:8]}@school.edu", school=school, product="HR Smart"
    )
    with site_db.begin() as connection:  # as the time trap would have stored it
        connection.execute(text("UPDATE lead SET quarantined = true WHERE id = :id"), {"id": caught})
    sign_in(page, served, email)

    search(page, served, school.lower())
    expect(page.get_by_text("2 leads", exact=True)).to_be_visible()
    search(page, served, school, Kind="ScheduleDemo")
    expect(page.get_by_text("1 lead", exact=True)).to_be_visible()
    page.locator(f"a[href='/admin/leads/{first}']").click()

    expect(page.get_by_role("heading", name="Amina Khan", exact=True)).to_be_visible()
    page.get_by_label("Status").select_option("contacted")
    page.get_by_label("Owner").select_option(str(_staff_id(site_db, email)))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Saved")).to_be_visible()
    expect(page.get_by_label("Status")).to_have_value("contacted")
    expect(page.get_by_label("Owner")).to_have_value(str(_staff_id(site_db, email)))
    page.get_by_label("New note").fill("Called, <b>demo</b> next week")
    page.get_by_role("button", name="Add note").click()
    expect(page.get_by_text("Called, <b>demo</b> next week")).to_be_visible()
    expect(page.get_by_text("You moved it from New to Contacted")).to_be_visible()

    page.goto(f"{served.backend_url}/admin/?quarantine=1&q={school}")
    page.locator(f"a[href='/admin/leads/{caught}']").click()
    page.get_by_role("button", name="Release into the inbox").click()
    search(page, served, school)
    expect(page.get_by_text("3 leads", exact=True)).to_be_visible()

    with page.expect_download() as download:
        page.get_by_role("link", name="Export these 3 as CSV").click()
    content = Path(download.value.path()).read_bytes()
    assert content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))
    assert sorted(row["Kind"] for row in rows) == ["Demo request", "Demo sign-up", "Product demo request"]
    assert {row["School"] for row in rows} == {school}
    assert {row["Phone"] for row in rows} == {"+923001234567"}  # a phone number as it is: no apostrophe
    assert {row["Owner"] for row in rows} == {email, ""} and {row["Status"] for row in rows} == {"Contacted", "New"}


def _staff_id(site_db, email: str) -> int:
    with site_db.connect() as connection:
        return connection.execute(text("SELECT id FROM staff_user WHERE email = :e"), {"e": email}).scalar_one()


def test_roles_keep_to_their_leads_and_an_admin_erases_a_person(page: Page, served, site_db) -> None:
    person = f"erase-{uuid.uuid4().hex[:8]}@school.edu"
    demo_id = api_lead(served, "ScheduleDemo", email=person)
    with site_db.begin() as connection:  # an application whose résumé sales must not fetch
        careers_id = connection.execute(
            text(
                "INSERT INTO lead (kind, created_at, language, email, phone_e164, phone_raw, source_page, referrer,"
                " utm_source, utm_medium, utm_campaign, utm_term, utm_content, consent_text_version,"
                " resume_filename) VALUES ('Careers', CURRENT_TIMESTAMP, 'en', :e, '+923001234567', '0300 1234567',"
                " '', '', '', '', '', '', '', '', 'cv.pdf') RETURNING id"
            ),
            {"e": person},
        ).scalar_one()
        connection.execute(
            text("INSERT INTO lead_resume (lead_id, extension, size, content) VALUES (:id, '.pdf', 4, :pdf)"),
            {"id": careers_id, "pdf": b"%PDF"},
        )

    sign_in(page, served, create_staff(served, "hr"))
    assert page.request.get(f"{served.backend_url}/admin/leads/{demo_id}").status == 404
    assert page.request.get(f"{served.backend_url}/admin/leads/{careers_id}").status == 200
    page.context.clear_cookies()
    sign_in(page, served, create_staff(served, "sales"))
    assert page.request.get(f"{served.backend_url}/admin/leads/{careers_id}/resume").status == 403
    assert page.request.get(f"{served.backend_url}/admin/leads/{careers_id}").status == 404
    page.context.clear_cookies()

    sign_in(page, served, create_staff(served, "admin"))
    page.get_by_role("link", name="Erase a person").click()
    page.get_by_label("Email address").fill(person.upper())
    page.get_by_role("button", name="Erase").click()
    expect(page.get_by_text("Erased 2 leads.")).to_be_visible()
    with site_db.connect() as connection:
        assert (
            connection.execute(text("SELECT count(*) FROM lead WHERE lower(email) = :e"), {"e": person}).scalar_one()
            == 0
        )
    sign_out(page)
    page.goto(f"{served.backend_url}/admin/erase")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()


def test_signed_out_requests_to_every_admin_route_are_refused(served) -> None:
    with httpx.Client(base_url=served.backend_url, follow_redirects=False, timeout=10) as stranger:
        for route in ROUTES:
            if route.path in PUBLIC:
                continue
            path = "/admin" + re.sub(r"\{\w+:int\}", "1", route.path)
            for method in route.methods - {"HEAD"}:
                answer = stranger.request(method, path, data={"status": "won"} if method == "POST" else None)
                assert answer.status_code in (303, 401), (method, path, answer.status_code)
