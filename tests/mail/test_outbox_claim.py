"""The sender's claim (``mail.outbox.claim_due``): the owners' mails first (speed to lead), then the others in the
order they came, read in that order from its index (``ix_outbox_mail_claim``), so a campaign's backlog is not
sorted for every claim, which on SQLite holds the one writer turn every lead waits for."""

from __future__ import annotations

import pytest
from claim_plans import claim_plan

from marketing_site.core import db
from marketing_site.mail import outbox
from marketing_site.mail.models import Audience
from marketing_site.mail.queue import Mail, queue
from marketing_site.mail.render import MailBodies

pytestmark = pytest.mark.usefixtures("empty_outbox")
BODIES = MailBodies(text_body="Thank you.", html_body="<p>Thank you.</p>")


def _queue(audience: Audience, count: int) -> None:
    with db.write_session() as db_session:
        queue(
            db_session, *(Mail(audience, f"{audience}-{n}@school.example", "Your demo", BODIES) for n in range(count))
        )
        db_session.commit()


def test_the_owners_mails_are_claimed_ahead_of_a_backlog_that_came_before_them():
    _queue(Audience.VISITOR, 40)
    _queue(Audience.OWNER, 2)
    first = outbox.claim_due(limit=32)
    assert sorted(mail.recipient for mail in first if mail.recipient.startswith("owner")) == [
        "owner-0@school.example",
        "owner-1@school.example",
    ]
    visitors = [
        int(mail.recipient.split("-")[1].split("@")[0]) for mail in first if mail.recipient.startswith("visitor")
    ]
    assert sorted(visitors) == list(range(30))  # the rest in the order they came
    assert len(outbox.claim_due(limit=32)) == 10
    assert outbox.claim_due(limit=32) == []  # leased: nothing left to claim


def test_a_claim_reads_its_rows_in_order_from_its_index_without_sorting_the_backlog():
    _queue(Audience.VISITOR, 5)
    plan = claim_plan(outbox.claim_due, "outbox_mail")
    assert "ix_outbox_mail_claim" in plan, plan
    assert "TEMP B-TREE" not in plan and "Sort " not in plan, plan
