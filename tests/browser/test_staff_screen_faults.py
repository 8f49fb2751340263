"""What the walk-through of issue 33 found in the staff area, put right, in Chromium on a phone (390 px):
a demo cancelled by staff only after a confirmation with a reason, the Arabic visitor told we cancelled (item 4);
Arabic and phone searches that ignore diacritics and spaces (item 5); HR's applications without consent rows
and without sales filters (item 7); a demo booked again with another host moves the lead and tells the previous
owner (item 8); the chart's last date, the mail list's names and the CSV's demo status (item 10)."""

from __future__ import annotations

import csv
import io
import random
import uuid
from pathlib import Path

import phonenumbers
from booked_demo import booked_lead, visitor_link
from booking_visitor import host  # noqa: F401 (a fixture: a host in Muscat, around the clock)
from playwright.sync_api import Page, expect
from sqlalchemy import text
from sqlmodel import Session, select, update
from staff_browser import api_lead, create_staff, sign_in

from marketing_site.booking.models import DemoHost, WorkingHours
from marketing_site.content.messages import CATALOGUES
from marketing_site.staff.models import StaffUser

PHONE = {"width": 390, "height": 844}
AR = CATALOGUES["ar"]


def staff_on_a_phone(browser, served, role: str) -> tuple[Page, str]:
    page = browser.new_context(base_url=served.site_url, viewport=PHONE, timezone_id="Asia/Muscat").new_page()
    email = create_staff(served, role)
    sign_in(page, served, email)
    return page, email


def no_sideways_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def newest_visitor_mail(site_db, lead_id: int) -> tuple[str, str]:
    with site_db.connect() as connection:
        return tuple(
            connection.execute(
                text(
                    "SELECT subject, text_body FROM outbox_mail WHERE lead_id = :id AND audience = 'visitor'"
                    " ORDER BY id DESC"
                ),
                {"id": lead_id},
            ).first()
        )


def test_a_demo_is_cancelled_after_a_confirmation_with_a_reason_and_the_arabic_visitor_hears_we_did(
    browser, served, site_db, host
) -> None:
    kept = booked_lead(served, host, "ar", email=f"keep-{uuid.uuid4().hex[:6]}@school.om")
    cancelled = booked_lead(served, host, "ar", email=f"cancel-{uuid.uuid4().hex[:6]}@school.om")
    page, _ = staff_on_a_phone(browser, served, "sales")

    page.goto(f"{served.backend_url}/admin/leads/{kept}")
    page.get_by_role("link", name="Move or cancel the demo").click()
    page.get_by_role("link", name="Cancel the demo…").click()  # one tap no longer cancels
    expect(page.get_by_role("heading", name="Cancel the demo?")).to_be_visible()
    assert no_sideways_scroll(page)
    page.get_by_role("link", name="No, keep it").click()
    expect(page.locator("#demo-title")).to_have_text("Demo")  # still booked
    expect(page.get_by_label("Status")).to_have_value("demo_booked")

    page.goto(f"{served.backend_url}/admin/leads/{cancelled}/demo")
    page.get_by_role("link", name="Cancel the demo…").click()
    page.get_by_label("Reason for the visitor").fill("Our presenter is unwell today")
    page.get_by_role("button", name="Yes, cancel the demo").click()
    expect(page.get_by_role("status").filter(has_text="Saved: the demo is cancelled")).to_be_visible()
    expect(page.locator("#demo-title")).to_have_text("Demo (cancelled)")
    expect(page.get_by_text("Our presenter is unwell today")).to_be_visible()  # "Why we cancelled"
    expect(page.get_by_label("Status")).to_have_value("demo_cancelled")
    assert no_sideways_scroll(page)

    subject, body = newest_visitor_mail(site_db, cancelled)
    assert subject.startswith("نعتذر إليك: أُلغي عرضك التوضيحي المقرر")
    assert "نرجو أن تقبل اعتذارنا." in body and "Our presenter is unwell today" in body
    assert AR["booking.mail.book_again_by_us"] in body and "/booking/" in body
    page.context.close()


