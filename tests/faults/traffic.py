"""Visitors who keep submitting leads while a test breaks the servers, and what they were told.

API clients POST with an Idempotency-Key and retry the same lead after a refusal, as the API's
documentation asks; form visitors submit over the websocket (Reflex's event protocol, as the
browser speaks it) and press Submit again after the error alert. Every answer is logged with the
time it was asked and answered, so a test can check what was acknowledged while a server was down.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass, field

import aiohttp
import httpx

from scripts.bench_load_forms import Visitor, answered

RETRY_PAUSE = 0.3
ANSWER_LIMIT = 15.0  # far above the 5 s promise, so a slow answer is measured, not cut off


@dataclass(frozen=True)
class Answer:
    channel: str  # "api" or "form"
    email: str
    asked: float  # time.monotonic()
    answered: float
    acknowledged: bool

    @property
    def seconds(self) -> float:
        return self.answered - self.asked


@dataclass
class Traffic:
    backend_url: str
    site_url: str
    answers: list[Answer] = field(default_factory=list)
    _stopping: asyncio.Event = field(default_factory=asyncio.Event)

    def stop(self) -> None:
        self._stopping.set()

    def acknowledged(self, channel: str | None = None) -> set[str]:
        return {a.email for a in self.answers if a.acknowledged and channel in (None, a.channel)}

    async def run(self, api_clients: int = 3, form_visitors: int = 3) -> None:
        async with (
            aiohttp.ClientSession() as session,
            httpx.AsyncClient(base_url=self.backend_url, timeout=ANSWER_LIMIT) as http,
        ):
            await asyncio.gather(
                *(self._api_client(http) for _ in range(api_clients)),
                *(
                    self._form_visitor(Visitor(session, self.backend_url, self.site_url, ANSWER_LIMIT))
                    for _ in range(form_visitors)
                ),
            )

    async def _api_client(self, http: httpx.AsyncClient) -> None:
        while not self._stopping.is_set():
            email, key = f"api-{uuid.uuid4().hex[:12]}@school.edu", uuid.uuid4().hex
            lead = {"name": "Fault Test", "email": email, "contactNo": "+923001234567", "product": "Student Smart"}
            while True:  # the same lead until it is acknowledged
                asked = time.monotonic()
                response = await http.post("/api/ProductVideo", json=lead, headers={"Idempotency-Key": key})
                self.answers.append(Answer("api", email, asked, time.monotonic(), response.status_code == 201))
                if response.status_code == 201 or self._stopping.is_set():
                    break
                assert response.status_code == 503 and response.headers.get("retry-after"), response.text
                await asyncio.sleep(RETRY_PAUSE)

    async def _form_visitor(self, visitor: Visitor) -> None:
        await visitor.connect()
        try:
            while not self._stopping.is_set():
                await visitor.call(
                    "start",
                    {"browser": {"referrer": "", "product": "Student Smart"}},
                    done=lambda delta: "started_at" in delta,
                )
                email = f"form-{uuid.uuid4().hex[:12]}@school.edu"
                form = {"name": "Fault Test", "email": email, "contactNo": "+923001234567"}
                while True:  # the visitor presses Submit again after the error alert
                    asked = time.monotonic()
                    try:
                        delta = await visitor.call("submit", {"form_data": form}, done=answered)
                    except TimeoutError:  # no answer at all: logged as a slow refusal, and tried again
                        delta = {"alert": "no answer"}
                    stored = delta.get("submitted") is True
                    self.answers.append(Answer("form", email, asked, time.monotonic(), stored))
                    if stored or self._stopping.is_set():
                        break
                    assert delta.get("alert"), delta  # a plain error, never silence
                    await asyncio.sleep(RETRY_PAUSE)
        finally:
            await visitor.close()
