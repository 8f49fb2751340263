import { Children, useState } from "react";

/**
 * A looping strip showing `visible` items at a time, `gapPx` apart, moved by previous/next buttons.
 * Narrow screens may show fewer: `listClassName` sets `--visible` per breakpoint and hides the extra items.
 */
export function PartnerCarousel({ ariaLabel, roleDescription, visible, gapPx, previousLabel, nextLabel, className, listClassName, itemClassName, buttonClassName, children }) {
  const items = Children.toArray(children);
  const count = items.length;
  const [first, setFirst] = useState(0);
  const shown = Array.from({ length: Math.min(visible, count) }, (_, offset) => items[(first + offset) % count]);
  const move = (step) => setFirst((index) => (index + step + count) % count);
  const width = `calc((100% - (var(--visible, ${visible}) - 1) * ${gapPx}px) / var(--visible, ${visible}))`;

  return (
    <section aria-roledescription={roleDescription} aria-label={ariaLabel} className={className}>
      <button type="button" aria-label={previousLabel} onClick={() => move(-1)} className={buttonClassName}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" className="rtl:-scale-x-100"><path d="M15 5l-7 7 7 7" /></svg>
      </button>
      <ul className={listClassName} style={{ gap: `${gapPx}px` }} aria-live="polite">
        {shown.map((item) => (
          <li key={item.key} className={itemClassName} style={{ flex: `0 0 ${width}` }}>{item}</li>
        ))}
      </ul>
      <button type="button" aria-label={nextLabel} onClick={() => move(1)} className={buttonClassName}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" className="rtl:-scale-x-100"><path d="M9 5l7 7-7 7" /></svg>
      </button>
    </section>
  );
}
