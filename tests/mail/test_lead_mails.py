"""Lead mails over a real SMTP server (aiosmtpd): content and links, an outage, retries, dead mails, several senders."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
import uuid
from collections import Counter
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import pytest
from database_limits import sender_env
from leads.lead_payloads import CAREERS, VALID
from mail.smtp_fixtures import Inbox
from samples import PDF
from sqlalchemy import event, select, update

from marketing_site.content.messages import speaking
from marketing_site.core import db
from marketing_site.core.clock import as_utc
from marketing_site.leads.models import Lead
from marketing_site.leads.service import LeadKind, ResumeUpload, SubmissionContext, application_submit, lead_submit
from marketing_site.mail import catcher, outbox, sender
from marketing_site.mail.models import OutboxMail, OutboxStatus

API = SubmissionContext(client_id="203.0.113.7")
ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("empty_outbox")


def submit(**changes) -> tuple[int, str]:
    email_address = f"{uuid.uuid4().hex[:10]}@school.example"
    return lead_submit(
        LeadKind.SCHEDULE_DEMO, {**VALID["ScheduleDemo"], "email": email_address, **changes}, API
    ), email_address


def mails(lead_id: int) -> list[OutboxMail]:
    with db.session() as db_session:
        return list(
            db_session.execute(
                select(OutboxMail).where(OutboxMail.lead_id == lead_id).order_by(OutboxMail.id)
            ).scalars()
        )


async def drain() -> int:
    """Deliver until nothing is due; returns how many claims were made."""
    total = 0
    while claimed := await sender.deliver_due():
        total += claimed
    return total


def test_a_committed_lead_has_its_two_mails_queued_in_the_same_transaction():
    lead_id, address = submit()
    queued = mails(lead_id)
    assert [(mail.audience, mail.recipient, mail.status) for mail in queued] == [
        ("staff", "sales@localhost", "queued"),
        ("visitor", address, "queued"),
    ]
    assert len({mail.message_id for mail in queued}) == 2


def test_staff_and_visitor_mails_arrive_with_the_summary_the_link_and_escaped_visitor_text(smtp_server):
    inbox = smtp_server()
    lead_id, address = submit(school="Green <b>field</b> & Co", firstName="<script>x</script>")
    asyncio.run(drain())
    [staff] = inbox.to("sales@localhost")
    [visitor] = inbox.to(address)
    assert staff["Subject"] == "New demo request: <script>x</script> Khan (Green <b>field</b> & Co)"
    text = staff.get_body(("plain",)).get_content()
    html = staff.get_body(("html",)).get_content()
    assert (
        f"http://localhost:8000/admin/leads/{lead_id}" in text
        and f'href="http://localhost:8000/admin/leads/{lead_id}"' in html
    )
    assert "School: Green <b>field</b> & Co" in text and "Modules: Student Smart, HR Smart, Academic Smart" in text
    assert "Green &lt;b&gt;field&lt;/b&gt; &amp; Co" in html and "<b>" not in html and "<script>" not in html
    assert "Dear &lt;script&gt;x&lt;/script&gt; Khan" in visitor.get_body(("html",)).get_content()
    assert {staff["Message-ID"], visitor["Message-ID"]} == {mail.message_id for mail in mails(lead_id)}
    assert {mail.status for mail in mails(lead_id)} == {"sent"}


def test_a_visitor_who_used_arabic_gets_the_confirmation_in_arabic_and_staff_still_read_english(smtp_server):
    inbox = smtp_server()
    with speaking("ar"):  # as the forms on /ar pages and an API client asking Accept-Language: ar
        lead_id, address = submit(firstName="<b>Salma</b>")
    with db.session() as db_session:
        assert db_session.get(Lead, lead_id).language == "ar"
    asyncio.run(drain())
    [staff] = inbox.to("sales@localhost")
    [visitor] = inbox.to(address)
    assert visitor["Subject"] == "استلمنا طلبك لعرض توضيحي"
    assert (
        visitor.get_body(("plain",))
        .get_content()
        .startswith("مرحبًا \u2068<b>Salma</b> Khan\u2069،\n\nشكرًا لك، لقد استلمنا طلبك لعرض توضيحي.")
    )
    html = visitor.get_body(("html",)).get_content()
    assert '<div lang="ar" dir="rtl">' in html and "&lt;b&gt;Salma&lt;/b&gt;" in html and "<b>" not in html
    assert staff["Subject"].startswith("New demo request: ")


def test_an_arabic_subject_arrives_with_every_space_and_brand_names_stay_whole(smtp_server):
    """A long Arabic subject is folded into several encoded words; none of its spaces may be lost between them
    (the default folder lost one: "لمشاهدةالعرض"), and a Latin brand name is isolated and unbreakable."""
    inbox = smtp_server()
    address = f"{uuid.uuid4().hex[:10]}@school.example"
    with speaking("ar"):
        lead_submit(LeadKind.SIGNUP_DEMO, {**VALID["SignupDemo"], "email": address}, API)
    asyncio.run(drain())
    [visitor] = inbox.to(address)
    assert visitor["Subject"] == "استلمنا تسجيلك لمشاهدة العرض التوضيحي"  # folded in two encoded words on the way
    text = visitor.get_body(("plain",)).get_content()
    assert text.rstrip().endswith("فريق \u2068Smart\u00a0School\u00a0Suite\u2069")
    assert "<bdi>Smart\u00a0School\u00a0Suite</bdi>" in visitor.get_body(("html",)).get_content()


def test_a_visitor_who_used_english_gets_english():
    lead_id, _ = submit()
    [_, visitor] = mails(lead_id)
    assert visitor.subject == "We received your demo request"
    assert visitor.text_body.startswith(
        "Dear Amina Khan,\n\nThank you: we received your demo request. A specialist from our team will contact you"
    )
    assert '<div lang="en" dir="ltr">' in visitor.html_body


def test_with_no_smtp_server_configured_mails_stay_queued():
    lead_id, _ = submit()
    assert asyncio.run(sender.deliver_due()) == 0
    assert {(mail.status, mail.attempts) for mail in mails(lead_id)} == {("queued", 0)}


def test_smtp_down_keeps_every_mail_and_sends_each_once_when_it_returns(smtp_server, monkeypatch):
    monkeypatch.setattr(
        outbox, "settings", outbox.settings.model_copy(update={"mail_retry_seconds": 1.0, "mail_max_attempts": 5})
    )
    leads = [submit()[0] for _ in range(3)]
    # A submission never waits for mail: it only queues it (no try made), whatever the time it took.
    assert {(mail.status, mail.attempts) for lead_id in leads for mail in mails(lead_id)} == {("queued", 0)}
    asyncio.run(drain())  # connection refused for each
    waiting = [mail for lead_id in leads for mail in mails(lead_id)]
    assert {(mail.status, mail.attempts) for mail in waiting} == {("queued", 1)}
    assert all(mail.last_error for mail in waiting)
    inbox = smtp_server()
    time.sleep(1.1)  # the back-off of the first failure
    asyncio.run(drain())
    asyncio.run(drain())
    assert sorted(Counter(message["Message-ID"] for _, message in inbox.received).values()) == [1] * 6
    assert {mail.status for lead_id in leads for mail in mails(lead_id)} == {"sent"}


def test_a_mail_that_keeps_failing_is_marked_dead_after_its_tries(smtp_port):
    lead_id, _ = submit()
    deadline = time.monotonic() + 10
    while {mail.status for mail in mails(lead_id)} != {"dead"} and time.monotonic() < deadline:
        asyncio.run(drain())
        time.sleep(0.1)
    assert {(mail.status, mail.attempts) for mail in mails(lead_id)} == {("dead", 3)}


class RefusingOneMailbox(Inbox):
    """A server that has no mailbox for one address (550), as a school's mistyped e-mail meets it."""

    async def handle_RCPT(self, _server, _session, envelope, address, _options) -> str:
        if address.startswith("no-such-mailbox-"):
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"


