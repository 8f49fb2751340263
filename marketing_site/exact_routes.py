"""Routes are exact (spec section 2), also in the single-port deployment: no trailing-slash redirect.

With `reflex run --env prod`, Starlette answers `/product` with a 307 to `/product/` (the export
holds `product/index.html`), disagreeing with the canonical link; `serve_pages_exactly` serves
`product.html` at `/product` instead, as the README's nginx `try_files` does. (Wrong-case
addresses are handled in the browser: layout/exact_route.jsx.)
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from reflex import constants
from reflex.environment import environment
from starlette.types import ASGIApp, Receive, Scope, Send


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
