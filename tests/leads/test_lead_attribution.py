"""First and last touch (leads/attribution.py): what the JSON API accepts and refuses, what a form's browser sent
made to fit, the rows stored with the lead, and the channel the report groups each under."""

from __future__ import annotations

import json

import pytest
from lead_payloads import VALID
from sqlmodel import col, select

from marketing_site.core import db
from marketing_site.leads import attribution
from marketing_site.leads.models import LeadTouch, Touch
from marketing_site.settings import settings
from marketing_site.state.lead_form import LeadFormMixin

FROM_THE_AD = {
    "landingUrl": "https://school.example/studentSmart?utm_source=news&utm_campaign=term1&gclid=TEST123",
    "referrer": "https://news.example/today",
    "utm_source": "news",
    "utm_campaign": "term1",
    "gclid": "TEST123",
    "landedAt": "2026-11-20T08:00:00Z",
}
FROM_FACEBOOK = {"landingUrl": "https://school.example/?utm_source=fb", "utm_source": "fb", "fbclid": "F1"}


def touches_of(lead_id: int) -> dict[Touch, LeadTouch]:
    with db.session() as db_session:
        rows = db_session.execute(select(LeadTouch).where(col(LeadTouch.lead_id) == lead_id)).scalars()
        return {Touch(row.touch): row for row in rows}


def test_the_api_stores_both_touches_with_their_channel(client):
    payload = {**VALID["ScheduleDemo"], "firstTouch": FROM_THE_AD, "lastTouch": FROM_FACEBOOK}
    answer = client.post("/api/ScheduleDemo", json=payload)
    assert answer.status_code == 201, answer.text
    first, last = touches_of(answer.json()["id"]).values()
    assert (first.touch, first.landing_url, first.gclid, first.utm_campaign, first.referrer) == (
        "first",
        FROM_THE_AD["landingUrl"],
        "TEST123",
        "term1",
        "https://news.example/today",
    )
    assert first.landed_at is not None and first.landed_at.isoformat().startswith("2026-11-20T08:00:00")
    assert (first.source, first.medium, first.campaign) == ("news", "(not set)", "term1")
    assert (last.touch, last.utm_source, last.fbclid, last.landed_at) == ("last", "fb", "F1", None)


def test_a_lead_without_touches_stores_none(client):
    answer = client.post("/api/ScheduleDemo", json={**VALID["ScheduleDemo"], "firstTouch": None, "lastTouch": {}})
    assert answer.status_code == 201 and touches_of(answer.json()["id"]) == {}


def test_unknown_fields_of_a_touch_are_ignored(client):
    answer = client.post("/api/ProductVideo", json={**VALID["ProductVideo"], "lastTouch": {"gclid": "G", "x": 1}})
    assert answer.status_code == 201
    assert touches_of(answer.json()["id"])[Touch.LAST].gclid == "G"


@pytest.mark.parametrize(
    ("touch", "field"),
    [
        ("some text", "firstTouch"),
        ([1, 2], "lastTouch"),
        ({"gclid": "x" * 201}, "firstTouch.gclid"),
        ({"landingUrl": "https://a.example/\x00"}, "firstTouch.landingUrl"),
        ({"utm_source": ["a"]}, "firstTouch.utm_source"),
        ({"landedAt": "yesterday"}, "firstTouch.landedAt"),
        ({"landedAt": "2026-11-20T08:00:00"}, "firstTouch.landedAt"),  # no offset: whose 08:00?
    ],
)
def test_a_malformed_touch_is_refused_by_name_and_nothing_is_stored(client, touch, field):
    name = field.partition(".")[0]
    answer = client.post("/api/ScheduleDemo", json={**VALID["ScheduleDemo"], name: touch})
    assert answer.status_code == 422
    assert list(answer.json()["errors"]) == [field]


