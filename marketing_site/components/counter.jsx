import { useEffect, useState } from "react";

const easeOut = (progress) => 1 - (1 - progress) ** 3;

/** Progress 0..1 of the count-up: restarts each time `running` turns true, jumps to 1 for reduced motion. */
function useCountUp(running, durationMs, delayMs) {
  const [progress, setProgress] = useState(1);
  useEffect(() => {
    if (!running) {
      setProgress(0);
      return undefined;
    }
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setProgress(1);
      return undefined;
    }
    let frame;
    let begin;
    const step = (now) => {
      begin ??= now;
      const value = Math.min((now - begin) / durationMs, 1);
      setProgress(value);
      if (value < 1) frame = requestAnimationFrame(step);
    };
    const timer = setTimeout(() => { frame = requestAnimationFrame(step); }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [running, durationMs, delayMs]);
  return progress;
}

/** True while the page is scrolled further than `threshold` pixels. */
function useScrolledPast(threshold) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

/** Marketing figures revealed past a scroll threshold and counted up; space is always reserved (no layout shift). */
export function CounterStrip({ items, threshold, durationMs, delayMs, start, ariaLabel, className, itemClassName, valueClassName, labelClassName }) {
  const visible = useScrolledPast(threshold);
  const progress = useCountUp(visible, durationMs, delayMs);
  return (
    <section aria-label={ariaLabel} data-visible={visible} className={className}>
      {items.map(({ end, suffix, label }) => (
        <div key={label} className={itemClassName}>
          <p className={valueClassName}>
            <span aria-hidden="true" data-counter-value="">{Math.round(start + (end - start) * easeOut(progress))}{suffix}</span>
            <span className="sr-only">{end}{suffix}</span>
          </p>
          <p className={labelClassName}>{label}</p>
        </div>
      ))}
    </section>
  );
}
