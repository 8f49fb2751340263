"""The form and modal widgets as Python compiles them: client-state wiring and browser steps, no server.

Each check reads the compiled output (the JSX and its hooks) for the behaviour the browser tests see:
what runs in the browser at once (client state setters, browser_steps.js functions called directly,
never queued behind a server event nor eval'd), and what reaches the server.
"""

from __future__ import annotations

import re
from pathlib import Path

import reflex as rx

from marketing_site.components.forms import lead_form, submit_bar
from marketing_site.components.forms.lead_form import lead_form as build_lead_form
from marketing_site.components.forms.submit_bar import Submission
from marketing_site.components.forms.success_modal import success_modal
from marketing_site.components.widgets.product_video_modal import product_video_modal
from marketing_site.components.widgets.video_modal import _video_modal, video_modal
from marketing_site.content import forms, home
from marketing_site.content.modules import HR
from marketing_site.state.product_video import DIALOG_ID
from marketing_site.state.signup import SignupDemoState

COMPONENTS = Path(lead_form.__file__).parents[1]


def compiled(component: rx.Component) -> str:
    """The component's JSX and the hooks its memo wrappers run (effects, callbacks, client state)."""
    return str(component) + "\n".join(component._get_all_hooks())


def test_no_hand_written_react_is_left_for_the_form_and_modal_widgets():
    for name in ("video_modal", "success_modal", "lead_dialog", "submit_bar", "phone_input"):
        assert not (COMPONENTS / f"{name}.jsx").exists()
    script = (COMPONENTS / "browser_steps.js").read_text()  # its length counts in tests/test_browser_code.py's budget
    assert not re.search(r'from "react"|createElement|jsx|useState|useEffect', script), "plain functions, no React"


# --- Submit bar ---------------------------------------------------------------------------------


def test_a_submit_marks_the_form_sent_in_the_browser_before_the_server_hears_of_it():
    chain = str(Submission("signup-demo", SignupDemoState.answered).on_submit(SignupDemoState.submit))
    sent = chain.index("refs['_client_state_setSent_signup_demo'](")
    late = chain.index("refs['_client_state_setLate_signup_demo'](-1)")
    server = chain.index("signup_demo_state.submit")
    assert sent < late < server, "busy at once, then the event goes out"


def test_a_submit_while_busy_is_dropped_before_reflex_sends_it():
    chain = str(Submission("signup-demo", SignupDemoState.answered).on_submit(SignupDemoState.submit))
    busy, dropped = chain.split(" ? () => null : ", 1)
    assert "_client_state_dict_sent_signup_demo" in busy and "answered_rx_state_" in busy
    assert "signup_demo_state.submit" in dropped and "signup_demo_state.submit" not in busy


def test_the_wait_for_an_answer_is_the_life_of_one_animation_as_long_as_the_time_limit():
    bar = compiled(
        submit_bar.submit_bar(Submission("f", SignupDemoState.answered), SignupDemoState.alert, "Send", "Sending", 4321)
    )
    assert "[animation-duration:4321ms] [animation-iteration-count:1]" in bar
    ends = re.search(r"onAnimationEnd:(.*?)\n", bar)
    assert ends and "refs['_client_state_setLate_f'](" in ends.group(1), "its end marks the wait late"
    assert "addEvents" not in ends.group(1), "no server round trip"


def test_the_button_says_busy_with_aria_disabled_and_the_messages_are_one_live_region():
    bar = compiled(
        submit_bar.submit_bar(Submission("f", SignupDemoState.answered), SignupDemoState.alert, "Send", "Sending", 1000)
    )
    assert '"aria-disabled":' in bar and '? "true" : null' in bar
    assert 'role:"alert"' in bar and '"aria-live":"assertive"' in bar
    for text in (forms.TIMEOUT_TEXT, forms.OFFLINE_TEXT, forms.ERROR_TITLE, "Sending", "Send"):
        assert f'"{text}"' in bar
    assert "connectErrors" in bar, "the offline notice follows Reflex's own connection state"


def test_an_answer_after_a_submit_focuses_the_first_invalid_field():
    bar = compiled(submit_bar.submit_bar(Submission("f", SignupDemoState.answered), SignupDemoState.alert, "S", "B", 9))
    assert re.search(r"jsx\(Fragment,\{key:reflex___state[^}]*answered_rx_state_\}", bar), "remounted per answer"
    assert 'focusFirstInvalid("f")' in bar


def test_a_cancel_button_closes_its_dialog_in_the_browser():
    bar = compiled(
        submit_bar.submit_bar(
            Submission("f", SignupDemoState.answered), SignupDemoState.alert, "S", "B", 9, ("Cancel", "the-dialog")
        )
    )
    assert 'closeModal("the-dialog")' in bar and '"Cancel"' in bar


