"""No folder of the code holds more than 20 modules: past that, a reader scans a list instead of reading a shape,
and the folder wants sub-packages by role (as admin/ has: signin, accounts, work, setup, frame).

The folders past it today are listed with their count; the list only shrinks: a listed folder that grows fails,
and one that is split fails until it leaves the list."""

from __future__ import annotations

from pathlib import Path

import marketing_site

MOST_MODULES = 20
PACKAGE = Path(marketing_site.__file__).parent
TOO_BIG_TODAY = {"leads": 26}


def module_counts() -> dict[str, int]:
    folders = {PACKAGE, *(path.parent for path in PACKAGE.rglob("*.py"))}
    return {
        folder.relative_to(PACKAGE).as_posix(): len(list(folder.glob("*.py")))
        for folder in folders
        if "__pycache__" not in folder.parts
    }


def test_no_folder_holds_more_than_twenty_modules():
    counts = module_counts()
    too_big = {folder: count for folder, count in counts.items() if count > MOST_MODULES}
    assert {folder: count for folder, count in too_big.items() if count > TOO_BIG_TODAY.get(folder, MOST_MODULES)} == {}
    assert sorted(set(TOO_BIG_TODAY) - set(too_big)) == [], "split: take it off TOO_BIG_TODAY"


def test_the_count_sees_the_staff_area_split_by_role():
    counts = module_counts()
    assert {"admin/signin", "admin/accounts", "admin/work", "admin/setup", "admin/frame"} <= set(counts)
    assert all(count <= MOST_MODULES for folder, count in counts.items() if folder.startswith("admin"))
