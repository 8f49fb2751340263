"""The build step that gives every page React's createElement instead of @emotion/react (build/plain_jsx.py),
on the vite config and app root this Reflex compiles; the browser tests render every page with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import reflex as rx
from reflex.compiler import compiler
from reflex.config import get_config
from reflex.utils import frontend_skeleton

from marketing_site.build.plain_jsx import (
    PLAIN_JSX,
    SHIM_PATH,
    AppTemplateChanged,
    PlainJsxPlugin,
    alias_emotion,
    unpublished_root,
)
from marketing_site.i18n.languages import DEFAULT
from marketing_site.layout.page import exact_page
from marketing_site.pages.registry import PUBLISHED, SERVED_ROUTES

VITE_CONFIG = frontend_skeleton._compile_vite_config(get_config())
ROOT = compiler._compile_app(rx.fragment())
CSS_PROP = re.compile(r"css:\(\{(.*?)\}\)", re.S)


def test_vite_resolves_emotion_to_the_plain_jsx_written_into_the_web_folder():
    aliased = alias_emotion(VITE_CONFIG)
    assert aliased.count("@emotion") == 1
    assert (
        'find: /^@emotion\\/react$/, replacement: fileURLToPath(new URL("./utils/plain_jsx.js", import.meta.url))'
        in (aliased)
    )
    assert PlainJsxPlugin().get_static_assets() == [(Path(SHIM_PATH), PLAIN_JSX)]


def test_the_plain_jsx_moves_flat_css_into_style_and_refuses_a_nested_rule():
    assert 'import { createElement } from "react";' in PLAIN_JSX and "emotion" not in PLAIN_JSX.split("\n", 1)[1]
    assert "props = { ...rest, style: { ...css, ...rest.style } };" in PLAIN_JSX, "an explicit style wins"
    assert 'typeof value === "object"' in PLAIN_JSX and "throw new Error" in PLAIN_JSX


def test_the_app_root_no_longer_publishes_its_modules_for_eval():
    trimmed = unpublished_root(ROOT)
    assert "window.__reflex" not in trimmed and "import * as" not in trimmed
    assert "function ReflexProviders({children})" in trimmed and 'import {jsx} from "@emotion/react"' in trimmed


@pytest.mark.parametrize(("rewrite", "text"), [(alias_emotion, VITE_CONFIG), (unpublished_root, ROOT)])
def test_a_reflex_whose_templates_changed_fails_the_build(rewrite, text):
    with pytest.raises(AppTemplateChanged):
        rewrite(text.replace("alias: [", "alias:[").replace("window.__reflex = {", "window.__reflex={"))


def test_the_css_prop_pattern_finds_a_style_as_reflex_compiles_it():
    """The control for the check below: a component with a style compiles to a css prop the pattern finds."""
    assert CSS_PROP.findall(str(rx.box(style={"color": "red"}))) != []


def test_every_css_prop_of_every_page_is_flat_so_it_has_an_inline_form():
    """Every page in the default language (a translation changes copy, never styles). Since the module colours
    became classes (the W3C checker refuses a <style> in the body) no page has one; any new one must be flat."""
    pages = 0
    for spec in (spec for spec in PUBLISHED if spec.language == DEFAULT):
        page = exact_page(spec, SERVED_ROUTES)()
        pages += 1
        for declarations in CSS_PROP.findall(str(page) + "\n".join(page._get_all_hooks())):
            assert "({" not in declarations and not re.search(r'\["[&@:]', declarations), (spec.route, declarations)
    assert pages > 20, "every published page was compiled"
