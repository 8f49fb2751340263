"""One way to read time: the application asks core/clock what time it is, so a test that freezes the clock moves
every rule (tests/state/test_clock_moves_the_rules.py). A new ``datetime.now()``, ``date.today()`` or
``time.time()`` elsewhere would be a rule the frozen clock cannot reach; ruff's DTZ rules catch only the naive ones.
"""

from __future__ import annotations

import ast
from pathlib import Path

import marketing_site

PACKAGE = Path(marketing_site.__file__).parent
READS = {("datetime", "now"), ("datetime", "today"), ("datetime", "utcnow"), ("date", "today"), ("time", "time")}
ALLOWED = {
    "core/clock.py": "the clock itself",
    # A sliding window shared by workers: Redis scores its hits in wall seconds, as one process counts them with
    # time.monotonic; a duration, not a moment a rule compares with.
    "core/rate_limit.py": "the Redis rate limit's window",
}


def clock_reads(path: Path) -> list[str]:
    """``name.attr()`` calls in the module that read the wall clock, as "line: datetime.now"."""
    return [
        f"{node.lineno}: {node.func.value.id}.{node.func.attr}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and (node.func.value.id, node.func.attr) in READS
    ]


def test_the_application_reads_time_from_core_clock_only():
    found = {
        relative: reads
        for path in sorted(PACKAGE.rglob("*.py"))
        if (relative := path.relative_to(PACKAGE).as_posix()) not in ALLOWED and (reads := clock_reads(path))
    }
    assert found == {}, "read core/clock (utc_now, timestamp, today_in) instead"


def test_the_check_sees_a_clock_read(tmp_path):
    module = tmp_path / "rule.py"
    module.write_text("import time\nfrom datetime import date\nstarted = time.time()\nday = date.today()\n")
    assert clock_reads(module) == ["3: time.time", "4: date.today"]
