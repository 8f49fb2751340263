"""Forms keep answering while Redis is away: Reflex's Redis state manager with this worker's memory behind it,
and its token manager bounded, so a new visitor's websocket connects while Redis hangs.

With REDIS_URL set, Reflex keeps every visitor's form state in Redis. When Redis is unreachable, taking
the state's lock raises, the event is dropped and the visitor's form never hears back, although the
lead itself only needs the database. This manager catches the fault on the way in, before the handler
runs, and serves that event from this worker's memory instead: a visitor's websocket stays on one
worker, so the memory copy is the right one for the rest of the outage. When Redis is back, events are
served from Redis again; what changed in memory meanwhile is not copied back (a form's state is short
lived, and a form that lost it starts over, see state/lead_form.py ``_begin``).

A Redis that hangs instead of refusing (a frozen host, a partition) never raises: Reflex's client has no
time limit. So taking the state is bounded by REDIS_STEP_SECONDS (overrunning it counts as a fault), and
saving it back is waited for that long at most, then left to finish in the background. A lock half-taken
when a step gave up expires on its own (lock_expiration). Measured with Redis frozen (SIGSTOP) between
a form's two events: the submission was answered in 3-4 s (tests/faults/test_redis_outage.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import sys
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.redis import StateManagerRedis
from reflex.utils.token_manager import LocalTokenManager, RedisTokenManager

from marketing_site.core.logs import event_log_context

log = logging.getLogger(__name__)
# TimeoutError: a step that overran REDIS_STEP_SECONDS (asyncio.timeout raises the builtin one).
REDIS_FAULTS = (RedisConnectionError, RedisTimeoutError, OSError, TimeoutError)
# A healthy Redis takes the state in milliseconds; a form must answer within 5 s whatever Redis does.
REDIS_STEP_SECONDS = 1.0


@dataclasses.dataclass
class StateManagerRedisOrMemory(StateManagerRedis):
    """Still a StateManagerRedis (Reflex checks the type to load substates lazily), with a memory fallback."""

    _memory: StateManagerMemory = dataclasses.field(default_factory=StateManagerMemory, init=False)

    @classmethod
    def replacing(cls, manager: StateManagerRedis) -> StateManagerRedisOrMemory:
        return cls(
            redis=manager.redis,
            token_expiration=manager.token_expiration,
            lock_expiration=manager.lock_expiration,
            lock_warning_threshold=manager.lock_warning_threshold,
        )

    @contextlib.asynccontextmanager
    async def modify_state(self, token: Any, **context: Any) -> AsyncIterator[Any]:
        """The visitor's state for one event, whose log lines, this manager's among them, share an id."""
        with event_log_context():
            in_redis = contextlib.AsyncExitStack()
            try:
                async with asyncio.timeout(REDIS_STEP_SECONDS):
                    state = await in_redis.enter_async_context(super().modify_state(token, **context))
            except REDIS_FAULTS as fault:
                log.warning("%s: this event is served from the worker's memory", _not_handed_over(fault))
                async with self._memory.modify_state(token, **context) as state:
                    yield state
                return
            try:
                yield state
            except BaseException:
                await _released(in_redis, sys.exc_info())
                raise
            await _released(in_redis, (None, None, None))

    async def close(self) -> None:
        await self._memory.close()  # type: ignore[no-untyped-call]  # Reflex leaves close() unannotated
        await super().close()  # type: ignore[no-untyped-call]


def _not_handed_over(fault: BaseException) -> str:
    """Why Redis did not give the state: an overrun is also a lock still held by a backend stopped mid-event."""
    if isinstance(fault, TimeoutError) and not isinstance(fault, RedisTimeoutError):
        return (
            f"Redis did not hand over the visitor's state within {REDIS_STEP_SECONDS} s (Redis unreachable or "
            "frozen, or the state still locked by a backend that stopped during an event)"
        )
    return f"Redis unreachable ({fault!r})"


ExcInfo = tuple[type[BaseException], BaseException, TracebackType] | tuple[None, None, None]  # sys.exc_info()


async def _released(in_redis: contextlib.AsyncExitStack, exc_info: ExcInfo) -> None:
    """Save and unlock in Redis; if Redis went away meanwhile, the answer has already gone out: log it.

    Waited for, not cancelled: Reflex's release awaits Redis again in its own clean-up, so a cancelled
    release would hang there all the same. One that overruns finishes in the background when Redis answers
    or its connection breaks, and the visitor's next event does not wait for it."""
    release = asyncio.ensure_future(in_redis.__aexit__(*exc_info))
    done, _ = await asyncio.wait({release}, timeout=REDIS_STEP_SECONDS)
    if not done:
        log.warning(
            "Redis did not answer within %s s at the end of an event: its state is saved when it does",
            REDIS_STEP_SECONDS,
        )
        release.add_done_callback(_log_release_fault)
        return
    _log_release_fault(release)


def _log_release_fault(release: asyncio.Future[bool | None]) -> None:
    if not release.cancelled() and isinstance(fault := release.exception(), REDIS_FAULTS):
        log.warning("Redis went away during an event (%s): its state was not saved", fault)
    elif not release.cancelled() and release.exception() is not None:
        log.error("Releasing a state in Redis failed", exc_info=release.exception())


class BoundedRedisTokenManager(RedisTokenManager):
    """Reflex's token manager (which worker holds which visitor's websocket), its Redis steps bounded.

    A new websocket asks Redis whether its token is already connected elsewhere before it is accepted;
    against a frozen Redis that question never returned, so a visitor who opened a page then could not
    submit at all. Past REDIS_STEP_SECONDS the connection is linked in this worker alone, as Reflex does
    itself when Redis refuses (a visitor's websocket stays on one worker)."""

    @classmethod
    def replacing(cls, manager: RedisTokenManager) -> BoundedRedisTokenManager:
        bounded = cls(manager.redis)
        bounded.__dict__.update(manager.__dict__)  # its local maps and settings, as they are
        return bounded

    async def link_token_to_sid(self, token: str, sid: str) -> str | None:
        try:
            async with asyncio.timeout(REDIS_STEP_SECONDS):
                return await super().link_token_to_sid(token, sid)
        except REDIS_FAULTS as fault:
            log.warning("Redis unreachable (%s): this websocket is linked in the worker's memory", fault)
            return await LocalTokenManager.link_token_to_sid(self, token, sid)

    async def disconnect_token(self, token: str, sid: str) -> None:
        try:
            async with asyncio.timeout(REDIS_STEP_SECONDS):
                await super().disconnect_token(token, sid)
        except REDIS_FAULTS as fault:
            log.warning("Redis unreachable (%s): a closed websocket's record expires there on its own", fault)


def fall_back_to_memory(app: Any) -> None:
    """Give ``app`` the fallbacks when Reflex chose Redis for its state (REDIS_URL set)."""
    manager = app._state_manager  # set by rx.App at creation; Reflex offers no public setter
    if isinstance(manager, StateManagerRedis) and not isinstance(manager, StateManagerRedisOrMemory):
        app._state_manager = StateManagerRedisOrMemory.replacing(manager)
    namespace = app.event_namespace
    tokens = getattr(namespace, "_token_manager", None)  # set by its constructor; no public setter either
    if isinstance(tokens, RedisTokenManager) and not isinstance(tokens, BoundedRedisTokenManager):
        namespace._token_manager = BoundedRedisTokenManager.replacing(tokens)
