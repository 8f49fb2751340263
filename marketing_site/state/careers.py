"""/careers: the job application with an optional résumé, stored by the lead service.

The file arrives through Reflex's upload endpoint as bytes in this handler and goes straight to
`application_submit`, which checks its content and size and keeps it outside any public folder.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import reflex as rx

from marketing_site.leads.service import LeadKind, application_submit
from marketing_site.leads.uploads import ResumeUpload
from marketing_site.settings import settings
from marketing_site.state.lead_form import LeadFormMixin

UPLOAD_ID = "resume"


async def read_resume(files: list[rx.UploadFile]) -> ResumeUpload | None:
    """The first file, read one byte past the limit so the service can reject an oversize one."""
    if not files:
        return None
    upload = files[0]
    content = await upload.read(settings.max_resume_bytes + 1)
    return ResumeUpload(filename=upload.name or "", content=content)


class CareersState(LeadFormMixin, rx.State):
    KIND = LeadKind.CAREERS

    @rx.event
    async def apply(self, files: list[rx.UploadFile], form_data: dict[str, Any]) -> None:
        """Store the application and its résumé once, like every other lead form."""
        if not self._begin(form_data):
            return
        try:
            resume = await read_resume(files)
        except Exception:
            self._failed()
            return
        data, honeypot = self._split_honeypot(form_data)
        await self._finish(partial(application_submit, data, resume), honeypot)
