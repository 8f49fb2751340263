"""A lead's status, owner, first contact and quarantine change in ``leads/`` only (``leads/transitions.py``
holds the rules): any other package that assigns them, or UPDATEs them on the lead table, fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import marketing_site

RULED = {"status", "owner_id", "first_contacted_at", "quarantined"}
PACKAGE = Path(marketing_site.__file__).parent
LEADS = PACKAGE / "leads"


def _lead_like(node: ast.expr) -> bool:
    """``lead``, ``self.lead``, ``existing_lead``: a name that says it holds a lead."""
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    return "lead" in name.lower()


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found: list[ast.expr] = []
        for target in node.targets:
            found.extend(target.elts if isinstance(target, ast.Tuple) else [target])
        return found
    if isinstance(node, ast.AugAssign | ast.AnnAssign):
        return [node.target]
    return []


def _updates_lead(call: ast.Call) -> bool:
    """``….values(status=…)`` on a chain that starts with ``update(Lead)``."""
    node: ast.expr = call.func
    while isinstance(node, ast.Attribute | ast.Call):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id == "update":
                return any(isinstance(arg, ast.Name) and arg.id == "Lead" for arg in node.args)
            node = node.func
        else:
            node = node.value
    return False


def lead_writes(source: str) -> list[str]:
    """Where ``source`` writes a ruled column of a lead: "line: what"."""
    found = []
    for node in ast.walk(ast.parse(source)):
        for target in _targets(node):
            if isinstance(target, ast.Attribute) and target.attr in RULED and _lead_like(target.value):
                found.append(f"{target.lineno}: {ast.unparse(target)} =")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "values":
            written = {keyword.arg for keyword in node.keywords} & RULED
            if written and _updates_lead(node):
                found.append(f"{node.lineno}: update(Lead) of {', '.join(sorted(written))}")
        setattr_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
        if setattr_call and node.args and _lead_like(node.args[0]):
            found.append(f"{node.lineno}: setattr on a lead")
    return found


def test_only_the_lead_domain_writes_a_leads_status_or_owner():
    writes = {
        str(path.relative_to(PACKAGE)): found
        for path in PACKAGE.rglob("*.py")
        if LEADS not in path.parents and (found := lead_writes(path.read_text(encoding="utf-8")))
    }
    assert writes == {}, "a lead's status or owner changes in leads/transitions.py only"


def test_the_check_sees_each_way_of_writing_them():
    """Positive control: each shape the rule forbids is found, and a booking's own status is not."""
    source = """
lead.status = "won"
self.lead.owner_id = 3
lead.quarantined, other = False, 1
db_session.execute(update(Lead).where(col(Lead.id) == 1).values(owner_id=2))
setattr(lead, "status", "lost")
booking.status = "cancelled"
db_session.execute(update(DemoBooking).values(status="held"))
"""
    assert sorted(int(line.split(":")[0]) for line in lead_writes(source)) == [2, 3, 4, 5, 6]
