"""Only ``mail/`` builds outbox rows (``mail.queue``): a package that makes an ``OutboxMail`` itself, or INSERTs
into its table, fails here. Every other package describes its mails as ``mail.queue.Mail``."""

from __future__ import annotations

import ast
from pathlib import Path

import marketing_site

PACKAGE = Path(marketing_site.__file__).parent
MAIL = PACKAGE / "mail"


def _names_outbox(node: ast.AST) -> bool:
    return any(isinstance(name, ast.Name) and name.id == "OutboxMail" for name in ast.walk(node))


def outbox_rows(source: str) -> list[int]:
    """The lines of ``source`` that build an outbox row: ``OutboxMail(…)``, ``insert(OutboxMail …)``,
    ``table_of(OutboxMail)``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id == "OutboxMail" or (
            node.func.id in ("insert", "table_of") and any(_names_outbox(arg) for arg in node.args)
        ):
            found.append(node.lineno)
    return sorted(found)


def test_only_the_mail_package_builds_outbox_rows():
    builders = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if MAIL not in path.parents and (lines := outbox_rows(path.read_text(encoding="utf-8")))
    }
    assert builders == {}, "queue mails with marketing_site.mail.queue"


def test_the_check_sees_each_way_of_building_one():
    """Positive control: each shape is found; reading or updating the outbox is not building a row."""
    source = """
db_session.add(OutboxMail(recipient="a@b.c"))
db_session.execute(insert(OutboxMail), rows)
OUTBOX = table_of(OutboxMail)
db_session.execute(select(OutboxMail).where(OutboxMail.lead_id == 1))
db_session.execute(update(OutboxMail).values(status="withdrawn"))
"""
    assert outbox_rows(source) == [2, 3, 4]
