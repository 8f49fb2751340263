"""What a host may type as their meeting link, and how visitors are told to join: an https:// address to open, a
phone number to call (dialled as digits and a leading +), or nothing yet. The availability page, the invitations
and the booking page all say it through ``meeting.checked`` and ``meeting.joining``."""

from __future__ import annotations

import pytest

from marketing_site.booking.meeting import JoinBy, Joining, MeetingLinkInvalid, checked, joining
from marketing_site.booking.models import DemoHost
from marketing_site.core.columns import max_length

LONGEST = max_length(DemoHost, "meeting_link")
NOT_A_LINK = "Give the meeting link as an https:// address (e.g. https://meet.example.com/sana) or a phone number"


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("", ""),
        ("   ", ""),
        ("  https://meet.example.com/sana \n", "https://meet.example.com/sana"),
        ("\t+968 9123 4567  ", "+968 9123 4567"),
        ("021 (555) 12-34", "021 (555) 12-34"),
        ("123456", "123456"),  # the shortest number: a digit and five more
        ("1" + "2" * 24, "1" + "2" * 24),  # the longest: a digit and 24 more
        ("https://" + "a" * (LONGEST - len("https://")), "https://" + "a" * (LONGEST - len("https://"))),
    ],
)
def test_a_link_or_number_is_kept_trimmed(typed, kept):
    assert checked(typed) == kept


@pytest.mark.parametrize(
    "typed",
    [
        "http://meet.example.com/sana",
        "meet.example.com/sana",
        "https://meet.example.com/a b",
        'https://meet.example.com/"x"',
        "https://meet.example.com/<x>",
        "https://meet.example.com/'x'",
        "12345",
        "1" + "2" * 25,
        "(021) 555 1234",
        "++968 9123 4567",
        "call me",
    ],
)
def test_anything_else_is_refused_saying_what_to_give(typed):
    with pytest.raises(MeetingLinkInvalid) as refused:
        checked(typed)
    assert str(refused.value) == NOT_A_LINK


def test_a_link_past_the_columns_length_is_refused_as_too_long():
    with pytest.raises(MeetingLinkInvalid) as refused:
        checked("https://" + "a" * (LONGEST - len("https://") + 1))
    assert str(refused.value) == "The meeting link is too long"


@pytest.mark.parametrize(
    ("link", "told"),
    [
        (
            "https://meet.example.com/sana",
            Joining(JoinBy.ONLINE, "https://meet.example.com/sana", "https://meet.example.com/sana"),
        ),
        ("+92 (300) 123-4567", Joining(JoinBy.PHONE, "+92 (300) 123-4567", "tel:+923001234567")),
        ("021 555 1234", Joining(JoinBy.PHONE, "021 555 1234", "tel:0215551234")),
        ("", Joining(JoinBy.LATER, "", "")),
        ("not a link", Joining(JoinBy.LATER, "", "")),
    ],
)
def test_visitors_are_told_to_open_the_address_call_the_number_or_wait_for_the_hosts_mail(link, told):
    assert joining(link) == told
