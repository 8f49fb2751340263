"""Standard Webhooks signatures through the maintained ``standardwebhooks`` package: ``webhook-id``,
``webhook-timestamp`` and ``webhook-signature`` (``v1,`` + base64 HMAC-SHA256 of ``id.timestamp.body``,
one per secret during a rotation, space-separated)."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence
from datetime import datetime

from standardwebhooks.webhooks import Webhook

SECRET_BYTES = 24  # 192-bit keys; the specification asks for 24 to 64


def new_secret() -> str:
    return "whsec_" + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode("ascii")


def masked(secret: str) -> str:
    """What the staff area shows of a secret after it was shown once."""
    return f"whsec_…{secret[-4:]}"


def headers(message_id: str, sent_at: datetime, body: str, signing_secrets: Sequence[str]) -> dict[str, str]:
    """The headers of one attempt (``sent_at`` in UTC: each attempt is signed at its own time)."""
    signatures = " ".join(Webhook(secret).sign(message_id, sent_at, body) for secret in signing_secrets)
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(int(sent_at.timestamp())),
        "webhook-signature": signatures,
        "content-type": "application/json",
    }
