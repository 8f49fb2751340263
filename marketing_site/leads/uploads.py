"""Résumé files: accept PDF and Word by their content (documents.py), not their names, and keep them off the web.

Files go to settings.resume_dir under a random name. The service writes the file before the
row and deletes it again if the row does not commit, so no row points at a missing file and
no file is left without a row.
"""

from __future__ import annotations

import logging
import os
import unicodedata
import uuid
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from marketing_site.content.messages import message
from marketing_site.core.columns import max_length
from marketing_site.leads.documents import sniff
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.models import Lead
from marketing_site.settings import settings

log = logging.getLogger(__name__)
FIELD = "resume"


@dataclass(frozen=True)
class ResumeUpload:
    filename: str
    content: bytes


@dataclass(frozen=True)
class StoredResume:
    path: Path
    original_filename: str


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
    return extension


def size_text(count: int) -> str:
    """A byte limit in the words the form and its error message use ("5 MB")."""
    return f"{count / 1048576:.3g} MB" if count >= 1048576 else f"{max(count // 1024, 1)} KB"


def store(upload: ResumeUpload) -> StoredResume:
    """Check and write the file; raises LeadValidationError for a file the visitor must replace."""
    extension = check(upload)
    directory = settings.resume_dir
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{uuid.uuid4().hex}{extension}"
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # never replaces a file, staff-only
    try:
        with open(descriptor, "wb") as handle:
            handle.write(upload.content)
    except BaseException:
        path.unlink()  # a full disk must not leave half a résumé behind
        raise
    return StoredResume(path, display_name(upload.filename))


def discard(stored: StoredResume) -> None:
    stored.path.unlink(missing_ok=True)
    log.info("Removed résumé %s after the application was not saved", stored.path.name)


CONTENT_TYPES = {
    ".pdf": "application/pdf",
    ".doc": "application/msword",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}


def stored_path(name: str) -> Path | None:
    """The stored résumé called ``name`` (a row's resume_file), or None: never a path outside RESUME_DIR."""
    stem, _, extension = name.rpartition(".")
    if not (len(stem) == 32 and all(ch in "0123456789abcdef" for ch in stem) and f".{extension}" in CONTENT_TYPES):
        return None
    path = settings.resume_dir / name
    return path if path.is_file() else None


def remove_stored(name: str) -> None:
    path = stored_path(name)
    if path is not None:
        path.unlink(missing_ok=True)


def display_name(filename: str) -> str:
    """The visitor's file name without folders or control characters, for staff to read."""
    name = PurePosixPath(str(filename).replace("\\", "/")).name
    name = "".join(ch for ch in name if unicodedata.category(ch) not in ("Cc", "Cs"))
    return name[: max_length(Lead, "resume_filename")]
