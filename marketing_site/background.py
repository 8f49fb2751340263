"""The work a backend worker does besides answering requests: send the mail outbox, fire the lead timers,
deliver the webhooks. Each is a loop of passes that runs while it finds work, then waits for a nudge
(``core.wakeup``: a transaction of this process queued something) or the poll interval (work queued by
another process, timers coming due). One loop's failure (the database, the SMTP server) pauses that loop
only, never the others.

It runs inside every backend worker (a lifespan task, MAIL_SENDER_IN_BACKEND=true) or as its own process:
``python -m marketing_site.background``. Several at once are safe: every row is claimed by one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import anyio

from marketing_site.booking import calendar
from marketing_site.core import wakeup
from marketing_site.core.logs import configure_logging, log_context
from marketing_site.leads import reminders
from marketing_site.mail import sender as mail_sender
from marketing_site.settings import settings
from marketing_site.webhooks import sender as webhook_sender

log = logging.getLogger(__name__)
IDLE_POLL_SECONDS = 2.0  # how soon work queued by another process (or a timer come due) is found
ERROR_PAUSE_SECONDS = 10.0  # after a pass failed (the database itself, say)
Pass = Callable[[], Awaitable[int]]


async def fire_lead_timers() -> int:
    return await anyio.to_thread.run_sync(reminders.fire_due)


LOOPS: dict[str, Pass] = {
    "mail": mail_sender.deliver_due,
    "lead timers": fire_lead_timers,
    "webhooks": webhook_sender.deliver_due,
}


async def drain_forever(name: str, one_pass: Pass) -> None:
    """Run passes until cancelled: straight on while they find work, else after a nudge or the poll."""
    with wakeup.Listener() as listener:
        while True:
            try:
                with log_context():  # each pass's lines share an id, as a request's do
                    found = await one_pass()
                if found:
                    continue
                await listener.wait(IDLE_POLL_SECONDS)
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
    await asyncio.gather(*(drain_forever(name, one_pass) for name, one_pass in LOOPS.items()))


if __name__ == "__main__":
    configure_logging()
    asyncio.run(run_forever())
