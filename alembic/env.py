"""Run migrations against settings.database_url (or ``-x db_url=...``) with the lead tables' metadata.

On PostgreSQL every migration waits at most LOCK_TIMEOUT (``-x lock_timeout=10s`` to change it) for a
table's lock. A migration that needs a lock held by a long transaction then fails fast and can be run
again, instead of queueing behind it while every request for that table queues behind the migration
(docs/deployment.md, releases without downtime). The offline script (``--sql``) sets it too.
"""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from marketing_site.core import db
from marketing_site.settings import settings
from marketing_site.tables import METADATA

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logging", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = METADATA
LOCK_TIMEOUT = "5s"


def database_url() -> str:
    return db.normalise_url(context.get_x_argument(as_dictionary=True).get("db_url") or settings.database_url)


def lock_timeout_statement() -> str:
    seconds = context.get_x_argument(as_dictionary=True).get("lock_timeout") or LOCK_TIMEOUT
    if not seconds.rstrip("ms").isdigit():
        raise ValueError(f"lock_timeout must be like 5s or 500ms, not {seconds!r}")
    return f"SET lock_timeout = '{seconds}'"


def run_offline() -> None:
    url = database_url()
    context.configure(
        url=url, target_metadata=target_metadata, literal_binds=True, render_as_batch=url.startswith("sqlite")
    )
    with context.begin_transaction():
        if url.startswith("postgresql"):
            context.execute(lock_timeout_statement())
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:  # handed in by a caller (tests) that owns the connection
        _run(connection)
        return
    engine = db.build_engine(database_url())
    try:
        with engine.connect() as owned:
            _run(owned)
    finally:
        engine.dispose()


def _run(connection) -> None:
    context.configure(
        connection=connection, target_metadata=target_metadata, render_as_batch=connection.dialect.name == "sqlite"
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(lock_timeout_statement())
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