def omani_mobile(rng: random.Random) -> str:
    """A valid Omani mobile number nobody else in the session uses, written "9xxx xxxx"."""
    while True:
        digits = f"9{rng.randrange(1_000_000, 9_999_999)}"
        if phonenumbers.is_valid_number(phonenumbers.parse(f"+968{digits}")):
            return f"{digits[:4]} {digits[4:]}"


def test_a_search_ignores_arabic_diacritics_and_a_phones_spaces_and_prefix(browser, served) -> None:
    tag = uuid.uuid4().hex[:6]
    number = omani_mobile(random.Random())
    in_arabic = api_lead(
        served,
        "ProductDemo",
        product="Finance Smart",
        email=f"ar-{tag}@school.om",
        firstName="سَلِيم",
        lastName="الرَّاشِدِيّ",
        school=f"مَدْرَسَة الأَمَل {tag}",
        country="عُمان",
        phone=f"+968 {number}",
    )
    in_english = api_lead(
        served,
        "ProductDemo",
        product="Finance Smart",
        email=f"en-{tag}@school.om",
        school=f"Al Amal School {tag}",
        country="Oman",
        phone=number.replace(" ", ""),
    )
    page, _ = staff_on_a_phone(browser, served, "sales")

    def listed(**query: str) -> set[int]:
        page.goto(f"{served.backend_url}/admin/?" + "&".join(f"{key}={value}" for key, value in query.items()))
        links = page.locator("ol.leads a[href^='/admin/leads/']")
        return {int(href.rsplit("/", 1)[1]) for href in links.evaluate_all("a => a.map(l => l.getAttribute('href'))")}

    page.goto(f"{served.backend_url}/admin/")
    page.get_by_label("Search").fill(number)  # "9123 4567": with its space
    page.get_by_role("button", name="Show").first.click()
    expect(page.locator(f"a[href='/admin/leads/{in_arabic}']")).to_be_visible()
    expect(page.locator(f"a[href='/admin/leads/{in_english}']")).to_be_visible()
    for typed in (f"00968{number.replace(' ', '')}", f"+968-{number.replace(' ', '-')}"):
        assert {in_arabic, in_english} <= listed(q=typed), typed
    assert listed(q=f"مدرسه الامل {tag}") == {in_arabic}  # no harakat, ه for ة, ا for أ
    assert listed(q=f"سليم {tag}") == set()  # the name and the school are two fields
    assert in_arabic in listed(q="سليم الراشدي")
    assert listed(country="عمان", q=tag) == {in_arabic, in_english}  # as an Arabic keyboard types Oman
    assert no_sideways_scroll(page)
    page.context.close()


def test_hr_reads_an_application_without_consent_rows_and_is_offered_no_sales_filters(browser, served, site_db):
    with site_db.begin() as connection:
        application = connection.execute(
            text(
                "INSERT INTO lead (kind, created_at, language, email, first_name, last_name, phone_e164, phone_raw,"
                " city, position, source_page, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,"
                " consent_text_version) VALUES ('Careers', CURRENT_TIMESTAMP, 'en', :e, 'Sara', 'Iqbal',"
                " '+923001234567', '0300 1234567', 'Lahore', 'Mathematics Teacher', '/careers', '', '', '', '', '',"
                " '', '') RETURNING id"
            ),
            {"e": f"hr-{uuid.uuid4().hex[:6]}@mail.example"},
        ).scalar_one()
    page, _ = staff_on_a_phone(browser, served, "hr")
    page.get_by_text("Filters", exact=True).click()
    expect(page.get_by_label("Country", exact=True)).to_be_visible()
    expect(page.get_by_label("Module", exact=True)).to_have_count(0)
    expect(page.get_by_label("Type of school", exact=True)).to_have_count(0)
    page.goto(f"{served.backend_url}/admin/leads/{application}")
    expect(page.get_by_role("heading", name="Application")).to_be_visible()
    expect(page.get_by_text("Mathematics Teacher")).to_be_visible()
    expect(page.get_by_role("heading", name="Consent")).to_have_count(0)
    expect(page.get_by_text("Not agreed")).to_have_count(0)
    page.context.close()