def test_a_page_form_starts_on_the_first_focus_in_it_with_what_only_the_browser_knows():
    """Not on mount: a reader who never touches the form sends nothing (build/lazy_socket.py connects on the
    first event that needs the server, and this is a form's first)."""
    form = compiled(build_lead_form("signup-demo", SignupDemoState, submit_label="Send"))
    focus = form[form.index("onFocus:") : form.index(",onSubmit:")]
    started, start = focus.split(" ? () => null : ", 1)
    assert "_client_state_dict_started_signup_demo" in started and "signup_demo_state.start" not in started
    assert start.index("refs['_client_state_setStarted_signup_demo'](true)") < start.index(
        'signup_demo_state.start", ({ ["browser"] : (browserInfo(""))'
    ), "once: marked started before the event goes out"
    assert form.count('signup_demo_state.start"') == 1, "no other start: none as it mounts"
    forgets = form.index("refs['_client_state_setStarted_signup_demo'](false)")
    assert form.rindex("return () => {", 0, forgets) > form.rindex("useEffect(", 0, forgets), (
        "forgotten as the form unmounts: another page's form starts anew"
    )


def test_a_page_form_posts_its_kept_start():
    form = compiled(build_lead_form("signup-demo", SignupDemoState, submit_label="Send"))
    assert f'name:"{forms.START_TOKEN_NAME}"' in form and 'type:"hidden"' in form
    assert "refs['_client_state_setStart_signup_demo'](" in form, "the latest signed start is kept in the browser"
    assert 'id:"signup-demo"' in form


def test_a_form_in_a_dialog_is_started_by_its_opener_not_by_a_focus():
    form = compiled(build_lead_form("f", SignupDemoState, submit_label="Send", start_on_focus=False))
    assert 'signup_demo_state.start"' not in form and "onFocus" not in form


# --- Modals ---------------------------------------------------------------------------------------


VIDEO_MODAL = compiled(_video_modal._definition.component)  # one compiled component, each page's props


def test_each_video_modal_is_the_one_compiled_component_with_its_page_s_props():
    modal = compiled(video_modal(home.VIDEO.src, home.VIDEO_POSTER, "Play", "The video", "promo-video"))
    assert f'src:"{home.VIDEO.src}"' in modal and 'controls:"promo-video"' in modal and 'title:"The video"' in modal
    assert f'alt:"{home.VIDEO_POSTER.alt}"' in modal, "the poster is the page's own"


def test_the_video_modal_opens_a_native_dialog_and_mounts_the_video_only_while_open():
    assert 'jsx("dialog"' in VIDEO_MODAL and 'closedby:"any"' in VIDEO_MODAL
    assert '"aria-label":titleRxMemo' in VIDEO_MODAL and '"aria-controls":controlsRxMemo' in VIDEO_MODAL
    play = VIDEO_MODAL[VIDEO_MODAL.index('"aria-label":playLabelRxMemo') : VIDEO_MODAL.index('jsx("dialog"')]
    assert (
        "showModal(controlsRxMemo" in play
        and "refs['_client_state_setVideo_modal_open'](controlsRxMemo)" in play
        and "addEvents" not in play
    )
    mounted = r"\(refs\['_client_state_dict_video_modal_open'\]\[id_\w+\]\?\.valueOf\?\.\(\) === controlsRxMemo"
    assert re.search(mounted + r'.{0,40}\?\(jsx\(Fragment,\{\},jsx\("video"', VIDEO_MODAL), "its page's modal open"
    assert "src:srcRxMemo" in VIDEO_MODAL
    assert "onLoadedData:((...args) => (playOrMute(...args)))" in VIDEO_MODAL


def test_closing_the_video_modal_stops_it_returns_the_focus_and_calls_back():
    closing = VIDEO_MODAL[VIDEO_MODAL.index("onClose:") :]
    stop, focus, back = (
        '_client_state_setVideo_modal_open\']("")',
        'focusById((controlsRxMemo+"-play"))',
        "onCloseRxMemo",
    )
    assert closing.index(stop) < closing.index(focus) < closing.index(back)
    modal = compiled(
        video_modal(home.VIDEO.src, home.VIDEO_POSTER, "Play", "V", "v", on_close=rx.call_script("window.closed = 1"))
    )
    assert "window.closed = 1" in modal


def test_the_success_modal_shows_itself_as_it_mounts_and_keeps_escape_from_closing_it():
    modal = compiled(
        success_modal(forms.SIGNUP.success, SignupDemoState.submitted, "s-success", replaces="lead-dialog")
    )
    assert 'closeModal("lead-dialog")' in modal
    assert modal.index('closeModal("lead-dialog")') < modal.index('showModal("s-success", "[data-autofocus], a[href]")')
    assert re.search(r"onCancel:.*\[\"preventDefault\"\] : true", modal)
    assert '"aria-labelledby":"s-success-title"' in modal


def test_watch_video_opens_its_dialog_starts_the_form_and_then_shows_the_phone_field():
    modal = compiled(product_video_modal(HR, "Watch Video", ""))
    [steps] = [line for line in modal.splitlines() if f'showModal("{DIALOG_ID}", "")' in line]
    assert steps.index("_client_state_setProduct_video_dialog'](true)") < steps.index(f'showModal("{DIALOG_ID}", "")')
    assert f'browserInfo("{HR.name}")' in steps and 'product_video_state.start"' in steps
    assert f'"aria-controls":"{DIALOG_ID}"' in modal and forms.CANCEL_LABEL in modal
    assert "_client_state_dict_product_video_dialog" in modal, "its phone field waits for the first opening"
