"""Read stored leads back from the session database, as the lead tests check them."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import select

from marketing_site.leads import db


def count(model) -> int:
    with db.session() as db_session:
        return db_session.exec(select(func.count()).select_from(model)).one()


def fetch(model, lead_id: int):
    with db.session() as db_session:
        return db_session.get(model, lead_id)
