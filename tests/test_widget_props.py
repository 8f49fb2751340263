"""Build-time wiring of widgets whose browser side cannot see it: chat number digits, the video close callback."""

from __future__ import annotations

import reflex as rx

from marketing_site.components.chat_widget import phone_digits
from marketing_site.components.widgets.video_modal import video_modal
from marketing_site.content import home


def _close_props(component: rx.Component) -> list[str]:
    """The onClose props anywhere in the widget's rendered tree (its <dialog>'s)."""
    found, pending = [], [component.render()]
    while pending:
        node = pending.pop()
        found += [prop for prop in node.get("props", []) if prop.startswith("onClose:")]
        pending += [child for child in node.get("children", []) if isinstance(child, dict)]
        pending += [node[branch] for branch in ("true_value", "false_value") if isinstance(node.get(branch), dict)]
    return found


def test_phone_digits_keeps_only_digits():
    assert phone_digits("+92 (300) 123-4567") == "923001234567"


def test_phone_digits_of_nothing_is_empty_so_send_alerts():
    assert phone_digits("") == ""
    assert phone_digits(" + ") == ""


def test_video_modal_passes_the_close_callback_to_the_browser():
    modal = video_modal(
        home.VIDEO.src, home.VIDEO_POSTER, "Play", "Video", "v", on_close=rx.call_script("window.closedVideo = 1")
    )
    [prop] = _close_props(modal)
    assert "window.closedVideo = 1" in prop


def test_video_modal_without_callback_closes_with_its_own_steps_only():
    [prop] = _close_props(video_modal(home.VIDEO.src, home.VIDEO_POSTER, "Play", "Video", "v"))
    assert "_call_script" not in prop and "addEvents" not in prop
