"""An outbox mail as the bytes an SMTP server receives: multipart/alternative with its text, HTML and (a demo's
invitation) calendar parts, UTF-8, lines ended by CRLF.

Written out directly rather than through ``email.message.EmailMessage``: building and flattening one of those
(header parsing, the generator's boundary search) cost about 1.2 ms of CPU per mail, in the process that also
answers requests, for a structure that never varies. It keeps the email package's choices: headers folded by
its SMTP policy (a subject that is not ASCII in RFC 2047 encoded words, see ``_WireFormat``), each body 7bit or
8bit while every line fits 78 characters, else quoted-printable or base64, whichever is shorter
(``tests/mail/test_wire_format.py`` reads both back the same).
"""

from __future__ import annotations

import base64
import uuid
from email import quoprimime
from email.header import Header
from email.policy import EmailPolicy
from email.utils import formatdate
from functools import lru_cache

from marketing_site.mail.outbox import ClaimedMail
from marketing_site.settings import settings

CRLF = b"\r\n"
MAX_LINE = 78  # the email package's max_line_length


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


def wire(mail: ClaimedMail) -> bytes:
    boundary = f"=_{uuid.uuid4().hex[:16]}".encode("ascii")  # random: no body line starts with it
    parts = [(b'text/plain; charset="utf-8"', mail.text_body), (b'text/html; charset="utf-8"', mail.html_body)]
    if mail.calendar_body:
        # A third alternative, as calendar clients expect an invitation (RFC 6047): text/calendar; method=…
        method = mail.calendar_method.encode("ascii")
        parts.append((b'text/calendar; charset="utf-8"; method="' + method + b'"', mail.calendar_body))
    head = [
        _sender_header(settings.mail_from),
        _address_header("To", mail.recipient),
        WIRE_FORMAT.fold_binary("Subject", mail.subject),
        WIRE_FORMAT.fold_binary("Message-ID", mail.message_id),
        WIRE_FORMAT.fold_binary("Date", formatdate(localtime=False)),
        b"MIME-Version: 1.0\r\n",
        b'Content-Type: multipart/alternative; boundary="' + boundary + b'"\r\n',
    ]
    body = []
    for content_type, text in parts:
        encoding, encoded = _encoded(text)
        body += [b"--" + boundary, b"Content-Type: " + content_type, b"Content-Transfer-Encoding: " + encoding, b""]
        body.append(encoded)
    body.append(b"--" + boundary + b"--")  # the CRLF before a delimiter is the delimiter's (RFC 2046, 5.1.1)
    return b"".join(head) + CRLF + CRLF.join(body) + CRLF


@lru_cache(maxsize=4)
def _sender_header(value: str) -> bytes:
    """From, parsed once: the same on every mail."""
    return _parsed_header("From", value)


def _address_header(name: str, value: str) -> bytes:
    return WIRE_FORMAT.fold_binary(name, value) if value.isascii() else _parsed_header(name, value)


def _parsed_header(name: str, value: str) -> bytes:
    """An address header as the email package writes it (a name that is not ASCII in encoded words)."""
    folded: str = WIRE_FORMAT.header_factory(name, value).fold(policy=WIRE_FORMAT)
    return folded.encode("ascii")


def _encoded(text: str) -> tuple[bytes, bytes]:
    """(Content-Transfer-Encoding, the body in it, ending with CRLF)."""
    raw = text.encode("utf-8")
    lines = raw.splitlines()
    if max((len(line) for line in lines), default=0) <= MAX_LINE:
        plain = CRLF.join(lines) + CRLF
        return (b"7bit" if plain.isascii() else b"8bit"), plain
    quoted = quoprimime.body_encode((b"\n".join(lines) + b"\n").decode("latin-1"), MAX_LINE, eol="\r\n")
    based = base64.encodebytes(b"\n".join(lines) + b"\n").replace(b"\n", CRLF)  # LF inside, as email does
    if len(quoted) <= len(based):
        return b"quoted-printable", quoted.encode("ascii") + (b"" if quoted.endswith("\r\n") else CRLF)
    return b"base64", based
