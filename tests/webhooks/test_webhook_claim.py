"""The webhook sender's claim (``webhooks.outbox.claim_due``) takes the oldest queued deliveries and reads them
from its index in that order (``ix_webhook_delivery_claim``): with the old (status, time) index SQLite scanned
every delivery of the history for each claim, 9-12 ms at 100,000 leads, holding the writer turn the leads wait for."""

from __future__ import annotations

import json

from claim_plans import claim_plan

from marketing_site.core import db
from marketing_site.webhooks import outbox
from marketing_site.webhooks.models import WebhookEvent


def test_a_claim_takes_the_oldest_queued_deliveries_straight_from_its_index(hooked):
    hooked()
    with db.write_session() as db_session:
        for number in range(20):
            outbox.enqueue(db_session, WebhookEvent.LEAD_CREATED, {"number": number}, None)
        db_session.commit()
    claimed: list[outbox.ClaimedDelivery] = []
    plan = claim_plan(lambda: claimed.extend(outbox.claim_due(limit=16)), "webhook_delivery")
    assert [json.loads(delivery.payload)["data"]["number"] for delivery in claimed] == list(range(16))
    if db.get_engine().dialect.name == "sqlite":
        assert "ix_webhook_delivery_claim" in plan and "SCAN webhook_delivery" not in plan, plan
    else:
        assert "Sort " not in plan, plan