def _outbox_updates(seen: list[str], _connection, _cursor, statement: str, *_args) -> None:
    if statement.lstrip().upper().startswith("UPDATE OUTBOX_MAIL"):
        seen.append(statement)


def test_one_pass_records_each_mail_by_its_own_outcome(smtp_port):
    """A pass's outcomes are written together, one statement per distinct outcome: the mails the server took are
    sent, and the visitor's mail it refused waits for its retry with the server's answer."""
    inbox = RefusingOneMailbox()
    server = catcher.start(inbox, smtp_port)
    try:
        delivered, _ = submit()
        address = f"no-such-mailbox-{uuid.uuid4().hex[:8]}@school.example"
        refused, _ = submit(email=address)
        before = datetime.now(UTC)
        updates: list[str] = []
        watch = partial(_outbox_updates, updates)
        event.listen(db.get_engine(), "before_cursor_execute", watch)
        try:
            assert asyncio.run(sender.deliver_due()) == 4  # one pass
        finally:
            event.remove(db.get_engine(), "before_cursor_execute", watch)
    finally:
        server.stop()
    # The claim, then one statement for the three sent and one for the refused: on SQLite the leads wait for
    # the sender's turn, and one statement per mail held it seven times longer (make bench-load).
    assert len(updates) == 3, updates
    assert [(mail.status, mail.attempts) for mail in mails(delivered)] == [("sent", 1), ("sent", 1)]
    staff, visitor = mails(refused)
    assert (staff.status, staff.last_error) == ("sent", "")
    assert (visitor.recipient, visitor.status, visitor.attempts, visitor.sent_at) == (address, "queued", 1, None)
    assert "550" in visitor.last_error and as_utc(visitor.next_attempt_at) > before
    assert len(inbox.received) == 3 and not inbox.to(address)


