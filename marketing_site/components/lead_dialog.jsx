import { useEffect, useRef } from "react";
import { browserInfo } from "./browser_info.js";

const FIELD = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * A button opening a native modal <dialog> that holds a lead form: the browser gives it the focus
 * trap, Escape and the backdrop. Opening starts the form (`onOpen` with the browser's info) and
 * puts the focus on its first field; `done` (the lead is stored) closes it so the success modal,
 * also in the top layer, is the one shown.
 */
export function LeadDialog({ dialogId, titleId, triggerId, triggerLabel, fallbackProduct, done, onOpen, className, triggerClassName, children }) {
  const dialog = useRef(null);

  const open = () => {
    dialog.current.showModal();
    dialog.current.querySelector(FIELD)?.focus();
    onOpen?.(browserInfo(fallbackProduct));
  };
  useEffect(() => {
    if (done && dialog.current?.open) dialog.current.close();
  }, [done]);

  return (
    <>
      <button type="button" id={triggerId} aria-haspopup="dialog" aria-controls={dialogId} onClick={open} className={triggerClassName}>
        {triggerLabel}
      </button>
      <dialog ref={dialog} id={dialogId} aria-labelledby={titleId} className={className}>
        {children}
      </dialog>
    </>
  );
}
