import { useEffect, useRef } from "react";

/**
 * A native modal <dialog>, shown as soon as it mounts: the browser's top layer puts it above the
 * sticky navigation and makes the page behind inert. Escape is swallowed: the only way on is the
 * Continue link, which gets the focus, unless the content marks where to start (`data-autofocus`:
 * the slot picker's heading, so a tall list is read from its top instead of scrolled to Continue).
 */
export function SuccessDialog({ dialogId, labelledBy, className, children }) {
  const dialog = useRef(null);
  useEffect(() => {
    const element = dialog.current;
    const keepOpen = (event) => event.preventDefault();
    element.addEventListener("cancel", keepOpen);
    if (!element.open) element.showModal();
    (element.querySelector("[data-autofocus]") ?? element.querySelector("a[href]"))?.focus();
    return () => element.removeEventListener("cancel", keepOpen);
  }, []);
  return <dialog ref={dialog} id={dialogId} aria-labelledby={labelledBy} className={className}>{children}</dialog>;
}
