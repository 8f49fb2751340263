"""Lines for the end of a test run (e.g. the export's build time), written by any fixture on any xdist worker.

tests/conftest.py hands a worker's lines to the controller, which prints them all in the terminal summary.
"""

from __future__ import annotations

SESSION_NOTES: list[str] = []
