"""The audit log's detail is written and read by one codec (``staff.audit.AuditDetail``): what a writer stores
reads back field for field, and entries stored before the codec existed read back as the same fields."""

from __future__ import annotations

import pytest

from marketing_site.leads.owners.routing import Rule
from marketing_site.staff.audit import AuditDetail

START, MOVED = "2026-03-04T09:00:00+00:00", "2026-03-05T09:30:00+00:00"


@pytest.mark.parametrize(
    "detail",
    [
        AuditDetail(before="new", after="contacted"),
        AuditDetail(before="12", after="7", rule=Rule.ROUND_ROBIN),
        AuditDetail(before="3", after="nobody", rule=Rule.ESCALATION),  # a rule with a colon
        AuditDetail(after="7", rule=Rule.RETURNING),
        AuditDetail(after=START, by="visitor"),
        AuditDetail(before=START, after=MOVED, by="staff"),
        AuditDetail(after="mail 5", rule="visitor"),
        AuditDetail(rule="call"),
        AuditDetail(),
    ],
)
def test_what_is_written_reads_back(detail):
    assert AuditDetail.read(str(detail)) == detail


@pytest.mark.parametrize(
    ("stored", "fields"),
    [
        ("12 -> 7 (round-robin)", AuditDetail("12", "7", "round-robin")),  # leads/owners/routing.py's, from the start
        ("nobody -> 5", AuditDetail("nobody", "5")),
        (f"{START} -> {MOVED}; by staff", AuditDetail(START, MOVED, by="staff")),
        (f"{START}; by link", AuditDetail(after=START, by="link")),
        ("status won", AuditDetail(after="status won")),  # a withdrawn recap's reason, before the typed log
    ],
)
def test_entries_stored_before_the_codec_read_back(stored, fields):
    assert AuditDetail.read(stored) == fields
    assert str(fields) == stored
