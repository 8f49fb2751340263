"""The modal a lead form opens once the lead is stored; Continue goes home (spec section 4).

A native <dialog> opened with showModal() sits in the browser's top layer (above the sticky
navigation and any stacking context of the page section it is declared in) and makes the page
behind it inert. Escape is swallowed: the only way on is Continue.
"""

from __future__ import annotations

import reflex as rx

from .. import routes
from ..content.types import Link, SuccessCopy
from .links import route_link


def success_modal(copy: SuccessCopy, is_open: rx.Var[bool], modal_id: str, video_src: rx.Var[str] | str = "",
                  video_title: str = "") -> rx.Component:
    """Rendered only after the service returned the new lead's id, optionally playing a video."""
    title_id = f"{modal_id}-title"
    video = (
        rx.el.video(
            src=video_src, controls=True, auto_play=True, plays_inline=True, title=video_title,
            width=1280, height=720, class_name="mt-5 aspect-video h-auto w-full rounded-lg bg-black",
        )
        if isinstance(video_src, rx.Var) or video_src
        else rx.fragment()
    )
    open_script = (
        f"const dialog = document.getElementById('{modal_id}'); "
        "dialog.addEventListener('cancel', (event) => event.preventDefault()); "
        "if (!dialog.open) dialog.showModal();"
    )
    return rx.cond(
        is_open,
        rx.el.dialog(
            rx.el.div(
                rx.el.div("✓", aria_hidden="true",
                          class_name="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-700"),
                rx.el.h2(copy.title, id=title_id, class_name="mt-4 text-center text-2xl font-bold text-slate-900"),
                rx.el.p(copy.text, class_name="mt-2 text-center text-slate-700"),
                video,
                rx.el.div(
                    route_link(
                        Link(copy.continue_label, routes.HOME),
                        class_name="rounded-full bg-sky-800 px-8 py-3 font-semibold text-white hover:bg-sky-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-sky-700/40",
                        auto_focus=True,
                    ),
                    class_name="mt-6 flex justify-center",
                ),
                class_name="rounded-2xl bg-white p-6 shadow-2xl md:p-8",
            ),
            id=modal_id,
            aria_labelledby=title_id,
            on_mount=rx.call_script(open_script),
            class_name="m-auto w-[min(92vw,42rem)] bg-transparent p-0 backdrop:bg-slate-950/70",
        ),
    )
