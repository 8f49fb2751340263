import { Children, useEffect } from "react";
import { useLocation } from "react-router";

/**
 * One child per language (languages.py's order); shows the one whose path prefix the address
 * starts with (the default language's "" otherwise) and names the tab in it. The one 404 route
 * answers every unknown address, /ar/… included, so it picks its language by the address.
 */
export function ByLanguage({ prefixes, translatedTitles, children }) {
  const { pathname } = useLocation();
  const found = prefixes.findIndex((prefix) => prefix && (pathname === prefix || pathname.startsWith(prefix + "/")));
  const index = found === -1 ? prefixes.indexOf("") : found;
  useEffect(() => {
    if (translatedTitles[index]) document.title = translatedTitles[index];
  }, [index]);
  return Children.toArray(children)[index] ?? null;
}
