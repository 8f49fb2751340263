"""No folder of the code holds more than 20 modules: past that, a reader scans a list instead of reading a shape,
and the folder wants sub-packages by role (as admin/ has: signin, accounts, work, setup, frame; leads/ its
owners/, pages/ its head/, content/ its info/)."""

from __future__ import annotations

from pathlib import Path

import marketing_site

MOST_MODULES = 20
PACKAGE = Path(marketing_site.__file__).parent


def module_counts() -> dict[str, int]:
    folders = {PACKAGE, *(path.parent for path in PACKAGE.rglob("*.py"))}
    return {
        folder.relative_to(PACKAGE).as_posix(): len(list(folder.glob("*.py")))
        for folder in folders
        if "__pycache__" not in folder.parts
    }


def test_no_folder_holds_more_than_twenty_modules():
    too_big = {folder: count for folder, count in module_counts().items() if count > MOST_MODULES}
    assert too_big == {}, "split the folder into sub-packages by role"


def test_the_count_sees_the_staff_area_split_by_role():
    counts = module_counts()
    assert {"admin/signin", "admin/accounts", "admin/work", "admin/setup", "admin/frame"} <= set(counts)
    assert all(count <= MOST_MODULES for folder, count in counts.items() if folder.startswith("admin"))
