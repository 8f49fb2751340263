"""Forms keep answering while Redis is away: Reflex's Redis state manager with this worker's memory behind it.

With REDIS_URL set, Reflex keeps every visitor's form state in Redis. When Redis is unreachable, taking
the state's lock raises, the event is dropped and the visitor's form never hears back, although the
lead itself only needs the database. This manager catches the fault on the way in, before the handler
runs, and serves that event from this worker's memory instead: a visitor's websocket stays on one
worker, so the memory copy is the right one for the rest of the outage. When Redis is back, events are
served from Redis again; what changed in memory meanwhile is not copied back (a form's state is short
lived, and a form that lost it starts over, see state/lead_form.py ``_begin``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import sys
from collections.abc import AsyncIterator
from typing import Any

from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError
from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.redis import StateManagerRedis

log = logging.getLogger(__name__)
REDIS_FAULTS = (RedisConnectionError, RedisTimeoutError, OSError)


@dataclasses.dataclass
class StateManagerRedisOrMemory(StateManagerRedis):
    """Still a StateManagerRedis (Reflex checks the type to load substates lazily), with a memory fallback."""

    _memory: StateManagerMemory = dataclasses.field(default_factory=StateManagerMemory, init=False)

    @classmethod
    def replacing(cls, manager: StateManagerRedis) -> StateManagerRedisOrMemory:
        return cls(redis=manager.redis, token_expiration=manager.token_expiration,
                   lock_expiration=manager.lock_expiration, lock_warning_threshold=manager.lock_warning_threshold)

    @contextlib.asynccontextmanager
    async def modify_state(self, token: Any, **context: Any) -> AsyncIterator[Any]:
        in_redis = contextlib.AsyncExitStack()
        try:
            state = await in_redis.enter_async_context(super().modify_state(token, **context))
        except REDIS_FAULTS as fault:
            log.warning("Redis unreachable (%s): this event is served from the worker's memory", fault)
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
        await self._memory.close()
        await super().close()


async def _released(in_redis: contextlib.AsyncExitStack, exc_info: tuple) -> None:
    """Save and unlock in Redis; if Redis went away meanwhile, the answer has already gone out: log it."""
    try:
        await in_redis.__aexit__(*exc_info)
    except REDIS_FAULTS as fault:
        log.warning("Redis went away during an event (%s): its state was not saved", fault)


def fall_back_to_memory(app: Any) -> None:
    """Give ``app`` the fallback when Reflex chose Redis for its state (REDIS_URL set)."""
    manager = app._state_manager  # set by rx.App at creation; Reflex offers no public setter
    if isinstance(manager, StateManagerRedis) and not isinstance(manager, StateManagerRedisOrMemory):
        app._state_manager = StateManagerRedisOrMemory.replacing(manager)
