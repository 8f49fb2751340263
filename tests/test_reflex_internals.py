"""Reflex's internals sit behind one module (issue 30): a Reflex upgrade touches components/browser.py, plus the
few server and build hooks listed here, and nothing else.

Public is what Reflex documents for apps: `import reflex as rx` and the names of the top-level package
(`from reflex import Var`), and `reflex.config` (the app's configuration). Everything else of Reflex's packages
(`reflex.vars.*`, `reflex.components.*`, `reflex_base.*`, `reflex_components_*`...) is internal, and so is
reaching it through `rx` (`rx.vars.function...`).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "marketing_site"
THE_ONE_MODULE = "marketing_site/components/browser.py"
PUBLIC_MODULES = {"reflex", "reflex.config"}
INTERNAL_THROUGH_RX = {"vars", "components", "experimental", "utils", "istate", "compiler", "app_mixins"}

# The hooks that are not widgets, each with the internal modules it needs and why it cannot use the one module.
EXCEPTIONS: dict[str, set[str]] = {
    # Build steps: Reflex's plugin interface (pre_compile, post_build) and its template paths. build/ sits
    # below components/ in the layers (the phone field reads build/phone_countries.py).
    "marketing_site/build/csp_hashes.py": {"reflex.plugins", "reflex_base.plugins.base"},
    "marketing_site/build/html_language.py": {"reflex.plugins", "reflex_base.constants", "reflex_base.plugins.base"},
    "marketing_site/build/hydrate_after_paint.py": {"reflex.plugins", "reflex_base.plugins.base"},
    "marketing_site/build/lazy_socket.py": {"reflex.plugins", "reflex_base.constants", "reflex_base.plugins.base"},
    "marketing_site/build/phone_countries.py": {"reflex.plugins", "reflex_base.plugins.base"},
    "marketing_site/build/plain_jsx.py": {"reflex.plugins", "reflex_base.plugins.base"},
    "marketing_site/build/robots.py": {"reflex.plugins"},
    # The server: the state managers it falls back between, where the export lives, the upload error it
    # answers, Reflex's environment flags. Not browser code, and web/ is owned apart.
    "marketing_site/web/exact_routes.py": {"reflex.environment", "reflex.utils.prerequisites"},
    "marketing_site/web/response_headers.py": {"reflex.environment", "reflex.utils.prerequisites"},
    "marketing_site/web/state_fallback.py": {
        "reflex.istate.manager.memory",
        "reflex.istate.manager.redis",
        "reflex.utils.token_manager",
    },
    "marketing_site/web/upload_limit.py": {"reflex.utils.exceptions"},
    # The backend's log, so a parent's death reads like Reflex's own lines.
    "marketing_site/core/parent_death.py": {"reflex_base.utils"},
    # The page translation walks a built component tree (its text children, its literal props) at build
    # time; i18n/ sits below components/.
    "marketing_site/i18n/translation.py": {"reflex.components.base.bare", "reflex_base.vars.base"},
}


def _is_reflex(module: str) -> bool:
    top = module.split(".")[0]
    return top == "reflex" or top.startswith("reflex_")


def internal_imports(path: Path) -> set[str]:
    """The internal Reflex modules `path` imports, and `rx.<internal>` chains it reaches through."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if _is_reflex(alias.name)} - PUBLIC_MODULES
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and _is_reflex(node.module):
            if node.module not in PUBLIC_MODULES:
                found.add(node.module)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "rx"
            and node.attr in INTERNAL_THROUGH_RX
        ):
            found.add(f"rx.{node.attr}")
    return found


def site_modules() -> list[Path]:
    return [*sorted(PACKAGE.rglob("*.py")), ROOT / "rxconfig.py"]


def test_only_the_one_module_and_the_listed_hooks_import_reflex_internals():
    unexpected = {}
    for path in site_modules():
        name = path.relative_to(ROOT).as_posix()
        if name == THE_ONE_MODULE:
            continue
        extra = internal_imports(path) - EXCEPTIONS.get(name, set())
        if extra:
            unexpected[name] = sorted(extra)
    assert unexpected == {}, f"use (or extend) {THE_ONE_MODULE} instead: {unexpected}"


def test_every_listed_exception_is_still_needed():
    stale = {
        name: sorted(allowed - internal_imports(ROOT / name))
        for name, allowed in EXCEPTIONS.items()
        if not (ROOT / name).exists() or allowed - internal_imports(ROOT / name)
    }
    assert stale == {}


def test_the_scan_sees_an_internal_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import reflex as rx\nfrom reflex import Var\nfrom reflex.config import get_config\n"
        "from reflex.vars.function import ArgsFunctionOperation\nimport reflex_base.utils.imports\n"
        "x = rx.vars.FunctionStringVar\n"
    )
    assert internal_imports(probe) == {"reflex.vars.function", "reflex_base.utils.imports", "rx.vars"}
