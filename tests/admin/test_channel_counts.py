"""The channel report counts what a person would count by hand: leads of many kinds, channels, periods and zones,
with both touches, one or none, quarantined, won, and demos booked, held, missed or cancelled, each report compared
with a count made here row by row in Python (the lead's day in the reader's zone read with zoneinfo, not the
report's UTC bounds). It pins the results while the report's SQL is made faster (``make bench-inbox``)."""

from __future__ import annotations

import itertools
import uuid
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from booking.hosts import round_the_clock_slots
from channel_writes import set_status, with_demo
from leads.lead_payloads import VALID
from sqlalchemy import select

from marketing_site.admin.local_time import StaffClock
from marketing_site.admin.viewer import Viewer
from marketing_site.admin.work.channel_report import ChannelFilter, ChannelRow, channel_rows
from marketing_site.admin.work.channel_tallies import rebuild
from marketing_site.admin.work.erasure import person_erase
from marketing_site.admin.work.lead_work import quarantine_release
from marketing_site.booking import outcomes
from marketing_site.booking.models import BookingStatus, DemoBooking
from marketing_site.core import db
from marketing_site.core.clock import frozen
from marketing_site.leads.models import Lead, LeadTouch
from marketing_site.leads.service import LeadKind, SubmissionContext, lead_submit
from marketing_site.leads.statuses import LeadStatus
from marketing_site.leads.tallies.counting import KEY_COLUMNS
from marketing_site.leads.tallies.models import ChannelTally
from marketing_site.staff.models import StaffUser

CAREERS = {
    "firstName": "A",
    "lastName": "B",
    "mobile": "+923001234567",
    "country": "Pakistan",
    "city": "Lahore",
    "position": "Mathematics",
}
VISITS = (  # what the browser kept of a visit, as the API takes it (the channel is worked out when stored)
    {"utm_source": "google", "utm_medium": "cpc", "utm_campaign": "spring"},
    {"utm_source": "google", "utm_medium": "cpc", "utm_campaign": "autumn"},
    {"utm_source": "google", "utm_medium": "email", "utm_campaign": "spring"},
    {"utm_source": "news", "utm_campaign": "term1"},
    {"gclid": "Cj0KCQiA"},
    {"fbclid": "IwAR2x"},
    {"landingUrl": "https://school.example/", "referrer": "https://www.bing.com/search"},
    {"landingUrl": "https://school.example/"},
)
KINDS = (*(kind for kind in LeadKind if kind is not LeadKind.CAREERS), LeadKind.CAREERS)
DEMOS = (None, BookingStatus.BOOKED, BookingStatus.HELD, None, BookingStatus.NO_SHOW, BookingStatus.CANCELLED)
STATUSES = (LeadStatus.NEW, LeadStatus.WON, LeadStatus.CONTACTED, LeadStatus.WON, LeadStatus.LOST)
# Around the days the reports ask for: on the hour and the half hour of the zones' midnights (UTC+5, +5:30, -8/-7
# with the United States' change to summer time on 14 March 2021), a minute either side, and a few weeks away.
MOMENTS = (
    *(
        datetime(2021, 3, day, hour, minute, tzinfo=UTC) + timedelta(seconds=shift)
        for day in (10, 11, 13, 14)
        for hour, minute in ((0, 0), (7, 0), (8, 0), (18, 30), (19, 0), (23, 59))
        for shift in (-60, 0)
    ),
    datetime(2021, 2, 1, 12, tzinfo=UTC),
    datetime(2021, 6, 30, 23, 30, tzinfo=UTC),
    datetime(2021, 12, 31, 19, 0, tzinfo=UTC),
)
ZONES = ("UTC", "Asia/Karachi", "Asia/Kolkata", "America/Los_Angeles")
PERIODS = (
    ("2021-03-11", "2021-03-11"),
    ("2021-03-10", "2021-03-14"),
    ("2021-01-01", "2021-12-31"),
    ("2021-04-02",) * 2,
)


def touches(number: int) -> dict[str, dict[str, str]]:
    """Both touches (the same visit or two), only one of them, or none (a lead from before touches were kept)."""
    first, last = VISITS[number % len(VISITS)], VISITS[(number * 3 + 1) % len(VISITS)]
    return [
        {"firstTouch": first, "lastTouch": first},
        {"firstTouch": first, "lastTouch": last},
        {"firstTouch": first},
        {"lastTouch": last},
        {},
    ][number % 5]


