"""Build step: React's own createElement instead of @emotion/react in every page (about 8 KB gzip less each).

Reflex creates every element through @emotion/react's `jsx`, which exists for the `css` prop (a style
dict given in Python): Emotion turns it into a class and injects its rules at run time, with a stylesheet
cache, a serialiser and a hash. This site styles with Tailwind classes; the few `css` props left (Reflex's
error-boundary fallback, a section's background colour) are flat declarations, which React sets as an
inline `style` just as well (the CSP keeps style-src 'unsafe-inline' for React's style attributes). So the
build points the module name @emotion/react at a few lines (`PLAIN_JSX`, written into .web as
utils/plain_jsx.js) whose `jsx` moves a flat `css` into `style` and otherwise is createElement. A nested
rule (a `&:hover` selector, an `@media` query, from a Python `_hover=` or a responsive list) has no inline
form: it throws, so the page fails in the browser tests instead of losing a style silently
(tests/test_plain_jsx.py also checks every compiled page).

The app root also stops publishing its modules on `window.__reflex`: that table serves components the
backend sends as code, which `eval` runs and this site's CSP refuses, and its namespace imports kept every
export of Reflex's state.js and of Emotion in the bundle. Each rewrite names the exact text it replaces and
the build fails (`AppTemplateChanged`) when Reflex changed it (docs/widgets.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from reflex.plugins import Plugin
from reflex_base.plugins.base import CommonContext, PreCompileContext

from marketing_site.build.javascript import javascript

SHIM_PATH = "utils/plain_jsx.js"  # under .web
VITE_CONFIG = "vite.config.js"
APP_ROOT = "app/root.jsx"

PLAIN_JSX = javascript(
    """// Written by marketing_site/build/plain_jsx.py: @emotion/react's jsx without Emotion, for flat css only.
import { createElement } from "react";

export function jsx(type, props, ...children) {
  if (props?.css) {
    const { css, ...rest } = props;
    for (const [name, value] of Object.entries(css)) {
      if (value !== null && typeof value === "object") {
        throw new Error(`css rule ${name} has no inline form (marketing_site/build/plain_jsx.py)`);
      }
    }
    props = { ...rest, style: { ...css, ...rest.style } };
  }
  return createElement(type, props, ...children);
}
"""
)


class AppTemplateChanged(RuntimeError):
    """Reflex's vite.config.js or root.jsx no longer has the text this step rewrites (docs/widgets.md)."""


def _rewrite(text: str, old: str, new: str, where: str) -> str:
    found = text.count(old)
    if found != 1:
        raise AppTemplateChanged(f"{where}: expected {old.strip()[:60]!r} once, found it {found} times")
    return text.replace(old, new)


def alias_emotion(vite_config: str) -> str:
    """Vite resolves the module name @emotion/react (exactly) to the plain jsx."""
    alias = javascript(
        '      { find: /^@emotion\\/react$/, replacement: fileURLToPath(new URL("./'
        + SHIM_PATH
        + '", import.meta.url)) },\n'
    )
    return _rewrite(vite_config, "    alias: [\n", "    alias: [\n" + alias, VITE_CONFIG)


_PUBLISH = """  useEffect(() => {
    // Make contexts and state objects available globally for dynamic eval'd components
    window.__reflex = {
          "react": React,
    "@emotion/react": emotion_react,
    "$/utils/context": utils_context,
    "$/utils/context-registry": utils_context_registry,
    "$/utils/state": utils_state,
    };
  }, []);
"""
_NAMESPACES = """import * as React from "react";
import * as emotion_react from "@emotion/react";
import * as utils_context from "$/utils/context";
import * as utils_context_registry from "$/utils/context-registry";
import * as utils_state from "$/utils/state";
"""


def unpublished_root(root: str) -> str:
    """The app root without `window.__reflex` and the namespace imports only it used."""
    return _rewrite(_rewrite(root, _PUBLISH, "", APP_ROOT), _NAMESPACES, "", APP_ROOT)


@dataclass(kw_only=True, frozen=True)
class PlainJsxPlugin(Plugin):
    """Writes the plain jsx into .web, aliases @emotion/react to it and trims the app root."""

    def get_static_assets(self, **_context: Unpack[CommonContext]) -> Sequence[tuple[Path, str | bytes]]:
        return [(Path(SHIM_PATH), PLAIN_JSX)]

    def pre_compile(self, **context: Unpack[PreCompileContext]) -> None:
        context["add_modify_task"](VITE_CONFIG, alias_emotion)
        context["add_modify_task"](APP_ROOT, unpublished_root)
