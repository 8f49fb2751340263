"""Holding the line of ``core.group_commit`` while writers queue behind it, so they are written as one group."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

import pytest

from marketing_site.core import group_commit

SETTLE = 0.2  # time for a started writer to reach its place in the line
T = TypeVar("T")


class _LineHeld(Exception):
    """What the work holding the line raises once let go: it stores nothing."""


@contextmanager
def queued_behind_a_writer() -> Iterator[Callable[[Callable[[], T]], Future[T]]]:
    """Writers started through the yielded function wait, in the order started, behind a group being written
    (a work that holds the line until the block ends), then are written as the next group."""
    let_go = threading.Event()

    def holding(_session: object) -> None:
        let_go.wait(timeout=10)
        raise _LineHeld()

    with ThreadPoolExecutor(max_workers=8) as pool:
        holder = pool.submit(group_commit.write_grouped, holding)
        time.sleep(SETTLE)

        def start(store: Callable[[], T]) -> Future[T]:
            future = pool.submit(store)
            time.sleep(SETTLE)
            return future

        try:
            yield start
        finally:
            let_go.set()
        with pytest.raises(_LineHeld):
            holder.result(timeout=10)
