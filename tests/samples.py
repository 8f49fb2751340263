"""Sample résumé files shared by the lead, state and browser tests: real documents of each accepted
type (built here, no binary fixtures), and impostors that only start like one."""

from __future__ import annotations

import io
import struct
import zipfile

from pypdf import PdfWriter

_END, _FREE, _FAT, _NONE = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF


def pdf(pages: int = 1) -> bytes:
    writer = PdfWriter()
    for _ in range(pages):
        writer.add_blank_page(width=595, height=842)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def docx() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return buffer.getvalue()


def doc(stream: str = "WordDocument", beside: str = "", storages: tuple[str, ...] = ()) -> bytes:
    """A minimal Word 97 compound file: FAT sector, directory sectors, one 4 KiB stream (and ``beside``,
    a second stream over the same bytes, e.g. a macro storage's name; and ``storages``, empty storages
    each inside the one before, e.g. ("ObjectPool", "Macros") for ObjectPool/Macros)."""
    data_sectors = 8
    outer = 3 if beside else 2  # the directory index of the first of ``storages``
    count = outer + len(storages)
    directory_sectors = -(-count // 4)  # four 128-byte entries to a 512-byte sector
    data = 1 + directory_sectors  # sector 0 holds the FAT, the directory follows, then the stream's bytes
    fat = [_FAT, *range(2, data), _END, *range(data + 1, data + data_sectors), _END]
    fat_sector = struct.pack("<128I", *fat, *[_FREE] * (128 - len(fat)))
    size = data_sectors * 512
    entries = [
        _entry("Root Entry", 5, child=1, start=_END, size=0),
        _entry(stream, 2, child=_NONE, start=data, size=size, right=2 if beside else outer if storages else _NONE),
    ]
    if beside:
        entries.append(_entry(beside, 2, child=_NONE, start=data, size=size, right=outer if storages else _NONE))
    for index, name in enumerate(storages, start=outer):
        entries.append(_entry(name, 1, child=index + 1 if index + 1 < count else _NONE, start=0, size=0))
    empty = b"\0" * 64 + struct.pack("<HBB3I", 0, 0, 0, _NONE, _NONE, _NONE) + b"\0" * 52
    directory = b"".join(entries) + empty * (directory_sectors * 4 - count)
    header = (
        bytes.fromhex("D0CF11E0A1B11AE1")
        + b"\0" * 16
        + struct.pack("<HHHHH6xIIIIIIIII", 0x3E, 3, 0xFFFE, 9, 6, 0, 1, 1, 0, 4096, _END, 0, _END, 0)
        + struct.pack("<109I", 0, *[_FREE] * 108)
    )
    return header + fat_sector + directory + b"W" * size


def _entry(name: str, kind: int, *, child: int, start: int, size: int, right: int = _NONE) -> bytes:
    encoded = (name + "\0").encode("utf-16-le")
    return (
        encoded.ljust(64, b"\0")
        + struct.pack("<HBB3I", len(encoded), kind, 1, _NONE, right, child)
        + b"\0" * 16
        + struct.pack("<IQQIQ", 0, 0, 0, start, size)
    )


PDF = pdf()
HTML_BEHIND_PDF_MAGIC = b"%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n"
HTML_BEHIND_DOC_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1") + b"<html><script>alert(1)</script></html>" * 20