def stored_lead(number: int, moment: datetime, quarantined: bool = False) -> tuple[int, str]:
    """A lead of the ``number``th kind and touches sent at ``moment`` (too fast after the form's start: quarantined,
    as the time trap does); its id and address."""
    kind = KINDS[number % len(KINDS)]
    answers = VALID[kind.value] if kind is not LeadKind.CAREERS else CAREERS
    started = moment.timestamp() if quarantined else None
    context = SubmissionContext(client_id="channel-counts", touches=touches(number), form_started_at=started)
    email = f"{uuid.uuid4().hex[:10]}@counts.example"
    with frozen(moment):
        return lead_submit(kind, {**answers, "email": email}, context), email


def varied_leads_stored(admin: StaffUser) -> None:
    """Each lead through the writers the site uses: stored (some quarantined), a demo booked and cancelled or
    marked, moved by staff, some released from quarantine and some erased."""
    slots = iter(round_the_clock_slots("Counting Host"))
    for number, moment in enumerate(MOMENTS):
        lead_id, email = stored_lead(number, moment, quarantined=number % 11 == 4)
        if KINDS[number % len(KINDS)] is LeadKind.CAREERS:
            continue
        if (demo := DEMOS[number % len(DEMOS)]) is not None:
            with_demo(lead_id, next(slots), demo)
        set_status(lead_id, STATUSES[number % len(STATUSES)])
        if number % 22 == 15:  # one in two of the quarantined
            quarantine_release(lead_id, admin)
        if number % 13 == 7:
            person_erase(email, admin)


def counted_by_hand(zone: str, since: str, until: str, touch: str, width: int) -> tuple[list[tuple], tuple]:
    """Every stored lead looked at one by one: a demo request (not a job application), out of quarantine, sent on a
    day of the period in ``zone``; counted under its ``touch``'s channel, or "(not kept)" for a lead without one."""
    with db.session() as db_session:
        leads = db_session.execute(select(Lead.id, Lead.kind, Lead.created_at, Lead.quarantined, Lead.status)).all()
        channels = {
            lead_id: names
            for lead_id, *names in db_session.execute(
                select(LeadTouch.lead_id, LeadTouch.source, LeadTouch.medium, LeadTouch.campaign).where(
                    LeadTouch.touch == touch
                )
            )
        }
        demos = dict(db_session.execute(select(DemoBooking.lead_id, DemoBooking.status)).all())
    first, last = date.fromisoformat(since), date.fromisoformat(until)
    counts: dict[tuple, Counter] = {}
    for lead_id, kind, created_at, quarantined, status in leads:
        sent = (created_at if created_at.tzinfo else created_at.replace(tzinfo=UTC)).astimezone(ZoneInfo(zone))
        if kind == LeadKind.CAREERS.value or quarantined or not first <= sent.date() <= last:
            continue
        key = tuple(channels.get(lead_id, ["(not kept)"] * 3))[:width]
        counter = counts.setdefault(key, Counter())
        counter["leads"] += 1
        counter["booked"] += lead_id in demos
        counter["held"] += demos.get(lead_id) == BookingStatus.HELD.value
        counter["won"] += status == LeadStatus.WON.value
    names = ("leads", "booked", "held", "won")
    rows = sorted(((key, *(counter[name] for name in names)) for key, counter in counts.items()), key=by_leads)
    return rows, (("All channels",), *(sum(row[index] for row in rows) for index in range(1, 5)))


def by_leads(row: tuple) -> tuple:
    return -row[1], row[0]


def as_tuples(rows: list[ChannelRow], total: ChannelRow) -> tuple[list[tuple], tuple]:
    return [(row.channel, row.leads, row.booked, row.held, row.won) for row in rows], (
        total.channel,
        total.leads,
        total.booked,
        total.held,
        total.won,
    )


