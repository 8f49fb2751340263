"""Database sessions for staff work: the app's engine, with a longer deadline than a visitor's submission
(an inbox page or an export reads far more than a lead write)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from sqlmodel import Session

from marketing_site.core import db, deadline

STAFF_WORK_SECONDS = 30.0


@contextmanager
def _staff_deadline() -> Iterator[None]:
    token = deadline.current.set(time.monotonic() + STAFF_WORK_SECONDS)
    try:
        yield
    finally:
        deadline.current.reset(token)


@contextmanager
def staff_session() -> Iterator[Session]:
    with _staff_deadline(), db.session() as db_session:
        yield db_session


@contextmanager
def staff_write_session() -> Iterator[Session]:
    with _staff_deadline(), db.write_session() as db_session:
        yield db_session
