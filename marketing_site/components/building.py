"""Which page is being built right now, so shared blocks (the language switcher) can refer to it."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from marketing_site.layout.page import PageSpec

_BUILDING: contextvars.ContextVar[PageSpec] = contextvars.ContextVar("building_page")


def building_page() -> PageSpec | None:
    """The page being built (None when a body is built outside `exact_page`, as some tests do)."""
    return _BUILDING.get(None)


@contextlib.contextmanager
def building(page: PageSpec) -> Iterator[None]:
    token = _BUILDING.set(page)
    try:
        yield
    finally:
        _BUILDING.reset(token)
