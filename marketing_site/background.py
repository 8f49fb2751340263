"""The work a backend worker does besides answering requests: send the mail outbox, fire the lead timers,
deliver the webhooks. Each is a loop of passes that runs while it finds a full batch, then waits for a nudge
(``core.wakeup``: a transaction of this process queued mail or a webhook) or the poll interval (work queued by
another process, timers coming due). One loop's failure (the database, the SMTP server) pauses that loop
only, never the others.

It runs inside every backend worker (a lifespan task, MAIL_SENDER_IN_BACKEND=true) or as its own process:
``python -m marketing_site.background`` (``make prod``, and the single-port server ``make serve``, whose backend
wakes it through BACKGROUND_WAKEUP_SOCKET). Several at once are safe: every row is claimed by one. Inside a worker
it shares the CPU with requests, so it batches: a nudged loop first lets the burst that woke it gather for
GATHER_SECONDS (one pass, one claim and one connection for many leads instead of one each), and the timer loop
is never nudged (a lead's timers come due minutes later, never at its commit).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import anyio

from marketing_site.booking import calendar
from marketing_site.core import wakeup
from marketing_site.core.heap import freeze_startup_objects
from marketing_site.core.logs import configure_logging, log_context
from marketing_site.leads.owners import reminders
from marketing_site.mail import outbox as mail_outbox
from marketing_site.mail import sender as mail_sender
from marketing_site.settings import settings
from marketing_site.webhooks import outbox as webhook_outbox
from marketing_site.webhooks import sender as webhook_sender

log = logging.getLogger(__name__)
IDLE_POLL_SECONDS = 2.0  # how soon work queued by another process (or a timer come due) is found
ERROR_PAUSE_SECONDS = 10.0  # after a pass failed (the database itself, say)
GATHER_SECONDS = 0.1  # a nudged loop waits this long for the rest of a burst (speed to lead allows it)
Pass = Callable[[], Awaitable[int]]


@dataclass(frozen=True)
class Loop:
    one_pass: Pass
    batch: int  # a pass that claims this many goes straight on: more may be waiting
    nudged: bool = True  # woken by this process's commits (else it polls only)


async def fire_lead_timers() -> int:
    return await anyio.to_thread.run_sync(reminders.fire_due)


LOOPS: dict[str, Loop] = {
    "mail": Loop(mail_sender.deliver_due, mail_outbox.CLAIM_BATCH),
    "lead timers": Loop(fire_lead_timers, reminders.BATCH, nudged=False),
    "webhooks": Loop(webhook_sender.deliver_due, webhook_outbox.CLAIM_BATCH),
}


async def drain_forever(name: str, loop: Loop) -> None:
    """Run passes until cancelled: straight on while they find a full batch, else after a nudge (and the gather)
    or the poll."""
    with wakeup.Listener() if loop.nudged else contextlib.nullcontext() as listener:
        while True:
            try:
                with log_context():  # each pass's lines share an id, as a request's do
                    found = await loop.one_pass()
                if found >= loop.batch:
                    continue
                if listener is None:
                    await asyncio.sleep(IDLE_POLL_SECONDS)
                elif await listener.wait(IDLE_POLL_SECONDS):
                    await asyncio.sleep(GATHER_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s pass failed; trying again in %.0f s", name.capitalize(), ERROR_PAUSE_SECONDS)
                await asyncio.sleep(ERROR_PAUSE_SECONDS)


async def run_forever() -> None:
    """Every loop, until cancelled (the app's lifespan ends, or Ctrl-C)."""
    calendar.install()
    if not settings.smtp_host:
        log.warning("SMTP_HOST is not set: mails stay queued in the outbox until it is")
    path = settings.background_wakeup_socket
    with wakeup.from_other_processes(path) if path else contextlib.nullcontext():
        await asyncio.gather(*(drain_forever(name, loop) for name, loop in LOOPS.items()))


if __name__ == "__main__":
    configure_logging()
    freeze_startup_objects()
    os.nice(settings.background_niceness)
    asyncio.run(run_forever())
