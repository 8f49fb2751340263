"""Which page is being built right now, so shared blocks (the language switcher) can refer to it."""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import Protocol

from marketing_site.i18n.languages import Language


class PageSpec(Protocol):
    """What shared blocks read of the page being built (``layout.page.PageSpec``, a layer above: named, not
    imported, so no import circles back up)."""

    @property
    def language(self) -> Language: ...

    @property
    def source_route(self) -> str: ...


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
