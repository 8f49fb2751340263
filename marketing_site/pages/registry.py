"""The one explicit list of site pages, gathered from each page family."""

from __future__ import annotations

from ..layout.page import PageSpec
from . import careers, demo_request, home, schedule, signup

PAGES: tuple[PageSpec, ...] = (
    *home.PAGES, *schedule.PAGES, *signup.PAGES, *demo_request.PAGES, *careers.PAGES,
)