def test_the_booking_api_takes_the_touches_too(client):
    """POST /api/demo-bookings stores the lead through the same path: its touches are checked the same way."""
    payload = {**VALID["ScheduleDemo"], "firstTouch": "no", "slotId": "2030-01-01T09:00:00Z-1", "timeZone": "UTC"}
    answer = client.post("/api/demo-bookings", json=payload)
    assert answer.status_code == 422 and "firstTouch" in answer.json()["errors"]


def test_the_published_schema_describes_both_touches(client):
    body = client.get("/api/openapi.json").json()["paths"]["/api/ScheduleDemo"]["post"]["requestBody"]
    properties = body["content"]["application/json"]["schema"]["properties"]
    for name in ("firstTouch", "lastTouch"):
        touch = properties[name]
        assert touch["type"] == ["object", "null"] and name not in body["content"]["application/json"]["schema"].get(
            "required", []
        )
        assert touch["properties"]["gclid"]["maxLength"] == 200
        assert touch["properties"]["landingUrl"]["maxLength"] == 1000
        assert set(touch["properties"]) == {*attribution.TEXT_FIELDS, "landedAt"}


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"utm_source": "news", "utm_campaign": "term1", "gclid": "T"}, ("news", "(not set)", "term1")),
        ({"utm_source": "google", "utm_medium": "cpc"}, ("google", "cpc", "(not set)")),
        ({"gclid": "T"}, ("google", "cpc", "(not set)")),  # Google Ads' auto-tagging: a click ID alone
        ({"wbraid": "W"}, ("google", "cpc", "(not set)")),
        ({"msclkid": "M"}, ("bing", "cpc", "(not set)")),
        ({"li_fat_id": "L"}, ("linkedin", "cpc", "(not set)")),
        ({"fbclid": "F", "referrer": "https://l.facebook.com/"}, ("facebook", "social", "(not set)")),
        ({"referrer": "https://www.google.com/"}, ("google.com", "referral", "(none)")),
        ({"referrer": f"{settings.site_url}/product"}, ("(direct)", "(none)", "(none)")),  # the site itself
        ({"referrer": "http://[::1"}, ("(direct)", "(none)", "(none)")),  # unreadable
        ({}, ("(direct)", "(none)", "(none)")),
    ],
)
def test_each_touch_is_grouped_by_its_channel(values, expected):
    assert attribution.channel(values) == expected


def test_what_a_forms_browser_sent_is_cut_to_fit_never_refused():
    posted = {
        "firstTouch": {
            "landingUrl": "https://school.example/?q=" + "x" * 2000,
            "gclid": "a\x00b\u200bc",
            "referrer": 42,
            "landedAt": "not a time",
            "other": "dropped",
        },
        "lastTouch": "garbage",
    }
    fitted = attribution.touches_fitted(posted)
    assert list(fitted) == ["firstTouch"]
    first = fitted["firstTouch"]
    assert len(first["landingUrl"]) == 1000 and first["gclid"] == "ab\u200bc" and first["referrer"] == ""
    assert first["landedAt"] is None and "other" not in first
    stored = attribution.touches_checked(fitted)  # what the service then checks: nothing left to refuse
    assert stored[Touch.FIRST]["landing_url"] == first["landingUrl"]


@pytest.mark.parametrize("posted", ["", "not json", "[1", "null", '"text"', "[[[[" * 5000 + "]]]]" * 5000])
def test_a_forms_hidden_field_that_is_not_the_browsers_json_gives_no_touches(posted):
    assert LeadFormMixin._posted_touches(posted) == {}


def test_a_forms_hidden_field_gives_the_touches_in_the_apis_shape():
    posted = json.dumps({"firstTouch": FROM_THE_AD, "lastTouch": FROM_THE_AD})
    touches = LeadFormMixin._posted_touches(posted)
    assert touches["firstTouch"]["gclid"] == "TEST123"
    assert touches["lastTouch"]["landedAt"] == "2026-11-20T08:00:00+00:00"
