import { useEffect, useId, useRef, useState } from "react";
import { sendChatMessage } from "./chat_send.js";

const ChatIcon = () => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="currentColor">
    <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18a8 8 0 0 1-4.1-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8 8 0 1 1 12 20z" />
  </svg>
);

/**
 * Chat: a bubble toggling a panel whose Send opens the chat app with the typed message. Opening
 * puts the focus on the message field; the panel's order (close, field, Send) is its tab order.
 */
export function ChatWidget({ texts, phoneDigits, classes }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const bubble = useRef(null);
  const input = useRef(null);
  const panelId = useId();
  const inputId = useId();

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    bubble.current?.focus();
  };
  const send = (event) => {
    event.preventDefault();
    const sent = sendChatMessage({ base: texts.linkBase, phoneDigits, text: message, invalidPhoneMessage: texts.invalidPhone });
    if (sent) setMessage("");
  };

  return (
    <div className={classes.root} onKeyDown={(event) => event.key === "Escape" && open && close()}>
      <div id={panelId} role="dialog" aria-label={texts.companyName} hidden={!open} className={classes.panel}>
        <div className={classes.header}>
          <div>
            <p className={classes.company}>{texts.companyName}</p>
            <p className={classes.replyTime}>{texts.replyTime}</p>
          </div>
          <button type="button" aria-label={texts.closeLabel} onClick={close} className={classes.close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M6 6l12 12M18 6L6 18" /></svg>
          </button>
        </div>
        <div className={classes.body}>
          <p className={classes.greeting}>{texts.greeting}</p>
        </div>
        <form onSubmit={send} className={classes.form}>
          <label htmlFor={inputId} className="sr-only">{texts.inputLabel}</label>
          <input ref={input} id={inputId} type="text" value={message} onChange={(event) => setMessage(event.target.value)} placeholder={texts.placeholder} required className={classes.input} />
          <button type="submit" className={classes.send}>{texts.sendLabel}</button>
        </form>
      </div>
      <button ref={bubble} type="button" aria-label={texts.openLabel} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)} className={classes.bubble}>
        <ChatIcon />
      </button>
    </div>
  );
}
