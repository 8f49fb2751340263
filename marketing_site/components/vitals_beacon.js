/**
 * Real-user LCP, INP, CLS and TTFB (spec 7) of the page the visitor landed on, one beacon to `endpoint`
 * whenever it is hidden or left. JavaScript: web-vitals must be imported on demand (its own chunk, only
 * after load when the browser is idle), and its callbacks and the unload beacon have no Reflex form.
 */
let started = false;
export function reportWebVitals(endpoint) {
  if (started) return;  // once per document: later pages of the visit are client-side renders
  started = true;
  const route = window.location.pathname.replace(/\/+$/, "") || "/", latest = new Map();
  const flush = () => {
    const metrics = [...latest].map(([name, value]) => ({ name, value })), width = window.innerWidth;
    const device = width < 768 ? "mobile" : width < 1024 ? "tablet" : "desktop";  // coarse, identifies no one
    if (metrics.length) navigator.sendBeacon?.(endpoint, new Blob([JSON.stringify({ route, device, metrics })], { type: "text/plain" }));
    latest.clear();
  };
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
  window.addEventListener("pagehide", flush);
  const start = () => import("web-vitals").then(({ onCLS, onINP, onLCP, onTTFB }) => [onCLS, onINP, onLCP, onTTFB]
    .forEach((on) => on((metric) => latest.set(metric.name, metric.value), { reportAllChanges: true })));
  const whenIdle = () => (window.requestIdleCallback ?? ((callback) => window.setTimeout(callback, 1)))(start);
  if (document.readyState === "complete") whenIdle(); else window.addEventListener("load", whenIdle, { once: true });
}
