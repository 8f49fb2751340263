"""Every page has its own 1200x630 sharing card in assets/, named in its Open Graph and Twitter tags."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from marketing_site import routes
from marketing_site.pages.head.seo import SHARE_CARD_SIZE, share_card_src, share_image
from marketing_site.pages.registry import PAGES

ASSETS = Path(__file__).resolve().parent.parent / "assets"
CARD_BUDGET = 90_000


def jpeg_size(data: bytes) -> tuple[int, int]:
    """Width and height from the first start-of-frame marker."""
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    offset = 2
    while offset < len(data):
        marker, length = data[offset + 1], struct.unpack(">H", data[offset + 2 : offset + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[offset + 5 : offset + 9])
            return width, height
        offset += 2 + length
    raise AssertionError("no frame header")


@pytest.mark.parametrize("spec", [s for s in PAGES if s.route != routes.NOT_FOUND], ids=lambda spec: spec.route)
def test_each_page_has_its_sharing_card(spec) -> None:
    card = ASSETS / share_card_src(spec).lstrip("/")
    data = card.read_bytes()
    assert jpeg_size(data) == SHARE_CARD_SIZE and len(data) < CARD_BUDGET
    assert share_image(spec).endswith(share_card_src(spec)) and "favicon" not in share_image(spec)


def test_cards_are_made_per_page_not_shared() -> None:
    canonical = {share_card_src(s) for s in PAGES if s.route != routes.NOT_FOUND and not s.canonical}
    assert len(canonical) == len([s for s in PAGES if s.route != routes.NOT_FOUND and not s.canonical])