def test_each_report_counts_what_a_row_by_row_count_finds(staff):
    varied_leads_stored(staff("admin"))
    stored, total = counted_by_hand("UTC", "2021-01-01", "2021-12-31", "last", 3)
    keys = {row[0] for row in stored}  # the leads hold each case the comparison must tell apart
    assert {("(not kept)",) * 3, ("google", "cpc", "spring"), ("bing.com", "referral", "(none)")} <= keys
    assert all(value > 0 for value in total[1:])
    with db.session() as db_session:
        assert {status.value for status in BookingStatus} <= set(
            db_session.execute(select(DemoBooking.status)).scalars()
        )
        assert db_session.execute(select(Lead.id).where(Lead.quarantined.is_(True))).first() is not None
    checked = 0
    cases = itertools.product(ZONES, PERIODS, ("first", "last"), ("source", "medium", "campaign"), ("sales", "admin"))
    for zone, (since, until), touch, by, role in cases:
        checked += report_checked(zone, since, until, touch, by, role)
    assert checked > 1000  # the periods hold leads: not a comparison of empty reports
    kept = tallies_before(CUT_OFF)
    with db.get_engine().begin() as connection:  # what the migration does, and a recount after a rolling deploy
        rebuild(connection, hold_writes=True)
    assert tallies_before(CUT_OFF) == kept, "counted from the stored leads, the tallies differ from those kept"


CUT_OFF = datetime(2023, 1, 1, tzinfo=UTC)  # this module's leads arrive before; other tests' leads (now) after


def tallies_before(moment: datetime) -> list[tuple]:
    """The tally rows that count something, of spans starting before ``moment``."""
    with db.session() as db_session:
        rows = db_session.execute(
            select(ChannelTally)
            .where(ChannelTally.starts_at < moment)
            .order_by(*(getattr(ChannelTally, name) for name in KEY_COLUMNS))
        ).scalars()
        return [
            (row.grain, row.touch, row.starts_at, row.kind, row.source, row.medium, row.campaign, *numbers)
            for row in rows
            if any(numbers := (row.leads, row.booked, row.held, row.won))
        ]


def report_checked(zone: str, since: str, until: str, touch: str, by: str = "campaign", role: str = "sales") -> int:
    """The report equals the count made by hand; the period's number of leads."""
    chosen = ChannelFilter.from_query({"since": since, "until": until, "touch": touch, "by": by}, date(2021, 3, 1))
    viewer = Viewer(role, 0, StaffClock.at(ZoneInfo(zone), datetime(2022, 1, 1, tzinfo=UTC)))
    with db.session() as db_session:
        found = as_tuples(*channel_rows(db_session, chosen, viewer))
    expected = counted_by_hand(zone, since, until, touch, len(chosen.grouping.columns))
    assert found == expected, (zone, since, until, touch, by, role)
    return expected[1][1]


def reports_now() -> list[tuple]:
    """The reports the next test checks after each write (UTC and Kolkata, +5:30: its day starts mid-hour in
    UTC), each compared with the count by hand; their totals."""
    totals = []
    for zone, (since, until), touch in itertools.product(
        ("UTC", "Asia/Kolkata"), (("2022-05-18", "2022-05-18"), ("2022-05-01", "2022-05-31")), ("first", "last")
    ):
        report_checked(zone, since, until, touch)
        totals.append(counted_by_hand(zone, since, until, touch, 3)[1])
    return totals


def test_each_write_moves_the_report_as_a_count_by_hand_finds(staff):
    admin = staff("admin")
    slots = iter(round_the_clock_slots("Moving Host"))
    arrivals = [datetime(2022, 5, 17, 18, 25, tzinfo=UTC) + timedelta(minutes=10 * step) for step in range(4)]
    (held, _), (won, _), (released, _), (_, address) = (
        stored_lead(number, moment, quarantined=number == 2) for number, moment in enumerate(arrivals)
    )  # the first at 23:55 in Kolkata on the 17th, the others on the 18th
    booked = [with_demo(lead_id, next(slots), BookingStatus.BOOKED) for lead_id in (held, released)]
    writes = {
        "demo booked": lambda: with_demo(won, next(slots), BookingStatus.BOOKED),
        "demo held": lambda: outcomes.demo_outcome_mark(
            booked[0].id, BookingStatus.HELD, booked[0].sequence, now=booked[0].ends_at + timedelta(minutes=1)
        ),
        "won": lambda: set_status(won, LeadStatus.WON),
        "won no more": lambda: set_status(won, LeadStatus.LOST),
        "released (with its demo)": lambda: quarantine_release(released, admin),
        "erased": lambda: person_erase(address, admin),
    }
    before = reports_now()
    for write, make in writes.items():
        make()
        after = reports_now()
        assert after != before, f"{write}: the reports did not move"
        before = after
