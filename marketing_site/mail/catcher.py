"""A mail catcher for development: an SMTP server on loopback that prints every mail it receives.

``make mail-catcher`` (or ``python -m marketing_site.mail.catcher --port 1025``), then start the site
with ``SMTP_HOST=127.0.0.1 SMTP_PORT=1025 SMTP_SECURITY=none make run`` to watch lead mails arrive.
"""

from __future__ import annotations

import argparse
import email
import email.message
import email.policy
import ssl
import time
from typing import cast

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session


def parsed(envelope: Envelope) -> email.message.EmailMessage:
    """The mail an aiosmtpd envelope carries, as a modern EmailMessage (get_body, header access)."""
    content = cast(bytes, envelope.content)  # bytes, as the Controller keeps decode_data off; typed for either
    return email.message_from_bytes(content, policy=email.policy.default)


class PrintingHandler:
    async def handle_DATA(self, _server: SMTP, _session: Session, envelope: Envelope) -> str:
        received = parsed(envelope)
        text = received.get_body(preferencelist=("plain",))
        print(
            f"--- mail to {', '.join(envelope.rcpt_tos)}: {received['Subject']} ({received['Message-ID']})",
            text.get_content() if text is not None else "",
            sep="\n",
            flush=True,
        )
        return "250 Message accepted"


def start(handler: object, port: int, tls_context: ssl.SSLContext | None = None) -> Controller:
    """A running SMTP server on 127.0.0.1:``port`` (aiosmtpd refuses port 0: pick a free one first); with
    ``tls_context`` it requires STARTTLS before a mail, as a production relay does."""
    controller = Controller(
        handler, hostname="127.0.0.1", port=port, tls_context=tls_context, require_starttls=tls_context is not None
    )
    controller.start()
    return controller


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=1025)
    port = parser.parse_args().port
    controller = start(PrintingHandler(), port)
    print(
        f"Catching mail on 127.0.0.1:{port}; run the site with "
        f"SMTP_HOST=127.0.0.1 SMTP_PORT={port} SMTP_SECURITY=none. Ctrl-C stops.",
        flush=True,
    )
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        controller.stop()


if __name__ == "__main__":
    main()
