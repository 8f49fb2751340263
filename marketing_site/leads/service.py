"""The only code that writes leads: screen for bots, validate, store with its queued mails in one transaction.

UI state handlers and the JSON API both call ``lead_submit`` / ``application_submit`` and turn
LeadValidationError / LeadRejected into their own answers. An id is returned only after commit. A caller
that stores more with the lead (the demo booking) takes two steps: ``lead_prepare`` (its own field errors
answered with the lead's), then ``lead_store`` with its own rows (``with_lead``) in the lead's transaction;
each step counts its refusals.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, SQLModel

from marketing_site.content import messages
from marketing_site.core import commit_trip, group_commit, logs, lost_connection, metrics
from marketing_site.core.clock import utc_now
from marketing_site.core.columns import table_of
from marketing_site.leads import (
    antispam,
    attribution,
    events,
    idempotency,
    search_text,
    transitions,
    uploads,
    validation,
)
from marketing_site.leads import mails as lead_mails
from marketing_site.leads.errors import LeadRejected, LeadValidationError
from marketing_site.leads.models import IdempotencyRecord, Lead, LeadModule, WrittenLead
from marketing_site.leads.owners import routing, work_calendar
from marketing_site.leads.schemas import CONSENT_FIELDS, CONTEXT_FIELDS, UTM_KEYS, FlagGroup, LeadKind, lead_form
from marketing_site.leads.tallies import counting as tallies
from marketing_site.leads.uploads import ResumeUpload

log = logging.getLogger(__name__)

LEAD = table_of(Lead)

__all__ = [
    "UTM_KEYS",
    "LeadKind",
    "LeadRejected",
    "LeadValidationError",
    "ResumeUpload",
    "SubmissionContext",
    "application_submit",
    "fitted",
    "lead_check",
    "lead_prepare",
    "lead_store",
    "lead_submit",
    "lead_write",
]

Ticked = dict[FlagGroup, tuple[str, ...]]


@dataclass(frozen=True)
class SubmissionContext:
    client_id: str  # IP or Reflex client token, for rate limiting
    page: str = ""  # route the lead came from
    referrer: str = ""
    utm: Mapping[str, str] = field(default_factory=dict)
    # firstTouch / lastTouch as the browser kept them or an API client sent them (leads/attribution.py)
    touches: Mapping[str, Any] = field(default_factory=dict)
    form_started_at: float | None = None  # epoch seconds the form was rendered (None = API client)
    honeypot: str = ""  # content of the hidden field; non-empty = bot
    require_consent: bool = False  # True for the site's own demo forms
    consent_text_version: str = ""  # wording version shown with the boxes
    idempotency_key: str = ""  # retries with the same key return the first lead's id


def fitted(value: Any, column: str, model: type[SQLModel] = Lead) -> str:
    """A value the visitor never typed (URL, referrer, stored product) cut to fit its column.

    The forms pass tracking data through this, so a long ad-campaign URL or a stray control
    character costs a few characters of tracking, never the lead (the visitor could not fix it).
    """
    text = "".join(ch for ch in str(value or "") if unicodedata.category(ch) not in ("Cc", "Cs"))
    return " ".join(text.split())[: validation.max_length(column, model)]


@dataclass(frozen=True)
class PreparedLead:
    """A screened, validated lead, ready to be written into a transaction (``lead_write``)."""

    values: dict[str, Any]  # its columns
    ticked: Ticked  # each flag group's ticked values
    context: SubmissionContext
    endpoint: str  # the Idempotency-Key ledger it answers in
    touches: attribution.Touches = field(default_factory=dict)  # first and last touch, as stored


def lead_submit(kind: LeadKind, data: Mapping[str, Any], context: SubmissionContext, *, endpoint: str = "") -> int:
    """Validate, normalise and commit one lead (careers: application_submit); return its id.

    ``endpoint`` names the Idempotency-Key ledger (default: the kind), so a key replays only answers
    of the endpoint it was first sent to.
    """
    prepared = lead_prepare(kind, data, context, endpoint=endpoint)
    if isinstance(prepared, int):
        return prepared
    return lead_store(prepared)


def lead_store(
    prepared: PreparedLead,
    mails: lead_mails.RequestMails = lead_mails.AT_ONCE,
    *,
    booked_host: int | None = None,
    with_lead: Callable[[Session, WrittenLead], transitions.BookedDemo | None] | None = None,
) -> int:
    """Write a prepared lead and commit it; its id. ``with_lead`` adds the caller's own rows (the demo's booking,
    a résumé) to the lead's transaction first: whatever it raises stores nothing, and the demo it returns changes
    the lead (``transitions.demo_booked``) before the commit. ``mails`` and ``booked_host``: as for
    ``lead_write``. On SQLite the transaction may hold other leads waiting at the same moment
    (``core.group_commit``): each is stored or refused on its own."""

    def write(db_session: Session) -> int:
        lead = lead_write(db_session, prepared, mails, booked_host=booked_host)
        booked = with_lead(db_session, lead) if with_lead is not None else None
        if booked is not None:
            transitions.demo_booked(db_session, lead.id, booked)
        _keep_key(db_session, prepared, lead.id)
        return lead.id

    with _counted(prepared.values["kind"]):
        try:
            lead_id = group_commit.write_grouped(write)
        except IntegrityError as error:
            return _race_lost(prepared, error)
    _stored(prepared, lead_id)
    return lead_id


@contextmanager
def _counted(kind: str) -> Iterator[None]:
    """Count a submission of ``kind`` that the block refuses, by reason (``lead_store`` counts the stored)."""
    try:
        yield
    except LeadValidationError:
        metrics.lead_refused(kind, "invalid")
        raise
    except LeadRejected as rejected:
        metrics.lead_refused(kind, rejected.trap)
        raise
    except SQLAlchemyError as error:
        if not lost_connection.done_again(error):  # a lost connection's attempt is not the outcome
            metrics.lead_refused(kind, "database")
        raise


def lead_prepare(
    kind: LeadKind,
    data: Mapping[str, Any],
    context: SubmissionContext,
    *,
    endpoint: str = "",
    extra_errors: Mapping[str, str] | None = None,
) -> PreparedLead | int:
    """The id already stored under the request's Idempotency-Key (a retry), or the lead screened for bots
    (LeadRejected) and validated (LeadValidationError with every field's error at once). Stores nothing.
    ``extra_errors``: the caller's own fields it found wrong (a booking's slot and zone), refused at once
    together with the lead's, before the key or the rate limit is looked at."""
    with _counted(kind.value):
        if extra_errors:
            try:
                lead_check(kind, data, context)
            except LeadValidationError as invalid:
                extra_errors = {**invalid.errors, **extra_errors}
            raise LeadValidationError(dict(extra_errors))
        endpoint = endpoint or kind.value
        replayed = _replayed(endpoint, context)
        if replayed is not None:
            return replayed
        quarantined = antispam.screen(context.client_id, context.honeypot, context.form_started_at)
        values, ticked, touches = _validated(kind, data, context)
        return PreparedLead({**values, "quarantined": quarantined}, ticked, context, endpoint, touches)


