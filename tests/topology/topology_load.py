"""What the failover tests put through nginx while a backend dies or restarts: API clients posting leads with
an Idempotency-Key, and form visitors on the websocket who reconnect (nginx sends them to a backend that
answers) and press Submit again when an answer never came, as the page lets them."""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import httpx
from leads.lead_payloads import VALID
from sqlalchemy import create_engine, text

from marketing_site.content import forms
from scripts.bench_load_forms import Visitor, answered

SITE = "http://localhost:3000"  # the topology's SITE_URL: the one origin its backends accept
TRAP_SECONDS = 1.2  # past the topology's LEAD_MIN_SUBMIT_SECONDS
ANSWER_LIMIT = 20.0  # one request's answer, a retry on the other backend included
EXCEPTION_LINE = re.compile(r"^[\w.]+(Error|Exception|Timeout)\w*: ")


def rows(database_url: str, sql: str, **values) -> list:
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(text(sql), values))
    finally:
        engine.dispose()


def logged_errors(logs: list[Path]) -> list[str]:
    """Each ERROR record of these JSON log files (supervisord's backend logs): its time, file, message and
    exception. A failover test names them beside its failed requests, since the run folder is gone once the
    session ends: which backend answered 503, and why."""
    found = []
    for path in logs:
        for line in path.read_text(errors="replace").splitlines():
            record = json.loads(line) if line.startswith("{") else {}
            if str(record.get("level", "")).upper() == "ERROR":
                found.append(f"{record.get('timestamp')} {path.name}: {record.get('message')} {_raised(record)}")
    return found


def _raised(record: dict) -> str:
    """The exception a record's traceback ends with (its ``Name: message`` line), or nothing."""
    lines = str(record.get("exception") or "").splitlines()
    return next((line for line in reversed(lines) if EXCEPTION_LINE.match(line)), "")


@dataclass
class Answer:
    email: str
    asked: float  # time.monotonic() when sent
    status: int  # 0: no answer (the connection failed or timed out)


@dataclass
class KeyedClients:
    """API clients posting leads through nginx, each with its own Idempotency-Key, paced: a lead, a pause,
    the next. A client that gets no 201 retries the same lead with the same key, as the API's documentation
    asks, so the database check stays meaningful; every such answer counts as a failed request."""

    api_url: str
    prefix: str
    answers: list[Answer] = field(default_factory=list)
    began: float = field(default_factory=time.time)  # wall-clock, to read the logs' timestamps against
    acknowledged: set[str] = field(default_factory=set)
    stopping: asyncio.Event = field(default_factory=asyncio.Event)

    async def run(self, count: int) -> None:
        limits = httpx.Limits(max_connections=count, max_keepalive_connections=count)
        async with httpx.AsyncClient(base_url=self.api_url, timeout=ANSWER_LIMIT, limits=limits) as http:
            await asyncio.gather(*(self._client(http) for _ in range(count)))

    async def _client(self, http: httpx.AsyncClient) -> None:
        while not self.stopping.is_set():
            email, key = f"{self.prefix}-{uuid.uuid4().hex[:12]}@school.edu", uuid.uuid4().hex
            lead = {**VALID["ProductVideo"], "email": email}
            for _ in range(30):
                asked = time.monotonic()
                try:
                    answer = await http.post("/api/ProductVideo", json=lead, headers={"Idempotency-Key": key})
                    status = answer.status_code
                except httpx.TransportError:
                    status = 0
                self.answers.append(Answer(email, asked, status))
                if status == 201:
                    self.acknowledged.add(email)
                    break
                await asyncio.sleep(0.5)
            await asyncio.sleep(0.2)

    def failed(self) -> list[tuple[float, int]]:
        """(seconds since the first request, status) of every answer that was not a 201."""
        first = min(answer.asked for answer in self.answers)
        return [(round(answer.asked - first, 2), answer.status) for answer in self.answers if answer.status != 201]

    def stored(self, database_url: str) -> list[str]:
        found = rows(database_url, "SELECT email FROM lead WHERE email LIKE :p", p=f"{self.prefix}-%")
        return [email for (email,) in found]


@dataclass
class FormOutcome:
    email: str
    submitted: bool = False
    reconnected: int = 0  # connections opened again after the backend under it went away


async def form_visit(api_url: str, email: str, go: asyncio.Event) -> FormOutcome:
    """A visitor opens the product-video form through nginx (the page sends ``start``), fills it in, and
    presses Submit once ``go`` is set. Where the connection is gone or the answer never comes, the page's
    socket reconnects (the same tab token; nginx picks a backend that answers) and the visitor presses
    Submit again: the same form, with the signed start the page rendered."""
    outcome, token = FormOutcome(email), str(uuid.uuid4())
    form = {"name": "Failover Visitor", "email": email, "contactNo": "+923001234567"}
    async with aiohttp.ClientSession() as session:
        visitor = Visitor(session, api_url, SITE, answer_timeout=10, token=token)
        await visitor.connect()
        try:
            browser = {"browser": {"referrer": "", "product": "Student Smart"}}
            started = await visitor.call("start", browser, done=lambda delta: "start_token" in delta)
            sent = {"form_data": {**form, forms.START_TOKEN_NAME: started["start_token"]}}
            await asyncio.sleep(TRAP_SECONDS)
            await go.wait()
            for _ in range(5):
                try:
                    delta = await visitor.call("submit", sent, done=answered)
                    outcome.submitted = delta.get("submitted") is True
                    if outcome.submitted:
                        break
                except (ConnectionError, TimeoutError, aiohttp.ClientError):
                    pass
                await visitor.close()
                await asyncio.sleep(0.5)
                outcome.reconnected += 1
                visitor = Visitor(session, api_url, SITE, answer_timeout=10, token=token)
                try:
                    await visitor.connect()
                except (ConnectionError, TimeoutError, aiohttp.ClientError):
                    continue
        finally:
            await visitor.close()
    return outcome
