"""Helpers for the form-state tests: a visitor's state tree and handler driving (rows: tests/stored_leads.py)."""

from __future__ import annotations

import asyncio
import uuid

import reflex as rx
from reflex.istate.data import RouterData

from marketing_site.core.clock import timestamp

ROUTER = {
    "ip": "203.0.113.7",
    "token": "test-client-token",
    "headers": {"origin": "https://school.example"},
}


def visit(state_cls: type[rx.State], path: str, query: dict[str, str] | None = None) -> rx.State:
    """The state of `state_cls` as a visitor on `path` would have it, already started."""
    query = query or {}
    search = "&".join(f"{key}={value}" for key, value in query.items())
    root = rx.State(_reflex_internal_init=True)
    root.router = RouterData.from_router_data(
        {
            **ROUTER,
            "pathname": path,
            "asPath": f"{path}?{search}" if search else path,
            "query": query,
        }
    )
    state = root.get_substate(state_cls.get_full_name().split("."))
    state.start({"referrer": "https://www.google.com/", "product": "HR Smart"})
    state.started_at = timestamp() - 30  # a person took half a minute to fill the form
    return state


def run(handler_result) -> list:
    """Drive an event handler (coroutine or (async) generator) to its end, as Reflex would; returns what it yielded."""
    if asyncio.iscoroutine(handler_result):
        asyncio.run(handler_result)
        return []
    if hasattr(handler_result, "__anext__"):

        async def drain() -> list:
            return [event async for event in handler_result]

        return asyncio.run(drain())
    return list(handler_result) if handler_result is not None and hasattr(handler_result, "__next__") else []


def unique_email(name: str) -> str:
    return f"{name}.{uuid.uuid4().hex[:8]}@school.edu"
