"""Routes are exact (spec section 2), also in the single-port deployment: no trailing-slash redirect.

With `reflex run --env prod`, Starlette answers `/product` with a 307 to `/product/` (the export
holds `product/index.html`), disagreeing with the canonical link; `serve_pages_exactly` serves
`product.html` at `/product` instead, as the README's nginx `try_files` does. (Wrong-case
addresses are handled in the browser: layout/page.py's `exact_page`.) An unknown address under another
language's prefix (/ar/nothing) gets that language's 404 file, as nginx's `error_page` does.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from reflex import constants
from reflex.environment import environment
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from marketing_site.build.html_language import not_found_page
from marketing_site.i18n.languages import DEFAULT, language_of_path


def page_file(static_dir: Path, path: str) -> str | None:
    """The exported `x.html` a bare page address `/x` should get, or None (let the files answer)."""
    name = PurePosixPath(path).name
    if path == "/" or path.endswith("/") or "." in name:
        return None
    candidate = (static_dir / f"{path.lstrip('/')}.html").resolve()
    if candidate.is_relative_to(static_dir.resolve()) and candidate.is_file():
        return f"{path}.html"
    return None


def not_found_file(static_dir: Path, path: str) -> str | None:
    """The language's 404 file (/ar/404.html) for an address under its prefix that no exported file
    answers; None for the default language (Reflex answers 404.html) and for any existing file."""
    language = language_of_path(path)
    if language == DEFAULT or page_file(static_dir, path):
        return None
    root = static_dir.resolve()
    candidate = (static_dir / path.lstrip("/")).resolve()
    if candidate.is_relative_to(root) and (candidate.is_file() or (candidate / "index.html").is_file()):
        return None
    return not_found_page(language)


def _with_status(send: Send, status: int) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] == 200:
            message = {**message, "status": status}
        await send(message)

    return sending


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
            missing = not_found_file(static_dir, scope["path"]) if target is None else None
            if target is not None:
                scope = {**scope, "path": target, "raw_path": target.encode()}
            elif missing is not None:  # the language's 404 page, fresh (no 304) and with status 404
                headers = [(name, value) for name, value in scope["headers"] if not name.startswith(b"if-")]
                scope = {**scope, "path": missing, "raw_path": missing.encode(), "headers": headers}
                send = _with_status(send, 404)
        await app(scope, receive, send)

    return exact
