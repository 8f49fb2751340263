"""The site's widgets are Python (issue 22): no hand-written React component is left under marketing_site/, and
the little JavaScript that Python cannot say stays small, in named files that each say why they exist.

JavaScript written in Python strings counts too (issue 30). It can only enter through the named operations
of components/browser.py (`js`, `js_function`, `react_hook`; Reflex's internals are nowhere else:
tests/test_reflex_internals.py), `rx.Var("...")`, `rx.run_script`/`rx.call_script`, and, in the build
steps, `build/javascript.py`'s `javascript`: the source lines of the texts passed to them are counted
(a one-line string holding several lines of code counts each).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "marketing_site"
STAFF_AREA = PACKAGE / "admin"  # server-rendered pages of their own (passkeys need the WebAuthn browser API)
BUILD = PACKAGE / "build"
# The .js files and the widgets' JavaScript in Python. 100 until 29 Nov 2026; the form typed in before the page's
# scripts ran (browser_steps.js `startIfFilled`, `chooseEarlyFile`: a lead was quarantined and lost its résumé)
# took it to 106, and no Reflex event reads a field's value or a file input's files at mount.
SITE_SCRIPT_LINES = 110
# The build's rewrites of Reflex's own code (no websocket for readers, hydrate after paint, no Emotion:
# issue 31), each pinned by its test and re-read on a Reflex upgrade (docs/widgets.md). A budget of their
# own: they are not the site's widgets, and every line of them is a line to re-check on an upgrade.
BUILD_SCRIPT_LINES = 100
JS_SINKS = {"js", "js_function", "react_hook", "run_script", "call_script", "javascript"}


def site_scripts() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.js") if STAFF_AREA not in path.parents)


def _texts(node: ast.expr, assigned: dict[str, ast.expr]) -> list[ast.expr]:
    """The string literals `node` is made of (following a name to its assignment in the module)."""
    if (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr):
        return [node]
    if isinstance(node, ast.BinOp):
        return _texts(node.left, assigned) + _texts(node.right, assigned)
    if isinstance(node, ast.Name) and node.id in assigned:
        return _texts(assigned[node.id], assigned)
    return []


def _called(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")


def javascript_lines_in(path: Path) -> int:
    """Lines of JavaScript `path` writes in Python strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assigned = {
        target.id: node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    lines: dict[int, int] = {}
    for call in (node for node in ast.walk(tree) if isinstance(node, ast.Call)):
        name = _called(call)
        if name == "Var" and call.args:
            arguments = call.args[:1]  # rx.Var("code"); rx.Var.create("text") is a value, not code
        elif name in JS_SINKS:
            arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
        else:
            continue
        for text in (text for argument in arguments for text in _texts(argument, assigned)):
            for line in range(text.lineno, text.end_lineno + 1):
                lines.setdefault(line, 1)
            if isinstance(text, ast.Constant):
                lines[text.lineno] += max(0, text.value.rstrip("\n").count("\n") - (text.end_lineno - text.lineno))
    return sum(lines.values())


def javascript_in_python(under: Path, leaving_out: Path | None = None) -> dict[str, int]:
    found = {
        path.relative_to(PACKAGE).as_posix(): javascript_lines_in(path)
        for path in sorted(under.rglob("*.py"))
        if leaving_out is None or leaving_out not in path.parents
    }
    return {name: count for name, count in found.items() if count}


def test_no_hand_written_react_component_is_left():
    assert sorted(PACKAGE.rglob("*.jsx")) == [] and sorted(PACKAGE.rglob("*.tsx")) == []


def test_the_sites_javascript_stays_within_its_budget():
    lines = {path.name: len(path.read_text().splitlines()) for path in site_scripts()}
    in_python = {
        name: count
        for name, count in javascript_in_python(PACKAGE, leaving_out=STAFF_AREA).items()
        if not name.startswith("build/")
    }
    assert in_python, "the widgets' JavaScript in Python strings is counted"
    assert sum(lines.values()) + sum(in_python.values()) <= SITE_SCRIPT_LINES, {**lines, **in_python}


def test_the_builds_javascript_stays_within_its_budget():
    lines = javascript_in_python(BUILD)
    assert set(lines) >= {"build/lazy_socket.py", "build/plain_jsx.py", "build/hydrate_after_paint.py"}
    assert sum(lines.values()) <= BUILD_SCRIPT_LINES, lines


def test_javascript_in_a_python_string_is_counted(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import reflex as rx\n"
        'CODE = "a();\\nb();"\n'
        "x = rx.run_script(CODE)\n"
        'y = rx.Var("location.search"), rx.Var.create("not code"), js_function("JSON.parse")\n'
        "z = javascript(\n    'one'\n    'two'\n)\n"
    )
    assert javascript_lines_in(probe) == 2 + 1 + 2


def test_each_script_opens_with_the_reason_it_is_not_python():
    for path in site_scripts():
        opening = path.read_text().lstrip()
        assert opening.startswith(("/**", "//")), f"{path.name} starts without saying why it is JavaScript"


def test_no_script_is_a_react_component():
    for path in site_scripts():
        text = path.read_text()
        assert 'from "react"' not in text and "from 'react'" not in text, path.name
