"""The slot picker after a demo request: free times in the visitor's zone, booked with one event.

Thin, like the form states: the request, the slots and the booking come from marketing_site.booking
(computed on the server, within the submission's database deadline); this only words them in the page's
language and sets what the modal shows. The browser reports its zone when the form starts (browser_steps.js).
The request is stored by ``booking.service.demo_request`` with the picker in mind: its mails wait a few
minutes, and a time booked here replaces them with the booking's one confirmation.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import reflex as rx
from babel.dates import format_date, format_time

from marketing_site.booking.errors import BookingError, SlotTaken
from marketing_site.booking.service import book_for_lead, demo_request
from marketing_site.booking.slots import Slot, free_slots
from marketing_site.booking.views import BookingView
from marketing_site.booking.when import chosen_zone, describe, zone_choices
from marketing_site.content import forms
from marketing_site.content.messages import speaking
from marketing_site.core.clock import today_in
from marketing_site.core.db import run_bounded
from marketing_site.i18n.languages import Language
from marketing_site.i18n.translation import translated_text
from marketing_site.leads.schemas import LeadKind
from marketing_site.leads.service import SubmissionContext

log = logging.getLogger(__name__)

DAYS_LOOKED_AT = 14  # the visitor's dates searched for free times
DAYS_OFFERED = 5  # the first days with a free time that are shown


@dataclasses.dataclass
class OfferedTime:
    id: str
    time: str


@dataclasses.dataclass
class OfferedDay:
    label: str
    times: list[OfferedTime]


def offered_days(slots: list[Slot], language: Language) -> list[OfferedDay]:
    """The slots grouped by the visitor's date, one time per start (any free host will do)."""
    days: dict[Any, OfferedDay] = {}
    seen: set[datetime] = set()
    for slot in slots:
        if slot.starts_at in seen:
            continue
        seen.add(slot.starts_at)
        day = slot.starts_at.date()
        if day not in days:
            if len(days) == DAYS_OFFERED:
                break
            days[day] = OfferedDay(format_date(day, "EEEE d MMMM", locale=language.code), [])
        days[day].times.append(OfferedTime(slot.id, format_time(slot.starts_at, "HH:mm", locale=language.code)))
    return list(days.values())


class SlotPickerMixin(rx.State, mixin=True):
    """Fields and handlers of the picker; mixed into a lead form state (``LeadFormMixin``), which gives the
    form's ``KIND`` and ``_language()`` declared here."""

    KIND: ClassVar[LeadKind]
    if TYPE_CHECKING:  # defined by LeadFormMixin, after this mixin in the state's bases: a definition here would win

        def _language(self) -> Language: ...

    time_zone: str = ""
    zone_choices: list[str] = []  # noqa: RUF012 - Reflex state var (per client); a ClassVar is not one
    zone_labels: dict[str, str] = {}  # noqa: RUF012 - each zone's name in the page's language (CLDR)
    offered: list[OfferedDay] = []  # noqa: RUF012 - Reflex state var (per client); a ClassVar is not one
    picker_alert: str = ""
    picker_answered: int = 0
    booked_when: str = ""
    booked_host: str = ""
    _lead_id: int = 0

    def _start_picker(self, browser: Mapping[str, Any]) -> None:
        """A fresh form forgets the last offer and booking; its zone is the one the browser reports."""
        self.time_zone = chosen_zone(browser.get("timeZone")) or "UTC"
        self.zone_choices, self.zone_labels, self.offered, self.picker_alert = [], {}, [], ""
        self.booked_when = self.booked_host = ""
        self._lead_id = 0

    async def _offer_slots(self, language: Language) -> None:
        """Free times of the next days in the visitor's zone; an empty offer keeps the modal as it was.

        A state that never saw the form start (the server restarted meanwhile) has no zone yet: UTC."""
        self.time_zone = chosen_zone(self.time_zone) or "UTC"
        try:
            slots = await run_bounded(free_slots, today_in(self.time_zone), DAYS_LOOKED_AT, self.time_zone)
        except Exception:
            log.exception("Free slots could not be read for lead %s", self._lead_id)
            slots = []
        self.offered = offered_days(slots, language)
        choices = zone_choices(language.code) if self.offered else ()
        self.zone_choices = [name for name, _ in choices]
        self.zone_labels = dict(choices)

    def _storing(self, payload: dict[str, Any]) -> Callable[[SubmissionContext], int]:
        """The lead as a demo request whose mails wait for a time picked here (``booking.service.demo_request``)."""
        return partial(demo_request, self.KIND, payload, picker=True)

    async def _lead_stored(self, lead_id: int, language: Language) -> None:
        self._lead_id = lead_id
        await self._offer_slots(language)

    @rx.event
    async def change_zone(self, zone: str) -> None:
        if chosen_zone(zone) and self._lead_id and not self.booked_when:
            self.time_zone = chosen_zone(zone) or "UTC"
            self.picker_alert = ""
            await self._offer_slots(self._language())

    @rx.event
    async def book(self, form_data: dict[str, Any]) -> None:
        """Book the chosen time; taken meanwhile: say so and offer the next free times."""
        self.picker_answered += 1
        language = self._language()
        slot_id = str((form_data or {}).get("slot") or "") if isinstance(form_data, dict) else ""
        if self.booked_when or not self._lead_id:
            return
        try:
            with speaking(language.code):
                booking = await run_bounded(book_for_lead, self._lead_id, slot_id, self.time_zone)
        except SlotTaken as taken:
            self.picker_alert = str(taken)
            self.offered = offered_days(list(taken.next_slots), language)
        except BookingError as refused:
            self.picker_alert = str(refused)
            await self._offer_slots(language)
        except Exception:
            log.exception("Booking %s for lead %s failed", slot_id, self._lead_id)
            self.picker_alert = translated_text(forms.ERROR_TEXT, language)
        else:
            self._confirm(booking, language)

    def _confirm(self, booking: BookingView, language: Language) -> None:
        self.booked_when = describe(*booking.in_zone(self.time_zone), language.code)  # runs of Latin isolated
        self.booked_host = booking.host_name
        self.picker_alert = ""
        self.offered = []
