"""Speed to lead in the staff area: admins set who takes leads and the response times, register webhook
endpoints (the secret shown once), and anyone working a lead logs a call or hands it on in one click."""

from __future__ import annotations

import html
import re
import uuid
from datetime import timedelta

from leads.takers import (  # noqa: F401  (nobody_takes_leads: autouse)
    add_taker,
    audit_of,
    demo_lead,
    nobody_takes_leads,
    owner_of,
    timers_of,
)
from sqlmodel import select
from staff_client import token_of
from webhooks.conftest import delivery_settings  # noqa: F401  (loopback allowed for the endpoint)

from marketing_site.admin.staff_names import staff_name
from marketing_site.admin.work import lead_work
from marketing_site.core import db
from marketing_site.core.clock import utc_now
from marketing_site.leads.models import Lead
from marketing_site.leads.owners import owner_mails
from marketing_site.leads.owners.routing_models import LeadTaker, LeadTimer, RoutingRules
from marketing_site.webhooks.models import WebhookEndpoint


def rules_form(**changes: str) -> dict[str, str]:
    return {"response-sales": "60", "escalation-sales": "240", "response-hr": "960", "escalation-hr": "1920", **changes}


def test_an_admin_sets_who_takes_demo_leads_their_weight_and_pause_and_the_response_times(as_role, staff):
    admin, _ = as_role("admin")
    seller, resting, recruiter = staff("sales"), staff("sales"), staff("hr")
    page = admin.get("/admin/routing")
    assert page.status_code == 200 and seller.email in page.text and f'name="takes-hr-{recruiter.id}"' in page.text
    assert f'name="takes-hr-{seller.id}"' not in page.text  # a salesperson takes demo leads only
    saved = admin.post(
        "/admin/routing",
        data={
            **rules_form(**{"response-sales": "30", "escalation-sales": "90", "auto-sales": "on"}),
            f"takes-sales-{seller.id}": "on",
            f"weight-sales-{seller.id}": "2",
            f"takes-sales-{resting.id}": "on",
            f"paused-sales-{resting.id}": "on",
            f"weight-sales-{resting.id}": "1",
            "csrf_token": token_of(admin),
        },
    )
    assert saved.status_code == 303
    with db.session() as db_session:
        assert (
            db_session.get(LeadTaker, (seller.id, "sales")).weight,
            db_session.get(LeadTaker, (resting.id, "sales")).paused,
        ) == (2, True)
        rules = db_session.get(RoutingRules, "sales")
        assert (rules.response_minutes, rules.escalation_minutes, rules.auto_reassign) == (30, 90, True)
    lead_id = demo_lead()
    assert owner_of(lead_id) == seller.id
    assert {stage: timer.owner_id for stage, timer in timers_of(lead_id).items()} == {
        "reminder": seller.id,
        "escalation": seller.id,
    }
    page = admin.get("/admin/routing").text
    assert f'name="paused-sales-{resting.id}" aria-label="{resting.email} paused" checked' in page


def test_routing_that_makes_no_sense_is_refused_whole(as_role, staff):
    admin, _ = as_role("admin")
    seller = staff("sales")
    answer = admin.post(
        "/admin/routing",
        data={
            **rules_form(**{"escalation-sales": "30"}),
            f"takes-sales-{seller.id}": "on",
            f"weight-sales-{seller.id}": "11",
            "csrf_token": token_of(admin),
        },
    )
    assert answer.status_code == 400
    assert (
        "the escalation must come after the response time" in answer.text
        and "weight must be a whole number from 1 to 10" in answer.text
    )
    with db.session() as db_session:
        assert db_session.get(LeadTaker, (seller.id, "sales")) is None and db_session.get(RoutingRules, "sales") is None


def test_only_admins_route_leads_and_manage_webhooks(as_role):
    sales, _ = as_role("sales")
    for path in ("/admin/routing", "/admin/webhooks"):
        assert sales.get(path).status_code == 403


def test_an_admin_registers_an_endpoint_and_sees_its_secret_once(as_role, delivery_settings):
    admin, _ = as_role("admin")
    refused = admin.post(
        "/admin/webhooks",
        data={"url": "https://10.9.8.7/hook", "events": "lead.created", "csrf_token": token_of(admin)},
    )
    assert refused.status_code == 400 and "not a public address" in refused.text
    added = admin.post(
        "/admin/webhooks",
        data={
            "url": "http://127.0.0.1:9/crm",
            "events": ["lead.created", "demo.booked"],
            "csrf_token": token_of(admin),
        },
    )
    assert added.status_code == 200
    [secret] = re.findall(r"<code>(whsec_[A-Za-z0-9+/=]+)</code>", added.text)
    with db.session() as db_session:
        [endpoint] = db_session.exec(select(WebhookEndpoint)).all()
        assert (endpoint.secret, endpoint.events) == (secret, "lead.created demo.booked")
    shown = admin.get(f"/admin/webhooks/{endpoint.id}").text
    assert secret not in shown and f"whsec_…{secret[-4:]}" in shown
    assert "http://127.0.0.1:9/crm" in admin.get("/admin/webhooks").text


