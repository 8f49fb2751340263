import { useRef, useState } from "react";

/** A menu disclosure: opens on hover or button, closes on mouse-leave, Escape, focus leaving or choosing a link. */
export function NavDropdown({ label, menuId, className, buttonClassName, menuClassName, children }) {
  const [open, setOpen] = useState(false);
  const button = useRef(null);

  const onKeyDown = (event) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  // A mouse click lands after hover already opened the menu, so only keyboard activation (detail 0) toggles.
  const onButtonClick = (event) => setOpen((value) => (event.detail === 0 ? !value : true));

  return (
    <li
      className={className}
      data-open={open}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={onKeyDown}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setOpen(false)}
      onClick={(event) => event.target.closest("a") && setOpen(false)}
    >
      <button ref={button} type="button" aria-expanded={open} aria-controls={menuId} onClick={onButtonClick} className={buttonClassName}>
        {label}
        <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" fill="currentColor" className="ms-1 transition-transform"><path d="M5 7l5 6 5-6z" /></svg>
      </button>
      <ul id={menuId} className={menuClassName}>{children}</ul>
    </li>
  );
}
