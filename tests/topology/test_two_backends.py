"""Two backends behind nginx share nothing but PostgreSQL and Redis, and any of them serves any request:
a résumé sent through one is downloaded by staff through the other; a staff session and a visitor's
booking link work on both; one visitor's form events alternate between them; and when one is killed
(-9) under 24 clients, nginx sends everything to the other, no acknowledged lead is lost or stored
twice, and the killed one rejoins."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field

import aiohttp
import httpx
from leads.lead_payloads import CAREERS, VALID
from prometheus_client.parser import text_string_to_metric_families
from running_stack import demo_booked
from samples import PDF
from sqlalchemy import create_engine, text
from staff_http import create_staff, signed_in

from marketing_site.content import forms
from marketing_site.state.careers import CareersState
from scripts.bench_load_forms import Visitor, answered

SITE = "http://localhost:3000"  # the topology's SITE_URL: the one origin its backends accept
CAREERS_STATE = CareersState.get_full_name()
CAREERS_PAGE = {"pathname": "/careers", "asPath": "/careers"}
TRAP_SECONDS = 1.2  # past the topology's LEAD_MIN_SUBMIT_SECONDS
PROXY_FAILURES = (0, 502, 504)  # 0: the connection failed
ANSWER_LIMIT = 15.0  # a request asked this long before the kill may still have been on the killed backend


def rows(database_url: str, sql: str, **values) -> list:
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(text(sql), values))
    finally:
        engine.dispose()


async def apply_with_resume(backend_url: str, email: str, filename: str, content: bytes) -> dict:
    """The careers page as the browser runs it: the form starts over the websocket, then the form and the
    file go to Reflex's /_upload (upload.js: the handler's other arguments first, then the file); the
    answer streams the state's updates, one JSON line each."""
    async with aiohttp.ClientSession() as session:
        visitor = Visitor(session, backend_url, SITE, state=CAREERS_STATE, router_data=CAREERS_PAGE)
        await visitor.connect()
        try:
            await visitor.call("start", {"browser": {"referrer": ""}}, done=lambda delta: "started_at" in delta)
            await asyncio.sleep(TRAP_SECONDS)
            async with httpx.AsyncClient(timeout=30) as http:
                answer = await http.post(
                    f"{backend_url}/_upload",
                    headers={"Reflex-Client-Token": visitor.token, "Reflex-Event-Handler": f"{CAREERS_STATE}.apply"},
                    data={"__reflex_event_args": json.dumps({"form_data": {**CAREERS, "email": email}})},
                    files={"files": (filename, content, "application/octet-stream")},
                )
        finally:
            await visitor.close()
    assert answer.status_code == 200, answer.text
    merged: dict = {}
    for line in answer.text.strip().splitlines():
        delta = (json.loads(line).get("delta") or {}).get(CAREERS_STATE, {})
        merged.update({key.split("_rx_state_")[0]: value for key, value in delta.items()})
    return merged


def test_an_application_sent_through_one_backend_is_downloaded_by_staff_through_the_other(stack):
    first, second = stack.backends
    email = f"cv-{uuid.uuid4().hex[:8]}@school.edu"
    resume = PDF + b"<html><script>alert(1)</script></html>"  # a real PDF that also holds a web page
    assert asyncio.run(apply_with_resume(first.url, email, "Sara CV.html", resume)).get("submitted") is True
    [(lead_id, quarantined)] = rows(
        stack.settings["DATABASE_URL"], "SELECT id, quarantined FROM lead WHERE email = :e", e=email
    )
    assert not quarantined

    session = signed_in(first.url, create_staff(stack.settings, "hr"))
    download = httpx.get(f"{second.url}/admin/leads/{lead_id}/resume", headers=session, timeout=10)
    assert download.status_code == 200 and download.content == resume
    assert download.headers["content-type"] == "application/pdf"
    assert download.headers["content-disposition"] == "attachment; filename*=utf-8''Sara%20CV.pdf"
    assert download.headers["x-content-type-options"] == "nosniff"
    through_nginx = httpx.get(f"{stack.api_url}/admin/leads/{lead_id}", headers=session, timeout=10)
    assert through_nginx.status_code == 200 and "Sara CV.pdf" in through_nginx.text


def test_a_staff_session_and_a_booking_link_work_on_both_backends(stack, database_url):
    session = signed_in(stack.backends[0].url, create_staff(stack.settings, "admin"))
    for backend in stack.backends:
        inbox = httpx.get(f"{backend.url}/admin/", headers=session, timeout=10)
        assert inbox.status_code == 200 and "Inbox" in inbox.text, backend.url

    _, link = demo_booked(stack.api_url, stack.settings["DATABASE_URL"], database_url, SITE)
    for backend in stack.backends:
        page = httpx.get(f"{backend.url}/booking/{link}", timeout=10)
        assert page.status_code == 200 and "Sana Malik" in page.text, backend.url


