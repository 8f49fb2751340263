"""`make mutation` names modules by path (the PostgreSQL-only code it tries again there): a module moved without
it would fail the run after its 2.5 hours of SQLite mutants, so a missing one fails here in milliseconds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.database_independent


def test_every_module_the_mutation_run_tries_again_on_postgresql_exists():
    script = (ROOT / "scripts" / "mutation.sh").read_text()
    named = re.search(r"for module in \(([^)]*)\):", script)
    assert named is not None, "scripts/mutation.sh no longer lists its PostgreSQL modules this way"
    modules = re.findall(r'"([^"]+)"', named.group(1))
    assert modules and all((ROOT / "marketing_site" / f"{module}.py").is_file() for module in modules), modules
