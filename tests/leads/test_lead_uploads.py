"""Résumé checks by content (and inside a Word document), the size limit, and the name staff download it under."""

from __future__ import annotations

import io
import logging
import zipfile

import pytest
from lead_payloads import CAREERS
from samples import HTML_BEHIND_DOC_MAGIC, HTML_BEHIND_PDF_MAGIC, PDF, doc, docx, pdf
from stored_leads import fetch, resume_count, resume_of

from marketing_site.leads import documents, uploads
from marketing_site.leads.errors import LeadValidationError
from marketing_site.leads.service import SubmissionContext, application_submit
from marketing_site.settings import settings

DOCUMENTS_LOG = "marketing_site.leads.documents"
ACTIVE_CONTENT = {
    "resume": "Your résumé holds macros, scripts or web content we can't accept. "
    "Please save it as a plain PDF or Word document and upload that."
}


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
    assert uploads.check(uploads.ResumeUpload("resume.bin", content)) == extension


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
        uploads.check(uploads.ResumeUpload(name, content))
    assert caught.value.errors == {
        "resume": "Please upload your résumé as a PDF or Word document (.pdf, .doc or .docx)."
    }


def test_zip_that_is_not_a_word_document_is_refused():
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


def word(
    *parts: tuple[str, bytes | str], types: bytes | str = "<Types/>", types_part: str = "[Content_Types].xml"
) -> bytes:
    """A .docx holding the parts every Word document has (its list of types under ``types_part``), and ``parts``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(types_part, types)
        archive.writestr("word/document.xml", "<w:document/>")
        for name, body in parts:
            archive.writestr(name, body)
    return buffer.getvalue()


MACRO_TYPES = '<Types><Override ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>'
HTML_CHUNK_TYPES = '<Types><Default Extension="htm" ContentType="text/html"/></Types>'
# A web page Word shows inline, under a name no check looks for: only its declared type tells (text/html)
HIDDEN_HTML = ("word/chunk.dat", "<script>alert(1)</script>")
HIDDEN_HTML_TYPES = '<Types><Default Extension="dat" ContentType="text/html"/></Types>'
UTF_16 = '<?xml version="1.0" encoding="UTF-16"?>'


@pytest.mark.parametrize(
    "content",
    [
        word(("word/vbaProject.bin", b"macro")),  # a macro project, whatever the document calls itself
        word(types=MACRO_TYPES),  # a .docm renamed .docx
        word(("word/afchunk.htm", "<script>alert(1)</script>")),  # an HTML page Word shows inline
        word(types=HTML_CHUNK_TYPES),
        word(("word/activeX/activeX1.xml", "<ax/>")),
        word(("customXml/page.js", "alert(1)")),
        word(("word/media/bomb.txt", b"0" * (documents.MAX_UNPACKED_BYTES + 1))),  # a zip bomb
        word(*((f"word/media/{n}.txt", "x") for n in range(documents.MAX_MEMBERS))),  # more files than a document needs
        # the list of types spelled as an XML reader (Word's) reads it, not as its bytes look:
        word(HIDDEN_HTML, types=(UTF_16 + HIDDEN_HTML_TYPES).encode("utf-16")),  # in UTF-16, as Office Open XML allows
        word(HIDDEN_HTML, types=HIDDEN_HTML_TYPES.replace("text/html", "text/&#104;tml")),  # "h" as a reference
        word(HIDDEN_HTML, types=HIDDEN_HTML_TYPES, types_part="[CONTENT_TYPES].XML"),  # found in any letter case
    ],
    ids=[
        "vba-project",
        "macro-type",
        "html-part",
        "html-type",
        "activex",
        "script",
        "unpacked-size",
        "members",
        "utf-16-types",
        "character-reference",
        "types-in-capitals",
    ],
)
def test_a_word_document_with_macros_web_content_or_a_bomb_inside_is_refused(content):
    assert len(content) < settings.max_resume_bytes  # each fits the upload limit packed
    assert uploads.sniff(content) == ".docx"
    with pytest.raises(LeadValidationError) as caught:
        uploads.check(uploads.ResumeUpload("cv.docx", content))
    assert caught.value.errors == ACTIVE_CONTENT


def test_a_plain_word_document_with_pictures_is_accepted():
    assert uploads.check(uploads.ResumeUpload("cv.docx", word(("word/media/image1.png", b"\x89PNG" * 1000)))) == ".docx"


def test_a_word_97_document_with_a_macro_storage_is_refused():
    assert uploads.check(uploads.ResumeUpload("cv.doc", doc())) == ".doc"
    with pytest.raises(LeadValidationError, match="macros"):
        uploads.check(uploads.ResumeUpload("cv.doc", doc(beside="Macros")))


def refusals(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Why résumés were refused, as the log tells staff (the visitor only reads the one message)."""
    return [record.getMessage() for record in caplog.records if record.name == DOCUMENTS_LOG]


def unpacked(content: bytes) -> int:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return sum(member.file_size for member in archive.infolist())


def media(count: int) -> list[tuple[str, str]]:
    return [(f"word/media/{n}.txt", "x") for n in range(count)]