class WithdrawnWhileRefused(Inbox):
    """Refuses one mail's recipient, and while it does, staff withdraw that mail (its demo was cancelled)."""

    def __init__(self, mail_id: int, recipient: str) -> None:
        super().__init__()
        self.mail_id, self.recipient = mail_id, recipient

    async def handle_RCPT(self, _server, _session, envelope, address, _options) -> str:
        if address != self.recipient:
            envelope.rcpt_tos.append(address)
            return "250 OK"
        with db.write_session() as db_session:
            db_session.execute(
                update(OutboxMail).where(OutboxMail.id == self.mail_id).values(status=OutboxStatus.WITHDRAWN)
            )
            db_session.commit()
        return "451 4.3.0 Try again later"


def test_a_mail_withdrawn_while_its_last_try_fails_is_not_reported_dead(smtp_port):
    """The sender records an outcome only on a mail still queued: one that staff withdrew during its last try
    stays withdrawn, not dead (which the staff area would show among the failed mails)."""
    lead_id, address = submit()
    visitor_id = mails(lead_id)[1].id
    with db.write_session() as db_session:  # two tries failed before (the tests' limit is three)
        db_session.execute(update(OutboxMail).where(OutboxMail.id == visitor_id).values(attempts=2))
        db_session.commit()
    server = catcher.start(WithdrawnWhileRefused(visitor_id, address), smtp_port)
    try:
        assert asyncio.run(sender.deliver_due()) == 2
    finally:
        server.stop()
    staff, visitor = mails(lead_id)
    assert staff.status == "sent"
    assert (visitor.status, visitor.attempts, visitor.last_error) == ("withdrawn", 3, "")


