"""Résumé files: accept PDF and Word by their bytes, not their names, and keep them off the web.

Files go to settings.resume_dir under a random name. The service writes the file before the
row and deletes it again if the row does not commit, so no row points at a missing file and
no file is left without a row.
"""

from __future__ import annotations

import io
import logging
import os
import unicodedata
import uuid
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from marketing_site.content.messages import message
from marketing_site.leads.errors import LeadValidationError
from marketing_site.settings import settings

log = logging.getLogger(__name__)
FIELD = "resume"
_OLE2 = bytes.fromhex("D0CF11E0A1B11AE1")


@dataclass(frozen=True)
class ResumeUpload:
    filename: str
    content: bytes


@dataclass(frozen=True)
class StoredResume:
    path: Path
    original_filename: str


def sniff(content: bytes) -> tuple[str, str] | None:
    """(extension, content type) judged from the file's first bytes, or None if not allowed."""
    if content.startswith(b"%PDF-"):
        return ".pdf", "application/pdf"
    if content.startswith(_OLE2):
        return ".doc", "application/msword"
    if content.startswith(b"PK\x03\x04") and _is_docx(content):
        return ".docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    return None


def _is_docx(content: bytes) -> bool:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return "word/document.xml" in archive.namelist()
    except (zipfile.BadZipFile, ValueError, EOFError, OSError):
        return False


def check(upload: ResumeUpload) -> tuple[str, str]:
    limit = settings.max_resume_bytes
    if not upload.content:
        raise LeadValidationError({FIELD: message("resume.empty")})
    if len(upload.content) > limit:
        raise LeadValidationError({FIELD: message("resume.too_large", size=size_text(limit))})
    kind = sniff(upload.content)
    if kind is None:
        raise LeadValidationError({FIELD: message("resume.wrong_type")})
    return kind


def size_text(count: int) -> str:
    """A byte limit in the words the form and its error message use ("5 MB")."""
    return f"{count / 1048576:.3g} MB" if count >= 1048576 else f"{max(count // 1024, 1)} KB"


def store(upload: ResumeUpload) -> StoredResume:
    """Check and write the file; raises LeadValidationError for a file the visitor must replace."""
    extension, _ = check(upload)
    directory = settings.resume_dir
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{uuid.uuid4().hex}{extension}"
    try:
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as handle:
            handle.write(upload.content)
    except BaseException:
        path.unlink(missing_ok=True)  # a full disk must not leave half a résumé behind
        raise
    return StoredResume(path, display_name(upload.filename))


def discard(stored: StoredResume) -> None:
    stored.path.unlink(missing_ok=True)
    log.info("Removed résumé %s after the application was not saved", stored.path.name)


def display_name(filename: str) -> str:
    """The visitor's file name without folders or control characters, for staff to read."""
    name = PurePosixPath(str(filename).replace("\\", "/")).name
    name = "".join(ch for ch in name if unicodedata.category(ch) not in ("Cc", "Cs"))
    return name[:255]
