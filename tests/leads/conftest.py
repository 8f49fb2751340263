"""Shared helpers for the lead tests: PDF/DOCX samples, row counting, a fresh DB and rate limiter."""

from __future__ import annotations

import io
import zipfile

import pytest
from sqlalchemy import func
from sqlmodel import select

from marketing_site.leads import antispam, db


def count(model) -> int:
    with db.session() as db_session:
        return db_session.exec(select(func.count()).select_from(model)).one()


def fetch(model, lead_id: int):
    with db.session() as db_session:
        return db_session.get(model, lead_id)


PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"


def docx() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return buffer.getvalue()


@pytest.fixture(autouse=True)
def _fresh_rate_limiter():
    """Each test starts with an empty, generous limiter; tests about the limit install their own."""
    antispam.use_rate_limiter(antispam.MemoryRateLimiter(limit=1_000_000))
    yield
    antispam.use_rate_limiter(None)


@pytest.fixture(autouse=True, scope="session")
def _session_database(database_url):
    """Every lead test talks to the throw-away session database, never to a configured one."""
    return database_url
