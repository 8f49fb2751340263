"""A folder holds at most about 20 modules (issue 30), so its names still read as one list; components/ is
split into forms/ and widgets/ by that rule. The other packages are being split by their owners, and join
this list as they get there."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "marketing_site"
MOST_MODULES = 20
CHECKED = ("components",)


def test_each_checked_folder_holds_at_most_twenty_modules():
    sizes = {
        folder.relative_to(PACKAGE).as_posix(): len(list(folder.glob("*.py")))
        for top in CHECKED
        for folder in [PACKAGE / top, *(PACKAGE / top).rglob("*/")]
        if folder.is_dir() and folder.name != "__pycache__"
    }
    assert sizes and all(count <= MOST_MODULES for count in sizes.values()), sizes
