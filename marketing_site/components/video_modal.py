"""Play button that opens a 16:9 video modal (autoplay, 300 ms animation, Escape closes).

A native <dialog> shown with showModal() gives focus trapping, Escape and the
backdrop for free; `video_modal.jsx` adds autoplay, focus return and the close callback.
"""

from __future__ import annotations

import reflex as rx

from marketing_site.components.image import image
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


class VideoModal(rx.Component):
    """The React side of `video_modal()`."""

    library = rx.asset("video_modal.jsx", shared=True).importable_path
    tag = "VideoModal"

    dialog_id: rx.Var[str]
    src: rx.Var[str]
    title: rx.Var[str]
    play_label: rx.Var[str]
    close_label: rx.Var[str]
    play_class_name: rx.Var[str]
    dialog_class_name: rx.Var[str]
    close_class_name: rx.Var[str]

    on_close: rx.EventHandler[rx.event.no_args_event_spec]


def video_modal(
    video_src: str,
    poster: Image,
    play_label: str,
    title: str,
    element_id: str,
    on_close: rx.event.EventSpec | None = None,
) -> rx.Component:
    """A poster with a play button; `element_id` is unique per page; `on_close` runs after the modal closes."""
    events = {"on_close": on_close} if on_close is not None else {}
    return VideoModal.create(
        image(poster, "aspect-video h-auto w-full rounded-2xl object-cover"),
        dialog_id=element_id,
        src=video_src,
        title=title,
        play_label=play_label,
        close_label=VIDEO_CLOSE_LABEL,
        class_name="relative overflow-hidden rounded-2xl shadow-2xl shadow-sky-900/20",
        play_class_name=_PLAY,
        dialog_class_name=_DIALOG,
        close_class_name=_CLOSE,
        **events,
    )
