"""The database's own plan for an outbox claim: the statement a sender's ``claim_due`` really ran, with its
parameters, explained. On PostgreSQL a small table's plan is a guess, so sorting is forbidden for the
explanation: a plan without a Sort shows that an index serves the claim's order."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import event

from marketing_site.core import db


def claim_plan(claim: Callable[[], object], table: str) -> str:
    """The plan of the ``UPDATE table`` that ``claim()`` runs, its lines joined by spaces."""
    statements: list[tuple[str, object]] = []

    def seen(_connection, _cursor, statement, parameters, _context, _many) -> None:
        if statement.lstrip().upper().startswith(f"UPDATE {table.upper()}"):
            statements.append((statement, parameters))

    engine = db.get_engine()
    event.listen(engine, "before_cursor_execute", seen)
    try:
        claim()
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    ((statement, parameters),) = statements
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            rows = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
            plan = " ".join(row[-1] for row in rows)
        else:
            connection.exec_driver_sql("SET LOCAL enable_sort = off")
            plan = " ".join(row[0] for row in connection.exec_driver_sql(f"EXPLAIN {statement}", parameters))
        connection.rollback()
    return plan
