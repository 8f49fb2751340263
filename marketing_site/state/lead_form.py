"""The submit flow every lead form shares: collect → lead service → result flags.

Inputs stay uncontrolled in the browser (no event per keystroke); the form posts its values once
on submit, so a failed submission never clears what the visitor typed.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar

import reflex as rx

from ..content import forms
from ..leads.db import run_bounded
from ..leads.service import (
    UTM_KEYS, LeadKind, LeadRejected, LeadValidationError, SubmissionContext, fitted, lead_submit,
)

log = logging.getLogger(__name__)


def browser_info_script(fallback_product: str = "") -> str:
    """JS run on mount: what only the browser knows, handed to `start` in one round trip."""
    return (
        "({referrer: document.referrer || '', "
        f"product: localStorage.getItem('product-name') || {json.dumps(fallback_product)}}})"
    )


class LeadFormMixin(rx.State, mixin=True):
    """Flags and handlers of one lead form; each form state mixes this in with its own KIND."""

    submitting: bool = False
    submitted: bool = False
    errors: dict[str, str] = {}
    alert: str = ""
    started_at: float = 0.0
    referrer: str = ""
    idempotency_key: str = ""

    KIND: ClassVar[LeadKind]
    REQUIRE_CONSENT: ClassVar[bool] = True
    SUCCESS_SCRIPT: ClassVar[str] = ""  # JS run in the browser once the lead is stored

    @rx.event
    def start(self, browser: dict[str, Any]) -> None:
        """A fresh form: timing trap starts now, one idempotency key per rendered form."""
        self.submitting = False
        self.submitted = False
        self.errors = {}
        self.alert = ""
        self.started_at = time.time()
        self.referrer = fitted((browser or {}).get("referrer"), "referrer")
        self.idempotency_key = uuid.uuid4().hex
        self._on_start(browser or {})

    def _on_start(self, browser: Mapping[str, Any]) -> None:
        """Hook for forms that need more from the browser (the chosen product)."""

    @staticmethod
    def _chosen_product(browser: Mapping[str, Any]) -> str:
        """localStorage product-name, cut to fit the lead's product column."""
        return fitted(browser.get("product"), "product")

    @rx.event
    async def submit(self, form_data: dict[str, Any]):
        """Store the lead once; a second click while busy or after success is ignored."""
        if not self._begin():
            return
        yield
        data, honeypot = self._split_honeypot(form_data)
        await self._finish(partial(lead_submit, self.KIND, self._payload(data)), honeypot)
        if self.submitted and self.SUCCESS_SCRIPT:
            yield rx.call_script(self.SUCCESS_SCRIPT)

    def _begin(self) -> bool:
        """Mark the form busy; False if it is already busy or done (the server-side double-click guard)."""
        if self.submitting or self.submitted:
            return False
        self.submitting = True
        self.errors = {}
        self.alert = ""
        return True

    @staticmethod
    def _split_honeypot(form_data: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
        data = dict(form_data)
        return data, str(data.pop(forms.HONEYPOT_NAME, "") or "")

    def _payload(self, data: dict[str, Any]) -> dict[str, Any]:
        """The API fields sent for this form; forms add values the browser does not post."""
        return data

    async def _finish(self, call: Callable[[SubmissionContext], int], honeypot: str) -> None:
        """Run the service call and turn its outcome into flags the page shows; never leaves the form busy.

        The call runs in a worker thread within the submission's database deadline, so a slow or hung
        database never stalls the event loop that serves every other visitor of this worker."""
        self.submitting = False
        try:
            lead_id = await run_bounded(call, self._context(honeypot))
        except LeadValidationError as invalid:
            self.errors = dict(invalid.errors)
            self.alert = forms.FIX_FIELDS_TEXT
        except LeadRejected as rejected:
            self.alert = str(rejected)
        except Exception:
            self._failed()
        else:
            log.info("Lead form %s stored lead %s", self.KIND.value, lead_id)
            self.submitted = True

    def _failed(self) -> None:
        """An unexpected error (database, disk, upload): logged, a plain alert, the input kept."""
        log.exception("Lead form %s failed (page %s, client %s)", self.KIND.value, self.router.url.path,
                      self.router.session.client_ip)
        self.submitting = False
        self.alert = forms.ERROR_TEXT

    def _context(self, honeypot: str) -> SubmissionContext:
        url = self.router.url
        session = self.router.session
        return SubmissionContext(
            client_id=session.client_ip or session.client_token,
            page=fitted(url.path, "source_page"),
            referrer=self.referrer,
            utm={key: fitted(url.query_parameters[key], key) for key in UTM_KEYS if key in url.query_parameters},
            # A form never started (no mount, e.g. a scripted socket) counts as started right now.
            form_started_at=self.started_at or time.time(),
            honeypot=honeypot,
            require_consent=self.REQUIRE_CONSENT,
            consent_text_version=forms.CONSENT_TEXT_VERSION if self.REQUIRE_CONSENT else "",
            idempotency_key=self.idempotency_key,
        )