def test_one_visitors_form_events_alternate_between_backends(stack):
    """The form starts on one backend, is sent on the other (a reconnect that nginx sent elsewhere), and
    sent again on the first, as the page sends it (with the form's signed start): one lead, out of quarantine."""
    email = f"alternating-{uuid.uuid4().hex[:8]}@school.edu"
    form = {"name": "Alternating Visitor", "email": email, "contactNo": "+923001234567"}
    token = str(uuid.uuid4())
    first, second = stack.backends

    async def event(session: aiohttp.ClientSession, backend, handler: str, payload: dict, done) -> dict:
        visitor = Visitor(session, backend.url, SITE, answer_timeout=10, token=token)
        await visitor.connect()
        try:
            return await visitor.call(handler, payload, done=done)
        finally:
            await visitor.close()

    async def visit() -> tuple[dict, dict]:
        async with aiohttp.ClientSession() as session:
            browser = {"browser": {"referrer": "", "product": "Student Smart"}}
            started = await event(session, first, "start", browser, lambda delta: "start_token" in delta)
            await asyncio.sleep(TRAP_SECONDS)
            sent = {"form_data": {**form, forms.START_TOKEN_NAME: started["start_token"]}}
            return await event(session, second, "submit", sent, answered), await event(
                session, first, "submit", sent, answered
            )

    sent, again = asyncio.run(visit())
    assert sent.get("submitted") is True and again.get("submitted") is True
    assert rows(stack.settings["DATABASE_URL"], "SELECT quarantined FROM lead WHERE email = :e", e=email) == [(False,)]


@dataclass
class Clients:
    """API clients posting leads through nginx, each retrying its lead (same Idempotency-Key) until 201."""

    api_url: str
    answers: list[tuple[str, float, int]] = field(default_factory=list)  # (email, asked, status or 0)
    acknowledged: set[str] = field(default_factory=set)
    _stopping: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self, count: int) -> None:
        async with httpx.AsyncClient(base_url=self.api_url, timeout=ANSWER_LIMIT) as http:
            await asyncio.gather(*(self._client(http) for _ in range(count)))

    async def _client(self, http: httpx.AsyncClient) -> None:
        while not self._stopping.is_set():
            email, key = f"kill-{uuid.uuid4().hex[:12]}@school.edu", uuid.uuid4().hex
            lead = {**VALID["ProductVideo"], "email": email}
            while True:
                asked = time.monotonic()
                try:
                    status = (
                        await http.post("/api/ProductVideo", json=lead, headers={"Idempotency-Key": key})
                    ).status_code
                except httpx.TransportError:
                    status = 0
                self.answers.append((email, asked, status))
                if status == 201:
                    self.acknowledged.add(email)
                    break
                await asyncio.sleep(0.2)  # then the same lead again, as the API's documentation asks
            await asyncio.sleep(0.2)  # a paced client: the machine also restarts a backend meanwhile


def scraped_leads(backend_url: str) -> float:
    answer = httpx.get(f"{backend_url}/metrics", timeout=10).text
    return sum(
        sample.value
        for family in text_string_to_metric_families(answer)
        for sample in family.samples
        if sample.name == "leads_stored_total"
    )


def test_a_backend_killed_under_load_loses_no_lead_and_rejoins(stack):
    killed = stack.backends[0]
    clients = Clients(stack.api_url)
    moments: dict[str, float] = {}

    async def scenario() -> None:
        load = asyncio.create_task(clients.run(24))
        await asyncio.sleep(3)
        moments["killed"] = time.monotonic()
        await asyncio.to_thread(killed.kill)
        await asyncio.sleep(5)
        moments["restarting"] = time.monotonic()
        await asyncio.to_thread(killed.start)  # same port, same folder: the upstream nginx knows
        moments["back"] = time.monotonic()
        await asyncio.sleep(8)  # past nginx's fail_timeout: the rejoined backend gets its share
        clients._stopping.set()
        await load

    asyncio.run(scenario())

    # A dead backend shows as nginx's 502/504 or a dropped connection; only a request that was on it may get one.
    # (A 503 is a backend's own "try again" when its database work overran the deadline on a busy machine.)
    away = [
        (round(asked - moments["killed"], 2), status)
        for _, asked, status in clients.answers
        if status in PROXY_FAILURES and not moments["killed"] - ANSWER_LIMIT < asked < moments["killed"] + 2
    ]
    assert not away, f"proxy failures away from the kill (seconds after it, status): {away[:10]} {moments}"
    while_down = [asked for _, asked, status in clients.answers if status == 201 and asked > moments["killed"] + 2]
    assert len([asked for asked in while_down if asked < moments["restarting"]]) > 24, "nginx did not use the other"
    stored = Counter(
        email for (email,) in rows(stack.settings["DATABASE_URL"], "SELECT email FROM lead WHERE email LIKE 'kill-%'")
    )
    assert not [email for email, times in stored.items() if times > 1], "a lead was stored twice"
    assert set(stored) == clients.acknowledged, "stored leads differ from acknowledged ones"
    assert killed.running and scraped_leads(killed.url) > 0, "the restarted backend got no lead from nginx"
