import { useEffect } from "react";

/** A coarse device class from the viewport width: nothing that tells one visitor from another. */
const deviceClass = () => (window.innerWidth < 768 ? "mobile" : window.innerWidth < 1024 ? "tablet" : "desktop");

/**
 * Real-user LCP, INP, CLS and TTFB (spec section 7): web-vitals is fetched once the page has
 * loaded and the browser is idle, so it never competes with the page itself, and the values go
 * to `endpoint` in one beacon whenever the page is hidden or left (navigator.sendBeacon survives unload).
 */
export function WebVitals({ endpoint }) {
  useEffect(() => {
    const route = window.location.pathname.replace(/\/+$/, "") || "/";
    const latest = new Map();
    const flush = () => {
      if (latest.size === 0) return;
      const metrics = [...latest].map(([name, value]) => ({ name, value }));
      latest.clear();
      const body = JSON.stringify({ route, device: deviceClass(), metrics });
      navigator.sendBeacon?.(endpoint, new Blob([body], { type: "text/plain" }));
    };
    const onHidden = () => document.visibilityState === "hidden" && flush();
    let cancelled = false;
    const start = () =>
      import("web-vitals").then(({ onCLS, onINP, onLCP, onTTFB }) => {
        if (cancelled) return;
        const record = (metric) => latest.set(metric.name, metric.value);
        // Every change is kept (reportAllChanges), so whatever is current when the page goes away is sent.
        [onCLS, onINP, onLCP, onTTFB].forEach((on) => on(record, { reportAllChanges: true }));
      });
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", flush);
    const idle = window.requestIdleCallback ?? ((callback) => window.setTimeout(callback, 1));
    const whenLoaded = () => idle(start);
    if (document.readyState === "complete") whenLoaded();
    else window.addEventListener("load", whenLoaded, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", whenLoaded);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", flush);
    };
  }, [endpoint]);
  return null;
}
