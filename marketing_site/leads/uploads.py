"""Résumés: accept PDF and Word by their content (documents.py), not their names, and keep them in the database.

The bytes go into ``lead_resume`` in the application's own transaction (``resume_write``), so no lead
points at a missing file, no file outlives a failed save, and any backend can hand it to staff. The name
staff download it under ends in the detected type's extension: a PDF called ``x.html`` is ``x.pdf``.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from sqlmodel import Session

from marketing_site.content.messages import message
from marketing_site.core.columns import max_length
from marketing_site.leads.documents import active_content, sniff
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.models import Lead, LeadResume
from marketing_site.settings import PROJECT_ROOT, settings

FIELD = "resume"
DEFAULT_STEM = "resume"
CONTENT_TYPES = {
    ".pdf": "application/pdf",
    ".doc": "application/msword",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}
# Releases before résumés moved into the database kept them as files in this folder; only the
# migrations that move them in (and back out on a downgrade) read it.
LEGACY_FOLDER_VARIABLE = "RESUME_DIR"


@dataclass(frozen=True)
class ResumeUpload:
    filename: str
    content: bytes


@dataclass(frozen=True)
class StoredResume:
    """A résumé as staff download it."""

    filename: str
    extension: str
    content: bytes

    @property
    def content_type(self) -> str:
        return CONTENT_TYPES[self.extension]


def check(upload: ResumeUpload) -> str:
    """The file's extension, judged from its content; LeadValidationError for a file the visitor must replace."""
    limit = settings.max_resume_bytes
    if not upload.content:
        raise LeadValidationError({FIELD: message("resume.empty")})
    if len(upload.content) > limit:
        raise LeadValidationError({FIELD: message("resume.too_large", size=size_text(limit))})
    extension = sniff(upload.content)
    if extension is None:
        raise LeadValidationError({FIELD: message("resume.wrong_type")})
    if active_content(upload.content, extension):
        raise LeadValidationError({FIELD: message("resume.active_content")})
    return extension


def size_text(count: int) -> str:
    """A byte limit in the words the form and its error message use ("5 MB")."""
    return f"{count / 1048576:.3g} MB" if count >= 1048576 else f"{max(count // 1024, 1)} KB"


def resume_write(db_session: Session, lead_id: int, upload: ResumeUpload, extension: str) -> None:
    """Add the checked résumé to the lead's transaction (committed with it, or not at all)."""
    db_session.add(LeadResume(lead_id=lead_id, extension=extension, size=len(upload.content), content=upload.content))


def resume_read(db_session: Session, lead_id: int, filename: str | None) -> StoredResume | None:
    """The lead's résumé under its download name, or None when it has none."""
    row = db_session.get(LeadResume, lead_id)
    if row is None:
        return None
    return StoredResume(download_name(filename or "", row.extension), row.extension, row.content)


def display_name(filename: str) -> str:
    """The visitor's file name without folders or control characters, for staff to read."""
    name = PurePosixPath(str(filename).replace("\\", "/")).name
    name = "".join(ch for ch in name if unicodedata.category(ch) not in ("Cc", "Cs"))
    return name[: max_length(Lead, "resume_filename")]


def download_name(filename: str, extension: str) -> str:
    """The visitor's name with the detected type's extension in place of theirs, fitting its column:
    saved to disk, a PDF called ``x.html`` must open as a PDF, never as a web page."""
    name = display_name(filename)
    stem, dot, _ = name.rpartition(".")
    stem = (stem if dot else name).strip() or DEFAULT_STEM
    return stem[: max_length(Lead, "resume_filename") - len(extension)] + extension


def legacy_folder() -> Path:
    """Where an earlier release stored résumé files (its RESUME_DIR, else its default ``var/resumes``)."""
    return Path(os.environ.get(LEGACY_FOLDER_VARIABLE) or PROJECT_ROOT / "var" / "resumes")
