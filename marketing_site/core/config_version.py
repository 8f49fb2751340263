"""One counter of what staff configure: who takes leads and how (the rotation, pauses, weights, response times),
demo hosts' zones, hours and days off, accounts' addresses and whether they are active, webhook endpoints.

Database triggers (migration ``i29_config_version``) add one to it in the very transaction that changes any of
those tables, however it is changed: a staff form, a script, psql. What a worker derives from them (working
calendars, the rotation's takers, the endpoints) is kept per process in a ``Cached`` and rebuilt as soon as the
counter moves: every worker of every process, on SQLite and PostgreSQL, routes the next lead by the new rules,
for the price of one primary-key read per transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from sqlalchemy import BigInteger, select
from sqlmodel import Field, Session, SQLModel

from marketing_site.core.columns import table_of

T = TypeVar("T")

# The tables whose changes move the counter, and the columns of an UPDATE that do (empty: any). The migration
# creates one trigger per table and change from this list as it stood then; tests/core check it still holds.
WATCHED: dict[str, tuple[str, ...]] = {
    "lead_taker": (),
    "lead_routing_rules": (),
    "demo_host": (),
    "demo_working_hours": (),
    "demo_day_off": (),
    "staff_user": ("email", "active", "role"),
    "webhook_endpoint": (),
}
_SEEN = "config_version"  # db_session.info key: (transaction, version) the transaction read


class ConfigVersion(SQLModel, table=True):
    """The one row (id 1) the triggers count changes in."""

    __tablename__ = "config_version"

    id: int = Field(default=1, primary_key=True)
    version: int = Field(default=0, sa_type=BigInteger)


_COUNTER = table_of(ConfigVersion).c
_READ = select(_COUNTER.version).where(_COUNTER.id == 1)  # the Core table's: half the CPU of the ORM's attributes


def current(db_session: Session) -> int:
    """The counter as the session's transaction sees it, read once per transaction."""
    seen = db_session.info.get(_SEEN)
    if seen is not None and seen[0] is db_session.get_transaction():
        return int(seen[1])
    version = int(db_session.execute(_READ).scalar_one())
    db_session.info[_SEEN] = (db_session.get_transaction(), version)
    return version


class Cached(Generic[T]):
    """A value derived from the configuration, built once per process and counter value.

    Built from reads made after the counter's, so it is never older than the counter says (on PostgreSQL it may
    be newer, which a later counter value then rebuilds anyway). Two threads may build it at once: both results
    are right, the later one stays."""

    def __init__(self, build: Callable[[Session], T]) -> None:
        self._build = build
        self._held: tuple[int, T] | None = None

    def builds_with(self, build: Callable[[Session], T]) -> bool:
        return self._build is build

    def get(self, db_session: Session) -> T:
        version = current(db_session)
        held = self._held
        if held is not None and held[0] == version:
            return held[1]
        value = self._build(db_session)
        self._held = (version, value)
        return value
