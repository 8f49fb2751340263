"""Database sessions for staff work: the app's engine, with a deadline of their own.

A page's database work gets a submission's deadline (DATABASE_SUBMIT_TIMEOUT, 3 s): far above what the inbox
needs (about 0.1 s at 100,000 leads), short enough that a database that hangs is answered with the outage page
(web/outage_page.py) within 5 s. The CSV export and the retention rule, which read or delete many rows, get
BULK_WORK_SECONDS.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from sqlmodel import Session

from marketing_site.core import db, deadline

BULK_WORK_SECONDS = 30.0


@contextmanager
def _staff_deadline(seconds: float | None) -> Iterator[None]:
    token = deadline.current.set(time.monotonic() + (seconds or db.limits().submit_timeout))
    try:
        yield
    finally:
        deadline.current.reset(token)


@contextmanager
def staff_session(seconds: float | None = None) -> Iterator[Session]:
    with _staff_deadline(seconds), db.session() as db_session:
        yield db_session


@contextmanager
def staff_write_session(seconds: float | None = None) -> Iterator[Session]:
    with _staff_deadline(seconds), db.write_session() as db_session:
        yield db_session
