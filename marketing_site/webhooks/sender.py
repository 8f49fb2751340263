"""Deliver due webhooks over HTTP: each claimed delivery checked (``addresses``), signed and POSTed with a
time limit of WEBHOOK_TIMEOUT_SECONDS, the batch concurrently so one slow endpoint holds up no other.

2xx: sent. 410 Gone: dead, and the endpoint disabled. 429 or 503 with Retry-After: tried again then.
Anything else (another status, a refused address, a timeout, a connection error): the back-off.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from email.utils import parsedate_to_datetime

import anyio
import httpx

from marketing_site.core.clock import utc_now
from marketing_site.settings import settings
from marketing_site.webhooks import addresses, outbox, signing
from marketing_site.webhooks.outbox import ClaimedDelivery, Outcome

log = logging.getLogger(__name__)
USER_AGENT = "SmartSchoolSuite-Webhooks/1"


async def deliver_due() -> int:
    """One pass: claim a batch, attempt each at once, record the outcomes; returns how many were claimed."""
    claimed = await anyio.to_thread.run_sync(outbox.claim_due)
    if claimed:
        async with httpx.AsyncClient(follow_redirects=False, trust_env=False) as client:
            outcomes = await asyncio.gather(*(attempt(client, delivery) for delivery in claimed))
        await anyio.to_thread.run_sync(outbox.record, list(outcomes))
    return len(claimed)


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
