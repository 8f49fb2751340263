"""How a visitor joins a host's demos: the host's meeting link, a video-call address or a phone number.

Set by each host on their availability page; the invitations (LOCATION, URL, DESCRIPTION), the booking
mails and the visitor's booking page all say it the same way, from ``joining``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from marketing_site.booking.models import DemoHost
from marketing_site.core.columns import max_length

_PHONE = re.compile(r"\+?[0-9][0-9 ()-]{5,24}")
_WEB = re.compile(r"https://[^\s<>\"']+")


class JoinBy(StrEnum):
    ONLINE = "online"  # a video-call address
    PHONE = "phone"  # a number the visitor calls
    LATER = "later"  # the host has set neither yet: they send it by mail


@dataclass(frozen=True)
class Joining:
    by: JoinBy
    shown: str  # as a reader sees it: the address or the number as the host typed it
    uri: str  # what a calendar or a mail client opens: https://… or tel:+…


class MeetingLinkInvalid(ValueError):
    """Neither an https:// address nor a phone number."""


def checked(typed: str) -> str:
    """The link a host typed, trimmed: "" (none yet), an https:// address or a phone number."""
    link = typed.strip()
    if len(link) > max_length(DemoHost, "meeting_link"):
        raise MeetingLinkInvalid("The meeting link is too long")
    if link and not (_WEB.fullmatch(link) or _PHONE.fullmatch(link)):
        raise MeetingLinkInvalid(
            "Give the meeting link as an https:// address (e.g. https://meet.example.com/sana) or a phone number"
        )
    return link


def joining(link: str) -> Joining:
    if _WEB.fullmatch(link):
        return Joining(JoinBy.ONLINE, link, link)
    if _PHONE.fullmatch(link):
        return Joining(JoinBy.PHONE, link, "tel:" + re.sub(r"[^0-9+]", "", link))
    return Joining(JoinBy.LATER, "", "")
