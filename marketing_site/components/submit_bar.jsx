import { useEffect, useRef, useState } from "react";
import { browserInfo } from "./browser_info.js";

/**
 * The end of a lead form: its message region and submit button, busy from the moment the form is
 * submitted (no server round trip), idle again when the server's answer arrives (`answered`
 * changes) or after `timeoutMs` without one, when the visitor is told plainly to press it again
 * (the state keeps one idempotency key per rendered form, so a retry never stores twice).
 * A second submit while busy is swallowed before Reflex sees it. After an answer with field
 * errors, the first invalid field gets the focus and is scrolled into view. `onStart` (page
 * forms) starts the form's state on mount; a dialog's form is started by its dialog instead.
 * `startToken` (the form's signed start) is kept and posted in the hidden field `startName`: a
 * server state lost meanwhile (Redis restarted, or a worker's memory) cannot clear it.
 */
export function SubmitBar({ onStart, answered, alert, startToken, startName, offline, label, busyLabel, cancelLabel, texts, timeoutMs, className, alertClassName, noticeClassName, buttonClassName, cancelClassName }) {
  const [busy, setBusy] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const bar = useRef(null);
  const timer = useRef(undefined);
  const busyRef = useRef(false);
  const seenAnswer = useRef(answered);
  const keptStart = useRef("");
  if (startToken) keptStart.current = startToken;

  // A form on a page starts (timing trap, idempotency key) once it is on screen.
  useEffect(() => { onStart?.(browserInfo()); }, []);

  useEffect(() => {
    const form = bar.current?.closest("form");
    if (!form) return undefined;
    // At the form itself, before React's root listener: a submit while busy never reaches Reflex.
    const onSubmit = (event) => {
      if (busyRef.current) {
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
      busyRef.current = true;
      setBusy(true);
      setTimedOut(false);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        busyRef.current = false;
        setBusy(false);
        setTimedOut(true);
      }, timeoutMs);
    };
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("submit", onSubmit);
      window.clearTimeout(timer.current);
    };
  }, [timeoutMs]);

  useEffect(() => {
    if (answered === seenAnswer.current) return;
    seenAnswer.current = answered;
    // Not waiting (e.g. the state arriving on page load): nothing to end, no focus to move.
    if (!busyRef.current && !timedOut) return;
    window.clearTimeout(timer.current);
    busyRef.current = false;
    setBusy(false);
    setTimedOut(false);
    const invalid = bar.current?.closest("form")?.querySelector('[aria-invalid="true"]');
    if (invalid) {
      invalid.scrollIntoView({ block: "center", behavior: "instant" });
      invalid.focus({ preventScroll: true });
    }
  }, [answered]);

  // Offline while sending is a calm notice (the request goes out on reconnect); the rest are errors.
  const [title, message, look] = timedOut ? [texts.title, texts.timeout, alertClassName]
    : busy && offline ? ["", texts.offline, noticeClassName]
    : alert ? [texts.title, alert, alertClassName] : ["", "", ""];
  const closeDialog = (event) => event.currentTarget.closest("dialog")?.close();

  return (
    <div ref={bar} className={className}>
      {startName ? <input type="hidden" name={startName} value={keptStart.current} readOnly /> : null}
      <div role="alert" aria-live="assertive" aria-atomic="true">
        {message ? (
          <div className={look}>
            {title ? <p className="font-semibold">{title}</p> : null}
            <p>{message}</p>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {cancelLabel ? <button type="button" onClick={closeDialog} className={cancelClassName}>{cancelLabel}</button> : null}
        <button type="submit" aria-disabled={busy ? "true" : undefined} className={buttonClassName}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </div>
  );
}
