"""The slot picker after /schedule: free times in the visitor's zone, booked once, a taken time re-offered."""

from __future__ import annotations

import uuid
from zoneinfo import ZoneInfo

import pytest
import reflex as rx
from form_states import run, unique_email, visit
from sqlmodel import select, update
from stored_leads import leads_for
from test_demo_forms import demo_form

from marketing_site.admin.accounts.users import staff_user_create
from marketing_site.booking.models import DemoBooking, DemoHost, WorkingHours
from marketing_site.booking.slots import parse_slot_id
from marketing_site.content.messages import CATALOGUES, ENGLISH
from marketing_site.core import db
from marketing_site.core.clock import timestamp
from marketing_site.leads.schemas import LeadKind
from marketing_site.state.demo_request import DemoRequestState
from marketing_site.state.schedule import ScheduleDemoState

KARACHI = "Asia/Karachi"


def no_hosts() -> None:
    with db.write_session() as db_session:
        db_session.exec(update(DemoHost).values(active=False))
        db_session.commit()


@pytest.fixture
def host() -> str:
    """A host in Muscat working around the clock every day (weekends and holidays of Oman aside)."""
    staff = staff_user_create(f"host-{uuid.uuid4().hex[:8]}@vendor.example", "correct horse battery", "sales")
    name = f"Maryam {uuid.uuid4().hex[:4]}"
    with db.write_session() as db_session:
        db_session.add(DemoHost(staff_user_id=staff.id, display_name=name, time_zone="Asia/Muscat", country="OM"))
        db_session.flush()
        db_session.add_all(
            WorkingHours(host_id=staff.id, weekday=day, start_minute=0, end_minute=1440) for day in range(7)
        )
        db_session.commit()
    yield name
    with db.write_session() as db_session:
        db_session.exec(update(DemoHost).where(DemoHost.staff_user_id == staff.id).values(active=False))
        db_session.commit()


def submitted(path: str = "/schedule", zone: str = KARACHI, state_cls=ScheduleDemoState) -> tuple[rx.State, str]:
    email = unique_email("picker")
    state = visit(state_cls, path)
    state.start({"referrer": "", "product": "HR Smart", "timeZone": zone})
    state.started_at = timestamp() - 30
    run(state.submit(demo_form(email, product="HR Smart")))
    assert state.submitted
    return state, email


def offered_ids(state: ScheduleDemoState) -> list[str]:
    return [offered.id for day in state.offered for offered in day.times]


def test_without_a_host_the_modal_stays_as_it_was():
    no_hosts()
    state, _ = submitted()
    assert state.offered == [] and state.zone_choices == [] and state.booked_when == ""


def test_free_times_are_shown_in_the_visitors_zone_grouped_by_day(host):
    state, _ = submitted()
    assert state.time_zone == KARACHI and KARACHI in state.zone_choices
    assert 1 <= len(state.offered) <= 5
    for day in state.offered:
        for offered in day.times:
            _, starts_at = parse_slot_id(offered.id)
            local = starts_at.astimezone(ZoneInfo(KARACHI))
            assert offered.time == local.strftime("%H:%M") and day.label == f"{local:%A} {local.day} {local:%B}"
    run(state.change_zone("Europe/London"))
    first = state.offered[0].times[0]
    assert first.time == parse_slot_id(first.id)[1].astimezone(ZoneInfo("Europe/London")).strftime("%H:%M")
    run(state.change_zone("Mars/Olympus"))
    assert state.time_zone == "Europe/London"


def test_the_visitor_books_a_time_and_sees_it_in_their_zone_with_the_hosts_name(host):
    state, email = submitted()
    chosen = next(offered.id for day in state.offered for offered in day.times)
    run(state.book({"slot": ""}))
    assert state.picker_alert == ENGLISH["booking.slot_malformed"]
    run(state.book({"slot": chosen}))
    [lead] = leads_for(email, LeadKind.SCHEDULE_DEMO)
    with db.session() as db_session:
        booking = db_session.exec(select(DemoBooking).where(DemoBooking.lead_id == lead.id)).one()
    host_id, starts_at = parse_slot_id(chosen)
    local = starts_at.astimezone(ZoneInfo(KARACHI))
    assert (booking.host_id, booking.visitor_time_zone, booking.status) == (host_id, KARACHI, "booked")
    assert state.picker_alert == "" and state.offered == []
    assert state.booked_when.startswith(f"{local:%A} {local.day} {local:%B %Y}, {local:%H:%M}-")
    assert state.booked_when.endswith(f"({KARACHI}, UTC+05:00)")
    with db.session() as db_session:
        assert state.booked_host == db_session.get(DemoHost, host_id).display_name
    answered = state.picker_answered
    run(state.book({"slot": chosen}))
    assert state.picker_answered == answered + 1, "a repeated click is answered, and books nothing more"


