"""The one explicit list of site pages, gathered from each page family."""

from __future__ import annotations

from ..layout.page import PageSpec
from . import home

PAGES: tuple[PageSpec, ...] = (*home.PAGES,)