def second_host(site_db, name: str) -> int:
    """Another host in Muscat, around the clock."""
    with Session(site_db) as db_session:
        staff = StaffUser(email=f"host-{uuid.uuid4().hex[:8]}@vendor.example", password_hash="x", role="sales")
        db_session.add(staff)
        db_session.flush()
        db_session.add(DemoHost(staff_user_id=staff.id, display_name=name, time_zone="Asia/Muscat", country="OM"))
        db_session.flush()
        db_session.add_all(
            WorkingHours(host_id=staff.id, weekday=day, start_minute=0, end_minute=1440) for day in range(7)
        )
        db_session.commit()
        return staff.id


def pause_host(site_db, name: str, active: bool = False) -> None:
    with Session(site_db) as db_session:
        db_session.exec(update(DemoHost).where(DemoHost.display_name == name).values(active=active))
        db_session.commit()


def test_a_demo_booked_again_with_another_host_moves_the_lead_and_the_previous_host_is_told(
    browser, served, site_db, host
) -> None:
    lead = booked_lead(served, host, email=f"again-{uuid.uuid4().hex[:6]}@school.om")
    link = visitor_link(site_db, lead)
    other_name = f"Omar {uuid.uuid4().hex[:4]}"
    other = second_host(site_db, other_name)
    visitor = browser.new_context(viewport=PHONE, timezone_id="Asia/Karachi").new_page()
    visitor.goto(f"{link}/cancel")
    visitor.locator("main form button").click()
    pause_host(site_db, host)  # the first host has no time left: only the other's are offered
    try:
        visitor.goto(link)
        visitor.locator("label:has(input[name=slot])").first.click()
        visitor.locator("main form button").last.click()
        expect(visitor.get_by_role("status")).to_contain_text(CATALOGUES["en"]["booking.page.booked_done"])
        expect(visitor.locator("dd bdi").first).to_have_text(other_name)
    finally:
        pause_host(site_db, host, active=True)
        visitor.context.close()

    page, _ = staff_on_a_phone(browser, served, "admin")
    page.goto(f"{served.backend_url}/admin/leads/{lead}")
    expect(page.get_by_label("Owner")).to_have_value(str(other))
    expect(page.get_by_text("Status changed from Demo cancelled to Demo booked")).to_be_visible()
    expect(page.get_by_text("gave the lead to").filter(has_text="(booked host)").first).to_be_visible()
    with Session(site_db) as db_session:
        previous = db_session.exec(
            select(StaffUser.email)
            .join(DemoHost, DemoHost.staff_user_id == StaffUser.id)
            .where(DemoHost.display_name == host)
        ).one()
    expect(page.locator(".mail-list")).to_contain_text(f"Previous owner to {previous}")
    page.context.close()


def test_the_chart_the_mail_list_and_the_csv_read_right(browser, served, site_db, host) -> None:
    school = f"Chart School {uuid.uuid4().hex[:6]}"
    lead = booked_lead(served, host, email=f"chart-{uuid.uuid4().hex[:6]}@school.om", school=school)
    page, _ = staff_on_a_phone(browser, served, "sales")
    page.goto(f"{served.backend_url}/admin/")
    chart = page.locator("section.chart svg")
    dates = chart.locator("text[text-anchor=end], text[text-anchor=middle]").filter(has_text=" ")
    last = dates.last.bounding_box()
    drawing = chart.bounding_box()
    assert last["x"] + last["width"] <= drawing["x"] + drawing["width"] + 0.5, "today's date is cut"

    page.goto(f"{served.backend_url}/admin/leads/{lead}")
    mails = page.locator(".mail-list")
    expect(mails).to_contain_text("Visitor to ")
    expect(mails).to_contain_text("Host to ")
    expect(mails).not_to_contain_text("Owner to ")

    page.goto(f"{served.backend_url}/admin/?q={school}")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export these 1 as CSV").click()
    [row] = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_bytes().decode("utf-8-sig"))))
    assert row["Demo status"] == "Booked"
    page.context.close()
