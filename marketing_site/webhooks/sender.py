"""Deliver due webhooks over HTTP: each claimed delivery checked (``addresses``), signed and POSTed with a
time limit of WEBHOOK_TIMEOUT_SECONDS, each endpoint's deliveries apart from the others' so one slow endpoint
holds up no other. An endpoint's deliveries of a pass share at most LANES kept-alive connections, one after
another on each, kept open for the next pass (a TLS handshake costs more CPU than the delivery it carries); one
that gets no answer leaves the rest of its lane for the back-off, so a lane never outlasts the claim's lease.

2xx: sent. 410 Gone: dead, and the endpoint disabled. 429 or 503 with Retry-After: tried again then.
Anything else (another status, a refused address, a timeout, a connection error): the back-off.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from datetime import timedelta
from email.utils import parsedate_to_datetime
from functools import cache

import anyio
import certifi
import httpx

from marketing_site.core.clock import utc_now
from marketing_site.settings import settings
from marketing_site.webhooks import addresses, outbox, signing
from marketing_site.webhooks.outbox import LANES, ClaimedDelivery, Outcome

log = logging.getLogger(__name__)
USER_AGENT = "SmartSchoolSuite-Webhooks/1"
KEEP_SECONDS = 60.0  # an endpoint's client waits this long for its next pass (its idle connections close sooner)


@cache
def _tls() -> ssl.SSLContext:
    """Public authorities (certifi's, as httpx trusts by default) and the system's trust store (a vendor's own
    authority, SSL_CERT_FILE), built once per process: building one costs about 20 ms of CPU, which every pass
    paid before."""
    context = ssl.create_default_context(cafile=certifi.where())
    context.load_default_certs()
    return context


async def deliver_due() -> int:
    """One pass: claim a batch, deliver it, record the outcomes; returns how many were claimed."""
    await _clients.close_idle()
    claimed = await anyio.to_thread.run_sync(outbox.claim_due)
    if claimed:
        by_endpoint: dict[int, list[ClaimedDelivery]] = {}
        for delivery in claimed:
            by_endpoint.setdefault(delivery.endpoint_id, []).append(delivery)
        outcomes = await asyncio.gather(*(_deliver_to(deliveries) for deliveries in by_endpoint.values()))
        await anyio.to_thread.run_sync(outbox.record, [outcome for endpoint in outcomes for outcome in endpoint])
    return len(claimed)


async def _deliver_to(deliveries: list[ClaimedDelivery]) -> list[Outcome]:
    """One endpoint's deliveries, in lanes over one client (its own: a connection never serves another host)."""
    client = _clients.take(deliveries[0])
    lanes = [deliveries[lane::LANES] for lane in range(min(LANES, len(deliveries)))]
    outcomes = await asyncio.gather(*(_lane(client, lane) for lane in lanes))
    return [outcome for lane in outcomes for outcome in lane]


class _KeptClients:
    """Each endpoint's client, kept for its next pass on this event loop: a busy endpoint then pays for its
    connections and their TLS handshakes once, not once per pass (an endpoint's address never changes; a
    re-checked name that resolves elsewhere gets a connection of its own). Idle connections close on their own
    (httpx's keep-alive expiry, 5 s); a client unused for KEEP_SECONDS is closed at the next pass."""

    def __init__(self) -> None:
        self._clients: dict[int, tuple[httpx.AsyncClient, float]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def take(self, delivery: ClaimedDelivery) -> httpx.AsyncClient:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # another loop's connections cannot be used (nor closed) from this one
            self._clients, self._loop = {}, loop
        kept = self._clients.get(delivery.endpoint_id)
        if kept is None:
            limits = httpx.Limits(max_connections=LANES, max_keepalive_connections=LANES)
            kept = (httpx.AsyncClient(follow_redirects=False, trust_env=False, verify=_tls(), limits=limits), 0.0)
        self._clients[delivery.endpoint_id] = (kept[0], time.monotonic())
        return kept[0]

    async def close_idle(self) -> None:
        if self._loop is not asyncio.get_running_loop():
            return
        now = time.monotonic()
        for endpoint, (client, used) in list(self._clients.items()):
            if now - used > KEEP_SECONDS:
                del self._clients[endpoint]
                await client.aclose()


_clients = _KeptClients()


async def _lane(client: httpx.AsyncClient, deliveries: list[ClaimedDelivery]) -> list[Outcome]:
    outcomes: list[Outcome] = []
    for number, delivery in enumerate(deliveries):
        outcomes.append(await attempt(client, delivery))
        if outcomes[-1].status is None:  # no answer (refused address, time-out, no connection): the rest wait too
            error = f"Not tried: the one before got {outcomes[-1].error}"
            return outcomes + [Outcome(left, error=error) for left in deliveries[number + 1 :]]
    return outcomes


async def attempt(client: httpx.AsyncClient, delivery: ClaimedDelivery) -> Outcome:
    try:
        with anyio.fail_after(settings.webhook_timeout_seconds):
            target = await addresses.resolve(delivery.url)
            headers = signing.headers(delivery.message_id, utc_now(), delivery.payload, delivery.signing_secrets)
            response = await client.post(
                target.pinned_url,
                content=delivery.payload.encode("utf-8"),
                headers={**headers, "host": target.host_header, "user-agent": USER_AGENT},
                extensions={"sni_hostname": target.host} if target.scheme == "https" else {},
                timeout=settings.webhook_timeout_seconds,
            )
    except addresses.AddressRefused as refused:
        return _failed(Outcome(delivery, error=f"Address refused: {refused}"))
    except TimeoutError:
        return _failed(Outcome(delivery, error=f"No answer within {settings.webhook_timeout_seconds:g} s"))
    except (httpx.HTTPError, OSError) as error:
        return _failed(Outcome(delivery, error=f"{type(error).__name__}: {error}"))
    status = response.status_code
    if 200 <= status < 300:
        return Outcome(delivery, status)
    if status == outbox.GONE:
        log.warning("Webhook endpoint %s answered 410 Gone: disabled", delivery.endpoint_id)
        return Outcome(delivery, status, "410 Gone: the endpoint was disabled")
    wait = retry_after(response.headers.get("retry-after")) if status in (429, 503) else None
    return _failed(Outcome(delivery, status, f"HTTP {status}", wait))


def _failed(outcome: Outcome) -> Outcome:
    log.warning(
        "Webhook %s to endpoint %s failed (try %d): %s",
        outcome.delivery.id,
        outcome.delivery.endpoint_id,
        outcome.delivery.attempts,
        outcome.error,
    )
    return outcome


def retry_after(value: str | None) -> timedelta | None:
    """A Retry-After header (seconds, or an HTTP date) as a wait from now; None if absent or unreadable."""
    if not value:
        return None
    if value.strip().isdigit():
        return timedelta(seconds=int(value))
    try:
        return max(parsedate_to_datetime(value) - utc_now(), timedelta(0))
    except (TypeError, ValueError):
        return None
