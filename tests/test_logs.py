"""The app's log lines (core/logs.py): one JSON object per record with the request and lead ids, plain text in
development, and the ids kept on lines written by other threads for the request (the database watchdog)."""

from __future__ import annotations

import json
import logging
import socket
import time
from types import SimpleNamespace

from marketing_site.core.deadline import Watchdog
from marketing_site.core.logs import RequestIds, event_log_context, formatter, log_context, name_lead, request_id


def _record(message: str) -> logging.LogRecord:
    record = logging.LogRecord("marketing_site.leads.service", logging.INFO, __file__, 1, message, (), None)
    RequestIds().filter(record)
    return record


def test_a_json_line_names_the_request_and_the_lead_and_a_text_line_shows_both():
    with log_context("0123abcd"):
        name_lead(42)
        record = _record("Stored a ProductVideo lead")
    line = json.loads(formatter(json_lines=True).format(record))
    assert (line["request_id"], line["lead_id"], line["level"], line["logger"]) == (
        "0123abcd",
        42,
        "INFO",
        "marketing_site.leads.service",
    )
    assert line["message"] == "Stored a ProductVideo lead" and line["timestamp"].endswith("+00:00")
    assert "[0123abcd 42]: Stored a ProductVideo lead" in formatter(json_lines=False).format(record)
    assert "request_id" not in json.loads(formatter(json_lines=True).format(_record("outside any request")))


def test_the_database_watchdog_logs_its_cut_under_the_submissions_request_id(caplog):
    caplog.handler.addFilter(RequestIds())
    ours, theirs = socket.socketpair()
    connection = SimpleNamespace(closed=False, pgconn=SimpleNamespace(socket=ours.fileno()))
    with log_context("cut-request"):
        Watchdog().watch(connection, time.monotonic())
    deadline = time.monotonic() + 5
    while not caplog.records and time.monotonic() < deadline:
        time.sleep(0.01)
    [record] = caplog.records
    assert record.getMessage().startswith("Cut a database connection") and record.request_id == "cut-request"
    ours.close()
    theirs.close()


def test_an_events_lines_share_one_id_of_their_own_and_the_next_event_gets_another():
    """The state manager opens the event's context; the form's handler inside it joins it (the fallback's warning
    and the stored lead's line match); an event outside any request gets an id, not the connection's."""
    ids = []
    with log_context("connection"):
        for _event in range(2):
            with event_log_context():
                outer = request_id.get()
                name_lead(7)
                with event_log_context():
                    ids.append((outer, request_id.get(), _record("stored").lead_id))
        assert request_id.get() == "connection"
    (first, joined_first, lead), (second, joined_second, _lead) = ids
    assert first == joined_first and second == joined_second and lead == 7
    assert len({first, second, "connection"}) == 3
