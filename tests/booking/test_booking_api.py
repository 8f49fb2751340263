"""The booking endpoints in-process over ASGI, on the session database: listing, 201, 409 with the next slots,
422, 400, 415, 405, Idempotency-Key, Accept-Language, and their place in the OpenAPI document."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from hosts import add_host, round_the_clock_slots, set_rules
from leads.lead_payloads import VALID
from sqlalchemy import func, select

from marketing_site.booking.models import DemoBooking
from marketing_site.content.forms import HONEYPOT_NAME
from marketing_site.core import clock, db, metrics
from marketing_site.leads.models import Lead
from marketing_site.web import answers, api

UTC = UTC


@pytest.fixture(scope="module")
def client():
    with TestClient(api.build_api()) as http:
        yield http


@pytest.fixture
def slots_ahead() -> list[str]:
    """A host free around the clock; the ids of their free slots from tomorrow on (UTC)."""
    return round_the_clock_slots("Sana Malik")


def payload(slot: str, **changes) -> dict:
    return {
        **VALID["ScheduleDemo"],
        "email": f"{uuid.uuid4().hex[:10]}@school.example",
        "slotId": slot,
        "timeZone": "Europe/London",
        **changes,
    }


def counts() -> tuple[int, int]:
    with db.session() as db_session:
        return (
            db_session.execute(select(func.count()).select_from(Lead)).scalar_one(),
            db_session.execute(select(func.count()).select_from(DemoBooking)).scalar_one(),
        )


def test_free_slots_are_listed_with_the_visitors_offset_across_dst(client):
    set_rules(demo_minutes=30, buffer_minutes=0, min_notice_minutes=0, horizon_days=400, daily_limit=48)
    add_host("Olivia", "Europe/London", "GB", {4: [(9 * 60, 9 * 60 + 30)], 0: [(9 * 60, 9 * 60 + 30)]})
    with clock.frozen(datetime(2027, 6, 1, tzinfo=UTC)):  # the listing is of days ahead of the clock
        answer = client.get("/api/demo-slots", params={"from": "2027-10-29", "days": "4", "tz": "Europe/London"})
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    assert answer.json()["timeZone"] == "Europe/London"
    assert [(slot["start"], slot["end"], slot["host"]) for slot in answer.json()["slots"]] == [
        ("2027-10-29T09:00:00+01:00", "2027-10-29T09:30:00+01:00", "Olivia"),
        ("2027-11-01T09:00:00+00:00", "2027-11-01T09:30:00+00:00", "Olivia"),
    ]
    assert answer.json()["slots"][0]["id"].endswith("-20271029T0800Z")


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"tz": "Mars/Base"}, "tz"),
        ({"from": "2027-02-30"}, "from"),
        ({"from": "1 March"}, "from"),
        ({"from": "0001-01-01"}, "from"),
        ({"from": "9999-12-31"}, "from"),
        ({"days": "0"}, "days"),
        ({"days": "63"}, "days"),
        ({"days": "seven"}, "days"),
    ],
)
def test_a_bad_listing_query_is_a_422_naming_its_parameter(client, query, field):
    answer = client.get("/api/demo-slots", params=query)
    assert answer.status_code == 422 and list(answer.json()["errors"]) == [field]


def test_listing_errors_speak_arabic_when_asked(client):
    answer = client.get("/api/demo-slots", params={"tz": "Mars/Base"}, headers={"Accept-Language": "ar"})
    assert answer.json()["errors"]["tz"] == "يرجى اختيار منطقتك الزمنية من القائمة، مثل Europe/London."


def test_a_booking_stores_the_lead_and_its_demo_together(client, slots_ahead):
    answer = client.post("/api/demo-bookings", json=payload(slots_ahead[0]))
    assert answer.status_code == 201, answer.text
    body = answer.json()
    assert body["booking"]["slotId"] == slots_ahead[0] and body["booking"]["host"] == "Sana Malik"
    assert body["booking"]["timeZone"] == "Europe/London" and body["booking"]["status"] == "booked"
    assert datetime.fromisoformat(body["booking"]["start"]).utcoffset() in (timedelta(0), timedelta(hours=1))
    with db.session() as db_session:
        lead = db_session.get(Lead, body["id"])
        assert (lead.kind, lead.status) == ("ScheduleDemo", "demo_booked")


def test_a_taken_slot_is_a_409_with_the_next_free_slots_and_stores_nothing(client, slots_ahead):
    assert client.post("/api/demo-bookings", json=payload(slots_ahead[0])).status_code == 201
    before = counts()
    answer = client.post("/api/demo-bookings", json=payload(slots_ahead[0]), headers={"Accept-Language": "ar"})
    assert answer.status_code == 409 and counts() == before
    assert answer.json()["error"].startswith("عذرًا، حُجز هذا الموعد للتوّ")
    assert [slot["id"] for slot in answer.json()["nextSlots"]] == slots_ahead[1:6]


def test_invalid_fields_the_slot_and_the_zone_are_reported_together_and_nothing_is_stored(client, slots_ahead):
    before = counts()
    answer = client.post(
        "/api/demo-bookings", json=payload("tomorrow at nine", email="not-an-email", timeZone="Somewhere")
    )
    assert answer.status_code == 422 and set(answer.json()["errors"]) == {"email", "slotId", "timeZone"}
    past = client.post("/api/demo-bookings", json=payload(slots_ahead[0].split("-")[0] + "-20200101T0900Z"))
    assert past.status_code == 422 and "already passed" in past.json()["errors"]["slotId"]
    assert counts() == before


def test_the_lead_apis_refusals_apply(client, slots_ahead):
    before = counts()
    assert (
        client.post("/api/demo-bookings", content=b"{", headers={"Content-Type": "application/json"}).status_code == 400
    )
    assert client.post("/api/demo-bookings", data={"slotId": slots_ahead[0]}).status_code == 415
    assert (
        client.post(
            "/api/demo-bookings", json=payload(slots_ahead[0]), headers={"Idempotency-Key": "bad key"}
        ).status_code
        == 400
    )
    trapped = client.post("/api/demo-bookings", json=payload(slots_ahead[0], **{HONEYPOT_NAME: "bot"}))
    assert trapped.status_code == 429 and "retry-after" in trapped.headers
    answer = client.get("/api/demo-bookings")
    assert answer.status_code == 405 and answer.headers["allow"] == "POST, OPTIONS"
    assert client.post("/api/demo-slots").headers["allow"] == "GET, OPTIONS"
    assert counts() == before


def refused(reason: str) -> float:
    """leads_refused_total of ScheduleDemo leads for ``reason``."""
    samples = metrics.LEADS_REFUSED.collect()[0].samples
    wanted = {"kind": "ScheduleDemo", "reason": reason}
    return sum(sample.value for sample in samples if sample.name.endswith("_total") and sample.labels == wanted)


def test_each_refused_booking_counts_once_as_a_refused_lead_and_a_taken_slot_is_none(client, slots_ahead):
    """The slot's errors count as the lead's fields do ("invalid"), whether the slot id is malformed or its time
    is not bookable; a time just taken is the booking's conflict (409), not a refused lead."""
    assert client.post("/api/demo-bookings", json=payload(slots_ahead[0])).status_code == 201
    host = slots_ahead[0].split("-")[0]
    before, stored = {reason: refused(reason) for reason in ("invalid", "honeypot")}, counts()
    answers = [
        client.post("/api/demo-bookings", json=payload("tomorrow at nine")),
        client.post("/api/demo-bookings", json=payload(slots_ahead[1], email="not-an-email")),
        client.post("/api/demo-bookings", json=payload(f"{host}-20200101T0900Z")),  # passed
        client.post("/api/demo-bookings", json=payload(f"{host}-20990101T0900Z")),  # beyond the horizon
        client.post("/api/demo-bookings", json=payload(slots_ahead[0])),  # taken
        client.post("/api/demo-bookings", json=payload(slots_ahead[1], **{HONEYPOT_NAME: "bot"})),
    ]
    assert [answer.status_code for answer in answers] == [422, 422, 422, 422, 409, 429]
    assert {reason: refused(reason) - before[reason] for reason in before} == {"invalid": 4, "honeypot": 1}
    assert counts() == stored