def lead_check(kind: LeadKind, data: Mapping[str, Any], context: SubmissionContext) -> None:
    """LeadValidationError with every field error, storing nothing (to report them beside a caller's own)."""
    _validated(kind, data, context)


def application_submit(data: Mapping[str, Any], resume: ResumeUpload | None, context: SubmissionContext) -> int:
    """Careers: like lead_submit, plus the résumé, stored in the same transaction as the lead."""
    with _counted(LeadKind.CAREERS.value):
        prepared = _application_prepare(data, resume, context)
    if isinstance(prepared, int):
        return prepared
    lead, extension = prepared
    if resume is None:
        return lead_store(lead)
    return lead_store(
        lead, with_lead=lambda db_session, stored: uploads.resume_write(db_session, stored.id, resume, extension)
    )


def _application_prepare(
    data: Mapping[str, Any], resume: ResumeUpload | None, context: SubmissionContext
) -> tuple[PreparedLead, str] | int:
    """As ``lead_prepare``, with the résumé checked beside the fields: the prepared lead and the résumé's
    extension."""
    replayed = _replayed(LeadKind.CAREERS.value, context)
    if replayed is not None:
        return replayed
    quarantined = antispam.screen(context.client_id, context.honeypot, context.form_started_at)
    errors: dict[str, str] = {}
    values: dict[str, Any] = {}
    touches: attribution.Touches = {}
    extension = ""
    try:
        values, _, touches = _validated(LeadKind.CAREERS, data, context)
    except LeadValidationError as invalid:
        errors.update(invalid.errors)
    try:
        if resume is not None:
            extension = uploads.check(resume)
    except LeadValidationError as invalid:
        errors.update(invalid.errors)
    if errors:
        raise LeadValidationError(errors)
    if resume is not None:
        values["resume_filename"] = uploads.download_name(resume.filename, extension)
    prepared = PreparedLead({**values, "quarantined": quarantined}, {}, context, LeadKind.CAREERS.value, touches)
    return prepared, extension


def _replayed(endpoint: str, context: SubmissionContext) -> int | None:
    if not context.idempotency_key:
        return None
    return idempotency.stored_lead(endpoint, context.idempotency_key)


