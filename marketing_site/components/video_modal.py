"""Play button that opens a 16:9 video modal (autoplay, 300 ms animation, Escape closes, focus returns).

A native <dialog> shown as a modal (native_dialog.py) gives focus trapping, Escape and the backdrop
(`closedby="any"`: a click beside the video closes it too). The <video> exists only while the modal is
open (browser-only state), so closing stops it; it starts with sound where the browser allows it, else
muted. No server round trip: it all works from the static export with the backend down.
"""

from __future__ import annotations

import reflex as rx
from reflex.event import no_args_event_spec
from reflex_components_core.el.elements.media import Video

from marketing_site.components.browser_steps import browser_function, client_state, step
from marketing_site.components.image import image
from marketing_site.components.native_dialog import NativeDialog, close_modal, show_modal
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


class AutoplayVideo(Video):
    """`<video>` whose first loaded frame reaches an event chain (to start it)."""

    on_loaded_data: rx.EventHandler[no_args_event_spec]


def _icon(path: str, size: int, **paint: str) -> rx.Component:
    return rx.el.svg(
        rx.el.svg.path(custom_attrs={"d": path}),  # an attribute, so no translation step reads it as copy
        view_box="0 0 24 24",
        aria_hidden="true",
        custom_attrs={"width": size, "height": size, **paint},
    )


def _player(src: str, title: str) -> rx.Component:
    return AutoplayVideo.create(
        src=src,
        title=title,
        controls=True,
        plays_inline=True,
        class_name="h-full w-full",
        on_loaded_data=browser_function("playOrMute"),
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
    playing = client_state(f"video-{element_id}", False)
    play_id = f"{element_id}-play"
    return rx.el.div(
        image(poster, "aspect-video h-auto w-full rounded-2xl object-cover"),
        rx.el.button(
            _icon("M8 5.5v13l11-6.5z", 32, fill="currentColor"),
            id=play_id,
            type="button",
            aria_label=play_label,
            aria_haspopup="dialog",
            aria_controls=element_id,
            on_click=[playing.set_value(True), show_modal(element_id)],
            class_name=_PLAY,
        ),
        NativeDialog.create(
            rx.el.button(
                _icon("M6 6l12 12M18 6L6 18", 24, fill="none", stroke="currentColor", strokeWidth="2"),
                type="button",
                aria_label=VIDEO_CLOSE_LABEL,
                on_click=close_modal(element_id),
                class_name=_CLOSE,
            ),
            rx.el.div(rx.cond(playing.value, _player(video_src, title)), class_name="aspect-video w-full bg-black"),
            id=element_id,
            aria_label=title,
            custom_attrs={"closedby": "any"},
            on_close=[playing.set_value(False), step("focusById", play_id), *([on_close] if on_close else [])],
            class_name=_DIALOG,
        ),
        class_name="relative overflow-hidden rounded-2xl shadow-2xl shadow-sky-900/20",
    )