def test_several_senders_at_once_send_each_mail_once(smtp_server):
    inbox = smtp_server()
    leads = [submit()[0] for _ in range(10)]

    async def senders() -> None:
        await asyncio.gather(*(drain() for _ in range(4)))

    asyncio.run(senders())
    ids = Counter(message["Message-ID"] for _, message in inbox.received)
    assert len(ids) == 20 and set(ids.values()) == {1}
    assert {mail.status for lead_id in leads for mail in mails(lead_id)} == {"sent"}


def test_several_sender_processes_at_once_send_each_mail_once(smtp_server, smtp_port, database_url):
    """Separate processes, as separate backend workers are: only the database's claim keeps them apart."""
    inbox = smtp_server()
    leads = [submit()[0] for _ in range(12)]
    drain_in_process = (
        "import asyncio\nfrom marketing_site.core import db\nfrom marketing_site.mail import sender\n"
        f"db.configure_engine({database_url!r})\n"
        "async def drain():\n    while await sender.deliver_due():\n        pass\n"
        "asyncio.run(drain())\n"
    )
    env = sender_env(SMTP_HOST="127.0.0.1", SMTP_PORT=str(smtp_port), SMTP_SECURITY="none")
    workers = [subprocess.Popen([sys.executable, "-c", drain_in_process], cwd=ROOT, env=env) for _ in range(3)]
    assert [worker.wait(timeout=60) for worker in workers] == [0, 0, 0]
    ids = Counter(message["Message-ID"] for _, message in inbox.received)
    assert len(ids) == 24 and set(ids.values()) == {1}
    assert {mail.status for lead_id in leads for mail in mails(lead_id)} == {"sent"}


def test_the_hr_mail_of_an_application_says_its_resume_is_attached_to_it():
    with_resume = application_submit(
        {**CAREERS, "email": f"{uuid.uuid4().hex[:8]}@mail.example"}, ResumeUpload("Sara <CV>.pdf", PDF), API
    )
    staff = mails(with_resume)[0]
    assert (staff.audience, staff.recipient, staff.subject) == (
        "staff",
        "hr@localhost",
        "New job application: Sara Iqbal",
    )
    assert "Résumé: attached to the application (Sara <CV>.pdf): download it from its page" in staff.text_body
    assert "Sara &lt;CV&gt;.pdf" in staff.html_body and "<CV>" not in staff.html_body
    without = application_submit({**CAREERS, "email": f"{uuid.uuid4().hex[:8]}@mail.example"}, None, API)
    assert "Résumé" not in mails(without)[0].text_body


def test_bidirectional_controls_a_visitor_typed_never_reach_a_mail_subject():
    lead_id, _ = submit(firstName="\u202eAmina\u2066", school="Green\u202bfield\u202c")
    [staff, _] = mails(lead_id)
    assert staff.subject == "New demo request: Amina Khan (Greenfield)"
    assert "<td><bdi>\u202eAmina\u2066 Khan</bdi></td>" in staff.html_body  # isolated, as on the staff pages


def test_a_connection_kept_between_passes_that_the_server_dropped_costs_no_mail_a_retry(smtp_port):
    """Within one sender loop, a pass leaves its connections open for the next; a server restarted meanwhile
    (every kept connection dropped) still gets the next pass's mails at once, not after the back-off."""

    async def two_passes_with_a_restart_between() -> tuple[list[int], int]:
        inbox = Inbox()
        server = catcher.start(inbox, smtp_port)
        first = submit()[0]
        await drain()
        assert len(inbox.received) == 2 and sender._kept._idle, "the pass kept its connection open"
        server.stop()
        inbox = Inbox()
        server = catcher.start(inbox, smtp_port)
        try:
            second = submit()[0]
            await drain()
        finally:
            server.stop()
        return [first, second], len(inbox.received)

    leads, received_after_restart = asyncio.run(two_passes_with_a_restart_between())
    assert received_after_restart == 2
    assert [(mail.status, mail.attempts) for lead_id in leads for mail in mails(lead_id)] == [("sent", 1)] * 4
