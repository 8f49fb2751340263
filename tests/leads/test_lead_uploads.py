"""Résumé checks by content, size limit on the server, storage outside any web root."""

from __future__ import annotations

import logging
import uuid

import pytest
from samples import HTML_BEHIND_DOC_MAGIC, HTML_BEHIND_PDF_MAGIC, PDF, doc, docx, pdf

from marketing_site.leads import uploads
from marketing_site.leads.errors import LeadValidationError
from marketing_site.settings import settings


@pytest.mark.parametrize(
    ("content", "extension"),
    [
        (PDF, ".pdf"),
        (pdf(pages=3), ".pdf"),
        (doc(), ".doc"),
        (docx(), ".docx"),
    ],
)
def test_allowed_types_are_recognised_by_content(content, extension):
    stored = uploads.store(uploads.ResumeUpload("resume.bin", content))
    try:
        assert stored.path.suffix == extension and stored.path.read_bytes() == content
        assert stored.path.parent == settings.resume_dir
    finally:
        uploads.discard(stored)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("cv.pdf", b"MZ\x90\x00\x03" + b"\x00" * 100),  # a Windows .exe renamed .pdf
        ("cv.pdf", HTML_BEHIND_PDF_MAGIC),  # a web page that only starts like a PDF
        ("cv.pdf", PDF[: len(PDF) // 2]),  # half a PDF (an upload cut short)
        ("cv.pdf", b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),  # no page, no cross-reference table
        ("cv.doc", HTML_BEHIND_DOC_MAGIC),
        ("cv.doc", doc(stream="Workbook")),  # a compound file, but an Excel one
        ("cv.docx", b"PK\x03\x04 not really a zip"),
        ("cv.docx", b"PK\x03\x04"),
        ("cv.txt", b"plain text"),
    ],
)
def test_other_content_is_refused_whatever_its_name(name, content):
    with pytest.raises(LeadValidationError) as caught:
        uploads.store(uploads.ResumeUpload(name, content))
    assert caught.value.errors == {
        "resume": "Please upload your résumé as a PDF or Word document (.pdf, .doc or .docx)."
    }


def test_zip_that_is_not_a_word_document_is_refused():
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("hello.txt", "hi")
    assert uploads.sniff(buffer.getvalue()) is None


def test_oversize_and_empty_files_are_refused():
    with pytest.raises(LeadValidationError, match="too large"):
        uploads.check(uploads.ResumeUpload("big.pdf", PDF + b"0" * settings.max_resume_bytes))
    with pytest.raises(LeadValidationError, match="empty"):
        uploads.check(uploads.ResumeUpload("none.pdf", b""))


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("C:\\Users\\me\\CV.docx", "CV.docx"),
        ("../../etc/passwd", "passwd"),
        ("cv\x00.pdf", "cv.pdf"),
    ],
)
def test_original_name_is_kept_without_folders(raw, shown):
    assert uploads.display_name(raw) == shown


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (5 * 1048576, "5 MB"),
        (1048576, "1 MB"),
        (1536 * 1024, "1.5 MB"),
        (1048575, "1023 KB"),
        (2048, "2 KB"),
        (100, "1 KB"),
        (1053819, "1.01 MB"),
    ],
)  # 1.005 MiB and 1 byte: rounded up
def test_size_limits_are_said_in_words(count, words):
    assert uploads.size_text(count) == words


def test_a_file_of_exactly_the_limit_is_accepted_and_one_byte_more_is_not(monkeypatch):
    monkeypatch.setattr(uploads, "settings", settings.model_copy(update={"max_resume_bytes": len(PDF)}))
    assert uploads.check(uploads.ResumeUpload("cv.pdf", PDF)) == ".pdf"
    with pytest.raises(LeadValidationError) as caught:
        uploads.check(uploads.ResumeUpload("cv.pdf", PDF + b"\n"))
    assert caught.value.errors == {
        "resume": f"Your résumé is too large. Please upload a file of {uploads.size_text(len(PDF))} or less."
    }


