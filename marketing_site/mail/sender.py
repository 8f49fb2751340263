"""Deliver the outbox over SMTP, one pass at a time (``deliver_due``), run by the background loops
(``marketing_site.background``) of every backend worker or of their own process. Several senders at once
are safe: each row is claimed by one (see ``outbox``). With no SMTP_HOST nothing is claimed and every
mail waits, queued, for one to be configured.
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
    """One pass: claim a batch, send it, record the outcomes; returns how many were claimed.

    Different recipients' mails go out at once; one recipient's go one after another in the order they
    were queued, so a visitor never reads "cancelled" before "moved"."""
    if not settings.smtp_host:
        return 0
    claimed = await anyio.to_thread.run_sync(outbox.claim_due)
    if claimed:
        by_recipient: dict[str, list[ClaimedMail]] = {}
        for mail in claimed:
            by_recipient.setdefault(mail.recipient.lower(), []).append(mail)
        outcomes = await asyncio.gather(*(_attempt_in_order(mails) for mails in by_recipient.values()))
        await anyio.to_thread.run_sync(outbox.record, [outcome for group in outcomes for outcome in group])
    return len(claimed)


async def _attempt_in_order(mails: list[ClaimedMail]) -> list[tuple[ClaimedMail, str | None]]:
    return [(mail, await _attempt(mail)) for mail in sorted(mails, key=lambda mail: mail.id)]


async def _attempt(mail: ClaimedMail) -> str | None:
    """None once the SMTP server accepted the mail, else what went wrong."""
    try:
        await send(mail)
    except (aiosmtplib.SMTPException, OSError) as error:
        # The error's kind only: an SMTP refusal's text names the recipient (the mail's row keeps it for staff).
        log.warning("Mail %s failed (try %d): %s", mail.id, mail.attempts, type(error).__name__)
        return f"{type(error).__name__}: {error}"
    return None
