"""Filling the lead forms in browser tests as a visitor does (rows are read back with stored_leads)."""

from __future__ import annotations

import uuid

from playwright.sync_api import Page, expect

from marketing_site.content import forms

MIN_FILL_MS = 1200  # the build's timing trap is 1 s (LEAD_MIN_SUBMIT_SECONDS in tests/browser/conftest.py)


def email_for(name: str) -> str:
    return f"{name}.{uuid.uuid4().hex[:8]}@school.edu"


def fill_phone(page: Page, field: str, number: str, country_code: str = "PK") -> None:
    """Pick the phone field's country (the test browser's en-US would make it the US) and type the number.

    The pick waits for the country list: until it arrives the select offers the default (Pakistan) alone, so
    picking Pakistan then changes nothing, and the list's arrival sets the browser's country over it."""
    expect(page.locator(f"#{field}-country option")).not_to_have_count(1)
    page.select_option(f"#{field}-country", country_code)
    expect(page.locator(f"#{field}-country")).to_have_value(country_code)
    page.fill(f"#{field}", number)


def fill_demo_contact(page: Page, form: str, email: str, country_code: str = "PK", number: str = "3001234567") -> None:
    _fill_person(page, form, email)
    fill_phone(page, f"{form}-phone", number, country_code)
    _fill_school(page, form, "Pakistan")


def fill_demo_contact_country_first(page: Page, form: str, email: str, country: str, number: str) -> None:
    """As a visitor who picks the Country before typing the phone number (and never the phone's own country)."""
    _fill_person(page, form, email)
    page.select_option(f"#{form}-country", country)
    page.fill(f"#{form}-phone", number)
    _fill_school(page, form, country)


def _fill_person(page: Page, form: str, email: str) -> None:
    page.fill(f"#{form}-firstName", "Amina")
    page.fill(f"#{form}-lastName", "Khan")
    page.fill(f"#{form}-email", email)


def _fill_school(page: Page, form: str, country: str) -> None:
    page.fill(f"#{form}-school", "Greenfield School")
    page.fill(f"#{form}-job", "Principal")
    page.select_option(f"#{form}-country", country)
    page.fill(f"#{form}-nStudent", "850")
    page.select_option(f"#{form}-tSchool", "Group of schools")
    page.fill(f"#{form}-mis", "Spreadsheets")
    page.select_option(f"#{form}-about", forms.HEAR_ABOUT_OPTIONS[4])
    page.check(f"#{form}-consentCommunications")
    page.check(f"#{form}-consentDataProcessing")


def fill_careers(
    page: Page,
    email: str,
    first: str = "Sara",
    last: str = "Iqbal",
    city: str = "Lahore",
    position: str = "Mathematics",
    mobile: str = "3007654321",
) -> None:
    """Every careers field but the résumé (each test attaches its own)."""
    page.fill("#careers-firstName", first)
    page.fill("#careers-lastName", last)
    page.fill("#careers-email", email)
    page.fill("#careers-mobile", mobile)
    page.select_option("#careers-country", "Pakistan")
    page.fill("#careers-city", city)
    page.fill("#careers-position", position)
    page.fill("#careers-training", "B.Ed")


def submit(page: Page, form: str) -> None:
    page.wait_for_timeout(MIN_FILL_MS)
    page.click(f"#{form} button[type=submit]")
