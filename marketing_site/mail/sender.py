"""Deliver the outbox over SMTP: inside every backend worker (a lifespan task) or as its own process.

``python -m marketing_site.mail.sender`` runs it apart (set MAIL_SENDER_IN_BACKEND=false for the
backend then). Several senders at once are safe: each row is claimed by one (see ``outbox``). With
no SMTP_HOST nothing is claimed and every mail waits, queued, for one to be configured.
"""

from __future__ import annotations

import asyncio
import logging
from email.header import Header
from email.message import EmailMessage
from email.policy import EmailPolicy
from email.utils import formatdate, parseaddr

import aiosmtplib
import anyio

from marketing_site.mail import outbox
from marketing_site.mail.outbox import ClaimedMail
from marketing_site.settings import settings

log = logging.getLogger(__name__)
IDLE_POLL_SECONDS = 2.0  # how soon a new lead's mails leave when the outbox was empty
ERROR_PAUSE_SECONDS = 10.0  # after the database itself failed


class _WireFormat(EmailPolicy):
    """SMTP's policy, except that a subject that is not ASCII is folded by email.header. The default folder
    splits it into encoded words at a space and leaves that space between them, where a reader drops it
    (RFC 2047, 6.2): "لمشاهدة العرض" arrived as "لمشاهدةالعرض". email.header keeps it inside the next word."""

    def fold(self, name: str, value: str) -> str:
        if name.lower() == "subject" and not str(value).isascii():
            encoded = Header(str(value), "utf-8", header_name=name).encode(linesep=self.linesep)
            return f"{name}: {encoded}{self.linesep}"
        folded: str = super().fold(name, value)
        return folded

    def fold_binary(self, name: str, value: str) -> bytes:
        if name.lower() == "subject" and not str(value).isascii():
            return self.fold(name, value).encode("ascii")
        folded: bytes = super().fold_binary(name, value)
        return folded


WIRE_FORMAT = _WireFormat(linesep="\r\n")  # as email.policy.SMTP: CRLF line ends


def message(mail: ClaimedMail) -> EmailMessage:
    built = EmailMessage()
    built["From"] = settings.mail_from
    built["To"] = mail.recipient
    built["Subject"] = mail.subject
    built["Message-ID"] = mail.message_id
    built["Date"] = formatdate(localtime=False)
    built.set_content(mail.text_body)
    built.add_alternative(mail.html_body, subtype="html")
    if mail.calendar_body:
        # A third alternative, as calendar clients expect an invitation (RFC 6047): text/calendar; method=…
        built.add_alternative(mail.calendar_body, subtype="calendar", params={"method": mail.calendar_method})
    return built


async def send(mail: ClaimedMail) -> None:
    await aiosmtplib.send(
        message(mail).as_bytes(policy=WIRE_FORMAT),
        sender=parseaddr(settings.mail_from)[1],
        recipients=[mail.recipient],
        hostname=settings.smtp_host,
        port=settings.smtp_port,
        username=settings.smtp_username or None,
        password=settings.smtp_password or None,
        use_tls=settings.smtp_security == "tls",
        start_tls=settings.smtp_security == "starttls",
        timeout=settings.smtp_timeout_seconds,
    )


async def deliver_due() -> int:
    """One pass: claim a batch, send each mail, record each outcome; returns how many were claimed."""
    if not settings.smtp_host:
        return 0
    claimed = await anyio.to_thread.run_sync(outbox.claim_due)
    for mail in claimed:
        try:
            await send(mail)
        except (aiosmtplib.SMTPException, OSError) as error:
            log.warning("Mail %s failed (try %d): %s", mail.id, mail.attempts, error)
            await anyio.to_thread.run_sync(outbox.mark_failed, mail, f"{type(error).__name__}: {error}")
        else:
            await anyio.to_thread.run_sync(outbox.mark_sent, mail.id)
    return len(claimed)


async def run_forever() -> None:
    """Drain the outbox until cancelled; a database or SMTP outage only delays mail, it never stops the loop."""
    if not settings.smtp_host:
        log.warning("SMTP_HOST is not set: lead mails stay queued in the outbox until it is")
    while True:
        try:
            if await deliver_due():
                continue
            await asyncio.sleep(IDLE_POLL_SECONDS)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Mail sender pass failed; trying again in %.0f s", ERROR_PAUSE_SECONDS)
            await asyncio.sleep(ERROR_PAUSE_SECONDS)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(run_forever())
