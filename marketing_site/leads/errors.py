"""Exceptions the lead service raises; the UI and the API turn them into answers."""

from __future__ import annotations

from collections.abc import Mapping

from marketing_site.content.messages import message


class LeadValidationError(Exception):
    """Input the visitor can fix; ``errors`` maps each API field name to a plain-words message."""

    def __init__(self, errors: Mapping[str, str]):
        self.errors: dict[str, str] = dict(errors)
        super().__init__("; ".join(f"{name}: {message}" for name, message in self.errors.items()))


class LeadRejected(Exception):
    """A spam trap or the rate limit caught the submission.

    The message and retry hint are identical for every trap, so a bot cannot learn which one fired.
    """

    retry_after_seconds = 60

    def __init__(self, trap: str = "") -> None:
        super().__init__(message("lead.rejected"))
        self.trap = trap  # which trap fired, for the log and the metrics; never shown to the client
