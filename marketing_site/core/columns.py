"""Column helpers every table module shares, so a timestamp is timezone-aware and an optional text
column is NULL (never asked) rather than "" (left empty) on both databases."""

from __future__ import annotations

from functools import cache
from typing import Any, Protocol, cast

from annotated_types import MaxLen
from sqlalchemy import DateTime, Table, inspect
from sqlmodel import Field, SQLModel


# The two column helpers run once, when the table classes are defined at import, where mutmut cannot
# switch a mutant on (docs/testing.md); the migration and validation tests catch a change to them.
def timestamp(**kwargs: Any) -> Any:  # pragma: no mutate block
    """Timezone-aware column, so PostgreSQL and SQLite both keep UTC explicit."""
    return Field(sa_type=DateTime(timezone=True), **kwargs)


def optional(max_length: int, **kwargs: Any) -> Any:  # pragma: no mutate block
    """A column only some kinds ask for: NULL where the kind never asks."""
    return Field(default=None, max_length=max_length, nullable=True, **kwargs)


def max_length(model: type[SQLModel], column: str) -> int:
    """The column's declared limit: the one source for every cut and check of text stored in it."""
    for rule in model.model_fields[column].metadata:
        if isinstance(rule, MaxLen):
            return rule.max_length
    raise LookupError(f"{model.__name__}.{column} declares no max_length")


@cache
def table_of(model: type[SQLModel]) -> Table:
    """The model's Core table, for the plain INSERTs that skip the ORM's per-object work.

    SQLModel sets ``__table__`` without declaring it, and SQLAlchemy types a mapper's table as any
    FROM clause; a table model maps exactly one ``Table``."""
    return cast(Table, inspect(model).local_table)


class _Keyed(Protocol):
    @property
    def id(self) -> int | None: ...  # read-only: a row whose id is already known (int) passes too


def stored_id(row: _Keyed) -> int:
    """A stored (flushed) row's primary key: SQLModel types ``id`` optional, as it is None until the INSERT."""
    if row.id is None:
        raise ValueError(f"{type(row).__name__} is not stored yet")
    return row.id
