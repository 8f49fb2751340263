"""A form's signed start (leads/form_start.py) holds when its state does not: a submission reaching a state
that lost the start (Redis restarted empty, a worker's memory while Redis was away) keeps the page's start
time (not quarantined) and its Idempotency-Key (a retry stores nothing twice)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from form_states import run, unique_email, visit
from itsdangerous import URLSafeTimedSerializer
from stored_leads import leads_for

from marketing_site.content import forms
from marketing_site.core.clock import frozen, timestamp, utc_now
from marketing_site.leads import form_start
from marketing_site.leads.schemas import LeadKind
from marketing_site.state.product_video import ProductVideoState

KIND = LeadKind.PRODUCT_VIDEO.value


def lost(state: ProductVideoState) -> ProductVideoState:
    """The same visitor's state as a store that never saw the form start hands it over."""
    state.started_at, state.idempotency_key, state.start_token, state.submitted = 0.0, "", "", False
    return state


def fields(email: str, start: str) -> dict[str, str]:
    return {"name": "Ali Raza", "email": email, "contactNo": "+923001234567", forms.START_TOKEN_NAME: start}


def test_the_start_is_signed_with_the_forms_kind_time_and_key():
    state = visit(ProductVideoState, "/hrSmart")
    started_at, key = form_start.read_start(state.start_token, KIND)
    assert key == state.idempotency_key and abs(started_at - timestamp()) < 60
    assert form_start.read_start(state.start_token, LeadKind.SCHEDULE_DEMO.value) is None


def test_a_state_that_lost_the_start_keeps_the_pages_time_and_key():
    email = unique_email("lost-start")
    page = form_start.start_token(KIND, timestamp() - 30, "page-key-1")  # the page opened half a minute ago
    first = lost(visit(ProductVideoState, "/hrSmart"))
    run(first.submit(fields(email, page)))
    again = lost(visit(ProductVideoState, "/hrSmart"))  # its answer was lost; the visitor presses again elsewhere
    run(again.submit(fields(email, page)))
    assert first.submitted and again.submitted and first.idempotency_key == again.idempotency_key == "page-key-1"
    assert [lead.quarantined for lead in leads_for(email, LeadKind.PRODUCT_VIDEO)] == [False]


def test_a_forged_or_another_forms_start_counts_as_none():
    signed = form_start.start_token(KIND, timestamp() - 30, "page-key-2")
    for posted in (
        signed[:-2] + ("AA" if not signed.endswith("AA") else "BB"),  # tampered
        form_start.start_token(LeadKind.SCHEDULE_DEMO.value, timestamp() - 30, "page-key-3"),  # another form's
        # the same secret signing for another use (its library's default salt, or none): never a form start
        URLSafeTimedSerializer(form_start._secret).dumps([KIND, timestamp() - 30, "page-key-4"]),
        URLSafeTimedSerializer(form_start._secret, salt=None).dumps([KIND, timestamp() - 30, "page-key-5"]),
        "",
    ):
        email = unique_email("forged-start")
        state = lost(visit(ProductVideoState, "/hrSmart"))
        run(state.submit(fields(email, posted)))
        assert state.submitted and state.idempotency_key not in ("page-key-2", "page-key-3", "page-key-4", "page-key-5")
        assert [lead.quarantined for lead in leads_for(email, LeadKind.PRODUCT_VIDEO)] == [True], posted


def signed_hours_ago(hours: float, key: str) -> str:
    """A start signed ``hours`` ago (the clock turned back), for a page opened then."""
    with frozen(utc_now() - timedelta(hours=hours)):
        return form_start.start_token(KIND, timestamp(), key)


@pytest.mark.parametrize(("hours", "holds"), [(23, True), (24 + 1 / 60, False)], ids=["23-hours", "a-day-and-a-minute"])
def test_a_start_signed_over_a_day_ago_counts_as_none(hours, holds):
    """A form left open overnight keeps its start and key; past a day it starts again: a new key, and the
    time trap sees a form filled in no time, so the lead waits in quarantine for staff."""
    email = unique_email("aged-start")
    state = lost(visit(ProductVideoState, "/hrSmart"))
    run(state.submit(fields(email, signed_hours_ago(hours, "page-key-aged"))))
    assert state.submitted and (state.idempotency_key == "page-key-aged") is holds
    assert [lead.quarantined for lead in leads_for(email, LeadKind.PRODUCT_VIDEO)] == [not holds]


@pytest.mark.parametrize(
    ("shown_seconds", "started_seconds_ago"),
    [
        (42.5, 42.5),  # typed for 42.5 s before the page's scripts ran: the trap counts them
        (3600, form_start.EARLY_START_LIMIT_SECONDS),  # at most ten minutes back, whatever the browser says
        (-5, 0),
        ("42", 0),  # not a number: now
        (None, 0),
        (True, 0),
    ],
)
def test_a_form_typed_in_before_its_scripts_ran_starts_when_its_page_was_shown(shown_seconds, started_seconds_ago):
    state = visit(ProductVideoState, "/hrSmart")
    with frozen(utc_now()):
        state.start_typed_before_scripts({"referrer": "", "shownSeconds": shown_seconds})
        assert state.started_at == pytest.approx(timestamp() - started_seconds_ago)
        assert form_start.read_start(state.start_token, KIND) == (state.started_at, state.idempotency_key)


def test_a_form_started_by_a_focus_starts_now_however_long_its_page_was_shown():
    """The page's time counts only for a form typed in before its scripts: a bot that loads the page in a
    browser, waits for it and posts at once is still too fast."""
    state = visit(ProductVideoState, "/hrSmart")
    with frozen(utc_now()):
        state.start({"referrer": "", "shownSeconds": 42.5})
        assert state.started_at == timestamp()
