"""Socket.IO load on the forms' websocket handler, speaking Reflex's event protocol like the browser.

Each simulated visitor opens ``/_event`` with its own token (as ``.web/utils/state.js`` does), sends
the product-video form's ``start`` (what the page sends on mount) and then ``submit`` with the
typed values, and waits for the final state update. A submission counts as acknowledged only when
that update sets ``submitted``; the form is then started again, as a visitor reopening it would.
Engine.IO v4 frames are spoken directly over aiohttp's websocket, so the generator stays cheap.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

import aiohttp

from marketing_site.state.product_video import ProductVideoState

STATE = ProductVideoState.get_full_name()
NAMESPACE = "/_event"  # the browser's io("…/_event") names both the path and the namespace
ROUTER_DATA = {"pathname": "/studentSmart", "asPath": "/studentSmart"}
ANSWER_TIMEOUT = 30.0
PING, PONG, EVENT = "2", "3", f"42{NAMESPACE},"


def answered(delta: dict) -> bool:
    """A submission's last update: the form bumps ``answered`` once per handled submit (the browser's
    busy state ends on it), carrying ``submitted`` or the alert with it."""
    return "answered" in delta


@dataclass
class FormLoad:
    latencies: list[float] = field(default_factory=list)
    acked: list[str] = field(default_factory=list)  # e-mails whose submission showed success
    refused: int = 0  # final update without success (alert shown)
    errors: int = 0  # no answer in time, or the connection failed


class Visitor:
    """One Socket.IO connection of one browser tab (``token``: the tab's; a reloaded tab keeps it, so a
    second Visitor with the same token is the same visitor on a new connection, maybe to another backend)."""

    def __init__(
        self,
        session: aiohttp.ClientSession,
        backend_url: str,
        origin: str,
        answer_timeout: float = ANSWER_TIMEOUT,
        state: str = STATE,
        token: str = "",
        router_data: dict[str, str] | None = None,
    ):
        self._session, self._origin, self._answer_timeout = session, origin, answer_timeout
        self.token, self.state = token or str(uuid.uuid4()), state
        self._router_data = router_data or ROUTER_DATA
        self._url = f"{backend_url.replace('http', 'ws', 1)}{NAMESPACE}/?token={self.token}&EIO=4&transport=websocket"
        self._socket: aiohttp.ClientWebSocketResponse | None = None

    async def connect(self) -> None:
        # The backend accepts only the site's origin, as a browser on the site sends it.
        async with asyncio.timeout(self._answer_timeout):
            self._socket = await self._session.ws_connect(self._url, headers={"Origin": self._origin})
            await self._receive()  # Engine.IO open packet
            await self._socket.send_str(f"40{NAMESPACE},")
            await self._receive()  # namespace joined

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()

    async def call(self, handler: str, payload: dict, done: Callable[[dict], bool]) -> dict:
        """Send one event; return the merged delta of its updates once ``done`` holds for it
        (Reflex marks no update as the last one, so the caller says what the last one sets)."""
        event = {"name": f"{self.state}.{handler}", "payload": payload, "router_data": self._router_data}
        await self._socket.send_str(EVENT + json.dumps(["event", event]))
        # One deadline for the whole answer: Engine.IO pings every 25 s keep a socket busy, so a
        # per-packet limit alone would wait forever for an answer that never comes.
        async with asyncio.timeout(self._answer_timeout):
            return await self._answer(done)

    async def _answer(self, done: Callable[[dict], bool]) -> dict:
        merged: dict = {}
        while True:
            packet = await self._receive()
            if not packet.startswith(EVENT):
                continue
            name, update = json.loads(packet[len(EVENT) :])
            if name != "event":
                continue
            merged.update(
                {
                    key.split("_rx_state_")[0]: value  # deltas suffix var names
                    for key, value in (update.get("delta") or {}).get(self.state, {}).items()
                }
            )
            if done(merged):
                return merged

    async def _receive(self) -> str:
        """The next packet that is not an Engine.IO ping (pings are answered on the way)."""
        while True:
            message = await self._socket.receive()
            if message.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"websocket closed: {message.type.name}")
            if message.data != PING:
                return message.data
            await self._socket.send_str(PONG)


async def _visit(visitor: Visitor, run_id: str, number: int, stop_at: float, load: FormLoad) -> None:
    try:
        await visitor.connect()
        sent = 0
        while time.monotonic() < stop_at:
            await visitor.call(
                "start",
                {"browser": {"referrer": "", "product": "Student Smart"}},
                done=lambda delta: "started_at" in delta,
            )
            sent += 1
            email = f"bench-{run_id}-{number}-{sent}@school.edu"
            # A number of its own, as a campaign's leads have: one number shared by thousands is another workload.
            phone = f"+92301{(number * 100_003 + sent) % 10**7:07d}"
            form = {"name": "Bench Mark", "email": email, "contactNo": phone}
            began = time.perf_counter()
            # One update answers it: ``answered`` bumped, with ``submitted`` or the alert.
            delta = await visitor.call("submit", {"form_data": form}, done=answered)
            load.latencies.append(time.perf_counter() - began)
            if delta.get("submitted") is True:
                load.acked.append(email)
            else:
                load.refused += 1
    except (TimeoutError, aiohttp.ClientError, ConnectionError):
        load.errors += 1
    finally:
        await visitor.close()


async def run_forms(
    backend_url: str, origin: str, run_id: str, visitors: int, seconds: float
) -> tuple[FormLoad, float]:
    """Drive ``visitors`` concurrent form sessions for ``seconds``; returns the results and elapsed time."""
    load = FormLoad()
    async with aiohttp.ClientSession() as session:
        began = time.monotonic()
        await asyncio.gather(
            *(_visit(Visitor(session, backend_url, origin), run_id, n, began + seconds, load) for n in range(visitors))
        )
        return load, time.monotonic() - began
