"""A change staff asked for that breaks a domain's rule, told in words staff read: the domains' writers of the
settings staff change (booking hosts and rules, lead routing) raise it, the staff area's pages show it."""

from __future__ import annotations


class ChangeRefused(ValueError):
    """The change is not valid; the message says why."""
