"""The vendor's CRM gets every lead: signed deliveries (Standard Webhooks) to a real receiver that verifies
each with ``standardwebhooks`` and keeps each webhook-id once; retries with back-off, 410 Gone, Retry-After,
a receiver killed during a burst, sending again, secret rotation, and the addresses never called (SSRF)."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from datetime import timedelta

import pytest
from leads.lead_payloads import CAREERS, VALID
from samples import PDF
from sqlalchemy import select
from standardwebhooks.webhooks import Webhook

from marketing_site.admin.setup import webhook_endpoints
from marketing_site.admin.work.lead_work import WorkRefused
from marketing_site.core import db
from marketing_site.core.clock import as_utc, utc_now
from marketing_site.leads.service import LeadKind, ResumeUpload, SubmissionContext, application_submit, lead_submit
from marketing_site.webhooks import outbox, sender, signing
from marketing_site.webhooks.models import WebhookDelivery, WebhookEndpoint

API = SubmissionContext(client_id="203.0.113.12")


def demo_lead() -> int:
    email = f"{uuid.uuid4().hex[:10]}@school.example"
    return lead_submit(LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], "email": email}, API)


def deliveries(endpoint_id: int) -> list[WebhookDelivery]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(WebhookDelivery).where(WebhookDelivery.endpoint_id == endpoint_id).order_by(WebhookDelivery.id)
            ).scalars()
        )


def endpoint_row(endpoint_id: int) -> WebhookEndpoint:
    with db.session() as db_session:
        return db_session.get(WebhookEndpoint, endpoint_id)


def deliver_until(done, seconds: float = 30.0) -> None:
    """Run the sender's passes (as the background loop does) until ``done()`` or the time is up."""

    async def loop() -> None:
        ends = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < ends, "deliveries did not finish in time"
            if not await sender.deliver_due():
                await asyncio.sleep(0.02)

    asyncio.run(loop())


def all_sent(endpoint_id: int, count: int):
    return lambda: [row.status for row in deliveries(endpoint_id)] == ["sent"] * count


def test_a_new_lead_reaches_the_crm_signed_with_what_it_needs_and_no_resume_bytes(hooked):
    crm, endpoint = hooked(events=("lead.created",))
    email = f"{uuid.uuid4().hex[:10]}@school.example"
    lead_id = application_submit({**CAREERS, "email": email}, ResumeUpload("CV Sara.pdf", PDF), API)
    deliver_until(all_sent(endpoint.id, 1))
    [stored] = crm.stored()  # the receiver verified its signature (a bad one is answered 401 and not stored)
    [delivery] = deliveries(endpoint.id)
    assert stored["id"] == delivery.message_id and stored["type"] == "lead.created"
    data = stored["data"]
    assert (data["id"], data["kind"], data["email"], data["position"]) == (lead_id, "Careers", email, "Mathematics")
    assert data["resume"] == {"filename": "CV Sara.pdf", "url": f"http://localhost:8000/admin/leads/{lead_id}/resume"}
    assert data["url"] == f"http://localhost:8000/admin/leads/{lead_id}"
    assert "skillDescription" not in data and len(delivery.payload) < 2000
    assert PDF[:200].decode("latin-1") not in delivery.payload and "JVBER" not in delivery.payload  # nor base64


def test_a_500_is_retried_with_back_off_and_delivered_once(hooked):
    crm, endpoint = hooked(answers="500,200")
    demo_lead()
    deliver_until(all_sent(endpoint.id, 1))
    [delivery] = deliveries(endpoint.id)
    assert (delivery.attempts, delivery.last_status, delivery.last_error) == (2, 200, "")
    first, second = crm.requests()
    assert first["id"] == second["id"] == delivery.message_id and (first["status"], second["status"]) == (500, 200)
    assert second["at"] - first["at"] >= 0.025  # the first back-off: 50 ms with ±50 % jitter
    assert [entry["id"] for entry in crm.stored()] == [delivery.message_id]


def test_410_gone_disables_the_endpoint_and_an_admin_can_enable_it_and_send_again(hooked, admin):
    crm, endpoint = hooked(answers="410")
    demo_lead()
    deliver_until(lambda: not endpoint_row(endpoint.id).enabled)
    [delivery] = deliveries(endpoint.id)
    assert (delivery.status, delivery.last_status) == ("dead", 410)
    assert "410 Gone" in endpoint_row(endpoint.id).disabled_reason
    demo_lead()  # a disabled endpoint is sent nothing new
    assert len(deliveries(endpoint.id)) == 1
    assert [summary.failing for summary in webhook_endpoints.endpoints()] == [1]
    webhook_endpoints.endpoint_update(admin, endpoint.id, ["lead.created"], enabled=True)
    webhook_endpoints.delivery_resend(admin, endpoint.id, delivery.id)
    deliver_until(all_sent(endpoint.id, 1))
    assert [entry["id"] for entry in crm.stored()] == [delivery.message_id]  # the same webhook-id
    assert [summary.failing for summary in webhook_endpoints.endpoints()] == [0]


@pytest.mark.parametrize("answer", ["429:120", "503:120"])
def test_429_and_503_are_retried_when_retry_after_says(hooked, answer):
    crm, endpoint = hooked(answers=answer)
    demo_lead()
    deliver_until(
        lambda: (
            crm.requests() != []
            and deliveries(endpoint.id)[0].attempts == 1
            and deliveries(endpoint.id)[0].last_status is not None
        )
    )
    [delivery] = deliveries(endpoint.id)
    wait = as_utc(delivery.next_attempt_at) - utc_now()
    assert delivery.status == "queued" and timedelta(seconds=110) < wait <= timedelta(seconds=120)


