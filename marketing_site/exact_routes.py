"""Routes are exact (spec section 2): case-sensitive in the browser, no trailing-slash redirect.

React Router matches paths case-insensitively unless told otherwise, so `/studentsmart` would
render the Student Smart page under a 404 status; `ExactRoutesPlugin` writes the route config with
`caseSensitive` set, and such an address renders the 404 page. In the single-port deployment
(`reflex run --env prod`), Starlette answers `/product` with a 307 to `/product/` (the export
holds `product/index.html`), disagreeing with the canonical link; `serve_pages_exactly` serves
`product.html` at `/product` instead, as the README's nginx `try_files` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from reflex_base import constants
from reflex_base.environment import environment
from reflex_base.plugins.base import Plugin
from starlette.types import ASGIApp, Receive, Scope, Send

ROUTES_JS = """import { route } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// Exact routes: /studentsmart is not /studentSmart.
const caseSensitive = (routes) =>
  routes.map((entry) => ({ ...entry, caseSensitive: true, children: entry.children && caseSensitive(entry.children) }));

export default [
  ...caseSensitive(await flatRoutes({
    ignoredRouteFiles: ["routes/\\\\[404\\\\]._index.jsx"],
  })),
  route("*", "routes/[404]._index.jsx"),
];
"""


def _routes_task() -> tuple[str, str]:
    return str(Path(constants.Dirs.PAGES) / "routes.js"), ROUTES_JS


@dataclass(kw_only=True, frozen=True)
class ExactRoutesPlugin(Plugin):
    """Replaces Reflex's route config with the case-sensitive one on every compile."""

    def pre_compile(self, **context):
        context["add_save_task"](_routes_task)


def page_file(static_dir: Path, path: str) -> str | None:
    """The exported `x.html` a bare page address `/x` should get, or None (let the files answer)."""
    name = PurePosixPath(path).name
    if path == "/" or path.endswith("/") or "." in name:
        return None
    candidate = (static_dir / f"{path.lstrip('/')}.html").resolve()
    if candidate.is_relative_to(static_dir.resolve()) and candidate.is_file():
        return f"{path}.html"
    return None


def serve_pages_exactly(app: ASGIApp, static_dir: Path | None = None) -> ASGIApp:
    """API transformer: in the single-port deployment, `/x` is answered with `x.html`, no redirect."""
    if static_dir is None:
        if not environment.REFLEX_MOUNT_FRONTEND_COMPILED_APP.get():
            return app  # the backend alone serves no pages
        from reflex.utils.prerequisites import get_web_dir

        static_dir = get_web_dir() / constants.Dirs.STATIC

    async def exact(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            target = page_file(static_dir, scope["path"])
            if target is not None:
                scope = {**scope, "path": target, "raw_path": target.encode()}
        await app(scope, receive, send)

    return exact