def _validated(
    kind: LeadKind, data: Mapping[str, Any], context: SubmissionContext
) -> tuple[dict[str, Any], Ticked, attribution.Touches]:
    """The lead's column values, each flag group's ticked values and its touches, or every error at once."""
    form, now = lead_form(kind), utc_now()
    origin = {
        "page": context.page,
        "referrer": context.referrer,
        "consentTextVersion": context.consent_text_version,
        **{key: context.utm.get(key) for key in UTM_KEYS},
    }
    errors: dict[str, str] = {}
    values: dict[str, Any] = {"kind": kind.value, "created_at": now}
    ticked: Ticked = {}
    for fields, source in ((form.fields + CONSENT_FIELDS, data), (CONTEXT_FIELDS, origin)):
        try:
            values.update(validation.validate(fields, source, require_consent=context.require_consent, now=now))
        except LeadValidationError as invalid:
            errors.update(invalid.errors)
    for group in form.flag_groups:
        try:
            ticked[group] = validation.ticked(group, data)
        except LeadValidationError as invalid:
            errors.update(invalid.errors)
    touches: attribution.Touches = {}
    try:
        touches = attribution.touches_checked(context.touches)
    except LeadValidationError as invalid:
        errors.update(invalid.errors)
    if errors:
        raise LeadValidationError(errors)
    values.update(search_text.columns(values))
    return values, ticked, touches


def lead_write(
    db_session: Session,
    prepared: PreparedLead,
    mails: lead_mails.RequestMails = lead_mails.AT_ONCE,
    *,
    booked_host: int | None = None,
) -> WrittenLead:
    """Add the lead, its owner, its ticked flags, its mails, timers and webhooks to ``db_session``'s transaction
    (not committed: a caller such as the demo booking adds its own rows, then commits; its
    ``booked_host`` takes the lead by the routing rules). Returns the stored row. ``mails``: when its mails go
    out and the free-time link they offer (a demo request; the booking package says).

    Rows go in as plain INSERTs (the table's column defaults apply), not ORM objects: building and
    flushing those cost a third of a lead's CPU time, and every lead pays it (``make bench-load``). On
    PostgreSQL the rows nothing reads back wait for the COMMIT's trip (``core.commit_trip``).
    The mails (and a caller) read the stored lead as the INSERT's RETURNING row, which has a ``Lead``'s
    attributes (a ``Lead`` object built from it cost a fifth of a lead's CPU); they write with statements.
    A quarantined lead gets no owner, timers or webhooks until staff release it (``routing.assign_released``).
    """
    values = {"language": messages.spoken_language(), **prepared.values}  # the language the visitor was answered in
    now = values["created_at"]
    work_calendar.warm(now)  # before the transaction's first statement
    assignment = None
    if not values["quarantined"]:
        assignment = routing.choose_owner(
            db_session, values["kind"], values["email"], values["phone_e164"], now, booked_host=booked_host
        )
        values["owner_id"] = assignment.owner.id if assignment.owner else None
    lead = db_session.execute(insert(LEAD).returning(*LEAD.c), values).one()  # with the defaults applied
    touches = attribution.touches_write(db_session, lead, prepared.touches)
    channels = {touch.value: attribution.channel(kept) for touch, kept in prepared.touches.items()}
    tallies.arrived(db_session, lead, channels)  # the channel report's count
    for group, chosen in prepared.ticked.items():
        commit_trip.insert(
            db_session, table_of(group.table), [{"lead_id": lead.id, group.attribute: value} for value in chosen]
        )
    modules = next((chosen for group, chosen in prepared.ticked.items() if group.table is LeadModule), ())
    owner_email = assignment.owner.email if assignment and assignment.owner else None
    lead_mails.queue_lead_mails(db_session, lead, modules, mails, owner_email)  # no lead without its mails
    if assignment is not None:
        routing.record(db_session, lead, modules, assignment, now, mails.send_at)
        events.lead_created(db_session, lead, modules, owner_email, touches)
    return lead


def _keep_key(db_session: Session, prepared: PreparedLead, lead_id: int) -> None:
    """The request's Idempotency-Key, if it sent one, answers with this lead from now on."""
    if prepared.context.idempotency_key:
        db_session.execute(
            insert(table_of(IdempotencyRecord)),
            idempotency.record(prepared.endpoint, prepared.context.idempotency_key, lead_id),
        )


def _race_lost(prepared: PreparedLead, error: IntegrityError) -> int:
    """The first lead's id, for a retry whose Idempotency-Key another request stored first."""
    winner = _replayed(prepared.endpoint, prepared.context)
    if winner is None:
        raise error  # not a key race after all
    logs.name_lead(winner)
    log.info("A retry lost the race for its Idempotency-Key: answered with the first lead")
    return winner


def _stored(prepared: PreparedLead, lead_id: int) -> None:
    metrics.lead_stored(prepared.values["kind"], prepared.values["quarantined"])
    logs.name_lead(lead_id)
    log.info("Stored a %s lead%s", prepared.values["kind"], " (quarantined)" if prepared.values["quarantined"] else "")
