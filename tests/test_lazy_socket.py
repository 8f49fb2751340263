"""The build step that keeps a page off the websocket until an event needs the server (build/lazy_socket.py),
applied to the state.js of the installed Reflex; the browser tests (tests/browser/test_readers.py) check
what it does in Chromium."""

from __future__ import annotations

import re

import pytest

from marketing_site.build.lazy_socket import (
    REWRITES,
    TEMPLATE,
    LazySocketPlugin,
    StateJsChanged,
    lazy_socket,
    patched_state_js,
)

ORIGINAL = TEMPLATE.read_text(encoding="utf-8")
PATCHED = lazy_socket(ORIGINAL)


def test_the_socket_client_is_no_static_import_of_the_page_but_fetched_by_the_first_connection():
    assert 'import io from "socket.io-client"' not in PATCHED
    assert re.findall(r"import\(\"socket\.io-client\"\)", PATCHED) == ['import("socket.io-client")']
    assert 'import Cookies from "universal-cookie"' not in PATCHED and 'import("universal-cookie")' in PATCHED
    assert "cookies = new universalCookie.default();" in PATCHED and "let cookies;" in PATCHED
    connect = PATCHED[PATCHED.index("export const connect = async") :]
    assert connect.index("await loadSocketClient()") < connect.index("createSocket(endpoint")


def test_nothing_connects_at_mount_or_warms_a_transport_up_before_it():
    mount = PATCHED[PATCHED.index("// Handle socket connect/disconnect.") :]
    mount = mount[: mount.index("// Cleanup function.")]
    assert "if (isStateful()) {\n      ensureSocketConnected();" in mount, "only for an event already waiting"
    assert "if (false) {\n  queueMicrotask(() => {\n    if (\n      socketStarted ||" in PATCHED


def test_a_navigation_or_a_frontend_error_never_opens_a_socket():
    assert "if (socket.current) {\n      addEvents(app.onLoadInternalEvent());" in PATCHED
    assert PATCHED.count("reportError([") == 2 and "window.onerror = function" in PATCHED
    reporter = PATCHED[PATCHED.index("const reportError = (events) => {") :][:300]
    assert "if (socket.current) {\n      addEvents(events);" in reporter and "unsentErrorReports.push" in reporter
    assert "event_queue.unshift(...unsentErrorReports.splice(0));\n      // Initialize the websocket connection." in (
        PATCHED
    ), "they go out with the first connection"


@pytest.mark.parametrize("rewrite", REWRITES, ids=lambda rewrite: rewrite.why)
def test_a_reflex_whose_state_js_changed_fails_the_build(rewrite):
    with pytest.raises(StateJsChanged, match=re.escape(rewrite.why)):
        middle = len(rewrite.old) // 2  # one character more inside the text it rewrites
        lazy_socket(ORIGINAL.replace(rewrite.old, rewrite.old[:middle] + " " + rewrite.old[middle:]))
    with pytest.raises(StateJsChanged, match="found it 2 times"):
        lazy_socket(ORIGINAL + rewrite.old)


def test_a_rebuild_patches_the_template_again_and_refuses_a_file_something_else_wrote():
    older = PATCHED.replace("let cookies;", "const cookies = new Cookies();")  # an earlier version's output
    assert patched_state_js(ORIGINAL) == patched_state_js(PATCHED) == patched_state_js(older) == PATCHED
    with pytest.raises(StateJsChanged, match="neither"):
        patched_state_js(ORIGINAL + "\n// another tool")


def test_the_plugin_registers_the_rewrite_of_state_js_before_the_frontend_is_built():
    tasks: list[tuple] = []
    LazySocketPlugin().pre_compile(add_modify_task=lambda *task: tasks.append(task))
    assert tasks == [("utils/state.js", patched_state_js)]
