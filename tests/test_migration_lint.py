"""Migrations are checked for locking operations before they ship (scripts/migration_lint.py: squawk over
`alembic upgrade --sql`), and PostgreSQL migrations wait at most lock_timeout for a lock (alembic/env.py)."""

from __future__ import annotations

import pytest

from scripts import migration_lint

LOCKING = {
    "CREATE INDEX ix_lead_school ON lead (school);": "require-concurrent-index-creation",
    "ALTER TABLE lead ADD COLUMN score integer NOT NULL;": "adding-required-field",
    "ALTER TABLE lead ALTER COLUMN name TYPE text;": "changing-column-type",
    "ALTER TABLE lead RENAME COLUMN name TO full_name;": "renaming-column",
    "ALTER TABLE lead DROP COLUMN school;": "ban-drop-column",
    "ALTER TABLE lead ADD CONSTRAINT lead_owner FOREIGN KEY (owner_id) REFERENCES staff_user (id);": (
        "adding-foreign-key-constraint"
    ),
}


def test_every_revision_after_the_baseline_passes_squawk():
    assert not migration_lint.findings()


@pytest.mark.parametrize(("statement", "rule"), LOCKING.items(), ids=LOCKING.values())
def test_the_rules_catch_each_locking_operation(statement, rule):
    found = migration_lint.lint(f"BEGIN;\nSET lock_timeout = '5s';\n{statement}\nCOMMIT;\n")
    assert rule in {finding.rule for finding in found}


def test_the_expand_way_of_each_passes():
    expand = (
        "BEGIN;\nSET lock_timeout = '5s';\n"
        "ALTER TABLE lead ADD COLUMN score integer;\n"  # nullable: no rewrite, no scan
        "ALTER TABLE lead ADD CONSTRAINT lead_owner FOREIGN KEY (owner_id) REFERENCES staff_user (id) NOT VALID;\n"
        "COMMIT;\n"
        "CREATE INDEX CONCURRENTLY ix_lead_school ON lead (school);\n"
    )
    assert migration_lint.lint(expand) == []


def test_a_migration_without_lock_timeout_is_caught_and_env_py_sets_one():
    assert "require-lock-timeout" in {
        finding.rule
        for finding in migration_lint.lint("BEGIN;\nALTER TABLE lead ALTER COLUMN page SET NOT NULL;\nCOMMIT;\n")
    }
    down, staff_area = migration_lint.revisions_after("0009_resumes_in_database")[0]  # it makes an index
    sql = migration_lint.revision_sql(down, staff_area)
    assert sql.index("SET lock_timeout = '5s'") < sql.index("CREATE INDEX")
