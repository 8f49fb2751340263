"""Play button that opens a 16:9 video modal (autoplay, 300 ms animation, Escape closes, focus returns).

A native <dialog> shown as a modal (native_dialog.py) gives focus trapping, Escape and the backdrop
(`closedby="any"`: a click beside the video closes it too). The <video> exists only while the modal is
open (browser-only state), so closing stops it; it starts with sound where the browser allows it, else
muted. No server round trip: it all works from the static export with the backend down.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.browser import arrow, no_args_event_spec
from marketing_site.components.browser_steps import browser_function, client_state, step
from marketing_site.components.image import image
from marketing_site.components.native_dialog import NativeDialog
from marketing_site.content.types import Image
from marketing_site.content.widgets import VIDEO_CLOSE_LABEL

_PLAY = (
    "absolute left-1/2 top-1/2 flex h-20 w-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center "
    "rounded-full bg-white/95 pl-1 text-sky-800 shadow-xl ring-8 ring-white/30 transition hover:scale-105 "
    "focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white motion-reduce:transition-none"
)
_DIALOG = (
    "m-auto w-[min(92vw,64rem)] overflow-visible bg-transparent p-0 opacity-0 scale-95 transition-all duration-300 "
    "transition-discrete open:opacity-100 open:scale-100 starting:open:opacity-0 starting:open:scale-95 "
    "backdrop:bg-slate-950/80 motion-reduce:transition-none"
)
_CLOSE = (
    "absolute -top-12 end-0 flex h-10 w-10 items-center justify-center rounded-full bg-white text-slate-900 "
    "shadow hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
)


_PLAYING = client_state("video-modal-open", "")  # the id of the open video modal ("" while none is)
_NOTHING = arrow((), rx.Var.create(None))


class AutoplayVideo(rx.el.Video):
    """`<video>` whose first loaded frame reaches an event chain (to start it)."""

    on_loaded_data: rx.EventHandler[no_args_event_spec]


def _icon(path: str, size: int, **paint: str) -> rx.Component:
    return rx.el.svg(
        rx.el.svg.path(custom_attrs={"d": path}),  # an attribute, so no translation step reads it as copy
        view_box="0 0 24 24",
        aria_hidden="true",
        custom_attrs={"width": size, "height": size, **paint},
    )


def _player(src: rx.Var[str], title: rx.Var[str]) -> rx.Component:
    return AutoplayVideo.create(
        src=src,
        title=title,
        controls=True,
        plays_inline=True,
        class_name="h-full w-full",
        on_loaded_data=browser_function("playOrMute"),
    )


@rx.memo
def _video_modal(
    src: rx.Var[str],
    title: rx.Var[str],
    play_label: rx.Var[str],
    close_label: rx.Var[str],
    controls: rx.Var[str],
    on_close: rx.EventHandler[no_args_event_spec],
) -> rx.Component:
    """One compiled component for every page's video (its props differ), so its wiring ships once.
    ``controls`` is the id of the dialog (a name the page translation knows for an id, not copy)."""
    dialog_id = controls
    play_id = dialog_id + "-play"
    return rx.fragment(
        rx.el.button(
            _icon("M8 5.5v13l11-6.5z", 32, fill="currentColor"),
            id=play_id,
            type="button",
            aria_label=play_label,
            aria_haspopup="dialog",
            aria_controls=dialog_id,
            on_click=[_PLAYING.set_value(dialog_id), step("showModal", dialog_id, "")],
            class_name=_PLAY,
        ),
        NativeDialog.create(
            rx.el.button(
                _icon("M6 6l12 12M18 6L6 18", 24, fill="none", stroke="currentColor", strokeWidth="2"),
                type="button",
                aria_label=close_label,
                on_click=step("closeModal", dialog_id),
                class_name=_CLOSE,
            ),
            rx.el.div(
                rx.cond(_PLAYING.value == dialog_id, _player(src, title)), class_name="aspect-video w-full bg-black"
            ),
            id=dialog_id,
            aria_label=title,
            custom_attrs={"closedby": "any"},
            on_close=[_PLAYING.set_value(""), step("focusById", play_id), on_close],
            class_name=_DIALOG,
        ),
    )


def video_modal(
    video_src: str,
    poster: Image,
    play_label: str,
    title: str,
    element_id: str,
    on_close: rx.event.EventSpec | None = None,
) -> rx.Component:
    """A poster with a play button; `element_id` is unique per page; `on_close` runs after the modal closes."""
    return rx.el.div(
        image(poster, "aspect-video h-auto w-full rounded-2xl object-cover"),
        _video_modal(
            src=video_src,
            title=title,
            play_label=play_label,
            close_label=VIDEO_CLOSE_LABEL,
            controls=element_id,
            on_close=on_close or _NOTHING,
        ),
        class_name="relative overflow-hidden rounded-2xl shadow-2xl shadow-sky-900/20",
    )
