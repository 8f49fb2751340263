"""The languages the site is published in: one line each. A language other than the default lives
under its own path prefix (/ar/product) and reads its copy from locales/<code>.po."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    code: str  # BCP 47, as in <html lang> and hreflang
    name: str  # the language's own name, shown by the language switcher
    direction: str  # "ltr" or "rtl", as in <html dir>

    @property
    def prefix(self) -> str:
        """The path prefix of this language's pages: "" for the default language, else "/<code>"."""
        return "" if self is DEFAULT else f"/{self.code}"


ENGLISH = Language("en", "English", "ltr")
ARABIC = Language("ar", "العربية", "rtl")
DEFAULT = ENGLISH
# Digits, decided once for every language: Western 0-9 in counters, dates and phone numbers (as
# Gulf school software, fee lists and phone dialling use them); catalogues write numbers that way.
LANGUAGES: tuple[Language, ...] = (ENGLISH, ARABIC)
BY_CODE = {language.code: language for language in LANGUAGES}


def localized_route(route: str, language: Language) -> str:
    """The address of `route` in `language`: /product -> /ar/product, / -> /ar."""
    if not language.prefix or not route.startswith("/"):
        return route
    return language.prefix + ("" if route == "/" else route)


def language_of_path(path: str) -> Language:
    """The language a page address belongs to (the default one for any unprefixed path)."""
    for language in LANGUAGES:
        if language.prefix and (path == language.prefix or path.startswith(language.prefix + "/")):
            return language
    return DEFAULT


def preferred_language(accept_language: str) -> Language:
    """The language an Accept-Language header ranks highest among those the site speaks ("ar-OM,ar;q=0.9"
    is Arabic); the default language when it names none of them."""
    ranked = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, parameters = part.partition(";")
        quality = parameters.strip().removeprefix("q=") if parameters.strip().startswith("q=") else "1"
        try:
            weight = float(quality)
        except ValueError:
            weight = 0.0
        ranked.append((-weight, index, tag.strip().split("-")[0].lower()))
    return next((BY_CODE[code] for weight, _, code in sorted(ranked) if weight < 0 and code in BY_CODE), DEFAULT)
