"""The native <dialog> element with the events the browser fires on it (Reflex's own declares none).

Shown with showModal() (browser_steps.js), the browser gives it the top layer above the sticky
navigation, a focus trap, the inert page behind it, Escape and the backdrop, with no script of ours.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.browser import no_args_event_spec
from marketing_site.components.browser_steps import step


class NativeDialog(rx.el.Dialog):
    """`<dialog>` whose `close` (any way it closes) and `cancel` (Escape) reach Python event chains."""

    on_close: rx.EventHandler[no_args_event_spec]
    on_cancel: rx.EventHandler[no_args_event_spec]


def show_modal(dialog_id: str, start: str = "") -> rx.Var:
    """Open the dialog as a modal; focus the first match of the CSS selector ``start`` inside it, if given
    (else the browser's own choice: its first focusable control)."""
    return step("showModal", dialog_id, start)


def close_modal(dialog_id: str) -> rx.Var:
    return step("closeModal", dialog_id)
