"""Résumé checks by content, size limit on the server, storage outside any web root."""

from __future__ import annotations

import pytest
from samples import PDF, docx

from marketing_site.leads import uploads
from marketing_site.leads.errors import LeadValidationError
from marketing_site.settings import PROJECT_ROOT, settings

OLE2_DOC = bytes.fromhex("D0CF11E0A1B11AE1") + b"\x00" * 504


@pytest.mark.parametrize(("content", "extension"), [
    (PDF, ".pdf"), (OLE2_DOC, ".doc"), (docx(), ".docx"),
])
def test_allowed_types_are_recognised_by_content(content, extension):
    stored = uploads.store(uploads.ResumeUpload("resume.bin", content))
    try:
        assert stored.path.suffix == extension and stored.path.read_bytes() == content
        assert stored.path.parent == settings.resume_dir
    finally:
        uploads.discard(stored)


@pytest.mark.parametrize(("name", "content"), [
    ("cv.pdf", b"MZ\x90\x00\x03" + b"\x00" * 100),  # a Windows .exe renamed .pdf
    ("cv.docx", b"PK\x03\x04 not really a zip"),
    ("cv.docx", b"PK\x03\x04"),
    ("cv.txt", b"plain text"),
])
def test_other_content_is_refused_whatever_its_name(name, content):
    with pytest.raises(LeadValidationError) as caught:
        uploads.store(uploads.ResumeUpload(name, content))
    assert caught.value.errors == {"resume": "Please upload your résumé as a PDF or Word document (.pdf, .doc or .docx)."}


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


def test_resume_dir_is_outside_every_web_root():
    web_roots = [PROJECT_ROOT / name for name in ("assets", ".web", "uploaded_files")]
    assert not any(settings.resume_dir.resolve().is_relative_to(root.resolve()) for root in web_roots)


@pytest.mark.parametrize(("raw", "shown"), [
    ("C:\\Users\\me\\CV.docx", "CV.docx"), ("../../etc/passwd", "passwd"), ("cv\x00.pdf", "cv.pdf"),
])
def test_original_name_is_kept_without_folders(raw, shown):
    assert uploads.display_name(raw) == shown
