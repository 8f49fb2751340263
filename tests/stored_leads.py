"""Read stored leads back, as the lead, state and browser tests check them (never mocked).

Each helper reads the configured engine (the session database) unless handed another one (the
served site's database in the browser tests).
"""

from __future__ import annotations

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from marketing_site.core import db
from marketing_site.leads.models import Lead, LeadModule, LeadResponsibility, LeadResume
from marketing_site.leads.schemas import LeadKind


def _session(engine: Engine | None) -> Session:
    return Session(engine or db.get_engine(), expire_on_commit=False)


def count(kind: LeadKind) -> int:
    with _session(None) as session:
        return session.exec(select(func.count()).select_from(Lead).where(Lead.kind == kind.value)).one()


def fetch(lead_id: int) -> Lead:
    with _session(None) as session:
        return session.get(Lead, lead_id)


def leads_for(email: str, kind: LeadKind, engine: Engine | None = None) -> list[Lead]:
    """The leads of ``kind`` stored for ``email`` (each test uses its own address)."""
    with _session(engine) as session:
        return list(session.exec(select(Lead).where(Lead.email == email, Lead.kind == kind.value)))


def ticked(lead_id: int, engine: Engine | None = None) -> tuple[set[str], set[str]]:
    """The modules and the responsibilities stored for one lead."""
    with _session(engine) as session:
        modules = session.exec(select(LeadModule.module).where(LeadModule.lead_id == lead_id))
        duties = session.exec(select(LeadResponsibility.responsibility).where(LeadResponsibility.lead_id == lead_id))
        return set(modules), set(duties)


def resume_of(lead_id: int, engine: Engine | None = None) -> LeadResume | None:
    """The résumé stored with a lead (its bytes in the database), or None."""
    with _session(engine) as session:
        return session.get(LeadResume, lead_id)


def resume_count() -> int:
    with _session(None) as session:
        return session.exec(select(func.count()).select_from(LeadResume)).one()
