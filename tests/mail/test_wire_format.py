"""The outbox's wire format, written out directly (``mail.wire``), reads back exactly as the email package's own
message of the same mail: every header, every part's type, parameters and decoded text."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage

import pytest

from marketing_site.mail import wire
from marketing_site.mail.outbox import ClaimedMail

ARABIC = "مرحبا، لقد تلقينا طلبك لمشاهدة العرض التوضيحي لنظام ستيودنت سمارت"
CALENDAR = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:demo-1@bench\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
MAILS = {
    "ascii": ClaimedMail(
        1, "amina@school.example", "New demo request: Amina", "Hello\n\nBye\n", "<p>Hi</p>\n", "<1@x>", 1
    ),
    "arabic": ClaimedMail(
        2, "ali@school.example", "لمشاهدة العرض", f"{ARABIC}\n" * 3, f"<p dir='rtl'>{ARABIC}</p>\n", "<2@x>", 1
    ),
    "long lines": ClaimedMail(
        3, "a@b.example", "x" * 120, "word " * 60 + "\n", "<p>" + "<b>x</b>=" * 80 + "</p>", "<3@x>", 2
    ),
    "long arabic lines": ClaimedMail(
        4, "a@b.example", f"طلب جديد: \u2068{ARABIC}\u2069", ARABIC * 4, ARABIC * 5 + "\n", "<4@x>", 1
    ),
    "invitation": ClaimedMail(
        5, "host@vendor.example", "Demo booked", "See you\n", "<p>See you</p>", "<5@x>", 1, CALENDAR, "REQUEST"
    ),
    "empty html": ClaimedMail(6, "a@b.example", "Subject", "", "", "<6@x>", 1),
}


def reference(mail: ClaimedMail, sender: str) -> bytes:
    """The same mail built by the email package, as the sender built it until the wire format was written out."""
    built = EmailMessage()
    built["From"] = sender
    built["To"] = mail.recipient
    built["Subject"] = mail.subject
    built["Message-ID"] = mail.message_id
    built["Date"] = "Sun, 29 Nov 2026 04:00:54 -0000"
    built.set_content(mail.text_body)
    built.add_alternative(mail.html_body, subtype="html")
    if mail.calendar_body:
        built.add_alternative(mail.calendar_body, subtype="calendar", params={"method": mail.calendar_method})
    return built.as_bytes(policy=wire.WIRE_FORMAT)


def read(raw: bytes) -> dict:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    headers = {name: str(message[name]) for name in ("From", "To", "Subject", "Message-ID", "MIME-Version")}
    parts = [
        (part.get_content_type(), dict(part.get_params() or []), part.get_content()) for part in message.iter_parts()
    ]
    return {"headers": headers, "type": message.get_content_type(), "parts": parts, "defects": message.defects}


@pytest.mark.parametrize("sender", ["Smart School Suite <no-reply@localhost>", "مدرسة ذكية <no-reply@school.example>"])
@pytest.mark.parametrize("name", MAILS)
def test_the_wire_format_reads_back_as_the_email_packages_message(name, sender, monkeypatch):
    monkeypatch.setattr(wire, "settings", wire.settings.model_copy(update={"mail_from": sender}))
    mail = MAILS[name]
    written = wire.wire(mail)
    assert read(written) == read(reference(mail, sender))
    assert all(len(line) <= 998 for line in written.split(b"\r\n")), "RFC 5322's line limit"
    assert b"\n" not in written.replace(b"\r\n", b""), "every line ends with CRLF"
