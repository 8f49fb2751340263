import { useEffect, useRef } from "react";

/**
 * The menu below the xl breakpoint: a native <details> (it opens and closes before any script runs)
 * that also closes on Escape (focus back on its toggle), on a tap outside it and on choosing a link.
 * Its icon turns into a close icon while it is open (CSS on [open]).
 */
export function MobileMenu({ menuId, label, className, summaryClassName, panelClassName, children }) {
  const details = useRef(null);
  const summary = useRef(null);

  useEffect(() => {
    const closeOutside = (event) => {
      if (details.current?.open && !details.current.contains(event.target)) details.current.open = false;
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, []);

  const onKeyDown = (event) => {
    if (event.key !== "Escape" || !details.current.open) return;
    details.current.open = false;
    summary.current.focus();
  };
  const onClick = (event) => {
    if (event.target.closest("a")) details.current.open = false;
  };

  return (
    <details ref={details} id={menuId} className={className} onKeyDown={onKeyDown} onClick={onClick}>
      <summary ref={summary} className={summaryClassName}>
        <span className="sr-only">{label}</span>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="group-open:hidden"><path d="M4 7h16M4 12h16M4 17h16" /></svg>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="hidden group-open:block" data-icon="close"><path d="M6 6l12 12M18 6L6 18" /></svg>
      </summary>
      <div className={panelClassName}>{children}</div>
    </details>
  );
}
