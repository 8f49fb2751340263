"""Deliver the outbox over SMTP, one pass at a time (``deliver_due``), run by the background loops
(``marketing_site.background``) of every backend worker or of their own process. Several senders at once
are safe: each row is claimed by one (see ``outbox``). With no SMTP_HOST nothing is claimed and every
mail waits, queued, for one to be configured.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import ssl
import time
from email.utils import parseaddr
from functools import cache

import aiosmtplib
import anyio

from marketing_site.mail import outbox
from marketing_site.mail.outbox import ClaimedMail
from marketing_site.mail.wire import wire
from marketing_site.settings import settings

log = logging.getLogger(__name__)


CONNECTIONS = 4  # SMTP connections one pass uses at most (a batch's recipients share them)
KEEP_SECONDS = 30.0  # an idle connection waits this long for the next pass (servers allow five minutes)
# The server answered this mail with a refusal: the connection itself is fine for the next one.
_MAIL_REFUSED = (aiosmtplib.SMTPRecipientsRefused, aiosmtplib.SMTPResponseException)


@cache
def _tls() -> ssl.SSLContext:
    """The system's trust store (as aiosmtplib's own default, SSL_CERT_FILE included), built once per process:
    building one costs about 20 ms of CPU, which every connection paid before."""
    return ssl.create_default_context()


async def _local_hostname() -> str:
    """This machine's name for EHLO, looked up once (aiosmtplib asks the resolver on every connection)."""
    global _hostname
    if _hostname is None:
        _hostname = await anyio.to_thread.run_sync(socket.getfqdn)
    return _hostname


_hostname: str | None = None


async def _connect() -> aiosmtplib.SMTP:
    tls = settings.smtp_security in ("tls", "starttls")
    connection = aiosmtplib.SMTP(
        hostname=settings.smtp_host,
        port=settings.smtp_port,
        username=settings.smtp_username or None,
        password=settings.smtp_password or None,
        use_tls=settings.smtp_security == "tls",
        start_tls=settings.smtp_security == "starttls",
        tls_context=_tls() if tls else None,
        local_hostname=await _local_hostname(),
        timeout=settings.smtp_timeout_seconds,
    )
    try:
        await connection.connect()
    except BaseException:
        connection.close()  # connected but refused (its greeting, the login): the socket goes
        raise
    return connection


async def deliver_due() -> int:
    """One pass: claim a batch (its messages built in the claim's thread, off the event loop), send it, record
    the outcomes; returns how many were claimed.

    The batch shares at most CONNECTIONS connections, kept open for the next pass (a connection, with its
    STARTTLS and login, costs more CPU than the mails it carries). One recipient's mails about one lead go one
    after another on one connection in the order they were queued, so a visitor never reads "cancelled" before
    "moved"; mails about different leads (the shared address gets one of every lead) go side by side."""
    if not settings.smtp_host:
        return 0
    claimed = await anyio.to_thread.run_sync(_claim_and_build)
    if claimed:
        in_order: dict[tuple[str, int | None], list[tuple[ClaimedMail, bytes]]] = {}
        for mail, built in claimed:
            in_order.setdefault((mail.recipient.lower(), mail.lead_id), []).append((mail, built))
        groups = [sorted(group, key=lambda pair: pair[0].id) for group in in_order.values()]
        lanes = [groups[lane::CONNECTIONS] for lane in range(min(CONNECTIONS, len(groups)))]
        outcomes = await asyncio.gather(*(_send_lane([pair for group in lane for pair in group]) for lane in lanes))
        await anyio.to_thread.run_sync(outbox.record, [outcome for lane in outcomes for outcome in lane])
    return len(claimed)


def _claim_and_build() -> list[tuple[ClaimedMail, bytes]]:
    return [(mail, wire(mail)) for mail in outbox.claim_due()]


async def _send_lane(mails: list[tuple[ClaimedMail, bytes]]) -> list[tuple[ClaimedMail, str | None]]:
    """Send ``mails`` one after another over one connection (one kept from an earlier pass, or a new one); None
    for each the server accepted, else what went wrong. A refused mail leaves the connection open for the next;
    a connection that fails (refused, dropped, timed out) fails the rest of the lane too, tried again after the
    back-off, so a lane never outlasts the claim's lease; a kept one the server has dropped meanwhile is
    replaced once."""
    outcomes: list[tuple[ClaimedMail, str | None]] = []
    sender = parseaddr(settings.mail_from)[1]
    connection, kept = _kept.take()
    number = 0
    while number < len(mails):
        mail, built = mails[number]
        try:
            connection = connection or await _connect()
            await connection.sendmail(sender, [mail.recipient], built)
        except _MAIL_REFUSED as refused:
            if connection is None:  # the server refused the connection itself (its greeting, the login)
                return outcomes + _rest_failed(mails[number:], refused)
            outcomes.append((mail, _failed(mail, refused)))
        except (aiosmtplib.SMTPException, OSError) as broken:
            if connection is not None:
                connection.close()  # not QUIT: a server that timed out would be waited for again
                connection = None
            if kept:  # dropped while it waited between passes: this mail again, on a new connection
                kept = False
                continue
            return outcomes + _rest_failed(mails[number:], broken)
        else:
            outcomes.append((mail, None))
        kept, number = False, number + 1
    if connection is not None:
        _kept.give_back(connection)
    return outcomes


class _KeptConnections:
    """Connections a pass leaves open for the next (this event loop's, to the server configured now): a busy
    sender then pays for a connection, its STARTTLS and login once, not once per pass; one idle for
    KEEP_SECONDS is closed when next looked at."""

    def __init__(self) -> None:
        self._idle: list[tuple[aiosmtplib.SMTP, tuple[object, ...], float]] = []
        self._loop: asyncio.AbstractEventLoop | None = None

    def _server(self) -> tuple[object, ...]:
        return (settings.smtp_host, settings.smtp_port, settings.smtp_security, settings.smtp_username)

    def take(self) -> tuple[aiosmtplib.SMTP | None, bool]:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # another loop's connections cannot be used (nor closed) from this one
            self._idle, self._loop = [], loop
        while self._idle:
            connection, server, since = self._idle.pop()
            if server == self._server() and time.monotonic() - since < KEEP_SECONDS and connection.is_connected:
                return connection, True
            connection.close()
        return None, False

    def give_back(self, connection: aiosmtplib.SMTP) -> None:
        if len(self._idle) < CONNECTIONS and connection.is_connected:
            self._idle.append((connection, self._server(), time.monotonic()))
        else:
            connection.close()


_kept = _KeptConnections()


def _rest_failed(mails: list[tuple[ClaimedMail, bytes]], error: Exception) -> list[tuple[ClaimedMail, str | None]]:
    text = _failed(mails[0][0], error)
    return [(mail, text) for mail, _ in mails]


def _failed(mail: ClaimedMail, error: Exception) -> str:
    # The error's kind only: an SMTP refusal's text names the recipient (the mail's row keeps it for staff).
    log.warning("Mail %s failed (try %d): %s", mail.id, mail.attempts, type(error).__name__)
    return f"{type(error).__name__}: {error}"
