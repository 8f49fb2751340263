"""The submit flow every lead form shares: collect → lead service → result flags.

Inputs stay uncontrolled in the browser (no event per keystroke); the form posts its values once
on submit, so a failed submission never clears what the visitor typed. The browser shows the
busy state itself from the click (components/forms/submit_bar.py) and ends it when `answered`
changes, so every submission the server receives gets exactly one answer, whatever happens.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar

import reflex as rx

from marketing_site.content import forms
from marketing_site.content.messages import speaking
from marketing_site.core.clock import timestamp
from marketing_site.core.db import run_bounded
from marketing_site.core.logs import event_log_context, name_lead
from marketing_site.i18n.languages import Language, language_of_path
from marketing_site.i18n.translation import translated_text
from marketing_site.leads import attribution, form_start
from marketing_site.leads.schemas import FieldType, lead_form
from marketing_site.leads.service import (
    UTM_KEYS,
    LeadKind,
    LeadRejected,
    LeadValidationError,
    SubmissionContext,
    fitted,
    lead_submit,
)
from marketing_site.leads.validation import international

log = logging.getLogger(__name__)


class LeadFormMixin(rx.State, mixin=True):
    """Flags and handlers of one lead form; each form state mixes this in with its own KIND."""

    submitted: bool = False
    answered: int = 0  # bumped once per handled submission: the browser's busy state ends on it
    errors: dict[str, str] = {}  # noqa: RUF012 - a Reflex state var (per client); ClassVar would make it a constant
    alert: str = ""
    started_at: float = 0.0
    referrer: str = ""
    idempotency_key: str = ""
    start_token: str = ""  # both above, signed: the page keeps it and posts it back (leads/form_start.py)
    _touches: dict[str, Any] = {}  # noqa: RUF012 - a backend var: the first and last touch the page posted

    KIND: ClassVar[LeadKind]

    @rx.event
    def start(self, browser: dict[str, Any]) -> None:
        """A fresh form: timing trap starts now, one idempotency key per rendered form."""
        self._start(browser, timestamp())

    @rx.event
    def start_typed_before_scripts(self, browser: dict[str, Any]) -> None:
        """A form typed in before its page's scripts ran (a slow phone): its timing trap starts when the page
        was shown (leads/form_start.py `began`)."""
        self._start(browser, form_start.began(timestamp(), (browser or {}).get("shownSeconds")))

    def _start(self, browser: dict[str, Any], started_at: float) -> None:
        browser = browser or {}
        self.submitted = False
        self.errors = {}
        self.alert = ""
        self.started_at = started_at
        self.referrer = fitted(browser.get("referrer"), "referrer")
        self.idempotency_key = uuid.uuid4().hex
        self.start_token = form_start.start_token(self.KIND.value, self.started_at, self.idempotency_key)
        self._on_start(browser)

    def _on_start(self, browser: Mapping[str, Any]) -> None:
        """Hook for forms that need more from the browser (the chosen product)."""

    @staticmethod
    def _chosen_product(browser: Mapping[str, Any]) -> str:
        """localStorage product-name, cut to fit the lead's product column."""
        return fitted(browser.get("product"), "product")

    @rx.event
    async def submit(self, form_data: dict[str, Any]) -> None:
        """Store the lead once; a retry after success (its answer was lost) repeats the success."""
        if self._begin(form_data):
            data, honeypot = self._split_honeypot(form_data)
            await self._finish(self._storing(self._payload(data)), honeypot)

    def _storing(self, payload: dict[str, Any]) -> Callable[[SubmissionContext], int]:
        """The service call that stores this form's lead (a demo form with a slot picker stores a request)."""
        return partial(lead_submit, self.KIND, payload)

    def _begin(self, form_data: Any) -> bool:
        """Count this submission as answered; True when the service should be called.

        After a success the stored lead is announced again: the browser retries only when it
        never heard the first answer. A body that is not a form's mapping gets the plain error.
        """
        self.answered += 1
        if self.submitted:
            self.submitted = True  # dirty again, so the repeated answer carries it
            return False
        self.errors = {}
        self.alert = ""
        signed = (
            form_start.read_start(form_data.get(forms.START_TOKEN_NAME), self.KIND.value)
            if isinstance(form_data, Mapping)
            else None
        )
        if signed is not None:
            # The page's own start, whatever store this state came from (Redis, or a worker's memory).
            self.started_at, self.idempotency_key = signed
        elif not self.started_at:
            # Never started (a page from before the start was signed, or a scripted socket): it starts
            # now, so the time trap quarantines it for staff to release.
            self.started_at = timestamp()
            self.idempotency_key = uuid.uuid4().hex
        if not isinstance(form_data, Mapping):
            log.warning("Lead form %s got a %s instead of form fields", self.KIND.value, type(form_data).__name__)
            self.alert = translated_text(forms.ERROR_TEXT, self._language())
            return False
        self._touches = self._posted_touches(form_data.get(forms.ATTRIBUTION_NAME))
        return True

    @staticmethod
    def _posted_touches(posted: Any) -> dict[str, Any]:
        """The first and last touch the page's browser kept (JSON in a hidden field), cut to fit: the visitor
        never typed them, so nothing in them can cost the lead."""
        try:
            return attribution.touches_fitted(json.loads(posted) if isinstance(posted, str) and posted else None)
        except (ValueError, RecursionError):  # not JSON: a page from before attribution, or a scripted socket
            return {}

    def _split_honeypot(self, form_data: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        """The visitor's fields (without the signed start, read by ``_begin``; each phone number written in
        the country of its field's select) and the honeypot's content."""
        data = dict(form_data)
        data.pop(forms.START_TOKEN_NAME, None)
        data.pop(forms.ATTRIBUTION_NAME, None)  # read by ``_begin``
        for spec in lead_form(self.KIND).fields:
            if spec.type is FieldType.PHONE and (region := data.pop(spec.name + forms.PHONE_COUNTRY_SUFFIX, None)):
                data[spec.name] = international(data.get(spec.name), region)
        return data, str(data.pop(forms.HONEYPOT_NAME, "") or "")

    def _payload(self, data: dict[str, Any]) -> dict[str, Any]:
        """The API fields sent for this form; forms add values the browser does not post."""
        return data

    async def _finish(self, call: Callable[[SubmissionContext], int], honeypot: str) -> None:
        """Run the service call and turn its outcome into flags the page shows.

        The call runs in a worker thread within the submission's database deadline, so a slow or hung
        database never stalls the event loop that serves every other visitor of this worker."""
        language = self._language()
        with event_log_context():  # its lines and those of the state's handover share an id
            try:
                with speaking(language.code):
                    lead_id = await run_bounded(call, self._context(honeypot, language))
            except LeadValidationError as invalid:
                self.errors = dict(invalid.errors)
                self.alert = translated_text(forms.FIX_FIELDS_TEXT, language)
            except LeadRejected as rejected:
                self.alert = str(rejected)
            except Exception:
                self._failed()
            else:
                name_lead(lead_id)
                log.info("Lead form %s stored lead %s", self.KIND.value, lead_id)
                self.submitted = True  # stored: nothing that follows may hide that from the visitor
                try:
                    await self._lead_stored(lead_id, language)
                except Exception:
                    log.exception("Lead form %s: the step after storing lead %s failed", self.KIND.value, lead_id)

    async def _lead_stored(self, lead_id: int, language: Language) -> None:
        """Hook for forms that go on with the stored lead (the demo request's slot picker)."""

    def _failed(self) -> None:
        """An unexpected error (database, disk, upload): logged, a plain alert, the input kept."""
        log.exception("Lead form %s failed (page %s)", self.KIND.value, self.router.url.path)  # no visitor address
        self.alert = translated_text(forms.ERROR_TEXT, self._language())

    def _language(self) -> Language:
        """The language of the page the form is on, from its address (/ar/schedule is Arabic)."""
        return language_of_path(self.router.url.path)

    def _context(self, honeypot: str, language: Language) -> SubmissionContext:
        router = self.router  # built anew on each read (Reflex assembles it from its parts)
        url, session = router.url, router.session
        return SubmissionContext(
            client_id=session.client_ip or session.client_token,
            page=fitted(url.path, "source_page"),
            referrer=self.referrer,
            utm={key: fitted(url.query_parameters[key], key) for key in UTM_KEYS if key in url.query_parameters},
            touches=self._touches,
            form_started_at=self.started_at,
            honeypot=honeypot,
            require_consent=self.KIND.asks_consent,
            consent_text_version=forms.consent_text_version(language.code) if self.KIND.asks_consent else "",
            idempotency_key=self.idempotency_key,
        )
