"""What an uploaded file really is: a PDF or Word document is recognised by parsing its structure,
not by its name or first bytes, so an HTML page that merely starts with "%PDF-" is refused.

Parsers of untrusted bytes can fail in any way (pypdf and olefile raise many error types on
garbage), so any failure means "not a document".
"""

from __future__ import annotations

import io
import logging
import zipfile
from collections.abc import Callable

import olefile
from pypdf import PdfReader

log = logging.getLogger(__name__)


def _pdf_has_pages(content: bytes) -> bool:
    """A cross-reference table pypdf can read and at least one page (or encryption we cannot look behind)."""
    reader = PdfReader(io.BytesIO(content), strict=False)
    return reader.is_encrypted or len(reader.pages) > 0


def _has_word_stream(content: bytes) -> bool:
    """An OLE2 compound file holding the WordDocument stream every .doc has."""
    with olefile.OleFileIO(io.BytesIO(content)) as compound:
        return compound.exists("WordDocument")


def _has_document_xml(content: bytes) -> bool:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return "word/document.xml" in archive.namelist()


# (first bytes, extension, what it claims to be, the structure check)
_TYPES: tuple[tuple[bytes, str, str, Callable[[bytes], bool]], ...] = (
    (b"%PDF-", ".pdf", "PDF", _pdf_has_pages),
    (bytes.fromhex("D0CF11E0A1B11AE1"), ".doc", "Word 97 document", _has_word_stream),
    (b"PK\x03\x04", ".docx", "Word document", _has_document_xml),
)


def sniff(content: bytes) -> str | None:
    """The file's extension (.pdf, .doc, .docx) judged from its content, or None if it is none of them."""
    for magic, extension, claimed, parses in _TYPES:
        if content.startswith(magic):
            try:
                return extension if parses(content) else None
            except Exception:
                log.info("Refused a file that starts like a %s but does not parse as one", claimed, exc_info=True)
                return None
    return None
