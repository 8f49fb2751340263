"""Reading a lead API body: a JSON object, or BadBody with a message saying what is wrong with it."""

from __future__ import annotations

import json
from typing import Any

from marketing_site.content.messages import message

MAX_NUMBER_DIGITS = 100  # far above any number a lead holds (a phone number has at most 15 digits)


class BadBody(Exception):
    """A body that is not a JSON object the service can read; the message says why."""


def parse_object(body: bytes) -> dict[str, Any]:
    try:
        payload = json.loads(body, parse_int=_bounded_int)
    except BadBody:
        raise
    except (ValueError, RecursionError):  # bad JSON or UTF-8, absurd nesting
        raise BadBody(message("api.not_an_object")) from None
    if not isinstance(payload, dict):
        raise BadBody(message("api.not_an_object"))
    return payload


def _bounded_int(digits: str) -> int:
    """Python refuses to read integers over 4,300 digits; name the problem instead of "not an object"."""
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise BadBody(message("api.number_too_long", limit=MAX_NUMBER_DIGITS))
    return int(digits)