def test_the_product_demo_request_offers_and_books_the_same_way(host):
    state, email = submitted("/SchedulSingleDemo", "Europe/London", DemoRequestState)
    assert state.time_zone == "Europe/London" and state.offered
    run(state.book({"slot": offered_ids(state)[0]}))
    [lead] = leads_for(email, LeadKind.PRODUCT_DEMO)
    assert lead.product == "HR Smart"
    with db.session() as db_session:
        booking = db_session.exec(select(DemoBooking).where(DemoBooking.lead_id == lead.id)).one()
    assert booking.visitor_time_zone == "Europe/London" and "Europe/London" in state.booked_when


def test_a_new_form_forgets_the_last_booking(host):
    state, _ = submitted()
    run(state.book({"slot": offered_ids(state)[0]}))
    assert state.booked_when
    state.start({"referrer": "", "timeZone": "Asia/Dubai"})
    assert (state.booked_when, state.offered, state.time_zone) == ("", [], "Asia/Dubai")
    state.started_at = timestamp() - 30
    run(state.submit(demo_form(unique_email("again"))))
    assert state.offered and state.booked_when == ""


def test_an_unknown_browser_zone_starts_in_utc(host):
    state, _ = submitted(zone="Not/AZone")
    assert state.time_zone == "UTC" and state.offered


def test_an_old_zone_name_a_browser_reports_is_chosen_under_its_current_name_listed_once(host):
    state, _ = submitted(zone="Asia/Calcutta")
    assert state.time_zone == "Asia/Kolkata" and "Asia/Calcutta" not in state.zone_choices
    assert state.zone_labels["Asia/Kolkata"] == "Asia/Kolkata"  # English keeps the IANA names


def test_a_time_taken_meanwhile_is_refused_with_the_next_free_times(host):
    first, _ = submitted()
    second, second_email = submitted()
    chosen = offered_ids(second)[0]
    run(first.book({"slot": chosen}))
    assert first.booked_when
    run(second.book({"slot": chosen}))
    assert second.picker_alert == ENGLISH["booking.slot_taken"] and second.booked_when == ""
    assert second.offered and chosen not in offered_ids(second)
    [lead] = leads_for(second_email, LeadKind.SCHEDULE_DEMO)
    with db.session() as db_session:
        assert db_session.exec(select(DemoBooking).where(DemoBooking.lead_id == lead.id)).first() is None
    run(second.book({"slot": offered_ids(second)[0]}))
    assert second.booked_when and second.picker_alert == ""


def test_on_the_arabic_page_days_confirmation_and_refusals_are_in_arabic(host):
    first, _ = submitted()
    state, _ = submitted("/ar/schedule")
    assert any(
        weekday in state.offered[0].label
        for weekday in ("الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت")
    )
    run(state.book({}))
    assert state.picker_alert == CATALOGUES["ar"]["booking.slot_malformed"]
    taken = offered_ids(state)[0]
    run(first.book({"slot": taken}))
    run(state.book({"slot": taken}))
    assert state.picker_alert == CATALOGUES["ar"]["booking.slot_taken"]
    run(state.book({"slot": offered_ids(state)[0]}))
    assert state.zone_labels[KARACHI] == "توقيت باكستان"  # the zone named in Arabic (CLDR), its Latin offset isolated
    assert state.booked_when.startswith("يوم ") and " من " in state.booked_when
    assert state.booked_when.endswith("(توقيت باكستان، \u2068UTC+05:00\u2069)")


def test_a_form_the_server_never_saw_start_is_answered_and_offered_times_in_utc(host):
    """The backend restarted between the page's start and the submit (the state is new): the lead is
    acknowledged and times are offered in UTC, never an unanswered submission."""
    email = unique_email("restarted")
    state = visit(ScheduleDemoState, "/schedule")
    state.reset()  # every field back to its default, as in a state the server has just created
    run(state.submit(demo_form(email, product="HR Smart")))
    assert state.submitted
    assert leads_for(email, LeadKind.SCHEDULE_DEMO)
    assert state.time_zone == "UTC"
    assert offered_ids(state)
