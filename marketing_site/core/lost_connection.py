"""A submission's database work, done again when the server ended its connection before anything was stored.

PostgreSQL ends a transaction left idle longer than idle_in_transaction_session_timeout (DATABASE_IDLE_IN_
TRANSACTION_TIMEOUT, 1 s), and the time a worker thread waits for the CPU counts: on a busy machine (a
backend starting beside the one serving, a loaded host) a thread between two statements can wait that long.
Its next statement then finds the connection closed, and nothing of that transaction was stored: the
client's retry would succeed, so ``db.run_bounded`` does the work again here, on a fresh connection and
within the same deadline. Never once a COMMIT may have been applied (sent, and not refused because the
server had already ended the transaction idle), never past the deadline, and not when the server refuses
new connections (a connect error loses no connection).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import Context, ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar, TypeVarTuple

from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from marketing_site.core import deadline

log = logging.getLogger(__name__)

ATTEMPTS = 3  # the first and two more, each one's connection ended by the server
ENDED_IDLE = "25P03"  # PostgreSQL's idle_in_transaction_session_timeout: the transaction was rolled back
T = TypeVar("T")
Args = TypeVarTuple("Args")


@dataclass
class _Attempt:
    tries: int  # this attempt's number, from 1
    maybe_stored: bool = False  # a COMMIT was sent that the server may have applied


_current: ContextVar[_Attempt | None] = ContextVar("database_attempt", default=None)
_sharing: ContextVar[tuple[_Attempt, ...]] = ContextVar("attempts_sharing_the_commit", default=())


def _committed_by_this_thread() -> list[_Attempt]:
    """The attempts a COMMIT sent from here commits: this thread's own and those of the group it writes."""
    current = _current.get()
    return [*([current] if current is not None else []), *_sharing.get()]


def note_commit(_connection: Any) -> None:
    """The engine's ``commit`` event (before COMMIT is sent): from here on the work may be stored."""
    for attempt in _committed_by_this_thread():
        attempt.maybe_stored = True


@contextmanager
def committing() -> Iterator[None]:
    """Around a session's COMMIT: a COMMIT the server refused because it had ended the transaction idle
    stored nothing, so each attempt it carried is as it was before it."""
    attempts = _committed_by_this_thread()
    before = [attempt.maybe_stored for attempt in attempts]
    try:
        yield
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) == ENDED_IDLE:
            for attempt, was in zip(attempts, before, strict=True):
                attempt.maybe_stored = was
        raise


@contextmanager
def committing_for(contexts: Iterable[Context]) -> Iterator[None]:
    """Around a COMMIT this thread sends for the works of others (``core.group_commit``, each work with the
    context its own thread queued it in): ``note_commit`` and ``committing`` count each work's attempt as if its
    own thread had sent it, so a group whose COMMIT may have been applied is done again for none of its leads,
    and one the server refused having ended the transaction idle is done again for each."""
    attempts = (context.get(_current) for context in contexts)
    token = _sharing.set(tuple(attempt for attempt in attempts if attempt is not None))
    try:
        yield
    finally:
        _sharing.reset(token)


def done_again_if_lost(call: Callable[[*Args], T], *args: *Args) -> T:
    """``call(*args)``, and again (ATTEMPTS in all) while the server ended a connection before anything was
    stored and the deadline has time left."""
    tries = 0
    while True:
        tries += 1
        attempt = _Attempt(tries)
        token = _current.set(attempt)
        try:
            return call(*args)
        except DBAPIError as error:
            if not _may_do_again(error, attempt):
                raise
            log.warning("The database ended a connection before anything was stored: doing the work again")
        finally:
            _current.reset(token)


def doing_again() -> bool:
    """This work is a repeat after a lost connection: what a submission counts once (its turn of the rate
    limit) the first attempt counted."""
    attempt = _current.get()
    return attempt is not None and attempt.tries > 1


def done_again(error: SQLAlchemyError) -> bool:
    """``error``, raised by this work, makes ``done_again_if_lost`` do it again: it is not the submission's
    outcome, so it is not counted as a refusal."""
    attempt = _current.get()
    return attempt is not None and isinstance(error, DBAPIError) and _may_do_again(error, attempt)


def _may_do_again(error: DBAPIError, attempt: _Attempt) -> bool:
    left = deadline.remaining()
    return (
        error.connection_invalidated
        and not attempt.maybe_stored
        and attempt.tries < ATTEMPTS
        and (left is None or left > 0)
    )
