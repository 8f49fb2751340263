"""Every image and video the content references exists, matches its declared size and stays small.

Reads files with the standard library only (SVG as XML, WebP/ICO/MP4 headers), so it needs no Pillow.
"""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from marketing_site.content import home, site
from marketing_site.content.modules import MODULES
from scripts.artwork.discover import referenced_images, referenced_videos

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SVG_BUDGET = 30_000
RASTER_BUDGET = 80_000  # the hero is the mobile LCP element
VIDEO_BUDGET = 200_000
IMAGES = referenced_images()
VIDEOS = sorted(referenced_videos())


def _file(src: str) -> Path:
    path = ASSETS / src.lstrip("/")
    assert path.is_file(), f"{src} is referenced by content but missing from assets/"
    return path


def _webp_size(data: bytes) -> tuple[int, int]:
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", "not a WebP file"
    chunk = data[12:16]
    if chunk == b"VP8X":
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    if chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    width, height = struct.unpack("<HH", data[26:30])
    return width & 0x3FFF, height & 0x3FFF


def _mp4_boxes(data: bytes) -> list[bytes]:
    boxes, offset = [], 0
    while offset + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[offset : offset + 8])
        boxes.append(kind)
        offset += size if size else len(data)
    return boxes


def test_discovery_finds_the_known_records():
    expected = {site.LOGO.src, home.HERO_IMAGE.src, site.FOOTER_PARTNERS_IMAGE.src, home.VIDEO_POSTER.src}
    expected |= {module.image.src for module in MODULES} | {module.poster.src for module in MODULES}
    assert expected <= IMAGES.keys()
    assert {home.VIDEO.src, *(module.video.src for module in MODULES)} <= set(VIDEOS)


@pytest.mark.parametrize("src", sorted(src for src in IMAGES if src.endswith(".svg")))
def test_svg_matches_its_record(src: str):
    path, image = _file(src), IMAGES[src]
    root = ET.fromstring(path.read_bytes())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height")) == (str(image.width), str(image.height))
    assert root.get("viewBox") == f"0 0 {image.width} {image.height}"
    assert path.stat().st_size < SVG_BUDGET
    assert "http" not in path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", ""), (
        "no external references"
    )


@pytest.mark.parametrize("src", sorted(src for src in IMAGES if src.endswith(".webp")))
def test_raster_matches_its_record(src: str):
    data = _file(src).read_bytes()
    assert _webp_size(data) == (IMAGES[src].width, IMAGES[src].height)
    assert len(data) < RASTER_BUDGET


@pytest.mark.parametrize("src", VIDEOS)
def test_video_is_a_small_streamable_h264_mp4(src: str):
    data = _file(src).read_bytes()
    boxes = _mp4_boxes(data)
    assert boxes[0] == b"ftyp"
    assert boxes.index(b"moov") < boxes.index(b"mdat"), "moov must come first (+faststart)"
    assert b"avc1" in data[: data.index(b"mdat")], "H.264 video track"
    assert len(data) < VIDEO_BUDGET


def test_favicon_holds_16_and_32_pixel_icons():
    data = (ASSETS / "favicon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    sizes = {data[6 + 16 * i] for i in range(count)}
    assert (reserved, kind) == (0, 1)
    assert {16, 32} <= sizes


def _unframed_shapes(element: ET.Element) -> Iterator[tuple[str, tuple[float, float, float, float]]]:
    """Bounding boxes of the circles, ellipses and rectangles drawn in the image's own coordinates
    (definitions and anything under a transform or a nested viewport are left out)."""
    for child in element:
        tag = child.tag.rsplit("}", 1)[-1]
        if tag in {"defs", "svg"} or "transform" in child.attrib:
            continue
        a = {
            key: float(value)
            for key, value in child.attrib.items()
            if key in {"cx", "cy", "r", "rx", "ry", "x", "y", "width", "height"}
        }
        if tag == "circle":
            yield tag, (a["cx"] - a["r"], a["cy"] - a["r"], a["cx"] + a["r"], a["cy"] + a["r"])
        elif tag == "ellipse":
            yield tag, (a["cx"] - a["rx"], a["cy"] - a["ry"], a["cx"] + a["rx"], a["cy"] + a["ry"])
        elif tag == "rect":
            x, y = a.get("x", 0.0), a.get("y", 0.0)
            yield tag, (x, y, x + a["width"], y + a["height"])
        yield from _unframed_shapes(child)


ILLUSTRATIONS = sorted(
    src for src in IMAGES if src.endswith(".svg") and "/posters/" not in src and IMAGES[src].width >= 400
)


@pytest.mark.parametrize("src", ILLUSTRATIONS)
def test_no_shape_of_an_illustration_is_cut_by_its_edge(src: str):
    """Issue 7: a disc cut by the image's edge looks clipped on a page of another colour (posters sit in
    a rounded frame of their own and are left out)."""
    root = ET.parse(_file(src)).getroot()
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    cut = [
        (tag, box)
        for tag, box in _unframed_shapes(root)
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height
    ]
    assert not cut, f"{src}: shapes cut by the edge: {cut}"
