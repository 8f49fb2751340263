"""An SMTP server for benchmarks, in a process of its own: it accepts every mail and writes one JSON line
per mail (recipients, the time it was accepted, the staff-area lead id its text links to) to a file.

    python -m scripts.harness.smtp_recorder --port 8025 --log mails.jsonl     (prints "ready")

``--tls-cert`` and ``--tls-key`` (PEM files): STARTTLS is required before a mail, as a production relay does.
"""

from __future__ import annotations

import argparse
import json
import re
import ssl
import time
from pathlib import Path

from marketing_site.mail import catcher

LEAD_LINK = re.compile(rb"/admin/leads/(\d+)")


class Recorder:
    def __init__(self, log: Path) -> None:
        self.log = log

    async def handle_DATA(self, _server, _session, envelope) -> str:
        accepted = time.time()
        found = LEAD_LINK.search(envelope.content)
        with self.log.open("a") as lines:
            lines.write(
                json.dumps({"to": envelope.rcpt_tos, "at": accepted, "lead": int(found[1]) if found else None}) + "\n"
            )
        return "250 Message accepted"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--tls-cert", type=Path)
    parser.add_argument("--tls-key", type=Path)
    options = parser.parse_args()
    tls = None
    if options.tls_cert:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(options.tls_cert, options.tls_key)
    catcher.start(Recorder(options.log), options.port, tls)
    print("ready", flush=True)
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
