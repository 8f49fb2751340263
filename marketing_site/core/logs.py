"""The app's log lines: one JSON object per record in production (LOG_FORMAT=json), plain text otherwise.

Every record carries the request id (the X-Request-ID nginx sends, else one made here: web/request_id.py)
and, once the request has stored or named a lead, its lead id, read from context variables, so the lines of
one request, or of one lead, can be found among both backends' output. Log messages name leads, mails and
bookings by id only; a visitor's name, e-mail, phone or address never goes in one (the database engines
hide SQL parameters from error messages for the same reason). Reflex's own records are JSON with
REFLEX_LOG_JSON=1; both end up on the backend's output, one line each.
"""

from __future__ import annotations

import logging
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter

from marketing_site.settings import settings

request_id: ContextVar[str] = ContextVar("request_id", default="")
lead_id: ContextVar[int | None] = ContextVar("lead_id", default=None)
_in_event: ContextVar[bool] = ContextVar("in_event", default=False)  # set by event_log_context
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s%(ids)s: %(message)s"
JSON_FIELDS = ("levelname", "name", "message", "process")  # and "timestamp": ISO 8601, UTC
RENAMED = {"levelname": "level", "name": "logger", "process": "pid", "exc_info": "exception"}  # Reflex's names


class RequestIds(logging.Filter):
    """Puts the current request id and lead id on every record (JSON fields; text: `[request lead]`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        ids = {"request_id": request_id.get() or None, "lead_id": lead_id.get()}
        record.__dict__.update(ids)
        shown = " ".join(str(value) for value in ids.values() if value)
        record.ids = f" [{shown}]" if shown else ""
        return True


class _Json(JsonFormatter):
    def add_fields(self, log_data: dict, record: logging.LogRecord, message_dict: dict) -> None:  # type: ignore[type-arg]
        super().add_fields(log_data, record, message_dict)
        log_data.pop("ids", None)
        for name in ("request_id", "lead_id"):
            if log_data.get(name) is None:
                log_data.pop(name, None)


def formatter(json_lines: bool) -> logging.Formatter:
    if not json_lines:
        return logging.Formatter(TEXT_FORMAT)
    return _Json(
        list(JSON_FIELDS),
        rename_fields=RENAMED,
        timestamp=True,
        reserved_attrs=[name for name in logging.LogRecord("", 0, "", 0, "", (), None).__dict__ if name != "ids"]
        + ["taskName", "message", "asctime"],
    )


def configure_logging() -> None:
    """Once per process: INFO and above of the app's loggers (and any library propagating to the root) on
    standard error, in LOG_FORMAT."""
    root = logging.getLogger()
    if any(isinstance(handler, _SiteHandler) for handler in root.handlers):
        return
    handler = _SiteHandler(sys.stderr)
    handler.addFilter(RequestIds())
    handler.setFormatter(formatter(settings.log_format == "json"))
    root.addHandler(handler)
    logging.getLogger("marketing_site").setLevel(logging.INFO)


class _SiteHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler configure_logging adds (found again by its class, so it is added once)."""


def new_request_id() -> str:
    return uuid.uuid4().hex


@contextmanager
def log_context(request: str | None = None) -> Iterator[None]:
    """The block's records carry ``request`` (a new id if None) and no lead id until one is named."""
    tokens = (request_id.set(request or new_request_id()), lead_id.set(None))
    try:
        yield
    finally:
        request_id.reset(tokens[0])
        lead_id.reset(tokens[1])


@contextmanager
def event_log_context() -> Iterator[None]:
    """A websocket event's records share one id of their own (an event is no HTTP request): the first block to
    ask opens it (the state manager taking the visitor's state, web/state_fallback.py, or else the form's
    handler, state/lead_form.py), and a block inside it joins it."""
    if _in_event.get():
        yield
        return
    with log_context():
        opened = _in_event.set(True)
        try:
            yield
        finally:
            _in_event.reset(opened)


def name_lead(lead: int) -> None:
    """From here on this request's records name the lead it stored or works on."""
    lead_id.set(lead)
