"""Every staff page and the visitor's booking page while PostgreSQL hangs (SIGSTOP) and while it is stopped:
a plain page in the visitor's language within 5 s, 503 with Retry-After, never a bare 500; and /livez and
/readyz as a load balancer's probe sees them. Once the server is back, the pages answer again."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
from running_stack import demo_booked
from sqlalchemy import create_engine, text
from staff_http import create_staff, signed_in

from marketing_site.content.messages import message
from marketing_site.core import db
from marketing_site.settings import settings

ANSWER_PROMISE = 5.0
PROBE_TIMEOUT = 1.5  # a probe every second: its answer must come within about that
# /readyz gives the frozen database READINESS_DATABASE_SECONDS (0.8 s) and run_bounded's grace (0.5 s): 1.3 s by
# design. A busy machine wakes the answer later (1.83 s seen under make test-stress, issue 35); this slack names
# that, and still tells the bounded check from one that waits on the frozen database (until it is thawed).
LATE_WAKE = 1.0
ENGLISH_TITLE, ARABIC_TITLE = message("outage.title", "en"), message("outage.title", "ar")
STAFF_PAGES = (
    "/admin/",
    "/admin/leads/{lead}",
    "/admin/erase",
    "/admin/users",
    "/admin/availability",
    "/admin/availability/{me}",
    "/admin/booking-rules",
    "/admin/demos",
    "/admin/export.csv",
)


def scalar(database_url: str, sql: str, **values):
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return connection.execute(text(sql), values).scalar_one()
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def visited(fault_stack, database_url):
    """An admin's session, a lead, and a visitor's booking link on the fault stack's backend."""
    backend = fault_stack.backend.url
    email = create_staff(fault_stack.env, "admin")
    session = signed_in(backend, email)
    lead_id, token = demo_booked(backend, fault_stack.database_url, database_url, fault_stack.site_url)
    me = scalar(fault_stack.database_url, "SELECT id FROM staff_user WHERE email = :e", e=email)
    pages = [page.format(lead=lead_id, me=me) for page in STAFF_PAGES]
    return session, pages, f"/booking/{token}"


async def ask_all(
    backend: str, session: dict, pages: list[str], booking: str
) -> list[tuple[str, httpx.Response, float]]:
    """Every page at once (staff pages with the session, the booking page in Arabic); (path, answer, seconds)."""

    async def ask(http: httpx.AsyncClient, path: str, headers: dict) -> tuple[str, httpx.Response, float]:
        began = time.monotonic()
        answer = await http.get(path, headers=headers)
        return path, answer, time.monotonic() - began

    async with httpx.AsyncClient(base_url=backend, timeout=30) as http:
        return await asyncio.gather(
            *(ask(http, page, session) for page in pages),
            ask(http, booking, {"Accept-Language": "ar-OM,ar;q=0.9"}),
        )


def probes(backend: str) -> tuple[int, int, float]:
    began = time.monotonic()
    ready = httpx.get(f"{backend}/readyz", timeout=10).status_code
    seconds = time.monotonic() - began
    return httpx.get(f"{backend}/livez", timeout=PROBE_TIMEOUT).status_code, ready, seconds


def assert_outage_pages(answers) -> None:
    for path, answer, seconds in answers:
        assert seconds < ANSWER_PROMISE, f"{path} took {seconds:.1f} s"
        assert answer.status_code == 503 and answer.headers["retry-after"], (path, answer.status_code, answer.text)
        assert answer.headers["content-type"].startswith("text/html")
        title = ARABIC_TITLE if path.startswith("/booking/") else ENGLISH_TITLE
        assert f"<h1>{title}</h1>" in answer.text, (path, answer.text)


def test_pages_answer_503_in_the_visitors_language_while_the_database_hangs_or_is_gone(fault_stack, visited):
    session, pages, booking = visited
    backend, postgres = fault_stack.backend.url, fault_stack.postgres
    healthy = asyncio.run(ask_all(backend, session, pages, booking))
    assert [answer.status_code for _, answer, _ in healthy] == [200] * len(healthy), [
        (path, answer.status_code) for path, answer, _ in healthy
    ]
    assert probes(backend)[:2] == (200, 200)

    postgres.freeze()
    try:
        assert_outage_pages(asyncio.run(ask_all(backend, session, pages, booking)))
        live, ready, seconds = probes(backend)
        ready_within = settings.readiness_database_seconds + db.ANSWER_GRACE_SECONDS + LATE_WAKE
        assert (live, ready) == (200, 503) and seconds < ready_within, seconds
    finally:
        postgres.thaw()

    postgres.stop()
    try:
        assert_outage_pages(asyncio.run(ask_all(backend, session, pages, booking)))
        assert probes(backend)[:2] == (200, 503)
    finally:
        postgres.start()

    deadline = time.monotonic() + 15
    while probes(backend)[1] != 200 and time.monotonic() < deadline:
        time.sleep(0.5)
    back = asyncio.run(ask_all(backend, session, pages, booking))
    assert [answer.status_code for _, answer, _ in back] == [200] * len(back)
