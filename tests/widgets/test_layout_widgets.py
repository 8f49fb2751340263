"""The header's menus, the chat and the vitals reporter as Python: which client state each control
reads and sets, and what its handlers compile to (the browser tests drive the same code in Chromium)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import reflex as rx

from marketing_site.components import chat_widget as chat
from marketing_site.components.building import building
from marketing_site.components.web_vitals import PACKAGE, web_vitals
from marketing_site.content import site, widgets
from marketing_site.content.types import Seo
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import ARABIC
from marketing_site.layout import navbar
from marketing_site.layout.page import PageSpec

MARKETING_SITE = Path(__file__).parents[2] / "marketing_site"


def compiled(component: rx.Component) -> str:
    """The component's JSX and its hooks, as Reflex writes them into the page module."""
    return str(component) + "\n".join(component._get_all_hooks())


def imports(component: rx.Component) -> dict[str, set[str]]:
    return {library: {var.tag for var in tags} for library, tags in component._get_all_imports().items()}


def props(component: rx.Component) -> dict[str, str]:
    return dict(prop.split(":", 1) for prop in component.render()["props"])


MENU_ID = f"menu-{navbar._slug(site.MENUS[0].label)}"


@pytest.fixture
def first_menu() -> rx.Component:
    return navbar.dropdown(site.MENUS[0], align_end=False)


def test_a_dropdown_button_controls_its_menu_and_shows_the_shared_open_state(first_menu):
    button = first_menu.children[0]
    assert props(button)['"aria-controls"'] == json.dumps(MENU_ID)
    assert props(button)["id"] == json.dumps(f"{MENU_ID}-button")
    assert "_client_state_dict_nav_open_menu" in props(button)['"aria-expanded"']
    assert props(first_menu.children[1])["id"] == json.dumps(MENU_ID)


def test_every_dropdown_sets_the_one_open_menu_so_opening_one_closes_the_others():
    menus = [navbar.dropdown(menu, align_end=False) for menu in site.MENUS]
    for menu in menus:
        handlers = props(menu)
        assert "refs['_client_state_setNav_open_menu']" in handlers["onMouseEnter"]
        assert handlers["onMouseLeave"].count('setNav_open_menu\']("")') == 1


def test_escape_closes_a_dropdown_and_puts_the_focus_back_on_its_button(first_menu):
    on_key_down = props(first_menu)["onKeyDown"]
    assert '=== "Escape"' in on_key_down
    assert 'setNav_open_menu\']("")' in on_key_down
    assert f'document.getElementById("{MENU_ID}-button"))?.["focus"]()' in on_key_down


def test_tab_out_or_a_chosen_link_closes_a_dropdown(first_menu):
    handlers = props(first_menu)
    assert '["currentTarget"]?.["contains"](_event?.["relatedTarget"])' in handlers["onBlur"]
    assert '["closest"]("a")' in handlers["onClick"]


def test_only_a_keyboard_click_toggles_a_dropdown(first_menu):
    on_click = props(first_menu.children[0])["onClick"]
    assert '_event?.["detail"]?.valueOf?.() === 0' in on_click
    assert f'? "" : "{MENU_ID}"' in on_click


def test_the_mobile_menu_closes_on_escape_an_outside_tap_and_a_chosen_link():
    menu = navbar.mobile_menu()
    code = compiled(menu)
    details = menu.children[0]
    assert props(details)["id"] == '"mobile-menu"'
    close = 'document.getElementById("mobile-menu"))?.["removeAttribute"]("open")'
    assert close in props(details)["onKeyDown"] and '"Escape"' in props(details)["onKeyDown"]
    assert 'document.getElementById("mobile-menu-toggle"))?.["focus"]()' in props(details)["onKeyDown"]
    assert close in props(details)["onClick"] and '["closest"]("a")' in props(details)["onClick"]
    assert "window.addEventListener('pointerdown'" in code
    assert '!(((document.getElementById("mobile-menu"))?.["contains"](_event?.["target"])))' in code