def test_a_word_document_with_exactly_the_most_files_inside_is_stored_and_one_file_more_is_refused(caplog):
    """The zip-bomb bound counts every file inside, the two parts every document has included."""
    caplog.set_level(logging.INFO, logger=DOCUMENTS_LOG)
    at_limit = word(*media(documents.MAX_MEMBERS - 2))
    assert len(zipfile.ZipFile(io.BytesIO(at_limit)).infolist()) == documents.MAX_MEMBERS
    lead = fetch(application_submit(CAREERS, uploads.ResumeUpload("cv.docx", at_limit), SubmissionContext("members")))
    assert (resume_of(lead.id).content, resume_of(lead.id).extension) == (at_limit, ".docx")
    before = resume_count()
    with pytest.raises(LeadValidationError) as caught:
        application_submit(
            CAREERS, uploads.ResumeUpload("cv.docx", word(*media(documents.MAX_MEMBERS - 1))), SubmissionContext("more")
        )
    assert caught.value.errors == ACTIVE_CONTENT and resume_count() == before
    assert refusals(caplog) == [f"Refused a .docx holding {documents.MAX_MEMBERS + 1} files inside"]


def test_a_word_document_unpacking_to_exactly_the_most_bytes_is_stored_and_one_byte_more_is_refused(caplog):
    """The bound is on what the document unpacks to (every part's size added up), not on the upload."""
    caplog.set_level(logging.INFO, logger=DOCUMENTS_LOG)
    filler = documents.MAX_UNPACKED_BYTES - unpacked(word(("word/media/filler.bin", b"")))
    at_limit = word(("word/media/filler.bin", b"\0" * filler))
    assert unpacked(at_limit) == documents.MAX_UNPACKED_BYTES
    lead = fetch(application_submit(CAREERS, uploads.ResumeUpload("cv.docx", at_limit), SubmissionContext("bytes")))
    assert resume_of(lead.id).content == at_limit
    before = resume_count()
    over = word(("word/media/filler.bin", b"\0" * (filler + 1)))
    with pytest.raises(LeadValidationError) as caught:
        application_submit(CAREERS, uploads.ResumeUpload("cv.docx", over), SubmissionContext("one-byte-more"))
    assert caught.value.errors == ACTIVE_CONTENT and resume_count() == before
    assert refusals(caplog) == [f"Refused a .docx holding {documents.MAX_UNPACKED_BYTES + 1} bytes unpacked"]


@pytest.mark.parametrize(
    ("name", "content", "logged"),
    [
        (
            "cv.docx",
            word(("word/vbaProject.bin", b"macro")),
            "Refused a .docx holding a part named word/vbaProject.bin",
        ),
        (  # an empty macro storage, two storages down: storages are looked at, not only the streams in them
            "cv.doc",
            doc(storages=("ObjectPool", "Macros")),
            "Refused a .doc holding a macro storage ObjectPool/Macros",
        ),
    ],
    ids=["docx-macro-part", "doc-empty-macro-storage"],
)
def test_a_refused_word_document_is_logged_with_its_type_and_what_it_holds(caplog, name, content, logged):
    caplog.set_level(logging.INFO, logger=DOCUMENTS_LOG)
    with pytest.raises(LeadValidationError) as caught:
        uploads.check(uploads.ResumeUpload(name, content))
    assert caught.value.errors == ACTIVE_CONTENT
    assert refusals(caplog) == [logged]


def test_a_word_document_whose_inside_cannot_be_read_is_refused_and_logged_with_the_error(caplog):
    """A part damaged after zipping (its checksum no longer matches) is refused, the zip module's error in the log."""
    caplog.set_level(logging.INFO, logger=DOCUMENTS_LOG)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:  # stored, not compressed: a part's bytes can be changed in place
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    damaged = buffer.getvalue().replace(b"<Types/>", b"<Types!>")
    with pytest.raises(LeadValidationError) as caught:
        uploads.check(uploads.ResumeUpload("cv.docx", damaged))
    assert caught.value.errors == ACTIVE_CONTENT
    [record] = [record for record in caplog.records if record.name == DOCUMENTS_LOG]
    assert record.getMessage() == "Refused a .docx whose inside could not be read"
    assert record.exc_info and isinstance(record.exc_info[1], zipfile.BadZipFile)


def test_a_word_document_whose_content_types_are_utf_16_is_accepted():
    """Office Open XML parts may be UTF-16 as well as UTF-8: such a list of types is read, not refused as unreadable."""
    types = UTF_16 + '<Types><Default Extension="xml" ContentType="application/xml"/></Types>'
    assert uploads.check(uploads.ResumeUpload("cv.docx", word(types=types.encode("utf-16")))) == ".docx"


@pytest.mark.parametrize(
    ("visitor_name", "extension", "downloaded_as"),
    [
        ("x.html", ".pdf", "x.pdf"),  # a real PDF with a web page's name opens as a PDF
        ("CV Sara.pdf", ".pdf", "CV Sara.pdf"),
        ("cv.DOCX", ".docx", "cv.docx"),
        ("my.cv.final.pdf", ".doc", "my.cv.final.doc"),
        ("resume", ".docx", "resume.docx"),
        ("", ".pdf", "resume.pdf"),
        ("../../.html", ".pdf", "resume.pdf"),
        ("c" * 300 + ".html", ".docx", "c" * 250 + ".docx"),  # the column holds 255
    ],
)
def test_the_download_name_ends_in_the_detected_type(visitor_name, extension, downloaded_as):
    assert uploads.download_name(visitor_name, extension) == downloaded_as
