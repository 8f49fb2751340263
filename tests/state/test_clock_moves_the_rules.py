"""Every rule that asks "what time is it" reads core/clock: a frozen or moved clock moves the anti-spam time
trap, a form's start, the slot picker's "today" and a host's "today" for days off (not the server's zone)."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
from form_states import visit
from test_slot_picker_state import host, offered_ids, submitted  # noqa: F401 (host: a fixture used below)

from marketing_site.admin.accounts.users import staff_user_create
from marketing_site.admin.setup.availability import day_off_add, host_save, host_week
from marketing_site.booking.setup.host_changes import HostDetails
from marketing_site.booking.slots import parse_slot_id
from marketing_site.core import clock, rate_limit
from marketing_site.leads import antispam
from marketing_site.leads.errors import LeadRejected
from marketing_site.staff.refused import ChangeRefused
from marketing_site.state.product_video import ProductVideoState

AT = datetime(2030, 1, 7, 12, 0, tzinfo=UTC)  # years from the real clock: only the frozen one reaches it


def test_the_time_trap_counts_from_the_clock():
    antispam.use_rate_limiter(rate_limit.MemoryRateLimiter(limit=10))
    with clock.frozen(AT) as advance:
        started = clock.timestamp()
        assert antispam.screen("typist", "", started) is True  # filled in no time: quarantined
        advance(timedelta(minutes=1))
        assert antispam.screen("typist", "", started) is False  # a minute later: a person
        with pytest.raises(LeadRejected):
            antispam.screen("typist", "", started + 3600)  # started an hour from now: forged


def test_a_forms_start_is_the_clocks_now():
    with clock.frozen(AT):
        state = visit(ProductVideoState, "/hrSmart")
        state.start({"referrer": ""})
        assert state.started_at == AT.timestamp()


def test_the_slot_picker_offers_days_from_the_clocks_today(host):
    with clock.frozen(AT):
        state, _ = submitted()
        starts = [parse_slot_id(slot_id)[1] for slot_id in offered_ids(state)]
    assert starts and all(AT <= start < AT + timedelta(days=10) for start in starts)  # notice may be 0


def test_a_hosts_today_is_in_the_hosts_zone():
    """At noon UTC it is already tomorrow in Kiritimati (UTC+14): yesterday there is the past, whatever the server's
    day; a day off leaves the host's week once the clock moves past it."""
    admin = staff_user_create(f"admin-{uuid.uuid4().hex[:8]}@vendor.example", "correct horse battery", "admin")
    staff = staff_user_create(f"host-{uuid.uuid4().hex[:8]}@vendor.example", "correct horse battery", "sales")
    host_save(admin, staff.id, HostDetails("Teuea", "Pacific/Kiritimati", "OM", active=False))
    with clock.frozen(AT) as advance:
        with pytest.raises(ChangeRefused, match="in the past"):
            day_off_add(admin, staff.id, "2030-01-07")
        day_off_add(admin, staff.id, "2030-01-08")
        assert [day_off.day for day_off in host_week(staff.id).days_off] == [date(2030, 1, 8)]
        advance(timedelta(days=1))
        assert host_week(staff.id).days_off == []
