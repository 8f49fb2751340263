"""What an uploaded file really is: a PDF or Word document is recognised by parsing its structure,
not by its name or first bytes, so an HTML page that merely starts with "%PDF-" is refused.

A Word document is also looked inside (``active_content``): a .docx is a zip archive, so its unpacked
size and member count are bounded before anything is unpacked (a zip bomb, ASVS 5.0 5.2.3), and it
may carry no macros (``word/vbaProject.bin``), ActiveX controls, web pages or scripts; a .doc may
carry no macro storage. Staff open these files on their own machines.

Parsers of untrusted bytes can fail in any way (pypdf and olefile raise many error types on
garbage), so any failure means "not a document".
"""

from __future__ import annotations

import html
import io
import logging
import zipfile
from collections.abc import Callable

import olefile
from pypdf import PdfReader

log = logging.getLogger(__name__)

MAX_UNPACKED_BYTES = 50 * 1024 * 1024  # a .docx of text and pictures unpacks to a few MB
MAX_MEMBERS = 1000  # files inside one .docx
# Lowercase: readers of Office Open XML find it in any letter case (and in interleaved pieces named under it).
CONTENT_TYPES_PART = "[content_types].xml"
# Inside a .docx: parts that run code or render as a web page when the document opens.
ACTIVE_NAMES = ("vbaproject", "vbadata", "activex")
ACTIVE_SUFFIXES = (".htm", ".html", ".xhtml", ".mht", ".mhtml", ".js", ".vbs", ".hta", ".exe")
ACTIVE_TYPES = ("macroenabled", "vbaproject", "activex", "html", "javascript", "ecmascript", "message/rfc822")
OLE_MACRO_STORAGES = ("macros", "_vba_project_cur", "vba")


def _pdf_has_pages(content: bytes) -> bool:
    """A cross-reference table pypdf can read and at least one page (or encryption we cannot look behind)."""
    reader = PdfReader(io.BytesIO(content), strict=False)
    return reader.is_encrypted or len(reader.pages) > 0


def _has_word_stream(content: bytes) -> bool:
    """An OLE2 compound file holding the WordDocument stream every .doc has."""
    with olefile.OleFileIO(io.BytesIO(content)) as compound:
        return bool(compound.exists("WordDocument"))


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


def _docx_active_content(content: bytes) -> str | None:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            return f"{len(members)} files inside"
        unpacked = sum(member.file_size for member in members)  # reading never yields more than these sizes
        if unpacked > MAX_UNPACKED_BYTES:
            return f"{unpacked} bytes unpacked"
        for member in members:
            name = member.filename.lower()
            if any(part in name for part in ACTIVE_NAMES) or name.endswith(ACTIVE_SUFFIXES):
                return f"a part named {member.filename}"
        declared = _declared_types(archive)
        found = next((kind for kind in ACTIVE_TYPES if kind in declared), None)
        if found:
            return f"a part of type {found}"
    return None


def _declared_types(archive: zipfile.ZipFile) -> str:
    """The content types a .docx declares, lowercase, spelled as an XML reader reads them: Office Open XML
    allows UTF-16 as well as UTF-8 (its NUL bytes are dropped: XML text holds none), a character reference
    (&#104;) spells a letter ("h"), and [Content_Types].xml counts in any letter case."""
    raw = b"".join(
        archive.read(member) for member in archive.infolist() if member.filename.lower().startswith(CONTENT_TYPES_PART)
    )
    return html.unescape(raw.replace(b"\0", b"").decode("utf-8", "replace")).lower()


def _doc_active_content(content: bytes) -> str | None:
    with olefile.OleFileIO(io.BytesIO(content)) as compound:
        for entry in compound.listdir(streams=True, storages=True):
            if any(part.lower() in OLE_MACRO_STORAGES for part in entry):
                return f"a macro storage {'/'.join(entry)}"
    return None


_INSIDE: dict[str, Callable[[bytes], str | None]] = {".docx": _docx_active_content, ".doc": _doc_active_content}


def active_content(content: bytes, extension: str) -> str | None:
    """Why a recognised document must still be refused (macros, a web page or script inside, a zip bomb),
    in words for the log; None when it is plain. Called after ``sniff`` named its ``extension``."""
    inspect = _INSIDE.get(extension)
    if inspect is None:
        return None
    try:
        reason = inspect(content)
    except Exception:
        log.info("Refused a %s whose inside could not be read", extension, exc_info=True)
        return "an unreadable inside"
    if reason:
        log.info("Refused a %s holding %s", extension, reason)
    return reason