def test_a_refused_demo_request_counts_as_any_refused_lead(client):
    """``POST /api/ScheduleDemo`` stores a request without a time (``demo_request``): leads/ counts its refusals
    in its own entry points, as for every lead."""
    before = refused("invalid")
    assert client.post("/api/ScheduleDemo", json={**VALID["ScheduleDemo"], "email": "not-an-email"}).status_code == 422
    assert refused("invalid") - before == 1


def test_a_retry_with_the_same_idempotency_key_gets_the_same_booking(client, slots_ahead):
    body = payload(slots_ahead[2])
    first = client.post("/api/demo-bookings", json=body, headers={"Idempotency-Key": "booking-retry-1"})
    before = counts()
    again = client.post("/api/demo-bookings", json=body, headers={"Idempotency-Key": "booking-retry-1"})
    assert (first.status_code, again.status_code) == (201, 201) and again.json() == first.json()
    assert counts() == before


def test_the_openapi_document_describes_both_operations(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    listing, booking = paths["/api/demo-slots"]["get"], paths["/api/demo-bookings"]["post"]
    assert {parameter["name"] for parameter in listing["parameters"]} == {"from", "days", "tz"}
    assert {"200", "422", "503"} <= set(listing["responses"])
    assert {"201", "400", "409", "415", "422", "429", "503"} <= set(booking["responses"])
    schema = booking["requestBody"]["content"]["application/json"]["schema"]
    assert {"slotId", "timeZone", "email"} <= set(schema["required"])


def test_an_unreachable_database_gets_503_with_retry_after_and_stores_nothing(client, slots_ahead, database_url):
    before = counts()
    db.configure_engine("postgresql+psycopg://postgres@127.0.0.1:1/unreachable")  # nothing listens on port 1
    try:
        listing = client.get("/api/demo-slots")
        booking = client.post("/api/demo-bookings", json=payload(slots_ahead[0]))
    finally:
        db.configure_engine(database_url)
    for answer in (listing, booking):
        assert answer.status_code == 503 and answer.headers["retry-after"] == str(answers.DATABASE_RETRY_AFTER_SECONDS)
    assert counts() == before
