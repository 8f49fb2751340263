"""International phone input (react-phone-number-input) that posts E.164 with its form.

The library is a controlled React component; a small wrapper keeps its value in browser-local
React state and mirrors it into a hidden input, so the number travels with the form's own submit
and no keystroke reaches the server. Flags are bundled (no CDN). Only form pages import this
module, keeping its ~380 KB of metadata off every other page.
"""

from __future__ import annotations

import reflex as rx
from reflex_base.utils.imports import ImportVar

PACKAGE = "react-phone-number-input@3.4.18"

_WRAPPER = """
function PhoneNumberField({ name, defaultCountry, inputClassName, ...inputProps }) {
  const [value, setValue] = useState();
  return (
    <>
      <PhoneInput
        {...inputProps}
        className={inputClassName}
        international
        countryCallingCodeEditable={false}
        defaultCountry={defaultCountry}
        flags={phoneFlags}
        value={value}
        onChange={setValue}
      />
      <input type="hidden" name={name} value={value ?? ""} />
    </>
  );
}
"""


class PhoneNumberField(rx.Component):
    """`<PhoneNumberField>`: country drop-down with flags plus the number field."""

    tag = "PhoneNumberField"

    name: rx.Var[str]
    id: rx.Var[str]
    default_country: rx.Var[str]
    required: rx.Var[bool]
    placeholder: rx.Var[str]
    auto_complete: rx.Var[str]
    input_class_name: rx.Var[str]

    def add_imports(self):
        return {
            PACKAGE: ImportVar(tag="PhoneInput", is_default=True),
            "react-phone-number-input/flags": ImportVar(tag="phoneFlags", is_default=True),
            "react": [ImportVar(tag="useState")],
            "": "react-phone-number-input/style.css",
        }

    def add_custom_code(self) -> list[str]:
        return [_WRAPPER]


def phone_input(name: str, element_id: str, default_country: str, required: bool, **props) -> rx.Component:
    """A phone field whose form value is the E.164 number (the server re-validates it)."""
    return PhoneNumberField.create(
        name=name,
        id=element_id,
        default_country=default_country,
        required=required,
        **props,
    )
