"""Two backends behind nginx share nothing but PostgreSQL and Redis, and any of them serves any request:
a résumé sent through one is downloaded by staff through the other; a staff session and a visitor's
booking link work on both; one visitor's form events alternate between them. (A backend killed or
restarted under load: test_failover.py.)"""

from __future__ import annotations

import asyncio
import json
import uuid

import aiohttp
import httpx
from leads.lead_payloads import CAREERS
from running_stack import demo_booked
from samples import PDF
from staff_http import create_staff, signed_in
from topology_load import SITE, TRAP_SECONDS, rows

from marketing_site.content import forms
from marketing_site.state.careers import CareersState
from scripts.bench_load_forms import Visitor, answered

CAREERS_STATE = CareersState.get_full_name()
CAREERS_PAGE = {"pathname": "/careers", "asPath": "/careers"}


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
