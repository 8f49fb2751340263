"""Leads that arrive while another group is being written are committed together, in one transaction
(``core.group_commit``), on both databases: each is still stored or refused on its own, none twice, and a refused
one leaves no row. On SQLite, leads also wait in line behind any write holding the writer turn."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager

import pytest
from group_line import SETTLE, queued_behind_a_writer
from lead_payloads import VALID
from sqlalchemy import event
from stored_leads import leads_for

from marketing_site.core import db, deadline
from marketing_site.core.deadline import DatabaseTimeout
from marketing_site.leads import service
from marketing_site.leads.service import LeadKind, LeadRejected, SubmissionContext

pytestmark = pytest.mark.usefixtures("database_url")
KIND = LeadKind.PRODUCT_VIDEO


def _sqlite() -> bool:
    return db.get_engine().dialect.name == "sqlite"


def _email(name: str) -> str:
    return f"{name}-{time.monotonic_ns()}@school.edu"


def _payload(email: str) -> dict[str, str]:
    return {**VALID[KIND.value], "email": email}


@contextmanager
def _commits() -> Iterator[list[int]]:
    """The COMMITs sent meanwhile (one entry each)."""
    sent: list[int] = []

    def counted(_connection: object) -> None:
        sent.append(1)

    event.listen(db.get_engine(), "commit", counted)
    try:
        yield sent
    finally:
        event.remove(db.get_engine(), "commit", counted)


@contextmanager
def _queued_behind_a_write(hold: float = 0.0) -> Iterator[Callable[[Callable[[], int]], Future[int]]]:
    """Writers started through the yielded function wait, in the order started, behind a write session that holds
    the turn (on SQLite) until the block ends, and at least ``hold`` seconds."""
    with ThreadPoolExecutor(max_workers=8) as pool:
        began = time.monotonic()
        with db.write_session():

            def start(store: Callable[[], int]) -> Future[int]:
                future = pool.submit(store)
                time.sleep(SETTLE)
                return future

            yield start
            time.sleep(max(began + hold - time.monotonic(), 0.0))


def _submit(email: str, idempotency_key: str = "") -> Callable[[], int]:
    context = SubmissionContext(client_id=email, idempotency_key=idempotency_key)
    return lambda: service.lead_submit(KIND, _payload(email), context)


def test_leads_arriving_together_are_each_stored_once_in_one_commit():
    emails = [_email(f"together{n}") for n in range(6)]
    with _commits() as sent:
        with queued_behind_a_writer() as start:
            stored = [start(_submit(email)) for email in emails]
        ids = [future.result(timeout=10) for future in stored]
    assert len(set(ids)) == len(emails)
    assert [[lead.id for lead in leads_for(email, KIND)] for email in emails] == [[lead_id] for lead_id in ids]
    assert len(sent) == 1  # the six in one transaction


def test_a_lead_refused_within_a_group_leaves_no_row_and_the_others_are_stored():
    first, refused, last = _email("first"), _email("refused"), _email("last")

    def refusing() -> int:
        prepared = service.lead_prepare(KIND, _payload(refused), SubmissionContext(client_id=refused))
        assert not isinstance(prepared, int)

        def refuse(_session: object, _lead: object) -> None:
            raise LeadRejected()  # what a caller's own rows refused, its lead already written

        return service.lead_store(prepared, with_lead=refuse)

    with queued_behind_a_writer() as start:
        stored = [start(_submit(first)), start(refusing), start(_submit(last))]
    assert stored[0].result(timeout=10) != stored[2].result(timeout=10)
    with pytest.raises(LeadRejected):
        stored[1].result(timeout=10)
    assert [len(leads_for(email, KIND)) for email in (first, refused, last)] == [1, 0, 1]


def test_retries_of_one_key_within_a_group_get_the_first_ones_lead():
    email = _email("retried")
    with queued_behind_a_writer() as start:
        stored = [start(_submit(email, idempotency_key=f"group-{email}")) for _ in range(4)]
    ids = {future.result(timeout=10) for future in stored}
    assert len(ids) == 1
    assert [lead.id for lead in leads_for(email, KIND)] == list(ids)


def test_a_lead_whose_time_runs_out_in_the_line_is_refused_and_stores_nothing():
    if not _sqlite():
        pytest.skip("PostgreSQL has no writer turn to wait for")
    patient, hasty = _email("patient"), _email("hasty")

    def in_a_hurry() -> int:
        deadline.current.set(time.monotonic() + 0.3)  # this worker thread's own context
        return _submit(hasty)()

    with _queued_behind_a_write(hold=0.6) as start:
        stored = [start(_submit(patient)), start(in_a_hurry)]
    assert stored[0].result(timeout=10) == leads_for(patient, KIND)[0].id
    with pytest.raises(DatabaseTimeout):
        stored[1].result(timeout=10)
    assert leads_for(hasty, KIND) == []


def test_a_writer_out_of_time_before_its_turn_hands_the_line_on():
    """The first in line writes the group; when it cannot get the turn in its time, the next one writes it."""
    if not _sqlite():
        pytest.skip("PostgreSQL has no writer turn to wait for")
    hasty, patient = _email("hasty-first"), _email("patient-second")

    def in_a_hurry() -> int:
        deadline.current.set(time.monotonic() + 0.3)
        return _submit(hasty)()

    with _queued_behind_a_write(hold=0.6) as start:
        stored = [start(in_a_hurry), start(_submit(patient))]
    with pytest.raises(DatabaseTimeout):
        stored[0].result(timeout=10)
    assert stored[1].result(timeout=10) == leads_for(patient, KIND)[0].id
    assert leads_for(hasty, KIND) == []
    later = _email("later")
    assert _submit(later)() == leads_for(later, KIND)[0].id  # the line goes on
