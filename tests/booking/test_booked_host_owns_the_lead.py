"""A booked demo's host becomes the lead's owner: booked with the lead through the API, or picked on the
site after the lead was stored (the host takes it over from the rotation), unless a returning person keeps
their owner. The lead, no longer new, stops its timers; the CRM hears of the booking (webhooks)."""

from __future__ import annotations

import pytest
from hosts import round_the_clock_slots
from leads.lead_payloads import VALID
from leads.takers import (  # noqa: F401  (nobody_takes_leads: autouse)
    API,
    add_staff,
    audit_of,
    mails_of,
    nobody_takes_leads,
    owner_of,
    person,
    takers,
    timers_of,
)

from marketing_site.admin.work import lead_work
from marketing_site.booking import service
from marketing_site.booking.slots import parse_slot_id
from marketing_site.core import db
from marketing_site.core.clock import as_utc, timestamp, utc_now
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.webhooks.models import WebhookDelivery, WebhookEndpoint


def test_a_lead_booked_through_the_api_is_owned_by_its_host_from_the_start():
    takers(2)
    slot = round_the_clock_slots("Sana Malik")[0]
    host_id = parse_slot_id(slot)[0]
    lead_id, _ = service.lead_book({**VALID["ScheduleDemo"], **person(), "slotId": slot, "timeZone": "UTC"}, API)
    assert owner_of(lead_id) == host_id
    assert [entry for entry in audit_of(lead_id) if entry[0] in ("assign", "owner")] == [
        ("assign", f"{host_id} (booked host)")
    ]
    assert mails_of(lead_id, "owner") == []  # the host's notice is the booking's own mail
    [host_mail, *_] = mails_of(lead_id, "host")
    [request, _] = mails_of(lead_id, "staff")  # the request's copy, then the booking's
    assert f"Its owner is {host_mail.recipient}." in request.text_body
    assert {timer.status for timer in timers_of(lead_id).values()} == {"stopped"}  # booked: not waiting


def test_a_host_picked_on_the_site_takes_the_lead_over_from_the_rotation():
    [seller] = takers(1)
    slot = round_the_clock_slots("Omar Al-Harthy")[0]
    host_id = parse_slot_id(slot)[0]
    lead_id = lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], **person()}, API)
    assert owner_of(lead_id) == seller.id
    service.book_for_lead(lead_id, slot, "UTC")
    assert owner_of(lead_id) == host_id
    assert ("owner", f"{seller.id} -> {host_id} (booked host)") in audit_of(lead_id)
    assert {timer.status for timer in timers_of(lead_id).values()} == {"stopped"}


@pytest.mark.parametrize("shared", [("email", "phone"), ("email",), ("phone",)], ids="+".join)
def test_a_returning_person_who_books_with_another_host_keeps_their_owner(shared):
    """Known by their email or their phone alone, whether the lead is booked with the API or a time is picked
    on the site after it was stored (the host takes no lead over from the person's owner)."""
    [seller] = takers(1)
    visitor = person()
    first = lead_submit(
        LeadKind.PRODUCT_VIDEO, {**VALID["ProductVideo"], "email": visitor["email"], "contactNo": visitor["phone"]}, API
    )
    assert owner_of(first) == seller.id
    again = {**person(), **{field: visitor[field] for field in shared}}
    slot, later = round_the_clock_slots("Bilal Khan")[:2]
    lead_id, _ = service.lead_book({**VALID["ScheduleDemo"], **again, "slotId": slot, "timeZone": "UTC"}, API)
    picked = lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], **again}, API)
    service.book_for_lead(picked, later, "UTC")
    for booked in (lead_id, picked):
        assert owner_of(booked) == seller.id
        assert ("assign", f"{seller.id} (returning person)") in audit_of(booked)
        assert [entry for entry in audit_of(booked) if entry[0] == "owner"] == []


def test_a_lead_booked_in_quarantine_is_owned_by_its_host_once_released():
    """As on arrival: the booked host, not the rotation's pick, and no owner notice (the booking's mail is it)."""
    takers(2)
    admin = add_staff("admin", "boss")
    slot = round_the_clock_slots("Sana Malik")[0]
    host_id = parse_slot_id(slot)[0]
    held = SubmissionContext("q", form_started_at=timestamp())  # the too-fast trap: quarantined
    lead_id, _ = service.lead_book({**VALID["ScheduleDemo"], **person(), "slotId": slot, "timeZone": "UTC"}, held)
    assert owner_of(lead_id) is None
    lead_work.quarantine_release(lead_id, admin)
    assert owner_of(lead_id) == host_id
    assert [entry for entry in audit_of(lead_id) if entry[0] == "assign"] == [("assign", f"{host_id} (booked host)")]
    assert mails_of(lead_id, "owner") == []


