"""Every malformed input the staff area and the slot listing can be sent gets a clear 4xx, never a 500
(one test per input, on SQLite and PostgreSQL), and a fuzz test over the filters and GET /api/demo-slots
finds none either. Also: no redirect built from a forged Host header, and TRACE answers 405."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from leads.lead_payloads import VALID
from staff_client import PASSWORD, client, csrf, token_of
from starlette.testclient import TestClient

from marketing_site import routes
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.web.api import build_api

NUL = "\x00"


@pytest.fixture(scope="module")
def api() -> TestClient:
    return TestClient(build_api())


@pytest.fixture
def admin_browser(as_role):
    browser, _ = as_role("admin")
    return browser


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/admin/?page=²", "page"),
        ("/admin/?page=99999999999999999999", "page"),
        ("/admin/?page=0", "page"),
        ("/admin/?until=9999-12-31", "until"),
        ("/admin/?since=2026-02-30", "since"),
        ("/admin/?owner=²", "owner"),
        ("/admin/?owner=99999999999999999999", "owner"),
        ("/admin/export.csv?until=9999-12-31", "until"),
        ("/admin/demos?day=9999-12-31", "day"),
        ("/admin/?q=a%00b", "NUL"),
        ("/admin/?country=%00", "NUL"),
        ("/admin/?source=x%00", "NUL"),
    ],
)
def test_a_malformed_staff_filter_is_refused_with_400(admin_browser, path, words):
    answer = admin_browser.get(path)
    assert answer.status_code == 400 and words in answer.text, (path, answer.status_code)


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/leads/{lead}/note", "body"),
        ("/leads/{lead}/update", "owner"),
        ("/erase", "email"),
        ("/availability/{me}/host", "display_name"),
        ("/account/password", "current"),
    ],
)
def test_a_nul_in_any_form_field_is_refused_with_400(as_role, path, field):
    browser, user = as_role("admin")
    lead_id = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("nul"))
    answer = browser.post(
        "/admin" + path.format(lead=lead_id, me=user.id),
        data={field: f"a{NUL}b", "status": "new", "csrf_token": token_of(browser)},
    )
    assert answer.status_code == 400 and "NUL" in answer.text


def test_an_owner_no_account_can_have_is_refused(as_role):
    browser, _ = as_role("sales")
    lead_id = lead_submit(LeadKind.PRODUCT_VIDEO, VALID["ProductVideo"], SubmissionContext("owner"))
    for owner in ("²", "99999999999999999999", "12abc"):
        answer = browser.post(
            f"/admin/leads/{lead_id}/update", data={"status": "new", "owner": owner, "csrf_token": token_of(browser)}
        )
        assert answer.status_code == 400, owner
    assert browser.get(f"/admin/leads/{2**31}").status_code == 404  # past any row id (PostgreSQL's integer)


def test_a_nul_in_the_sign_in_email_is_refused_with_400(staff):
    browser = client()
    token = csrf(browser.get("/admin/signin").text)
    answer = browser.post(
        "/admin/signin", data={"email": f"x{NUL}@vendor.example", "password": PASSWORD, "csrf_token": token}
    )
    assert answer.status_code == 400


def test_a_forged_host_gets_a_relative_redirect_and_trace_gets_405(admin_browser):
    answer = admin_browser.get("/admin/users/", headers={"Host": "evil.example"})
    assert answer.status_code == 307 and answer.headers["location"] == "/admin/users"
    for path in ("/admin/", "/admin/signin", "/admin/users/", "/admin/nothing"):
        traced = client().request("TRACE", path)
        assert traced.status_code == 405 and traced.headers["allow"] == "GET, HEAD, POST", path


@pytest.mark.parametrize("zone", ["US", "America", "Etc", "Europe", "Asia/", "../etc/passwd"])
def test_a_folder_of_time_zones_is_not_a_time_zone(api, zone):
    answer = api.get(routes.DEMO_SLOTS_API, params={"tz": zone})
    assert answer.status_code == 422 and "tz" in answer.json()["errors"]


@pytest.mark.parametrize("zone", ["US", "Etc"])
def test_a_booking_in_a_folder_of_time_zones_is_refused(api, zone):
    payload = {**VALID["ScheduleDemo"], "slotId": "1-20300101T0900Z", "timeZone": zone}
    answer = api.post(
        routes.DEMO_BOOKINGS_API, content=json.dumps(payload), headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 422 and "timeZone" in answer.json()["errors"]


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
TEXT = st.text(st.characters(codec="utf-8"), max_size=30) | st.sampled_from(["²", "9" * 25, "9999-12-31", "-1", "none"])


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "page",
                "since",
                "until",
                "owner",
                "q",
                "kind",
                "status",
                "sort",
                "country",
                "module",
                "source",
                "quarantine",
            ]
        ),
        TEXT,
        max_size=5,
    )
)
def test_no_staff_filter_makes_a_server_error(admin_browser, query):
    for path in ("/admin/", "/admin/export.csv", "/admin/demos"):
        answer = admin_browser.get(path, params=query)
        assert answer.status_code < 500, (path, query, answer.status_code)


@FUZZ
@given(st.dictionaries(st.sampled_from(["tz", "from", "days"]), TEXT, max_size=3))
def test_no_slot_listing_query_makes_a_server_error(api, query):
    answer = api.get(routes.DEMO_SLOTS_API, params=query)
    assert answer.status_code in (200, 422), (query, answer.status_code, answer.text)