def test_a_receiver_killed_during_a_burst_loses_nothing_and_stores_nothing_twice(hooked, delivery_settings):
    delivery_settings(webhook_max_attempts=12)  # the receiver is down for a while: retries must outlast it
    crm, endpoint = hooked(delay=0.03)
    leads = [demo_lead() for _ in range(30)]
    stop = threading.Event()

    def killer() -> None:
        while len(crm.stored()) < 5 and not stop.is_set():
            time.sleep(0.01)
        crm.kill()  # mid-burst: some requests in flight, some stored, most not yet sent
        time.sleep(0.5)
        crm.start()

    thread = threading.Thread(target=killer)
    thread.start()
    try:
        deliver_until(all_sent(endpoint.id, 30), seconds=90)
    finally:
        stop.set()
        thread.join()
    stored = [entry["id"] for entry in crm.stored()]
    assert sorted(stored) == sorted(row.message_id for row in deliveries(endpoint.id))  # nothing lost, none twice
    assert sorted(entry["data"]["id"] for entry in crm.stored()) == sorted(leads)
    assert any(row.attempts > 1 for row in deliveries(endpoint.id))  # the kill was felt


def _passes(count: int, pause: float = 0.0) -> None:
    """``count`` passes in one event loop (as the background loop runs them), each with a new lead's delivery."""

    async def passes() -> None:
        for _ in range(count):
            demo_lead()
            assert await sender.deliver_due() == 1
            await asyncio.sleep(pause)

    asyncio.run(passes())


def test_a_busy_endpoint_gets_its_next_pass_over_the_same_connection(hooked):
    """A connection (with HTTPS, its TLS handshake) costs more CPU than the delivery it carries: it is kept."""
    crm, _ = hooked()
    _passes(3)
    assert len({request["peer"] for request in crm.requests()}) == 1


def test_an_endpoint_idle_for_a_while_gets_a_new_connection(hooked, monkeypatch):
    monkeypatch.setattr(sender, "KEEP_SECONDS", 0.05)
    crm, _ = hooked()
    _passes(2, pause=0.1)
    first, second = crm.requests()
    assert first["peer"] != second["peer"] and (first["status"], second["status"]) == (200, 200)


def test_a_rotated_secret_and_the_previous_one_both_sign_for_a_day(hooked, admin):
    crm, endpoint = hooked()
    new_secret = webhook_endpoints.endpoint_rotate(admin, endpoint.id)
    demo_lead()
    deliver_until(all_sent(endpoint.id, 1))
    assert len(crm.stored()) == 1  # the receiver still knows only the old secret
    [delivery] = deliveries(endpoint.id)
    now = utc_now()
    headers = signing.headers(
        delivery.message_id, now, delivery.payload, outbox.signing_secrets(endpoint_row(endpoint.id), now)
    )
    assert headers["webhook-signature"].count("v1,") == 2
    assert Webhook(new_secret).verify(delivery.payload, headers)["type"] == "lead.created"
    assert outbox.signing_secrets(endpoint_row(endpoint.id), now + timedelta(days=2)) == (new_secret,)


@pytest.mark.parametrize(
    "url",
    [
        "https://10.1.2.3/hook",  # private
        "https://192.168.0.10/hook",
        "https://169.254.169.254/latest/meta-data",  # link-local (cloud metadata)
        "http://127.0.0.1:8000/admin",  # loopback
        "http://[::1]/hook",
        "http://[::ffff:10.0.0.1]/hook",  # a private address written as IPv6
        "http://localhost/hook",  # a name that resolves to loopback
        "ftp://crm.example/hook",
        "https://user:secret@crm.example/hook",
    ],
)
def test_an_endpoint_on_a_private_address_is_refused(admin, delivery_settings, url):
    delivery_settings(webhook_allowed_networks=())
    with pytest.raises(WorkRefused):
        webhook_endpoints.endpoint_create(admin, url, ["lead.created"])
    assert webhook_endpoints.endpoints() == []


def test_production_takes_https_only(admin, delivery_settings):
    delivery_settings(environment="prod", webhook_allowed_networks=())
    with pytest.raises(WorkRefused, match="https://"):
        webhook_endpoints.endpoint_create(admin, "http://93.184.215.14/hook", ["lead.created"])


def test_the_address_is_checked_again_before_every_attempt(hooked, delivery_settings):
    crm, endpoint = hooked()
    delivery_settings(webhook_allowed_networks=())  # as if the name had moved to a private address since
    demo_lead()
    deliver_until(lambda: deliveries(endpoint.id)[0].attempts >= 1 and deliveries(endpoint.id)[0].last_error != "")
    [delivery] = deliveries(endpoint.id)
    assert delivery.last_error.startswith("Address refused: 127.0.0.1") and delivery.last_status is None
    assert crm.requests() == []  # never called


def test_the_back_off_doubles_with_jitter_over_about_three_days():
    base = outbox.settings.webhook_retry_seconds
    waits = [outbox.backoff(attempt).total_seconds() for attempt in range(1, outbox.settings.webhook_max_attempts)]
    for attempt, wait in enumerate(waits, start=1):
        assert 0.5 * base * 2 ** (attempt - 1) <= wait <= 1.5 * base * 2 ** (attempt - 1)
    expected = sum(base * 2 ** (attempt - 1) for attempt in range(1, outbox.settings.webhook_max_attempts))
    assert timedelta(days=2.5) < timedelta(seconds=expected) < timedelta(days=3.5)