def test_a_stored_resume_is_readable_by_the_server_only_in_a_folder_made_on_demand(monkeypatch, tmp_path):
    folder = tmp_path / "not" / "there" / "yet"
    monkeypatch.setattr(uploads, "settings", settings.model_copy(update={"resume_dir": folder}))
    stored = uploads.store(uploads.ResumeUpload("cv.pdf", PDF))
    assert stored.path.parent == folder and stored.path.stat().st_mode & 0o777 == 0o600


def test_a_name_collision_never_replaces_a_stored_resume(monkeypatch):
    fixed = uuid.UUID(int=7)
    monkeypatch.setattr(uploads.uuid, "uuid4", lambda: fixed)
    settings.resume_dir.mkdir(parents=True, exist_ok=True)
    existing = settings.resume_dir / f"{fixed.hex}.pdf"
    existing.write_bytes(b"someone else's CV")
    try:
        with pytest.raises(FileExistsError):
            uploads.store(uploads.ResumeUpload("cv.pdf", PDF))
        assert existing.read_bytes() == b"someone else's CV"
    finally:
        existing.unlink()


def test_unreadable_characters_and_overlong_names_are_cut_from_the_shown_name():
    assert uploads.display_name("\ud800cv\x07.pdf") == "cv.pdf"
    assert uploads.display_name("c" * 300 + ".pdf") == "c" * 255


def test_an_empty_pdf_is_refused_and_a_pdf_with_a_stale_cross_reference_table_is_accepted():
    assert uploads.sniff(pdf(pages=0)) is None
    header_end = PDF.index(b"\n") + 1  # a comment pushed in after the header: every xref offset is now wrong
    assert uploads.sniff(PDF[:header_end] + b"%" + b"x" * 40 + b"\n" + PDF[header_end:]) == ".pdf"


def test_a_refused_impostor_is_logged_with_its_claimed_type_and_the_parser_error(caplog):
    caplog.set_level(logging.INFO, logger="marketing_site.leads.documents")
    assert uploads.sniff(HTML_BEHIND_PDF_MAGIC) is None
    [record] = [r for r in caplog.records if r.name == "marketing_site.leads.documents"]
    assert record.getMessage() == "Refused a file that starts like a PDF but does not parse as one"
    assert record.exc_info and isinstance(record.exc_info[1], Exception)  # the parser's own error, with its trace


def test_staff_reach_a_stored_resume_by_its_row_name_and_nothing_else():
    """stored_path answers the inbox's download and the erasure: only a name the service gave, only in RESUME_DIR."""
    stored = uploads.store(uploads.ResumeUpload("cv.pdf", PDF))
    name = stored.path.name
    assert uploads.stored_path(name) == settings.resume_dir / name
    docx_name = f"{uuid.uuid4().hex}.docx"
    (settings.resume_dir / docx_name).write_bytes(docx())
    assert uploads.stored_path(docx_name) == settings.resume_dir / docx_name
    (settings.resume_dir / f"{'a' * 32}.pdf").mkdir(exist_ok=True)
    for planted in ("notes.pdf", f"{'g' * 32}.pdf", f"{'X' * 32}.pdf", f"{name[:-4]}.exe"):  # files, wrong names
        (settings.resume_dir / planted).write_bytes(PDF)
    for other in (
        f"{uuid.uuid4().hex}.pdf",
        f"../{name}",
        name.upper(),
        name[1:],
        f"x{name}",
        f"{name[:-4]}.exe",
        f"{name[:-4]}g.pdf",
        name.replace(".", ""),
        f"{'a' * 32}.pdf",
        f"{'g' * 32}.pdf",
        "notes.pdf",
        f"{'X' * 32}.pdf",
    ):
        assert uploads.stored_path(other) is None, other
    uploads.remove_stored(f"../{name}")  # refused: nothing outside the rules is touched
    uploads.remove_stored(name)
    uploads.remove_stored(name)  # already gone: nothing to do
    assert not stored.path.exists() and (settings.resume_dir / docx_name).exists()
