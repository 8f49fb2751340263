"""The page's keeper of the visit's touches is Python compiled into a function the page runs itself on mount: it
reaches storage and the address, and never the server (no Reflex event, so no websocket for a reader), no eval."""

from __future__ import annotations

import reflex as rx

from marketing_site.components.forms.attribution import STORAGE_KEY, attribution_field, visit_keeper
from marketing_site.content.forms import ATTRIBUTION_NAME
from marketing_site.leads.attribution import CAMPAIGN_KEYS, KEPT_DAYS


def hooks(component: rx.Component) -> str:
    return "\n".join(str(hook) for hook in component._get_all_hooks())


def test_the_keeper_runs_in_the_browser_on_mount_and_sends_nothing():
    for component in (visit_keeper(), attribution_field("schedule-demo")):
        code = hooks(component)
        assert "useEffect" in code and f'localStorage.setItem("{STORAGE_KEY}"' in code
        assert "location.search" in code and "document.referrer" in code
        assert all(f'["{key}"]' in code for key in CAMPAIGN_KEYS)
        assert str(KEPT_DAYS * 24 * 3600 * 1000) in code  # 90 days, in milliseconds
        assert "addEvents" not in code and "ReflexEvent" not in code  # no event: no server, no socket
        assert "eval(" not in code and "new Function" not in code
        assert '?.["catch"]' in code  # refused storage (cookies blocked) costs the touches, never the page


def test_a_forms_hidden_field_is_named_for_the_state_and_filled_by_the_keeper():
    field = attribution_field("careers")
    rendered = str(field.render())
    assert f'name:"{ATTRIBUTION_NAME}"' in rendered and 'id:"careers-attribution"' in rendered
    assert 'type:"hidden"' in rendered and "value:" not in rendered.replace("defaultValue:", "")
    assert 'Reflect.set((document.getElementById("careers-attribution")), "value"' in hooks(field)