def test_the_chat_panel_exists_only_while_open_and_its_field_takes_the_focus():
    widget = chat.chat_widget()
    code = compiled(widget)
    panel = re.search(r"\(refs\['_client_state_dict_chat_open'\]\[id_\w+\]\?\((.*?)\):\(jsx\(Fragment,\{\},\)\)", code)
    assert panel, "the panel is rendered only while chat_open holds"
    assert 'role:"dialog"' in panel.group(1) and "autoFocus:true" in panel.group(1)
    bubble = props(widget.children[-1])
    # Issue 33: it names the panel only while the panel exists
    assert re.fullmatch(
        r"\(refs\['_client_state_dict_chat_open'\]\[id_\w+\] \? \"chat-panel\" : null\)", bubble['"aria-controls"']
    )
    assert "chat_open" in bubble['"aria-expanded"']
    assert "setChat_open'](!(" in bubble["onClick"]


def test_escape_and_the_close_icon_close_the_chat_and_focus_the_bubble():
    widget = chat.chat_widget()
    focus_bubble = 'document.getElementById("chat-bubble"))?.["focus"]()'
    on_key_down = props(widget)["onKeyDown"]
    assert '"Escape"' in on_key_down and "setChat_open'](false)" in on_key_down and focus_bubble in on_key_down
    close_button = f'"aria-label":{json.dumps(widgets.CHAT_CLOSE_LABEL)}'
    assert close_button in str(widget) and str(widget).count(focus_bubble) == 2


def test_send_calls_the_chat_script_with_the_number_and_empties_the_field_only_once_sent(monkeypatch):
    monkeypatch.setattr(chat, "settings", chat.settings.model_copy(update={"chat_phone_number": "+92 300-123 4567"}))
    widget = chat.chat_widget()
    code = compiled(widget)
    assert imports(widget)[chat.CHAT_SEND_MODULE.importable_path] == {"sendChatMessage"}
    call = 'sendChatMessage(({ ["base"] : "https://wa.me/", ["phoneDigits"] : "923001234567", ["text"] : '
    assert call in code
    assert '["invalidPhoneMessage"] : "Invalid Phone Number"' in code
    assert "isTrue((sendChatMessage(" in code and 'setChat_message\']("")' in code


def test_the_chat_alert_is_in_the_page_language():
    with building(PageSpec("/ar", Seo("Title", "Description"), rx.fragment, language=ARABIC)):
        code = compiled(chat.chat_widget())
    alert = catalogue(ARABIC)[widgets.CHAT_INVALID_PHONE_MESSAGE]
    assert f'["invalidPhoneMessage"] : {json.dumps(alert)}' in code


def test_the_vitals_reporter_starts_the_beacon_script_on_mount_and_brings_web_vitals():
    reporter = web_vitals()
    code = compiled(reporter)
    assert 'reportWebVitals("http://localhost:8000/api/vitals"' in code.replace("\n", " ")
    assert "useEffect(" in code
    assert PACKAGE in reporter._get_all_imports()
    assert any(path.endswith("vitals_beacon.js") for path in imports(reporter))


def test_no_handler_evaluates_code_at_run_time():
    """`call_script` would `eval` in the browser, which the CSP forbids (no 'unsafe-eval')."""
    for component in (navbar.navbar(), chat.chat_widget(), web_vitals()):
        assert "_call_script" not in compiled(component)


def test_the_widgets_of_this_share_are_python_and_their_scripts_stay_small():
    own = [MARKETING_SITE / "layout", MARKETING_SITE / "components"]
    assert [path.name for folder in own for path in folder.glob("*.jsx") if path.stem in _THIS_SHARE] == []
    scripts = [MARKETING_SITE / "components" / name for name in ("chat_send.js", "vitals_beacon.js")]
    assert sum(len(path.read_text().splitlines()) for path in scripts) <= 35
    for script in scripts:
        assert "react" not in script.read_text().lower(), f"{script.name} is no React component"


_THIS_SHARE = {"nav_dropdown", "mobile_menu", "exact_route", "by_language", "chat_widget", "web_vitals"}
