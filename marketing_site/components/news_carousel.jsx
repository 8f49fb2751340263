import { Children, useEffect, useState } from "react";

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Right to left the slides run from the right, so the track moves the other way. */
const trackOffset = (active) => {
  const rtl = typeof document !== "undefined" && document.documentElement.dir === "rtl";
  return active * 100 * (rtl ? 1 : -1);
};

/** Slides that ride on their own, pause while hovered, focused or paused by the button, with one indicator per slide. */
export function NewsCarousel({ ariaLabel, roleDescription, slideRoleDescription, intervalMs, indicatorLabels, pauseLabel, playLabel, className, trackClassName, slideClassName, controlsClassName, indicatorClassName, indicatorDotClassName, pauseClassName, children }) {
  const slides = Children.toArray(children);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;

  useEffect(() => {
    if (paused || prefersReducedMotion()) return undefined;
    const timer = setInterval(() => setActive((index) => (index + 1) % slides.length), intervalMs);
    return () => clearInterval(timer);
  }, [paused, intervalMs, slides.length]);

  return (
    <section
      aria-roledescription={roleDescription}
      aria-label={ariaLabel}
      data-paused={paused}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
      className={className}
    >
      <div className="overflow-hidden">
        <div className={trackClassName} style={{ transform: `translateX(${trackOffset(active)}%)` }} aria-live={paused ? "polite" : "off"}>
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription={slideRoleDescription}
              aria-label={`${index + 1} / ${slides.length}`}
              aria-hidden={index !== active}
              data-active={index === active}
              className={slideClassName}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className={controlsClassName}>
        {slides.map((_, index) => (
          <button
            key={index}
            type="button"
            aria-label={indicatorLabels[index]}
            aria-current={index === active ? "true" : undefined}
            onClick={() => setActive(index)}
            className={indicatorClassName}
          >
            <span aria-hidden="true" className={indicatorDotClassName} />
          </button>
        ))}
        <button type="button" aria-pressed={stopped} onClick={() => setStopped((value) => !value)} className={pauseClassName}>
          {stopped ? playLabel : pauseLabel}
        </button>
      </div>
    </section>
  );
}