def test_the_crm_hears_of_the_lead_the_booking_and_the_status_in_that_order():
    with db.session() as db_session:
        db_session.add(
            WebhookEndpoint(
                url="https://crm.example/hooks",
                events="lead.created lead.status_changed demo.booked demo.cancelled",
                secret="whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            )
        )
        db_session.commit()
    slot = round_the_clock_slots("Aisha Rahman")[0]
    lead_id, booking = service.lead_book({**VALID["ScheduleDemo"], **person(), "slotId": slot, "timeZone": "UTC"}, API)
    service.booking_cancel(booking.id)
    with db.session() as db_session:
        events = list(
            db_session.execute(
                WebhookDelivery.__table__.select()
                .where(WebhookDelivery.lead_id == lead_id)
                .order_by(WebhookDelivery.id)
            ).mappings()
        )
    assert [event["event"] for event in events] == [
        "lead.created",
        "lead.status_changed",
        "demo.booked",
        "lead.status_changed",  # the cancellation takes the lead out of demo_booked
        "demo.cancelled",
    ]
    assert '"previousStatus":"new","status":"demo_booked"' in events[1]["payload"].replace(" ", "")
    assert '"previousStatus":"demo_booked","status":"demo_cancelled"' in events[3]["payload"].replace(" ", "")
    assert f'"id":{booking.id}' in events[2]["payload"].replace(" ", "") and "Aisha Rahman" in events[2]["payload"]


def test_a_request_whose_visitor_picks_a_time_at_once_notifies_the_host_not_the_rotations_pick():
    [seller] = takers(1)
    slot = round_the_clock_slots("Sana Malik")[0]
    host_id = parse_slot_id(slot)[0]
    lead_id = service.demo_request(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], **person()}, API, picker=True)
    [notice] = mails_of(lead_id, "owner")  # it waits with the request's mails for a time picked meanwhile
    assert (owner_of(lead_id), notice.recipient, notice.status) == (seller.id, seller.email, "queued")
    [copy] = mails_of(lead_id, "staff")
    assert as_utc(notice.next_attempt_at) == as_utc(copy.next_attempt_at) > utc_now()
    service.book_for_lead(lead_id, slot, "UTC")
    assert owner_of(lead_id) == host_id
    assert [mail.status for mail in mails_of(lead_id, "owner")] == ["withdrawn"]  # the host's notice: the booking's


def test_booking_again_with_another_host_hands_the_lead_on_and_tells_the_previous_host():
    """Issue 33: a visitor cancelled with one host and booked again with another. The host who gives the demo
    owns the lead (rule 2), the previous one hears it went, and the activity shows the status coming back."""
    takers(1)
    sana_slots = round_the_clock_slots("Sana Malik")
    omar_slots = round_the_clock_slots("Omar Saeed")
    sana, omar = parse_slot_id(sana_slots[0])[0], max(parse_slot_id(slot)[0] for slot in omar_slots)
    lead_id, booking = service.lead_book(
        {**VALID["ScheduleDemo"], **person(), "slotId": sana_slots[0], "timeZone": "UTC"}, API
    )
    service.booking_cancel(booking.id)
    again = next(slot for slot in omar_slots if parse_slot_id(slot)[0] == omar)
    service.booking_rebook(booking.id, again)
    assert owner_of(lead_id) == omar
    assert ("owner", f"{sana} -> {omar} (booked host)") in audit_of(lead_id)
    assert ("status", "demo_cancelled -> demo_booked") in audit_of(lead_id)
    [told] = mails_of(lead_id, "owner")
    sana_email = mails_of(lead_id, "host")[0].recipient
    assert told.recipient == sana_email and told.subject.startswith("No longer yours: ")
    assert "is no longer yours: it is Omar Saeed's now (the visitor booked the demo with them)" in told.text_body


def test_booking_again_with_the_same_host_keeps_the_owner_and_mails_no_one_about_it():
    takers(1)
    slots = round_the_clock_slots("Sana Malik")
    lead_id, booking = service.lead_book(
        {**VALID["ScheduleDemo"], **person(), "slotId": slots[0], "timeZone": "UTC"}, API
    )
    service.booking_cancel(booking.id)
    service.booking_rebook(booking.id, slots[3])
    assert owner_of(lead_id) == parse_slot_id(slots[0])[0] and mails_of(lead_id, "owner") == []
    assert [entry for entry in audit_of(lead_id) if entry[0] == "owner"] == []


def test_an_owner_who_was_told_the_lead_was_theirs_hears_when_a_booked_host_takes_it():
    """A time picked after the request's mails left: the rotation's pick had its notice, and learns the lead
    went to the host. Within the pick window their notice is withdrawn instead (the test above)."""
    [seller] = takers(1)
    slot = round_the_clock_slots("Sana Malik")[0]
    lead_id = lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], **person()}, API)
    with db.session() as db_session:
        [notice] = [db_session.get(type(mail), mail.id) for mail in mails_of(lead_id, "owner")]
        notice.status = "sent"  # the sender delivered it
        db_session.commit()
    service.book_for_lead(lead_id, slot, "UTC")
    assert [(mail.recipient, mail.subject.split(":")[0]) for mail in mails_of(lead_id, "owner")] == [
        (seller.email, "New demo request (yours)"),
        (seller.email, "No longer yours"),
    ]
