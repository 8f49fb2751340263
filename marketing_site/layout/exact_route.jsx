import { useEffect, useState } from "react";
import { useLocation } from "react-router";

const NOT_FOUND_ROUTE = "routes/[404]._index";

/**
 * Routes are exact: React Router matches /studentsmart to /studentSmart (its route config drops
 * `caseSensitive` on the client), so a page checks the address itself and, when it is not exactly
 * a registered route, shows the site's 404 page (its route module, fetched on demand) at the
 * visitor's address.
 */
export function ExactRoute({ routes, children }) {
  const { pathname } = useLocation();
  const wrong = !routes.includes(pathname.replace(/\/+$/, "") || "/");
  const [NotFound, setNotFound] = useState(null);
  useEffect(() => {
    if (!wrong) return;
    const module = window.__reactRouterManifest?.routes?.[NOT_FOUND_ROUTE]?.module;
    if (module) import(/* @vite-ignore */ module).then((loaded) => setNotFound(() => loaded.default));
  }, [wrong]);
  if (!wrong) return children;
  return NotFound ? <NotFound /> : null;
}
