"""Pages in another language are the English pages with their copy swapped from a gettext catalogue.

The English typed records in content/ stay the one source of what each page says; locales/<code>.po
holds, per English text (msgid), its translation (msgstr). A page for another language is built by
calling the same page function and walking its component tree: every text child and every prop
that carries copy is looked up in the catalogue, and every internal link gains the language's
prefix. A text with no translation fails the build, so a page never ships half translated.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import reflex as rx
from reflex.components.base.bare import Bare
from reflex_base.vars.base import LiteralVar

from marketing_site import routes
from marketing_site.i18n.catalogues import catalogue
from marketing_site.i18n.languages import DEFAULT, Language, localized_route

# Props that hold addresses, names, styling or ARIA states, never copy (or copy already translated).
_TECHNICAL = re.compile(
    r"(^|_)(class_name|id|ids|by|src|href|to|type|name|names|loading|decoding|rel|method|accept|auto_complete|"
    r"input_mode|role|html_for|target|pattern|value|default_value|fetch_priority|sizes|src_set|poster|preload|"
    r"routes|hidden|checked|current|expanded|invalid|has_popup|controls|live|atomic|form|enc_type|lang|dir|"
    r"phone|number|country|countries|key|keys|kind|style|product|list|classes|endpoint|url|prefixes|translated_titles)$"
)
# Attributes a reader (or a screen reader) gets as words; rx.el elements keep them in custom_attrs.
_COPY_ATTRIBUTES = frozenset(
    {
        "aria-label",
        "aria-description",
        "aria-roledescription",
        "aria-placeholder",
        "aria-valuetext",
        "title",
        "alt",
        "placeholder",
    }
)
# Elements whose children the browser takes as plain text: a brand name there stays a plain string.
_PLAIN_TEXT_TAGS = frozenset({"option", "title", "textarea", "style", "script"})
# A brand name in right-to-left copy: one inline box, so the name moves to the next line whole (its halves
# would swap sides if split), and breaks inside only when it is wider than the line (a heading at 320 px).
WHOLE_NAME_CLASSES = "inline-block max-w-full"
# A text is copy when it holds a letter; "✓", "+" and "0" are not.
_LETTER = re.compile(r"[^\W\d_]")


class MissingTranslation(KeyError):
    """A page holds English text the language's catalogue does not translate."""


def is_copy(text: str) -> bool:
    """Text a reader reads: it holds a letter and is no address (e-mail, URL)."""
    return bool(_LETTER.search(text)) and not re.fullmatch(r"\S*(@|://)\S*", text)


def _is_internal(text: str) -> bool:
    return text.split("#")[0].split("?")[0] in routes.ROUTES and text.startswith("/")


def _texts(value: Any) -> Iterator[str]:
    """Every string inside a prop's Python value (lists and dicts of strings included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, LiteralVar) and not isinstance(value, rx.Component):
        yield from _texts(getattr(value, "_var_value", None))


def _swap(value: Any, translate: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return translate(value)
    if isinstance(value, dict):
        return {key: _swap(item, translate) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_swap(item, translate) for item in value)
    if isinstance(value, LiteralVar) and isinstance(getattr(value, "_var_value", None), (str, list, tuple, dict)):
        return LiteralVar.create(_swap(value._var_value, translate))
    return value


def _copy_props(component: rx.Component) -> Iterator[tuple[str, Any]]:
    """(name, value) of the component's props that may carry copy, children text included."""
    if isinstance(component, Bare):
        yield "contents", component.contents
        return
    for name in component.get_props():  # an instance's: a compiled component (rx.memo) lists its own
        value = getattr(component, name, None)
        if value is not None and not _TECHNICAL.search(name) and not isinstance(value, rx.Component):
            yield name, value


def _copy_attributes(component: rx.Component) -> dict[str, Any]:
    """The component's HTML attributes that carry copy (`aria_label=` on an element lands here)."""
    return {
        name: value
        for name, value in (getattr(component, "custom_attrs", None) or {}).items()
        if name in _COPY_ATTRIBUTES
    }


def _link_props(component: rx.Component) -> Iterator[tuple[str, Any]]:
    for name in ("href", "to"):
        if name in type(component).get_props() and getattr(component, name, None) is not None:
            yield name, getattr(component, name)


def _components(component: rx.Component) -> Iterator[rx.Component]:
    """The component and its descendants, except parts marked with a language of their own (`lang`)."""
    if getattr(component, "lang", None) is not None:
        return
    yield component
    for child in component.children:
        if isinstance(child, rx.Component):
            yield from _components(child)


def copy_texts(component: rx.Component) -> set[str]:
    """Every English text of a built page that a catalogue must translate."""
    return {
        text
        for node in _components(component)
        for value in [*(value for _, value in _copy_props(node)), *_copy_attributes(node).values()]
        for text in _texts(value)
        if is_copy(text)
    }


def _with_names_whole(text: rx.Component, names: re.Pattern[str]) -> rx.Component:
    """A text child with each brand name in it put in its own whole-name box (the text itself when none is)."""
    value = getattr(getattr(text, "contents", None), "_var_value", None)
    if not isinstance(value, str) or not names.search(value):
        return text
    pieces = names.split(value)  # the pattern's one group keeps the names, at the odd places
    boxed: rx.Component = rx.fragment(
        *(
            rx.el.span(piece, class_name=WHOLE_NAME_CLASSES) if index % 2 else piece
            for index, piece in enumerate(pieces)
            if piece
        )
    )
    return boxed


def _keep_names_whole(component: rx.Component, names: Iterable[str]) -> None:
    spaced = sorted((name for name in names if " " in name), key=len, reverse=True)  # the longest name first
    if not spaced:
        return
    pattern = re.compile(f"({'|'.join(map(re.escape, spaced))})")
    for node in list(_components(component)):  # listed first: the boxes added below are not walked again
        if getattr(node, "tag", None) not in _PLAIN_TEXT_TAGS:
            node.children = [
                _with_names_whole(child, pattern) if isinstance(child, Bare) else child for child in node.children
            ]


def translate_tree(component: rx.Component, language: Language, unbroken_names: Iterable[str] = ()) -> rx.Component:
    """The built page rewritten in place into `language`: copy from its catalogue, links under its prefix. In
    right-to-left copy each of ``unbroken_names`` (brand names) is kept whole on its line, where the halves of
    a broken Latin name would swap sides."""
    words = catalogue(language)

    def translate(text: str) -> str:
        if not is_copy(text):
            return text
        if text not in words or not words[text]:
            raise MissingTranslation(f"locales/{language.code}.po has no translation for {text!r}")
        return words[text]

    def relink(text: str) -> str:
        return localized_route(text, language) if _is_internal(text) else text

    for node in _components(component):
        for name, value in list(_copy_props(node)):
            setattr(node, name, _swap(value, translate))
        for name, value in _copy_attributes(node).items():
            node.custom_attrs[name] = _swap(value, translate)
        for name, value in list(_link_props(node)):
            setattr(node, name, _swap(value, relink))
    if language.direction == "rtl":
        _keep_names_whole(component, unbroken_names)
    return component


def translated_text(text: str, language: Language) -> str:
    """One text (a title, a description) in `language`; the English itself for the default language."""
    if language == DEFAULT or not is_copy(text):
        return text
    words = catalogue(language)
    if not words.get(text):
        raise MissingTranslation(f"locales/{language.code}.po has no translation for {text!r}")
    return words[text]
