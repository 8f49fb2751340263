"""The site's widgets are Python (issue 22): no hand-written React component is left under marketing_site/, and
the little JavaScript that Python cannot say stays small, in named files that each say why they exist."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "marketing_site"
STAFF_AREA = PACKAGE / "admin"  # server-rendered pages of their own (passkeys need the WebAuthn browser API)
SITE_SCRIPT_LINES = 100


def site_scripts() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.js") if STAFF_AREA not in path.parents)


def test_no_hand_written_react_component_is_left():
    assert sorted(PACKAGE.rglob("*.jsx")) == [] and sorted(PACKAGE.rglob("*.tsx")) == []


def test_the_sites_javascript_stays_within_its_budget():
    lines = {path.name: len(path.read_text().splitlines()) for path in site_scripts()}
    assert sum(lines.values()) <= SITE_SCRIPT_LINES, lines


def test_each_script_opens_with_the_reason_it_is_not_python():
    for path in site_scripts():
        opening = path.read_text().lstrip()
        assert opening.startswith(("/**", "//")), f"{path.name} starts without saying why it is JavaScript"


def test_no_script_is_a_react_component():
    for path in site_scripts():
        text = path.read_text()
        assert 'from "react"' not in text and "from 'react'" not in text, path.name