def test_logging_a_call_stops_the_timers_and_a_lead_can_be_handed_on_in_one_click(as_role, staff):
    sales, user = as_role("sales")
    other = staff("sales")
    for account in (user, other):
        add_taker(account)
    lead_id = demo_lead()
    first = owner_of(lead_id)
    assert sales.post(f"/admin/leads/{lead_id}/reassign", data={"csrf_token": token_of(sales)}).status_code == 303
    second = owner_of(lead_id)
    assert {first, second} == {user.id, other.id}
    assert ("owner", f"{first} -> {second} (round-robin)") in audit_of(lead_id)
    assert sales.post(f"/admin/leads/{lead_id}/call", data={"csrf_token": token_of(sales)}).status_code == 303
    assert {timer.status for timer in timers_of(lead_id).values()} == {"stopped"}
    assert audit_of(lead_id)[-1] == ("call", "")


def test_my_leads_is_the_default_view_of_whoever_takes_leads(as_role, staff):
    sales, user = as_role("sales")
    other = staff("sales")
    for account in (user, other):
        add_taker(account)
    school = f"Speedwell {uuid.uuid4().hex[:8]} School"  # other tests' leads may fill the inbox's first page
    leads = [demo_lead(school=school) for _ in range(4)]
    mine = [lead_id for lead_id in leads if owner_of(lead_id) == user.id]
    theirs = [lead_id for lead_id in leads if owner_of(lead_id) == other.id]
    assert len(mine) == len(theirs) == 2
    page = sales.get("/admin/").text
    assert "My leads:" in page and all(f'/admin/leads/{lead_id}"' in page for lead_id in mine)
    assert not any(f'/admin/leads/{lead_id}"' in page for lead_id in theirs)
    everyone = sales.get("/admin/", params={"owner": "", "q": school}).text
    assert all(f'/admin/leads/{lead_id}"' in everyone for lead_id in leads)


def test_the_inbox_shows_each_new_leads_age_against_its_response_time_late_counts_and_reassign(as_role, staff):
    admin, _ = as_role("admin")
    seller = staff("sales")
    add_taker(seller)
    on_time, due_soon, late, escalated, answered = (demo_lead() for _ in range(5))
    now = utc_now()
    for lead_id, (received, due) in {  # as if received that long ago, with the reminder due then
        on_time: (-10, 50),
        due_soon: (-50, 10),
        late: (-70, -10),
        escalated: (-300, -240),
        answered: (-70, -10),
    }.items():
        with db.session() as db_session:
            db_session.get(Lead, lead_id).created_at = now + timedelta(minutes=received)
            timers = timers_of(lead_id)
            db_session.get(LeadTimer, timers["reminder"].id).due_at = now + timedelta(minutes=due)
            if lead_id == escalated:
                db_session.get(LeadTimer, timers["escalation"].id).status = "fired"
            db_session.commit()
    lead_work.lead_update(answered, seller, status="contacted", owner_id=seller.id)
    page = admin.get("/admin/", params={"owner": str(seller.id)}).text
    rows = {  # each lead's card
        lead_id: page.split(f'/admin/leads/{lead_id}"')[1].split('<li class="lead-card')[0]
        for lead_id in (on_time, due_soon, late, escalated, answered)
    }
    assert ">on time<" in rows[on_time] and ">due soon<" in rows[due_soon] and ">late<" in rows[late]
    assert (
        ">late<" in rows[escalated]
        and "escalated" in rows[escalated]
        and f"/admin/leads/{escalated}/reassign" in rows[escalated]
    )
    assert "escalated" not in rows[late] and ">late<" not in rows[answered] and ">on time<" not in rows[answered]
    assert f"Late, {staff_name(seller)} <b>2</b>" in page


def test_the_lead_page_tells_the_owners_notice_from_the_owners_reminder(as_role, staff):
    """Issue 33: both are the owner's mails, and the list named both "Owner to …"."""
    admin, _ = as_role("admin")
    seller = add_taker(staff("sales"))
    lead_id = demo_lead()
    assert owner_of(lead_id) == seller.id, audit_of(lead_id)
    with db.session() as db_session:
        owner_mails.queue_reminder(db_session, db_session.get(Lead, lead_id), seller.email, utc_now())
        db_session.commit()
    page = admin.get(f"/admin/leads/{lead_id}").text
    listed = html.unescape(page.split('<ul class="mail-list">')[1].split("</ul>")[0])
    assert f"<b>Owner's notice</b> to {seller.email}" in listed
    assert f"<b>Owner's reminder</b> to {seller.email}" in listed
    assert "<b>Visitor</b> to " in listed and "<b>Owner</b>" not in listed
