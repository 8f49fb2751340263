"""The modal a lead form opens once the lead is stored; Continue goes home (spec section 4).

A native <dialog> (native_dialog.py) rendered when the success state arrives and shown as a modal as it
mounts: in the top layer above the sticky navigation, the page behind inert, Escape swallowed. The
only way on is Continue, which gets the focus, unless the content marks where to start
(`data-autofocus`: the slot picker's heading, so a tall list is read from its top). Mounting also
closes the dialog the form was in (``replaces``), so this modal is the one shown. A video keeps its
real aspect ratio and, with the rest of the card, fits inside the viewport, so Continue stays
visible on a laptop and on a phone.
"""

from __future__ import annotations

import reflex as rx

from marketing_site import routes
from marketing_site.components.links import route_link
from marketing_site.components.native_dialog import NativeDialog, close_modal, show_modal
from marketing_site.content.types import Link, SuccessCopy, Video

_START = "[data-autofocus], a[href]"  # the marked start if any (it comes first), else Continue


def _player(video: Video, title: str) -> rx.Component:
    """Width and height as attributes give the box its ratio; the height cap keeps the card in view."""
    return rx.el.video(
        src=video.src,
        controls=True,
        auto_play=True,
        plays_inline=True,
        title=title,
        custom_attrs={"width": video.width, "height": video.height},
        class_name="mx-auto mt-5 block h-auto max-h-[calc(100dvh-20rem)] w-auto max-w-full rounded-lg bg-black",
    )


def success_modal(
    copy: SuccessCopy,
    is_open: rx.Var[bool],
    modal_id: str,
    video: Video | None = None,
    video_title: str = "",
    extra: rx.Component | None = None,
    replaces: str = "",
    text_shown: rx.Var[bool] | None = None,
) -> rx.Component:
    """Rendered only after the service returned the new lead's id, optionally playing a video or going on
    with ``extra`` (the demo's slot picker) above Continue; ``replaces`` is the id of the dialog it closes.
    ``text_shown``: while the copy's text is still true (a demo booked in the picker says it all, so "our team
    will contact you" goes)."""
    title_id = f"{modal_id}-title"
    text = rx.el.p(copy.text, class_name="mt-2 text-center text-slate-700")
    return rx.cond(
        is_open,
        NativeDialog.create(
            rx.el.div(
                rx.el.div(
                    "✓",
                    aria_hidden="true",
                    class_name=(
                        "mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-3xl "
                        "text-emerald-700"
                    ),
                ),
                rx.el.h2(copy.title, id=title_id, class_name="mt-4 text-center text-2xl font-bold text-slate-900"),
                text if text_shown is None else rx.cond(text_shown, text, rx.fragment()),
                _player(video, video_title) if video else rx.fragment(),
                extra if extra is not None else rx.fragment(),
                rx.el.div(
                    route_link(
                        Link(copy.continue_label, routes.HOME),
                        class_name=(
                            "rounded-full bg-sky-800 px-8 py-3 font-semibold text-white hover:bg-sky-900 "
                            "focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-700/40"
                        ),
                    ),
                    class_name="mt-6 flex justify-center",
                ),
                class_name="rounded-2xl bg-white p-6 shadow-2xl md:p-8",
            ),
            id=modal_id,
            aria_labelledby=title_id,
            on_mount=[*([close_modal(replaces)] if replaces else []), show_modal(modal_id, _START)],
            on_cancel=rx.prevent_default,
            class_name=(
                "m-auto max-h-[calc(100dvh-1rem)] w-[min(92vw,42rem)] overflow-y-auto bg-transparent p-0 "
                "backdrop:bg-slate-950/70"
            ),
        ),
    )
