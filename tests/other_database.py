"""Seed a running stack's own database from the test process (hosts and rules for the booking tests on
tests/topology and tests/faults), then point the process back at the session database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from marketing_site.core import db


@contextmanager
def this_process_on(database_url: str, session_database: str) -> Iterator[None]:
    db.configure_engine(database_url)
    try:
        yield
    finally:
        db.configure_engine(session_database)
